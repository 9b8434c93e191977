"""The main window's File menu: New, Open (a graph, or a Jupyter notebook traced in a
worker with a Cancel button and opened with its lesson), Open Recent, the examples, Save,
Save As, the recent-files list (kept in QSettings), Import PyTorch Script (traced in a
worker too) and the exports (a PyTorch script, a notebook, the canvas as a picture).
A notebook or script not picked in a dialog just now asks before it runs (``trust``). A
mixin of ``MainWindow``: it uses the window's ``session``, ``settings``, ``canvas``,
``docks``, ``show_error``, ``ask_*`` and ``statusBar()``."""
import os
import weakref
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gradstudio.document import Document, export, files
from gradstudio.document.examples import EXAMPLES_DIR, TITLES
from gradstudio.ui import export_prints, loading, recovery, save_guard, trust
from gradstudio.ui.tasks import Task

__all__ = ["WindowFiles", "example_paths", "example_title", "EXTENSION", "GRAPH_FILTER",
           "OPEN_FILTER", "NOTEBOOK_FILTER", "SCRIPT_FILTER", "MAX_RECENT"]

EXTENSION = files.EXTENSION
# notebook_trace.NOTEBOOK_SUFFIX; the tracer it imports (and its subprocess) is imported
# when a notebook or a script is first opened, not with the window
NOTEBOOK_SUFFIX = ".ipynb"
GRAPH_FILTER = f"GradStudio graphs (*{EXTENSION})"
OPEN_FILTER = f"GradStudio graphs and notebooks (*{EXTENSION} *{NOTEBOOK_SUFFIX})"
NOTEBOOK_FILTER = f"Jupyter notebooks (*{NOTEBOOK_SUFFIX})"
SCRIPT_SUFFIX = ".py"
SCRIPT_FILTER = f"Python scripts (*{SCRIPT_SUFFIX})"
MAX_RECENT = 10
_STOCK = QMessageBox.StandardButton


def _notebook_exporter():
    """``export_notebook(doc, result)``, or None while this build has no notebook export."""
    try:
        from gradstudio.document.notebook_export import export_notebook
    except ImportError:
        return None
    return export_notebook


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


