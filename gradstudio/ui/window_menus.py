"""The main window's commands (``QAction``s, each an attribute of the window named
``<what>_action``: tests and the shortcuts dialog find them there) and its File, Edit,
Graph, View and Help menus. Every command goes through the window's ``guard``, so none
lets an exception reach the event loop; its keys are set once every command exists
(``shortcuts.apply``), each with the window's context (a plain letter: the canvas's)."""
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from gradstudio.ui import classroom, shortcuts
from gradstudio.ui.window_files import example_paths, example_title
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import add_language_menu, translate

__all__ = ["build_actions", "build_menus"]

K = QKeySequence.StandardKey


class _Maker:
    """Makes the window's ``QAction``s: a guarded slot, a status tip, and the keys
    wanted (``wanted``: QAction -> (explicit sequences, standard key))."""

    def __init__(self, window):
        self.window = window
        self.wanted = {}

    def __call__(self, text, slot=None, shortcut=None, tip="", checkable=False):
        action = QAction(text, self.window)
        if shortcut is not None:        # set once every command is made (build_actions)
            self.wanted[action] = (([], shortcut) if isinstance(shortcut, K)
                                   else ([shortcut], None))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setCheckable(checkable)
        if slot is not None:
            guarded = self.window.guard(slot, text.replace("&", "").rstrip("…"))
            if checkable:      # PySide passes a *args slot nothing: name the flag
                action.triggered.connect(lambda checked: guarded(checked))
            else:
                action.triggered.connect(guarded)
        return action


def build_actions(window):
    """Every command of ``window`` as ``window.<what>_action``, keys set."""
    a = _Maker(window)
    _file_actions(window, window.files, window.exports, a)
    _edit_actions(window, window.edits, a)
    _graph_actions(window, window.edits, a)
    _view_actions(window, a)
    a.wanted[window.delete_action] = (shortcuts.EXTRA["delete"], K.Delete)
    a.wanted[window.quit_action] = (shortcuts.EXTRA["quit"], K.Quit)
    shortcuts.apply({act: act for act in a.wanted}, a.wanted)
    for action in window.findChildren(QAction):
        if action.shortcut():
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    # a plain letter belongs to whatever has the focus: F fits only on the canvas
    window.fit_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    window.canvas.addAction(window.fit_action)


def _file_actions(w, files, exports, a):
    w.new_action = a(translate("WindowMenus", "&New"), files.new_document, K.New, translate("WindowMenus", "Start an empty graph"))
    w.open_action = a(translate("WindowMenus", "&Open…"), files.open_file, K.Open, translate("WindowMenus", "Open a GradStudio graph, or a "
                      "Jupyter notebook: its cells are run to trace their graph"))
    w.save_action = a(translate("WindowMenus", "&Save"), files.save, K.Save, translate("WindowMenus", "Save the graph"))
    w.save_as_action = a(translate("WindowMenus", "Save &As…"), files.save_as, K.SaveAs,
                         translate("WindowMenus", "Save the graph under a new name"))
    w.import_action = a(
        translate("WindowMenus", "&Import PyTorch Script…"), files.import_script, None,
        translate("WindowMenus", "Runs a PyTorch script with GradStudio's engine and turns what it computed "
        "into a graph"))
    w.import_data_action = a(
        translate("WindowMenus", "Import &Data…"), files.import_data, None,
        translate("WindowMenus", "Reads a CSV or .npy file into a data node (features, then "
                  "the label) stored in the graph file"))
    w.export_script_action = a(translate("WindowMenus", "&Export PyTorch Script…"), exports.export_script, None,
                               translate("WindowMenus", "Write the graph as a PyTorch script"))
    w.export_notebook_action = a(translate("WindowMenus", "Export Note&book…"), exports.export_notebook, None,
                                 translate("WindowMenus", "Write the graph as a Jupyter notebook"))
    w.export_png_action = a(translate("WindowMenus", "Export Canvas as &PNG…"), exports.export_png, None,
                            translate("WindowMenus", "Save a picture of the canvas"))
    w.export_svg_action = a(translate("WindowMenus", "Export Canvas as S&VG…"), exports.export_svg, None,
                            translate("WindowMenus", "Save the canvas as a scalable drawing"))
    w.quit_action = a(translate("WindowMenus", "&Quit"), w.close, K.Quit, translate("WindowMenus", "Close GradStudio"))
    w.quit_action.setMenuRole(QAction.MenuRole.QuitRole)


