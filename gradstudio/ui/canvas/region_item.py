"""A no-grad region: a framed group drawn behind its nodes, titled
``with torch.no_grad():``, that follows its nodes when they move."""
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem

from . import theme
from .node_item import _static

__all__ = ["RegionItem"]

MARGIN = 18.0
TITLE = 24.0


class RegionItem(QGraphicsItem):
    """Mirrors one document region; ``nodes`` are the member NodeItems."""

    def __init__(self, region, nodes):
        super().__init__()
        self.region_id = region.id
        self.setZValue(0)
        self.nodes = []
        self._rect = QRectF()
        self.set_region(region, nodes)

    def set_region(self, region, nodes):
        self.label = region.label
        self._title = _static(f"with torch.{region.label}():", "region")
        self.nodes = list(nodes)
        self.update_frame()

    def update_frame(self):
        """Re-fits the frame around the member nodes."""
        rect = QRectF()
        for n in self.nodes:
            rect = rect.united(n.sceneBoundingRect())
        if not rect.isNull():
            rect = rect.adjusted(-MARGIN, -MARGIN - TITLE, MARGIN, MARGIN)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect

    def boundingRect(self):
        return self._rect.adjusted(-2, -2, 2, 2) if not self._rect.isNull() else QRectF()

    def paint(self, painter, option, widget=None):
        if self._rect.isNull():
            return
        painter.setPen(theme.REGION_PEN)
        painter.setBrush(theme.REGION_BRUSH)
        painter.drawRoundedRect(self._rect, 10, 10)
        if option.levelOfDetailFromTransform(painter.worldTransform()) >= 0.4:
            painter.setPen(theme.REGION_TEXT)
            painter.setFont(theme.font("region"))
            painter.drawStaticText(QPointF(self._rect.x() + 12, self._rect.y() + 6),
                                   self._title)
