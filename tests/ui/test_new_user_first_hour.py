"""A new student's first hour in the real window, step by step: what they hit first must
explain itself and must not get in their way."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gradstudio.ui.main_window import example_paths

from driving import double_click_palette, main_window


@pytest.fixture
def window(qtbot, tmp_path):
    return main_window(qtbot, tmp_path, (1500, 940))


def card_rect(w, node_id):
    return w.canvas.item(node_id).sceneBoundingRect()


def test_kinds_double_clicked_in_turn_line_up_as_a_chain_without_covering_each_other(
        window, qtbot):
    w = window
    ids = [double_click_palette(qtbot, w, k) for k in ("ones", "add", "mul", "mul", "mean")]
    rects = [card_rect(w, n) for n in ids]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.intersects(b)
    # each new card to the right of the one selected before it, on its row
    for a, b in zip(ids, ids[1:]):
        (ax, ay), (bx, by) = (w.session.document.node(n).position for n in (a, b))
        assert bx > ax and by == ay
    # and the last one is on screen
    view = w.canvas.viewport().rect()
    assert view.contains(w.canvas.mapFromScene(rects[-1]).boundingRect())


def test_kinds_added_with_nothing_selected_do_not_pile_up(window, qtbot):
    w = window
    first = double_click_palette(qtbot, w, "ones")
    w.session.select([])
    second = double_click_palette(qtbot, w, "randn")
    w.session.select([])
    third = double_click_palette(qtbot, w, "zeros")
    rects = [card_rect(w, n) for n in (first, second, third)]
    assert not rects[0].intersects(rects[1])
    assert not rects[0].intersects(rects[2]) and not rects[1].intersects(rects[2])


def open_example(w, stem):
    (path,) = [p for p in example_paths() if p.stem == stem]
    assert w.files.open_example(path)


@pytest.mark.parametrize("size", [(1500, 940), (1024, 700)])
def test_an_action_with_a_long_error_still_shows_its_parameters_whole(window, qtbot, size):
    w = window
    w.resize(*size)
    open_example(w, "05_retain_graph")
    timeline = w.timeline
    timeline.list.setCurrentRow(2)
    assert "backward through the graph a second time" in timeline.details.error.text()
    editors = [timeline.details.param_editors[n]
               for n in ("target", "gradient", "retain_graph", "create_graph")]

    def laid_out_whole():
        # none squashed below the height it needs, none over another
        boxes = [e.geometry() for e in editors]
        return all(e.height() >= e.minimumSizeHint().height() for e in editors) and \
            not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    qtbot.waitUntil(laid_out_whole, timeout=1000)


def test_an_empty_timeline_says_how_to_add_a_backward(window):
    w = window
    w.new_action.trigger()
    assert w.timeline.details.hint.isVisible()
    assert "Ctrl+B" in w.timeline.details.hint.text()
    w.palette.kind_activated.emit("ones")
    w.backward_action.trigger()
    assert len(w.session.document.timeline) == 1
    assert "Ctrl+B" not in w.timeline.details.hint.text()


def test_an_empty_canvas_says_how_to_start_until_a_node_is_added(window, qtbot):
    w = window
    w.new_action.trigger()
    hint = w.canvas.empty_hint
    assert hint.isVisible() and "Palette" in hint.text() and "Tab" in hint.text()
    assert w.canvas.viewport().rect().contains(hint.geometry())
    double_click_palette(qtbot, w, "ones")
    assert not hint.isVisible()
    w.undo_action.trigger()
    assert hint.isVisible()
    w.redo_action.trigger()
    assert not hint.isVisible()
    w.new_action.trigger()
    assert hint.isVisible()
    open_example(w, "01_autograd_tutorial")
    assert not hint.isVisible()


def test_the_empty_canvas_hint_stays_whole_in_the_middle_when_the_canvas_scrolls(window,
                                                                               qtbot):
    w = window
    open_example(w, "01_autograd_tutorial")
    w.new_action.trigger()
    hint, view = w.canvas.empty_hint, w.canvas.viewport()
    for bar in (w.canvas.horizontalScrollBar(), w.canvas.verticalScrollBar()):
        bar.setValue(bar.value() + 120)          # (a scroll moves the viewport's children)

    def centred():
        return view.rect().contains(hint.geometry()) and \
            (hint.geometry().center() - view.rect().center()).manhattanLength() <= 2
    qtbot.waitUntil(centred, timeout=1000)


def test_a_card_is_named_as_the_code_the_inspector_and_the_timeline_name_it(window, qtbot):
    w = window
    w.new_action.trigger()
    x = double_click_palette(qtbot, w, "ones")
    y = double_click_palette(qtbot, w, "add")
    name = w.session.document.display_name(y)
    assert name == f"add_{y}"
    assert w.canvas.item(y).name == name
    assert w.inspector.title.text().startswith(name)
    assert f"{name} = " in w.code_panel.editor.toPlainText()
    w.backward_action.trigger()
    assert w.timeline.list.item(0).text().startswith(f"1.  {name}.backward()")
    # a name given in the inspector replaces it on the card, and undo brings it back
    w.session.select([x])
    w.rename_action.trigger()
    qtbot.keyClicks(QApplication.focusWidget(), "x")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert w.canvas.item(x).name == "x"
    w.undo_action.trigger()
    assert w.canvas.item(x).name == f"ones_{x}"


def test_the_timeline_and_the_code_share_the_bottom_evenly(window, qtbot):
    w = window
    open_example(w, "05_retain_graph")
    timeline, code = w.docks["timeline"], w.docks["code"]
    qtbot.waitUntil(lambda: timeline.width() > 0 and code.width() > 0)
    assert abs(timeline.width() - code.width()) <= 0.2 * max(timeline.width(), code.width())