def _edit_actions(w, edits, a):
    stack = w.session.undo_stack
    w.undo_action = stack.createUndoAction(w, translate("WindowMenus", "&Undo"))
    a.wanted[w.undo_action] = (shortcuts.EXTRA["undo"], K.Undo)
    w.redo_action = stack.createRedoAction(w, translate("WindowMenus", "&Redo"))
    a.wanted[w.redo_action] = (shortcuts.EXTRA["redo"], K.Redo)
    w.cut_action = a(translate("WindowMenus", "Cu&t"), edits.cut, K.Cut, translate("WindowMenus", "Cut the selected nodes"))
    w.copy_action = a(translate("WindowMenus", "&Copy"), edits.copy, K.Copy, translate("WindowMenus", "Copy the selected nodes"))
    w.paste_action = a(translate("WindowMenus", "&Paste"), edits.paste, K.Paste, translate("WindowMenus", "Paste copied nodes"))
    w.delete_action = a(translate("WindowMenus", "&Delete"), edits.delete_selection, K.Delete,
                        translate("WindowMenus", "Delete the selected nodes"))
    w.select_all_action = a(translate("WindowMenus", "Select &All"), edits.select_all, K.SelectAll)
    w.find_action = a(translate("WindowMenus", "&Find Node…"), w.find_node, "Ctrl+F",
                      translate("WindowMenus", "Find a node by name, kind or grad_fn, select it and show it"))


def _graph_actions(w, edits, a):
    w.backward_action = a(translate("WindowMenus", "Add &Backward of Selection"), edits.add_backward, "Ctrl+B",
                          translate("WindowMenus", "Append selected.backward() to the timeline"))
    w.detach_action = a(translate("WindowMenus", "Insert &detach() After Selection"), edits.insert_detach,
                        "Ctrl+D", translate("WindowMenus", "Cut the graph: consumers get a detached copy"))
    w.no_grad_action = a(translate("WindowMenus", "Wrap Selection in &no_grad"), edits.wrap_no_grad, "Ctrl+G",
                         translate("WindowMenus", "Evaluate the selected nodes inside torch.no_grad()"))
    w.linear_action = a(translate("WindowMenus", "Add nn.&Linear Layer After Selection…"), edits.add_linear_layer,
                        None, translate("WindowMenus", "nn.Linear(in, out) on the selected tensor: a weight "
                        "and a bias drawn as PyTorch draws them, and F.linear"))
    w.train_action = a(translate("WindowMenus", "&Train…"), w.timeline.open_train_dialog, "Ctrl+T",
                       translate("WindowMenus", "Insert a training loop for a loss: forward, backward, "
                       "update, zero_grad, repeated"))
    w.play_action = a(translate("WindowMenus", "&Play or Pause Training Live"),
                      lambda: _live(w, "toggle"), shortcuts.PLAY_KEY,
                      translate("WindowMenus", "Run the training loop iteration by iteration "
                                "and watch every view follow (again to pause)"))
    w.step_live_action = a(translate("WindowMenus", "One Training &Iteration"),
                           lambda: _live(w, "step"), shortcuts.STEP_KEY,
                           translate("WindowMenus", "Run one more iteration of the live "
                                     "training (pausing it when it plays)"))
    w.walk_action = a(translate("WindowMenus", "&Step Through Backward Pass"), w.step_through, "Ctrl+Shift+B",
                      translate("WindowMenus", "Play the backward pass node by node: each grad_fn, the "
                      "gradient it receives and sends, the chain rule in numbers"))
    w.walk_next_action = a(translate("WindowMenus", "Next Backward Step"), lambda: w.walk_by(1), "F10",
                           translate("WindowMenus", "Run the next grad_fn of the backward pass being "
                           "stepped through"))
    w.probe_action = a(translate("WindowMenus", "&Jacobian and Gradient Check"), w.show_probe, "Ctrl+J",
                       translate("WindowMenus", "The Jacobian behind a backward pass, vᵀJ next to .grad, a "
                       "finite-difference check of the gradients and a sweep plot"))
    w.walk_back_action = a(translate("WindowMenus", "Previous Backward Step"), lambda: w.walk_by(-1), "F9",
                           translate("WindowMenus", "Go back one grad_fn in the backward pass being stepped "
                           "through"))
    w.rename_action = a(translate("WindowMenus", "&Rename…"), w.rename, "F2",
                        translate("WindowMenus", "Give the selected node a name (its variable in the code)"))
    w.arrange_action = a(translate("WindowMenus", "&Arrange Graph"), edits.arrange, "Ctrl+L",
                         translate("WindowMenus", "Lay the nodes out in columns, inputs on the left"))


def _live(w, command):
    from gradstudio.ui.live import live_session     # (not at start-up)
    getattr(live_session(w.session), command)()