class WindowFiles:
    """File commands of the main window (see the module's docstring)."""

    # ================================================================== documents
    def maybe_save(self):
        """True when the current document may be replaced (saved, discarded or clean)."""
        if not self.session.is_modified:
            return True
        answer = self.ask_save_changes()
        if answer == _STOCK.Save:
            return self.save()
        return answer == _STOCK.Discard

    def set_document(self, doc, path="", name="Untitled", unsaved=False, result=None):
        self.untitled_name = name
        self.session.set_document(doc, str(path) if path else "", unsaved=unsaved,
                                  result=result)
        self._update_title()
        self._canvas_call("fit_to_view")

    def new_document(self):
        if self.maybe_save():
            self.set_document(Document())
            return True
        return False

    def open_file(self, path=None):
        """Opens a graph file or a Jupyter notebook (asks for one without ``path``); a
        script given by ``path`` is imported. A file that cannot be read leaves the open
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
            path = self.ask_open_path("Open Graph or Notebook — a notebook's cells will be "
                                      "run", OPEN_FILTER)
            if not path:
                return False
        path = Path(path)
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
        task = loading.start_loading(path, self)
        task.succeeded.connect(lambda loaded: self._opened(path, *loaded))
        task.failed.connect(lambda exc: self._open_failed(path, exc))
        task.cancelled.connect(lambda: self.statusBar().showMessage(
            f"Opening {path.name} was cancelled; the open graph is unchanged.", 5000))
        self.task = task
        return task

    def _opened(self, path, doc, result=None):
        self.set_document(doc, path.resolve(), result=result)
        self.add_recent(path)
        self._show_notebook_lesson(doc)

    def _show_notebook_lesson(self, doc):
        """Raises the Lesson dock for a graph traced from a notebook (opened or restored)."""
        if doc.lesson is not None and doc.lesson.code_cells():
            self.show_lesson()

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
            self.show_error("Could not open the notebook",
                            f"“{path.name}” could not be read ({exc.strerror or exc}).")
            if not path.exists():
                self._remove_recent(path)
            return False
        if not trust.may_run(self, path, data, chosen):
            return self._not_run(path)
        from gradstudio.document.notebook_trace import trace_notebook
        task = Task(lambda token: trace_notebook(data, path.name, should_cancel=token),
                    "Open Notebook", f"Running the cells of “{path.name}” to trace the "
                    "tensors they compute…", self)
        task.succeeded.connect(lambda doc: self._notebook_opened(path, doc))
        task.failed.connect(lambda exc: self.show_error(
            "Could not open the notebook", _notebook_problem(path, exc)))
        task.cancelled.connect(lambda: self.statusBar().showMessage(
            f"Opening {path.name} was cancelled; the open graph is unchanged.", 5000))
        self.task = task
        task.start()
        return task

    def _notebook_opened(self, path, doc):
        self.set_document(doc, "", name=f"{path.stem} (notebook)", unsaved=True)
        if doc.trace_note:
            self.show_error("Part of the notebook is recorded",
                            f"{path.name}: {doc.trace_note}")
        self.add_recent(path)
        self.show_lesson()
        cells = doc.lesson.cells if doc.lesson is not None else ()
        failed = sum(1 for c in cells if c.is_code and c.error)
        self.statusBar().showMessage(
            f"Traced {path.name}: {len(doc.node_ids)} nodes from "
            f"{sum(1 for c in cells if c.is_code)} code cells"
            + (f"; {failed} cell{'s' * (failed != 1)} raised an error, shown in the Lesson "
               "panel" if failed else "") + ".", 10000)

    def show_lesson(self):
        """Shows the Lesson panel in front of its tab group."""
        dock = self.docks["lesson"]
        dock.show()
        dock.raise_()

    def _open_failed(self, path, exc):
        self.show_error("Could not open the graph", self._file_problem(
            exc, f"“{path.name}” could not be opened: {exc}"))
        if not path.exists():
            self._remove_recent(path)
        return False

    # ================================================================== crash recovery
    def _start_autosave(self):
        """Unsaved work goes to a recovery file a few seconds after the first change,
        then every minute (see ``recovery``); the file on disk is stamped whenever the
        window's path is set, for Save to see whether someone changed it meanwhile."""
        window = weakref.ref(self)        # the autosaver is the window's: it must not
        self.autosaver = recovery.Autosaver(  # hold the window
            self.session, lambda: window()._recovery_description(), self)
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
        return self.session.path, self._document_name()

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
                self.show_error("Could not restore the graph", str(exc))
                return answer
            path = newest.file if newest.file and Path(newest.file).parent.is_dir() else ""
            name = newest.title if not path else "Untitled"
            self.set_document(doc, path, name=name, unsaved=True)
            self._show_notebook_lesson(doc)
            recovery.discard(newest)
            self.statusBar().showMessage(f"Restored {newest.describe()}; save it to keep it.",
                                         15000)
        elif answer == "discard":
            for entry in found:
                recovery.discard(entry)
        return answer

    def ask_restore(self, newest, others):
        """Restore, Discard or Later for unsaved work a crashed window left."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Restore unsaved work?")
        box.setTextFormat(Qt.TextFormat.PlainText)   # (a file's name is never HTML)
        more = (f" {others} more can be restored at the next start." if others else "")
        box.setText(f"GradStudio did not close properly. Unsaved work on "
                    f"{newest.describe()} can be restored.{more}")
        restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Later", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restore)
        box.exec()
        clicked = box.clickedButton()
        return "restore" if clicked is restore else "discard" if clicked is discard else "later"

    def open_example(self, path):
        """Opens a bundled example as a new, untitled graph (Save asks for a name)."""
        if not self.maybe_save():
            return False
        try:
            doc = files.load(path)
        except Exception as exc:  # noqa: BLE001
            self.show_error("Could not open the example", self._file_problem(
                exc, f"The example “{Path(path).name}” could not be opened: {exc}"))
            return False
        self.set_document(doc, "", name=f"{example_title(path)} (example)")
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
            path = self.ask_save_path("Save Graph As", GRAPH_FILTER,
                                      self._suggested_name() + EXTENSION)
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
        return save_guard.ask_overwrite(self, reason)

    def _write_document(self, path):
        try:
            files.save(self.session.document, path)
        except Exception as exc:  # noqa: BLE001
            self.show_error("Could not save the graph", self._file_problem(
                exc, f"“{Path(path).name}” was not saved ({exc}); the graph is still open, "
                     "so try another folder or name."))
            return False
        self.session.mark_saved()
        self._disk_stamp = save_guard.stamp_of(path)   # (Save As: stamped again after)
        self.autosaver.save_now()         # saved: its recovery file goes
        self._update_title()
        self.add_recent(path)
        self.statusBar().showMessage(f"Saved {Path(path).name}", 4000)
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

    def _fill_recent_menu(self):
        menu = self.recent_menu
        menu.clear()
        items = self.recent_files()
        for i, p in enumerate(items, 1):
            act = menu.addAction(f"&{i % 10}  {Path(p).name}")
            act.setStatusTip(p)
            act.setData(p)
            act.triggered.connect(self._guard(lambda _=False, p=p: self.open_file(p),
                                              "Open recent file"))
        if items:
            menu.addSeparator()
        clear = menu.addAction("Clear Recent Files")
        clear.setEnabled(bool(items))
        clear.triggered.connect(self.clear_recent)

    def _last_dir(self):
        return str(self.settings.value("last_dir", str(Path.home())))

    # ================================================================== import & export
    def export_script(self, path=None):
        """Writes the graph as a PyTorch script. One that would print nothing is said so
        first, with the choice to print the graph's outputs (``ask_print_outputs``)."""
        outputs = export_prints.outputs_to_print(self.session)
        if outputs:
            doc = self.session.document
            answer = self.ask_print_outputs([doc.display_name(n) for n in outputs])
            if answer is None:
                return False
            if answer == export_prints.PRINT:
                export_prints.watch(self.session, outputs)

        def write(target):
            script = export.export_script(self.session.document, self.session.result)
            files.write_atomically(target, script.text.encode("utf-8"))
        return self._export("script", "Export PyTorch Script", SCRIPT_FILTER, ".py", path, write)

    def ask_print_outputs(self, names):
        """"print", "as_is" or None for a script that would print nothing (tests
        replace this)."""
        return export_prints.ask_print_outputs(self, names)

    def export_notebook(self, path=None):
        """Writes the graph (with its lesson's text, if any) as a Jupyter notebook."""
        exporter = _notebook_exporter()
        if exporter is None:
            self.show_error("Could not export the notebook",
                            "Export Notebook is not available in this build yet.")
            return False

        def write(target):
            text = exporter(self.session.document, self.session.result)
            files.write_atomically(target, text.encode("utf-8"))
        name = self._suggested_name()
        lesson = self.session.document.lesson
        if lesson is not None and Path(lesson.name).stem == name:   # not over the notebook
            name += "_gradstudio"
        return self._export("notebook", "Export Notebook", NOTEBOOK_FILTER, NOTEBOOK_SUFFIX,
                            path, write, name)

    def export_png(self, path=None):
        return self._export_canvas(path, "png", "PNG images (*.png)")

    def export_svg(self, path=None):
        return self._export_canvas(path, "svg", "SVG drawings (*.svg)")

    def _export_canvas(self, path, fmt, file_filter):
        def write(target):
            ok = getattr(self.canvas, f"render_{fmt}")(str(target))
            if ok is False or not Path(target).is_file() or Path(target).stat().st_size == 0:
                raise OSError("nothing could be written there")
        return self._export("canvas", f"Export Canvas as {fmt.upper()}", file_filter,
                            f".{fmt}", path, write)

    def _export(self, what, caption, file_filter, suffix, path, write, name=None):
        """Asks where to write (unless ``path`` is given; the name ``name`` suggested),
        calls ``write(path)`` and says how it went; True when the file was written."""
        if path is None:
            path = self.ask_save_path(caption, file_filter,
                                      (name or self._suggested_name()) + suffix)
            if not path:
                return False
        try:
            write(path)
        except Exception as exc:  # noqa: BLE001
            self.show_error(f"Could not export the {what}",
                            f"“{Path(path).name}” was not written ({exc}); try another "
                            "folder or name.")
            return False
        self.statusBar().showMessage(f"Exported {Path(path).name}", 4000)
        return True

    def import_script(self, path=None):
        """Runs a PyTorch script with GradStudio's engine (in a worker thread, with a
        Cancel button) and opens the traced graph as a new, untitled document."""
        if self.task is not None and self.task.running:
            return None
        if not self.maybe_save():
            return None
        chosen = path is None                 # (picked in the dialog just now)
        if path is None:
            path = self.ask_open_path("Import PyTorch Script — the script will be run",
                                      SCRIPT_FILTER)
            if not path:
                return None
        path = Path(path)
        try:
            data = path.read_bytes()
            source = data.decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.show_error("Could not import the script",
                            f"“{path.name}” could not be read: {exc}")
            return None
        if not trust.may_run(self, path, data, chosen):
            return self._not_run(path)
        from gradstudio.document import trace
        task = Task(lambda token: trace.trace(source, should_cancel=token, filename=path.name),
                    "Import PyTorch Script",
                    f"Running “{path.name}” to trace the tensors it computes…", self)
        task.succeeded.connect(lambda result: self._on_traced(path, result))
        task.failed.connect(lambda exc: self.show_error(
            "Could not import the script", f"Tracing “{path.name}” failed: {exc}"))
        task.cancelled.connect(lambda: self.statusBar().showMessage(
            f"Import of {path.name} cancelled; nothing changed.", 5000))
        self.task = task
        task.start()
        return task

    def _not_run(self, path):
        """The user declined to run ``path``: nothing opened, nothing ran."""
        self.statusBar().showMessage(f"{path.name} was not run; the open graph is "
                                     "unchanged.", 10000)
        return None

    def _on_traced(self, path, result):
        doc = getattr(result, "document", result)
        self.set_document(doc, "", name=f"{path.stem} (imported)", unsaved=True)
        self.statusBar().showMessage(f"Imported {path.name}", 5000)
        if doc.trace_note:
            self.show_error("Part of the script is recorded", f"{path.name}: {doc.trace_note}")


def _notebook_problem(path, exc):
    """Why a notebook did not open, in one sentence naming it."""
    text = str(exc).strip() or type(exc).__name__
    return text if path.name in text else f"“{path.name}” could not be opened: {text}"
