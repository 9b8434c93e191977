"""The canvas scene: mirrors the session's document by id (nodes, edges, no-grad regions)
through its change events, and the session's run at the viewed step. Items are updated in
place; nothing is rebuilt except when the whole document is replaced."""
from PySide6.QtCore import QRectF, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from . import batch_build, hits, sparse
from .change_marks import ChangeMarks
from .drawing import GRID, SceneDrawing
from .edge_item import EdgeItem
from .node_item import NodeItem
from .region_item import RegionItem
from .run_shown import check_marks, node_tooltip, show_run, walk_marks

__all__ = ["CanvasScene", "GRID"]

EXTENT = 200_000.0


class CanvasScene(sparse.SparseCards, QGraphicsScene):
    """A ``QGraphicsScene`` over a ``Session``. Selection is kept in step with
    ``session.select`` / ``session.selection_changed`` in both directions. A big
    document's cards are made only as they come into view (``sparse``): ``realizing``
    meanwhile, ``realized`` once the cards in view have been made.

    A new document drops every item (``rebuild``). Nothing may keep a Python reference
    to an item past that: ``about_to_clear`` is emitted first, while the items still
    live, for whoever holds one (the canvas's mouse mode) to let go, and the scene's own
    holders (the item maps, the three kinds of marks) are emptied."""

    about_to_clear = Signal()    # every item is about to go: drop your references to them
    realized = Signal()          # (a big document) the cards in view are made

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.nodes = {}       # node id -> NodeItem
        self.cards = {}       # node id -> its NodeItem's Card (plain: quick to go through)
        self.edges = {}       # (source, target, port) -> EdgeItem
        self.edge_keys = {}   # node id -> {edge key}: the edges touching that node
        self.regions = {}     # region id -> RegionItem
        self.regions_of = {}  # node id -> [RegionItem]
        self._syncing = False
        self.sparse = False            # a big document: cards only where the view is
        self.places = None             # ... where its nodes are (``sparse.Places``)
        self.complete = set()          # ... the nodes whose card and edges are made
        self._realizer = sparse.Realizer(self)
        self._applying = None          # the BatchApply showing a run on a big graph
        self.overview = False          # zoomed far out: drawn in one batch, not per item
        self.drawing = SceneDrawing()  # the grid, and the overview's batched drawing
        self.setSceneRect(QRectF(-EXTENT / 2, -EXTENT / 2, EXTENT, EXTENT))
        self.setItemIndexMethod(QGraphicsScene.BspTreeIndex)
        self.marks = ChangeMarks(self)   # what the last edit changed
        self.walk_marks = ChangeMarks(self)  # the node a step-through is at
        self.check_marks = ChangeMarks(self)  # gradient checks: ✓ or ✗ on their leaf
        session.document_changed.connect(self._on_document_edited)
        session.node_added.connect(self._on_node_added)   # one handler per change (see
        session.node_removed.connect(self._remove_node)  # ``Session.CHANGE_SIGNALS``)
        session.node_changed.connect(self._on_node_changed)
        session.edge_added.connect(self._on_edge_added)
        session.edge_removed.connect(self._on_edge_removed)
        session.region_changed.connect(self._update_region)
        session.document_reset.connect(self.rebuild)
        session.document_replaced.connect(self.rebuild)
        session.run_finished.connect(self._on_run_or_step_changed)
        session.step_changed.connect(self._on_run_or_step_changed)
        session.selection_changed.connect(self._on_session_selection_changed)
        session.autograd_changed.connect(self._on_autograd_changed)
        session.walk_changed.connect(self._on_walk_changed)
        self.selectionChanged.connect(self._on_scene_selection_changed)
        self.rebuild()

    @property
    def document(self):
        return self.session.document

    # ------------------------------------------------------------------ building
    def rebuild(self):
        """Drops every item and mirrors the document afresh (a big one only where the view
        is, see ``sparse``)."""
        self.about_to_clear.emit()
        self._realizer.cancel()
        self._stop_applying()
        self._syncing = True
        try:
            for marks in (self.marks, self.walk_marks, self.check_marks):
                marks.clear()            # (their overlay items go with the scene's)
            self.clear()
            self.nodes, self.edges, self.regions, self.regions_of = {}, {}, {}, {}
            self.cards, self.edge_keys, self.complete = {}, {}, set()
            doc = self.document
            self.sparse = len(doc.node_ids) > sparse.SPARSE_NODES
            self.places = sparse.places_of(doc) if self.sparse else None
            if self.sparse:
                framed = set().union(*(r.nodes for r in doc.regions.values()))
                if len(framed) <= sparse.REALIZE_MOST:   # (a frame holds all its cards)
                    sparse.realize(self, [n for n in doc.node_ids if n in framed])
            else:
                for data in doc.nodes():
                    self._add_node(data.id)
                for u, v, k in doc.edges():
                    self._add_edge(u, v, k)
            for rid in doc.regions:
                self._update_region(rid)
        finally:
            self._syncing = False
        self.apply_run()
        self.overview_changed()
        self._on_session_selection_changed(self.session.selection)
        if self.sparse:
            self._realizer.schedule()

    def _add_node(self, node_id):
        doc = self.document
        item = NodeItem(doc.node(node_id), doc.in_no_grad(node_id), doc.display_name(node_id))
        if self.overview:    # (a Qt call each, on 100,000 cards: only when it says something)
            item.setFlag(QGraphicsItem.ItemHasNoContents, True)
        self.nodes[node_id] = item
        self.cards[node_id] = item.card
        self.edge_keys[node_id] = set()
        self.addItem(item)
        return item

    def _remove_node(self, node_id):
        self.complete.discard(node_id)
        item = self.nodes.pop(node_id, None)
        if item is None:
            return
        self.cards.pop(node_id, None)
        for key in list(self.edge_keys.get(node_id, ())):
            self._remove_edge(key)
        self.edge_keys.pop(node_id, None)
        for r in self.regions_of.pop(node_id, []):
            if item in r.nodes:
                r.nodes.remove(item)
                r.update_frame()
        self.removeItem(item)

    def _add_edge(self, u, v, k):
        if (u, v, k) in self.edges or u not in self.nodes or v not in self.nodes:
            return
        src, dst = self.nodes[u], self.nodes[v]
        edge = EdgeItem((u, v, k), src, dst)
        if self.overview:
            edge.setFlag(QGraphicsItem.ItemHasNoContents, True)
        self.edges[edge.key] = edge
        self.edge_keys[u].add(edge.key)
        self.edge_keys[v].add(edge.key)
        src.consumers += 1
        dst.connected.add(k)
        src.update()
        dst.update()
        self.addItem(edge)
        self._set_flow(edge)

    def _remove_edge(self, key):
        edge = self.edges.pop(tuple(key), None)
        if edge is None:
            return
        for node_id in (edge.source_id, edge.target_id):
            self.edge_keys.get(node_id, set()).discard(edge.key)
            item = self.nodes.get(node_id)
            if item is not None:
                item.update()
        if edge.source_id in self.nodes:
            self.nodes[edge.source_id].consumers -= 1
        if edge.target_id in self.nodes:
            self.nodes[edge.target_id].connected.discard(edge.port)
        self.removeItem(edge)

    def edges_of(self, node_id):
        """The EdgeItems touching a node."""
        return [self.edges[key] for key in self.edge_keys.get(node_id, ())]

    def route(self, edge):
        """Lays ``edge`` along its two cards' ports."""
        edge.update_path(self.nodes[edge.source_id], self.nodes[edge.target_id])

    def _update_region(self, rid):
        region = self.document.regions.get(rid)
        item = self.regions.get(rid)
        for members in self.regions_of.values():
            if item in members:
                members.remove(item)
        if region is None:
            if item is not None:
                self.removeItem(self.regions.pop(rid))
            return
        members = [self.nodes[n] for n in sorted(region.nodes) if n in self.nodes]
        if item is None:
            item = self.regions[rid] = RegionItem(region, members)
            self.addItem(item)
        else:
            item.set_region(region, members)
        for n in members:
            self.regions_of.setdefault(n.node_id, []).append(item)

    # ------------------------------------------------------------------ document events
    def _on_document_edited(self, change):
        """Any edit (it arrives before its typed signal): the last edit's marks are out of
        date, and so is the overview's drawing."""
        self.drawing.batch = None
        self.marks.clear()
        if self.sparse and change.kind.startswith(("node_", "edge_")):
            self.places.stale(edges=change.kind.startswith("edge_"))   # (or moved)
            self._realizer.schedule()

    def _on_node_added(self, node_id):
        self._add_node(node_id)
        self.complete.add(node_id)       # (its edges come as edge_added)

    def _on_edge_added(self, source, target, port):
        if self.sparse and (source in self.nodes) != (target in self.nodes):
            self.add_node_item(target if source in self.nodes else source)
        self._add_edge(source, target, port)

    def _on_node_changed(self, node_id):
        item = self.nodes.get(node_id)
        if item is not None:
            item.set_data(self.document.node(node_id), self.document.display_name(node_id))
            for e in self.edges_of(node_id):
                self.route(e)
            for r in self.regions_of.get(node_id, ()):
                r.update_frame()     # (its size may follow its name or params)

    def _on_edge_removed(self, source, target, port):
        self._remove_edge((source, target, port))

    def node_moved(self, item):
        """Called by a NodeItem when it moved: its edges and frames follow."""
        self.drawing.batch = None
        for e in self.edges_of(item.node_id):
            self.route(e)
        for r in self.regions_of.get(item.node_id, ()):
            r.update_frame()
        if self.marks.marks:
            self.marks.node_moved(item)
        for marks in (self.walk_marks, self.check_marks):
            if marks.marks:
                marks.node_moved(item)

    # ------------------------------------------------------------------ run
    def _on_run_or_step_changed(self, _run_or_step):
        self._stop_applying()
        if len(self.cards) > batch_build.EAGER_NODES:
            self._applying = batch_build.BatchApply(self)    # a slice per event-loop turn
            self._applying.start()
            return
        self.apply_run()
        self.run_applied()

    @property
    def applying(self):
        """Whether a run is still being shown on a big graph's cards, a slice at a time."""
        return self._applying is not None

    def run_applied(self):
        """The run is shown on every card: the marks follow the cards' heights."""
        if self._applying is not None:
            self._applying.deleteLater()
            self._applying = None
            self.overview_changed()
        self.marks.refit()               # node heights follow their badges
        self.walk_marks.refit()
        self.check_marks.refit()

    def show_gradient_checks(self, verdicts):
        """``{node id: passed}``: a "gradcheck ✓" (green) or "gradcheck ✗" (amber) tag
        on each checked leaf."""
        self.check_marks.show_marks(check_marks(verdicts))

    def helpEvent(self, event):
        """A node's tooltip, made when asked for (``run_shown.node_tooltip``)."""
        item = self.node_at(event.scenePos())
        result = self.session.result
        if item is not None and not item.has_error and result is not None:
            item.setToolTip(node_tooltip(self.document, result, item, self.session.step))
        super().helpEvent(event)

    def _on_walk_changed(self):
        """Rings the node whose grad_fn the step-through runs (the leaf, for an
        AccumulateGrad), tagged with the grad_fn and the gradient it received."""
        marks = walk_marks(self.session)
        if marks is None:
            self.walk_marks.clear()
            return
        self.walk_marks.show_marks(marks)
        for mark in self.walk_marks.marks.values():      # keep it in sight as it moves
            for view in self.views():
                view.ensureVisible(mark.bounds, 40, 40)

    def _on_autograd_changed(self, changes):
        """Marks the nodes that gained or lost a grad_fn or a .grad in the last edit."""
        self.marks.show(changes)
        self.overview_changed()

    def apply_run(self, node_ids=None):
        """Shows the session's run at the viewed step on every node and edge (or on the
        cards of ``node_ids``, just made), in place. Only what changed is followed up: the
        edges of cards whose gradient flow changed, the paths leaving cards whose width
        changed, the frames around resized cards."""
        show_run(self, node_ids)

    def _set_flow(self, edge):
        edge.set_flow(self.nodes[edge.source_id].gives_grad and
                      self.nodes[edge.target_id].takes_grad)

    # ------------------------------------------------------------------ selection
    def selected_ids(self):
        """Selected node ids in document order (of a big document, ``sparse``, also those
        selected without a card yet: the session's selection)."""
        if self.sparse:
            chosen = set(self.session.selection)
            return [n for n in self.document.node_ids if n in chosen]
        return self._selected_cards()

    def _selected_cards(self):
        chosen = {i.node_id for i in self.selectedItems() if isinstance(i, NodeItem)}
        return [n for n in self.document.node_ids if n in chosen]

    def _on_scene_selection_changed(self):
        self.overview_changed()
        if not self._syncing:
            self._syncing = True
            try:
                self.session.select(self._selected_cards())
            finally:
                self._syncing = False

    def _on_session_selection_changed(self, node_ids):
        if self.marks.marks and not self.marks.settling:
            self.marks.clear()           # the user moved on: the last edit's marks go
            self.overview_changed()
        elif self.sparse:                # (nodes selected without a card: in the overview)
            self.overview_changed()
        if self._syncing:
            return
        self._syncing = True
        try:
            wanted = set(node_ids)
            for node_id, item in self.nodes.items():
                if item.isSelected() != (node_id in wanted):
                    item.setSelected(node_id in wanted)
        finally:
            self._syncing = False

    # ------------------------------------------------------------------ queries (``hits``)
    def node_at(self, scene_pos):
        """The topmost NodeItem under a scene point (ports reach a little outside)."""
        return hits.node_at(self, scene_pos)

    def port_at(self, scene_pos):
        """``(NodeItem, "in"|"out", port)`` under a scene point, or None."""
        return hits.port_at(self, scene_pos)

    def region_at(self, scene_pos):
        """The RegionItem whose frame holds a scene point (the innermost), or None."""
        return hits.region_at(self.regions, scene_pos)

    def region_title_at(self, scene_pos):
        """The RegionItem whose title strip (above its nodes) holds a scene point."""
        return hits.region_title_at(self.regions, scene_pos)

    def node_rect(self, node_id):
        """Where a node's card is (see ``hits.node_rect``); None for no such node."""
        return hits.node_rect(self, node_id)

    def nodes_rect(self):
        """The scene rectangle holding every card and frame (see ``hits.nodes_rect``)."""
        return hits.nodes_rect(self)

    # ------------------------------------------------------------------ overview (LOD)
    def set_overview(self, on):
        """Zoomed far out, nodes and edges are not painted one by one (each paint is a
        Python call): items keep their geometry for hit tests and selection but have no
        contents, and the scene draws them all in a few batched calls."""
        on = bool(on)
        if on == self.overview:
            return
        self.overview = on
        self.drawing.batch = None
        for item in list(self.nodes.values()) + list(self.edges.values()):
            item.setFlag(QGraphicsItem.ItemHasNoContents, on)
        self.marks.set_overview(on)
        self.update()

    def overview_changed(self):
        """The overview's drawing is out of date: made again (and shown, when zoomed out)."""
        self.drawing.batch = None
        if self.overview:
            self.update()

    def _stop_applying(self):
        if self._applying is not None:
            self._applying.cancel()
            self._applying.deleteLater()
            self._applying = None

    def drawBackground(self, painter, rect):
        self.drawing.draw_background(painter, rect)
        if self.overview and painter.worldTransform().m11() < 1.0:
            self.drawing.draw_overview(painter, self)
