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

