"""The main window: the canvas in the middle, the panels docked around it, and the File,
Edit, Graph, View and Help menus.

Every failure a user should hear about goes through ``show_error`` and every question
through an ``ask_*`` method, so tests answer them without a dialog. No menu command lets
an exception reach the event loop, and ``install_excepthook`` turns anything else into a
message instead of a crash (one that says whether a view or an edit failed: see
``error_report``). Graphs and exports are written atomically (all or nothing, see
``files.write_atomically``); a saved graph keeps the previous file as ``NAME.gsg.bak``,
and Save asks before replacing a file changed on disk or read-only (``save_guard``).
"""
import sys
import traceback
from pathlib import Path

from PySide6.QtCore import QByteArray, QPointF, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox

from gradstudio import __version__
from gradstudio.document import files
from gradstudio.document.layout import COLUMN_WIDTH, layered_positions
from gradstudio.ui.busy_status import BusyStatus
from gradstudio.ui.canvas import SUBGRAPH_MIME, Canvas
from gradstudio.ui.canvas.node_item import HEADER, WIDTH
from gradstudio.ui.code_view import CodePanel
from gradstudio.ui.commands import AddAction, AddLinearLayer, AddRegion, MoveNodes
from gradstudio.ui.data_dock import install_data_dock
from gradstudio.ui.docks import DockedPanel, WindowDocks, first_size
from gradstudio.ui.file_drops import FileDrops, open_path
from gradstudio.ui.help import ShortcutsDialog, about_text, app_icon
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.palette import Palette
from gradstudio.ui.plain import ask_plain, show_plain_error
from gradstudio.ui import error_report, heap, shortcuts
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel
from gradstudio.ui.widgets import takes_args
from gradstudio.ui.window_files import WindowFiles, example_paths, example_title

__all__ = ["MainWindow", "main", "example_paths", "APP_NAME"]

APP_NAME = "GradStudio"
LAYOUT_VERSION = 1
ARRANGE_ZOOM = 0.8      # Arrange Graph wraps columns that would not fit at this zoom
HEAP_IDLE_MS = 2000     # after this long without an edit or a new document: heap.settle
_STOCK = QMessageBox.StandardButton
# the room a node added from the palette needs (a card with a value and two badge rows)
NEW_CARD = QRectF(0.0, 0.0, WIDTH, 150.0)


