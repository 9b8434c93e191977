"""Find Node (Ctrl+F): a small popup at the top of the canvas with a search field and the
nodes it matches. Typing filters them by name, kind or grad_fn (``y_times``, ``mul``,
``MulBackward0``); Up/Down choose, Enter picks the chosen node (the canvas selects it and
centres on it), Escape closes. When nothing matches, the popup says so."""
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QLineEdit, QListWidget, QListWidgetItem,
                               QVBoxLayout)

from gradstudio.document.catalogue import CATALOGUE
from gradstudio.ui.widgets import popup_key, popup_style
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import translate

__all__ = ["NodeSearch", "matching_nodes"]

STYLE = popup_style("nodeSearch")


def _grad_fn(session, node_id):
    """The node's grad_fn as the run shows it, else its kind's usual one."""
    state = session.state(node_id)
    if state is not None:
        return state.grad_fn or ""
    spec = CATALOGUE.get(session.document.node(node_id).kind)
    return (spec.grad_fn if spec is not None else None) or ""


def matching_nodes(session, text):
    """``[(node id, name, kind, grad_fn)]`` of the nodes matching ``text`` (any case):
    names starting with it first, then names, kinds and grad_fns containing it, each in
    the document's order. Every node for an empty text. A node marked with
    retain_grad() has it after its kind (``mul · retain_grad``), so "retain" finds it."""
    doc, text = session.document, text.strip().lower()
    starts, contains = [], []
    for node_id in doc.node_ids:
        data = doc.node(node_id)
        kind = translate("NodeSearch", "{kind} · retain_grad").format(kind=data.kind) if data.retains_grad else data.kind
        row = (node_id, doc.display_name(node_id), kind, _grad_fn(session, node_id))
        if row[1].lower().startswith(text):
            starts.append(row)
        elif any(text in field.lower() for field in row[1:]):
            contains.append(row)
    return starts + contains


class NodeSearch(QFrame):
    """The popup over a canvas; ``node_chosen(node id)`` is emitted when the user picks
    a node."""

    node_chosen = Signal(str)

    def __init__(self, canvas):
        super().__init__(canvas, Qt.Popup)
        self.session = canvas.session
        self.setObjectName("nodeSearch")
        self.setStyleSheet(STYLE)
        self.setFixedWidth(320)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(translate("NodeSearch", "Find node: name, kind or grad_fn…"))
        self.list = QListWidget(self)
        self.list.setFixedHeight(180)
        self.list.setFocusPolicy(Qt.NoFocus)
        self.message = PlainLabel(self)      # what the popup says when nothing matches
        self.message.setWordWrap(True)
        self.message.hide()
        for widget in (self.search, self.list, self.message):
            layout.addWidget(widget)
        self.search.textChanged.connect(self._on_text_changed)
        self.search.returnPressed.connect(self._on_return_pressed)
        self.list.itemActivated.connect(self._on_item_activated)
        self.search.installEventFilter(self)

    def open_at(self, global_pos):
        """Shows the popup with an empty search (listing every node) at a screen position."""
        self.search.clear()
        self._on_text_changed("")
        self.move(global_pos)
        self.show()
        self.search.setFocus()

    def current_node(self):
        """The node Enter would pick, or None."""
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.UserRole)

    def _on_text_changed(self, text):
        self.list.clear()
        for node_id, name, kind, grad_fn in matching_nodes(self.session, text):
            label = f"{name}    ·  {kind}" + (f"  ·  {grad_fn}" if grad_fn else "")
            item = QListWidgetItem(label)
            item.setData(Qt.UserRole, node_id)
            self.list.addItem(item)
        found = self.list.count() > 0
        if found:
            self.list.setCurrentRow(0)
        else:
            self.message.setText(translate("NodeSearch", "No node matches “{v}”.").format(v=text.strip()) if text.strip()
                                 else translate("NodeSearch", "The graph has no nodes yet."))
        self.list.setVisible(found)
        self.message.setVisible(not found)
        self.adjustSize()

    def _on_return_pressed(self):
        self._choose(self.current_node())

    def _on_item_activated(self, item):
        self._choose(item.data(Qt.UserRole))

    def _choose(self, node_id):
        if node_id is None:             # nothing matches: stay open to be corrected
            return
        self.hide()
        self.node_chosen.emit(node_id)

    def eventFilter(self, obj, event):
        return popup_key(self, obj, event) or super().eventFilter(obj, event)
