"""The main window's commands (``QAction``s, each an attribute of the window named
``<what>_action``: tests and the shortcuts dialog find them there) and its File, Edit,
Graph, View and Help menus. Every command goes through the window's ``guard``, so none
lets an exception reach the event loop; its keys are set once every command exists
(``shortcuts.apply``), each with the window's context (a plain letter: the canvas's)."""
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from gradstudio.ui import classroom, shortcuts
from gradstudio.ui.window_files import example_paths, example_title

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
    w.new_action = a("&New", files.new_document, K.New, "Start an empty graph")
    w.open_action = a("&Open…", files.open_file, K.Open, "Open a GradStudio graph, or a "
                      "Jupyter notebook: its cells are run to trace their graph")
    w.save_action = a("&Save", files.save, K.Save, "Save the graph")
    w.save_as_action = a("Save &As…", files.save_as, K.SaveAs,
                         "Save the graph under a new name")
    w.import_action = a(
        "&Import PyTorch Script…", files.import_script, None,
        "Runs a PyTorch script with GradStudio's engine and turns what it computed "
        "into a graph")
    w.import_data_action = a(
        "Import &Data…", files.import_data, None,
        "Reads a CSV or .npy file into a data node (features, then the label) stored in "
        "the graph file")
    w.export_script_action = a("&Export PyTorch Script…", exports.export_script, None,
                               "Write the graph as a PyTorch script")
    w.export_notebook_action = a("Export Note&book…", exports.export_notebook, None,
                                 "Write the graph as a Jupyter notebook")
    w.export_png_action = a("Export Canvas as &PNG…", exports.export_png, None,
                            "Save a picture of the canvas")
    w.export_svg_action = a("Export Canvas as S&VG…", exports.export_svg, None,
                            "Save the canvas as a scalable drawing")
    w.quit_action = a("&Quit", w.close, K.Quit, "Close GradStudio")
    w.quit_action.setMenuRole(QAction.MenuRole.QuitRole)


def _edit_actions(w, edits, a):
    stack = w.session.undo_stack
    w.undo_action = stack.createUndoAction(w, "&Undo")
    a.wanted[w.undo_action] = (shortcuts.EXTRA["undo"], K.Undo)
    w.redo_action = stack.createRedoAction(w, "&Redo")
    a.wanted[w.redo_action] = (shortcuts.EXTRA["redo"], K.Redo)
    w.cut_action = a("Cu&t", edits.cut, K.Cut, "Cut the selected nodes")
    w.copy_action = a("&Copy", edits.copy, K.Copy, "Copy the selected nodes")
    w.paste_action = a("&Paste", edits.paste, K.Paste, "Paste copied nodes")
    w.delete_action = a("&Delete", edits.delete_selection, K.Delete,
                        "Delete the selected nodes")
    w.select_all_action = a("Select &All", edits.select_all, K.SelectAll)
    w.find_action = a("&Find Node…", w.find_node, "Ctrl+F",
                      "Find a node by name, kind or grad_fn, select it and show it")


def _graph_actions(w, edits, a):
    w.backward_action = a("Add &Backward of Selection", edits.add_backward, "Ctrl+B",
                          "Append selected.backward() to the timeline")
    w.detach_action = a("Insert &detach() After Selection", edits.insert_detach,
                        "Ctrl+D", "Cut the graph: consumers get a detached copy")
    w.no_grad_action = a("Wrap Selection in &no_grad", edits.wrap_no_grad, "Ctrl+G",
                         "Evaluate the selected nodes inside torch.no_grad()")
    w.linear_action = a("Add nn.&Linear Layer After Selection…", edits.add_linear_layer,
                        None, "nn.Linear(in, out) on the selected tensor: a weight "
                        "and a bias drawn as PyTorch draws them, and F.linear")
    w.train_action = a("&Train…", w.timeline.open_train_dialog, "Ctrl+T",
                       "Insert a training loop for a loss: forward, backward, "
                       "update, zero_grad, repeated")
    w.walk_action = a("&Step Through Backward Pass", w.step_through, "Ctrl+Shift+B",
                      "Play the backward pass node by node: each grad_fn, the "
                      "gradient it receives and sends, the chain rule in numbers")
    w.walk_next_action = a("Next Backward Step", lambda: w.walk_by(1), "F10",
                           "Run the next grad_fn of the backward pass being "
                           "stepped through")
    w.probe_action = a("&Jacobian and Gradient Check", w.show_probe, "Ctrl+J",
                       "The Jacobian behind a backward pass, vᵀJ next to .grad, a "
                       "finite-difference check of the gradients and a sweep plot")
    w.walk_back_action = a("Previous Backward Step", lambda: w.walk_by(-1), "F9",
                           "Go back one grad_fn in the backward pass being stepped "
                           "through")
    w.rename_action = a("&Rename…", w.rename, "F2",
                        "Give the selected node a name (its variable in the code)")
    w.arrange_action = a("&Arrange Graph", edits.arrange, "Ctrl+L",
                         "Lay the nodes out in columns, inputs on the left")


