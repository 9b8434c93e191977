"""The main window's graph edits from its menus and palette: add a node where it is
easy to see, cut, copy, paste, delete, select all, add a backward of the selection, an
``nn.Linear`` layer after it, wrap it in ``no_grad``, insert ``detach()``, arrange the
graph. Each is one undo command pushed on the session (or the canvas's own).

``GraphEdits`` is an object of its own, made by the window with its collaborators: the
``session``, the ``canvas`` it places and shows nodes on, and the window itself (held
weakly: the window holds this object), for its questions (``EditHost``)."""
import weakref
from typing import Protocol

from PySide6.QtCore import QPointF

from gradstudio.document.layout import COLUMN_WIDTH, layered_positions
from gradstudio.ui.canvas.canvas import NEW_CARD
from gradstudio.ui.canvas.node_item import HEADER
from gradstudio.ui.commands import AddAction, AddLinearLayer, AddRegion, MoveNodes
from gradstudio.ui.i18n import translate

__all__ = ["GraphEdits", "EditHost", "ARRANGE_ZOOM"]

ARRANGE_ZOOM = 0.8      # Arrange Graph wraps columns that would not fit at this zoom


class EditHost(Protocol):
    """What ``GraphEdits`` asks of its window (``MainWindow`` is one; tests replace
    the questions)."""

    def ask_int(self, title, label, value, low, high): ...
    def show_error(self, title, text): ...
    def update_edit_actions(self, *_): ...


class GraphEdits:
    """The graph edits of the main window (see the module's docstring)."""

    def __init__(self, session, canvas, window: EditHost):
        self.session = session
        self.canvas = canvas
        self._window = weakref.ref(window)

    @property
    def window(self) -> EditHost:
        """The window these are the edits of."""
        return self._window()

    def _selected(self):
        """The selected nodes that are in the document."""
        return [n for n in self.session.selection if self.session.document.has_node(n)]

    def add_node(self, kind):
        """Adds a node of ``kind`` from the palette: one column to the right of the
        selected node and fed by it through its first input, in one undo step (so that
        double-clicking kinds in turn builds a chain left to right), else in the middle
        of the visible canvas; moved down until it covers no other card, and scrolled
        into view."""
        selected = self._selected()
        source = selected[0] if len(selected) == 1 else None
        if source is not None:
            x, y = self.session.document.node(source).position
            spot = QPointF(x + COLUMN_WIDTH, y)
        else:
            centre = self.canvas.mapToScene(self.canvas.viewport().rect().center())
            spot = centre - QPointF(NEW_CARD.width() / 2, NEW_CARD.height() / 2)
        corner = self._free_card(spot, self._cards())
        node_id = self.canvas.add_node_at(
            kind, corner + QPointF(NEW_CARD.width() / 2, HEADER / 2), source=source)
        item = self.canvas.item(node_id)
        if item is not None:
            self.canvas.ensureVisible(item, 24, 24)
        return node_id

    def _cards(self):
        """Where the canvas's cards are (scene rectangles)."""
        return self.canvas.card_rects()

    def _free_card(self, spot, taken):
        """The top-left corner of a new card put at ``spot`` and moved down until it
        covers none of ``taken`` (which it then joins): the canvas's rule, which quick
        add follows too."""
        return self.canvas.free_corner(spot, taken)

    def copy(self):
        self.canvas.copy_selection()
        self.window.update_edit_actions()

    def cut(self):
        if self.canvas.copy_selection():
            self.canvas.delete_selection()
        self.window.update_edit_actions()

    def paste(self):
        """Pastes the subgraph on the clipboard (nothing when it holds something else)."""
        return self.canvas.paste()

    def delete_selection(self):
        self.canvas.delete_selection()

    def select_all(self):
        self.canvas.select_all()

    def add_backward(self):
        """Appends ``target.backward()`` for the (first) selected node."""
        ids = self._selected()
        if ids:
            self.session.push(AddAction(self.session.document, "backward",
                                        {"target": ids[-1]}))

    def add_linear_layer(self):
        """Graph ▸ Add nn.Linear Layer: asks for the number of outputs; the inputs are
        the selected tensor's last dimension."""
        ids = self._selected()
        state = self.session.state(ids[-1]) if ids else None
        if state is None or not state.ok or not state.shape:
            self.window.show_error(translate("WindowEdits", "Add nn.Linear"), translate("WindowEdits", "Select a computed tensor with at least one "
                                   "dimension: the layer takes its last dimension as inputs."))
            return
        in_features = state.shape[-1]
        out = self.window.ask_int(translate("WindowEdits", "nn.Linear({in_features}, …)").format(in_features=in_features), translate("WindowEdits", "Outputs (out_features):"),
                                  in_features, 1, 4096)
        if out is None:
            return
        x, y = self.session.document.node(ids[-1]).position
        taken = self._cards()
        spots = [self._free_card(QPointF(x + dx, y + dy), taken) for dx, dy in
                 ((COLUMN_WIDTH, 0.0), (COLUMN_WIDTH, NEW_CARD.height()),
                  (2 * COLUMN_WIDTH, 0.0))]
        command = AddLinearLayer(self.session.document, ids[-1], in_features, out,
                                 [(p.x(), p.y()) for p in spots])
        self.session.push(command)
        self.session.select([command.node_id])

    def wrap_no_grad(self):
        ids = self._selected()
        if ids:
            self.session.push(AddRegion(self.session.document, ids))

    def insert_detach(self):
        """Puts ``.detach()`` between the selected node and everything that uses it."""
        ids = self._selected()
        if len(ids) != 1:
            return
        self.canvas.insert_detach(ids[0])

    def arrange(self):
        """Moves every node to the layered layout (one undo step), keeping the graph's
        top-left corner where it was, and fits the view. Columns that would not fit the
        canvas at ``ARRANGE_ZOOM`` wrap into bands below."""
        doc = self.session.document
        if not doc.node_ids:
            return
        corner = (min(doc.node(n).position[0] for n in doc.node_ids),
                  min(doc.node(n).position[1] for n in doc.node_ids))
        # a long chain wraps into bands so that it fits the canvas at a readable zoom
        columns = max(4, int(self.canvas.viewport().width() / ARRANGE_ZOOM / COLUMN_WIDTH))
        moves = {n: p for n, p in layered_positions(doc, corner, columns).items()
                 if tuple(p) != tuple(doc.node(n).position)}
        if moves:
            command = MoveNodes(doc, moves, merge=False)
            command.setText(translate("WindowEdits", "Arrange graph"))
            self.session.push(command)
        self.canvas.fit_to_view()
