"""Where new nodes land, driven as a user does it: quick add (Tab, type, Enter) and
Insert detach() (Ctrl+D) never put a card on top of another, and double-clicking a
palette kind with a node selected adds it fed by that node, as one undo step."""
from itertools import combinations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from gradstudio.document import Document
from gradstudio.document.examples import build
from gradstudio.ui.canvas.scene import GRID

from driving import canvas_on, double_click_palette, ids, main_window


def quick_add(qtbot, canvas, kind, at=QPoint(500, 350)):
    """The mouse over ``at`` (a point in the viewport), Tab, ``kind`` typed, Enter;
    returns the new node and where the popup was opened (scene coordinates)."""
    before = set(canvas.session.document.node_ids)
    canvas.activateWindow()      # (offscreen, a closed popup can keep the activation)
    canvas.setFocus()
    qtbot.waitUntil(canvas.hasFocus)
    qtbot.mouseMove(canvas.viewport(), at)
    qtbot.keyClick(canvas, Qt.Key_Tab)
    popup = canvas.quick_add
    assert popup.isVisible()
    qtbot.keyClicks(popup.search, kind)
    assert popup.current_kind() == kind
    spot = canvas._quick_add_pos
    qtbot.keyClick(popup.search, Qt.Key_Return)
    (new,) = set(canvas.session.document.node_ids) - before
    return new, spot


def card(canvas, node_id):
    return canvas.item(node_id).sceneBoundingRect()


def assert_no_overlap(canvas):
    rects = {n: card(canvas, n) for n in canvas.scene().nodes}
    covering = [(a, b) for a, b in combinations(rects, 2) if rects[a].intersects(rects[b])]
    assert covering == []


@pytest.mark.parametrize("snapping", [False, True])
def test_quick_add_twice_at_one_spot_puts_the_second_card_below_the_first(qtbot, snapping):
    session, canvas = canvas_on(qtbot, Document(), centre=(0, 0))
    canvas.snapping = snapping
    first, spot = quick_add(qtbot, canvas, "exp")
    second, again = quick_add(qtbot, canvas, "exp")
    assert again == spot                                   # the same place, twice
    assert not card(canvas, first).intersects(card(canvas, second))
    (x1, y1), (x2, y2) = (session.document.node(n).position for n in (first, second))
    assert x2 == x1 and y2 > y1                            # moved straight down
    if snapping:
        assert y2 % GRID == 0
    third, _ = quick_add(qtbot, canvas, "sigmoid")
    assert_no_overlap(canvas)
    assert session.selection == [third]
    view = canvas.viewport().rect()                        # moved, but still in sight
    assert view.contains(canvas.mapFromScene(card(canvas, third)).boundingRect())


def test_quick_add_on_a_free_spot_lands_where_it_was_asked(qtbot):
    session, canvas = canvas_on(qtbot, build("01_autograd_tutorial"), centre=(0, 0))
    new, spot = quick_add(qtbot, canvas, "exp", QPoint(100, 100))   # far from the cards
    node = session.document.node(new)
    assert canvas.item(node.id).sceneBoundingRect().contains(spot)
    assert_no_overlap(canvas)


def press(qtbot, w, sequence):
    combo = QKeySequence(sequence)[0]
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    qtbot.keyClick(w.canvas.viewport() if w.canvas.viewport().hasFocus() else w.canvas,
                   combo.key(), combo.keyboardModifiers())
    QApplication.processEvents()


def test_ctrl_d_puts_the_detach_where_no_card_is(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    d = Document()
    a = d.add_node("ones", {"shape": (2,), "requires_grad": True}, (0.0, 0.0), "a")
    # a's consumer sits where the detach used to go (60 right of a and 60 below it)
    b = d.add_node("exp", None, (170.0, 70.0), "b")
    d.connect(a, b, "self")
    w.session.set_document(d)
    assert_no_overlap(w.canvas)
    w.session.select([a])
    press(qtbot, w, "Ctrl+D")
    (detach,) = set(w.session.document.node_ids) - {a, b}
    doc = w.session.document
    assert doc.node(detach).kind == "detach"
    assert doc.inputs_of(detach) == {"self": a} and doc.inputs_of(b) == {"self": detach}
    assert_no_overlap(w.canvas)
    press(qtbot, w, "Ctrl+Z")                               # still one undo step
    assert set(doc.node_ids) == {a, b} and doc.inputs_of(b) == {"self": a}


@pytest.fixture
def tutorial_window(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    w.session.set_document(build("01_autograd_tutorial"))
    return w


def test_double_clicking_a_kind_with_a_node_selected_feeds_it_that_node(tutorial_window,
                                                                        qtbot):
    w = tutorial_window
    doc = w.session.document
    x = ids(w.session)["x"]
    edges = sorted(doc.edges())
    w.session.select([x])
    new = double_click_palette(qtbot, w, "exp")
    assert doc.node(new).kind == "exp" and doc.inputs_of(new) == {"self": x}
    assert w.session.selection == [new]
    assert doc.node(new).position[0] > doc.node(x).position[0]     # to the right of x
    assert_no_overlap(w.canvas)
    assert w.session.state(new).value.ravel().tolist() == pytest.approx([2.7182817] * 4)
    press(qtbot, w, "Ctrl+Z")                                # one step takes it all back
    assert new not in doc.node_ids and sorted(doc.edges()) == edges
    press(qtbot, w, "Ctrl+Shift+Z")
    assert doc.inputs_of(new) == {"self": x}


def test_double_clicking_a_kind_with_nothing_selected_adds_it_unconnected(tutorial_window,
                                                                         qtbot):
    w = tutorial_window
    w.session.select([])
    new = double_click_palette(qtbot, w, "exp")
    assert w.session.document.inputs_of(new) == {}
    assert_no_overlap(w.canvas)


def test_a_kind_without_inputs_is_added_beside_the_selection_unconnected(tutorial_window,
                                                                        qtbot):
    w = tutorial_window
    w.session.select([ids(w.session)["out"]])
    new = double_click_palette(qtbot, w, "ones")
    assert w.session.document.inputs_of(new) == {} and not w.errors
    assert_no_overlap(w.canvas)
