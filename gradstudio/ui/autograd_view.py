"""The autograd view: the backward graph behind the selected node's tensor, at the step
being viewed, as PyTorch holds it — ``grad_fn`` nodes by class name, ``AccumulateGrad``
boxes naming the leaf they feed, ``next_functions`` arrows, and saved buffers, struck
through once a backward pass without ``retain_graph`` has freed them.

Linked to the selection both ways: clicking a box selects the document node(s) it
belongs to; selecting a document node highlights its ``grad_fn``."""
import networkx as nx
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsObject, QGraphicsPathItem,
                               QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView, QLabel,
                               QVBoxLayout)

from gradstudio.ui.panel import SessionPanel

__all__ = ["AutogradView", "FunctionItem"]

BOX_W, ROW_H, GAP_X, GAP_Y = 170, 18, 28, 46
FILL = QColor("#e8f0fe")
LEAF_FILL = QColor("#e6f4ea")
HIGHLIGHT = QColor("#f9a825")
FREED = QColor("#9e9e9e")


class FunctionItem(QGraphicsObject):
    """One grad_fn: its class name, what it belongs to, its saved buffers."""

    def __init__(self, view, key, attrs, names):
        super().__init__()
        self.view, self.key, self.attrs = view, key, attrs
        self.highlighted = False
        if attrs["accumulate"]:
            var = attrs["variable"]
            self.subtitle = f"→ {names.get(var, '?')}.grad" if var else "→ (a leaf)"
        else:
            owners = [names.get(n, n) for n in attrs["tensors"]]
            self.subtitle = "of " + ", ".join(owners) if owners else "(intermediate)"
        self.saved = list(attrs["saved"])
        self.freed = attrs["freed"]
        self.height = ROW_H * (2 + len(self.saved)) + 8
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        tip = [attrs["name"], self.subtitle]
        if self.saved:
            tip.append("saved: " + ", ".join(self.saved) +
                       (" (freed by backward: pass retain_graph=True to keep them)"
                        if self.freed else ""))
        self.setToolTip("\n".join(tip))

    @property
    def document_nodes(self):
        a = self.attrs
        return [a["variable"]] if a["accumulate"] and a["variable"] else list(a["tensors"])

    def boundingRect(self):
        return QRectF(-3, -3, BOX_W + 6, self.height + 6)

    def paint(self, painter, _option, _widget=None):
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(0, 0, BOX_W, self.height)
        pen = QPen(HIGHLIGHT, 3) if self.highlighted else QPen(QColor("#5f6368"), 1.2)
        painter.setPen(pen)
        painter.setBrush(QBrush(LEAF_FILL if self.attrs["accumulate"] else FILL))
        painter.drawRoundedRect(rect, 6, 6)
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
            self.view.select_function(self.key)
            event.accept()
        else:
            super().mousePressEvent(event)


def _arrow(p1, p2):
    path = QPainterPath(p1)
    mid = (p1.y() + p2.y()) / 2
    path.cubicTo(QPointF(p1.x(), mid), QPointF(p2.x(), mid), p2)
    head = QPolygonF([p2, QPointF(p2.x() - 5, p2.y() - 9), QPointF(p2.x() + 5, p2.y() - 9)])
    path.addPolygon(head)
    path.closeSubpath()
    return path


def layered_layout(graph):
    """Positions per node: one row per topological generation (the root on top), nodes in
    a row ordered by the mean position of their parents (one barycentre pass)."""
    # a node sits below all its parents: longest path from the roots
    depth = {}
    for n in nx.topological_sort(graph):
        preds = list(graph.predecessors(n))
        depth[n] = 1 + max(depth[p] for p in preds) if preds else 0
    rows = {}
    for n, d in depth.items():
        rows.setdefault(d, []).append(n)
    x_of = {}
    pos = {}
    for d in sorted(rows):
        row = rows[d]
        if d:
            row.sort(key=lambda n: sum(x_of[p] for p in graph.predecessors(n)) /
                     max(1, graph.in_degree(n)))
        for i, n in enumerate(row):
            x_of[n] = i - (len(row) - 1) / 2
        for n in row:
            pos[n] = (x_of[n], d)
    return pos


class AutogradView(SessionPanel):
    """The backward graph of the selected node at ``session.step``."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.root = None           # document node whose backward graph is shown
        self.graph = nx.DiGraph()
        self.items = {}            # grad_fn key -> FunctionItem
        self.scene = QGraphicsScene(self)
        self.view = QGraphicsView(self.scene)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setBackgroundBrush(QColor("#fafafa"))
        self.view.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.caption)
        layout.addWidget(self.view, 1)
        self.follow(session.selection_changed, self._on_selection_changed)
        self.follow(session.run_finished, self.refresh)
        self.follow(session.step_changed, self.redraw)
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

    def redraw(self):
        self.scene.clear()
        self.items = {}
        s = self.session
        if self.root is None or self.root not in s.document.graph or s.result is None:
            self.graph = nx.DiGraph()
            self.caption.setText("Select a node computed from tensors that require grad to "
                                 "see its backward graph.")
            return
        self.graph = s.result.backward_graph(self.root, s.step)
        name = s.document.display_name(self.root)
        if not self.graph:
            self.caption.setText(f"<b>{name}</b> has no grad_fn: nothing flows back from it "
                                 "(it is a leaf, or nothing it depends on requires grad).")
            return
        freed = any(a["freed"] for _, a in self.graph.nodes(data=True))
        self.caption.setText(f"Backward graph of <b>{name}</b>.grad_fn" +
                             (" — <span style='color:#757575'>struck buffers were freed by "
                              "backward()</span>" if freed else ""))
        names = {n: s.document.display_name(n) for n in s.document.node_ids}
        pos = layered_layout(self.graph)
        heights = {}
        for key, attrs in self.graph.nodes(data=True):
            item = FunctionItem(self, key, attrs, names)
            self.items[key] = item
            self.scene.addItem(item)
            heights[pos[key][1]] = max(heights.get(pos[key][1], 0), item.height)
        tops, y = {}, 0.0
        for d in sorted(heights):
            tops[d] = y
            y += heights[d] + GAP_Y
        for key, item in self.items.items():
            x, d = pos[key]
            item.setPos(x * (BOX_W + GAP_X), tops[d])
        pen = QPen(QColor("#80868b"), 1.4)
        for u, v in self.graph.edges():
            a, b = self.items[u], self.items[v]
            p1 = a.pos() + QPointF(BOX_W / 2, a.height)
            p2 = b.pos() + QPointF(BOX_W / 2, 0)
            edge = QGraphicsPathItem(_arrow(p1, p2))
            edge.setPen(pen)
            edge.setBrush(QBrush(QColor("#80868b")))
            edge.setZValue(-1)
            self.scene.addItem(edge)
        legend = QGraphicsSimpleTextItem("arrows: next_functions")
        legend.setBrush(QBrush(QColor("#9aa0a6")))
        legend.setPos(self.scene.itemsBoundingRect().left(),
                      self.scene.itemsBoundingRect().bottom() + 8)
        self.scene.addItem(legend)
        self._highlight()
        self._fit()

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
            item.highlighted = bool(sel & set(item.document_nodes))
            item.update()

    def _fit(self):
        rect = self.scene.itemsBoundingRect().adjusted(-16, -16, 16, 16)
        self.scene.setSceneRect(rect)
        self.view.resetTransform()
        if rect.width() > self.view.viewport().width() or \
                rect.height() > self.view.viewport().height():
            self.view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

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
            self._highlight()

    def _on_document_replaced(self):
        self.root = None                # run_finished follows and draws the new document
