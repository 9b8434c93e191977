"""The classroom's part of the main window, installed by one call (``install``): the
Exercise dock (predict, then check), its place in the View menu, the step-through as a
student's hint, and the dock brought forward when a file carrying an exercise opens.
Kept out of ``main_window`` so the window's own files stay small. The window is held
weakly: nothing here makes a reference cycle through a Qt wrapper."""
import weakref

from PySide6.QtCore import Qt

__all__ = ["install", "show_exercise_if_any"]

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


def show_exercise_if_any(window):
    """Brings the Exercise dock forward when the open document carries an exercise."""
    if window.session.document.exercise is not None:
        dock = window.docks["exercise"]
        dock.show()
        dock.raise_()
        window.resizeDocks([dock], [EXERCISE_WIDTH], Qt.Orientation.Horizontal)
