"""Small behaviours shared by the panels' editing widgets."""
from PySide6.QtCore import QEvent, QObject, Qt

__all__ = ["wheel_only_when_focused", "popup_style", "popup_key"]


def popup_key(popup, obj, event):
    """A search popup's keys in its field (``popup.search``): Up/Down move through
    ``popup.list``, Escape closes the popup. True when the key was one of them."""
    if obj is not popup.search or event.type() != QEvent.Type.KeyPress:
        return False
    key = event.key()
    if key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
        row = popup.list.currentRow() + (1 if key == Qt.Key.Key_Down else -1)
        popup.list.setCurrentRow(max(0, min(row, popup.list.count() - 1)))
        return True
    if key == Qt.Key.Key_Escape:
        popup.hide()
        return True
    return False


def popup_style(name):
    """The look of the canvas's search popups (quick add, Find Node): a dark frame named
    ``name``, its field, its list and a hint line."""
    return f"""
QFrame#{name} {{ background: #23262b; border: 1px solid #4a5361; border-radius: 6px; }}
QLineEdit {{ background: #1b1d21; color: #e8eaed; border: 1px solid #3b4049;
            border-radius: 4px; padding: 4px 6px; font-size: 12px; }}
QListWidget {{ background: transparent; color: #e8eaed; border: none; font-size: 12px; }}
QListWidget::item {{ padding: 3px 6px; }}
QListWidget::item:selected {{ background: #2f4f7a; border-radius: 3px; }}
QLabel {{ color: #9aa0a6; font-size: 12px; padding: 2px 4px; }}
"""


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


def takes_args(slot):
    """Whether a slot wants the signal's arguments (``kind_activated(str)``) rather than
    ``triggered(bool)``'s checked flag."""
    import inspect
    try:
        params = [p for p in inspect.signature(slot).parameters.values()
                  if p.default is inspect.Parameter.empty
                  and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        return False
    return bool(params)
