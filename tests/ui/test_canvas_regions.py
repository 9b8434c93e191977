"""No-grad regions edited on the canvas with real mouse events (drag a node into a frame
and out again, drag a frame by its title, right-click menus), and what an edit changed:
the session's comparison of runs, its one-line summary and the marks on the canvas."""
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QContextMenuEvent
from PySide6.QtWidgets import QApplication

from gradstudio.document import Document, examples, files
from gradstudio.ui.canvas.change_marks import GAINED, LOST
from gradstudio.ui.commands import AddNode, AddRegion, Connect, SetParam

from driving import canvas_on, drag, press_and_move

TUTORIAL = examples.EXAMPLES_DIR / "01_autograd_tutorial.gsg"


def region_doc():
    """x (requires grad) feeds a = x * 2 (top row) and b = x * 3, c = x * 4 (bottom row,
    far apart, both in one no_grad region); s = a.sum(); backward(s)."""
    d = Document()
    x = d.add_node("ones", {"shape": (2,), "requires_grad": True}, (0, 0), "x")
    ids = {"x": x}
    for name, k, pos in (("a", 2, (500, 0)), ("b", 3, (300, 400)), ("c", 4, (800, 400))):
        ids[name] = d.add_node("mul", {"other": k}, pos, name)
        d.connect(x, ids[name], "self")
    ids["s"] = d.add_node("sum", {}, (900, 0), "s")
    d.connect(ids["a"], ids["s"], "self")
    ids["r"] = d.add_region([ids["b"], ids["c"]])
    d.add_action("backward", {"target": ids["s"]})
    return d, ids


def make_canvas(qtbot, doc, centre=(550, 300)):
    return canvas_on(qtbot, doc, (1400, 900), centre)


@pytest.fixture
def env(qtbot):
    doc, ids = region_doc()
    session, canvas = make_canvas(qtbot, doc)
    return session, canvas, ids


def view_point(canvas, scene_point):
    return canvas.mapFromScene(scene_point)


def centre_of(canvas, node_id):
    return view_point(canvas, canvas.item(node_id).sceneBoundingRect().center())


def drag_node(qtbot, canvas, node_id, centre_to):
    """Drags a node by its header so that its centre ends at scene point ``centre_to``."""
    item = canvas.item(node_id)
    grip = item.mapToScene(QPointF(30, 10))
    offset = centre_to - item.sceneBoundingRect().center()
    a = view_point(canvas, grip)
    drag(qtbot, canvas, a, a + QPoint(round(offset.x()), round(offset.y())))


def badges(canvas, node_id):
    return [text for _, text in canvas.item(node_id)._badges]


def right_click(qtbot, canvas, view_pos):
    """What a right click delivers: the press, then the context menu event."""
    vp = canvas.viewport()
    qtbot.mousePress(vp, Qt.RightButton, pos=view_pos)
    QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Mouse, view_pos,
                                                 vp.mapToGlobal(view_pos)))
    return canvas.context_menu


def action(menu, text):
    (found,) = [a for a in menu.actions() if a.text() == text]
    return found


# ---------------------------------------------------------------------- drag into / out of
def _drag_held(qtbot, canvas, node_id, target):
    """Presses on ``node_id``'s card and moves it to scene point ``target`` without
    releasing; returns the release point and the drag hints shown."""
    item = canvas.item(node_id)
    grip = view_point(canvas, item.mapToScene(QPointF(30, 10)))
    offset = target - item.sceneBoundingRect().center()
    to = grip + QPoint(round(offset.x()), round(offset.y()))
    press_and_move(qtbot, canvas, grip, to)
    return to, [i.text for i in canvas.scene().items() if type(i).__name__ == "DragHint"]


