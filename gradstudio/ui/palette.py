"""The palette: every node kind of the catalogue, grouped by category, with a search
field. Double-clicking (or pressing Enter on) a kind emits ``kind_activated``; the main
window decides where the new node goes. Dragging a kind carries its name as
``application/x-gradstudio-kind`` for the canvas to drop."""
from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontDatabase
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QLineEdit,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from gradstudio.document.catalogue import categories
from gradstudio.ui.canvas import KIND_MIME
from gradstudio.ui.plain import escaped
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate
from gradstudio.document.op_words import kind_doc

__all__ = ["Palette", "KIND_MIME"]

_KIND_ROLE = Qt.ItemDataRole.UserRole
# what searching for retain_grad finds: it marks a tensor, it is not a node of its own
MARK_HINT = (QT_TRANSLATE_NOOP("Palette", "retain_grad() marks a tensor rather than adding a node: right-click the "
             "tensor's node ▸ Keep .grad, or tick retains_grad in the inspector."))


def spelling(k):
    """How PyTorch code spells a kind, with placeholders made readable."""
    text = k.torch_name or k.name
    return text.replace("{self}", "x").replace("{other}", "y").replace("{", "").replace("}", "")


def tooltip(k):
    lines = [f"<b>{escaped(k.name)}</b> &nbsp; <code>{escaped(spelling(k))}</code>",
             escaped(kind_doc(k))]
    if k.grad_fn:
        lines.append(translate("Palette", "grad_fn: <code>{v}</code>").format(v=escaped(k.grad_fn)))
    elif k.is_source:
        lines.append(translate("Palette", "A source: its tensor is a leaf."))
    return "<br>".join(lines)


class _KindTree(QTreeWidget):
    """The tree of kinds; only kind rows can be dragged."""

    def mimeTypes(self):
        return [KIND_MIME]

    def mimeData(self, items):
        data = QMimeData()
        names = [it.data(0, _KIND_ROLE) for it in items if it.data(0, _KIND_ROLE)]
        if names:
            data.setData(KIND_MIME, names[0].encode("utf-8"))
            data.setText(names[0])
        return data


class Palette(QWidget):
    """Every catalogue kind by category, searchable by name, PyTorch spelling or doc."""

    kind_activated = Signal(str)   # a kind name: add a node of this kind

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.search = QLineEdit(placeholderText=translate("Palette", "Search name, torch code, doc"))
        self.search.setClearButtonEnabled(True)
        self.tree = _KindTree()
        self.tree.setHeaderHidden(True)
        self.tree.setColumnCount(2)
        self.tree.setRootIsDecorated(True)
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(12)
        # names in full; the PyTorch spelling takes the rest of the width and is cut with
        # "…" when long (the tooltip has it whole), never by the panel's edge
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(24)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.hint = QLabel(translate("Palette", MARK_HINT))
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #9aa0a6; padding: 2px;")
        self.hint.hide()
        layout.addWidget(self.search)
        layout.addWidget(self.hint)
        layout.addWidget(self.tree)
        self._items = {}            # kind name -> item
        self._haystack = {}         # kind name -> lower-case text searched
        code_font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        for category, kinds in categories().items():
            top = QTreeWidgetItem([document_word(category.capitalize())])
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            self.tree.addTopLevelItem(top)
            for k in kinds:
                item = QTreeWidgetItem([k.label or k.name, spelling(k)])
                item.setData(0, _KIND_ROLE, k.name)
                item.setForeground(1, QBrush(QColor("#80868b")))
                item.setFont(1, code_font)
                tip = tooltip(k)
                for column in (0, 1):
                    item.setToolTip(column, tip)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable |
                              Qt.ItemFlag.ItemIsDragEnabled)
                top.addChild(item)
                self._items[k.name] = item
                self._haystack[k.name] = " ".join(
                    (k.name, spelling(k), k.torch_name, k.doc, kind_doc(k), k.grad_fn or "",
                     category, document_word(category.capitalize()))).lower()
        self.tree.expandAll()
        self.search.textChanged.connect(self._on_search_text_changed)
        self.search.returnPressed.connect(self._on_search_return_pressed)
        self.tree.itemActivated.connect(self._on_item_activated)

    # ------------------------------------------------------------------ API
    def visible_kinds(self):
        """Kind names shown under the current search, in palette order."""
        return [name for name, item in self._items.items() if not item.isHidden()]

    def mime_data_for(self, kind_name):
        """The drag payload for a kind (what dropping it on the canvas receives)."""
        return self.tree.mimeData([self._items[kind_name]])

    # ------------------------------------------------------------------ slots
    def _on_search_text_changed(self, text):
        words = text.lower().split()
        self.hint.setVisible(any("retain_grad" in w or "retains_grad" in w or len(w) >= 4 and (
            "retain_grad".startswith(w) or "retains_grad".startswith(w)) for w in words))
        for name, item in self._items.items():
            item.setHidden(not all(w in self._haystack[name] for w in words))
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            top.setHidden(all(top.child(j).isHidden() for j in range(top.childCount())))
        self.tree.expandAll()

    def _on_search_return_pressed(self):
        shown = self.visible_kinds()
        if shown:
            self.kind_activated.emit(shown[0])

    def _on_item_activated(self, item, _column):
        name = item.data(0, _KIND_ROLE)
        if name:
            self.kind_activated.emit(name)