class MainWindow(WindowFiles, WindowDocks, QMainWindow):
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
        if isinstance(settings, (str, Path)):
            settings = QSettings(str(settings), QSettings.Format.IniFormat)
        self.settings = settings if settings is not None else QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, APP_NAME, APP_NAME)
        self.untitled_name = "Untitled"
        self.task = None
        self._init_docks()
        self._had_loop = False
        self.setDockNestingEnabled(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks |
                            QMainWindow.DockOption.AllowTabbedDocks |
                            QMainWindow.DockOption.AllowNestedDocks)
        self._build_panels()
        self._build_actions()
        self._build_menus()
        self._build_status_bar()
        s = self.session
        s.undo_stack.cleanChanged.connect(self._on_clean_changed)
        s.path_changed.connect(self._on_path_changed)
        s.document_replaced.connect(self._update_title)
        self._heap_timer = QTimer(self)
        self._heap_timer.setSingleShot(True)
        self._heap_timer.setInterval(HEAP_IDLE_MS)
        self._heap_timer.timeout.connect(heap.settle)
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
        QGuiApplication.clipboard().dataChanged.connect(self._update_edit_actions)
        self._start_autosave()
        self.file_drops = FileDrops(self, [self.canvas.viewport()])
        self.resize(first_size(self.screen()))
        self.restore_layout()
        self._update_title()
        self._update_edit_actions()
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
        self.palette.kind_activated.connect(self._guard(self.add_node, "Add node"))
        self.inspector = Inspector(self.session)
        self.timeline = TimelinePanel(self.session)
        self.code_panel = CodePanel(self.session)
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self._dock("palette", "Palette", self.palette, left)
        self._dock("inspector", "Inspector", self.inspector, right)
        self._late_dock("autograd", "Autograd Graph", right)
        self._late_dock("lesson", "Lesson", right)
        self._dock("timeline", "Timeline", self.timeline, bottom)
        self._dock("code", "PyTorch Code", self.code_panel, bottom)
        self._late_dock("training", "Training", bottom)
        self._late_dock("walk", "Step Through Backward", bottom)
        self._late_dock("probe", "Jacobian and Gradient Check", bottom)
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

    # the panels of the late docks (``WindowDocks.panel`` calls them once)
    def _make_autograd_panel(self):
        from gradstudio.ui.autograd_view import AutogradView
        return AutogradView(self.session)

    def _make_lesson_panel(self):
        from gradstudio.ui.lesson_panel import LessonPanel
        panel = LessonPanel(self.session)
        panel.cell_chosen.connect(self._guard(self._show_selection, "Show cell"))
        return panel

    def _make_training_panel(self):
        from gradstudio.ui.training_panel import TrainingPanel
        return TrainingPanel(self.session)

    def _make_walk_panel(self):
        from gradstudio.ui.walk_panel import WalkPanel
        panel = WalkPanel(self.session)
        panel.export_requested.connect(self._guard(self.export_walk_frames, "Export frames"))
        return panel

    def _make_probe_panel(self):
        from gradstudio.ui.probe_panel import ProbePanel
        panel = ProbePanel(self.session)
        panel.verdicts_changed.connect(self.canvas.scene().show_gradient_checks)
        return panel

    def _action(self, text, slot=None, shortcut=None, tip="", checkable=False):
        action = QAction(text, self)
        if shortcut is not None:        # set once every command is made (_set_shortcuts)
            self._wanted_keys[action] = (
                ([], shortcut) if isinstance(shortcut, QKeySequence.StandardKey)
                else ([shortcut], None))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setCheckable(checkable)
        if slot is not None:
            guarded = self._guard(slot, text.replace("&", "").rstrip("…"))
            if checkable:      # PySide passes a *args slot nothing: name the flag
                action.triggered.connect(lambda checked: guarded(checked))
            else:
                action.triggered.connect(guarded)
        return action

    def _build_actions(self):
        K = QKeySequence.StandardKey
        a = self._action
        stack = self.session.undo_stack
        self._wanted_keys = {}          # QAction -> (explicit sequences, standard key)
        self.new_action = a("&New", self.new_document, K.New, "Start an empty graph")
        self.open_action = a("&Open…", self.open_file, K.Open, "Open a GradStudio graph, or a "
                             "Jupyter notebook: its cells are run to trace their graph")
        self.save_action = a("&Save", self.save, K.Save, "Save the graph")
        self.save_as_action = a("Save &As…", self.save_as, K.SaveAs,
                                "Save the graph under a new name")
        self.import_action = a(
            "&Import PyTorch Script…", self.import_script, None,
            "Runs a PyTorch script with GradStudio's engine and turns what it computed "
            "into a graph")
        self.export_script_action = a("&Export PyTorch Script…", self.export_script, None,
                                      "Write the graph as a PyTorch script")
        self.export_notebook_action = a("Export Note&book…", self.export_notebook, None,
                                        "Write the graph as a Jupyter notebook")
        self.export_png_action = a("Export Canvas as &PNG…", self.export_png, None,
                                   "Save a picture of the canvas")
        self.export_svg_action = a("Export Canvas as S&VG…", self.export_svg, None,
                                   "Save the canvas as a scalable drawing")
        self.quit_action = a("&Quit", self.close, K.Quit, "Close GradStudio")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

        self.undo_action = stack.createUndoAction(self, "&Undo")
        self._wanted_keys[self.undo_action] = (shortcuts.EXTRA["undo"], K.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self._wanted_keys[self.redo_action] = (shortcuts.EXTRA["redo"], K.Redo)
        self.cut_action = a("Cu&t", self.cut, K.Cut, "Cut the selected nodes")
        self.copy_action = a("&Copy", self.copy, K.Copy, "Copy the selected nodes")
        self.paste_action = a("&Paste", self.paste, K.Paste, "Paste copied nodes")
        self.delete_action = a("&Delete", self.delete_selection, K.Delete,
                               "Delete the selected nodes")
        self.select_all_action = a("Select &All", self.select_all, K.SelectAll)
        self.find_action = a("&Find Node…", self.find_node, "Ctrl+F",
                             "Find a node by name, kind or grad_fn, select it and show it")

        self.backward_action = a("Add &Backward of Selection", self.add_backward, "Ctrl+B",
                                 "Append selected.backward() to the timeline")
        self.detach_action = a("Insert &detach() After Selection", self.insert_detach,
                               "Ctrl+D", "Cut the graph: consumers get a detached copy")
        self.no_grad_action = a("Wrap Selection in &no_grad", self.wrap_no_grad, "Ctrl+G",
                                "Evaluate the selected nodes inside torch.no_grad()")
        self.linear_action = a("Add nn.&Linear Layer After Selection…", self.add_linear_layer,
                               None, "nn.Linear(in, out) on the selected tensor: a weight "
                               "and a bias drawn as PyTorch draws them, and F.linear")
        self.train_action = a("&Train…", self.timeline.open_train_dialog, "Ctrl+T",
                              "Insert a training loop for a loss: forward, backward, "
                              "update, zero_grad, repeated")
        self.walk_action = a("&Step Through Backward Pass", self.step_through, "Ctrl+Shift+B",
                             "Play the backward pass node by node: each grad_fn, the "
                             "gradient it receives and sends, the chain rule in numbers")
        self.walk_next_action = a("Next Backward Step", lambda: self._walk_by(1), "F10",
                                  "Run the next grad_fn of the backward pass being "
                                  "stepped through")
        self.probe_action = a("&Jacobian and Gradient Check", self.show_probe, "Ctrl+J",
                              "The Jacobian behind a backward pass, vᵀJ next to .grad, a "
                              "finite-difference check of the gradients and a sweep plot")
        self.walk_back_action = a("Previous Backward Step", lambda: self._walk_by(-1), "F9",
                                  "Go back one grad_fn in the backward pass being stepped "
                                  "through")
        self.rename_action = a("&Rename…", self.rename, "F2",
                               "Give the selected node a name (its variable in the code)")
        self.arrange_action = a("&Arrange Graph", self.arrange, "Ctrl+L",
                                "Lay the nodes out in columns, inputs on the left")

        self.zoom_in_action = a("Zoom &In", lambda: self._canvas_call("zoom_in"), K.ZoomIn)
        self.zoom_out_action = a("Zoom &Out", lambda: self._canvas_call("zoom_out"), K.ZoomOut)
        self.actual_size_action = a("&Actual Size", lambda: self._canvas_call("reset_zoom"),
                                    "Ctrl+0", "Zoom to 100 %")
        self.fit_action = a("&Fit Graph in View", lambda: self._canvas_call("fit_to_view"),
                            "F", "Zoom and scroll so that every node is visible")
        self.snap_action = a("&Snap to Grid", self.set_snapping, None,
                             "Dragged and added nodes land on the background grid",
                             checkable=True)
        self.next_cell_action = a("&Next Cell", lambda: self._lesson_by(1),
                                  shortcuts.NEXT_CELL_KEY, "The lesson's next code cell: its "
                                  "nodes selected, the timeline at its moment")
        self.previous_cell_action = a("&Previous Cell", lambda: self._lesson_by(-1),
                                      shortcuts.PREVIOUS_CELL_KEY,
                                      "The lesson's previous code cell")
        self.reset_layout_action = a("&Reset Panel Layout", self.reset_layout)
        self.shortcuts_action = a("&Keyboard Shortcuts…", self.show_shortcuts, None,
                                  "List every command that has a keyboard shortcut")
        self.about_action = a("&About GradStudio", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self._wanted_keys[self.delete_action] = (shortcuts.EXTRA["delete"], K.Delete)
        self._wanted_keys[self.quit_action] = (shortcuts.EXTRA["quit"], K.Quit)
        shortcuts.apply({a: a for a in self._wanted_keys}, self._wanted_keys)
        for action in self.findChildren(QAction):
            if action.shortcut():
                action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        # a plain letter belongs to whatever has the focus: F fits only on the canvas
        self.fit_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.canvas.addAction(self.fit_action)

    def _build_menus(self):
        bar = self.menuBar()
        file = bar.addMenu("&File")
        file.addActions([self.new_action, self.open_action])
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.examples_menu = file.addMenu("E&xamples")
        for path in example_paths():
            act = self.examples_menu.addAction(example_title(path))
            act.setStatusTip(f"Open the bundled example {path.name}")
            act.triggered.connect(self._guard(lambda _=False, p=path: self.open_example(p),
                                              "Open example"))
        self.examples_menu.setEnabled(bool(self.examples_menu.actions()))
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        file.addSeparator()
        file.addActions([self.import_action, self.export_script_action,
                         self.export_notebook_action, self.export_png_action,
                         self.export_svg_action])
        file.addSeparator()
        file.addAction(self.quit_action)
        self._fill_recent_menu()

        edit = bar.addMenu("&Edit")
        edit.addActions([self.undo_action, self.redo_action])
        edit.addSeparator()
        edit.addActions([self.cut_action, self.copy_action, self.paste_action,
                         self.delete_action])
        edit.addSeparator()
        edit.addAction(self.select_all_action)
        edit.addAction(self.find_action)

        graph = bar.addMenu("&Graph")
        graph.addActions([self.backward_action, self.detach_action, self.no_grad_action])
        graph.addSeparator()
        graph.addActions([self.linear_action, self.train_action])
        graph.addSeparator()
        graph.addActions([self.walk_action, self.walk_next_action, self.walk_back_action,
                          self.probe_action])
        graph.addSeparator()
        graph.addAction(self.rename_action)
        graph.addAction(self.arrange_action)

        view = bar.addMenu("&View")
        view.addActions([self.zoom_in_action, self.zoom_out_action, self.actual_size_action,
                         self.fit_action])
        view.addSeparator()
        view.addAction(self.snap_action)
        view.addSeparator()
        view.addActions([self.next_cell_action, self.previous_cell_action])
        view.addSeparator()
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        view.addAction(self.reset_layout_action)
        self.view_menu = view

        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.shortcuts_action, self.about_action])

    def _build_status_bar(self):
        self.run_label = QLabel()
        self.statusBar().addPermanentWidget(self.run_label)
        self.busy = BusyStatus(self)     # drawing a big graph, a run off the GUI thread

    # ================================================================== errors & questions
    def _guard(self, slot, what):
        """``slot`` wrapped so that an exception becomes one message, never a crash."""
        def guarded(*args):
            try:
                return slot(*args) if args and takes_args(slot) else slot()
            except Exception as exc:  # noqa: BLE001 - the user sees it, the app lives on
                self.report_exception(what, exc)
                return None
        return guarded

    @staticmethod
    def _file_problem(exc, otherwise):
        """What went wrong with a file, naming it once. A ``FileError`` says it all and
        starts with the path it was given (often a long one): its message is used, with
        the file's name. Anything else reads ``otherwise``."""
        if not isinstance(exc, files.FileError):
            return otherwise
        where = f"{exc.place}: " if exc.place else ""
        return f"{Path(exc.source).name}: {where}{exc.detail}"

    def report_exception(self, what, exc):
        detail = str(exc) or type(exc).__name__
        self.show_error(f"{what} failed", f"{what} failed: {detail}")

    def show_error(self, title, text):
        """Tells the user something went wrong (tests replace this)."""
        show_plain_error(self, title, text)

    def ask_save_changes(self):
        """Save, Discard or Cancel for a document with unsaved changes."""
        name = self._document_name()
        return ask_plain(
            self, "Unsaved changes", f"Save the changes to “{name}” before closing it?",
            _STOCK.Save | _STOCK.Discard | _STOCK.Cancel, _STOCK.Save)

    def ask_open_path(self, caption, file_filter):
        from PySide6.QtWidgets import QFileDialog     # (the dialogs: not at start-up)
        path, _ = QFileDialog.getOpenFileName(self, caption, self._last_dir(), file_filter)
        return path

    def ask_folder(self, caption):
        from PySide6.QtWidgets import QFileDialog
        return QFileDialog.getExistingDirectory(self, caption, self._last_dir())

    def ask_save_path(self, caption, file_filter, suggested):
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getSaveFileName(
            self, caption, str(Path(self._last_dir()) / suggested), file_filter)
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
    def _document_name(self):
        return Path(self.session.path).name if self.session.path else self.untitled_name

    def _suggested_name(self):
        """A file name for Save As and the exports: ``detach_and_no_grad`` while the
        example ``detach and no_grad (example)`` is open."""
        return Path(self._document_name()).stem.split(" (")[0].replace(" ", "_")

    def _update_title(self, *_):
        self.setWindowTitle(f"{self._document_name()}[*] — {APP_NAME}")
        self.setWindowModified(self.session.is_modified)

    def _on_clean_changed(self, clean):
        self.setWindowModified(not clean)

    def _on_path_changed(self, path):
        self._update_title()

    def _on_run_finished(self, result):
        doc = self.session.document
        n, a = len(doc.node_ids), len(doc.timeline)
        errors = len(result.errors) + sum(1 for o in result.outcomes if o.error)
        parts = [f"{n} node{'s' * (n != 1)}", f"{a} action{'s' * (a != 1)}"]
        parts.append(f"{errors} error{'s' * (errors != 1)}" if errors else "runs cleanly")
        self.run_label.setText(" · ".join(parts))
        self._update_edit_actions()
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
                {n: c for n, c in shown[1].items() if n in doc.graph})
            self._summary = (again, shown[1])
            if again and again != shown[0]:
                bar.showMessage(again, 10000)
            elif not again:
                bar.clearMessage()

    def _on_selection_changed(self, _ids):
        self._update_edit_actions()

    def _update_edit_actions(self, *_):
        has = bool(self.session.selection)
        for act in (self.cut_action, self.copy_action, self.delete_action,
                    self.backward_action, self.no_grad_action):
            act.setEnabled(has)
        self.detach_action.setEnabled(len(self.session.selection) == 1)
        self.rename_action.setEnabled(len(self.session.selection) == 1)
        mime = QGuiApplication.clipboard().mimeData()
        self.paste_action.setEnabled(mime is not None and mime.hasFormat(SUBGRAPH_MIME))

    # ================================================================== editing
    def _selected(self):
        return [n for n in self.session.selection if n in self.session.document.graph]

    def add_node(self, kind):
        """Adds a node of ``kind`` from the palette: one column to the right of the
        selected node and fed by it through its first input, in one undo step (so that
        double-clicking kinds in turn builds a chain left to right), else in the middle
        of the visible canvas; moved down until it covers no other card, and scrolled
        into view."""
        selected = self._selected()
        source = selected[0] if len(selected) == 1 else None
        if source is not None:
            x, y = self.session.document.node(source).position
            spot = QPointF(x + COLUMN_WIDTH, y)
        else:
            centre = self.canvas.mapToScene(self.canvas.viewport().rect().center())
            spot = centre - QPointF(NEW_CARD.width() / 2, NEW_CARD.height() / 2)
        corner = self._free_card(spot, self._cards())
        node_id = self.canvas.add_node_at(
            kind, corner + QPointF(NEW_CARD.width() / 2, HEADER / 2), source=source)
        item = self.canvas.item(node_id)
        if item is not None:
            self.canvas.ensureVisible(item, 24, 24)
        return node_id

    def _cards(self):
        """Where the canvas's cards are (scene rectangles)."""
        return self.canvas.card_rects()

    def _free_card(self, spot, taken):
        """The top-left corner of a new card put at ``spot`` and moved down until it
        covers none of ``taken`` (which it then joins): the canvas's rule, which quick
        add follows too."""
        return self.canvas.free_corner(spot, taken)

    def copy(self):
        self.canvas.copy_selection()
        self._update_edit_actions()

    def cut(self):
        if self.canvas.copy_selection():
            self.canvas.delete_selection()
        self._update_edit_actions()

    def paste(self):
        """Pastes the subgraph on the clipboard (nothing when it holds something else)."""
        return self.canvas.paste()

    def delete_selection(self):
        self.canvas.delete_selection()

    def select_all(self):
        self.canvas.select_all()

    def add_backward(self):
        """Appends ``target.backward()`` for the (first) selected node."""
        ids = self._selected()
        if ids:
            self.session.push(AddAction(self.session.document, "backward",
                                        {"target": ids[-1]}))

    def add_linear_layer(self):
        """Graph ▸ Add nn.Linear Layer: asks for the number of outputs; the inputs are
        the selected tensor's last dimension."""
        ids = self._selected()
        state = self.session.state(ids[-1]) if ids else None
        if state is None or not state.ok or not state.shape:
            self.show_error("Add nn.Linear", "Select a computed tensor with at least one "
                            "dimension: the layer takes its last dimension as inputs.")
            return
        in_features = state.shape[-1]
        out = self.ask_int(f"nn.Linear({in_features}, …)", "Outputs (out_features):",
                           in_features, 1, 4096)
        if out is None:
            return
        x, y = self.session.document.node(ids[-1]).position
        taken = self._cards()
        spots = [self._free_card(QPointF(x + dx, y + dy), taken) for dx, dy in
                 ((COLUMN_WIDTH, 0.0), (COLUMN_WIDTH, NEW_CARD.height()),
                  (2 * COLUMN_WIDTH, 0.0))]
        command = AddLinearLayer(self.session.document, ids[-1], in_features, out,
                                 [(p.x(), p.y()) for p in spots])
        self.session.push(command)
        self.session.select([command.node_id])

    def step_through(self):
        """Starts stepping through the backward pass at the timeline's step (else the
        first one), showing the step-through panel and the autograd graph."""
        panel = self.walk_panel
        panel.refresh()
        if panel.index is None:
            self.statusBar().showMessage("No backward pass to step through: add a "
                                         "backward() action first (Ctrl+B).", 5000)
            return
        self.docks["walk"].show()
        self.docks["walk"].raise_()
        self.docks["autograd"].show()
        self.docks["autograd"].raise_()
        self.widen_walk()
        panel.choose(panel.index)

    def _lesson_by(self, delta):
        """View ▸ Next / Previous Cell: the Lesson panel shown, its cell ``delta`` on."""
        self.show_lesson()
        self.lesson_panel.step_by(delta)

    def _show_selection(self):
        """Scrolls the canvas to the selected nodes (a lesson cell's)."""
        items = [self.canvas.item(n) for n in self.session.selection]
        rects = [i.sceneBoundingRect() for i in items if i is not None]
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

    def _walk_by(self, delta):
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
        folder = self.ask_folder("Export Step-Through Frames")
        if not folder:
            return
        self.docks["autograd"].raise_()
        from gradstudio.ui.walk_panel import export_frames
        paths = export_frames(self.session, folder, [self.canvas, self.autograd_view])
        self.statusBar().showMessage(f"Saved {len(paths)} frames in {folder}", 5000)

    def ask_int(self, title, label, value, low, high):
        """A whole number from the user, or None (tests replace this)."""
        from PySide6.QtWidgets import QInputDialog
        number, ok = QInputDialog.getInt(self, title, label, value, low, high)
        return number if ok else None

    def wrap_no_grad(self):
        ids = self._selected()
        if ids:
            self.session.push(AddRegion(self.session.document, ids))

    def insert_detach(self):
        """Puts ``.detach()`` between the selected node and everything that uses it."""
        ids = self._selected()
        if len(ids) != 1:
            return
        self.canvas.insert_detach(ids[0])

    def find_node(self):
        """Edit ▸ Find Node: the canvas's node search."""
        self.canvas.open_node_search()

    def rename(self):
        """Shows the inspector with the selected node's name ready to be typed over."""
        dock = self.docks["inspector"]
        dock.show()
        dock.raise_()
        return self.inspector.start_rename()

    def arrange(self):
        """Moves every node to the layered layout (one undo step), keeping the graph's
        top-left corner where it was, and fits the view. Columns that would not fit the
        canvas at ``ARRANGE_ZOOM`` wrap into bands below."""
        doc = self.session.document
        if not doc.node_ids:
            return
        corner = (min(doc.node(n).position[0] for n in doc.node_ids),
                  min(doc.node(n).position[1] for n in doc.node_ids))
        # a long chain wraps into bands so that it fits the canvas at a readable zoom
        columns = max(4, int(self.canvas.viewport().width() / ARRANGE_ZOOM / COLUMN_WIDTH))
        moves = {n: p for n, p in layered_positions(doc, corner, columns).items()
                 if tuple(p) != tuple(doc.node(n).position)}
        if moves:
            command = MoveNodes(doc, moves, merge=False)
            command.setText("Arrange graph")
            self.session.push(command)
        self._canvas_call("fit_to_view")

    # ================================================================== canvas & layout
    def _canvas_call(self, name, *args):
        return getattr(self.canvas, name)(*args)

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
        if not self.maybe_save():
            event.ignore()
            return
        if self.task is not None and self.task.running:
            self.task.cancel()
            self.task.wait()
        self.save_layout()
        self.autosaver.close()           # a clean exit leaves no recovery file
        event.accept()


