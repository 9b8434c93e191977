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

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (QGraphicsPathItem, QGraphicsScene, QGraphicsSimpleTextItem,
                               QGraphicsView, QLabel, QVBoxLayout)

from gradstudio.document.explain import why_no_graph
from gradstudio.document.graph_store import networkx
from gradstudio.document.layout import barycentre_layers
from gradstudio.document.export import action_text
from gradstudio.document.run_state import BackwardGraphPart
from gradstudio.document.walk import flow_text, preview
from gradstudio.timeline import ACTIONS
from gradstudio.ui.autograd_items import BOX_W, EDGE, LABEL, SPREAD, EdgeItem, FunctionItem
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.plain import escaped
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import Number, translate

__all__ = ["AutogradView", "FunctionItem", "EdgeItem"]

GAP_X, GAP_Y = 28, 46
MAX_BOXES = 100            # a bigger graph shows the grad_fns nearest its root
MIN_SCALE = 0.5            # zoomed out no further (text stays readable): scroll instead


def _flow(st):
    """A walk step's gradients as tooltip lines ("" for None)."""
    if st is None:
        return ""
    flow = translate("AutogradView", "received {name} = {value}").format(
        name=st.received_name, value=preview(st.received))
    flow += "".join(translate("AutogradView", "\nsent [{nr}] {name}: {value}").format(
        nr=x.input_nr, name=x.input_name, value=preview(x.gradient)) for x in st.sends)
    if st.accumulate:
        flow += translate("AutogradView", "\n.grad after: {after}").format(after=preview(st.after))
    return flow


def _content(attrs, names, owners):
    """All a ``FunctionItem`` shows of its grad_fn (its attributes, the names it gives):
    after an edit a box showing the same is kept (moved if need be), any other is made
    anew. Hashable."""
    return (tuple(attrs.items()), tuple(owners),
            tuple(names.get(n) for n in attrs["tensors"]), names.get(attrs["variable"]))


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
    nx = networkx()
    rows = nx.MultiDiGraph()
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


# no graph shown: an empty tuple as the empty graph drawn (all a view asks of it then is
# its length and its nodes), so a view needs no networkx before it draws a graph
_NONE = BackwardGraphPart((), 0, {}, ())


def _mean(values):
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def graph_caption(s, part, root, drawn, walk=None):
    """The text above the backward graph of ``root`` (``part``: what of it the run
    has, ``drawn`` grad_fns of it drawn), or of the step-through ``walk``, in the
    session ``s``."""
    doc = s.document
    if walk is not None:
        k = s.walk[1]
        now = translate("AutogradView", "step {k} of {n}: <b>{name}</b> ran").format(
            k=k, n=len(walk.steps), name=escaped(walk.steps[k - 1].name)) if k else \
            translate("AutogradView", "before the first step")
        return translate("AutogradView", "Stepping through <b>{title}</b>, {now}. Arrows carry "
                         "the gradients sent so far; greyed buffers are freed.").format(
            title=escaped(walk.title), now=now)
    text = translate("AutogradView", "Backward graph of <b>{name}</b>.grad_fn").format(
        name=escaped(doc.display_name(root)))
    if not s.selection:
        text += translate("AutogradView", " (the first backward's target: select a node to "
                          "see its own)")
    if drawn < part.total:
        text += translate("AutogradView", "<br>Drawn: the {drawn} grad_fns nearest to it, of "
                          "{total:,}. Select a node further back on the canvas to see the "
                          "graph from there.").format(drawn=Number(drawn), total=Number(part.total))
    steps = part.freed_steps
    if steps:
        by = ", ".join(translate("AutogradView", "step {i} ({action})").format(
                           i=i, action=document_word(action_text(doc, doc.timeline[i - 1])))
                       if 0 < i <= len(doc.timeline) else
                       translate("AutogradView", "step {step}").format(step=i) for i in steps)
        text += "<br><span style='color:#616161'>" + translate(
            "AutogradView", "Greyed, struck-through buffers were freed by {by}: pass "
            "retain_graph=True there to backward through this graph again.").format(
            by=escaped(by)) + "</span>"
    return text


def _names_and_owners(doc, result, nodes):
    """The display names of the document nodes the grad_fns ``nodes`` (``(key,
    attrs)``) refer to, and per grad_fn the nodes its box names (one per tensor)."""
    names, owners = {}, {}
    for key, attrs in nodes:
        owners[key] = result.distinct_tensors(attrs["tensors"])
        for n in attrs["tensors"] + ((attrs["variable"],) if attrs["variable"] else ()):
            if doc.has_node(n):
                names[n] = doc.display_name(n)
    return names, owners


