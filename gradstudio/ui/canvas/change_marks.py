"""What the last edit changed, marked on the canvas: a halo around each node that gained
(green) or lost (amber) a grad_fn or a .grad, with tags above it saying which
("− grad_fn", "+ MulBackward0", "− .grad").

All marks are drawn by one overlay item behind the nodes, which holds a rectangle per
marked node and paints only those in the exposed area: showing or clearing thousands of
marks touches no item but that one, and while nothing changed there is no item at all.
Marks are cleared by the next edit, the next selection change and New/Open; a selection
made in the same turn as the edit (the command's own "select what I added") keeps them."""
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QStaticText
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from . import theme
from .node_item import LOD_CARD, PORT_RADIUS

__all__ = ["ChangeMarks", "Mark", "GAINED", "LOST", "tag_rects"]

GAINED = QColor("#3ddc84")
LOST = QColor("#ffb020")
RUNNING = QColor("#ff8a3d")   # the node whose grad_fn a step-through is running
HALO = 8.0          # how far the halo stands out of the node
TAG_H = 16.0
TAG_GAP = 4.0
Z = 0.5             # above region frames, below edges and nodes


def _style(colour):
    glow, fill = QColor(colour), QColor(colour)
    glow.setAlpha(70)
    fill.setAlpha(40)
    return {"pen": theme.pen(colour, 2.5), "glow": theme.pen(glow, 9.0),
            "fill": QBrush(fill), "tag_fill": QBrush(QColor(colour).darker(330)),
            "tag_pen": theme.pen(colour, 1.0), "colour": colour}


STYLES = {"gained": _style(GAINED), "lost": _style(LOST), "running": _style(RUNNING)}


@lru_cache(maxsize=64)
def _tag(text):
    """A tag's prepared text and width, shared by every mark showing it."""
    st = QStaticText(text)
    st.setTextFormat(Qt.PlainText)
    st.prepare(font=theme.font("badge"))
    return st, theme.metrics("badge").horizontalAdvance(text) + 12


def tags_of(change):
    """``[(text, "gained"|"lost")]``: what came or went, e.g. ("− grad_fn", "lost")."""
    out = []
    if change.grad_fn is not None:
        new = change.grad_fn[1]
        out.append(("+ " + new, "gained") if new else ("− grad_fn", "lost"))
    if change.grad is not None:
        out.append(("+ .grad", "gained") if change.grad[1] else ("− .grad", "lost"))
    return out


@dataclass
class Mark:
    """One marked node: its style ("lost" if it lost anything, else "gained"), its tags
    and, in scene coordinates, its halo and the rectangle it paints in."""
    node_id: str
    style: str
    tags: list
    halo: QRectF = None
    bounds: QRectF = None


class _Overlay(QGraphicsItem):
    """Paints the marks of one edit: ``marks`` is the dict it was made for, node id ->
    Mark (it does not refer back to its ChangeMarks)."""

    def __init__(self, marks):
        super().__init__()
        self.marks = marks
        self.setZValue(Z)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption)
        self._bounds = QRectF()

    def refit(self):
        self.prepareGeometryChange()
        rect = QRectF()
        for m in self.marks.values():
            rect = rect.united(m.bounds)
        self._bounds = rect

    def grow(self, rect):
        if not self._bounds.contains(rect):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(rect)
        self.update(rect)

    def boundingRect(self):
        return self._bounds

    def paint(self, painter, option, widget=None):
        exposed = option.exposedRect if isinstance(option, QStyleOptionGraphicsItem) \
            else self._bounds
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        shown = [m for m in self.marks.values() if m.bounds.intersects(exposed)]
        if lod < LOD_CARD:
            painter.setPen(Qt.NoPen)
            for m in shown:
                painter.setBrush(STYLES[m.style]["fill"])
                painter.drawRect(m.halo.adjusted(-4, -4, 4, 4))
            return
        for m in shown:
            style = STYLES[m.style]
            painter.setBrush(style["fill"])
            painter.setPen(style["glow"])
            painter.drawRoundedRect(m.halo, 10, 10)
            painter.setBrush(Qt.NoBrush)
            painter.setPen(style["pen"])
            painter.drawRoundedRect(m.halo, 10, 10)
        painter.setFont(theme.font("badge"))
        for m in shown:
            for (text, key), r in zip(reversed(m.tags), tag_rects(m)):
                painter.setPen(STYLES[key]["tag_pen"])
                painter.setBrush(STYLES[key]["tag_fill"])
                painter.drawRoundedRect(r, TAG_H / 2, TAG_H / 2)
                painter.drawStaticText(QPointF(r.x() + 6, r.y() + 1.5), _tag(text)[0])