def main(argv=None, settings=None) -> int:
    """Opens the window with ``FILE.gsg`` or ``NOTEBOOK.ipynb`` (the first argument; the
    status bar says the others were not opened) or the autograd tutorial example, and
    runs the event loop until the window closes. No garbage collection until the window
    is shown (``heap.hold``; gradstudio's command holds it from its own start)."""
    heap.hold()
    try:
        app, window, previous_hook = _shown_window(
            list(sys.argv[1:] if argv is None else argv), settings)
    except BaseException:
        heap.release(freeze=False)
        raise
    heap.release()
    window.offer_recovery()
    try:
        return app.exec()
    finally:
        sys.excepthook = previous_hook


def _shown_window(args, settings):
    """``(app, window, previous excepthook)``: the application and its window (whose
    hook reports uncaught exceptions), shown on ``args``' first file or the tutorial."""
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    app.setDesktopFileName("gradstudio")        # gradstudio.desktop, for the task bar
    window = MainWindow(settings=settings)
    previous_hook = window.install_excepthook()
    paths = [a for a in args if not a.startswith("-")]
    if paths:
        open_path(window, paths[0])     # (a script is traced, as Import does)
        if len(paths) > 1:
            rest = [Path(p).name for p in paths[1:]]
            window.statusBar().showMessage(
                f"A window shows one graph, so {', '.join(rest)} "
                f"{'was' if len(rest) == 1 else 'were'} not opened; use File ▸ Open for "
                f"{'it' if len(rest) == 1 else 'them'}.", 30000)
    else:
        examples = example_paths()
        if examples:
            window.open_example(examples[0])
    window.show()
    window.raise_()
    return app, window, previous_hook


if __name__ == "__main__":
    raise SystemExit(main())
