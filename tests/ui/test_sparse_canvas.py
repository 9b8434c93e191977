"""Issue 29, big graphs in the window: a document of more than ``SPARSE_NODES`` nodes
gets cards only where the view is (and around it), made when the view settles; scrolling
makes those that come into view, zoomed far out the overview draws every node from the
document; edits, runs and the selection reach the cards made before and after; a new run
is shown on many cards a slice at a time. (The limits are lowered here so that a few
hundred nodes stand for a hundred thousand.)"""
import pytest
from PySide6.QtCore import QPointF, QRectF

import gradstudio.ui.canvas.batch_build as batch_build
import gradstudio.ui.canvas.sparse as sparse
from gradstudio.document import Document, files
from gradstudio.ui.canvas import Canvas
from gradstudio.ui.commands import AddNode, Connect, SetParam
from gradstudio.ui.session import Session

from driving import main_window, shown

NODES = 400
COLS = 20


@pytest.fixture(autouse=True)
def small_limits(monkeypatch):
    monkeypatch.setattr(sparse, "SPARSE_NODES", 100)
    monkeypatch.setattr(batch_build, "EAGER_NODES", 100)
    monkeypatch.setattr(batch_build, "BATCH", 50)


def chain(n=NODES):
    doc = Document()
    prev = doc.add_node("ones", {"shape": (2,)}, (0.0, 0.0))
    for i in range(1, n):
        node = doc.add_node("add", {"other": 1.0}, ((i % COLS) * 220.0, (i // COLS) * 160.0))
        doc.connect(prev, node, "self")
        prev = node
    return doc


def settled(qtbot, scene):
    qtbot.waitUntil(lambda: not scene.realizing and not scene.applying, timeout=60000)


def at_full_size(qtbot, canvas, node_id):
    """The canvas at 1:1, centred on ``node_id``'s place, its cards in view made."""
    canvas.reset_zoom()
    x, y = canvas.session.document.node(node_id).position
    canvas.centerOn(QPointF(x + 60, y + 40))
    settled(qtbot, canvas.scene())


def in_view(canvas):
    shown_rect = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    return [d.id for d in canvas.session.document.nodes()
            if shown_rect.intersects(QRectF(d.position[0], d.position[1], 120, 60))]


def test_a_big_graph_gets_cards_only_where_the_view_is(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    canvas.fit_to_view()                    # every node in view, zoomed far out:
    settled(qtbot, scene)
    assert scene.sparse and scene.overview and not scene.nodes    # no card at all
    rects, lines = scene.drawing.lists(scene)[:2]                    # the overview draws all
    assert sum(len(batch) for _, batch in rects) == NODES
    assert len(lines[False]) + len(lines[True]) == NODES - 1
    first = doc.node_ids[0]
    at_full_size(qtbot, canvas, first)
    made = set(scene.nodes)
    assert set(in_view(canvas)) <= made                # every card in view, and its edges
    assert 0 < len(made) < NODES / 4                   # ... but only those near the view
    assert all(key in scene.edges for n in in_view(canvas)
               for key in [(u, v, k) for u, v, k in doc.edges() if n in (u, v)])
    last = doc.node_ids[-1]
    assert last not in made
    at_full_size(qtbot, canvas, last)                  # scrolled: the cards coming in view
    assert last in scene.nodes and set(in_view(canvas)) <= set(scene.nodes)
    assert made <= set(scene.nodes) and len(scene.nodes) < NODES / 2


def test_cards_made_late_show_the_run_of_the_moment(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    at_full_size(qtbot, canvas, doc.node_ids[0])
    session.push(SetParam(doc, doc.node_ids[1], "other", 2.0))     # every value + 1
    qtbot.waitUntil(lambda: not session.run_pending, timeout=60000)
    settled(qtbot, scene)
    last = doc.node_ids[-1]
    at_full_size(qtbot, canvas, last)
    assert float(scene.nodes[last].state.value[0]) == NODES + 1
    values = {n: float(item.state.value[0]) for n, item in scene.nodes.items()}
    assert values == {n: float(session.state(n).value[0]) for n in scene.nodes}


def test_edits_reach_a_big_graph_with_cards_and_without(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    at_full_size(qtbot, canvas, doc.node_ids[0])
    far, near = doc.node_ids[-1], doc.node_ids[0]
    assert far not in scene.nodes
    add = AddNode(doc, "ones", {"shape": (2,)}, (0.0, -300.0))
    session.push(add)                                  # a new node: its card at once
    assert add.node_id in scene.nodes
    session.push(Connect(doc, add.node_id, far, "other"))   # to a node without a card
    assert far in scene.nodes and (add.node_id, far, "other") in scene.edges
    doc.remove_node(doc.node_ids[-2])                  # no card: nothing to remove
    session.undo_stack.undo()
    assert (add.node_id, far, "other") not in scene.edges
    rects, _ = scene.drawing.lists(scene)[:2]
    assert sum(len(batch) for _, batch in rects) == len(doc.node_ids)
    assert near in scene.nodes


def test_the_selection_of_a_big_graph_includes_nodes_without_cards(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    at_full_size(qtbot, canvas, doc.node_ids[0])
    canvas.select_all()
    assert scene.selected_ids() == doc.node_ids       # (what Delete and Copy take)
    assert all(item.isSelected() for item in scene.nodes.values())
    last = doc.node_ids[-1]
    at_full_size(qtbot, canvas, last)                  # a card made later shows it too
    assert scene.nodes[last].isSelected() and session.selection == doc.node_ids
    canvas.delete_selection()
    assert not doc.node_ids and not scene.nodes
    session.undo_stack.undo()
    assert len(doc.node_ids) == NODES


def test_a_node_found_by_search_gets_its_card_and_is_shown(qtbot):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    at_full_size(qtbot, canvas, doc.node_ids[0])
    last = doc.node_ids[-1]
    canvas._on_node_chosen(last)
    assert last in scene.nodes and session.selection == [last]
    assert canvas.mapToScene(canvas.viewport().rect()).boundingRect().contains(
        scene.nodes[last].sceneBoundingRect().center())


def test_the_code_panel_does_not_write_out_a_huge_graph(qtbot, monkeypatch):
    import gradstudio.ui.code_view as code_view
    monkeypatch.setattr(code_view, "MAX_SHOWN_NODES", NODES - 1)
    panel = shown(qtbot, code_view.CodePanel(Session(chain())), (600, 400))
    assert panel.editor.toPlainText() == "" and panel.notice.isVisibleTo(panel)
    assert f"{NODES:,} nodes" in panel.notice.text()
    assert "Export to PyTorch" in panel.notice.text()
    monkeypatch.setattr(code_view, "MAX_SHOWN_NODES", NODES)
    panel.refresh()
    assert panel.editor.toPlainText().count("torch.ones") == 1


def test_a_big_graph_opened_in_the_window_is_all_in_view(qtbot, tmp_path):
    path = tmp_path / "big.gsg"
    files.save(chain(), path)
    w = main_window(qtbot, tmp_path)
    w.files.open_file(path)
    scene, view = w.canvas.scene(), w.canvas               # (a QGraphicsView)
    qtbot.waitUntil(lambda: w.session.path != "")
    settled(qtbot, scene)
    shown_rect = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown_rect.contains(scene.nodes_rect())
    assert all(shown_rect.contains(*d.position) for d in w.session.document.nodes())
    assert len(scene.nodes) < NODES                      # (zoomed out: the overview)


def test_a_new_run_is_shown_on_many_cards_a_slice_at_a_time(qtbot, monkeypatch):
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    scene.realize(doc.node_ids)                      # (as if scrolled over all of it)
    assert len(scene.nodes) == NODES
    monkeypatch.setattr(batch_build, "BATCH", 10)    # (BatchApply takes 4 x BATCH)
    last = doc.node_ids[-1]
    session.push(SetParam(doc, doc.node_ids[1], "other", 2.0))     # every value + 1
    assert scene.applying                           # back to the event loop meanwhile
    assert float(scene.nodes[last].state.value[0]) == NODES
    session.push(SetParam(doc, doc.node_ids[1], "other", 3.0))     # supersedes it
    qtbot.waitUntil(lambda: not scene.applying, timeout=60000)
    values = {n: float(item.state.value[0]) for n, item in scene.nodes.items()}
    assert values == {n: float(session.state(n).value[0]) for n in doc.node_ids}
    assert values[last] == NODES + 2


def test_showing_a_big_selection_makes_no_card_for_each_node(qtbot, tmp_path):
    # (a lesson cell's nodes are scrolled into view: their places are read, not their cards)
    w = main_window(qtbot, tmp_path, (900, 700))
    w.files.set_document(chain())
    scene, doc = w.canvas.scene(), w.session.document
    settled(qtbot, scene)
    last = doc.node_ids[-1]
    w.session.select(doc.node_ids[-3:])
    w._show_selection()
    settled(qtbot, scene)
    shown_rect = w.canvas.mapToScene(w.canvas.viewport().rect()).boundingRect()
    assert shown_rect.contains(QPointF(*doc.node(last).position))
    w.session.select(doc.node_ids)
    w._show_selection()
    assert len(scene.nodes) < NODES / 2


def test_fit_to_view_shows_a_graph_too_big_for_the_least_zoom(qtbot):
    # seen under Xvfb: the 100,000-node chain (66,000 by 53,000) stayed cut at 3 %, the
    # least zoom, so neither Fit Graph in View nor the wheel ever showed all of it
    from gradstudio.ui.canvas.view import MIN_ZOOM
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    far = AddNode(session.document, "ones", {"shape": (2,)}, (60000.0, 40000.0))
    session.push(far)
    canvas.fit_to_view()
    shown_rect = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert canvas.zoom < MIN_ZOOM and shown_rect.contains(canvas.scene().nodes_rect())
    fit = canvas.zoom
    canvas.zoom_out()                                  # the wheel stops there too
    assert canvas.zoom == pytest.approx(fit)
    canvas.reset_zoom()
    canvas.zoom_out()                                  # (a small step is still a step)
    assert canvas.zoom == pytest.approx(1 / 1.2)


def test_a_rubber_band_over_the_overview_selects_the_nodes_it_covers(qtbot):
    # seen under Xvfb: zoomed out on a big graph no card exists, so a rubber band
    # selected nothing; it selects the nodes whose places it covers
    from PySide6.QtCore import QPoint, Qt
    session = Session(chain())
    canvas = shown(qtbot, Canvas(session), (800, 600))
    scene, doc = canvas.scene(), session.document
    canvas.fit_to_view()
    settled(qtbot, scene)
    assert scene.overview and not scene.nodes
    scene.drawing.lists(scene)                         # (painted once, as on screen)
    first_row = [n for n in doc.node_ids if doc.node(n).position[1] == 0.0]
    x0, y0 = first_row[0], first_row[-1]
    a = canvas.mapFromScene(QPointF(-30.0, -20.0))
    b = canvas.mapFromScene(QPointF(*doc.node(y0).position) + QPointF(130.0, 40.0))
    qtbot.mousePress(canvas.viewport(), Qt.LeftButton, pos=a)
    for t in (0.3, 0.6, 1.0):
        qtbot.mouseMove(canvas.viewport(), a + QPoint(int((b.x() - a.x()) * t),
                                                      int((b.y() - a.y()) * t)))
    qtbot.mouseRelease(canvas.viewport(), Qt.LeftButton, pos=b)
    assert session.selection == first_row and x0 in session.selection
    assert scene.selected_ids() == first_row
    from gradstudio.ui.canvas import theme              # the overview shows it selected
    chosen = [b for c, b in scene.drawing.lists(scene)[0] if c == theme.NODE_SELECTED]
    assert chosen and len(chosen[0]) == len(first_row)
