"""The autograd view: the backward graph behind the selected node's tensor, at the step
being viewed, as PyTorch holds it — ``grad_fn`` nodes by class name, ``AccumulateGrad``
boxes naming the leaf they feed, one ``next_functions`` arrow per entry (``y * y`` draws
two from its ``MulBackward0`` to the same ``AddBackward0``, bowed apart and labelled with
their index), and saved buffers, greyed and struck through once a backward pass without
``retain_graph`` has freed them. A selected node without a graph gets the reason in
plain words (a leaf, a detach, a no-grad region, an op without a gradient ...).

Linked to the selection both ways: clicking a box selects the document node(s) it
belongs to; selecting a document node highlights its ``grad_fn``."""
import weakref

import networkx as nx
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QPainter, QPainterPath, QPainterPathStroker,
                           QPen, QPolygonF)
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsObject, QGraphicsPathItem,
                               QGraphicsPolygonItem, QGraphicsScene, QGraphicsSimpleTextItem,
                               QGraphicsView, QLabel, QVBoxLayout)

from gradstudio.document.explain import why_no_graph
from gradstudio.document.layout import barycentre_layers
from gradstudio.document.export import action_text
from gradstudio.document.walk import flow_text, preview
from gradstudio.ui.panel import SessionPanel

__all__ = ["AutogradView", "FunctionItem", "EdgeItem"]

BOX_W, ROW_H, GAP_X, GAP_Y = 170, 18, 28, 46
FILL = QColor("#e8f0fe")
LEAF_FILL = QColor("#e6f4ea")
HIGHLIGHT = QColor("#f9a825")
RUNNING = QColor("#e8710a")        # the grad_fn a step-through is at
RUNNING_FILL = QColor("#feefe3")
FLOW = QColor("#b06000")           # gradients sent, written on their arrows
FREED = QColor("#9e9e9e")
EDGE = QColor("#80868b")
LABEL = QColor("#5f6368")
SPREAD, BOW = 18, 40       # arrows sharing a box: ends this far apart; twins bow apart
MAX_BOXES = 100            # a bigger graph shows the grad_fns nearest its root
MIN_SCALE = 0.5            # zoomed out no further (text stays readable): scroll instead


