"""The main window: the canvas in the middle, the panels docked around it, and the File,
Edit, Graph, View and Help menus.

Every failure a user should hear about goes through ``show_error`` and every question
through an ``ask_*`` method, so tests answer them without a dialog. No menu command lets
an exception reach the event loop, and ``install_excepthook`` turns anything else into a
message instead of a crash (one that says whether a view or an edit failed: see
``error_report``). Graphs and exports are written atomically (all or nothing, see
``files.write_atomically``); a saved graph keeps the previous file as ``NAME.gsg.bak``,
and Save asks before replacing a file changed on disk or read-only (``save_guard``).

The window is the place of the panels, the questions and the title; each group of its
commands is an object of its own that it makes with its collaborators: ``files``
(``WindowFiles``: new, open, save, recent files, recovery, import), ``exports``
(``WindowExports``) and ``edits`` (``GraphEdits``); ``window_menus`` makes the commands
(``<what>_action``) and the menus over them.
"""
import sys
import traceback
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox

from gradstudio import __version__, gc_policy
from gradstudio.ui.busy_status import BusyStatus
from gradstudio.ui.canvas import SUBGRAPH_MIME, Canvas
from gradstudio.ui import classroom, recovery
from gradstudio.ui.code_view import CodePanel
from gradstudio.ui.data_dock import install_data_dock
from gradstudio.ui.docks import DockedPanel, WindowDocks, first_size
from gradstudio.ui.file_drops import FileDrops, open_path
from gradstudio.ui.help import ShortcutsDialog, about_text, app_icon
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.palette import Palette
from gradstudio.ui.plain import ask_plain, show_plain_error, show_plain_notice
from gradstudio.ui import error_report
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel
from gradstudio.ui.widgets import takes_args
from gradstudio.ui.window_edits import GraphEdits
from gradstudio.ui.window_exports import WindowExports
from gradstudio.ui.window_files import WindowFiles, example_paths
from gradstudio.ui.window_menus import build_actions, build_menus
from gradstudio.ui.i18n import (Number, chosen_language, install_translators,
                                split_lang_option, translate)

__all__ = ["MainWindow", "main", "example_paths", "APP_NAME"]

APP_NAME = "GradStudio"
LAYOUT_VERSION = 1
HEAP_IDLE_MS = 2000     # after this long without an edit or a new document: gc_policy.settle
_STOCK = QMessageBox.StandardButton


