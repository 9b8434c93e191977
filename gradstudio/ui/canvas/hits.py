"""Where a point of the canvas scene lands: on a card (or its port, which reaches a little
outside it), in a no-grad frame or its title strip; and the rectangle the graph takes."""
from PySide6.QtCore import QRectF

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
    for item in scene.nodes.values():
        rect = rect.united(item.sceneBoundingRect())
    for item in scene.regions.values():
        rect = rect.united(item.sceneBoundingRect())
    return rect
