"""The classroom's part of the main window, installed by one call (``install``): the
Exercise dock (predict, then check), its place in the View menu, the step-through as a
student's hint, and the dock brought forward when a file carrying an exercise opens.
Kept out of ``main_window`` so the window's own files stay small. The window is held
weakly: nothing here makes a reference cycle through a Qt wrapper."""
import weakref

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut

from gradstudio.ui.canvas.keyboard import PORT_PICKER_KEY, CanvasKeys
from gradstudio.ui.canvas.notes import NotesLayer, add_note
from gradstudio.ui.i18n import translate

__all__ = ["install", "install_menus", "show_exercise_if_any", "NOTE_KEY", "covered",
           "take_hint"]

NOTE_KEY = "Ctrl+Shift+N"
CANVAS_KEY = "Ctrl+1"
EXERCISE_KEY = "Ctrl+2"

EXERCISE_WIDTH = 330     # pixels: a question, its box and Check side by side


def install(window):
    """Adds the classroom's docks and commands to ``window`` (a ``MainWindow``, while it
    builds its docks: before their sizes are set and the View menu lists them)."""
    ref = weakref.ref(window)
    session = window.session

    def make_exercise_panel():
        from gradstudio.ui.exercise_panel import ExercisePanel
        panel = ExercisePanel(session)
        panel.hint_requested.connect(lambda: ref() is not None and take_hint(ref()))
        return panel

    window._make_exercise_panel = make_exercise_panel
    dock = window._late_dock("exercise", translate("Classroom", "Exercise"), Qt.DockWidgetArea.LeftDockWidgetArea)
    dock.setAccessibleName(translate("Classroom", "Exercise panel: predict, then check"))
    window.tabifyDockWidget(window.docks["palette"], dock)
    window.docks["palette"].raise_()
    session.document_replaced.connect(lambda: ref() is not None and show_exercise_if_any(ref()))
    NotesLayer(window.canvas.scene(), session)      # (a child of the scene)

    def make_graph_list_panel():
        from gradstudio.ui.graph_list import GraphList
        return GraphList(session)

    window._make_graph_list_panel = make_graph_list_panel

    def make_compare_panel():
        from gradstudio.ui.canvas.change_marks import ChangeMarks
        from gradstudio.ui.compare_panel import ComparePanel
        w = ref()
        marks = None
        if w is not None:
            marks = ChangeMarks(w.canvas.scene())
            w.canvas.scene().about_to_clear.connect(marks.clear)   # (its overlay goes)
        return ComparePanel(session, marks)

    window._make_compare_panel = make_compare_panel
    window._late_dock("compare", translate("Classroom", "Compare Runs"), Qt.DockWidgetArea.BottomDockWidgetArea)
    window.tabifyDockWidget(window.docks["code"], window.docks["compare"])
    nodes = window._late_dock("graph_list", translate("Classroom", "Graph as a List"),
                              Qt.DockWidgetArea.RightDockWidgetArea)
    nodes.setAccessibleName(translate("Classroom", "Graph as a list, for screen readers"))
    window.tabifyDockWidget(window.docks["inspector"], nodes)


def covered(name, panel, session):
    """What the dock ``name`` holds for ``panel``: an ``AnswerCover`` around it for the
    panels that would show an exercise's answers, else the panel itself."""
    from gradstudio.ui.answer_cover import COVERED, HINT_PANELS, AnswerCover
    if name not in COVERED:
        return panel
    return AnswerCover(panel, session, hint_opens=name in HINT_PANELS)


def take_hint(window):
    """The student asked for the hint: the step-through and the autograd graph open
    (their answers with them), at the backward pass."""
    from gradstudio.ui.answer_cover import AnswerCover
    window.session.hint_shown = True
    for dock in window.docks.values():
        content = dock.widget().widget()
        if isinstance(content, AnswerCover):
            content.update_cover()
    window.step_through()