def restacked(stack, want, added):
    """Puts a scene's top-level items in the order a new view adds them (``want``: boxes,
    arrows, stubs, the legend: where arrows cross, which is drawn over which), moving only
    those out of place; returns ``want``, the new stack. Kept items are where they were in
    ``stack``; ``added`` ones were added after them, in that order."""
    fresh = {id(it) for it in added}
    present = {id(it) for it in want}
    now = [it for it in stack if id(it) in present and id(it) not in fresh]
    now += added
    if len(now) == len(want) and all(a is b for a, b in zip(now, want)):
        return want
    rank = {id(it): i for i, it in enumerate(now)}
    # from the top down: an item above the next one (in ``want``) goes just below it
    after = rank[id(want[-1])]
    for i in range(len(want) - 2, -1, -1):
        item, r = want[i], rank[id(want[i])]
        if r > after:
            item.stackBefore(want[i + 1])
            item.update()
            r = after - 1e-6        # just below it (and so below all above it)
        after = r
    return want


def _kept_boxes(spare, contents):
    """``(kept, alike)``: of the boxes drawn before (``spare``, by key), those whose key
    shows the same now (``contents[key]``), taken out of ``spare``, by key; the others by
    what they show, for a key that shows the same."""
    kept = {}
    for key, content in contents.items():       # the same key showing the same
        item = spare.get(key)
        if item is not None and item.content == content:
            kept[key] = spare.pop(key)
    alike = {}
    for item in spare.values():
        alike.setdefault(item.content, []).append(item)
    return kept, alike


def _stub(x, y, count):
    """A short dashed arrow down from ``(x, y)``: ``count`` more grad_fns, not drawn."""
    path = QPainterPath(QPointF(x, y))
    path.lineTo(x, y + GAP_Y * 0.6)
    stub = QGraphicsPathItem(path)
    stub.placed = (x, y, count)
    stub.setPen(QPen(EDGE, 1.4, Qt.PenStyle.DashLine))
    stub.setZValue(-1)
    text = QGraphicsSimpleTextItem(translate("AutogradView", "{count} more, not drawn").format(count=Number(count)), stub)
    text.setBrush(QBrush(LABEL))
    text.setPos(x + 6, y + 4)
    stub.setToolTip(translate("AutogradView", "next_functions leading further back than this view draws: "
                    "select a node further back on the canvas to see its graph"))
    return stub


