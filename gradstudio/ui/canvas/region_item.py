"""A no-grad region: a framed group drawn behind its nodes, titled
``with torch.no_grad():``, that follows its nodes when they move. While a node is dragged
the frame can be frozen where it was (so a member can be dragged out of it) and lit up to
show that releasing would add the node to it or take it out, which a ``DragHint`` beside
the dragged node says in words."""
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QStaticText
from PySide6.QtWidgets import QGraphicsItem

from . import theme
from .node_item import _static

__all__ = ["RegionItem", "DragHint"]

MARGIN = 18.0
TITLE = 34.0           # the band for the title above the nodes, over their change tags
TITLE_MIN_PX = 10.0    # zoomed out, the title is drawn larger to stay this big on screen
TITLE_MIN_LOD = 0.25   # ... down to this zoom, where it fills the band above the nodes

JOIN_PEN = theme.pen(QColor("#8fc3ff"), 2.5)
JOIN_BRUSH = QBrush(QColor(90, 169, 255, 48))
LEAVE_PEN = theme.pen(QColor("#8fc3ff"), 1.5, Qt.DotLine)
LEAVE_BRUSH = QBrush(QColor(90, 169, 255, 10))
HINT_PEN = theme.pen(QColor("#8fc3ff"), 1.0)
HINT_BRUSH = QBrush(QColor("#1f3350"))
HINT_TEXT = QColor("#dbe9ff")


class RegionItem(QGraphicsItem):
    """Mirrors one document region; ``nodes`` are the member NodeItems."""

    def __init__(self, region, nodes):
        super().__init__()
        self.region_id = region.id
        self.setZValue(0)
        self.nodes = []
        self._rect = QRectF()
        self.frozen = False
        self.highlight = None          # None, "join" or "leave" (during a node drag)
        self.set_region(region, nodes)

    def set_region(self, region, nodes):
        self.label = region.label
        self._title_text = f"with torch.{region.label}():"
        self._title = _static(self._title_text, "region")
        self._far_title = None         # (zoom, font, QStaticText) of the zoomed-out title
        self.nodes = list(nodes)
        self.update_frame()

    @property
    def frame(self):
        """The frame in scene coordinates (null when the region has no drawn member)."""
        return QRectF(self._rect)

    def update_frame(self):
        """Re-fits the frame around the member nodes (not while frozen)."""
        if self.frozen:
            return
        rect = QRectF()
        for n in self.nodes:
            rect = rect.united(n.sceneBoundingRect())
        if not rect.isNull():
            rect = rect.adjusted(-MARGIN, -MARGIN - TITLE, MARGIN, MARGIN)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect

    def freeze(self, on):
        """Keeps the frame where it is (on) or re-fits it to the members again (off)."""
        self.frozen = bool(on)
        if not on:
            self.update_frame()

    def set_highlight(self, kind):
        """Lights the frame up: "join" (releasing adds the dragged node), "leave"
        (releasing takes it out) or None."""
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    def title_rect(self):
        """Where the title is written at full size, in scene coordinates."""
        if self._rect.isNull():
            return QRectF()
        size = self._title.size()
        return QRectF(self._rect.x() + 12, self._rect.y() + 6, size.width(), size.height())

    def boundingRect(self):
        return self._rect.adjusted(-2, -2, 2, 2) if not self._rect.isNull() else QRectF()

    def paint(self, painter, option, widget=None):
        if self._rect.isNull():
            return
        pen, brush = {"join": (JOIN_PEN, JOIN_BRUSH), "leave": (LEAVE_PEN, LEAVE_BRUSH)}.get(
            self.highlight, (theme.REGION_PEN, theme.REGION_BRUSH))
        painter.setPen(pen)
        painter.setBrush(brush)
        painter.drawRoundedRect(self._rect, 10, 10)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod < TITLE_MIN_LOD:
            return
        painter.setPen(theme.REGION_TEXT)
        if theme.font("region").pixelSize() * lod >= TITLE_MIN_PX:
            painter.setFont(theme.font("region"))
            painter.drawStaticText(QPointF(self._rect.x() + 12, self._rect.y() + 6),
                                   self._title)
            return
        _, font, title = self._zoomed_out_title(lod)
        painter.setFont(font)
        painter.drawStaticText(QPointF(self._rect.x() + 12, self._rect.y() + 4), title)

    def _zoomed_out_title(self, lod):
        """The title in a font that stays ``TITLE_MIN_PX`` tall on screen at zoom ``lod``,
        elided to the frame's width (kept per zoom level)."""
        if self._far_title is None or self._far_title[0] != (lod, self._rect.width()):
            font, metrics = theme.scaled_font("region", round(TITLE_MIN_PX / lod))
            text = metrics.elidedText(self._title_text, Qt.ElideRight,
                                      max(0.0, self._rect.width() - 24))
            st = QStaticText(text)
            st.setTextFormat(Qt.PlainText)
            st.prepare(font=font)
            self._far_title = ((lod, self._rect.width()), font, st)
        return self._far_title


class DragHint(QGraphicsItem):
    """A small label above a dragged node saying what releasing it will do to a no-grad
    region ("Release to add y to no_grad"); drawn above everything, ignores the mouse."""

    def __init__(self):
        super().__init__()
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.text = ""
        self._st = None
        self._rect = QRectF()

    def set_text(self, text):
        if text == self.text:
            return
        self.prepareGeometryChange()
        self.text = text
        self._st = _static(text, "small") if text else None
        width = theme.metrics("small").horizontalAdvance(text) + 16 if text else 0
        self._rect = QRectF(0, -20, width, 20) if text else QRectF()
        self.setVisible(bool(text))

    def boundingRect(self):
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter, option, widget=None):
        if self._st is None:
            return
        painter.setPen(HINT_PEN)
        painter.setBrush(HINT_BRUSH)
        painter.drawRoundedRect(self._rect, 10, 10)
        painter.setPen(HINT_TEXT)
        painter.setFont(theme.font("small"))
        painter.drawStaticText(QPointF(8, self._rect.top() + 3), self._st)