def test_dragging_a_node_into_a_region_and_out_again(env, qtbot):
    session, canvas, ids = env
    doc, a, rid = session.document, ids["a"], ids["r"]
    region = canvas.scene().regions[rid]
    frame = region.frame
    assert "MulBackward0" in badges(canvas, a) and not doc.in_no_grad(a)
    start, before = doc.node(a).position, session.undo_stack.count()
    inside = QPointF(frame.center().x(), frame.center().y() + 10)   # between b and c

    to, hints = _drag_held(qtbot, canvas, a, inside)
    assert region.highlight == "join"                 # seen before releasing
    assert hints == ["Release to add a to no_grad"]
    assert region.frame == frame                      # judged against the frame as it was
    qtbot.mouseRelease(canvas.viewport(), Qt.LeftButton, pos=to)

    assert doc.in_no_grad(a) and doc.regions[rid].nodes == {a, ids["b"], ids["c"]}
    assert "MulBackward0" not in badges(canvas, a) and "no_grad" in badges(canvas, a)
    assert region.highlight is None and not any(
        type(i).__name__ == "DragHint" for i in canvas.scene().items())
    assert region.frame.contains(canvas.item(a).sceneBoundingRect())
    assert session.undo_stack.count() == before + 1
    assert session.undo_stack.undoText() == "Move a into no_grad"
    assert session.change_summary() == "a and s lost their grad_fn · x lost its .grad"

    session.undo_stack.undo()                         # one step: position and membership
    assert doc.node(a).position == start and canvas.item(a).pos() == QPointF(*start)
    assert not doc.in_no_grad(a) and "MulBackward0" in badges(canvas, a)
    session.undo_stack.redo()
    assert doc.in_no_grad(a) and doc.node(a).position != start

    drag_node(qtbot, canvas, a, QPointF(650, 60))     # and out again, above the frame
    assert not doc.in_no_grad(a) and doc.regions[rid].nodes == {ids["b"], ids["c"]}
    assert "MulBackward0" in badges(canvas, a)
    assert session.undo_stack.undoText() == "Move a out of no_grad"
    assert session.undo_stack.count() == before + 2


def test_a_small_nudge_of_a_member_keeps_it_in_its_region(env, qtbot):
    session, canvas, ids = env
    drag_node(qtbot, canvas, ids["b"],
              canvas.item(ids["b"]).sceneBoundingRect().center() + QPointF(30, 25))
    assert session.document.regions[ids["r"]].nodes == {ids["b"], ids["c"]}
    assert session.undo_stack.undoText() == "Move"


def test_the_last_node_dragged_out_removes_its_region_in_the_same_step(qtbot):
    doc, ids = region_doc()
    doc.set_region_nodes(ids["r"], {ids["b"]})
    session, canvas = make_canvas(qtbot, doc)
    b, before = ids["b"], session.undo_stack.count()
    drag_node(qtbot, canvas, b, QPointF(200, 750))
    assert not doc.regions and not canvas.scene().regions
    assert "MulBackward0" in badges(canvas, b)
    assert session.undo_stack.count() == before + 1
    session.undo_stack.undo()
    assert doc.regions[ids["r"]].nodes == {b} and doc.node(b).position == (300.0, 400.0)
    assert canvas.scene().regions[ids["r"]].frame.contains(canvas.item(b).sceneBoundingRect())


def test_dragging_all_members_together_moves_the_region_with_them(env, qtbot):
    session, canvas, ids = env
    region = canvas.scene().regions[ids["r"]]
    frame = region.frame
    session.select([ids["b"], ids["c"]])
    drag_node(qtbot, canvas, ids["b"],
              canvas.item(ids["b"]).sceneBoundingRect().center() + QPointF(-200, 300))
    assert session.document.regions[ids["r"]].nodes == {ids["b"], ids["c"]}
    assert region.frame.translated(200, -300) == frame


def test_dragging_a_region_by_its_title_moves_its_nodes(env, qtbot):
    session, canvas, ids = env
    doc, region = session.document, canvas.scene().regions[ids["r"]]
    frame, before = region.frame, session.undo_stack.count()
    title = view_point(canvas, frame.topLeft() + QPointF(60, 10))
    drag(qtbot, canvas, title, title + QPoint(40, 120))
    assert doc.node(ids["b"]).position == (340.0, 520.0)
    assert doc.node(ids["c"]).position == (840.0, 520.0)
    assert doc.regions[ids["r"]].nodes == {ids["b"], ids["c"]}
    assert region.frame == frame.translated(40, 120)
    assert session.undo_stack.count() == before + 1


