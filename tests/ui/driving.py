"""What the UI tests share: looking nodes up by name and driving the canvas with the mouse
as a user does (real press, move and release events on its viewport)."""
from PySide6.QtCore import QPoint, Qt


def ids(session):
    """``{display name: node id}`` of the session's document."""
    doc = session.document
    return {doc.display_name(n): n for n in doc.node_ids}


def press_and_move(qtbot, canvas, a, b, steps=6):
    """Left button down at view point ``a`` and moved to ``b`` in ``steps`` (not released)."""
    w = canvas.viewport()
    qtbot.mousePress(w, Qt.LeftButton, pos=a)
    for i in range(1, steps + 1):
        p = a + (b - a) * (i / steps)
        qtbot.mouseMove(w, QPoint(round(p.x()), round(p.y())))


def drag(qtbot, canvas, a, b, steps=6):
    """A whole left-button drag in the viewport from view point ``a`` to ``b``."""
    press_and_move(qtbot, canvas, a, b, steps)
    qtbot.mouseRelease(canvas.viewport(), Qt.LeftButton, pos=b)
