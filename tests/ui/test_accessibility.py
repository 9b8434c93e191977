"""What a screen reader finds, read through Qt's accessibility interface: the graph as
a list of its nodes, each its code line and state in words, kept in step with the
canvas; a name on every widget that takes the keyboard; answers an exercise hides stay
hidden there too."""
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.files import load
from gradstudio.ui.classroom import name_all
from gradstudio.ui.commands import SetParam
from driving import main_window


def _open(w, qtbot, name):
    with qtbot.waitSignal(w.session.run_finished):
        w.session.set_document(load(EXAMPLES_DIR / f"{name}.gsg"))


def _spoken_rows(panel):
    face = QAccessible.queryAccessibleInterface(panel.list)
    assert face is not None and face.text(QAccessible.Name) == "Graph nodes"
    names = []
    for i in range(face.childCount()):
        child = face.child(i)
        if child.role() == QAccessible.Role.ListItem:
            names.append(child.text(QAccessible.Name))
    return names


def test_the_graph_list_reads_every_node_as_its_code_and_state(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    _open(w, qtbot, "01_autograd_tutorial")
    w.docks["graph_list"].show()
    w.docks["graph_list"].raise_()
    panel = w.panel("graph_list")
    names = _spoken_rows(panel)
    assert len(names) == 5
    assert "y equals x plus 2, requires grad, grad_fn AddBackward0, has no grad" in names
    assert names[0].startswith("x equals torch dot ones of 2, 2, requires_grad equals True, "
                               "requires grad, no grad_fn, has a grad")
    # in step with the canvas, both ways
    w.session.select(["n4"])
    assert [i.text() for i in panel.list.selectedItems()] == ["z = y_times_y * 3"]
    panel.list.setFocus()
    qtbot.keyClick(panel.list, Qt.Key_Up)          # the keyboard walks the list
    assert w.session.selection == ["n3"]
    # an edit shows at once
    with qtbot.waitSignal(w.session.run_finished):
        w.session.push(SetParam(w.session.document, "n2", "other", 5.0))
    assert any(n.startswith("y equals x plus 5") for n in _spoken_rows(panel)), \
        _spoken_rows(panel)


def test_the_canvas_says_what_is_selected(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    _open(w, qtbot, "01_autograd_tutorial")
    w.session.select(["n2"])
    face = QAccessible.queryAccessibleInterface(w.canvas)
    assert face.text(QAccessible.Name) == "Graph canvas"
    assert "Selected: y, requires grad, grad_fn AddBackward0" in \
        face.text(QAccessible.Description)


def test_hidden_answers_are_not_read_aloud(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    _open(w, qtbot, "14_exercise_tutorial_x_grad")
    w.docks["graph_list"].show()
    w.docks["graph_list"].raise_()
    text = " | ".join(_spoken_rows(w.panel("graph_list")))
    assert "AddBackward0" not in text and "grad_fn unknown until checked" in text
    w.session.select(["n2"])
    assert "AddBackward0" not in QAccessible.queryAccessibleInterface(w.canvas).text(
        QAccessible.Description)


def test_every_widget_that_takes_the_keyboard_has_a_name(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    _open(w, qtbot, "14_exercise_tutorial_x_grad")
    for dock in w.docks.values():
        dock.show()
        dock.raise_()
    unnamed = []
    for widget in w.findChildren(QWidget):
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        face = QAccessible.queryAccessibleInterface(widget)
        if face is None or not face.text(QAccessible.Name).strip():
            unnamed.append(f"{type(widget).__name__} in {type(widget.parent()).__name__}")
    assert unnamed == []
    assert name_all(w) == 0          # nothing left to name