def test_escape_during_a_drag_changes_nothing(env, qtbot):
    session, canvas, ids = env
    doc, region = session.document, canvas.scene().regions[ids["r"]]
    item, before = canvas.item(ids["a"]), session.undo_stack.count()
    grip = view_point(canvas, item.mapToScene(QPointF(30, 10)))
    press_and_move(qtbot, canvas, grip, view_point(canvas, region.frame.center()))
    assert region.highlight == "join"
    qtbot.keyClick(canvas, Qt.Key_Escape)
    qtbot.mouseRelease(canvas.viewport(), Qt.LeftButton, pos=grip)
    assert item.pos() == QPointF(500, 0) and not doc.in_no_grad(ids["a"])
    assert region.highlight is None and session.undo_stack.count() == before


# ---------------------------------------------------------------------- right-click menus
def test_region_menu_removes_the_region_and_keeps_its_nodes(env, qtbot):
    session, canvas, ids = env
    doc, rid = session.document, ids["r"]
    frame = canvas.scene().regions[rid].frame
    menu = right_click(qtbot, canvas, view_point(canvas, frame.topLeft() + QPointF(60, 10)))
    assert [a.text() for a in menu.actions()] == ["Remove no_grad region", "Select its nodes"]
    before = session.undo_stack.count()
    action(menu, "Remove no_grad region").trigger()
    assert not doc.regions and not canvas.scene().regions
    assert ids["b"] in doc.graph and ids["c"] in doc.graph
    assert "MulBackward0" in badges(canvas, ids["b"])
    assert session.undo_stack.count() == before + 1
    session.undo_stack.undo()
    assert doc.regions[rid].nodes == {ids["b"], ids["c"]} and rid in canvas.scene().regions


def test_node_menu_takes_the_node_out_of_its_region(env, qtbot):
    session, canvas, ids = env
    doc, b, c = session.document, ids["b"], ids["c"]
    menu = right_click(qtbot, canvas, centre_of(canvas, b))
    assert session.selection == [b]                   # right-clicking selects the node
    texts = [a.text() for a in menu.actions()]
    assert "Remove from no_grad region" in texts and "Delete b" in texts
    assert not any(t.startswith("Wrap") for t in texts)
    action(menu, "Remove from no_grad region").trigger()
    assert doc.regions[ids["r"]].nodes == {c} and "MulBackward0" in badges(canvas, b)
    assert session.change_summary() == "b gained a grad_fn (MulBackward0)"

    menu = right_click(qtbot, canvas, centre_of(canvas, c))
    action(menu, "Remove from no_grad region").trigger()
    assert not doc.regions                            # its last node: the region goes too
    session.undo_stack.undo()
    assert doc.regions[ids["r"]].nodes == {c}


def test_node_menu_wraps_in_no_grad_and_deletes(env, qtbot):
    session, canvas, ids = env
    doc, a = session.document, ids["a"]
    menu = right_click(qtbot, canvas, centre_of(canvas, a))
    assert "Remove from no_grad region" not in [x.text() for x in menu.actions()]
    action(menu, "Wrap a in no_grad").trigger()
    session.select([a, ids["b"]])                     # a menu for the whole selection
    menu = right_click(qtbot, canvas, centre_of(canvas, ids["b"]))
    assert session.selection == [a, ids["b"]]
    action(menu, "Remove from no_grad region").trigger()
    assert not doc.in_no_grad(a) and not doc.in_no_grad(ids["b"]) and doc.in_no_grad(ids["c"])
    session.undo_stack.undo()
    assert doc.in_no_grad(a) and len(doc.regions) == 2
    menu = right_click(qtbot, canvas, centre_of(canvas, a))
    action(menu, "Delete 2 nodes").trigger()
    assert a not in doc.graph and ids["b"] not in doc.graph
    assert a not in canvas.scene().nodes


