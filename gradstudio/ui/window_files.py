"""The main window's File menu: New, Open, Open Recent, the examples, Save, Save As, the
recent-files list (kept in QSettings), Import PyTorch Script (traced in a worker with a
Cancel button) and the exports. A mixin of ``MainWindow``: it uses the window's
``session``, ``settings``, ``canvas``, ``show_error``, ``ask_*`` and ``statusBar()``."""
import weakref
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from gradstudio.document import Document, export, files, trace
from gradstudio.document.examples import EXAMPLES_DIR, TITLES
from gradstudio.ui import loading, recovery
from gradstudio.ui.tasks import Task

__all__ = ["WindowFiles", "example_paths", "example_title", "EXTENSION", "GRAPH_FILTER",
           "SCRIPT_FILTER", "MAX_RECENT"]

EXTENSION = files.EXTENSION
GRAPH_FILTER = f"GradStudio graphs (*{EXTENSION})"
SCRIPT_FILTER = "Python scripts (*.py)"
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
        """Opens a graph file (asks for one without ``path``). A file that cannot be read
        leaves the open document as it was and says why. A big file is read and run in
        a worker (see ``loading``): the ``Task`` is returned and the document appears
        when it succeeds."""
        if not self.maybe_save():
            return False
        if path is None:
            path = self.ask_open_path("Open Graph", GRAPH_FILTER)
            if not path:
                return False
        path = Path(path)
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

    def _open_failed(self, path, exc):
        self.show_error("Could not open the graph", self._file_problem(
            exc, f"“{path.name}” could not be opened: {exc}"))
        if not path.exists():
            self._remove_recent(path)
        return False

    # ================================================================== crash recovery
    def _start_autosave(self):
        """Unsaved work goes to a recovery file every minute (see ``recovery``)."""
        window = weakref.ref(self)        # the autosaver is the window's: it must not
        self.autosaver = recovery.Autosaver(  # hold the window
            self.session, lambda: window()._recovery_description(), self)
        self.session.document_replaced.connect(self.autosaver.save_now)

    def _recovery_description(self):
        return self.session.path, self._document_name()

    def offer_recovery(self):
        """After a crash or a kill: offers the newest graph a window left unsaved
        (Restore / Discard / Later). A restored graph opens unsaved, under its own
        file's name, so Save writes it back there. Returns what the user chose, or None
        when there was nothing to offer."""
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
        if not self._write_document(path):
            return False
        self.session.path = str(path.resolve())
        self.session.path_changed.emit(self.session.path)
        return True

    def _write_document(self, path):
        try:
            files.save(self.session.document, path)
        except Exception as exc:  # noqa: BLE001
            self.show_error("Could not save the graph", self._file_problem(
                exc, f"“{Path(path).name}” was not saved ({exc}); the graph is still open, "
                     "so try another folder or name."))
            return False
        self.session.mark_saved()
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
        """Writes the graph as a PyTorch script."""
        def write(target):
            script = export.export_script(self.session.document, self.session.result)
            files.write_atomically(target, script.text.encode("utf-8"))
        return self._export("script", "Export PyTorch Script", SCRIPT_FILTER, ".py", path, write)

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

    def _export(self, what, caption, file_filter, suffix, path, write):
        """Asks where to write (unless ``path`` is given), calls ``write(path)`` and says
        how it went; True when the file was written."""
        if path is None:
            path = self.ask_save_path(caption, file_filter, self._suggested_name() + suffix)
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
        if path is None:
            path = self.ask_open_path("Import PyTorch Script — the script will be run",
                                      SCRIPT_FILTER)
            if not path:
                return None
        path = Path(path)
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.show_error("Could not import the script",
                            f"“{path.name}” could not be read: {exc}")
            return None
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

    def _on_traced(self, path, result):
        doc = getattr(result, "document", result)
        self.set_document(doc, "", name=f"{path.stem} (imported)", unsaved=True)
        self.statusBar().showMessage(f"Imported {path.name}", 5000)
