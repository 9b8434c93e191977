"""The colours a panel gives its own words (an error, a check that passed or failed),
chosen for the palette in use: the dark shades of a light theme are unreadable on a dark
window (``#c62828`` is 2.5:1 on ``#2b2b2b``), so a dark palette gets light ones. Muted
help lines take the palette's own placeholder colour (``MUTED_STYLE``)."""
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from gradstudio.ui.lesson_style import is_dark

__all__ = ["MUTED_STYLE", "tone", "tone_colour", "tone_style"]

_LIGHT = {"error": "#c62828", "ok": "#2e7d32", "pending": "#757575"}
_DARK = {"error": "#ef9a9a", "ok": "#a5d6a7", "pending": "#a0a0a0"}
MUTED_STYLE = "color: palette(placeholder-text);"


def tone(name, palette=None):
    """The colour ``name`` ("error", "ok" or "pending") as ``#rrggbb`` for ``palette``
    (the application's by default)."""
    dark = is_dark(palette if palette is not None else QApplication.palette())
    return (_DARK if dark else _LIGHT)[name]


def tone_style(name, palette=None):
    """A style sheet giving a widget's text the colour ``name``."""
    return f"color: {tone(name, palette)};"


def tone_colour(name, palette=None):
    return QColor(tone(name, palette))
