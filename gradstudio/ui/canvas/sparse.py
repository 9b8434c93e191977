"""Cards made as they come into view, for a big document.

A document of more than ``SPARSE_NODES`` nodes does not get a canvas item for each of its
nodes and edges when it is opened (a card takes about a millisecond to make and a
kilobyte or two to keep: 100,000 of them held the window for minutes). The scene makes
the cards of the nodes in view, and of their neighbours so that every edge in view is
drawn, when the view settles after a scroll, a zoom or a resize (``CanvasScene.realize``);
a card once made stays. Zoomed far out (below ``LOD_CARD``), or when more than
``REALIZE_MOST`` nodes are in view, no card is made: the scene's overview draws every
node and edge from the document itself (``overview_batch``), in a few batched calls.

``Places`` is the index that answers "which nodes are in this rectangle" from the
document's positions, kept as two numpy arrays (a query is one vectorised comparison)
and read again from the document after an edit that may have moved, added or removed
a node."""
import time

import numpy as np
from PySide6.QtCore import QLineF, QObject, QRectF, QTimer

from gradstudio.document.catalogue import CATALOGUE

from . import theme
from .card import HEADER, MAX_WIDTH, PORT_ROW, PORT_TOP, WIDTH
from .node_item import LOD_CARD

__all__ = ["Places", "Realizer", "SparseCards", "overview_batch", "realize", "prepare_places",
           "places_of", "forget_prepared", "SPARSE_NODES",
           "REALIZE_MOST", "CARD_HEIGHT", "SLICE_SECONDS"]

SPARSE_NODES = 2000   # a document with more nodes gets cards only where the view is
REALIZE_MOST = 3000   # more nodes than this in view: the overview draws them, no cards
CARD_HEIGHT = HEADER + PORT_ROW + 40.0   # a card not made yet, as the overview draws it
NEAR = 0.5            # cards are made this many viewport sizes around the view too
MOST_NEIGHBOURS = 64  # a card's neighbours made with it (its edges in view); a hub's others
SLICE_SECONDS = 0.05  # cards are made for about this long per turn of the event loop


class Places:
    """Where a document's nodes are: ``in_rect`` and ``bounds`` over their top-left
    corners, and the overview's rectangles and lines (made once for the positions they
    show). ``stale()`` after an edit: the positions are read again at the next question
    (the overview's lists are kept if no node moved, came or went)."""

    def __init__(self, document):
        self._document = document
        self._ids = self._xs = self._ys = None
        self._fresh = False
        self._kinds = None
        self._rects = self._lines = None

    def stale(self, edges=False):
        """The document changed (``edges``: an edge came or went)."""
        self._fresh = False
        if edges:
            self._lines = None

    def _read(self):
        if not self._fresh:
            data = self._document.nodes()
            ids = [d.id for d in data]
            xy = np.array([d.position for d in data], dtype=float).reshape(-1, 2)
            if ids != self._ids or not np.array_equal(xy[:, 0], self._xs) or \
                    not np.array_equal(xy[:, 1], self._ys):
                self._rects = self._lines = None
                self._ids, self._xs, self._ys = ids, xy[:, 0], xy[:, 1]
            self._kinds = [d.kind for d in data]
            self._fresh = True
        return self._ids, self._xs, self._ys

    def __len__(self):
        return len(self._read()[0])

    def in_rect(self, rect, most=None):
        """The ids of the nodes whose card (``MAX_WIDTH`` by ``CARD_HEIGHT`` at most)
        meets ``rect``, in document order; None when there are more than ``most``."""
        ids, xs, ys = self._read()
        hit = np.flatnonzero((xs <= rect.right()) & (xs + MAX_WIDTH >= rect.left()) &
                             (ys <= rect.bottom()) & (ys + CARD_HEIGHT >= rect.top()))
        if most is not None and len(hit) > most:
            return None
        return [ids[i] for i in hit]

    def bounds(self):
        """The rectangle holding every node's card (null for an empty document)."""
        ids, xs, ys = self._read()
        if not ids:
            return QRectF()
        left, top = float(xs.min()), float(ys.min())
        return QRectF(left, top, float(xs.max()) - left + MAX_WIDTH,
                      float(ys.max()) - top + CARD_HEIGHT)

    def rects(self):
        """``(ids, kinds, [QRectF])``: each node's card at its least size, in document
        order."""
        ids, xs, ys = self._read()
        if self._rects is None:
            self._rects = list(map(QRectF, xs.tolist(), ys.tolist(), [WIDTH] * len(ids),
                                   [CARD_HEIGHT] * len(ids)))
        return ids, self._kinds, self._rects

    def lines(self):
        """``[QLineF]``: every edge, from its source's output to its target's side."""
        ids, xs, ys = self._read()
        if self._lines is None:
            where = {n: i for i, n in enumerate(ids)}
            ends = np.array([(where[u], where[v])
                             for u, nbrs in self._document.graph.succ.items()
                             for v, keys in nbrs.items() for _ in keys],
                            dtype=np.int64).reshape(-1, 2)
            dy = PORT_TOP + PORT_ROW / 2
            self._lines = list(map(QLineF, (xs[ends[:, 0]] + WIDTH).tolist(),
                                   (ys[ends[:, 0]] + dy).tolist(), xs[ends[:, 1]].tolist(),
                                   (ys[ends[:, 1]] + dy).tolist()))
        return self._lines


