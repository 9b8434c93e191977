"""The classroom's part of the main window, installed by one call (``install``): the
Exercise dock (predict, then check), its place in the View menu, the step-through as a
student's hint, and the dock brought forward when a file carrying an exercise opens.
Kept out of ``main_window`` so the window's own files stay small. The window is held
weakly: nothing here makes a reference cycle through a Qt wrapper."""
import weakref

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from gradstudio.ui.canvas.notes import NotesLayer, add_note

__all__ = ["install", "install_menus", "show_exercise_if_any", "NOTE_KEY"]

NOTE_KEY = "Ctrl+Shift+N"

EXERCISE_WIDTH = 330     # pixels: a question, its box and Check side by side


def install(window):
    """Adds the classroom's docks and commands to ``window`` (a ``MainWindow``, while it
    builds its docks: before their sizes are set and the View menu lists them)."""
    ref = weakref.ref(window)
    session = window.session

    def make_exercise_panel():
        from gradstudio.ui.exercise_panel import ExercisePanel
        panel = ExercisePanel(session)
        panel.hint_requested.connect(lambda: ref() is not None and ref().step_through())
        return panel

    window._make_exercise_panel = make_exercise_panel
    dock = window._late_dock("exercise", "Exercise", Qt.DockWidgetArea.LeftDockWidgetArea)
    dock.setAccessibleName("Exercise panel: predict, then check")
    window.tabifyDockWidget(window.docks["palette"], dock)
    window.docks["palette"].raise_()
    session.document_replaced.connect(lambda: ref() is not None and show_exercise_if_any(ref()))
    NotesLayer(window.canvas.scene(), session)      # (a child of the scene)


def install_menus(window):
    """Adds the classroom's commands to the window's menus (after they are built)."""
    ref = weakref.ref(window)

    def add():
        w = ref()
        if w is not None:
            canvas = w.canvas
            centre = canvas.mapToScene(canvas.viewport().rect().center())
            add_note(w.session, w, centre)

    action = QAction("Add &Note…", window)
    action.setShortcut(QKeySequence(NOTE_KEY))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    tip = ("Add a Markdown note on the canvas, pinned to the selected node (or free); "
           "double-click a note to edit it")
    action.setStatusTip(tip)
    action.setToolTip(tip)
    action.triggered.connect(add)
    window.add_note_action = action
    graph = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Graph")
    graph.addSeparator()
    graph.addAction(action)


def show_exercise_if_any(window):
    """Brings the Exercise dock forward when the open document carries an exercise."""
    if window.session.document.exercise is not None:
        dock = window.docks["exercise"]
        dock.show()
        dock.raise_()
        window.resizeDocks([dock], [EXERCISE_WIDTH], Qt.Orientation.Horizontal)
