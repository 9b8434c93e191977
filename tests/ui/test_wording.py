"""Words the UI shows: the empty canvas's hint is never cut off, a node is named the same
(with one underscore) on its card, in the inspector and in the code, the "watched" box
says what it does, and the examples are titled as PyTorch spells them."""
import pytest

from gradstudio.document import Document
from gradstudio.document.export import export_script
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session
from gradstudio.ui.window_files import example_paths, example_title

from driving import canvas_on, shown


@pytest.mark.parametrize("size", [(880, 633), (280, 293), (261, 113), (200, 500)])
def test_the_empty_canvas_hint_is_shown_whole_at_any_size(qtbot, size):
    _, canvas = canvas_on(qtbot, Document(), size)
    hint = canvas.empty_hint
    assert hint.isVisible() and "Tab" in hint.text()
    assert canvas.viewport().rect().contains(hint.geometry())
    assert hint.height() >= hint.heightForWidth(hint.width())    # every line shows


def test_a_requires_grad_node_has_one_underscore_in_its_name_everywhere(qtbot):
    d = Document()
    x = d.add_node("ones", {"shape": (2,)}, label="x")
    y = d.add_node("exp", label="y")
    d.connect(x, y, "self")
    r = d.add_node("requires_grad_", {"requires_grad": True})
    d.connect(y, r, "self")
    session, canvas = canvas_on(qtbot, d)
    inspector = shown(qtbot, Inspector(session))
    session.select([r])
    name = f"requires_grad_{r}"
    assert canvas.item(r).name == name
    assert inspector.title.text().startswith(name + " ")
    assert inspector.name.edit.placeholderText() == f"no name (shown as {name})"
    assert "__" not in export_script(d).text.replace('"""', "")


def test_the_watched_box_says_it_prints_the_tensor_in_the_exported_script(qtbot):
    d = Document()
    x = d.add_node("ones", {"shape": (2,)}, label="x")
    session = Session(d)
    inspector = shown(qtbot, Inspector(session))
    session.select([x])
    box = inspector.watched
    assert "canvas" not in box.text() and "exported script" in box.text()
    assert "print(tensor)" in box.toolTip() and "print(tensor.grad)" in box.toolTip()
    assert "print(x)" not in export_script(d).text
    box.click()
    assert "print(x)" in export_script(d).text.splitlines()
    assert session.undo_stack.undoText() == "Print x in the exported script"


def test_the_examples_are_titled_as_pytorch_spells_them():
    titles = [example_title(p) for p in example_paths()]
    assert "Vector-Jacobian product" in titles
    assert "retain_graph" in titles and "detach and no_grad" in titles
    assert not any("jacobian" in t or "Retain graph" in t for t in titles)
    assert example_title("09_my_own_lesson.gsg") == "My own lesson"


def test_adding_a_node_is_named_without_a_doubled_word(qtbot):
    from gradstudio.ui import commands
    session = Session(Document())
    session.push(commands.AddNode(session.document, "add"))
    assert session.undo_stack.undoText() == "Add an add node"
    session.push(commands.AddNode(session.document, "tensor"))
    assert session.undo_stack.undoText() == "Add a tensor node"
