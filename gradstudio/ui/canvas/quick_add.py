"""Quick add: Tab on the canvas opens a small search popup at the cursor listing the
catalogue's kinds; typing filters (by name, PyTorch spelling, category or doc), Up/Down
choose, Enter adds the node where the popup was opened, Escape closes it."""
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QLineEdit, QListWidget, QListWidgetItem,
                               QVBoxLayout)

from gradstudio.document.catalogue import CATALOGUE
from gradstudio.ui.widgets import popup_key, popup_style
from gradstudio.ui.i18n import translate
from gradstudio.document.op_words import kind_doc

__all__ = ["QuickAdd", "matching_kinds"]

STYLE = popup_style("quickAdd")


def matching_kinds(text):
    """Kind names matching ``text``: names starting with it first, then the rest."""
    text = text.strip().lower()
    if not text:
        return list(CATALOGUE)
    starts, contains = [], []
    for name, k in CATALOGUE.items():
        if name.lower().startswith(text):
            starts.append(name)
        elif text in name.lower() or text in (k.torch_name or "").lower() \
                or text in k.category.lower() or text in k.doc.lower() \
                or text in kind_doc(k).lower():
            contains.append(name)
    return starts + contains


class QuickAdd(QFrame):
    """The popup. ``kind_chosen(name)`` is emitted when the user picks a kind."""

    kind_chosen = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent, Qt.Popup)
        self.setObjectName("quickAdd")
        self.setStyleSheet(STYLE)
        self.setFixedWidth(280)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(translate("QuickAdd", "Add node…"))
        self.list = QListWidget(self)
        self.list.setFixedHeight(220)
        self.list.setFocusPolicy(Qt.NoFocus)
        layout.addWidget(self.search)
        layout.addWidget(self.list)
        self.search.textChanged.connect(self._on_text_changed)
        self.search.returnPressed.connect(self._on_return_pressed)
        self.list.itemActivated.connect(self._on_item_activated)
        self.search.installEventFilter(self)
        self._on_text_changed("")

    def open_at(self, global_pos):
        """Shows the popup with an empty search at a screen position."""
        self.search.clear()
        self.move(global_pos)
        self.show()
        self.search.setFocus()

    def _on_text_changed(self, text):
        self.list.clear()
        for name in matching_kinds(text):
            k = CATALOGUE[name]
            item = QListWidgetItem(f"{name}    ·  {k.category}")
            item.setData(Qt.UserRole, name)
            item.setToolTip(kind_doc(k))
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)

    def current_kind(self):
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.UserRole)

    def _on_return_pressed(self):
        self._choose(self.current_kind())

    def _on_item_activated(self, item):
        self._choose(item.data(Qt.UserRole))

    def _choose(self, name):
        self.hide()
        if name:
            self.kind_chosen.emit(name)

    def eventFilter(self, obj, event):
        return popup_key(self, obj, event) or super().eventFilter(obj, event)