def install_keys(window):
    """The canvas's keyboard paths (arrows, the port picker, Return to the parameters)
    and Esc from the inspector back to the canvas (after the panels are built)."""
    ref = weakref.ref(window)
    window.canvas_keys = CanvasKeys(window.canvas, window.inspector)
    back = QShortcut(QKeySequence(Qt.Key_Escape), window.inspector)
    back.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    back.activated.connect(lambda: ref() is not None and ref().canvas.setFocus(
        Qt.FocusReason.ShortcutFocusReason))


def _command(window, text, key, tip, slot):
    """A window-wide command with its shortcut and tip, connected to ``slot``."""
    action = QAction(text, window)
    action.setShortcut(QKeySequence(key))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.setStatusTip(tip)
    action.setToolTip(tip)
    action.triggered.connect(slot)
    return action


def install_menus(window):
    """Adds the classroom's commands to the window's menus (after they are built)."""
    ref = weakref.ref(window)

    def add():
        w = ref()
        if w is not None:
            canvas = w.canvas
            centre = canvas.mapToScene(canvas.viewport().rect().center())
            add_note(w.session, w, centre)

    action = _command(window, translate("Classroom", "Add &Note…"), NOTE_KEY,
                      translate("Classroom", "Add a Markdown note on the canvas, pinned to the selected node (or "
                      "free); double-click a note to edit it"), add)
    window.add_note_action = action
    graph = window.graph_menu
    graph.addSeparator()
    graph.addAction(action)
    install_keys(window)
    picker = _command(window, translate("Classroom", "&Connect Output To…"), PORT_PICKER_KEY,
                      translate("Classroom", "Connect the selected node's output to an input chosen from a list "
                      "(the keyboard's drag)"),
                      lambda: ref() is not None and ref().canvas_keys.open_port_picker())
    window.port_picker_action = picker
    graph.insertAction(action, picker)
    _install_focus_keys(window, ref)
    name_all(window)
    for dock in window.docks.values():   # a late panel is built when its dock is shown
        dock.visibilityChanged.connect(
            lambda shown: shown and ref() is not None and name_all(ref()))


def _install_focus_keys(window, ref):
    """View ▸ Put the Keyboard on the Canvas / on the Exercise."""
    focus = _command(window, translate("Classroom", "Put the Keyboard on the &Canvas"), CANVAS_KEY,
                     translate("Classroom", "Moves the keyboard focus to the canvas, from any panel"),
                     lambda: ref() is not None and ref().canvas.setFocus(
                         Qt.FocusReason.ShortcutFocusReason))
    focus.setToolTip("")
    window.focus_canvas_action = focus

    def to_exercise():
        w = ref()
        if w is not None:
            dock = w.docks["exercise"]
            dock.show()
            dock.raise_()
            if not w.panel("exercise").focus_first_open():
                w.panel("exercise").setFocus(Qt.FocusReason.ShortcutFocusReason)

    answer = _command(window, translate("Classroom", "Put the Keyboard on the &Exercise"), EXERCISE_KEY,
                      translate("Classroom", "Moves the keyboard to the first question of the exercise not yet "
                      "answered right"), to_exercise)
    answer.setToolTip("")
    window.focus_exercise_action = answer
    view = window.view_menu
    view.insertAction(view.actions()[0], focus)
    view.insertAction(view.actions()[1], answer)
    view.insertSeparator(view.actions()[2])


def name_all(window):
    """Accessible names for every widget of the window (``accessible_names``)."""
    from gradstudio.ui.accessible_names import name_widgets
    return name_widgets(window)


def show_exercise_if_any(window):
    """Brings the Exercise dock forward when the open document carries an exercise."""
    if window.session.document.exercise is not None:
        dock = window.docks["exercise"]
        dock.show()
        dock.raise_()
        window.resizeDocks([dock], [EXERCISE_WIDTH], Qt.Orientation.Horizontal)
