"""The PyTorch Code panel links back to the canvas: clicking a line a node's statement
takes selects that node; a click elsewhere, or dragging to select text, leaves the
selection alone."""
import pytest
from PySide6.QtCore import QPoint, Qt

from gradstudio.document.examples import build
from gradstudio.ui.code_view import CodePanel
from gradstudio.ui.session import Session

from driving import ids, main_window, shown


def line_point(panel, text, column=2):
    """A point in the editor's viewport on the line reading ``text`` (indentation aside),
    ``column`` characters in."""
    editor = panel.editor
    (number,) = [i for i, line in enumerate(editor.toPlainText().splitlines())
                 if line.strip() == text]
    block = editor.document().findBlockByNumber(number)
    rect = editor.blockBoundingGeometry(block).translated(editor.contentOffset())
    x = editor.fontMetrics().horizontalAdvance(block.text()[:column]) + 4
    return QPoint(round(rect.left() + x), round(rect.center().y()))


def click(qtbot, panel, point):
    qtbot.mouseClick(panel.editor.viewport(), Qt.MouseButton.LeftButton, pos=point)


@pytest.fixture
def panel(qtbot):
    session = Session(build("01_autograd_tutorial"))
    return shown(qtbot, CodePanel(session), (700, 500))


def test_clicking_a_nodes_line_selects_the_node(panel, qtbot):
    names = ids(panel.session)
    click(qtbot, panel, line_point(panel, "z = y_times_y * 3"))
    assert panel.session.selection == [names["z"]]
    assert panel.highlighted_line() == panel.lines[names["z"]]
    click(qtbot, panel, line_point(panel, "x = torch.ones(2, 2, requires_grad=True)", 10))
    assert panel.session.selection == [names["x"]]


def test_clicking_a_line_of_no_node_or_below_the_code_changes_nothing(panel, qtbot):
    names = ids(panel.session)
    panel.session.select([names["y"]])
    for text in ("import torch", "out.backward()", "print(z)"):
        click(qtbot, panel, line_point(panel, text))
        assert panel.session.selection == [names["y"]], text
    viewport = panel.editor.viewport()
    click(qtbot, panel, QPoint(10, viewport.height() - 5))     # empty space below
    assert panel.session.selection == [names["y"]]


def test_dragging_to_select_code_does_not_select_a_node(panel, qtbot):
    names = ids(panel.session)
    panel.session.select([names["y"]])
    start = line_point(panel, "z = y_times_y * 3", 0)
    end = line_point(panel, "z = y_times_y * 3", 12)
    viewport = panel.editor.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert panel.editor.textCursor().hasSelection()
    assert panel.session.selection == [names["y"]]


def test_in_the_window_the_clicked_line_selects_the_card(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1500, 940))
    w.session.set_document(build("01_autograd_tutorial"))
    w.docks["code"].raise_()
    panel = w.code_panel
    qtbot.waitUntil(lambda: panel.isVisible() and "z = y_times_y * 3" in
                    panel.editor.toPlainText())
    z = ids(w.session)["z"]
    click(qtbot, panel, line_point(panel, "z = y_times_y * 3"))
    assert w.session.selection == [z]
    assert [n for n, item in w.canvas.scene().nodes.items() if item.isSelected()] == [z]
    assert w.inspector.title.text().startswith("z")
