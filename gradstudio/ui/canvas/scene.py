"""The canvas scene: mirrors the session's document by id (nodes, edges, no-grad regions)
through its change events, and the session's run at the viewed step. Items are updated in
place; nothing is rebuilt except when the whole document is replaced."""
import math
from contextlib import contextmanager

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QImage, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from gradstudio.document.explain import why_no_graph
from gradstudio.document.walk import flow_text, grad_fn_summary
from gradstudio.ui.plain import plain_tooltip

from . import theme
from . import batch_build
from .change_marks import ChangeMarks
from .edge_item import EdgeItem
from .card import FLOW, HEADER, MAX_WIDTH, REPAINT, RESIZED, WIDER
from .node_item import NodeItem
from .region_item import MARGIN, TITLE, RegionItem
from .regions import smallest_frame_at

__all__ = ["CanvasScene", "GRID"]

GRID = 20.0
EXTENT = 200_000.0


class CanvasScene(QGraphicsScene):
    """A ``QGraphicsScene`` over a ``Session``. Selection is kept in step with
    ``session.select`` / ``session.selection_changed`` in both directions. A big document's
    items are made a batch at a time (``batch_build``): ``building`` meanwhile,
    ``build_progressed(done, total)`` after each batch, ``build_finished`` once every item
    exists.

    A new document drops every item (``rebuild``). Nothing may keep a Python reference
    to an item past that: ``about_to_clear`` is emitted first, while the items still
    live, for whoever holds one (the canvas's mouse mode) to let go, and the scene's own
    holders (the item maps, the three kinds of marks) are emptied."""

    about_to_clear = Signal()    # every item is about to go: drop your references to them
    build_progressed = Signal(int, int)
    build_finished = Signal()

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.session = session
        self.nodes = {}       # node id -> NodeItem
        self._cards = {}      # node id -> its NodeItem's Card (plain: quick to go through)
        self.edges = {}       # (source, target, port) -> EdgeItem
        self._edges_of = {}   # node id -> {edge key}: the edges touching that node
        self.regions = {}     # region id -> RegionItem
        self._regions_of = {}  # node id -> [RegionItem]
        self._syncing = False
        self._builder = None           # the BatchBuild making a big document's items
        self._applying = None          # the BatchApply showing a run on a big graph
        self.overview = False          # zoomed far out: drawn in one batch, not per item
        self._batch = None             # cached overview drawing lists
        self._picture = None           # ... recorded as a QPicture
        self._batch_nodes = 0          # ... made with this many cards
        self.setSceneRect(QRectF(-EXTENT / 2, -EXTENT / 2, EXTENT, EXTENT))
        self.setItemIndexMethod(QGraphicsScene.BspTreeIndex)
        self._grid_tiles = {}
        self.marks = ChangeMarks(self)   # what the last edit changed
        self.walk_marks = ChangeMarks(self)  # the node a step-through is at
        self.check_marks = ChangeMarks(self)  # gradient checks: ✓ or ✗ on their leaf
        session.document_changed.connect(self._on_document_edited)
        session.node_added.connect(self._on_node_added)
        session.node_removed.connect(self._on_node_removed)
        session.node_changed.connect(self._on_node_changed)
        session.edge_added.connect(self._on_edge_added)
        session.edge_removed.connect(self._on_edge_removed)
        session.region_changed.connect(self._on_region_changed)
        session.document_reset.connect(self.rebuild)
        session.document_replaced.connect(self._on_document_replaced)
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
        """Drops every item and mirrors the document afresh (a big one a batch at a time,
        see ``batch_build``)."""
        self.about_to_clear.emit()
        self.cancel_build()
        if self._applying is not None:
            self._applying.cancel()
            self._applying.deleteLater()
            self._applying = None
        self._syncing = True
        try:
            for marks in (self.marks, self.walk_marks, self.check_marks):
                marks.clear()            # (their overlay items go with the scene's)
            self.clear()
            self.nodes, self.edges, self.regions, self._regions_of = {}, {}, {}, {}
            self._cards = {}
            self._edges_of = {}
            doc = self.document
            if len(doc.node_ids) > batch_build.EAGER_NODES:
                self._builder = batch_build.BatchBuild(self)
                self._builder.start()
                return
            for data in doc.nodes():
                self._add_node(data.id)
            for u, v, k in doc.edges():
                self._add_edge(u, v, k)
        finally:
            self._syncing = False
        self.batch_built()

    @property
    def building(self):
        """Whether the items of a big document are still being made."""
        return self._builder is not None

    def cancel_build(self):
        """Stops making a big document's items (those made so far stay)."""
        if self._builder is not None:
            self._builder.cancel()
            self._builder.deleteLater()
            self._builder = None

    def add_node_item(self, node_id):
        """The card of ``node_id`` (a batch of the build)."""
        self._syncing = True
        try:
            return self._add_node(node_id)
        finally:
            self._syncing = False

    def add_edge_item(self, u, v, k):
        """The edge ``(u, v, k)`` (a batch of the build)."""
        self._syncing = True
        try:
            self._add_edge(u, v, k)
        finally:
            self._syncing = False

    def batch_built(self, shown=False):
        """Every node and edge has its item: the frames, the run (unless ``shown`` on
        each card as it was made) and the selection follow."""
        if self._builder is not None:
            self._builder.deleteLater()
            self._builder = None
        self._syncing = True
        try:
            for rid in self.document.regions:
                self._update_region(rid)
        finally:
            self._syncing = False
        if not shown:
            self.apply_run()
        self._batch = None               # (the overview: every card at last)
        if self.overview:
            self.update()
        self._on_session_selection_changed(self.session.selection)
        self.build_finished.emit()

    def _add_node(self, node_id):
        doc = self.document
        item = NodeItem(doc.node(node_id), doc.in_no_grad(node_id), doc.display_name(node_id))
        if self.overview:    # (a Qt call each, on 100,000 cards: only when it says something)
            item.setFlag(QGraphicsItem.ItemHasNoContents, True)
        self.nodes[node_id] = item
        self._cards[node_id] = item.card
        self._edges_of[node_id] = set()
        self.addItem(item)
        return item

    def _remove_node(self, node_id):
        item = self.nodes.pop(node_id, None)
        if item is None:
            return
        self._cards.pop(node_id, None)
        for key in list(self._edges_of.get(node_id, ())):
            self._remove_edge(key)
        self._edges_of.pop(node_id, None)
        for r in self._regions_of.pop(node_id, []):
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
        self._edges_of[u].add(edge.key)
        self._edges_of[v].add(edge.key)
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
            self._edges_of.get(node_id, set()).discard(edge.key)
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
        return [self.edges[key] for key in self._edges_of.get(node_id, ())]

    def _route(self, edge):
        """Lays ``edge`` along its two cards' ports."""
        edge.update_path(self.nodes[edge.source_id], self.nodes[edge.target_id])

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
    def _on_document_edited(self, _change):
        """Any edit (it arrives before its typed signal): the last edit's marks are out of
        date, and so is the overview's drawing."""
        self._batch = None
        self.marks.clear()

    def _on_node_added(self, node_id):
        self._add_node(node_id)

    def _on_node_removed(self, node_id):
        self._remove_node(node_id)

    def _on_node_changed(self, node_id):
        item = self.nodes.get(node_id)
        if item is not None:
            item.set_data(self.document.node(node_id), self.document.display_name(node_id))
            for e in self.edges_of(node_id):
                self._route(e)
            for r in self._regions_of.get(node_id, ()):
                r.update_frame()     # (its size may follow its name or params)

    def _on_edge_added(self, source, target, port):
        self._add_edge(source, target, port)

    def _on_edge_removed(self, source, target, port):
        self._remove_edge((source, target, port))

    def _on_region_changed(self, region_id):
        self._update_region(region_id)

    def _on_document_replaced(self):
        self.rebuild()

    def node_moved(self, item):
        """Called by a NodeItem when it moved: its edges and frames follow."""
        self._batch = None
        for e in self.edges_of(item.node_id):
            self._route(e)
        for r in self._regions_of.get(item.node_id, ()):
            r.update_frame()
        if self.marks.marks:
            self.marks.node_moved(item)
        for marks in (self.walk_marks, self.check_marks):
            if marks.marks:
                marks.node_moved(item)

    # ------------------------------------------------------------------ run
    def _on_run_or_step_changed(self, _run_or_step):
        if self._applying is not None:
            self._applying.cancel()
            self._applying.deleteLater()
            self._applying = None
        if len(self._cards) > batch_build.EAGER_NODES:
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
            self._batch = None
            if self.overview:
                self.update()
        self.marks.refit()               # node heights follow their badges
        self.walk_marks.refit()
        self.check_marks.refit()

    def show_gradient_checks(self, verdicts):
        """``{node id: passed}``: a "gradcheck ✓" (green) or "gradcheck ✗" (amber) tag
        on each checked leaf."""
        self.check_marks.show_marks(
            [(n, "gained" if ok else "lost",
              [("gradcheck ✓" if ok else "gradcheck ✗", "gained" if ok else "lost")])
             for n, ok in verdicts.items()])

    def helpEvent(self, event):
        """A node's tooltip, made when asked for: its kind and doc, and what its grad_fn
        computes in backward (its rule, in the document's names) at the step shown, or
        why it has none (``explain.why_no_graph``)."""
        item = self.node_at(event.scenePos())
        result = self.session.result
        if item is not None and not item.has_error and result is not None:
            lines = grad_fn_summary(self.document, result, item.node_id, self.session.step)
            item.setToolTip(plain_tooltip(f"{item.data.kind} — {item.spec.doc}" + (
                "\n\ngrad_fn: " + "\n".join(lines) if lines else
                "\n\nWhy no grad_fn: " + why_no_graph(self.document, result, item.node_id,
                                                      self.session.step))))
        super().helpEvent(event)

    def _on_walk_changed(self):
        """Rings the node whose grad_fn the step-through runs (the leaf, for an
        AccumulateGrad), tagged with the grad_fn and the gradient it received."""
        walk, at = self.session.current_walk(), self.session.walk
        if walk is None or not at[1]:
            self.walk_marks.clear()
            return
        step = walk.steps[at[1] - 1]
        tags = [(step.name, "running"), ("grad " + flow_text(step.received), "running")]
        self.walk_marks.show_marks([(n, "running", tags) for n in step.highlighted
                                    if n is not None])
        for mark in self.walk_marks.marks.values():      # keep it in sight as it moves
            for view in self.views():
                view.ensureVisible(mark.bounds, 40, 40)

    def _on_autograd_changed(self, changes):
        """Marks the nodes that gained or lost a grad_fn or a .grad in the last edit."""
        self.marks.show(changes)
        self._batch = None
        if self.overview:
            self.update()

    def apply_run(self, node_ids=None):
        """Shows the session's run at the viewed step on every node and edge (or on the
        cards of ``node_ids``, just made), in place. Only what changed is followed up: the
        edges of cards whose gradient flow changed, the paths leaving cards whose width
        changed, the frames around resized cards."""
        session, doc = self.session, self.document
        if node_ids is None or len(self.nodes) >= 2 * self._batch_nodes:
            # (while a big graph is drawn, the overview is made again only each time the
            # cards have doubled: making it walks every card)
            self._batch = None
        if session.result is None:
            return
        nodes = self.nodes
        chosen = self._cards if node_ids is None else \
            {n: self._cards[n] for n in node_ids if n in self._cards}
        states = session.states(chosen)
        no_grad = set().union(*(r.nodes for r in doc.regions.values()))  # doc.in_no_grad
        flowed, wider, resized = [], [], []
        # the cards are plain objects (see ``card``); Qt's methods are looked up once
        update, follow = QGraphicsItem.update, NodeItem.follow
        for node_id, card in chosen.items():
            change = card.set_state(states.get(node_id), node_id in no_grad)
            if change == REPAINT:                     # new numbers, same look
                update(nodes[node_id])
            elif change:
                follow(nodes[node_id], change)
                if change & FLOW:
                    flowed.append(node_id)
                if change & RESIZED:
                    resized.append(node_id)
                    if change & WIDER:
                        wider.append(node_id)
        edges, cards, edges_of = self.edges, self._cards, self._edges_of
        for node_id in wider:          # the output port moved with the width
            for key in edges_of[node_id]:
                if key[0] == node_id:
                    self._route(edges[key])
        if flowed:
            keys = set()
            for node_id in flowed:
                keys.update(edges_of[node_id])
            for key in keys:           # (``_set_flow``, inlined: 10,000 edges a run)
                edge = edges[key]
                flow = cards[key[0]].gives_grad and cards[key[1]].takes_grad
                if flow != edge.carries_grad:
                    edge.carries_grad = flow       # (``EdgeItem.set_flow``)
                    update(edge)
        if resized and self._regions_of:
            frames = {}
            for node_id in resized:    # node heights follow their badges
                for region in self._regions_of.get(node_id, ()):
                    frames[id(region)] = region
            for region in frames.values():
                region.update_frame()

    def _set_flow(self, edge):
        edge.set_flow(self.nodes[edge.source_id].gives_grad and
                      self.nodes[edge.target_id].takes_grad)

    # ------------------------------------------------------------------ selection
    def selected_ids(self):
        """Selected node ids in document order."""
        chosen = {i.node_id for i in self.selectedItems() if isinstance(i, NodeItem)}
        return [n for n in self.document.node_ids if n in chosen]

    def _on_scene_selection_changed(self):
        self._batch = None
        if self.overview:
            self.update()
        if not self._syncing:
            self._syncing = True
            try:
                self.session.select(self.selected_ids())
            finally:
                self._syncing = False

    def _on_session_selection_changed(self, node_ids):
        if self.marks.marks and not self.marks.settling:
            self.marks.clear()           # the user moved on: the last edit's marks go
            self._batch = None
            if self.overview:
                self.update()
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

    def region_at(self, scene_pos):
        """The RegionItem whose frame holds a scene point (the innermost), or None."""
        rid = smallest_frame_at({r: i.frame for r, i in self.regions.items()}, scene_pos)
        return self.regions.get(rid)

    def region_title_at(self, scene_pos):
        """The RegionItem whose title strip (above its nodes) holds a scene point."""
        strip = TITLE + MARGIN / 2
        rid = smallest_frame_at({r: i.frame for r, i in self.regions.items()
                                 if scene_pos.y() <= i.frame.top() + strip}, scene_pos)
        return self.regions.get(rid)

    def nodes_rect(self):
        """The scene rectangle holding every card and frame (while a big graph is being
        drawn: every node's place, read from the document, and a card's least size)."""
        if self.building:
            xs, ys = zip(*(d.position for d in self.document.nodes()))
            return QRectF(min(xs), min(ys), max(xs) - min(xs) + MAX_WIDTH,
                          max(ys) - min(ys) + HEADER)
        rect = QRectF()
        for item in self.nodes.values():
            rect = rect.united(item.sceneBoundingRect())
        for item in self.regions.values():
            rect = rect.united(item.sceneBoundingRect())
        return rect

    # ------------------------------------------------------------------ overview (LOD)
    def set_overview(self, on):
        """Zoomed far out, nodes and edges are not painted one by one (each paint is a
        Python call): items keep their geometry for hit tests and selection but have no
        contents, and the scene draws them all in a few batched calls."""
        on = bool(on)
        if on == self.overview:
            return
        self.overview = on
        self._batch = None
        for item in list(self.nodes.values()) + list(self.edges.values()):
            item.setFlag(QGraphicsItem.ItemHasNoContents, on)
        self.marks.set_overview(on)
        self.update()

    @contextmanager
    def detailed(self):
        """Draws every item in full for the duration (exports render at any scale)."""
        was = self.overview
        self.set_overview(False)
        try:
            yield
        finally:
            self.set_overview(was)

    def _overview_batch(self):
        if self._batch is not None:
            return self._batch
        rects, lines = {}, {True: [], False: []}
        for item in self.nodes.values():
            if item.isSelected():
                colour = theme.NODE_SELECTED
            elif item.has_error:
                colour = theme.NODE_ERROR
            else:
                colour = theme.header_color(item.spec.category)
            rects.setdefault(colour.rgba(), (colour, []))[1].append(
                QRectF(item.pos(), item.card.rect.size()))
        for edge in self.edges.values():
            lines[edge.carries_grad].append(QLineF(edge._a, edge._b))
        regions = [r._rect for r in self.regions.values() if not r._rect.isNull()]
        self._batch = (list(rects.values()), lines, regions, self.marks.overview_rects())
        self._picture = None
        self._batch_nodes = len(self.nodes)
        return self._batch

    def _paint_batch(self, painter):
        rects, lines, regions, marks = self._overview_batch()
        if regions:
            painter.setPen(theme.REGION_PEN)
            painter.setBrush(theme.REGION_BRUSH)
            painter.drawRects(regions)
        painter.setPen(Qt.NoPen)
        for colour, batch in marks:
            painter.setBrush(colour)
            painter.drawRects(batch)
        painter.setPen(theme.EDGE_PLAIN_LOD_PEN)
        painter.drawLines(lines[False])
        painter.setPen(theme.EDGE_GRAD_LOD_PEN)
        painter.drawLines(lines[True])
        painter.setPen(Qt.NoPen)
        for colour, batch in rects:
            painter.setBrush(colour)
            painter.drawRects(batch)

    def _overview_image(self, scale):
        """The batch rendered once at this scale (handing thousands of rects to Qt from
        Python is what costs; blitting one image does not). None if it would be huge."""
        cached = self._picture
        if cached is not None and self._batch is not None and cached[0] == scale:
            return cached[1], cached[2]
        rect = self.nodes_rect().adjusted(-4, -4, 4, 4)
        w, h = math.ceil(rect.width() * scale), math.ceil(rect.height() * scale)
        if w * h > 16_000_000 or w <= 0 or h <= 0:
            return None
        image = QImage(w, h, QImage.Format_ARGB32_Premultiplied)
        image.fill(Qt.transparent)
        painter = QPainter(image)
        painter.scale(scale, scale)
        painter.translate(-rect.topLeft())
        self._paint_batch(painter)
        painter.end()
        self._picture = (scale, image, rect.topLeft())
        return image, rect.topLeft()

    def _draw_overview(self, painter):
        painter.setRenderHint(QPainter.Antialiasing, False)
        world = painter.worldTransform()
        cached = self._overview_image(world.m11()) if world.m12() == 0 else None
        if cached is None:
            self._paint_batch(painter)
        else:
            image, top_left = cached
            at = world.map(top_left)
            painter.save()
            painter.resetTransform()
            painter.drawImage(QPointF(round(at.x()), round(at.y())), image)
            painter.restore()
        painter.setRenderHint(QPainter.Antialiasing, True)

    # ------------------------------------------------------------------ background
    def _grid_brush(self, step):
        """A tiled pixmap with one dot per grid cell (one fill instead of many points)."""
        brush = self._grid_tiles.get(step)
        if brush is None:
            size = int(step)
            tile = QPixmap(size, size)
            tile.fill(theme.BACKGROUND)
            p = QPainter(tile)
            p.setPen(Qt.NoPen)
            p.setBrush(theme.GRID_DOT)
            p.drawEllipse(QRectF(-1.0, -1.0, 2.0, 2.0))
            p.drawEllipse(QRectF(size - 1.0, -1.0, 2.0, 2.0))
            p.drawEllipse(QRectF(-1.0, size - 1.0, 2.0, 2.0))
            p.drawEllipse(QRectF(size - 1.0, size - 1.0, 2.0, 2.0))
            p.end()
            brush = self._grid_tiles[step] = QBrush(tile)
        return brush

    def drawBackground(self, painter, rect):
        scale = painter.worldTransform().m11()
        if scale < 0.6 or painter.device() is None or \
                painter.device().devType() not in (1, 3):   # widget / image only
            painter.fillRect(rect, theme.BACKGROUND)
        else:
            # a pixel-sized dot grid: the tile is drawn in device pixels
            step = GRID * scale * (2 if scale < 1.0 else 1)
            step = max(8, round(step))
            brush = QBrush(self._grid_brush(step))
            origin = painter.worldTransform().map(QPointF(0, 0))
            brush.setTransform(QTransform.fromTranslate(origin.x() % step, origin.y() % step))
            painter.save()
            painter.resetTransform()
            painter.fillRect(QRectF(painter.viewport()), brush)
            painter.restore()
        if self.overview and scale < 1.0:
            self._draw_overview(painter)
