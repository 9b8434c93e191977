"""The main window's File menu: New, Open (a graph, or a Jupyter notebook traced in a
worker with a Cancel button and opened with its lesson), Open Recent, the examples, Save,
Save As, the recent-files list (kept in QSettings), crash recovery and Import PyTorch
Script (traced in a worker too); the exports are ``window_exports``'. A notebook or script
not picked in a dialog just now asks before it runs (``trust``).

``WindowFiles`` is an object of its own, made by the window with its collaborators: the
``session``, the ``settings``, the ``canvas`` it fits after an open, and the window itself
(held weakly: the window holds this object), for what it asks of it (``FileHost``)."""
import os
import weakref
from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QMessageBox

from gradstudio.document import Document, files
from gradstudio.document.examples import EXAMPLES_DIR, TITLES
from gradstudio.ui import loading, recovery, save_guard, script_import, trust
from gradstudio.ui.tasks import Task
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, Number, translate

__all__ = ["WindowFiles", "FileHost", "file_problem", "example_paths", "example_title",
           "EXTENSION", "GRAPH_FILTER", "OPEN_FILTER", "NOTEBOOK_FILTER", "SCRIPT_FILTER",
           "MAX_RECENT"]

EXTENSION = files.EXTENSION
# notebook_trace.NOTEBOOK_SUFFIX; the tracer it imports (and its subprocess) is imported
# when a notebook or a script is first opened, not with the window
NOTEBOOK_SUFFIX = ".ipynb"
# (file dialogs' filters: translated where a dialog shows them, ``MainWindow.ask_*_path``)
GRAPH_FILTER = QT_TRANSLATE_NOOP("FileFilters", "GradStudio graphs (*.gsg)")
OPEN_FILTER = QT_TRANSLATE_NOOP("FileFilters", "GradStudio graphs, notebooks and PyTorch scripts "
                                "(*.gsg *.ipynb *.py)")
NOTEBOOK_FILTER = QT_TRANSLATE_NOOP("FileFilters", "Jupyter notebooks (*.ipynb)")
SCRIPT_SUFFIX = ".py"
SCRIPT_FILTER = QT_TRANSLATE_NOOP("FileFilters", "Python scripts (*.py)")
MAX_RECENT = 10
_STOCK = QMessageBox.StandardButton


def example_paths():
    """Every bundled example, the autograd tutorial first."""
    paths = sorted(Path(EXAMPLES_DIR).glob(f"*{EXTENSION}"))
    return sorted(paths, key=lambda p: (0 if "tutorial" in p.stem.lower() else 1, p.name))


def example_title(path):
    """A bundled example's title (``examples.TITLES``: ``05_retain_graph.gsg`` ->
    ``retain_graph``); another file's name in words (``09_my_lesson.gsg`` -> ``My
    lesson``)."""
    if Path(path).stem in TITLES:
        return TITLES[Path(path).stem]
    stem = Path(path).stem.lstrip("0123456789_- ").replace("_", " ").strip()
    return (stem[:1].upper() + stem[1:]) if stem else Path(path).stem


def file_problem(exc, otherwise):
    """What went wrong with a file, naming it once. A ``FileError`` says it all and
    starts with the path it was given (often a long one): its message is used, with
    the file's name. Anything else reads ``otherwise``."""
    if not isinstance(exc, files.FileError):
        return otherwise
    where = f"{exc.place}: " if exc.place else ""
    return f"{Path(exc.source).name}: {where}{exc.detail}"


class FileHost(Protocol):
    """What ``WindowFiles`` asks of its window (``MainWindow`` is one): the questions
    (tests replace them), the status bar, the title, the Lesson panel, the guard that
    turns a failing menu command into a message; and it is the parent of the dialogs
    and the tasks the files start."""

    def ask_save_changes(self): ...
    def ask_open_path(self, caption, file_filter): ...
    def ask_save_path(self, caption, file_filter, suggested): ...
    def show_error(self, title, text): ...
    def show_notice(self, title, text): ...
    def statusBar(self): ...
    def update_title(self, *_): ...
    def show_lesson(self): ...
    def guard(self, slot, what): ...