class FunctionItem(QGraphicsObject):
    """One grad_fn: its class name, what it belongs to, its saved buffers. A click on it
    is announced as ``clicked(key)`` (the box does not hold its view)."""

    clicked = Signal(object)

    def __init__(self, key, attrs, names, owners=None):
        super().__init__()
        self.key, self.attrs = key, attrs
        self.highlighted = False
        self.running = False       # the grad_fn the step-through is at
        self.done = False          # ... one it has already run
        self.flow_of = None        # weakly: key -> what the last pass through it did
        if attrs["accumulate"]:
            var = attrs["variable"]
            self.subtitle = f"→ {names.get(var, '?')}.grad" if var else "→ (a leaf)"
        else:
            shown = [names.get(n, n) for n in (attrs["tensors"] if owners is None else owners)]
            self.subtitle = "of " + ", ".join(shown) if shown else "(intermediate)"
        self.saved = list(attrs["saved"])
        self.freed = attrs["freed"]
        self.height = ROW_H * (2 + len(self.saved)) + 8
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        tip = [attrs["name"], self.subtitle]
        if owners is not None and len(owners) < len(attrs["tensors"]):
            tip.append("the same tensor as " + ", ".join(names.get(n, n)
                                                         for n in attrs["tensors"]))
        if self.saved:
            tip.append("saved for backward: " + ", ".join(self.saved) +
                       (" (freed by backward: pass retain_graph=True to keep them)"
                        if self.freed else ""))
        self.base_tip = "\n".join(tip)
        self.setToolTip(self.base_tip)

    def hoverEnterEvent(self, event):
        """Outside a step-through the tooltip gains what the last backward pass through
        this grad_fn received and sent, looked up now (not on every redraw)."""
        flow_of = self.flow_of() if self.flow_of is not None else None
        if flow_of is not None and not (self.running or self.done):
            flow = flow_of(self.key)
            self.setToolTip(self.base_tip + ("\n" + flow if flow else ""))
        super().hoverEnterEvent(event)

    def set_walk(self, running, done, freed, flow=""):
        """The step-through's marks: running now, already run, buffers freed by then;
        ``flow`` (what it received and sent) goes into the tooltip."""
        freed = freed or self.attrs["freed"]
        if (running, done, freed) != (self.running, self.done, self.freed):
            self.running, self.done, self.freed = running, done, freed
            self.update()
        self.setToolTip(self.base_tip + ("\n" + flow if flow else ""))

    @property
    def document_nodes(self):
        a = self.attrs
        return [a["variable"]] if a["accumulate"] and a["variable"] else list(a["tensors"])

    def boundingRect(self):
        return QRectF(-3, -3, BOX_W + 6, self.height + 6)

    def paint(self, painter, _option, _widget=None):
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(0, 0, BOX_W, self.height)
        pen = QPen(RUNNING, 4) if self.running else QPen(HIGHLIGHT, 3) if self.highlighted \
            else QPen(QColor("#5f6368"), 1.2)
        painter.setPen(pen)
        painter.setBrush(QBrush(RUNNING_FILL if self.running else
                                LEAF_FILL if self.attrs["accumulate"] else FILL))
        painter.drawRoundedRect(rect, 6, 6)
        if self.done and not self.running:
            painter.setPen(QColor("#188038"))
            painter.drawText(QRectF(BOX_W - 22, 4, 16, ROW_H), Qt.AlignmentFlag.AlignCenter,
                             "✓")
        font = QFont(painter.font())
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#202124"))
        painter.drawText(QRectF(8, 4, BOX_W - 16, ROW_H), Qt.AlignmentFlag.AlignLeft |
                         Qt.AlignmentFlag.AlignVCenter, self.attrs["name"])
        font.setBold(False)
        painter.setFont(font)
        painter.setPen(QColor("#5f6368"))
        metrics = painter.fontMetrics()
        painter.drawText(QRectF(8, 4 + ROW_H, BOX_W - 16, ROW_H), Qt.AlignmentFlag.AlignLeft |
                         Qt.AlignmentFlag.AlignVCenter,
                         metrics.elidedText(self.subtitle, Qt.TextElideMode.ElideRight, BOX_W - 16))
        if self.saved:
            painter.setPen(QPen(QColor("#bdc1c6"), 1))
            painter.drawLine(QPointF(6, 6 + 2 * ROW_H), QPointF(BOX_W - 6, 6 + 2 * ROW_H))
        font.setStrikeOut(self.freed)
        font.setItalic(self.freed)
        painter.setFont(font)
        painter.setPen(FREED if self.freed else QColor("#3c4043"))
        for i, name in enumerate(self.saved):
            label = f"saved {name}" + ("  (freed)" if self.freed else "")
            painter.drawText(QRectF(12, 6 + (2 + i) * ROW_H, BOX_W - 20, ROW_H),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)

    def mousePressEvent(self, event):
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.key)
            event.accept()
        else:
            super().mousePressEvent(event)