_PREPARED = []        # [(document, its Places)]: made off the GUI thread, not yet shown


def prepare_places(document):
    """Makes the ``Places`` of a big ``document`` (every card's rectangle and every edge's
    line, for the overview) now, in the thread that read it, for the scene that shows it
    next (``places_of``): a 100,000-node file's first frame no longer makes them in the
    GUI thread. Only the last document prepared is held."""
    _PREPARED.clear()
    if len(document.node_ids) > SPARSE_NODES:
        places = Places(document)
        places.rects()
        places.lines()
        _PREPARED.append((document, places))


def forget_prepared():
    """Drops what ``prepare_places`` made (its document's open was cancelled)."""
    _PREPARED.clear()


def places_of(document):
    """``document``'s ``Places``: those ``prepare_places`` made for it, else new ones."""
    if _PREPARED and _PREPARED[0][0] is document:
        return _PREPARED.pop()[1]
    _PREPARED.clear()                 # (a document prepared but never shown: let it go)
    return Places(document)


def near(rect):
    """``rect`` grown by ``NEAR`` of its size each way (cards just out of view)."""
    dx, dy = rect.width() * NEAR, rect.height() * NEAR
    return rect.adjusted(-dx, -dy, dx, dy)


def overview_batch(scene, places):
    """The scene's overview drawing lists for a big document, read from the document:
    ``([(colour, [rects])], {carries grad: [lines]})``: every node at a card's least size
    in its header colour, or selected or in error (as its card, or else the session and
    the run, say); every edge, and over them those of the cards made that carry a
    gradient."""
    session = scene.session
    ids, kinds, boxes = places.rects()
    special = {}                  # index -> colour
    where = None
    chosen = set(session.selection)
    errors = session.result.errors if session.result is not None else {}
    items = scene.nodes
    if chosen or errors or items:
        where = {n: i for i, n in enumerate(ids)}
        for node_id in errors:
            if node_id in where and node_id not in items:
                special[where[node_id]] = theme.NODE_ERROR
        for node_id in chosen:
            if node_id in where and node_id not in items:
                special[where[node_id]] = theme.NODE_SELECTED
        for node_id, item in items.items():
            if item.isSelected():
                special[where[node_id]] = theme.NODE_SELECTED
            elif item.has_error:
                special[where[node_id]] = theme.NODE_ERROR
    base = {kind: theme.header_color(CATALOGUE[kind].category) for kind in set(kinds)}
    palette = {c.rgba(): c for c in [*base.values(), theme.NODE_ERROR, theme.NODE_SELECTED]}
    key_of = {kind: c.rgba() for kind, c in base.items()}
    groups = {key: [] for key in palette}
    if special:
        special = {i: c.rgba() for i, c in special.items()}
        for i, (kind, box) in enumerate(zip(kinds, boxes)):
            groups[special.get(i) or key_of[kind]].append(box)
    else:
        for kind, box in zip(kinds, boxes):
            groups[key_of[kind]].append(box)
    lines = {False: places.lines(),
             True: [e.line for e in scene.edges.values() if e.carries_grad]}
    return [(palette[key], batch) for key, batch in groups.items() if batch], lines


