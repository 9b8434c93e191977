"""The canvas against its session: items mirror the document, real mouse and key events
edit it through undo commands, and the run's state shows on the nodes."""
from itertools import combinations

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDropEvent, QImage
from PySide6.QtWidgets import QApplication

from gradstudio.document import Document
from gradstudio.document.examples import EXAMPLES, EXAMPLES_DIR
from gradstudio.document.files import EXTENSION, load
from gradstudio.document.layout import COLUMN_WIDTH
from gradstudio.ui import commands
from gradstudio.ui.canvas import KIND_MIME, theme
from gradstudio.ui.canvas.edge_item import curve
from gradstudio.ui.canvas.node_item import (LOD_TEXT, MAX_WIDTH, MIN_WIDTH, PORT_RADIUS, WIDTH,
                                            elide_row, wrap_row)

from driving import canvas_on, drag


def small_doc():
    """x (ones, requires grad) -> y = x * x -> m = y.mean(); w = y.detach(); backward(m)."""
    d = Document()
    x = d.add_node("ones", {"shape": (2, 2), "requires_grad": True}, (0, 0), "x")
    y = d.add_node("mul", {}, (300, 0), "y")
    d.connect(x, y, "self")
    d.connect(x, y, "other")
    m = d.add_node("mean", {}, (600, 0), "m")
    d.connect(y, m, "self")
    w = d.add_node("detach", {}, (600, 250), "w")
    d.connect(y, w, "self")
    s = d.add_node("sum", {}, (900, 250), "s")
    d.connect(w, s, "self")
    d.add_action("backward", {"target": m})
    return d, (x, y, m, w, s)


@pytest.fixture
def env(qtbot):
    doc, ids = small_doc()
    session, canvas = canvas_on(qtbot, doc, centre=(550, 200))
    return session, canvas, ids


def vp(canvas, scene_point):
    return canvas.mapFromScene(scene_point)


def test_items_mirror_the_document_through_commands_and_undo(env):
    session, canvas, (x, y, m, w, s) = env
    scene, doc = canvas.scene(), session.document
    assert set(scene.nodes) == set(doc.node_ids)
    assert set(scene.edges) == set(doc.edges())
    add = commands.AddNode(doc, "exp", position=(0, 400))
    session.push(add)
    assert add.node_id in scene.nodes
    assert scene.nodes[add.node_id].pos() == QPointF(0, 400)
    session.push(commands.Connect(doc, x, add.node_id, "self"))
    assert (x, add.node_id, "self") in scene.edges
    session.push(commands.RemoveNodes(doc, [y]))
    assert y not in scene.nodes
    assert not any(y in key[:2] for key in scene.edges)
    for _ in range(3):
        session.undo_stack.undo()
    assert set(scene.nodes) == set(doc.node_ids) and y in scene.nodes
    assert set(scene.edges) == set(doc.edges())
    assert scene.nodes[y].connected == {"self", "other"}


