"""A run shown zoomed out (the overview): the cards' positions kept off Qt
(``Card.at``), the overview's lists and the scene's bounds made from them, and one scene
update for every look change instead of an update per card and edge; the frame shows
what a canvas made afresh on the same run shows."""
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from gradstudio.document import Document, run
from gradstudio.ui import commands
from gradstudio.ui.canvas import run_shown, theme

from driving import canvas_on


def chain_doc(grad, n=40):
    """Sources and a chain of products and sums, one source in a no-grad frame."""
    d = Document()
    ids = []
    for i in range(n):
        pos = ((i % 8) * 260.0, (i // 8) * 230.0)
        if i < 2 or i % 9 == 0:
            ids.append(d.add_node("ones", {"shape": (2, 2), "requires_grad": grad}, pos))
        else:
            ids.append(d.add_node("mul" if i % 3 else "add", {}, pos))
            d.connect(ids[i - 1], ids[i], "self")
            d.connect(ids[max(0, i - 8)], ids[i], "other")
    d.add_region([ids[9]])
    return d


def _reference_lists(scene):
    """The overview's card rectangles as a fresh walk over Qt's items makes them."""
    rects = {}
    for item in scene.nodes.values():
        colour = theme.NODE_SELECTED if item.isSelected() else theme.NODE_ERROR \
            if item.has_error else theme.header_color(item.spec.category)
        rects.setdefault(colour.rgba(), (colour, []))[1].append(
            QRectF(item.pos(), item.card.rect.size()))
    return [(c.rgba(), r) for c, r in rects.values()]


def _reference_bounds(scene):
    rect = QRectF()
    for item in list(scene.nodes.values()) + list(scene.regions.values()):
        rect = rect.united(item.sceneBoundingRect())
    return rect


def test_card_places_lists_and_bounds_follow_every_move(qtbot):
    doc = chain_doc(True)
    session, canvas = canvas_on(qtbot, doc)
    scene = canvas.scene()
    first, second = doc.node_ids[3], doc.node_ids[5]
    session.push(commands.MoveNodes(doc, {first: (-517.25, 1234.5)}))
    scene.nodes[second].setPos(QPointF(3000.5, -40.0))            # (a drag moves the item)
    scene.nodes[doc.node_ids[7]].moveBy(12.0, 7.5)
    scene.nodes[doc.node_ids[2]].setSelected(True)
    for item in scene.nodes.values():
        assert item.card.at == (item.pos().x(), item.pos().y())
    scene.drawing.batch = None
    rects = scene.drawing.lists(scene)[0]
    assert [(c.rgba(), r) for c, r in rects] == _reference_lists(scene)
    assert scene.nodes_rect() == _reference_bounds(scene)
    assert scene.nodes_rect().contains(QRectF(3000.5, -40.0, 10, 10))


def _frame(canvas):
    canvas.viewport().repaint()
    QApplication.processEvents()
    return canvas.viewport().grab().toImage().convertToFormat(QImage.Format_RGB32)


@pytest.mark.parametrize("zoom, batch", [(0.05, None), (1.0, 1), (1.0, None)])
def test_a_run_shown_paints_what_a_fresh_canvas_paints(qtbot, monkeypatch, zoom, batch):
    """Zoomed out, or with at least ``BATCH_UPDATES`` items to repaint, one scene update;
    else one update per item: the same frame either way."""
    if batch is not None:
        monkeypatch.setattr(run_shown, "BATCH_UPDATES", batch)
    session, canvas = canvas_on(qtbot, chain_doc(True))
    canvas.set_zoom(zoom)
    scene = canvas.scene()
    assert scene.overview == (zoom < 0.5)
    _frame(canvas)
    flipped = run(chain_doc(False))               # every card's badges and flow change
    session.result = flipped
    updates = []
    scene.changed.connect(updates.append)
    flows = {k: e.carries_grad for k, e in scene.edges.items()}
    scene.apply_run()
    QApplication.processEvents()
    # every edge whose flow changed is in a region the scene updated (its colour in the
    # overview): one update of the whole scene, not one per card and edge
    regions = [r for batch in updates for r in batch]
    flipped_edges = [e for k, e in scene.edges.items() if e.carries_grad != flows[k]]
    assert flipped_edges
    for edge in flipped_edges:
        assert any(r.contains(edge.sceneBoundingRect()) for r in regions)
    for node_id, item in scene.nodes.items():
        assert "requires_grad" not in [t for _, t in item.badges]
    assert not any(e.carries_grad for e in scene.edges.values())
    got = _frame(canvas)
    fresh_session, fresh = canvas_on(qtbot, chain_doc(False))
    fresh.set_zoom(zoom)
    fresh.horizontalScrollBar().setValue(canvas.horizontalScrollBar().value())
    fresh.verticalScrollBar().setValue(canvas.verticalScrollBar().value())
    assert fresh.scene().overview == scene.overview
    assert _frame(fresh) == got
