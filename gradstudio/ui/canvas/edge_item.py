"""An edge: a cubic curve from a node's output port to an input port of another node.

An edge that carries gradient back (its source requires grad and its consumer records an
operation: not a detach, not inside a no-grad region) is a solid accent curve; one that
carries none is a thin grey dashed curve. The edges leaving a ``detach`` node carry a red
cut marker, so the break in the gradient path is visible. Zoomed out, edges are straight
one-pixel lines."""
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsItem

from . import theme

__all__ = ["EdgeItem", "DraftEdge", "curve"]

LOD_CURVE = 0.45


RETURN_DROP = 120.0     # a backward edge to a card this far below takes the return route
RETURN_ABOVE = 70.0     # ... running across this far above the input port
RETURN_SWING = 44.0


def curve(a, b):
    """The path from output point ``a`` to input point ``b``: one cubic, or for an edge
    going back left to a card well below (a wrapped layout's next band) a "carriage
    return": out of the port, down, across just above the target card, and in."""
    path = QPainterPath(a)
    gap = b.x() - a.x()
    if gap < 0 and b.y() - a.y() > RETURN_DROP:
        run = b.y() - RETURN_ABOVE
        path.cubicTo(QPointF(a.x() + RETURN_SWING, a.y()),
                     QPointF(a.x() + RETURN_SWING, run), QPointF(a.x(), run))
        path.lineTo(QPointF(b.x(), run))
        path.cubicTo(QPointF(b.x() - RETURN_SWING, run),
                     QPointF(b.x() - RETURN_SWING, b.y()), b)
        return path
    # forward: handles half-way across the gap (longer ones tie a loop in a short gap);
    # backward: swing out of the two cards
    dx = gap * 0.5 if gap >= 0 else max(40.0, -gap * 0.5)
    path.cubicTo(QPointF(a.x() + dx, a.y()), QPointF(b.x() - dx, b.y()), b)
    return path


class EdgeItem(QGraphicsItem):
    """Mirrors one document edge ``key = (source id, target id, port)``. It keeps the ids,
    not the node items (no Python reference cycle between Qt wrappers): the scene hands
    it the two cards whenever the path must follow them."""

    def __init__(self, key, source, target):
        super().__init__()
        self.key = key
        self.source_id, self.target_id, self.port = key
        self.carries_grad = False
        self.setZValue(1)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self._bounds = QRectF()
        self.cut, self._a, self._b = None, None, None
        self.line = None                # QLineF(a, b): how the overview draws it
        self.update_path(source, target)

    def set_flow(self, carries_grad):
        """Whether gradient flows back along this edge (from the run)."""
        if carries_grad != self.carries_grad:
            self.carries_grad = carries_grad
            self.update()

    def update_path(self, source, target):
        """Follows the ports of the cards ``source`` and ``target`` after one moved or
        changed (a source that became a detach gets the cut marker). Ports where they
        were and the same marker leave the edge as it is (not repainted)."""
        cut = source.data.kind == "detach"
        # (a Function's output k, taken by a function_output node, leaves from port k)
        a = source.output_pos(target.data.params.get("index", 0)
                              if target.spec.output_of and self.port == "function" else 0)
        b = target.input_pos(self.port)
        if a == self._a and b == self._b and cut == self.cut:
            return
        self.cut, self._a, self._b = cut, a, b
        self.line = QLineF(a, b)
        self._path = curve(a, b)
        bounds = self._path.controlPointRect().adjusted(-6, -6, 6, 6)
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds
        else:
            self.update()

    def boundingRect(self):
        return self._bounds

    def shape(self):
        path = QPainterPath()
        path.addRect(self._bounds)
        return path

    def paint(self, painter, option, widget=None):
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod < LOD_CURVE:
            painter.setPen(theme.EDGE_GRAD_LOD_PEN if self.carries_grad
                           else theme.EDGE_PLAIN_LOD_PEN)
            painter.drawLine(self.line)
            return
        painter.setPen(theme.EDGE_GRAD_PEN if self.carries_grad else theme.EDGE_PLAIN_PEN)
        painter.setBrush(Qt.NoBrush)
        painter.drawPath(self._path)
        if self.cut:
            self._paint_cut(painter)

    def _paint_cut(self, painter):
        # two short parallel slashes across the curve near its start: "snipped"
        t = min(0.5, 28.0 / max(1.0, self._path.length()))
        p = self._path.pointAtPercent(t)
        painter.setPen(theme.CUT_PEN)
        for dx in (-4.0, 4.0):
            painter.drawLine(QLineF(p.x() + dx - 4, p.y() + 8, p.x() + dx + 4, p.y() - 8))


class DraftEdge(QGraphicsItem):
    """The dashed curve that follows the cursor while a connection is dragged."""

    def __init__(self, anchor, reverse=False):
        super().__init__()
        self.anchor, self.reverse = anchor, reverse
        self.setZValue(10)
        self._path = QPainterPath(anchor)
        self._bounds = QRectF()

    def set_end(self, point):
        a, b = (point, self.anchor) if self.reverse else (self.anchor, point)
        self._path = curve(a, b)
        self.prepareGeometryChange()
        self._bounds = self._path.controlPointRect().adjusted(-4, -4, 4, 4)

    def boundingRect(self):
        return self._bounds

    def paint(self, painter, option, widget=None):
        painter.setPen(theme.EDGE_DRAFT_PEN)
        painter.setBrush(Qt.NoBrush)
        painter.drawPath(self._path)