class MainWindow(WindowDocks, QMainWindow):
    """GradStudio's window on one ``Session``. ``settings`` is a ``QSettings`` (or the
    path of an ini file); by default the user's GradStudio settings. The panels behind
    another dock's tab at the start are built when first shown or read (``docks``)."""

    autograd_view = DockedPanel("autograd")
    lesson_panel = DockedPanel("lesson")
    training_panel = DockedPanel("training")
    walk_panel = DockedPanel("walk")
    probe_panel = DockedPanel("probe")

    def __init__(self, session=None, settings=None, parent=None):
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.setWindowIcon(app_icon())
        self.session = session if session is not None else Session(parent=self)
        self.settings = window_settings(settings)
        self._init_docks()
        self._had_loop = False
        self.setDockNestingEnabled(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks |
                            QMainWindow.DockOption.AllowTabbedDocks |
                            QMainWindow.DockOption.AllowNestedDocks)
        self._build_panels()
        self.files = WindowFiles(self.session, self.settings, self.canvas, self)
        self.exports = WindowExports(self.session, self.canvas, self.files, self)
        self.edits = GraphEdits(self.session, self.canvas, self)
        self.palette.kind_activated.connect(self.guard(self.edits.add_node, "Add node"))
        build_actions(self)
        build_menus(self)
        self._build_status_bar()
        s = self.session
        s.undo_stack.cleanChanged.connect(self._on_clean_changed)
        s.path_changed.connect(self._on_path_changed)
        s.document_replaced.connect(self.update_title)
        self._heap_timer = QTimer(self)
        self._heap_timer.setSingleShot(True)
        self._heap_timer.setInterval(HEAP_IDLE_MS)
        self._heap_timer.timeout.connect(gc_policy.settle)
        self._room_timer = QTimer(self)
        self._room_timer.setSingleShot(True)
        self._room_timer.setInterval(0)
        self._room_timer.timeout.connect(self.give_canvas_room)
        for signal in (s.document_replaced, s.run_finished, s.selection_changed,
                       s.step_changed):    # (the pause waits for the user to pause)
            # (not start itself: start(int) would take a step number as the interval)
            signal.connect(lambda *_: self._heap_timer.start())
        s.run_finished.connect(self._on_run_finished)
        s.selection_changed.connect(self._on_selection_changed)
        s.autograd_changed.connect(self._on_autograd_changed)
        QGuiApplication.clipboard().dataChanged.connect(self.update_edit_actions)
        self.files.start_autosave()
        self.file_drops = FileDrops(self, [self.canvas.viewport()])
        self.resize(first_size(self.screen()))
        self.restore_layout()
        self.update_title()
        self.update_edit_actions()
        self.canvas.snapping = self.settings.value("canvas/snap", False, type=bool)
        self.snap_action.setChecked(self.canvas.snapping)
        if s.result is not None:
            self._on_run_finished(s.result)
        self._heap_timer.start()

    # ================================================================== building
    def _build_panels(self):
        self.canvas = Canvas(self.session)
        self.canvas.rename_requested.connect(lambda _node: self.rename())
        self.setCentralWidget(self.canvas)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.palette = Palette(self.session)
        self.inspector = Inspector(self.session)
        self.timeline = TimelinePanel(self.session)
        self.code_panel = CodePanel(self.session)
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self._dock("palette", translate("MainWindow", "Palette"), self.palette, left)
        self._dock("inspector", translate("MainWindow", "Inspector"), self.inspector, right)
        self._late_dock("autograd", translate("MainWindow", "Autograd Graph"), right)
        self._late_dock("lesson", translate("MainWindow", "Lesson"), right)
        self._dock("timeline", translate("MainWindow", "Timeline"), self.timeline, bottom)
        self._dock("code", translate("MainWindow", "PyTorch Code"), self.code_panel, bottom)
        self._late_dock("training", translate("MainWindow", "Training"), bottom)
        self._late_dock("walk", translate("MainWindow", "Step Through Backward"), bottom)
        self._late_dock("probe", translate("MainWindow", "Jacobian and Gradient Check"), bottom)
        classroom.install(self)          # the Exercise dock (gradstudio/ui/classroom.py)
        self.tabifyDockWidget(self.docks["inspector"], self.docks["autograd"])
        self.tabifyDockWidget(self.docks["inspector"], self.docks["lesson"])
        self.tabifyDockWidget(self.docks["code"], self.docks["training"])
        self.tabifyDockWidget(self.docks["code"], self.docks["walk"])
        self.tabifyDockWidget(self.docks["code"], self.docks["probe"])
        install_data_dock(self)                    # (its own module: ui/data_dock.py)
        self.docks["inspector"].raise_()
        self.docks["code"].raise_()
        self.resizeDocks([self.docks["palette"], self.docks["inspector"]], [230, 390],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["timeline"]], [260], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["timeline"], self.docks["code"]], [440, 440],
                         Qt.Orientation.Horizontal)

    def _dock_content_for(self, name, panel):
        return classroom.covered(name, panel, self.session)

    # the panels of the late docks (``WindowDocks.panel`` calls them once)
    def _make_autograd_panel(self):
        from gradstudio.ui.autograd_view import AutogradView
        return AutogradView(self.session)

    def _make_lesson_panel(self):
        from gradstudio.ui.lesson_panel import LessonPanel
        panel = LessonPanel(self.session)
        panel.cell_chosen.connect(self.guard(self._show_selection, "Show cell"))
        return panel

    def _make_training_panel(self):
        from gradstudio.ui.training_panel import TrainingPanel
        return TrainingPanel(self.session)

    def _make_walk_panel(self):
        from gradstudio.ui.walk_panel import WalkPanel
        panel = WalkPanel(self.session)
        panel.export_requested.connect(self.guard(self.export_walk_frames, "Export frames"))
        return panel

    def _make_probe_panel(self):
        from gradstudio.ui.probe_panel import ProbePanel
        panel = ProbePanel(self.session)
        panel.verdicts_changed.connect(self.canvas.scene().show_gradient_checks)
        return panel

    def _build_status_bar(self):
        self.run_label = QLabel()
        self.statusBar().addPermanentWidget(self.run_label)
        self.busy = BusyStatus(self)     # a run off the GUI thread

    # ================================================================== errors & questions
    def guard(self, slot, what):
        """``slot`` wrapped so that an exception becomes one message, never a crash."""
        def guarded(*args):
            try:
                return slot(*args) if args and takes_args(slot) else slot()
            except Exception as exc:  # noqa: BLE001 - the user sees it, the app lives on
                self.report_exception(what, exc)
                return None
        return guarded

    def report_exception(self, what, exc):
        detail = str(exc) or type(exc).__name__
        self.show_error(translate("MainWindow", "{what} failed").format(what=what), translate("MainWindow", "{what} failed: {detail}").format(what=what, detail=detail))

    def show_error(self, title, text):
        """Tells the user something went wrong (tests replace this)."""
        show_plain_error(self, title, text)

    def show_notice(self, title, text):
        """Tells the user something worth knowing that is not an error (tests replace
        this): what a trace recorded instead of drawing."""
        show_plain_notice(self, title, text)

    def ask_save_changes(self):
        """Save, Discard or Cancel for a document with unsaved changes."""
        name = self.files.document_name()
        return ask_plain(
            self, translate("MainWindow", "Unsaved changes"), translate("MainWindow", "Save the changes to “{name}” before closing it?").format(name=name),
            _STOCK.Save | _STOCK.Discard | _STOCK.Cancel, _STOCK.Save)

    def ask_open_path(self, caption, file_filter):
        from PySide6.QtWidgets import QFileDialog     # (the dialogs: not at start-up)
        path, _ = QFileDialog.getOpenFileName(self, caption, self.files.last_dir(), translate("FileFilters", file_filter))
        return path

    def ask_folder(self, caption):
        from PySide6.QtWidgets import QFileDialog
        return QFileDialog.getExistingDirectory(self, caption, self.files.last_dir())

    def ask_save_path(self, caption, file_filter, suggested):
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getSaveFileName(
            self, caption, str(Path(self.files.last_dir()) / suggested), translate("FileFilters", file_filter))
        return path

    def install_excepthook(self):
        """Shows an exception no one caught (in a widget's slot, say) instead of losing
        it or crashing; returns the previous hook."""
        previous, last = sys.excepthook, []

        def hook(exc_type, exc, tb):
            traceback.print_exception(exc_type, exc, tb)
            if issubclass(exc_type, (KeyboardInterrupt, SystemExit)):
                return previous(exc_type, exc, tb)
            try:          # (an edit's failure is undone; a view's failure is the view's)
                title, text = error_report.uncaught_message(
                    exc_type, exc, tb, error_report.keep_details(exc_type, exc, tb))
                if last == [text]:        # the same failure again: no second dialog
                    self.statusBar().showMessage(error_report.again(title), 10000)
                else:
                    last[:] = [text]
                    self.show_error(title, text)
            except Exception:  # noqa: BLE001 - never fail inside the hook
                pass
        sys.excepthook = hook
        return previous

    # ================================================================== title & status
    def update_title(self, *_):
        self.setWindowTitle(f"{self.files.document_name()}[*] — {APP_NAME}")
        self.setWindowModified(self.session.is_modified)

    def _on_clean_changed(self, clean):
        self.setWindowModified(not clean)

    def _on_path_changed(self, path):
        self.update_title()

    def _on_run_finished(self, result):
        doc = self.session.document
        n, a = len(doc.node_ids), len(doc.timeline)
        errors = len(result.errors) + sum(1 for o in result.outcomes if o.error)
        parts = [(translate("MainWindow", "{n} nodes") if n != 1 else translate("MainWindow", "{n} node")).format(n=Number(n)), (translate("MainWindow", "{a} actions") if a != 1 else translate("MainWindow", "{a} action")).format(a=Number(a))]
        parts.append((translate("MainWindow", "{errors} errors") if errors != 1 else translate("MainWindow", "{errors} error")).format(errors=Number(errors)) if errors else translate("MainWindow", "runs cleanly"))
        self.run_label.setText(" · ".join(parts))
        # (the status bar squeezes a permanent label below its text otherwise)
        self.run_label.setMinimumWidth(self.run_label.sizeHint().width())
        self.update_edit_actions()
        # a loop appeared (Train…, an example, a file): show its curve
        has_loop = bool(result.histories)
        if has_loop and not self._had_loop:
            self.docks["training"].raise_()
        self._had_loop = has_loop

    def _on_autograd_changed(self, changes):
        """Says in the status bar which nodes the last edit gave or took a grad_fn or a
        .grad (the canvas marks the same nodes)."""
        summary = self.session.change_summary(changes)
        bar, shown = self.statusBar(), getattr(self, "_summary", ("", {}))
        if summary:
            self._summary = (summary, changes)
            bar.showMessage(summary, 10000)
        elif shown[0] and bar.currentMessage() == shown[0]:
            # an edit that changed no grad_fn (a rename, say): the last summary, in the
            # names the nodes have now
            doc = self.session.document
            again = self.session.change_summary(
                {n: c for n, c in shown[1].items() if doc.has_node(n)})
            self._summary = (again, shown[1])
            if again and again != shown[0]:
                bar.showMessage(again, 10000)
            elif not again:
                bar.clearMessage()

    def _on_selection_changed(self, _ids):
        self.update_edit_actions()

    def update_edit_actions(self, *_):
        has = bool(self.session.selection)
        for act in (self.cut_action, self.copy_action, self.delete_action,
                    self.backward_action, self.no_grad_action):
            act.setEnabled(has)
        self.detach_action.setEnabled(len(self.session.selection) == 1)
        self.rename_action.setEnabled(len(self.session.selection) == 1)
        mime = QGuiApplication.clipboard().mimeData()
        self.paste_action.setEnabled(mime is not None and mime.hasFormat(SUBGRAPH_MIME))

    def step_through(self):
        """Starts stepping through the backward pass at the timeline's step (else the
        first one), showing the step-through panel and the autograd graph."""
        panel = self.walk_panel
        panel.refresh()
        if panel.index is None:
            self.statusBar().showMessage(translate("MainWindow", "No backward pass to step through: add a "
                                         "backward() action first (Ctrl+B)."), 5000)
            return
        self.docks["walk"].show()
        self.docks["walk"].raise_()
        self.docks["autograd"].show()
        self.docks["autograd"].raise_()
        self.widen_walk()
        panel.choose(panel.index)

    def show_lesson(self):
        """Shows the Lesson panel in front of its tab group."""
        dock = self.docks["lesson"]
        dock.show()
        dock.raise_()

    def lesson_by(self, delta):
        """View ▸ Next / Previous Cell: the Lesson panel shown, its cell ``delta`` on."""
        self.show_lesson()
        self.lesson_panel.step_by(delta)

    def _show_selection(self):
        """Scrolls the canvas to the selected nodes (a lesson cell's)."""
        scene = self.canvas.scene()      # (a big graph's cards not made yet: their places)
        rects = [r for r in map(scene.node_rect, self.session.selection) if r is not None]
        if rects:
            whole = rects[0]
            for r in rects[1:]:
                whole = whole.united(r)
            self.canvas.ensureVisible(whole, 40, 40)

    def show_probe(self):
        """Shows the Jacobian and gradient-check panel for the selection."""
        self.docks["probe"].show()
        self.docks["probe"].raise_()
        self.probe_panel.refresh()

    def walk_by(self, delta):
        walk = self.session.walk
        if walk is None:
            self.step_through()
            if delta > 0 and self.session.walk is not None:
                self.session.set_walk(self.session.walk[0], 1)
            return
        self.session.set_walk(walk[0], walk[1] + delta)

    def export_walk_frames(self):
        """Saves the step-through as numbered PNGs in a chosen folder."""
        if self.session.walk is None:
            self.step_through()
        if self.session.walk is None:
            return
        folder = self.ask_folder(translate("MainWindow", "Export Step-Through Frames"))
        if not folder:
            return
        self.docks["autograd"].raise_()
        from gradstudio.ui.walk_panel import export_frames
        paths = export_frames(self.session, folder, [self.canvas, self.autograd_view])
        self.statusBar().showMessage(translate("MainWindow", "Saved {v} frames in {folder}").format(v=len(paths), folder=folder), 5000)

    def ask_int(self, title, label, value, low, high):
        """A whole number from the user, or None (tests replace this)."""
        from PySide6.QtWidgets import QInputDialog
        number, ok = QInputDialog.getInt(self, title, label, value, low, high)
        return number if ok else None

    def find_node(self):
        """Edit ▸ Find Node: the canvas's node search."""
        self.canvas.open_node_search()

    def rename(self):
        """Shows the inspector with the selected node's name ready to be typed over."""
        dock = self.docks["inspector"]
        dock.show()
        dock.raise_()
        return self.inspector.start_rename()

    # ================================================================== canvas & layout
    def set_snapping(self, on):
        """Turns snapping to the grid on or off (remembered between sessions)."""
        on = bool(on)
        self.canvas.snapping = on
        self.snap_action.setChecked(on)
        self.settings.setValue("canvas/snap", on)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._room_timer.start()       # the docks give way on a small window, once laid out

    def save_layout(self):
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState(LAYOUT_VERSION))
        self.settings.sync()

    def restore_layout(self):
        """Restores the saved window geometry and panel layout (if any)."""
        self._default_state = self.saveState(LAYOUT_VERSION)
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            return self.restoreState(state, LAYOUT_VERSION)
        return False

    def reset_layout(self):
        for dock in self.docks.values():
            dock.setFloating(False)
            dock.show()
        self.restoreState(self._default_state, LAYOUT_VERSION)

    def show_about(self):
        QMessageBox.about(self, f"About {APP_NAME}", about_text(APP_NAME))

    def show_shortcuts(self):
        """Help ▸ Keyboard Shortcuts (made afresh from the menus each time)."""
        self.shortcuts_dialog = ShortcutsDialog(self)
        self.shortcuts_dialog.open()
        return self.shortcuts_dialog

    def closeEvent(self, event):
        if not self.files.maybe_save():
            event.ignore()
            return
        task = self.files.task
        if task is not None and task.running:
            task.cancel()
            task.wait()
        self.save_layout()
        self.files.autosaver.close()           # a clean exit leaves no recovery file
        event.accept()


