"""The items of the autograd view (``gradstudio.ui.autograd_view``): a grad_fn's box
and a ``next_functions`` arrow. An arrow can be placed again where its boxes have moved
(``EdgeItem.place``), so the view updates its picture in place."""
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QPainter, QPainterPath, QPainterPathStroker,
                           QPen, QPolygonF)
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsObject, QGraphicsPathItem,
                               QGraphicsPolygonItem, QGraphicsSimpleTextItem)
from gradstudio.ui.i18n import translate
from gradstudio.ui.plain import plain_tooltip

__all__ = ["FunctionItem", "EdgeItem", "BOX_W", "ROW_H", "SPREAD", "BOW", "EDGE", "LABEL"]

BOX_W, ROW_H = 170, 18
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
        self.content = None        # what the view made it from (kept while it is the same)
        if attrs["accumulate"]:
            var = attrs["variable"]
            self.subtitle = f"→ {names.get(var, '?')}.grad" if var else translate("AutogradItems", "→ (a leaf)")
        else:
            shown = [names.get(n, n) for n in (attrs["tensors"] if owners is None else owners)]
            self.subtitle = translate("AutogradItems", "of {names}").format(names=", ".join(shown)) if shown else translate("AutogradItems", "(intermediate)")
        self.saved = list(attrs["saved"])
        self.freed = attrs["freed"]
        self.height = ROW_H * (2 + len(self.saved)) + 8
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        tip = [attrs["name"], self.subtitle]
        if owners is not None and len(owners) < len(attrs["tensors"]):
            tip.append(translate("AutogradItems", "the same tensor as {names}").format(names=", ".join(names.get(n, n)
                                                         for n in attrs["tensors"])))
        if self.saved:
            tip.append(translate("AutogradItems", "saved for backward: {names}").format(names=", ".join(self.saved)) +
                       (translate("AutogradItems", " (freed by backward: pass retain_graph=True to keep them)")
                        if self.freed else ""))
        self.base_tip = "\n".join(tip)
        self.setToolTip(plain_tooltip(self.base_tip))

    def hoverEnterEvent(self, event):
        """Outside a step-through the tooltip gains what the last backward pass through
        this grad_fn received and sent, looked up now (not on every redraw)."""
        flow_of = self.flow_of() if self.flow_of is not None else None
        if flow_of is not None and not (self.running or self.done):
            flow = flow_of(self.key)
            self.setToolTip(plain_tooltip(self.base_tip + ("\n" + flow if flow else "")))
        super().hoverEnterEvent(event)

    def set_walk(self, running, done, freed, flow=""):
        """The step-through's marks: running now, already run, buffers freed by then;
        ``flow`` (what it received and sent) goes into the tooltip."""
        freed = freed or self.attrs["freed"]
        if (running, done, freed) != (self.running, self.done, self.freed):
            self.running, self.done, self.freed = running, done, freed
            self.update()
        self.setToolTip(plain_tooltip(self.base_tip + ("\n" + flow if flow else "")))

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
            label = translate("AutogradItems", "saved {name}").format(name=name) + (translate("AutogradItems", "  (freed)") if self.freed else "")
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
        self.setPen(QPen(EDGE, 1.4))
        self.setZValue(-1)
        self.tip = QGraphicsPolygonItem(QPolygonF([QPointF(0, 0), QPointF(-9, -5),
                                                   QPointF(-9, 5)]), self)
        self.tip.setPen(QPen(Qt.PenStyle.NoPen))
        self.tip.setBrush(QBrush(EDGE))
        self.label = None
        self.flow = None           # the gradient sent along it, during a step-through
        self.placed = None         # what it was last drawn from (``place``)
        self.place(source, target, input_nr, start, end, bow, via, labelled)

    def place(self, source, target, input_nr, start=0.0, end=0.0, bow=0.0, via=(),
              labelled=False):
        """Draws the arrow between the boxes where they stand now (the arguments are the
        constructor's): the very item a new ``EdgeItem`` would be, without making one.
        Returns whether anything changed (nothing does if the boxes did not move)."""
        self.source, self.target, self.input_nr = source.key, target.key, input_nr
        via = tuple(via)
        placed = (source.x(), source.y(), source.height, source.attrs["name"], target.x(),
                  target.y(), target.attrs["name"], input_nr, start, end, bow, via, labelled)
        if placed == self.placed:
            return False
        self.placed = placed
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
        self.tip.setPos(p2)
        self.tip.setRotation(-path.angleAtPercent(1.0))
        self.bow = bow
        if labelled:            # beside the arrow's first stretch: the index is its source's
            if self.label is None:
                self.label = QGraphicsSimpleTextItem(self)
                self.label.setBrush(QBrush(LABEL))
            self.label.setText(f"[{input_nr}]")
            box = self.label.boundingRect()
            at = (path if first is None else first).pointAtPercent(0.5)
            left = bow < 0 if bow else (at.x() < p1.x() - 1 or
                                        (abs(at.x() - p1.x()) <= 1 and start < 0))
            self.label.setPos(at.x() - box.width() - 4 if left else at.x() + 4,
                              at.y() - box.height() / 2)
        elif self.label is not None:
            self.label = _drop(self.label)
        self.setToolTip(plain_tooltip(
            translate("AutogradItems", "next_functions[{nr}]: the gradient for input {nr} of "
                      "{source} flows on to {target}").format(nr=input_nr, source=source.attrs['name'], target=target.attrs['name'])))
        return True

    def clear_flow(self):
        """As a new arrow is: no gradient written beside it (not even a hidden one)."""
        if self.flow is not None:
            self.flow = _drop(self.flow)
            self.setPen(QPen(EDGE, 1.4))

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


def _drop(child):
    """Takes a child item out of its parent and the scene (it is then deleted with its
    last reference). Returns None."""
    if child.scene() is not None:
        child.scene().removeItem(child)
    child.setParentItem(None)
    return None


def _curve(path, to, bow=0.0):
    """An S-curve from the path's end down to ``to``, bowed ``bow`` pixels sideways."""
    a = path.currentPosition()
    mid = (a.y() + to.y()) / 2
    path.cubicTo(QPointF(a.x() + bow, mid), QPointF(to.x() + bow, mid), to)