class EdgeItem(QGraphicsPathItem):
    """One ``next_functions`` entry: an arrow from grad_fn box ``source`` to box
    ``target`` for ``source.next_functions[input_nr]``. ``start`` and ``end`` shift its
    ends sideways (in units of ``SPREAD``) so arrows sharing a box do not overlap; ``bow``
    bends it (in units of ``BOW``) so arrows between the same two boxes are told apart.
    ``via`` lists ``(x, top, bottom)`` lanes through the rows it crosses. ``label`` is
    the ``[input_nr]`` text beside it, or None."""

    def __init__(self, source, target, input_nr, start=0.0, end=0.0, bow=0.0, via=(),
                 labelled=False):
        super().__init__()
        self.source, self.target, self.input_nr = source.key, target.key, input_nr
        p1 = source.pos() + QPointF(BOX_W / 2 + start * SPREAD, source.height)
        p2 = target.pos() + QPointF(BOX_W / 2 + end * SPREAD, 0)
        path = QPainterPath(p1)
        first = None
        for x, top, bottom in via:      # twins share a lane side by side: no bow needed
            _curve(path, QPointF(x + bow * SPREAD, top))
            if first is None:
                first = QPainterPath(path)
            path.lineTo(x + bow * SPREAD, bottom)
        _curve(path, p2, 0 if via else bow * BOW)
        self.setPath(path)
        self.setPen(QPen(EDGE, 1.4))
        self.setZValue(-1)
        tip = QGraphicsPolygonItem(QPolygonF([QPointF(0, 0), QPointF(-9, -5), QPointF(-9, 5)]),
                                   self)
        tip.setPen(QPen(Qt.PenStyle.NoPen))
        tip.setBrush(QBrush(EDGE))
        tip.setPos(p2)
        tip.setRotation(-path.angleAtPercent(1.0))
        self.label = None
        self.flow = None           # the gradient sent along it, during a step-through
        self.bow = bow
        if labelled:            # beside the arrow's first stretch: the index is its source's
            self.label = QGraphicsSimpleTextItem(f"[{input_nr}]", self)
            self.label.setBrush(QBrush(LABEL))
            box = self.label.boundingRect()
            at = (path if first is None else first).pointAtPercent(0.5)
            left = bow < 0 if bow else (at.x() < p1.x() - 1 or
                                        (abs(at.x() - p1.x()) <= 1 and start < 0))
            self.label.setPos(at.x() - box.width() - 4 if left else at.x() + 4,
                              at.y() - box.height() / 2)
        self.setToolTip(f"next_functions[{input_nr}]: the gradient for input {input_nr} of "
                        f"{source.attrs['name']} flows on to {target.attrs['name']}")

    def set_flow(self, text, current=False):
        """Writes the gradient sent along this arrow beside it (None: none yet)."""
        if text is None:
            if self.flow is not None:
                self.flow.hide()
            self.setPen(QPen(EDGE, 1.4))
            return
        if self.flow is None:
            self.flow = QGraphicsSimpleTextItem(self)
            self.flow.setZValue(2)
        self.flow.setText(text)
        self.flow.setBrush(QBrush(RUNNING if current else FLOW))
        font = self.flow.font()
        font.setBold(current)
        self.flow.setFont(font)
        at = self.path().pointAtPercent(0.7)      # below the [i] index, written higher up
        box = self.flow.boundingRect()
        # twins (y * y) bow apart: each writes on its own side
        x = at.x() - box.width() - 6 if self.bow < 0 else at.x() + 6
        self.flow.setPos(x, at.y() - box.height() / 2)
        self.flow.show()
        self.setPen(QPen(RUNNING if current else FLOW, 2.4 if current else 1.8))

    def shape(self):            # hover and tooltips along the line, not its filled bow
        stroker = QPainterPathStroker()
        stroker.setWidth(8)
        return stroker.createStroke(self.path())


def _flow(st):
    """A walk step's gradients as tooltip lines ("" for None)."""
    if st is None:
        return ""
    flow = f"received {st.received_name} = {preview(st.received)}"
    flow += "".join(f"\nsent [{x.input_nr}] {x.input_name}: {preview(x.gradient)}"
                    for x in st.sends)
    if st.accumulate:
        flow += f"\n.grad after: {preview(st.after)}"
    return flow


def _curve(path, to, bow=0.0):
    """An S-curve from the path's end down to ``to``, bowed ``bow`` pixels sideways."""
    a = path.currentPosition()
    mid = (a.y() + to.y()) / 2
    path.cubicTo(QPointF(a.x() + bow, mid), QPointF(to.x() + bow, mid), to)


def _spread(rank, count):
    """Offsets -0.5 .. 0.5 (in steps of 1) for ``count`` things; 0 for one."""
    return rank - (count - 1) / 2