def window_settings(settings=None):
    """The ``QSettings`` a window keeps: ``settings`` itself, an ini file at the path
    ``settings``, or (None) the user's GradStudio settings."""
    if isinstance(settings, (str, Path)):
        return QSettings(str(settings), QSettings.Format.IniFormat)
    return settings if settings is not None else QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, APP_NAME, APP_NAME)


def main(argv=None, settings=None) -> int:
    """Opens the window with ``FILE.gsg`` or ``NOTEBOOK.ipynb`` (the first argument; the
    status bar says the others were not opened) or the autograd tutorial example, and
    runs the event loop until the window closes. No garbage collection until the window
    is shown (``gc_policy.hold``; gradstudio's command holds it from its own start)."""
    gc_policy.hold()
    try:
        app, window, previous_hook = _shown_window(
            list(sys.argv[1:] if argv is None else argv), settings)
    except BaseException:
        gc_policy.release(freeze=False)
        raise
    gc_policy.release()
    recovery.offer_when_idle(window.files)
    try:
        return app.exec()
    finally:
        sys.excepthook = previous_hook


class _AfterFirstPaint(QObject):
    """Calls ``then(window)`` once ``window`` has painted its first frame (from the event
    loop's next turn), then goes."""

    def __init__(self, window, then):
        super().__init__(window)
        self._then = then
        window.installEventFilter(self)

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, lambda: self._then(obj))
            self.deleteLater()
        return False


