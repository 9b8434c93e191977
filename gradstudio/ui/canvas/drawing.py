"""What the canvas scene paints itself: the dot grid behind the items and, zoomed far out,
every card, edge, frame and mark in a few batched calls (each item's own paint is a
Python call; handing thousands of rectangles to Qt from Python costs too, so the batch is
rendered once per scale into an image and blitted)."""
import math
from contextlib import contextmanager

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QImage, QPainter, QPixmap, QTransform

from . import sparse, theme

__all__ = ["SceneDrawing", "GRID", "detailed"]

GRID = 20.0


@contextmanager
def detailed(scene):
    """Every item of ``scene`` drawn in full for the duration (exports render at any
    scale), then the overview as it was."""
    was = scene.overview
    scene.set_overview(False)
    try:
        yield
    finally:
        scene.set_overview(was)


class SceneDrawing:
    """The scene's drawing lists and images, cached. It keeps no reference to the scene
    (which owns it): each call is given the scene it draws."""

    def __init__(self):
        self.batch = None              # cached overview drawing lists (None: made again)
        self.picture = None            # ... rendered: (scale, image, top left)
        self.batch_nodes = 0           # ... made with this many cards
        self._tiles = {}               # grid step -> its tiled brush

    def lists(self, scene):
        """``(rects, lines, regions, marks)``: every card, edge, frame and mark of
        ``scene`` as the overview draws them, by colour (made again once dropped:
        ``batch = None``)."""
        if self.batch is not None:
            return self.batch
        if scene.sparse:                 # a big document: read from the document itself
            return self._set_lists(scene, *sparse.overview_batch(scene, scene.places))
        rects, lines = {}, {True: [], False: []}
        # (a run makes this again from every card: per card only what can change, its
        # selection, error, category and place (``Card.at``, no Qt call); each colour's
        # group is looked up once)
        groups = {}                       # id(colour) -> its group's list
        sizes = {}                        # id(rect) -> (rect, width, height)
        for item in scene.nodes.values():
            card = item.card
            if item.isSelected():
                colour = theme.NODE_SELECTED
            elif card.has_error:
                colour = theme.NODE_ERROR
            else:
                colour = theme.header_color(item.spec.category)
            group = groups.get(id(colour))
            if group is None:
                group = groups[id(colour)] = rects.setdefault(colour.rgba(), (colour, []))[1]
            size = sizes.get(id(card.rect))   # (a card's rect is at 0, 0; shared by size)
            if size is None:
                size = sizes[id(card.rect)] = (card.rect, card.rect.width(),
                                               card.rect.height())
            group.append(QRectF(*card.at, size[1], size[2]))
        for edge in scene.edges.values():   # (each edge keeps its line: 10,000 a run)
            lines[edge.carries_grad].append(edge.line)
        return self._set_lists(scene, list(rects.values()), lines)

    def _set_lists(self, scene, rects, lines):
        regions = [r._rect for r in scene.regions.values() if not r._rect.isNull()]
        self.batch = (rects, lines, regions, scene.marks.overview_rects())
        self.picture = None
        self.batch_nodes = len(scene.nodes)
        return self.batch

    def paint_lists(self, painter, scene):
        rects, lines, regions, marks = self.lists(scene)
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

    def image(self, scene, scale):
        """The batch rendered once at this scale (handing thousands of rects to Qt from
        Python is what costs; blitting one image does not). None if it would be huge."""
        cached = self.picture
        if cached is not None and self.batch is not None and cached[0] == scale:
            return cached[1], cached[2]
        rect = scene.nodes_rect().adjusted(-4, -4, 4, 4)
        w, h = math.ceil(rect.width() * scale), math.ceil(rect.height() * scale)
        if w * h > 16_000_000 or w <= 0 or h <= 0:
            return None
        image = QImage(w, h, QImage.Format_ARGB32_Premultiplied)
        image.fill(Qt.transparent)
        painter = QPainter(image)
        painter.scale(scale, scale)
        painter.translate(-rect.topLeft())
        self.paint_lists(painter, scene)
        painter.end()
        self.picture = (scale, image, rect.topLeft())
        return image, rect.topLeft()

    def draw_overview(self, painter, scene):
        """``scene``'s items batched, blitted as one image where it can be."""
        painter.setRenderHint(QPainter.Antialiasing, False)
        world = painter.worldTransform()
        cached = self.image(scene, world.m11()) if world.m12() == 0 else None
        if cached is None:
            self.paint_lists(painter, scene)
        else:
            image, top_left = cached
            at = world.map(top_left)
            painter.save()
            painter.resetTransform()
            painter.drawImage(QPointF(round(at.x()), round(at.y())), image)
            painter.restore()
        painter.setRenderHint(QPainter.Antialiasing, True)

    def grid_brush(self, step):
        """A tiled pixmap with one dot per grid cell (one fill instead of many points)."""
        brush = self._tiles.get(step)
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
            brush = self._tiles[step] = QBrush(tile)
        return brush

    def draw_background(self, painter, rect):
        """The background: a dot grid in device pixels (only on a widget or an image,
        at 60 % and more), else plain."""
        scale = painter.worldTransform().m11()
        if scale < 0.6 or painter.device() is None or \
                painter.device().devType() not in (1, 3):   # widget / image only
            painter.fillRect(rect, theme.BACKGROUND)
        else:
            # a pixel-sized dot grid: the tile is drawn in device pixels
            step = GRID * scale * (2 if scale < 1.0 else 1)
            step = max(8, round(step))
            brush = QBrush(self.grid_brush(step))
            origin = painter.worldTransform().map(QPointF(0, 0))
            brush.setTransform(QTransform.fromTranslate(origin.x() % step, origin.y() % step))
            painter.save()
            painter.resetTransform()
            painter.fillRect(QRectF(painter.viewport()), brush)
            painter.restore()
