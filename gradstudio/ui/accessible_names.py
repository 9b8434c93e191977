"""Accessible names and descriptions for every widget a screen reader can reach.

Most widgets get theirs from Qt (a button's text, a dock's title, a form label's buddy).
``name_widgets(root)`` gives the rest one, without overriding any set already: a form
field takes its row's label, a field its placeholder, a widget with a tooltip the
tooltip's first sentence (and the whole tooltip as its description), and anything else
its panel's title and what it is ("Timeline: list"). The window runs it when it is built
and whenever a dock is shown (late panels are built then)."""
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QAbstractSlider,
                               QAbstractSpinBox, QComboBox, QDockWidget, QFormLayout,
                               QGraphicsView, QLabel, QLineEdit, QListView, QPlainTextEdit,
                               QTabBar, QTabWidget, QTextEdit, QTreeView, QWidget)

__all__ = ["name_widgets", "needs_name", "kind_word", "spoken_name"]

_KINDS = ((QTreeView, "tree"), (QListView, "list"), (QComboBox, "choice"),
          (QAbstractSlider, "slider"), (QAbstractSpinBox, "number"), (QLineEdit, "text field"),
          (QTextEdit, "text"), (QPlainTextEdit, "text"), (QGraphicsView, "view"),
          (QTabWidget, "tabs"), (QTabBar, "tabs"), (QAbstractButton, "button"), (QLabel, "text"),
          (QAbstractScrollArea, "scroll area"))


def kind_word(widget):
    """What a widget is, in a word a listener understands."""
    for cls, word in _KINDS:
        if isinstance(widget, cls):
            return word
    return "panel"


def needs_name(widget):
    """A widget a screen reader can land on: it takes the keyboard focus."""
    return widget.focusPolicy() != Qt.FocusPolicy.NoFocus


def _first_sentence(text):
    text = re.sub(r"<[^>]+>", "", text or "").strip()
    if not text:
        return ""
    first = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0].rstrip(".:;")
    return first if len(first) <= 80 else first[:77] + "…"


def _form_label(widget):
    w = widget
    while w is not None and w.parentWidget() is not None:
        layout = w.parentWidget().layout()
        if isinstance(layout, QFormLayout):
            label = layout.labelForField(w)
            if isinstance(label, QLabel) and label.text().strip():
                return re.sub(r"<[^>]+>|&", "", label.text()).strip()
        if not isinstance(w, QLineEdit) and w is not widget:
            break
        w = w.parentWidget() if w.objectName() == "qt_spinbox_lineedit" or w is widget \
            else None
    return ""


def _panel_title(widget):
    w = widget
    while w is not None:
        if isinstance(w, QDockWidget):
            return w.windowTitle()
        w = w.parentWidget()
    return ""


def _name_for(widget):
    parent = widget.parentWidget()
    if widget.objectName() == "qt_spinbox_lineedit" and parent is not None:
        name = parent.accessibleName() or _form_label(parent) or _first_sentence(
            parent.toolTip())
        if name:
            return name
    name = _form_label(widget)
    if not name and isinstance(widget, QLineEdit):
        name = widget.placeholderText()
    if not name:
        name = _first_sentence(widget.toolTip())
    if not name and isinstance(parent, QAbstractScrollArea) and parent.viewport() is widget:
        name = parent.accessibleName()
    if not name:
        title = _panel_title(widget)
        name = f"{title}: {kind_word(widget)}" if title else kind_word(widget)
    return name


def spoken_name(widget):
    """The name a screen reader hears for ``widget`` (Qt's accessibility interface)."""
    face = QAccessible.queryAccessibleInterface(widget)
    return "" if face is None else face.text(QAccessible.Text.Name).strip()


def name_widgets(root):
    """Names every focusable widget under ``root`` that has no accessible name yet, and
    describes it by its tooltip where it has no description; returns how many it named."""
    named = 0
    for widget in [root] + root.findChildren(QWidget):
        if not needs_name(widget):
            continue
        if not widget.accessibleName() and not spoken_name(widget):
            widget.setAccessibleName(_name_for(widget))
            named += 1
        if not widget.accessibleDescription() and widget.toolTip():
            widget.setAccessibleDescription(re.sub(r"<[^>]+>", "", widget.toolTip()))
    return named
