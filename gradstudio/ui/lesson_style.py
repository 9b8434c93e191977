"""The Lesson panel's colours, taken from the palette, so that a dark system theme gives
light text on dark blocks (fixed light colours made it white on white).

``lesson_colors(palette)`` blends the palette's own base, text and highlight colours;
only the marks that must say something (an output that differs, an error, the current
cell) keep their hue, in a lighter shade on a dark palette."""
from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette

__all__ = ["LessonColors", "lesson_colors", "is_dark", "mix", "contrast"]

_ROLE = QPalette.ColorRole


def is_dark(palette):
    """Whether ``palette`` is a dark theme (its text areas are dark)."""
    return palette.color(_ROLE.Base).lightnessF() < 0.5


def mix(a, b, t):
    """``a`` moved ``t`` (0…1) of the way to ``b``, as ``#rrggbb``."""
    a, b = QColor(a), QColor(b)
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t)).name()


def _luminance(color):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    c = QColor(color)
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + \
        0.0722 * channel(c.blue())


def contrast(a, b):
    """The WCAG contrast ratio of two colours (1: none, 21: black on white)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class LessonColors:
    """Colour names (``#rrggbb``) for the panel's parts."""
    dark: bool
    text: str           # code and output text
    muted: str          # captions, "Not run:" notes, the hint
    code_bg: str
    output_bg: str
    gutter_bg: str
    gutter_text: str
    border: str         # a code cell's frame
    current_bg: str     # the current cell
    line: str           # the selected node's line
    error: str
    error_bg: str
    seed_bg: str        # the note on unseeded random numbers
    edited_bg: str      # the note on an edited graph
    note_text: str


def lesson_colors(palette):
    """The panel's colours for ``palette`` (see the module's docstring)."""
    dark = is_dark(palette)
    base, text = palette.color(_ROLE.Base).name(), palette.color(_ROLE.Text).name()
    window = palette.color(_ROLE.Window).name()
    window_text = palette.color(_ROLE.WindowText).name()
    highlight = palette.color(_ROLE.Highlight).name()
    return LessonColors(
        dark=dark, text=text, muted=mix(window_text, window, 0.35),
        code_bg=mix(base, text, 0.05), output_bg=mix(base, text, 0.025),
        gutter_bg=mix(base, text, 0.10), gutter_text=mix(text, base, 0.45),
        border=mix(base, text, 0.16), current_bg=mix(window, highlight, 0.14),
        line=mix(base, "#ffc107", 0.30 if dark else 0.28),
        error="#ef9a9a" if dark else "#c62828", error_bg=mix(base, "#e53935", 0.13),
        seed_bg=mix(window, "#ffc107", 0.22 if dark else 0.15),
        edited_bg=mix(window, "#ff5722", 0.22 if dark else 0.12), note_text=window_text)