def realize(scene, node_ids):
    """``CanvasScene.realize``: makes the cards of ``node_ids`` that do not exist yet in
    ``scene``, those of their neighbours (a hub's first ``MOST_NEIGHBOURS`` each way) and
    every edge of ``node_ids``; the frames around new cards follow and the new cards show
    the selection. Returns the ids of the cards made (the caller shows the run on them)."""
    graph, nodes, done = scene.document.graph, scene.nodes, scene.complete
    wanted = [n for n in node_ids if n not in done and n in graph]
    made = []
    for node_id in wanted:
        around = list(graph.predecessors(node_id))[:MOST_NEIGHBOURS] + \
            list(graph.successors(node_id))[:MOST_NEIGHBOURS]
        for n in [node_id] + around:
            if n not in nodes:
                scene.add_node_item(n)
                made.append(n)
        for u, v, k in list(graph.in_edges(node_id, keys=True)) + \
                list(graph.out_edges(node_id, keys=True)):
            scene.add_edge_item(u, v, k)
        done.add(node_id)
    if made:
        made_set = set(made)
        for rid, region in scene.document.regions.items():
            if region.nodes & made_set:
                scene.update_region_item(rid)
        for n in set(scene.session.selection) & made_set:   # (the caller syncs)
            nodes[n].setSelected(True)
    return made


class Realizer(QObject):
    """Makes the cards in and near its scene's views, a slice of about ``SLICE_SECONDS``
    per turn of the event loop, those in view first, once the view has settled
    (``schedule`` after every scroll, zoom or resize). A child of the scene, which it
    reaches as ``parent()``."""

    def __init__(self, scene):
        super().__init__(scene)
        self._pending = []            # popped from the end: the nearest first
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)
        self._looked = False          # the views were looked at since ``schedule``

    def schedule(self):
        """The views moved: look at them again at the next turn of the event loop."""
        self._looked = False
        self._timer.start()

    def cancel(self):
        self._timer.stop()
        self._pending = []

    @property
    def running(self):
        return self._timer.isActive()

    def _wanted(self, scene):
        wanted = []
        for view in scene.views():
            if view.transform().m11() < LOD_CARD or not view.isVisible():
                continue
            shown = view.mapToScene(view.viewport().rect()).boundingRect()
            ids = scene.places.in_rect(shown, REALIZE_MOST)
            if ids is None:
                continue              # (the overview draws them)
            around = scene.places.in_rect(near(shown), 2 * REALIZE_MOST) or []
            wanted.extend(reversed(around))
            wanted.extend(reversed(ids))
        return wanted

    def _step(self):
        scene = self.parent()
        if not self._looked:
            self._looked = True
            self._pending = self._wanted(scene)
        end = time.perf_counter() + SLICE_SECONDS
        while self._pending and time.perf_counter() < end:
            chunk = self._pending[-16:]
            del self._pending[-16:]
            scene.realize(chunk)
        if not self._pending:
            self._timer.stop()
            scene.realized.emit()


class SparseCards:
    """The part of ``CanvasScene`` that makes a big document's cards as they come into
    view: the scene's ``_realizer`` (a ``Realizer``) is scheduled as the views move, and
    calls ``realize``."""

    def view_moved(self):
        """A view scrolled, zoomed or resized: a big document's cards coming into view are
        made once it settles."""
        if self.sparse:
            self._realizer.schedule()

    @property
    def realizing(self):
        """Whether the cards in view of a big document are still being made."""
        return self._realizer.running

    def realize(self, node_ids):
        """Makes the cards of ``node_ids`` (a big document's, coming into view) that do not
        exist yet, those of their neighbours and their edges (``realize`` above); the new
        cards show the run and the selection. Returns the ids of the cards made."""
        was, self._syncing = self._syncing, True
        try:
            made = realize(self, node_ids)
        finally:
            self._syncing = was
        if made:
            self.apply_run(made)
        return made

    def add_node_item(self, node_id):
        """The card of ``node_id`` (made as it comes into view, ``sparse``)."""
        was, self._syncing = self._syncing, True
        try:
            return self._add_node(node_id)
        finally:
            self._syncing = was

    def add_edge_item(self, u, v, k):
        """The edge ``(u, v, k)`` (its cards made as they came into view, ``sparse``)."""
        was, self._syncing = self._syncing, True
        try:
            self._add_edge(u, v, k)
        finally:
            self._syncing = was

    def select_band(self, rect):
        """A rubber band over ``rect`` ended: the nodes without a card whose places it
        covers are selected with the cards it selected."""
        chosen = set(self._selected_cards())
        chosen.update(n for n in self.places.in_rect(rect) if n not in self.nodes)
        self.session.select([n for n in self.document.node_ids if n in chosen])

    def update_region_item(self, rid):
        """The frame of region ``rid`` made again around the cards that exist."""
        self._update_region(rid)