def tag_rects(mark):
    """Where a mark's tags are drawn (scene coordinates), last tag first: in a row
    right-aligned above its halo."""
    rects = []
    right, y = mark.halo.right() - 4, mark.halo.top() - TAG_H - TAG_GAP
    for text, _ in reversed(mark.tags):
        w = _tag(text)[1]
        rects.append(QRectF(right - w, y, w, TAG_H))
        right -= w + TAG_GAP
    return rects


class ChangeMarks:
    """The marks of the last edit by node id (``marks``), drawn by one overlay item that
    exists only while there are marks. The scene owns it; it refers back to the scene
    weakly, so the two make no reference cycle."""

    def __init__(self, scene):
        self._scene = weakref.ref(scene)
        self.marks = {}
        self.overview = False
        self.settling = False      # shown in this turn of the event loop
        self._overlay = None

    def show(self, changes):
        """Marks the nodes that gained or lost a grad_fn or a .grad (replaces any marks)."""
        self.show_marks([(node_id, "lost" if change.lost else "gained", tags_of(change))
                         for node_id, change in changes.items()
                         if change.gained or change.lost])

    def show_marks(self, marks):
        """Marks ``[(node id, style, [(tag text, style)])]`` (replaces any marks)."""
        self.clear()
        scene = self._scene()
        nodes = scene.nodes
        for node_id, style, tags in marks:
            item = nodes.get(node_id)
            if item is None:
                continue
            mark = self.marks[node_id] = Mark(node_id, style, list(tags))
            self._fit(mark, item)
        if self.marks:
            self._overlay = _Overlay(self.marks)
            self._overlay.setFlag(QGraphicsItem.ItemHasNoContents, self.overview)
            self._overlay.refit()
            scene.addItem(self._overlay)
            self.settling = True
            QTimer.singleShot(0, self._settled)

    def _settled(self):
        self.settling = False

    def clear(self):
        if self._overlay is not None:
            scene = self._scene()
            if scene is not None:
                scene.removeItem(self._overlay)
            self._overlay = None
        self.marks = {}

    def _fit(self, mark, item):
        # the node's body: its bounds reach 2 px around it and over the ports at the sides
        side = PORT_RADIUS + 2 - HALO
        mark.halo = item.sceneBoundingRect().adjusted(side, 2 - HALO, -side, HALO - 2)
        width = sum(_tag(text)[1] + TAG_GAP for text, _ in mark.tags)
        mark.bounds = mark.halo.adjusted(-6, -TAG_H - TAG_GAP - 6, 6, 6)
        mark.bounds.setLeft(min(mark.bounds.left(), mark.halo.right() - 4 - width))

    def refit(self):
        """Follows the nodes' sizes (they change with their badges at another step)."""
        if self._overlay is None:
            return
        nodes = self._scene().nodes
        for node_id, mark in self.marks.items():
            if node_id in nodes:
                self._fit(mark, nodes[node_id])
        self._overlay.refit()
        self._overlay.update()

    def node_moved(self, item):
        """Moves a marked node's mark with it (the overlay only ever grows meanwhile)."""
        mark = self.marks.get(item.node_id) if self._overlay is not None else None
        if mark is None:
            return
        old = mark.bounds
        self._fit(mark, item)
        self._overlay.grow(mark.bounds)
        self._overlay.update(old)

    @contextmanager
    def hidden(self):
        """Not drawn for the duration (an exported picture shows the graph, not the edit)."""
        overlay = self._overlay
        if overlay is not None:
            overlay.setVisible(False)
        try:
            yield
        finally:
            if overlay is not None and overlay is self._overlay:
                overlay.setVisible(True)

    def set_overview(self, on):
        """Zoomed far out the scene draws the marks in its batch instead."""
        self.overview = on
        if self._overlay is not None:
            self._overlay.setFlag(QGraphicsItem.ItemHasNoContents, on)

    def overview_rects(self):
        """``[(colour, [scene rects])]`` for the scene's batched overview drawing."""
        out = {}
        for mark in self.marks.values():
            out.setdefault(mark.style, []).append(mark.halo.adjusted(-6, -6, 6, 6))
        return [(STYLES[k]["colour"], rects) for k, rects in out.items()]
