"""Where a point of the canvas scene lands: on a card (or its port, which reaches a little
outside it), in a no-grad frame or its title strip; and the rectangle the graph takes."""
from PySide6.QtCore import QPointF, QRectF

from .card import MAX_WIDTH
from .node_item import NodeItem
from .region_item import MARGIN, TITLE
from .regions import smallest_frame_at
from .sparse import CARD_HEIGHT

__all__ = ["node_at", "port_at", "region_at", "region_title_at", "nodes_rect", "node_rect"]


def node_at(scene, scene_pos):
    """The topmost NodeItem under a scene point (ports reach a little outside)."""
    for item in scene.items(QRectF(scene_pos.x() - 8, scene_pos.y() - 8, 16, 16)):
        if isinstance(item, NodeItem) and (item.sceneBoundingRect().contains(scene_pos)
                                           or item.port_at(scene_pos)):
            return item
    return None


def port_at(scene, scene_pos):
    """``(NodeItem, "in"|"out", port)`` under a scene point, or None."""
    for item in scene.items(QRectF(scene_pos.x() - 10, scene_pos.y() - 10, 20, 20)):
        if isinstance(item, NodeItem):
            hit = item.port_at(scene_pos)
            if hit:
                return (item, *hit)
    return None


def region_at(regions, scene_pos):
    """The RegionItem whose frame holds a scene point (the innermost), or None."""
    rid = smallest_frame_at({r: i.frame for r, i in regions.items()}, scene_pos)
    return regions.get(rid)


def region_title_at(regions, scene_pos):
    """The RegionItem whose title strip (above its nodes) holds a scene point."""
    strip = TITLE + MARGIN / 2
    rid = smallest_frame_at({r: i.frame for r, i in regions.items()
                             if scene_pos.y() <= i.frame.top() + strip}, scene_pos)
    return regions.get(rid)


def node_rect(scene, node_id):
    """Where a node's card is (a big document's card not made yet: where it will be, as
    large as a card can be); None for no such node."""
    item = scene.nodes.get(node_id)
    if item is not None:
        return item.sceneBoundingRect()
    if not scene.document.has_node(node_id):
        return None
    x, y = scene.document.node(node_id).position
    return QRectF(x, y, MAX_WIDTH, CARD_HEIGHT)


def nodes_rect(scene):
    """The scene rectangle holding every card and frame (a big document's cards not made
    yet, ``sparse``, as large as a card can be where their nodes are)."""
    rect = scene.places.bounds() if scene.sparse else QRectF()
    # (a card is a top-level item with no transform: its scene bounds are its bounds,
    # which same-sized cards share, moved to its place; the corners are found in Python
    # from ``Card.at``, where 5,000 ``sceneBoundingRect`` calls took 20 ms)
    edges = None
    corner = {}
    for item in scene.nodes.values():
        b = item.card.shown_bounds
        c = corner.get(id(b))
        if c is None:
            c = corner[id(b)] = (b, b.isNull(), b.x(), b.y(), b.width(), b.height())
        if c[1]:
            continue                 # (no bounds yet: ``united`` leaves a null rect out)
        x, y = item.card.at                          # (its ``pos()``, kept by the item)
        left, top = x + c[2], y + c[3]               # (as ``translated`` moves it)
        right, bottom = left + c[4], top + c[5]
        if edges is None:
            edges = [left, top, right, bottom]
        else:
            edges[0] = min(edges[0], left)
            edges[1] = min(edges[1], top)
            edges[2] = max(edges[2], right)
            edges[3] = max(edges[3], bottom)
    if edges is not None:
        rect = rect.united(QRectF(QPointF(edges[0], edges[1]), QPointF(edges[2], edges[3])))
    for item in scene.regions.values():
        rect = rect.united(item.sceneBoundingRect())
    return rect