def _view_actions(w, a):
    canvas = w.canvas
    w.zoom_in_action = a("Zoom &In", lambda: canvas.zoom_in(), K.ZoomIn)
    w.zoom_out_action = a("Zoom &Out", lambda: canvas.zoom_out(), K.ZoomOut)
    w.actual_size_action = a("&Actual Size", lambda: canvas.reset_zoom(),
                             "Ctrl+0", "Zoom to 100 %")
    w.fit_action = a("&Fit Graph in View", lambda: canvas.fit_to_view(),
                     "F", "Zoom and scroll so that every node is visible")
    w.snap_action = a("&Snap to Grid", w.set_snapping, None,
                      "Dragged and added nodes land on the background grid",
                      checkable=True)
    w.next_cell_action = a("&Next Cell", lambda: w.lesson_by(1),
                           shortcuts.NEXT_CELL_KEY, "The lesson's next code cell: its "
                           "nodes selected, the timeline at its moment")
    w.previous_cell_action = a("&Previous Cell", lambda: w.lesson_by(-1),
                               shortcuts.PREVIOUS_CELL_KEY,
                               "The lesson's previous code cell")
    w.reset_layout_action = a("&Reset Panel Layout", w.reset_layout)
    w.shortcuts_action = a("&Keyboard Shortcuts…", w.show_shortcuts, None,
                           "List every command that has a keyboard shortcut")
    w.about_action = a("&About GradStudio", w.show_about)
    w.about_action.setMenuRole(QAction.MenuRole.AboutRole)


def build_menus(window):
    """The menu bar of ``window``, from its ``*_action`` commands."""
    bar = window.menuBar()
    _file_menu(window, bar.addMenu("&File"))
    edit = bar.addMenu("&Edit")
    edit.addActions([window.undo_action, window.redo_action])
    edit.addSeparator()
    edit.addActions([window.cut_action, window.copy_action, window.paste_action,
                     window.delete_action])
    edit.addSeparator()
    edit.addAction(window.select_all_action)
    edit.addAction(window.find_action)

    graph = bar.addMenu("&Graph")
    graph.addActions([window.backward_action, window.detach_action, window.no_grad_action])
    graph.addSeparator()
    graph.addActions([window.linear_action, window.train_action])
    graph.addSeparator()
    graph.addActions([window.walk_action, window.walk_next_action, window.walk_back_action,
                      window.probe_action])
    graph.addSeparator()
    graph.addAction(window.rename_action)
    graph.addAction(window.arrange_action)
    window.view_menu = _view_menu(window, bar.addMenu("&View"))
    classroom.install_menus(window)    # Graph ▸ Add Note (gradstudio/ui/classroom.py)
    help_menu = bar.addMenu("&Help")
    help_menu.addActions([window.shortcuts_action, window.about_action])


def _file_menu(w, file):
    files = w.files
    file.addActions([w.new_action, w.open_action])
    w.recent_menu = file.addMenu("Open &Recent")
    w.examples_menu = file.addMenu("E&xamples")
    for path in example_paths():
        act = w.examples_menu.addAction(example_title(path))
        act.setStatusTip(f"Open the bundled example {path.name}")
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
    return view