def layered_layout(graph, lane=24):
    """Where each grad_fn goes: ``pos[node] = (centre x in pixels, row)``, one row per
    generation (the root on top, every node below all its parents) and, in a row, nodes
    ordered by the mean x of what feeds them (one barycentre pass). An arrow spanning
    several rows gets a lane of its own (``lane`` pixels, wider for twins) in each row it
    crosses, so it never runs behind a box: ``routes[(u, v)]`` lists the lanes' centre x,
    row by row."""
    rows = nx.DiGraph()
    rows.add_nodes_from(graph)
    size, chains = dict.fromkeys(graph, BOX_W), {}
    depth = {}
    for n in nx.topological_sort(graph):
        preds = set(graph.predecessors(n))
        depth[n] = 1 + max(depth[p] for p in preds) if preds else 0
    for u, v in dict.fromkeys(graph.edges()):        # each pair once, twins together
        prev, chain = u, []
        for d in range(depth[u] + 1, depth[v]):
            via = ("via", u, v, d)
            size[via] = lane + (graph.number_of_edges(u, v) - 1) * SPREAD
            rows.add_edge(prev, via)
            chain.append(via)
            prev = via
        rows.add_edge(prev, v)
        if chain:
            chains[(u, v)] = chain
    order = {n: i for i, n in enumerate(list(depth) + [n for n in rows if n not in depth])}
    x = {}
    for row in barycentre_layers(rows, x.__getitem__, order.__getitem__):
        left = -(sum(size[n] for n in row) + GAP_X * (len(row) - 1)) / 2
        for n in row:
            x[n] = left + size[n] / 2
            left += size[n] + GAP_X
    pos = {n: (x[n], depth[n]) for n in graph}
    return pos, {pair: [x[via] for via in chain] for pair, chain in chains.items()}


def _nearest(graph, most):
    """The grad_fns of ``graph`` the fewest next_functions steps from its root, whole
    steps at a time, at most ``most`` of them (but always the root and its next ones)."""
    if len(graph) <= most:
        return list(graph)
    root = next(k for k in graph if not graph.in_degree(k))
    steps = nx.single_source_shortest_path_length(graph, root)
    counts = {}
    for d in steps.values():
        counts[d] = counts.get(d, 0) + 1
    limit, total = 1, 0
    for d in sorted(counts):
        total += counts[d]
        if total > most:
            break
        limit = d
    return [k for k, d in steps.items() if d <= max(limit, 1)]


def _mean(values):
    values = list(values)
    return sum(values) / len(values) if values else 0.0


