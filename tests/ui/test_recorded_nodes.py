"""A tensor the trace did not see made (a deep copy of a state_dict, what torch.load
read) enters the graph as a literal holding the script's values there: its card says
"recorded · line N", its tooltip and the Inspector say what that means, and it is kept
through the file and an undo of its deletion (issue 32, item 1)."""
from gradstudio.document.files import dumps, loads
from gradstudio.document.recorded import recorded_words
from gradstudio.document.trace import trace
from gradstudio.ui import commands
from gradstudio.ui.inspector import Inspector

from driving import canvas_on, shown

SCRIPT = """import copy
import torch
model = torch.nn.Linear(2, 1)
best = copy.deepcopy(model.state_dict())
opt = torch.optim.SGD(model.parameters(), lr=0.5)
model(torch.ones(1, 2)).sum().backward()
opt.step()
model.load_state_dict(best)
print(model.weight)
"""


def _recorded(doc):
    return [n for n in doc.node_ids if doc.node(n).recorded is not None]


def test_a_recorded_value_says_so_on_its_card_and_in_the_inspector(qtbot):
    doc = trace(SCRIPT)
    assert doc.trace_note is None
    node = _recorded(doc)[0]
    assert len(_recorded(doc)) == 2          # (the weight's and the bias's)
    assert doc.node(node).recorded == 8 and doc.node(node).kind == "tensor"
    session, canvas = canvas_on(qtbot, doc)
    item = canvas.item(node)
    assert ("recorded", "recorded · line 8") in item.badges
    assert recorded_words(8) in item.toolTip()
    inspector = shown(qtbot, Inspector(session), (420, 600))
    session.select([node])
    assert "Recorded from line 8 of the script" in inspector.title.text()
    session.push(commands.RemoveNodes(doc, [node]))
    session.undo_stack.undo()
    assert doc.node(node).recorded == 8
    assert loads(dumps(doc)).node(node).recorded == 8



DRAWN_ON = """import torch
torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
w = torch.ones(3)
w.data.mul_(3)
z = (w * x).sum()
print(z)
"""


def test_a_value_recorded_by_a_part_not_drawn_shows_its_badge_and_the_rest_is_drawn(qtbot):
    doc = trace(DRAWN_ON)           # (line 5 cannot be drawn: recorded, drawn on after it)
    assert doc.trace_note.startswith("Not drawn: line 5 (writing through .data")
    (node,) = _recorded(doc)
    assert doc.node(node).recorded == 5 and doc.node(node).params["value"] == [3.0] * 3
    after = [n for n in doc.node_ids if node in doc.inputs_of(n).values()]
    assert [doc.node(n).kind for n in after] == ["mul"]
    session, canvas = canvas_on(qtbot, doc)
    assert ("recorded", "recorded · line 5") in canvas.item(node).badges
    assert recorded_words(5) in canvas.item(node).toolTip()
    assert not any(b[0] == "recorded" for b in canvas.item(after[0]).badges)