# ---------------------------------------------------------------------- what an edit changed
def amber_and_green(image):
    """How many pixels of an image (every second one, both ways) are close to the 'lost'
    and 'gained' colours: red, green and blue differences adding up to less than 40."""
    import numpy as np
    from PySide6.QtGui import QImage
    if image.format() not in (QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32,
                              QImage.Format.Format_ARGB32_Premultiplied):
        image = image.convertToFormat(QImage.Format.Format_ARGB32)   # what pixel() reads
    rows = np.frombuffer(image.constBits(), np.uint32, image.sizeInBytes() // 4)
    rows = rows.reshape(image.height(), image.bytesPerLine() // 4)[::2, :image.width():2]
    rgb = [(rows >> shift & 0xFF).astype(np.int32) for shift in (16, 8, 0)]

    def close(ref):
        return int(np.count_nonzero(abs(rgb[0] - ref.red()) + abs(rgb[1] - ref.green())
                                    + abs(rgb[2] - ref.blue()) < 40))
    return [close(LOST), close(GAINED)]


@pytest.fixture
def tutorial(qtbot):
    session, canvas = make_canvas(qtbot, files.load(TUTORIAL))
    canvas.fit_to_view()
    seen = []
    session.autograd_changed.connect(seen.append)
    doc = session.document
    names = {doc.display_name(n): n for n in doc.node_ids}
    return session, canvas, names, seen


def test_unticking_requires_grad_on_x_says_and_shows_what_changed(tutorial):
    session, canvas, n, seen = tutorial
    marks = canvas.scene().marks
    assert not marks.marks and amber_and_green(canvas.grab().toImage()) == [0, 0]
    session.select([n["x"]])
    session.push(SetParam(session.document, n["x"], "requires_grad", False))

    (changes,) = seen
    assert changes[n["y"]].grad_fn == ("AddBackward0", None)
    assert changes[n["x"]].grad == (True, False) and changes[n["x"]].grad_fn is None
    # no retain_grad error: z's mark is left out, so out is computed, without a grad_fn
    assert changes[n["out"]].error is None
    assert changes[n["out"]].grad_fn == ("MeanBackward0", None)
    assert session.change_summary() == ("y, y_times_y, z and out lost their grad_fn · "
                                        "x and z lost their .grad")
    assert set(marks.marks) == {n["x"], n["y"], n["y_times_y"], n["z"], n["out"]}
    assert {m.style for m in marks.marks.values()} == {"lost"}
    assert [t for t, _ in marks.marks[n["z"]].tags] == ["− grad_fn", "− .grad"]
    amber, green = amber_and_green(canvas.grab().toImage())
    assert amber > 200 and green == 0                 # painted, and plainly visible
    assert amber_and_green(canvas.render_image(scale=1.0)) == [0, 0]   # not exported

    QApplication.processEvents()
    session.select([n["out"]])                        # the user moves on: marks go
    assert not marks.marks and amber_and_green(canvas.grab().toImage())[0] == 0

    session.undo_stack.undo()
    assert session.change_summary() == ("y, y_times_y, z and out gained a grad_fn · "
                                        "x and z gained a .grad")
    assert {m.style for m in marks.marks.values()} == {"gained"}
    assert [t for t, _ in marks.marks[n["y"]].tags] == ["+ AddBackward0"]
    assert amber_and_green(canvas.grab().toImage())[1] > 200


def test_selecting_what_an_edit_added_keeps_its_marks(tutorial):
    """As Graph ▸ Insert detach does: one macro, then the new node is selected."""
    session, canvas, n, seen = tutorial
    doc, stack = session.document, session.undo_stack
    stack.beginMacro("Insert detach after x")
    add = AddNode(doc, "detach", position=(100.0, 200.0))
    session.push(add)
    session.push(Connect(doc, n["x"], add.node_id, "self"))
    session.push(Connect(doc, add.node_id, n["y"], "self"))
    stack.endMacro()
    session.select([add.node_id])
    assert session.change_summary() == ("y, y_times_y, z and out lost their grad_fn · "
                                        "x and z lost their .grad")
    assert set(canvas.scene().marks.marks) == {n["x"], n["y"], n["y_times_y"], n["z"], n["out"]}
    QApplication.processEvents()
    session.select([n["x"]])
    assert not canvas.scene().marks.marks


def test_an_edit_that_changes_no_grad_fn_marks_nothing(tutorial):
    session, canvas, n, seen = tutorial
    session.push(SetParam(session.document, n["y"], "other", 5))
    assert seen == [{}] and session.change_summary() == ""
    assert not canvas.scene().marks.marks


def test_no_marks_after_opening_a_file_or_scrubbing_the_timeline(tutorial):
    session, canvas, n, seen = tutorial
    session.push(AddRegion(session.document, [n["y"]]))
    assert canvas.scene().marks.marks
    session.set_step(0)                               # a scrub compares nothing
    assert len(seen) == 1
    session.set_document(files.load(TUTORIAL), str(TUTORIAL))
    assert seen[-1] == {} and session.changes == {} and session.change_summary() == ""
    assert not canvas.scene().marks.marks
    assert amber_and_green(canvas.grab().toImage()) == [0, 0]


@pytest.mark.parametrize("zoom", [0.35, 0.5])
def test_a_region_s_title_stays_readable_when_zoomed_out(qtbot, env, zoom):
    """Below the zoom where its 13-pixel font would shrink under 10 pixels on screen, the
    title is drawn larger in the scene, so it is as big on screen as at that zoom."""
    session, canvas, ids = env
    from gradstudio.ui.canvas import theme
    canvas.resetTransform()
    canvas.scale(zoom, zoom)
    frame = canvas.scene().regions[ids["r"]].frame
    canvas.centerOn(frame.center())
    QApplication.processEvents()
    band = canvas.mapFromScene(frame.topLeft()), canvas.mapFromScene(frame.topRight())
    image = canvas.viewport().grab().toImage()
    text = theme.REGION_TEXT
    rows = set()
    for y in range(band[0].y(), band[0].y() + 20):
        for x in range(band[0].x(), band[1].x()):
            c = image.pixelColor(x, y)
            if abs(c.red() - text.red()) + abs(c.green() - text.green()) + \
                    abs(c.blue() - text.blue()) < 60:
                rows.add(y)
    assert len(rows) >= 7          # glyphs at least 7 pixels tall on screen


def test_a_node_dragged_from_one_region_into_another_says_so_in_plain_words(qtbot):
    doc, ids = region_doc()
    other = doc.add_region([ids["a"]])
    session, canvas = make_canvas(qtbot, doc)
    c, frame = ids["c"], canvas.scene().regions[other].frame
    item = canvas.item(c)
    grip = view_point(canvas, item.mapToScene(QPointF(30, 10)))
    offset = QPointF(frame.center().x(), frame.bottom() - 20) - item.sceneBoundingRect().center()
    to = grip + QPoint(round(offset.x()), round(offset.y()))
    press_and_move(qtbot, canvas, grip, to)
    hints = [i for i in canvas.scene().items() if type(i).__name__ == "DragHint"]
    assert [h.text for h in hints] == ["Release to move c between no_grad regions"]
    qtbot.mouseRelease(canvas.viewport(), Qt.LeftButton, pos=to)
    assert doc.regions[other].nodes == {ids["a"], c}
    assert doc.regions[ids["r"]].nodes == {ids["b"]}
    assert session.undo_stack.undoText() == "Move c between no_grad regions"


def test_node_menu_keeps_a_grad_with_retain_grad(tutorial, qtbot):
    session, canvas, n, seen = tutorial
    doc, yy = session.document, n["y_times_y"]
    menu = right_click(qtbot, canvas, centre_of(canvas, yy))
    keep = action(menu, "Keep .grad: y_times_y.retain_grad()")
    assert keep.isEnabled() and keep.isCheckable() and not keep.isChecked()
    keep.trigger()
    assert doc.node(yy).retains_grad and session.undo_stack.count() == 1
    assert "retain_grad" in badges(canvas, yy) and ".grad ✓" in badges(canvas, yy)
    menu = right_click(qtbot, canvas, centre_of(canvas, yy))
    keep = action(menu, "Keep .grad: y_times_y.retain_grad()")
    assert keep.isChecked()
    keep.trigger()                                   # and off again
    assert not doc.node(yy).retains_grad and "retain_grad" not in badges(canvas, yy)
    menu = right_click(qtbot, canvas, centre_of(canvas, n["x"]))
    keep = action(menu, "Keep .grad: x.retain_grad()")
    assert not keep.isEnabled() and "leaf keeps its .grad" in keep.toolTip()


def test_a_change_tag_on_a_member_leaves_the_region_title_readable(env):
    from gradstudio.ui.canvas.change_marks import tag_rects
    session, canvas, ids = env
    scene = canvas.scene()
    region = scene.regions[ids["r"]]
    # the leftmost member, marked with long tags (as an edit that took its grad_fn would)
    scene.marks.show_marks([(ids["b"], "lost", [("lost grad_fn", "lost"),
                                                 ("lost .grad", "lost")])])
    rects = tag_rects(scene.marks.marks[ids["b"]])
    assert rects and not any(r.intersects(region.title_rect()) for r in rects)
    assert region.frame.contains(region.title_rect())


def test_node_menu_adds_a_backward_of_the_node(tutorial, qtbot):
    session, canvas, n, _ = tutorial
    doc, steps = session.document, len(session.document.timeline)
    action(right_click(qtbot, canvas, centre_of(canvas, n["z"])), "z.backward()").trigger()
    assert len(doc.timeline) == steps + 1
    assert doc.timeline[-1].kind == "backward" and doc.timeline[-1].params["target"] == n["z"]
    session.undo_stack.undo()
    assert len(doc.timeline) == steps


def test_node_menu_inserts_a_detach_after_the_node(tutorial, qtbot):
    session, canvas, n, _ = tutorial
    doc = session.document
    action(right_click(qtbot, canvas, centre_of(canvas, n["y"])),
           "Insert detach() after y").trigger()
    (detached,) = [c for c, _ in doc.consumers_of(n["y"])]
    assert doc.node(detached).kind == "detach"
    assert {c for c, _ in doc.consumers_of(detached)} == {n["y_times_y"]}
    session.undo_stack.undo()                        # one undo step
    assert {c for c, _ in doc.consumers_of(n["y"])} == {n["y_times_y"]}


def test_node_menu_toggles_requires_grad_on_a_source_only(tutorial, qtbot):
    session, canvas, n, _ = tutorial
    doc = session.document
    toggle = action(right_click(qtbot, canvas, centre_of(canvas, n["x"])), "requires_grad: x")
    assert toggle.isCheckable() and toggle.isChecked()
    toggle.trigger()
    assert doc.node(n["x"]).params["requires_grad"] is False
    assert "requires_grad" not in badges(canvas, n["y"])
    session.undo_stack.undo()
    assert doc.node(n["x"]).params["requires_grad"] is True
    menu = right_click(qtbot, canvas, centre_of(canvas, n["y"]))
    assert not [a for a in menu.actions() if a.text().startswith("requires_grad")]


def test_node_menu_asks_for_a_rename_of_the_node(tutorial, qtbot):
    session, canvas, n, _ = tutorial
    menu = right_click(qtbot, canvas, centre_of(canvas, n["z"]))
    with qtbot.waitSignal(canvas.rename_requested) as asked:
        action(menu, "Rename…").trigger()
    assert asked.args == [n["z"]] and session.selection == [n["z"]]


def test_the_drag_hint_and_its_undo_step_speak_the_windows_language(env, qtbot, qapp):
    from gradstudio.ui import i18n
    session, canvas, ids = env
    frame = canvas.scene().regions[ids["r"]].frame
    i18n.install_translators(qapp, "de")
    try:
        to, hints = _drag_held(qtbot, canvas, ids["a"],
                               QPointF(frame.center().x(), frame.center().y() + 10))
        assert hints == ["Loslassen, um a zu no_grad hinzuzufügen"]
        qtbot.mouseRelease(canvas.viewport(), Qt.LeftButton, pos=to)
        assert session.undo_stack.undoText() == "a in no_grad verschieben"
    finally:
        i18n.install_translators(qapp, "en")