class AutogradView(SessionPanel):
    """The backward graph of the selected node at ``session.step``."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.root = None           # document node whose backward graph is shown
        self.graph = nx.MultiDiGraph()
        self.drawn = self.graph    # the part of it drawn (at most MAX_BOXES grad_fns)
        self.items = {}            # grad_fn key -> FunctionItem
        self.edges = []            # EdgeItem per next_functions entry drawn
        self.stubs = []            # "n more, not drawn" marks of a graph too big to draw
        self.legend = None         # the key under the graph
        self._picture = None       # what the items show (redraw keeps an equal picture)
        self._shelf = None         # the items of the last picture, hidden behind a message
        self.scene = QGraphicsScene(self)
        self.view = QGraphicsView(self.scene)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setBackgroundBrush(QColor("#fafafa"))
        self.view.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.caption)
        layout.addWidget(self.view, 1)
        layout.addStretch(0)       # takes the room while there is only a message
        self.follow(session.selection_changed, self._on_selection_changed)
        self.follow(session.run_finished, self.refresh)
        self.follow(session.step_changed, self.redraw)
        self.follow(session.walk_changed, self.redraw)
        session.document_replaced.connect(self._on_document_replaced)
        self.refresh()

    # ------------------------------------------------------------------ API
    def item_named(self, name):
        """The boxes whose grad_fn class is ``name`` (``MulBackward0`` ...)."""
        return [it for it in self.items.values() if it.attrs["name"] == name]

    def select_function(self, key):
        """Selects the document node(s) a grad_fn box belongs to (keeps this graph)."""
        nodes = self.items[key].document_nodes
        if nodes:
            self.session.select(nodes)

    def refresh(self):
        self._choose_root()
        self.redraw()
        sel = self.session.selection[:1]
        if not self.items and sel and sel[0] != self.root:
            self.root = sel[0]          # the graph that held the selection is gone
            self.redraw()

    def redraw(self):
        """Shows the backward graph of ``root`` at the session's step. When it is the
        picture already shown (an edit that changed values, not the graph), the boxes
        and arrows stay as they are: nothing is rebuilt or repainted."""
        s = self.session
        if self.root is None or self.root not in s.document.graph or s.result is None:
            self._show_message("Select a node computed from tensors that require grad to "
                               "see its backward graph: the grad_fn objects PyTorch "
                               "recorded and the next_functions that link them.")
            return
        walk = s.current_walk()
        if walk is not None and walk.graph is not None and len(walk.graph):
            graph = walk.graph          # as it stood before the pass: every box and buffer
            self.root = walk.roots[0] if walk.roots else self.root
        else:
            walk = None
            graph = s.result.backward_graph(self.root, s.step)
        if not graph:
            self._show_message(why_no_graph(s.document, s.result, self.root, s.step,
                                            emphasis=lambda n: f"<b>{n}</b>"))
            return
        names, owners = self._names_and_owners(graph)
        picture = (self.root, list(graph.nodes(data=True)), list(graph.edges(keys=True)),
                   names, owners)
        self.graph = graph
        self.drawn = graph.subgraph(_nearest(graph, MAX_BOXES)).copy()   # (a view is slow)
        self.caption.setText(self._caption(walk))
        if not self.items and self._shelf is not None and self._shelf[0] == picture:
            # the graph drawn before a message (an edit and its undo): shown again as is
            self._picture, self.items, self.edges, self.stubs, self.legend = self._shelf
            self._shelf = None
            self.view.show()
        if self.items and picture == self._picture:
            self._highlight()
            self._mark_walk(walk)
            return
        self._clear()
        self._picture = picture
        self.view.show()
        pos, routes = layered_layout(self.drawn)
        heights = {}
        for key, attrs in self.drawn.nodes(data=True):
            item = FunctionItem(key, attrs, names, owners[key])
            item.clicked.connect(self.select_function)
            item.flow_of = weakref.WeakMethod(self.flow_of)
            self.items[key] = item
            self.scene.addItem(item)
            heights[pos[key][1]] = max(heights.get(pos[key][1], 0), item.height)
        tops, y = {}, 0.0
        for d in sorted(heights):
            tops[d] = y
            y += heights[d] + GAP_Y
        for key, item in self.items.items():
            x, d = pos[key]
            item.setPos(x - BOX_W / 2, tops[d])
        self._draw_edges(pos, {pair: [(x, tops[d], tops[d] + heights[d])
                                      for d, x in enumerate(xs, start=pos[pair[0]][1] + 1)]
                               for pair, xs in routes.items()})
        self._draw_stubs()
        labelled = any(e.label is not None for e in self.edges)
        self.legend = legend = QGraphicsSimpleTextItem(
            "arrows: next_functions, the way gradients flow" +
            ("\n[i]: the entry's index in next_functions" if labelled else ""))
        legend.setBrush(QBrush(QColor("#80868b")))
        bounds = self.scene.itemsBoundingRect()
        legend.setPos(bounds.center().x() - legend.boundingRect().width() / 2,
                      bounds.bottom() + 8)
        self.scene.addItem(legend)
        self._highlight()
        self._mark_walk(walk)
        self._fit()

    def _draw_edges(self, pos, lanes):
        """One ``EdgeItem`` per next_functions entry. A box's outgoing arrows leave it side
        by side in next_functions order and its incoming ones arrive side by side, ordered
        by where they come from; arrows between the same two boxes bow apart; an arrow
        crossing rows runs down its lanes (``lanes[(u, v)]``: ``(x, top, bottom)``)."""
        g = self.drawn

        def came_from(edge):
            u, v, k = edge
            via = lanes.get((u, v))
            return (via[-1][0] if via else pos[u][0], k)

        incoming = {v: sorted(g.in_edges(v, keys=True), key=came_from) for v in g}
        for u in g:
            out = sorted(g.out_edges(u, keys=True), key=lambda e: e[2])
            for rank, (_, v, k) in enumerate(out):
                twins = [e[2] for e in out if e[1] == v]
                into = incoming[v]
                edge = EdgeItem(self.items[u], self.items[v], k,
                                start=_spread(rank, len(out)),
                                end=_spread(into.index((u, v, k)), len(into)),
                                bow=_spread(twins.index(k), len(twins)),
                                via=lanes.get((u, v), ()), labelled=len(out) > 1)
                self.edges.append(edge)
                self.scene.addItem(edge)

    def _draw_stubs(self):
        """A short dashed arrow under each box whose next_functions lead to grad_fns not
        drawn (a graph bigger than ``MAX_BOXES``), saying how many."""
        for key, item in self.items.items():
            hidden = [v for _, v in self.graph.out_edges(key) if v not in self.items]
            if not hidden:
                continue
            x, y = item.x() + BOX_W / 2, item.y() + item.height
            path = QPainterPath(QPointF(x, y))
            path.lineTo(x, y + GAP_Y * 0.6)
            stub = QGraphicsPathItem(path)
            stub.setPen(QPen(EDGE, 1.4, Qt.PenStyle.DashLine))
            stub.setZValue(-1)
            text = QGraphicsSimpleTextItem(f"{len(hidden)} more, not drawn", stub)
            text.setBrush(QBrush(LABEL))
            text.setPos(x + 6, y + 4)
            stub.setToolTip("next_functions leading further back than this view draws: "
                            "select a node further back on the canvas to see its graph")
            self.stubs.append(stub)
            self.scene.addItem(stub)

    def edges_between(self, source, target):
        """The arrows drawn from grad_fn ``source`` to grad_fn ``target`` (keys)."""
        return [e for e in self.edges if (e.source, e.target) == (source, target)]

    def _show_message(self, text):
        if self.items:          # kept aside, hidden: the same graph may come back (undo)
            self._shelf = (self._picture, self.items, self.edges, self.stubs, self.legend)
            self.items, self.edges, self.stubs, self.legend = {}, [], [], None
            self._picture = None
        self.graph = self.drawn = nx.MultiDiGraph()
        self.caption.setText(text)
        self.view.hide()

    def _clear(self):
        self.scene.clear()
        self.items, self.edges, self.stubs, self.legend = {}, [], [], None
        self._picture = None
        self._shelf = None

    def _names_and_owners(self, graph):
        """The display names of the document nodes ``graph`` refers to, and per grad_fn
        the nodes its box names (one per tensor)."""
        doc, result = self.session.document, self.session.result
        names, owners = {}, {}
        for key, attrs in graph.nodes(data=True):
            owners[key] = result.distinct_tensors(attrs["tensors"])
            for n in attrs["tensors"] + ((attrs["variable"],) if attrs["variable"] else ()):
                if n in doc.graph:
                    names[n] = doc.display_name(n)
        return names, owners

    def _mark_walk(self, walk):
        """The step-through on the graph: the grad_fn running now, those already run,
        buffers freed so far, and on each arrow the gradient sent along it."""
        k = self.session.walk[1] if walk is not None else 0
        done = walk.steps[:k] if walk is not None else ()
        ran = {st.key: st for st in done}
        freed = {st.key for st in done if st.freed}
        current = done[-1].key if done else None
        for key, item in self.items.items():
            st = ran.get(key)
            item.set_walk(key == current, st is not None, key in freed, _flow(st))
        sent = {(st.key, x.target, x.input_nr): (x.gradient, st.key == current)
                for st in done for x in st.sends}
        for edge in self.edges:
            flow = sent.get((edge.source, edge.target, edge.input_nr))
            edge.set_flow(None if flow is None else flow_text(flow[0]),
                          flow is not None and flow[1])
        if sent and not self.scene.sceneRect().contains(
                self.scene.itemsBoundingRect()):    # labels reach past the boxes: in view
            self._fit()

    def flow_of(self, key):
        """What the last backward pass through grad_fn ``key`` did (received, sent), as
        tooltip lines: read when a box is hovered outside a step-through."""
        last = self._last_walk()
        st = next((x for x in last.steps if x.key == key), None) if last else None
        return _flow(st)

    def _last_walk(self):
        """The walk of the last backward or autograd.grad action at or before the step
        shown, or None."""
        s = self.session
        step = s.step if s.step >= 0 else s.result.step_count + s.step
        for index in range(min(step, len(s.document.timeline)) - 1, -1, -1):
            w = s.walk_record(index)
            if w is not None and w.steps:
                return w
        return None

    def _caption(self, walk=None):
        s = self.session
        doc = s.document
        if walk is not None:
            k = s.walk[1]
            now = (f"step {k} of {len(walk.steps)}: <b>{walk.steps[k - 1].name}</b> ran"
                   if k else "before the first step")
            return (f"Stepping through <b>{walk.title}</b>, {now}. Arrows carry the "
                    f"gradients sent so far; greyed buffers are freed.")
        text = f"Backward graph of <b>{doc.display_name(self.root)}</b>.grad_fn"
        if not s.selection:
            text += " (the first backward's target: select a node to see its own)"
        if len(self.drawn) < len(self.graph):
            text += (f"<br>Drawn: the {len(self.drawn)} grad_fns nearest to it, of "
                     f"{len(self.graph):,}. Select a node further back on the canvas to see "
                     "the graph from there.")
        steps = sorted({a["freed_at"] for _, a in self.graph.nodes(data=True) if a["freed"]})
        if steps:
            by = ", ".join(f"step {i} ({action_text(doc, doc.timeline[i - 1])})"
                           if 0 < i <= len(doc.timeline) else f"step {i}" for i in steps)
            text += (f"<br><span style='color:#616161'>Greyed, struck-through buffers were "
                     f"freed by {by}: pass retain_graph=True there to backward through "
                     f"this graph again.</span>")
        return text

    # ------------------------------------------------------------------ internals
    def _choose_root(self):
        """The selected node, unless it already appears in the graph shown (then the
        graph stays and its box lights up). Without a selection: the first backward's
        target."""
        s = self.session
        sel = s.selection[0] if s.selection else None
        if sel is not None:
            if self.root is None or not self._contains(sel):
                self.root = sel
            return
        if self.root in s.document.graph:
            return
        targets = [a.params.get("target") for a in s.document.timeline if a.kind == "backward"]
        self.root = next((t for t in targets if t in s.document.graph), None)

    def _contains(self, node_id):
        return any(node_id in it.document_nodes for it in self.items.values())

    def _highlight(self):
        sel = set(self.session.selection)
        for item in self.items.values():
            lit = bool(sel & set(item.document_nodes))
            if lit != item.highlighted:
                item.highlighted = lit
                item.update()

    def _fit(self):
        """The whole graph in view, zoomed out no further than ``MIN_SCALE``; a bigger
        one scrolls, starting at its root."""
        rect = self.scene.itemsBoundingRect().adjusted(-16, -16, 16, 16)
        self.scene.setSceneRect(rect)
        self.view.resetTransform()
        port = self.view.viewport()
        scale = max(MIN_SCALE, min(1.0, port.width() / rect.width(),
                                   port.height() / rect.height()))
        if scale < 1.0:
            self.view.scale(scale, scale)
        root = next((self.items[k] for k in self.drawn if not self.drawn.in_degree(k)), None)
        if root is not None:
            self.view.ensureVisible(root, 16, 16)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        if self.items:
            self._fit()

    # ------------------------------------------------------------------ slots
    def _on_selection_changed(self):
        old = self.root
        self._choose_root()
        if self.root != old:
            self.redraw()
        else:
            if self.graph:
                self.caption.setText(self._caption())
            self._highlight()

    def _on_document_replaced(self):
        self.root = None                # run_finished follows and draws the new document