class WindowFiles:
    """File commands of the main window (see the module's docstring). ``task`` is the
    worker opening a notebook, a big file or a script (None, or finished, when none
    runs); ``untitled_name`` names a document that has no file; ``autosaver`` exists
    once ``start_autosave`` ran; the Open Recent menu is the one given to
    ``attach_recent_menu``."""

    def __init__(self, session, settings, canvas, window: FileHost):
        self.session = session
        self.settings = settings
        self.canvas = canvas
        self._window = weakref.ref(window)
        self.untitled_name = translate("WindowFiles", "Untitled")
        self.task = None
        self.autosaver = None
        self.recent_menu = None
        self._disk_stamp = None

    @property
    def window(self) -> FileHost:
        """The window these are the file commands of."""
        return self._window()

    def status(self, text, ms):
        """Shows ``text`` in the window's status bar for ``ms`` milliseconds."""
        self.window.statusBar().showMessage(text, ms)

    def document_name(self):
        """The open document's name: its file's, else ``untitled_name``."""
        return Path(self.session.path).name if self.session.path else self.untitled_name

    def suggested_name(self):
        """A file name for Save As and the exports: ``detach_and_no_grad`` while the
        example ``detach and no_grad (example)`` is open."""
        return Path(self.document_name()).stem.split(" (")[0].replace(" ", "_")

    # ================================================================== documents
    def maybe_save(self):
        """True when the current document may be replaced (saved, discarded or clean)."""
        if not self.session.is_modified:
            return True
        answer = self.window.ask_save_changes()
        if answer == _STOCK.Save:
            return self.save()
        return answer == _STOCK.Discard

    def set_document(self, doc, path="", name="Untitled", unsaved=False, result=None):
        self.untitled_name = name
        self.session.set_document(doc, str(path) if path else "", unsaved=unsaved,
                                  result=result)
        self.window.update_title()
        self.canvas.fit_to_view()

    def new_document(self):
        if self.maybe_save():
            self.set_document(Document())
            return True
        return False

    def open_file(self, path=None):
        """Opens a graph file or a Jupyter notebook (asks for one without ``path``); a
        PyTorch script, given or picked, is traced as Import PyTorch Script does. A file that cannot be read leaves the open
        document as it was and says why. A notebook is traced, and a big file read and
        run, in a worker (see ``loading``): the ``Task`` is returned and the document
        appears when it succeeds. A notebook or script not picked in the dialog runs
        only once the user allows it (``trust``)."""
        chosen = path is None                 # (picked in the dialog just now: no
        if not chosen and Path(path).suffix.lower() == SCRIPT_SUFFIX:  # trust question)
            return self.import_script(path)
        if not self.maybe_save():
            return False
        if path is None:
            path = self.window.ask_open_path(translate("WindowFiles", "Open Graph, Notebook or Script — a "
                                             "notebook's cells or a script will be run"), OPEN_FILTER)
            if not path:
                return False
        path = Path(path)
        if path.suffix.lower() == SCRIPT_SUFFIX:       # (picked in the dialog: traced)
            return script_import.trace_script(self, path, chosen)
        if path.suffix.lower() == NOTEBOOK_SUFFIX:
            return self._open_notebook(path, chosen)
        if loading.in_background(path):
            return self._open_in_background(path)
        try:
            doc = files.load(path)
        except Exception as exc:  # noqa: BLE001 - any defect in a file is the user's news
            return self._open_failed(path, exc)
        self._opened(path, doc)
        return True

    def _open_in_background(self, path):
        """Reads and runs a big file in a worker (progress dialog, Cancel); the open
        document stays as it is until the new one is ready. Returns the ``Task``."""
        if self.task is not None and self.task.running:
            return None
        task = loading.start_loading(path, self.window)
        task.succeeded.connect(lambda loaded: self._opened(path, *loaded))
        task.failed.connect(lambda exc: self._open_failed(path, exc))
        task.cancelled.connect(lambda: self.status(
            translate("WindowFiles", "Opening {name} was cancelled; the open graph is unchanged.").format(name=path.name), 5000))
        self.task = task
        return task

    def _opened(self, path, doc, result=None):
        self.set_document(doc, path.resolve(), result=result)
        self.add_recent(path)
        self._show_notebook_lesson(doc)

    def _show_notebook_lesson(self, doc):
        """Raises the Lesson dock for a graph traced from a notebook (opened or restored)."""
        if doc.lesson is not None and doc.lesson.code_cells():
            self.window.show_lesson()

    def _open_notebook(self, path, chosen=False):
        """Traces a notebook's cells in a worker (progress dialog, Cancel) and opens the
        graph as a new, unsaved document with the notebook as its lesson, the Lesson
        panel raised. Returns the ``Task``; the open document stays as it is until the
        new one is ready, and stays for good if the notebook cannot be traced or the
        user declines to run it (asked unless ``chosen`` in the dialog, see ``trust``)."""
        if self.task is not None and self.task.running:
            return None
        try:
            data = path.read_bytes()
        except OSError as exc:
            self.window.show_error(translate("WindowFiles", "Could not open the notebook"),
                                   translate("WindowFiles", "“{name}” could not be read ({v}).").format(name=path.name, v=exc.strerror or exc))
            if not path.exists():
                self._remove_recent(path)
            return False
        if not trust.may_run(self.window, path, data, chosen):
            return self.not_run(path)
        from gradstudio.document.notebook_trace import trace_notebook
        task = Task(lambda token: trace_notebook(data, path.name, should_cancel=token),
                    translate("WindowFiles", "Open Notebook"), translate("WindowFiles", "Running the cells of “{name}” to trace the "
                    "tensors they compute…").format(name=path.name), self.window)
        task.succeeded.connect(lambda doc: self._notebook_opened(path, doc))
        task.failed.connect(lambda exc: self.window.show_error(
            translate("WindowFiles", "Could not open the notebook"), _notebook_problem(path, exc)))
        task.cancelled.connect(lambda: self.status(
            translate("WindowFiles", "Opening {name} was cancelled; the open graph is unchanged.").format(name=path.name), 5000))
        self.task = task
        task.start()
        return task

    def _notebook_opened(self, path, doc):
        self.set_document(doc, "", name=translate("WindowFiles", "{stem} (notebook)").format(stem=path.stem), unsaved=True)
        if doc.trace_note:
            self.window.show_notice(translate("WindowFiles", "Part of the notebook is recorded"),
                                    f"{path.name}: {doc.trace_note}")
        self.add_recent(path)
        self.window.show_lesson()
        cells = doc.lesson.cells if doc.lesson is not None else ()
        failed = sum(1 for c in cells if c.is_code and c.error)
        self.status(
            translate("WindowFiles", "Traced {name}: {v} nodes from "
            "{v2} code cells").format(name=path.name, v=Number(len(doc.node_ids)), v2=Number(sum(1 for c in cells if c.is_code)))
            + ((translate("WindowFiles", "; {failed} cells raised an error, shown in the Lesson "
               "panel") if failed != 1 else translate("WindowFiles", "; {failed} cell raised an "
               "error, shown in the Lesson panel")).format(failed=failed) if failed else "") + ".", 10000)

    def _open_failed(self, path, exc):
        self.window.show_error(translate("WindowFiles", "Could not open the graph"), file_problem(
            exc, translate("WindowFiles", "“{name}” could not be opened: {exc}").format(name=path.name, exc=exc)))
        if not path.exists():
            self._remove_recent(path)
        return False

    # ================================================================== crash recovery
    def start_autosave(self):
        """Unsaved work goes to a recovery file a few seconds after the first change,
        then every minute (see ``recovery``); the file on disk is stamped whenever the
        window's path is set, for Save to see whether someone changed it meanwhile."""
        me = weakref.ref(self)            # the autosaver is the window's: it must not
        self.autosaver = recovery.Autosaver(  # hold the window (nor this)
            self.session, lambda: me()._recovery_description(), self.window)
        self.session.document_replaced.connect(self.autosaver.save_now)
        self._stamp_file()
        self.session.path_changed.connect(self._stamp_file)

    def _stamp_file(self, *_):
        """Remembers the open file as it is on disk now (see ``save_guard``)."""
        path = self.session.path
        self._disk_stamp = save_guard.stamp_of(path) if path else None

    def clean_temporaries(self):
        """Removes the temporary files a save killed half-way left (only ours, by their
        names, and only once their writer is gone) in the recovery folder and the
        folders of the recently used files; returns the paths removed."""
        folders = [recovery.recovery_dir()] + [Path(p).parent for p in self.recent_files()]
        return files.remove_stale_temporaries(folders)

    def _recovery_description(self):
        return self.session.path, self.document_name()

    def offer_recovery(self):
        """After a crash or a kill: offers the newest graph a window left unsaved
        (Restore / Discard / Later). A restored graph opens unsaved, under its own
        file's name, so Save writes it back there. Returns what the user chose, or None
        when there was nothing to offer."""
        self.clean_temporaries()
        found = recovery.orphans()
        if not found:
            return None
        newest = found[0]
        answer = self.ask_restore(newest, len(found) - 1)
        if answer == "restore":
            try:
                doc = files.loads(newest.text, source=newest.describe())
            except files.FileError as exc:
                self.window.show_error(translate("WindowFiles", "Could not restore the graph"), str(exc))
                return answer
            path = newest.file if newest.file and Path(newest.file).parent.is_dir() else ""
            name = newest.title if not path else translate("WindowFiles", "Untitled")
            self.set_document(doc, path, name=name, unsaved=True)
            self._show_notebook_lesson(doc)
            recovery.discard(newest)
            self.status(translate("WindowFiles", "Restored {v}; save it to keep it.").format(v=newest.describe()), 15000)
        elif answer == "discard":
            for entry in found:
                recovery.discard(entry)
        return answer

    def ask_restore(self, newest, others):
        """Restore, Discard or Later for unsaved work a crashed window left (tests
        replace this)."""
        return recovery.ask_restore(self.window, newest, others)

    def open_example(self, path):
        """Opens a bundled example as a new, untitled graph (Save asks for a name)."""
        if not self.maybe_save():
            return False
        try:
            doc = files.load(path)
        except Exception as exc:  # noqa: BLE001
            self.window.show_error(translate("WindowFiles", "Could not open the example"), file_problem(
                exc, translate("WindowFiles", "The example “{name}” could not be opened: {exc}").format(name=Path(path).name, exc=exc)))
            return False
        self.set_document(doc, "", name=translate("WindowFiles", "{v} (example)").format(v=example_title(path)))
        return True

    def save(self):
        if not self.session.path:
            return self.save_as()
        answer = self._may_replace(self.session.path)
        if answer == save_guard.SAVE_AS:
            return self.save_as()
        if answer == save_guard.CANCEL:
            return False
        return self._write_document(self.session.path)

    def save_as(self, path=None):
        if path is None:
            path = self.window.ask_save_path(translate("WindowFiles", "Save Graph As"), GRAPH_FILTER,
                                             self.suggested_name() + EXTENSION)
            if not path:
                return False
        path = Path(path)
        if path.suffix != EXTENSION:
            path = path.with_name(path.name + EXTENSION)
        answer = self._may_replace(path)
        if answer == save_guard.SAVE_AS:
            return self.save_as()
        if answer == save_guard.CANCEL:
            return False
        if not self._write_document(path):
            return False
        self.session.path = str(path.resolve())
        self.session.path_changed.emit(self.session.path)
        return True

    def _may_replace(self, path):
        """``save_guard.OVERWRITE`` when ``path`` may be written; when it changed on disk
        since this window opened or saved it, or is read-only, what the user answers."""
        own = bool(self.session.path) and \
            os.path.realpath(path) == os.path.realpath(self.session.path)
        reason = save_guard.conflict(os.path.realpath(path), self._disk_stamp, own)
        return save_guard.OVERWRITE if reason is None else self.ask_overwrite(reason)

    def ask_overwrite(self, reason):
        """Overwrite, Save As… or Cancel (tests replace this)."""
        return save_guard.ask_overwrite(self.window, reason)

    def _write_document(self, path):
        try:
            files.save(self.session.document, path)
        except Exception as exc:  # noqa: BLE001
            self.window.show_error(translate("WindowFiles", "Could not save the graph"), file_problem(
                exc, translate("WindowFiles", "“{name}” was not saved ({exc}); the graph is still open, "
                     "so try another folder or name.").format(name=Path(path).name, exc=exc)))
            return False
        self.session.mark_saved()
        self._disk_stamp = save_guard.stamp_of(path)   # (Save As: stamped again after)
        self.autosaver.save_now()         # saved: its recovery file goes
        self.window.update_title()
        self.add_recent(path)
        self.status(translate("WindowFiles", "Saved {name}").format(name=Path(path).name), 4000)
        return True

    # ================================================================== recent files
    def recent_files(self):
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):
            value = [value] if value else []
        return [str(v) for v in (value or [])]

    def add_recent(self, path):
        path = str(Path(path).resolve())
        items = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent_files", items[:MAX_RECENT])
        self.settings.setValue("last_dir", str(Path(path).parent))
        self._fill_recent_menu()

    def _remove_recent(self, path):
        path = str(Path(path).resolve())
        self.settings.setValue("recent_files", [p for p in self.recent_files() if p != path])
        self._fill_recent_menu()

    def clear_recent(self):
        self.settings.setValue("recent_files", [])
        self._fill_recent_menu()

    def attach_recent_menu(self, menu):
        """``menu`` (File ▸ Open Recent) lists the recent files, filled as it opens."""
        self.recent_menu = menu
        menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()

    def _fill_recent_menu(self):
        menu = self.recent_menu
        if menu is None:
            return
        menu.clear()
        items = self.recent_files()
        for i, p in enumerate(items, 1):
            act = menu.addAction(f"&{i % 10}  {Path(p).name}")
            act.setStatusTip(p)
            act.setData(p)
            act.triggered.connect(self.window.guard(lambda _=False, p=p: self.open_file(p),
                                              translate("WindowFiles", "Open recent file")))
        if items:
            menu.addSeparator()
        clear = menu.addAction(translate("WindowFiles", "Clear Recent Files"))
        clear.setEnabled(bool(items))
        clear.triggered.connect(self.clear_recent)

    def last_dir(self):
        """The folder the file dialogs start in (the last one used)."""
        return str(self.settings.value("last_dir", str(Path.home())))

    # ================================================================== import
    def import_script(self, path=None):
        """Runs a PyTorch script with GradStudio's engine (in a worker thread, with a
        Cancel button) and opens the traced graph as a new, untitled document."""
        if self.task is not None and self.task.running:
            return None
        if not self.maybe_save():
            return None
        chosen = path is None                 # (picked in the dialog just now)
        if path is None:
            path = self.window.ask_open_path(translate("WindowFiles", "Import PyTorch Script — the script will be run"),
                                             SCRIPT_FILTER)
            if not path:
                return None
        return script_import.trace_script(self, Path(path), chosen)

    def import_data(self, path=None):
        """File ▸ Import Data…: a CSV or .npy file as a data node (``import_data``)."""
        from gradstudio.ui.import_data import import_data
        return import_data(self.window, path)

    def not_run(self, path):
        """The user declined to run ``path``: nothing opened, nothing ran."""
        self.status(translate("WindowFiles", "{name} was not run; the open graph is unchanged.").format(name=path.name), 10000)

    def on_traced(self, path, result):
        doc = getattr(result, "document", result)
        self.set_document(doc, "", name=translate("WindowFiles", "{stem} (imported)").format(stem=path.stem), unsaved=True)
        self.status(translate("WindowFiles", "Imported {name}").format(name=path.name), 5000)
        if doc.trace_note:
            self.window.show_notice(translate("WindowFiles", "Part of the script is recorded"),
                                   f"{path.name}: {doc.trace_note}")


def _notebook_problem(path, exc):
    """Why a notebook did not open, in one sentence naming it."""
    text = str(exc).strip() or type(exc).__name__
    return text if path.name in text else translate("WindowFiles", "“{name}” could not be opened: {text}").format(name=path.name, text=text)