def _view_actions(w, a):
    canvas = w.canvas
    w.zoom_in_action = a(translate("WindowMenus", "Zoom &In"), lambda: canvas.zoom_in(), K.ZoomIn)
    w.zoom_out_action = a(translate("WindowMenus", "Zoom &Out"), lambda: canvas.zoom_out(), K.ZoomOut)
    w.actual_size_action = a(translate("WindowMenus", "&Actual Size"), lambda: canvas.reset_zoom(),
                             "Ctrl+0", translate("WindowMenus", "Zoom to 100 %"))
    w.fit_action = a(translate("WindowMenus", "&Fit Graph in View"), lambda: canvas.fit_to_view(),
                     "F", translate("WindowMenus", "Zoom and scroll so that every node is visible"))
    w.snap_action = a(translate("WindowMenus", "&Snap to Grid"), w.set_snapping, None,
                      translate("WindowMenus", "Dragged and added nodes land on the background grid"),
                      checkable=True)
    w.next_cell_action = a(translate("WindowMenus", "&Next Cell"), lambda: w.lesson_by(1),
                           shortcuts.NEXT_CELL_KEY, translate("WindowMenus", "The lesson's next code cell: its "
                           "nodes selected, the timeline at its moment"))
    w.previous_cell_action = a(translate("WindowMenus", "&Previous Cell"), lambda: w.lesson_by(-1),
                               shortcuts.PREVIOUS_CELL_KEY,
                               translate("WindowMenus", "The lesson's previous code cell"))
    w.reset_layout_action = a(translate("WindowMenus", "&Reset Panel Layout"), w.reset_layout)
    w.shortcuts_action = a(translate("WindowMenus", "&Keyboard Shortcuts…"), w.show_shortcuts, None,
                           translate("WindowMenus", "List every command that has a keyboard shortcut"))
    w.about_action = a(translate("WindowMenus", "&About GradStudio"), w.show_about)
    w.about_action.setMenuRole(QAction.MenuRole.AboutRole)


def build_menus(window):
    """The menu bar of ``window``, from its ``*_action`` commands."""
    bar = window.menuBar()
    _file_menu(window, bar.addMenu(translate("WindowMenus", "&File")))
    edit = bar.addMenu(translate("WindowMenus", "&Edit"))
    edit.addActions([window.undo_action, window.redo_action])
    edit.addSeparator()
    edit.addActions([window.cut_action, window.copy_action, window.paste_action,
                     window.delete_action])
    edit.addSeparator()
    edit.addAction(window.select_all_action)
    edit.addAction(window.find_action)

    graph = window.graph_menu = bar.addMenu(translate("WindowMenus", "&Graph"))
    graph.addActions([window.backward_action, window.detach_action, window.no_grad_action])
    graph.addSeparator()
    graph.addActions([window.linear_action, window.train_action, window.play_action,
                      window.step_live_action])
    graph.addSeparator()
    graph.addActions([window.walk_action, window.walk_next_action, window.walk_back_action,
                      window.probe_action])
    graph.addSeparator()
    graph.addAction(window.rename_action)
    graph.addAction(window.arrange_action)
    window.view_menu = _view_menu(window, bar.addMenu(translate("WindowMenus", "&View")))
    classroom.install_menus(window)    # Graph ▸ Add Note (gradstudio/ui/classroom.py)
    help_menu = bar.addMenu(translate("WindowMenus", "&Help"))
    help_menu.addActions([window.shortcuts_action, window.about_action])


def _file_menu(w, file):
    files = w.files
    file.addActions([w.new_action, w.open_action])
    w.recent_menu = file.addMenu(translate("WindowMenus", "Open &Recent"))
    w.examples_menu = file.addMenu(translate("WindowMenus", "E&xamples"))
    for path in example_paths():
        act = w.examples_menu.addAction(document_word(example_title(path)))
        act.setStatusTip(translate("WindowMenus", "Open the bundled example {name}").format(name=path.name))
        act.triggered.connect(w.guard(lambda _=False, p=path: files.open_example(p),
                                      "Open example"))
    w.examples_menu.setEnabled(bool(w.examples_menu.actions()))
    file.addSeparator()
    file.addActions([w.save_action, w.save_as_action])
    file.addSeparator()
    file.addActions([w.import_action, w.import_data_action, w.export_script_action, w.export_notebook_action,
                     w.export_png_action, w.export_svg_action])
    file.addSeparator()
    file.addAction(w.quit_action)
    files.attach_recent_menu(w.recent_menu)


def _view_menu(w, view):
    view.addActions([w.zoom_in_action, w.zoom_out_action, w.actual_size_action,
                     w.fit_action])
    view.addSeparator()
    view.addAction(w.snap_action)
    view.addSeparator()
    view.addActions([w.next_cell_action, w.previous_cell_action])
    view.addSeparator()
    for dock in w.docks.values():
        view.addAction(dock.toggleViewAction())
    view.addSeparator()
    view.addAction(w.reset_layout_action)
    add_language_menu(w, view)
    return view
