"""Navigation of the canvas: zoom (wheel about the cursor; Ctrl+= / Ctrl+- / Ctrl+0),
pan (middle drag, or Space + drag), fit-to-view, rubber-band selection on empty space,
and the dispatch of mouse presses to the modes in ``interactions``."""
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView

from .interactions import mode_for_press
from .node_item import LOD_CARD

__all__ = ["CanvasView", "MIN_ZOOM", "MAX_ZOOM"]

MIN_ZOOM = 0.03
MAX_ZOOM = 4.0
ZOOM_STEP = 1.2
FIT_MARGIN = 24     # pixels of canvas left around the graph by fit-to-view


class CanvasView(QGraphicsView):
    """A QGraphicsView with node-editor navigation. Subclasses add editing."""

    def __init__(self, scene, parent=None):
        super().__init__(scene, parent)
        self.space_held = False
        self.snapping = False
        self.mode = None
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setOptimizationFlags(QGraphicsView.DontSavePainterState |
                                  QGraphicsView.DontAdjustForAntialiasing)
        self.setCacheMode(QGraphicsView.CacheNone)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setDragMode(QGraphicsView.RubberBandDrag)
        self.setRubberBandSelectionMode(Qt.IntersectsItemShape)
        self._band = QRectF()            # the rubber band's last scene rectangle
        self.rubberBandChanged.connect(self._on_rubber_band_changed)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.NoFrame)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)

    # ------------------------------------------------------------------ zoom
    @property
    def zoom(self):
        """The current scale (1.0 is 100 %)."""
        return self.transform().m11()

    def set_zoom(self, factor, anchor_under_mouse=False):
        factor = min(MAX_ZOOM, factor)
        if factor < MIN_ZOOM:            # (a graph too big to fit at MIN_ZOOM: as far as
            factor = max(factor, min(MIN_ZOOM, self.fit_zoom()))   # fit-to-view needs)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse if anchor_under_mouse
                                     else QGraphicsView.AnchorViewCenter)
        self.scale(factor / self.zoom, factor / self.zoom)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.scene().set_overview(self.zoom < LOD_CARD)
        self.scene().view_moved()

    def zoom_in(self):
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self):
        self.set_zoom(self.zoom / ZOOM_STEP)

    def reset_zoom(self):
        self.set_zoom(1.0)

    def fit_zoom(self, rect=None):
        """The scale at which every node is in view (never beyond 100 %): zooming out
        stops at ``MIN_ZOOM`` or there, whichever is further out."""
        rect = self.scene().nodes_rect() if rect is None else rect
        if rect.isNull():
            return 1.0
        vp = self.viewport().rect()
        return max(min((vp.width() - 2 * FIT_MARGIN) / rect.width(),
                       (vp.height() - 2 * FIT_MARGIN) / rect.height(), 1.0), 1e-4)

    def fit_to_view(self):
        """Zooms and scrolls so that every node is visible (never beyond 100 %)."""
        rect = self.scene().nodes_rect()
        if rect.isNull():
            self.reset_zoom()
            self.centerOn(0, 0)
            return
        self.set_zoom(self.fit_zoom(rect))
        self.centerOn(rect.center())

    def visible_scene_rect(self):
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def scrollContentsBy(self, dx, dy):
        super().scrollContentsBy(dx, dy)
        self.scene().view_moved()        # (a big document's cards coming into view)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self.scene().view_moved()

    def wheelEvent(self, event):
        delta = event.angleDelta().y()
        if delta == 0:
            return
        self.set_zoom(self.zoom * ZOOM_STEP ** (delta / 120.0), anchor_under_mouse=True)
        event.accept()

    # ------------------------------------------------------------------ mouse
    def mousePressEvent(self, event):
        if self.mode is not None:
            return
        pos = self.mapToScene(event.position().toPoint())
        scene = self.scene()
        if scene.sparse:                 # a big document: the card under the press, now
            scene.realize(scene.places.in_rect(QRectF(pos.x() - 10, pos.y() - 10, 20, 20)))
        mode = mode_for_press(self, pos, event)
        if mode is None:
            super().mousePressEvent(event)       # rubber band / clear selection
            return
        self.mode = mode
        mode.start(pos, event)
        event.accept()

    def mouseMoveEvent(self, event):
        if self.mode is not None:
            self.mode.move(self.mapToScene(event.position().toPoint()), event)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event):
        if self.mode is not None:
            mode, self.mode = self.mode, None
            mode.end(self.mapToScene(event.position().toPoint()), event)
            event.accept()
            return
        super().mouseReleaseEvent(event)
        band, self._band = self._band, QRectF()
        if not band.isNull() and self.scene().sparse:   # (nodes without a card too)
            self.scene().select_band(band)

    def _on_rubber_band_changed(self, rect, _start, _end):
        if not rect.isNull():            # (``rect`` is where the band is; ``_end`` lags)
            self._band = self.mapToScene(rect).boundingRect()

    def cancel_mode(self):
        if self.mode is not None:
            mode, self.mode = self.mode, None
            mode.cancel()

    def focusOutEvent(self, event):
        self.space_held = False
        super().focusOutEvent(event)

    # ------------------------------------------------------------------ keys
    def keyPressEvent(self, event):
        key, mods = event.key(), event.modifiers()
        ctrl = bool(mods & Qt.ControlModifier)
        if key == Qt.Key_Space and not event.isAutoRepeat():
            self.space_held = True
            self.viewport().setCursor(Qt.OpenHandCursor)
        elif ctrl and key in (Qt.Key_Equal, Qt.Key_Plus):
            self.zoom_in()
        elif ctrl and key == Qt.Key_Minus:
            self.zoom_out()
        elif ctrl and key == Qt.Key_0:
            self.reset_zoom()
        elif key == Qt.Key_F and not ctrl:
            self.fit_to_view()
        elif key == Qt.Key_Escape:
            self.cancel_mode()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event):
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self.space_held = False
            self.viewport().setCursor(Qt.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)
