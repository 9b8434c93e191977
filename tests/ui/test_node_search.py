"""Edit ▸ Find Node (Ctrl+F), as a user does it: press Ctrl+F on the canvas, type part of a
name, a kind or a grad_fn, press Enter: the node is selected and the canvas centred on
it; a search that matches nothing says so, and Escape closes the popup."""
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from gradstudio.document.examples import build
from gradstudio.ui.node_search import matching_nodes
from gradstudio.ui.session import Session

from driving import ids, main_window


@pytest.fixture
def window(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1400, 900))
    w.session.set_document(build("01_autograd_tutorial"))
    return w


def ctrl_f(qtbot, w):
    """Ctrl+F typed on the focused canvas; returns the popup it opened."""
    w.canvas.activateWindow()
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    target = w.canvas.viewport() if w.canvas.viewport().hasFocus() else w.canvas
    qtbot.keyClick(target, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    popup = w.canvas.node_search
    assert popup.isVisible() and popup.search.hasFocus() and popup.search.text() == ""
    return popup


def view_centre(canvas):
    return canvas.mapToScene(canvas.viewport().rect().center())


def test_find_node_is_in_the_edit_menu_with_ctrl_f(window):
    (edit,) = [m.menu() for m in window.menuBar().actions() if m.text() == "&Edit"]
    assert window.find_action in edit.actions()
    assert window.find_action.text() == "&Find Node…"
    assert [k.toString() for k in window.find_action.shortcuts()] == ["Ctrl+F"]


def test_ctrl_f_then_a_name_and_enter_selects_the_node_and_centres_on_it(window, qtbot):
    w = window
    names = ids(w.session)
    w.session.select([names["x"]])
    w.canvas.reset_zoom()
    w.canvas.set_zoom(2.0)
    w.canvas.centerOn(QPointF(-3000, -3000))             # far away from every card
    popup = ctrl_f(qtbot, w)
    assert popup.list.count() == len(w.session.document.node_ids)   # all, before typing
    qtbot.keyClicks(popup.search, "y_tim")
    assert popup.current_node() == names["y_times_y"]
    qtbot.keyClick(popup.search, Qt.Key.Key_Return)
    assert not popup.isVisible()
    assert w.session.selection == [names["y_times_y"]]
    item = w.canvas.item(names["y_times_y"])
    assert item.isSelected()
    centre, card = view_centre(w.canvas), item.sceneBoundingRect().center()
    assert abs(centre.x() - card.x()) < 2 and abs(centre.y() - card.y()) < 2


def test_a_kind_or_a_grad_fn_finds_the_node_too(window, qtbot):
    w = window
    names = ids(w.session)
    popup = ctrl_f(qtbot, w)
    qtbot.keyClicks(popup.search, "MeanBackward")
    assert [popup.list.item(i).text().split()[0] for i in range(popup.list.count())] \
        == ["out"]
    assert "MeanBackward0" in popup.list.item(0).text()
    qtbot.keyClick(popup.search, Qt.Key.Key_Return)
    assert w.session.selection == [names["out"]]
    popup = ctrl_f(qtbot, w)
    qtbot.keyClicks(popup.search, "mul")                # the kind of y_times_y and z
    qtbot.keyClick(popup.search, Qt.Key.Key_Down)
    assert popup.current_node() == names["z"]
    qtbot.keyClick(popup.search, Qt.Key.Key_Return)
    assert w.session.selection == [names["z"]]


def test_no_match_says_so_and_escape_closes(window, qtbot):
    w = window
    before = list(w.session.selection)
    popup = ctrl_f(qtbot, w)
    qtbot.keyClicks(popup.search, "nothing_like_it")
    assert popup.list.isHidden() and popup.message.isVisible()
    assert popup.message.text() == "No node matches “nothing_like_it”."
    qtbot.keyClick(popup.search, Qt.Key.Key_Return)      # nothing to pick: stays open
    assert popup.isVisible() and w.session.selection == before
    qtbot.keyClick(popup.search, Qt.Key.Key_Escape)
    assert not popup.isVisible()
    assert w.session.selection == before and not w.errors
    QApplication.processEvents()


def test_matching_puts_names_that_start_with_the_text_first():
    session = Session(build("01_autograd_tutorial"))          # (run: grad_fns known)
    found = [name for _, name, _, _ in matching_nodes(session, "Y")]
    assert found == ["y", "y_times_y"]
    rows = {name: (kind, grad_fn) for _, name, kind, grad_fn in matching_nodes(session, "")}
    assert rows["z"] == ("mul · retain_grad", "MulBackward0") and rows["x"] == ("ones", "")
    (kept,) = [n for n in session.document.node_ids if session.document.node(n).retains_grad]
    assert [node for node, *_ in matching_nodes(session, "RETAIN")] == [kept]