def test_dragging_a_node_moves_it_with_one_undo_step(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    item = canvas.item(m)
    start = vp(canvas, item.mapToScene(QPointF(60, 10)))
    before = session.undo_stack.count()
    drag(qtbot, canvas, start, start + QPoint(80, 120))
    assert session.document.node(m).position == (680.0, 120.0)
    assert session.undo_stack.count() == before + 1
    edge = canvas.scene().edges[(y, m, "self")]
    assert edge.boundingRect().contains(item.input_pos("self"))
    session.undo_stack.undo()
    assert session.document.node(m).position == (600.0, 0.0)
    assert item.pos() == QPointF(600, 0)


def test_snapping_rounds_positions_to_the_grid(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    canvas.snapping = True
    start = vp(canvas, canvas.item(m).mapToScene(QPointF(60, 10)))
    drag(qtbot, canvas, start, start + QPoint(33, 47))
    px, py = session.document.node(m).position
    assert px % 20 == 0 and py % 20 == 0 and (px, py) != (600.0, 0.0)


def test_dragging_from_an_output_to_an_input_connects(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    doc = session.document
    add = commands.AddNode(doc, "add", position=(900, 0))
    session.push(add)
    target = canvas.item(add.node_id)
    drag(qtbot, canvas, vp(canvas, canvas.item(m).output_pos()),
         vp(canvas, target.input_pos("other")))
    assert doc.source_of(add.node_id, "other") == m
    assert (m, add.node_id, "other") in canvas.scene().edges
    assert session.undo_stack.undoText().startswith("Connect")
    session.undo_stack.undo()
    assert doc.source_of(add.node_id, "other") is None
    assert (m, add.node_id, "other") not in canvas.scene().edges


def test_dropping_a_connection_on_empty_space_does_nothing(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    before = (session.undo_stack.count(), list(session.document.edges()))
    drag(qtbot, canvas, vp(canvas, canvas.item(m).output_pos()), vp(canvas, QPointF(950, 600)))
    assert (session.undo_stack.count(), list(session.document.edges())) == before
    assert not any(type(i).__name__ == "DraftEdge" for i in canvas.scene().items())


def test_a_cycle_is_refused(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    before = session.undo_stack.count()
    drag(qtbot, canvas, vp(canvas, canvas.item(m).output_pos()),
         vp(canvas, canvas.item(y).input_pos("self")))
    assert session.undo_stack.count() == before
    assert session.document.source_of(y, "self") == x


def test_dragging_an_input_end_away_disconnects(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    drag(qtbot, canvas, vp(canvas, canvas.item(s).input_pos("self")),
         vp(canvas, QPointF(1000, 600)))
    assert session.document.source_of(s, "self") is None
    assert (w, s, "self") not in canvas.scene().edges
    session.undo_stack.undo()
    assert session.document.source_of(s, "self") == w
    assert (w, s, "self") in canvas.scene().edges


def test_delete_removes_the_selection(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    session.select([w, s])
    qtbot.keyClick(canvas, Qt.Key_Delete)
    assert w not in session.document.graph and s not in session.document.graph
    assert w not in canvas.scene().nodes
    session.undo_stack.undo()
    assert (w, s, "self") in canvas.scene().edges


def test_copy_paste_duplicates_the_subgraph_with_its_edges(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    session.select([x, y])
    qtbot.keyClick(canvas, Qt.Key_C, Qt.ControlModifier)
    qtbot.keyClick(canvas, Qt.Key_V, Qt.ControlModifier)
    doc = session.document
    new = [n for n in doc.node_ids if n not in (x, y, m, w, s)]
    assert sorted(doc.node(n).kind for n in new) == ["mul", "ones"]
    ones = next(n for n in new if doc.node(n).kind == "ones")
    mul = next(n for n in new if doc.node(n).kind == "mul")
    assert doc.inputs_of(mul) == {"self": ones, "other": ones}
    assert session.selection == new
    assert {(ones, mul, "self"), (ones, mul, "other")} <= set(canvas.scene().edges)
    session.undo_stack.undo()
    assert len(doc.node_ids) == 5 and len(canvas.scene().nodes) == 5


def test_badges_show_the_run(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    badges = lambda n: [text for _, text in canvas.item(n).badges]  # noqa: E731
    assert "MulBackward0" in badges(y) and "non-leaf" in badges(y)
    assert "requires_grad" in badges(x) and "leaf" in badges(x) and ".grad ✓" in badges(x)
    assert "MeanBackward0" in badges(m)
    assert "requires_grad" not in badges(w) and "leaf" in badges(w)
    with qtbot.waitSignal(session.step_changed):
        session.set_step(0)                # before backward: no .grad yet
    assert ".grad ✓" not in badges(x)
    session.set_step(-1)
    assert ".grad ✓" in badges(x)


def test_edges_show_where_gradient_flows_and_detach_cuts(env):
    session, canvas, (x, y, m, w, s) = env
    edges = canvas.scene().edges
    assert edges[(x, y, "self")].carries_grad and edges[(y, m, "self")].carries_grad
    assert not edges[(y, w, "self")].carries_grad          # into detach: no gradient
    assert edges[(w, s, "self")].cut and not edges[(w, s, "self")].carries_grad
    assert not edges[(x, y, "self")].cut


def test_no_grad_region_is_a_frame_around_its_nodes(env):
    session, canvas, (x, y, m, w, s) = env
    session.push(commands.AddRegion(session.document, [s]))
    (region,) = canvas.scene().regions.values()
    assert region.boundingRect().contains(canvas.item(s).sceneBoundingRect())
    assert not canvas.scene().edges[(w, s, "self")].carries_grad
    session.undo_stack.undo()
    assert not canvas.scene().regions


def test_a_node_in_error_is_red_with_its_message_on_hover(env):
    session, canvas, (x, y, m, w, s) = env
    doc = session.document
    session.push(commands.AddNode(doc, "mm", position=(0, 300)))
    mm = doc.node_ids[-1]
    session.push(commands.Connect(doc, m, mm, "self"))
    item = canvas.item(mm)
    assert item.has_error
    assert session.result.errors[mm] in item.toolTip()
    image = canvas.render_image(1.0)
    rect = canvas._export_rect()
    header = item.mapToScene(QPointF(WIDTH / 2, 4)) - rect.topLeft()
    colour = QColor(image.pixel(round(header.x()), round(header.y())))
    assert colour.red() > 180 and colour.green() < 110


def test_selection_follows_the_session_both_ways(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    with qtbot.waitSignal(session.selection_changed):
        session.select([y, m])
    assert canvas.item(y).isSelected() and canvas.item(m).isSelected()
    assert not canvas.item(x).isSelected()
    qtbot.mouseClick(canvas.viewport(), Qt.LeftButton,
                     pos=vp(canvas, canvas.item(x).mapToScene(QPointF(60, 60))))
    qtbot.waitUntil(lambda: session.selection == [x])
    assert canvas.item(x).isSelected() and not canvas.item(y).isSelected()


def test_rubber_band_selects_nodes(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    a = vp(canvas, QPointF(550, 200))
    b = vp(canvas, QPointF(1150, 420))
    drag(qtbot, canvas, a, b)
    assert set(session.selection) == {w, s}


def test_zoom_keys_wheel_and_fit(env, qtbot):
    session, canvas, ids = env
    qtbot.keyClick(canvas, Qt.Key_Equal, Qt.ControlModifier)
    assert canvas.zoom == pytest.approx(1.2)
    qtbot.keyClick(canvas, Qt.Key_Minus, Qt.ControlModifier)
    qtbot.keyClick(canvas, Qt.Key_Minus, Qt.ControlModifier)
    assert canvas.zoom == pytest.approx(1 / 1.2)
    qtbot.keyClick(canvas, Qt.Key_0, Qt.ControlModifier)
    assert canvas.zoom == pytest.approx(1.0)
    canvas.zoom_in()
    canvas.zoom_out()
    assert canvas.zoom == pytest.approx(1.0)
    canvas.resize(500, 300)
    canvas.fit_to_view()
    visible = canvas.visible_scene_rect()
    assert all(visible.contains(i.sceneBoundingRect()) for i in canvas.scene().nodes.values())
    assert canvas.zoom < 1.0


def test_tab_opens_quick_add_and_enter_adds_the_node(env, qtbot):
    session, canvas, ids = env
    canvas.open_quick_add(QPoint(300, 300))
    popup = canvas.quick_add
    assert popup.isVisible()
    qtbot.keyClicks(popup.search, "sigm")
    assert popup.current_kind() == "sigmoid"
    qtbot.keyClick(popup.search, Qt.Key_Return)
    assert not popup.isVisible()
    node = session.document.nodes()[-1]
    assert node.kind == "sigmoid"
    centre = canvas.mapToScene(QPoint(300, 300))
    assert node.position[0] == pytest.approx(centre.x() - WIDTH / 2)
    assert session.selection == [node.id]


def test_tab_key_on_the_canvas_opens_quick_add(env, qtbot):
    session, canvas, ids = env
    qtbot.keyClick(canvas, Qt.Key_Tab)
    assert canvas.quick_add.isVisible()
    qtbot.keyClick(canvas.quick_add.search, Qt.Key_Escape)
    assert not canvas.quick_add.isVisible()


def test_dropping_a_palette_kind_adds_it_at_the_drop_position(env):
    session, canvas, ids = env
    mime = QMimeData()
    mime.setData(KIND_MIME, b"exp")
    event = QDropEvent(QPointF(400, 500), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    canvas.dropEvent(event)
    node = session.document.nodes()[-1]
    assert node.kind == "exp"
    at = canvas.mapToScene(QPoint(400, 500))
    assert node.position[0] == pytest.approx(at.x() - WIDTH / 2)


def test_render_png_and_svg(env, tmp_path):
    session, canvas, ids = env
    png, svg = tmp_path / "graph.png", tmp_path / "graph.svg"
    assert canvas.render_png(png)
    image = QImage(str(png))
    assert image.width() > 500 and image.height() > 200
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert len(colours) > 20
    canvas.render_svg(svg)
    text = svg.read_text(encoding="utf-8")
    assert "<svg" in text and "MulBackward0" in text


def test_replacing_the_document_rebuilds_the_scene(env):
    session, canvas, ids = env
    session.set_document(Document())
    assert not canvas.scene().nodes and not canvas.scene().edges
    QApplication.processEvents()


def test_zoomed_far_out_the_scene_draws_an_overview_and_exports_stay_detailed(env):
    session, canvas, ids = env
    canvas.set_zoom(0.1)
    assert canvas.scene().overview
    canvas.viewport().repaint()
    assert canvas.render_image(1.0).width() > 500
    assert canvas.scene().overview        # restored after the export
    canvas.set_zoom(1.0)
    assert not canvas.scene().overview


def test_zoomed_out_to_a_card_a_node_still_shows_its_name(env):
    from gradstudio.ui.canvas import theme
    from gradstudio.ui.canvas.node_item import LOD_CARD, LOD_TEXT
    session, canvas, ids = env
    canvas.set_zoom((LOD_CARD + LOD_TEXT) / 2)
    item = canvas.item(ids[2])                          # "m"
    canvas.centerOn(item)
    image = canvas.viewport().grab().toImage()
    inside = QRectF(12, 30, WIDTH - 24, item.boundingRect().height() - 40)  # below the header
    body = canvas.mapFromScene(item.mapRectToScene(inside)).boundingRect()
    light = [(x, y) for x in range(body.left(), body.right())
             for y in range(body.top(), body.bottom())
             if QColor(image.pixel(x, y)).lightness() > (theme.TEXT.lightness() + 60) // 2]
    assert len(light) > 20                                # the name's letters, in TEXT


def test_cards_fit_their_content_and_edges_follow_their_width(env):
    session, canvas, (x, y, m, w, s) = env
    items = canvas.scene().nodes.values()
    assert all(MIN_WIDTH <= i.width <= MAX_WIDTH for i in items)
    assert canvas.item(s).width < canvas.item(x).width      # a scalar with one badge
    # x becomes one element: its card narrows and the edge leaves from its new edge
    session.push(commands.SetParam(session.document, x, "shape", (1,)))
    item, edge = canvas.item(x), canvas.scene().edges[(x, y, "self")]
    assert item.width < MAX_WIDTH
    assert item.output_pos().x() == pytest.approx(item.pos().x() + item.width)
    assert edge.boundingRect().left() == pytest.approx(item.output_pos().x() - 6)


def test_a_new_run_shows_new_numbers_on_cards_that_look_the_same(qtbot, tmp_path):
    doc = Document()
    x = doc.add_node("full", {"shape": (2, 2), "fill_value": 1.0, "requires_grad": True},
                     (0, 0), "x")
    y = doc.add_node("add", {"other": 2}, (200, 0), "y")
    doc.connect(x, y, "self")
    session, canvas = canvas_on(qtbot, doc)
    svg = tmp_path / "graph.svg"
    canvas.render_svg(svg)
    assert "[[3., 3.]," in svg.read_text(encoding="utf-8")
    size = canvas.item(y).boundingRect()
    session.push(commands.SetParam(doc, x, "fill_value", 4.0))     # y itself is not edited
    assert canvas.item(y).boundingRect() == size
    canvas.render_svg(svg)
    text = svg.read_text(encoding="utf-8")
    assert "[[6., 6.]," in text and "[[3., 3.]," not in text
    edge = canvas.scene().edges[(x, y, "self")]
    assert edge.carries_grad
    session.push(commands.AddRegion(doc, [y]))                  # y under torch.no_grad()
    assert not edge.carries_grad and "no_grad" in [t for _, t in canvas.item(y).badges]
    session.undo_stack.undo()
    assert edge.carries_grad
    width = canvas.item(y).width
    session.push(commands.SetParam(doc, x, "requires_grad", False))    # badges change
    assert not edge.carries_grad
    assert canvas.item(y).width == width          # cards come in a few widths: edges stay
    assert "requires_grad" not in [t for _, t in canvas.item(y).badges]


def test_value_previews_wrap_and_elide_after_whole_elements(qtbot):
    mono = theme.metrics("mono")
    chars = lambda n: n * mono.horizontalAdvance("0")                   # noqa: E731
    row = "[ 1.5410, -0.2934, -2.1788]"
    assert wrap_row(row, 2, chars(27), mono) == [row]
    assert wrap_row(row, 2, chars(20), mono) == ["[ 1.5410, -0.2934,", " -2.1788]"]
    assert wrap_row(row, 2, chars(12), mono) == ["[ 1.5410,", " -0.2934,…"]
    assert elide_row("[[ 0.4033,  0.8380, -0.7193],", chars(20), mono) == \
        "[[ 0.4033,  0.8380,…"
    assert elide_row("[[1., 2.],", chars(10), mono) == "[[1., 2.],"


def test_a_short_forward_edge_curves_without_a_loop():
    path = curve(QPointF(0, 0), QPointF(30, 40))
    xs = [path.pointAtPercent(t / 50).x() for t in range(51)]
    assert all(b >= a - 1e-6 for a, b in zip(xs, xs[1:]))
    assert xs[-1] == pytest.approx(30)


def test_fit_to_view_never_zooms_in_beyond_100_percent(qtbot):
    doc = Document()
    x = doc.add_node("ones", {"shape": (2, 2)}, (500, 300), "x")
    session, canvas = canvas_on(qtbot, doc)
    canvas.set_zoom(0.5)
    canvas.fit_to_view()
    assert canvas.zoom == pytest.approx(1.0)
    assert canvas.visible_scene_rect().contains(canvas.item(x).sceneBoundingRect())


def test_the_tutorial_is_readable_at_fit_to_view(qtbot):
    """In the README screenshot's canvas (968 x 733 pixels of a 1600 x 1000 window) the
    tutorial's chain fits at a zoom where cards draw their text, badges at least 9
    pixels high on screen."""
    doc = load(EXAMPLES_DIR / f"01_autograd_tutorial{EXTENSION}")
    session, canvas = canvas_on(qtbot, doc, size=(968, 733))
    canvas.fit_to_view()
    visible = canvas.visible_scene_rect()
    assert all(visible.contains(i.sceneBoundingRect()) for i in canvas.scene().nodes.values())
    assert canvas.zoom >= LOD_TEXT
    assert theme.font("badge").pixelSize() * canvas.zoom >= 9.0


def test_layout_columns_leave_room_for_the_widest_card_and_its_edges():
    assert COLUMN_WIDTH - MAX_WIDTH >= 2 * PORT_RADIUS + 20


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_example_cards_and_frames_do_not_overlap(qtbot, name):
    session, canvas = canvas_on(qtbot, load(EXAMPLES_DIR / f"{name}{EXTENSION}"))
    scene = canvas.scene()
    cards = {n: i.mapRectToScene(QRectF(0, 0, i.width, i.boundingRect().height() - 4))
             for n, i in scene.nodes.items()}
    for a, b in combinations(cards, 2):
        assert not cards[a].adjusted(-12, -12, 12, 12).intersects(cards[b]), (a, b)
    for region in scene.regions.values():
        members = {i.node_id for i in region.nodes}
        frame = region.sceneBoundingRect()
        assert all(not frame.intersects(r) for n, r in cards.items() if n not in members)


def test_an_edge_back_to_a_card_well_below_returns_like_a_carriage_not_a_wide_swing():
    from PySide6.QtCore import QPointF
    from gradstudio.ui.canvas.edge_item import RETURN_SWING, curve
    a, b = QPointF(1000.0, 50.0), QPointF(0.0, 560.0)       # end of a band -> next band
    box = curve(a, b).boundingRect()
    assert box.left() >= b.x() - RETURN_SWING and box.right() <= a.x() + RETURN_SWING
    assert curve(a, b).pointAtPercent(0.5).y() < b.y() - 40   # across above the target
    short = curve(QPointF(300.0, 50.0), QPointF(0.0, 90.0)).boundingRect()   # same row
    assert short.right() > 300.0 + 20 and short.left() < -20  # still swings out of both


def test_a_pasted_copy_keeps_its_name_made_unique_and_its_marks(env, qtbot):
    """Paste carries what the copied nodes were: a label (``w`` beside ``w`` is pasted as
    ``w_2``), the watched mark and retain_grad(); undo and redo repeat the same."""
    session, canvas, (x, y, m, w, s) = env
    doc = session.document
    doc.set_label(y, "hidden")
    doc.set_watched(y, True)
    doc.set_retains_grad(y, True)
    session.select([x, y])
    qtbot.keyClick(canvas, Qt.Key_C, Qt.ControlModifier)
    qtbot.keyClick(canvas, Qt.Key_V, Qt.ControlModifier)
    new = [n for n in doc.node_ids if n not in (x, y, m, w, s)]
    copy = next(n for n in new if doc.node(n).kind == "mul")
    data = doc.node(copy)
    assert data.label == "hidden_2" and data.watched and data.retains_grad
    qtbot.keyClick(canvas, Qt.Key_V, Qt.ControlModifier)        # a second paste: _3
    assert sorted(doc.node(n).label for n in doc.node_ids
                  if doc.node(n).kind == "mul") == ["hidden", "hidden_2", "hidden_3"]
    session.undo_stack.undo()
    session.undo_stack.undo()
    session.undo_stack.redo()
    assert doc.node(copy).label == "hidden_2" and doc.node(copy).retains_grad


def test_a_clipboard_with_a_bad_label_pastes_nothing_and_says_nothing_wrong(env, qtbot):
    import json
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QGuiApplication
    from gradstudio.ui.canvas.canvas import SUBGRAPH_MIME
    session, canvas, nodes = env
    before = list(session.document.node_ids)
    for label in (5, "not a name!", "x" * 500):
        mime = QMimeData()
        mime.setData(SUBGRAPH_MIME, json.dumps(
            {"nodes": [["n1", "ones", {}, [0, 0], label, True, True]],
             "edges": []}).encode("utf-8"))
        QGuiApplication.clipboard().setMimeData(mime)
        assert canvas.paste() == []
    assert session.document.node_ids == before


def test_a_pasted_copy_of_a_longest_name_stays_a_name(env, qtbot):
    session, canvas, (x, y, m, w, s) = env
    doc = session.document
    doc.set_label(y, "n" * 64)
    session.select([y])
    qtbot.keyClick(canvas, Qt.Key_C, Qt.ControlModifier)
    qtbot.keyClick(canvas, Qt.Key_V, Qt.ControlModifier)
    (copy,) = [n for n in doc.node_ids if n not in (x, y, m, w, s)]
    assert doc.node(copy).label == "n" * 62 + "_2"