class AutogradView(SessionPanel):
    """The backward graph of the selected node at ``session.step``."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.root = None           # document node whose backward graph is shown
        self.part = _NONE          # what the caption says of it: its size, freed buffers
        self.drawn = self.part.graph   # the part of it drawn (at most MAX_BOXES grad_fns)
        self.items = {}            # grad_fn key -> FunctionItem
        self.edges = []            # EdgeItem per next_functions entry drawn
        self.stubs = []            # "n more, not drawn" marks of a graph too big to draw
        self.legend = None         # the key under the graph
        self._picture = None       # what the items show (redraw keeps an equal picture)
        self._shelf = None         # the items of the last picture, hidden behind a message
        self._stack = []           # the scene's top-level items, bottom to top
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
        self.first_refresh()

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
        and arrows stay as they are: nothing is rebuilt or repainted. Otherwise the
        picture is updated in place (``_update``): it ends as a new view would draw it."""
        s = self.session
        if self.root is None or not s.document.has_node(self.root) or s.result is None:
            self._show_message(translate("AutogradView", "Select a node computed from tensors that require grad to "
                               "see its backward graph: the grad_fn objects PyTorch "
                               "recorded and the next_functions that link them."))
            return
        walk = s.current_walk()
        if walk is not None and walk.graph is not None and len(walk.graph):
            # as it stood before the pass: every box and buffer
            part = BackwardGraphPart.of(walk.graph, MAX_BOXES)
            self.root = walk.roots[0] if walk.roots else self.root
        else:
            walk = None                 # (only the grad_fns drawn are built)
            part = s.result.backward_graph_part(self.root, s.step, MAX_BOXES)
        if not part.total:
            self._show_message(why_no_graph(s.document, s.result, self.root, s.step,
                                            emphasis=lambda n: f"<b>{escaped(n)}</b>"))
            return
        graph = part.graph
        nodes = list(graph.nodes(data=True))
        entries = list(graph.edges(keys=True))
        names, owners = _names_and_owners(s.document, s.result, nodes)
        picture = (self.root, nodes, entries, names, owners, part.hidden)
        self.part = part
        # (the caption first: showing the view lays the panel out for it)
        self.caption.setText(self._caption(walk, len(nodes)))
        if not self.items and self._shelf is not None:
            # the graph drawn before a message (an edit and its undo): shown again, as is
            # or updated
            (self._picture, self.drawn, self.items, self.edges, self.stubs, self.legend,
             self._stack) = self._shelf
            self._shelf = None
            self.view.show()
        if self.items and picture == self._picture:     # (``drawn`` shows the same)
            self._highlight()
            self._mark_walk(walk)
            return
        self.drawn = graph
        shown = self._picture[3] if self._picture is not None else {}
        # a node renamed: every box is made anew (only the boxes naming it would need to)
        renamed = any(shown.get(n, name) != name for n, name in names.items())
        self._picture = picture
        self.view.show()
        self._update(names, owners, part.hidden, renamed)
        self._highlight()
        self._mark_walk(walk)
        self._fit()

    def _update(self, names, owners, hidden, renamed=False):
        """Makes the scene what a new view would draw of ``drawn``, in place: a box showing
        just what a grad_fn's box would (``_content``) is kept and only moved; an arrow or
        a stub is redrawn only if it moved or changed; what is gone is removed, what is
        new is added. The scene's stacking order is then the one a new view's would have
        (boxes, arrows, stubs, legend, each in drawing order).

        Keys are not names that last: a run numbers the grad_fns in the order it meets
        them, so an edit near the root renumbers most of the graph. A box is kept for the
        grad_fn of its own key when that one shows the same, else for another showing the
        same (it takes that one's key)."""
        drawn = self.drawn
        pos, routes = layered_layout(drawn)
        old = self.items
        added, heights = [], {}
        items, gone = self._boxes(names, owners, renamed, pos, added, heights)
        tops, y = {}, 0.0
        for d in sorted(heights):
            tops[d] = y
            y += heights[d] + GAP_Y
        changed = bool(added or gone)
        for key, item in items.items():
            x, d = pos[key]
            x, y = x - BOX_W / 2, tops[d]
            if (item.x(), item.y()) != (x, y):     # (exactly: QPointF's == is fuzzy)
                item.setPos(x, y)
                changed = True
        changed |= self._draw_edges(pos, {
            pair: [(x, tops[d], tops[d] + heights[d])
                   for d, x in enumerate(xs, start=pos[pair[0]][1] + 1)]
            for pair, xs in routes.items()}, old, added)
        changed |= self._draw_stubs(hidden, old, added)
        self._draw_legend(changed, added)
        self._stack = restacked(self._stack, [*self.items.values(), *self.edges,
                                              *self.stubs, self.legend], added)

    def _boxes(self, names, owners, renamed, pos, added, heights):
        """The boxes of ``drawn``, by key: the old ones kept (``_kept_boxes``), the others
        made and appended to ``added``; ``heights`` gets each row's tallest box. Removes
        the boxes gone from the scene; returns ``(items, gone)``."""
        drawn, scene, old = self.drawn, self.scene, self.items
        contents = {key: _content(attrs, names, owners[key])
                    for key, attrs in drawn.nodes(data=True)}
        items, alike = _kept_boxes({} if renamed else dict(old), contents)
        for key, attrs in drawn.nodes(data=True):
            item = items.get(key)
            if item is None:
                same = alike.get(contents[key])
                if same:                            # another key showing the same
                    item = same.pop(0)
                    item.key = key
                else:
                    item = FunctionItem(key, attrs, names, owners[key])
                    item.content = contents[key]
                    item.clicked.connect(self.select_function)
                    item.flow_of = weakref.WeakMethod(self.flow_of)
                    scene.addItem(item)
                    added.append(item)
            item.attrs = attrs
            items[key] = item
            d = pos[key][1]
            heights[d] = max(heights.get(d, 0), item.height)
        items = {key: items[key] for key in drawn}     # (in drawing order)
        kept = {id(it) for it in items.values()}
        gone = [it for it in old.values() if id(it) not in kept]
        for item in gone:
            scene.removeItem(item)
        self.items = items
        return items, gone

    def _draw_legend(self, changed, added):
        """The key under the graph, placed again when anything changed (then appended to
        ``added``)."""
        labelled = any(e.label is not None for e in self.edges)
        text = (translate("AutogradView", "arrows: next_functions, the way gradients flow") +
                (translate("AutogradView", "\n[i]: the entry's index in next_functions") if labelled else ""))
        legend, scene = self.legend, self.scene
        if legend is None or changed or legend.text() != text:
            if legend is None:
                self.legend = legend = QGraphicsSimpleTextItem()
                legend.setBrush(QBrush(QColor("#80868b")))
            elif legend.scene() is not None:
                scene.removeItem(legend)      # (under everything else: not in the bounds)
            legend.setText(text)
            bounds = scene.itemsBoundingRect()
            legend.setPos(bounds.center().x() - legend.boundingRect().width() / 2,
                          bounds.bottom() + 8)
            scene.addItem(legend)
            added.append(legend)

    def _draw_edges(self, pos, lanes, boxes, added):
        """One ``EdgeItem`` per next_functions entry. A box's outgoing arrows leave it side
        by side in next_functions order and its incoming ones arrive side by side, ordered
        by where they come from; arrows between the same two boxes bow apart; an arrow
        crossing rows runs down its lanes (``lanes[(u, v)]``: ``(x, top, bottom)``). The
        arrows drawn before (between ``boxes``, by key) are kept where they link the same
        boxes, redrawn where those moved (``EdgeItem.place``); those new are appended to
        ``added``. Returns whether any arrow changed."""
        g, items = self.drawn, self.items
        succ, pred = g.succ, g.pred
        old = {(id(boxes[e.source]), id(boxes[e.target]), e.input_nr): e for e in self.edges}
        self.edges = []
        changed = False

        def came_from(edge):
            u, v, k = edge
            via = lanes.get((u, v))
            return (via[-1][0] if via else pos[u][0], k)

        incoming = {v: sorted(((u, v, k) for u, kd in pred[v].items() for k in kd),
                              key=came_from) for v in g}
        for u in g:
            out = sorted(((u, v, k) for v, kd in succ[u].items() for k in kd),
                         key=lambda e: e[2])
            for rank, (_, v, k) in enumerate(out):
                twins = [e[2] for e in out if e[1] == v]
                into = incoming[v]
                args = (items[u], items[v], k, _spread(rank, len(out)),
                        _spread(into.index((u, v, k)), len(into)),
                        _spread(twins.index(k), len(twins)), lanes.get((u, v), ()),
                        len(out) > 1)
                edge = old.pop((id(items[u]), id(items[v]), k), None)
                if edge is None:
                    edge = EdgeItem(*args)
                    self.scene.addItem(edge)
                    added.append(edge)
                    changed = True
                else:
                    edge.clear_flow()           # (the walk's marks are set afresh)
                    changed |= edge.place(*args)
                self.edges.append(edge)
        for edge in old.values():
            self.scene.removeItem(edge)
        return changed or bool(old)

    def _draw_stubs(self, hidden, boxes, added):
        """A short dashed arrow under each box whose next_functions lead to grad_fns not
        drawn (a graph bigger than ``MAX_BOXES``), saying how many (``hidden[key]``).
        Those drawn before (under ``boxes``, by key) stay where nothing about them
        changed. Returns whether any stub changed."""
        old = {id(boxes[stub.key]): stub for stub in self.stubs}
        self.stubs = []
        changed = False
        for key, item in self.items.items():
            count = hidden.get(key)
            if not count:
                continue
            x, y = item.x() + BOX_W / 2, item.y() + item.height
            stub = old.pop(id(item), None)
            if stub is not None and stub.placed != (x, y, count):
                self.scene.removeItem(stub)
                stub = None
            if stub is None:
                stub = _stub(x, y, count)
                self.scene.addItem(stub)
                added.append(stub)
                changed = True
            stub.key = key
            self.stubs.append(stub)
        for stub in old.values():
            self.scene.removeItem(stub)
        return changed or bool(old)

    def edges_between(self, source, target):
        """The arrows drawn from grad_fn ``source`` to grad_fn ``target`` (keys)."""
        return [e for e in self.edges if (e.source, e.target) == (source, target)]

    def _show_message(self, text):
        if self.items:          # kept aside, hidden: the same graph may come back (undo)
            self._shelf = (self._picture, self.drawn, self.items, self.edges, self.stubs,
                           self.legend, self._stack)
            self.items, self.edges, self.stubs, self.legend = {}, [], [], None
            self._picture, self._stack = None, []
        self.part = _NONE
        self.drawn = _NONE.graph
        self.caption.setText(text)
        self.view.hide()

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

    def _caption(self, walk=None, drawn=None):
        """The text above the graph; ``drawn``: how many grad_fns are drawn (those of
        ``self.drawn`` if None)."""
        drawn = len(self.drawn) if drawn is None else drawn
        return graph_caption(self.session, self.part, self.root, drawn, walk)

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
        if s.document.has_node(self.root):
            return
        targets = [a.params.get(ACTIONS[a.kind].target) for a in s.document.timeline
                   if ACTIONS[a.kind].target]
        self.root = next((t for t in targets if s.document.has_node(t)), None)

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
            if self.part.total:
                self.caption.setText(self._caption())
            self._highlight()

    def _on_document_replaced(self):
        self.root = None                # run_finished follows and draws the new document
