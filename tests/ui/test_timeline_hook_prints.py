"""What a printing hook (``lambda grad: print("g", grad)``) writes during a backward
shows in the timeline: on the step's row and, with every line, in its details; editing
the hook in the inspector changes what the step printed (GitHub issue 15)."""
from gradstudio.document import Document
from gradstudio.ui.commands import SetParam
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel, printed_text

from driving import shown


def _hooked():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    h = doc.add_node("register_hook", {"hook": "print('g of x:', grad)"})
    doc.connect(x, h, "self")
    y = doc.add_node("sum", label="y")
    doc.connect(h, y, "self")
    doc.add_action("backward", {"target": y})
    return doc, h


def test_the_step_shows_what_its_hooks_printed(qtbot):
    doc, h = _hooked()
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 420))
    assert panel.list.item(0).text().splitlines()[1].strip() == \
        "printed: g of x: tensor([1., 1.])"
    panel.list.setCurrentRow(0)
    assert panel.details.hint.isVisible()
    assert panel.details.hint.text() == "Its hooks printed:\ng of x: tensor([1., 1.])"
    session.push(SetParam(doc, h, "hook", "print('twice', grad * 2)"))
    assert panel.list.item(0).text().splitlines()[1].strip() == \
        "printed: twice tensor([2., 2.])"
    session.undo_stack.undo()
    assert "g of x:" in panel.list.item(0).text()


def test_many_printed_lines_are_cut_in_the_details():
    text = printed_text([f"line {i}" for i in range(20)])
    assert text.splitlines()[1:] == [f"line {i}" for i in range(8)] + ["… and 12 more lines"]