def _open_tutorial(window):
    """Opens the first example in ``window`` unless something is already open there (a
    recovered file, say)."""
    if not window.session.document.node_ids and not window.session.path and \
            not window.session.is_modified:
        window.files.open_example(example_paths()[0])


def _shown_window(args, settings):
    """``(app, window, previous excepthook)``: the application and its window (whose
    hook reports uncaught exceptions), shown on ``args``' first file or the tutorial. The
    tutorial opens once the first frame is painted: its nodes need networkx (the
    document's graph store, ``graph_store``), whose import would delay the frame."""
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    app.setDesktopFileName("gradstudio")        # gradstudio.desktop, for the task bar
    asked, args = split_lang_option(args)
    settings = window_settings(settings)
    install_translators(app, chosen_language(settings, asked))   # (before any widget)
    window = MainWindow(settings=settings)
    previous_hook = window.install_excepthook()
    paths = [a for a in args if not a.startswith("-")]
    if paths:
        open_path(window, paths[0])     # (a script is traced, as Import does)
        if len(paths) > 1:
            rest = [Path(p).name for p in paths[1:]]
            window.statusBar().showMessage(
                (translate("MainWindow", "A window shows one graph, so {names} was not opened; "
                           "use File ▸ Open for it.") if len(rest) == 1 else
                 translate("MainWindow", "A window shows one graph, so {names} were not "
                           "opened; use File ▸ Open for them.")).format(names=", ".join(rest)),
                30000)
    elif example_paths():
        # the tutorial opens once the first frame is up: its nodes need networkx, which
        # the background import is still loading (a file given by name opens at once)
        _AfterFirstPaint(window, _open_tutorial)
    window.show()
    window.raise_()
    return app, window, previous_hook


if __name__ == "__main__":
    raise SystemExit(main())
