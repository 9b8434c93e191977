"""Text that comes from a file, a script, a notebook, a name or an error, shown as text.

Qt reads a label's, a message box's or a tooltip's text as HTML whenever
``Qt::mightBeRichText`` guesses so (a tag before the first line break), and HTML can make
Qt read any local file (``<img src=/dev/zero>`` froze the window). Every such widget that
may show text the user did not write in our own code goes through this module:
``PlainLabel`` for labels, ``plain_tooltip`` for tooltips, ``show_plain_error`` and
``ask_plain`` for message boxes."""
import html

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QSizePolicy, QWidget

__all__ = ["PlainLabel", "ElidedLabel", "plain_tooltip", "plain_box", "show_plain_error",
           "ask_plain", "escaped"]

_STOCK = QMessageBox.StandardButton


class PlainLabel(QLabel):
    """A ``QLabel`` that shows its text as it is, never as HTML: ``PlainLabel(text,
    parent)`` or ``PlainLabel(parent)``, as ``QLabel``."""

    def __init__(self, text="", parent=None):
        if isinstance(text, QWidget):           # QLabel(parent)
            text, parent = "", text
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)     # (before any text is parsed)
        self.setText(text)


class ElidedLabel(PlainLabel):
    """A one-line ``PlainLabel`` that never widens its panel: a text longer than the
    label's width ends in "…", the whole of it in the tooltip (a step's title can hold a
    whole recorded print, which made the timeline wider than its dock and pushed the
    action's details out of view). ``text()`` is the whole text; ``tip``, a tooltip of its
    own, follows it there."""

    def __init__(self, text="", parent=None, tip=""):
        self._whole, self._tip = "", tip
        super().__init__(text, parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text):
        self._whole = "" if text is None else str(text)
        whole = self._whole if "\n" in self._whole or len(self._whole) > 40 else ""
        self.setToolTip(plain_tooltip("\n\n".join(t for t in (whole, self._tip) if t)))
        self._elide()

    def text(self):
        return self._whole

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._elide()

    def _elide(self):
        line = self._whole.split("\n", 1)[0]
        if line != self._whole:
            line += " …"
        shown = self.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight,
                                              max(self.width(), 1))
        QLabel.setText(self, shown)


def plain_tooltip(text) -> str:
    """``text`` as a tooltip shows it: unchanged when Qt would read it as plain text,
    else escaped HTML of the same words (Qt has no plain-text switch for tooltips)."""
    text = "" if text is None else str(text)
    if not QtGui.Qt.mightBeRichText(text):
        return text
    return QtGui.Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


def escaped(text) -> str:
    """``text`` to put inside our own HTML (a rich label's caption, say)."""
    return html.escape(str(text), quote=False)


def plain_box(parent, icon, title, text, buttons=_STOCK.Ok, default=_STOCK.NoButton):
    """A message box (not yet shown) whose text is plain text."""
    box = QMessageBox(parent)
    box.setIcon(icon)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    box.setStandardButtons(buttons)
    if default != _STOCK.NoButton:
        box.setDefaultButton(default)
    return box


def show_plain_error(parent, title, text):
    """``QMessageBox.critical`` with ``text`` shown as plain text."""
    plain_box(parent, QMessageBox.Icon.Critical, title, text).exec()


def show_plain_notice(parent, title, text):
    """``QMessageBox.information`` with ``text`` shown as plain text."""
    plain_box(parent, QMessageBox.Icon.Information, title, text).exec()


def ask_plain(parent, title, text, buttons, default):
    """``QMessageBox.question`` with ``text`` shown as plain text; the button pressed."""
    box = plain_box(parent, QMessageBox.Icon.Question, title, text, buttons, default)
    box.exec()
    button = box.clickedButton()
    return box.standardButton(button) if button is not None else _STOCK.Cancel
