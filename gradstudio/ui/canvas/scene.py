"""The canvas scene: mirrors the session's document by id (nodes, edges, no-grad regions)
through its change events, and the session's run at the viewed step. Items are updated in
place; nothing is rebuilt except when the whole document is replaced."""
import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QGraphicsScene

from . import theme
from .edge_item import EdgeItem
from .node_item import NodeItem
from .region_item import RegionItem

__all__ = ["CanvasScene", "GRID"]

GRID = 20.0
EXTENT = 200_000.0


class CanvasScene(QGraphicsScene):
    """A ``QGraphicsScene`` over a ``Session``. Selection is kept in step with
    ``session.select`` / ``session.selection_changed`` in both directions."""

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.nodes = {}       # node id -> NodeItem
        self.edges = {}       # (source, target, port) -> EdgeItem
        self.regions = {}     # region id -> RegionItem
        self._regions_of = {}  # node id -> [RegionItem]
        self._syncing = False
        self.setSceneRect(QRectF(-EXTENT / 2, -EXTENT / 2, EXTENT, EXTENT))
        self.setItemIndexMethod(QGraphicsScene.BspTreeIndex)
        self._dot_pen = QPen(theme.GRID_DOT, 1.6)
        self._dot_pen.setCosmetic(True)
        session.document_changed.connect(self._on_document_changed)
        session.document_replaced.connect(self._on_document_replaced)
        session.run_finished.connect(self._on_run_finished)
        session.step_changed.connect(self._on_step_changed)
        session.selection_changed.connect(self._on_session_selection_changed)
        self.selectionChanged.connect(self._on_scene_selection_changed)
        self.rebuild()

    @property
    def document(self):
        return self.session.document

    # ------------------------------------------------------------------ building
    def rebuild(self):
        """Drops every item and mirrors the document afresh."""
        self._syncing = True
        try:
            self.clear()
            self.nodes, self.edges, self.regions, self._regions_of = {}, {}, {}, {}
            doc = self.document
            for data in doc.nodes():
                self._add_node(data.id)
            for u, v, k in doc.edges():
                self._add_edge(u, v, k)
            for rid in doc.regions:
                self._update_region(rid)
        finally:
            self._syncing = False
        self.apply_run()
        self._on_session_selection_changed(self.session.selection)

    def _add_node(self, node_id):
        item = NodeItem(self.document.node(node_id), self.document.in_no_grad(node_id))
        item.moved_callback = self._on_node_moved
        self.nodes[node_id] = item
        self.addItem(item)
        return item

    def _remove_node(self, node_id):
        item = self.nodes.pop(node_id, None)
        if item is None:
            return
        for e in list(item.edges):
            self._remove_edge(e.key)
        for r in self._regions_of.pop(node_id, []):
            if item in r.nodes:
                r.nodes.remove(item)
                r.update_frame()
        self.removeItem(item)

    def _add_edge(self, u, v, k):
        if (u, v, k) in self.edges or u not in self.nodes or v not in self.nodes:
            return
        src, dst = self.nodes[u], self.nodes[v]
        edge = EdgeItem(src, dst, k)
        self.edges[edge.key] = edge
        src.edges.append(edge)
        dst.edges.append(edge)
        dst.connected.add(k)
        src.update()
        dst.update()
        self.addItem(edge)
        self._set_flow(edge)

    def _remove_edge(self, key):
        edge = self.edges.pop(tuple(key), None)
        if edge is None:
            return
        for n in (edge.source, edge.target):
            if edge in n.edges:
                n.edges.remove(edge)
            n.update()
        edge.target.connected.discard(edge.port)
        self.removeItem(edge)

    def _update_region(self, rid):
        region = self.document.regions.get(rid)
        item = self.regions.get(rid)
        for members in self._regions_of.values():
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
            self._regions_of.setdefault(n.node_id, []).append(item)

    # ------------------------------------------------------------------ document events
    def _on_document_changed(self, change):
        kind, target = change.kind, change.target
        if kind == "node_added":
            self._add_node(target)
        elif kind == "node_removed":
            self._remove_node(target)
        elif kind == "node_changed":
            item = self.nodes.get(target)
            if item is not None:
                item.set_data(self.document.node(target))
                for e in item.edges:
                    e.update_path()
        elif kind == "edge_added":
            self._add_edge(*target)
        elif kind == "edge_removed":
            self._remove_edge(target)
        elif kind == "region_changed":
            self._update_region(target)
        elif kind == "reset":
            self.rebuild()

    def _on_document_replaced(self):
        self.rebuild()

    def _on_node_moved(self, item):
        for e in item.edges:
            e.update_path()
        for r in self._regions_of.get(item.node_id, ()):
            r.update_frame()

    # ------------------------------------------------------------------ run
    def _on_run_finished(self, _result):
        self.apply_run()

    def _on_step_changed(self, _step):
        self.apply_run()

    def apply_run(self):
        """Shows the session's run at the viewed step on every node and edge, in place."""
        session, doc = self.session, self.document
        if session.result is None:
            return
        for node_id, item in self.nodes.items():
            item.set_state(session.state(node_id), doc.in_no_grad(node_id))
            item.update()
        for edge in self.edges.values():
            self._set_flow(edge)
        for region in self.regions.values():
            region.update_frame()      # node heights follow their badges

    def _set_flow(self, edge):
        src, dst = edge.source.state, edge.target.state
        flows = bool(src is not None and src.ok and src.requires_grad
                     and edge.target.data.kind != "detach" and not edge.target.in_no_grad
                     and (dst is None or not dst.ok or dst.requires_grad))
        edge.set_flow(flows)

    # ------------------------------------------------------------------ selection
    def selected_ids(self):
        """Selected node ids in document order."""
        chosen = {i.node_id for i in self.selectedItems() if isinstance(i, NodeItem)}
        return [n for n in self.document.node_ids if n in chosen]

    def _on_scene_selection_changed(self):
        if not self._syncing:
            self._syncing = True
            try:
                self.session.select(self.selected_ids())
            finally:
                self._syncing = False

    def _on_session_selection_changed(self, node_ids):
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

    # ------------------------------------------------------------------ queries
    def node_at(self, scene_pos):
        """The topmost NodeItem under a scene point (ports reach a little outside)."""
        for item in self.items(QRectF(scene_pos.x() - 8, scene_pos.y() - 8, 16, 16)):
            if isinstance(item, NodeItem) and (item.sceneBoundingRect().contains(scene_pos)
                                               or item.port_at(scene_pos)):
                return item
        return None

    def port_at(self, scene_pos):
        """``(NodeItem, "in"|"out", port)`` under a scene point, or None."""
        for item in self.items(QRectF(scene_pos.x() - 10, scene_pos.y() - 10, 20, 20)):
            if isinstance(item, NodeItem):
                hit = item.port_at(scene_pos)
                if hit:
                    return (item, *hit)
        return None

    def nodes_rect(self):
        rect = QRectF()
        for item in self.nodes.values():
            rect = rect.united(item.sceneBoundingRect())
        for item in self.regions.values():
            rect = rect.united(item.sceneBoundingRect())
        return rect

    # ------------------------------------------------------------------ background
    def drawBackground(self, painter, rect):
        painter.fillRect(rect, theme.BACKGROUND)
        scale = painter.worldTransform().m11()
        if scale < 0.6:
            return
        step = GRID * (2 if scale < 1.0 else 1)
        x0 = math.floor(rect.left() / step) * step
        y0 = math.floor(rect.top() / step) * step
        cols = int(rect.width() / step) + 2
        rows = int(rect.height() / step) + 2
        if cols * rows > 40_000:
            return
        points = [QPointF(x0 + i * step, y0 + j * step) for j in range(rows) for i in range(cols)]
        painter.setPen(self._dot_pen)
        painter.drawPoints(points)
