"""Small behaviours shared by the panels' editing widgets."""
from PySide6.QtCore import QEvent, QObject, Qt

__all__ = ["wheel_only_when_focused"]


class _WheelWhenFocused(QObject):
    """Lets a wheel over an unfocused value widget go on to its scroll area instead."""

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Wheel and not obj.hasFocus():
            event.ignore()          # Qt hands an ignored wheel to the parent: it scrolls
            return True
        return False


def wheel_only_when_focused(widget):
    """A combo box or spin box that takes the mouse wheel only once it has the focus
    (clicked or tabbed into): scrolling a panel over it to read something no longer
    changes its value in passing. Returns ``widget``."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    widget.installEventFilter(_WheelWhenFocused(widget))
    return widget
