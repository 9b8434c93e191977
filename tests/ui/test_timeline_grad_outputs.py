"""autograd.grad's grad_outputs in the timeline: one choice per output (the vector v of
vᵀJ, or none), set by the user as backward's gradient is, undone in one step, and shown
in the action's statement (GitHub issue 15)."""
import numpy as np

from gradstudio.document import Document
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import shown


def _vector_grad():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0, 3.0], "requires_grad": True}, label="x")
    y = doc.add_node("mul", {"other": 1.0}, label="y")
    doc.connect(x, y, "self")
    doc.connect(x, y, "other")
    v = doc.add_node("tensor", {"value": [1.0, 0.5, 0.1]}, label="v")
    doc.add_action("grad", {"outputs": [y], "inputs": [x]})
    return doc, x, y, v


def test_grad_outputs_is_chosen_per_output_in_the_timeline(qtbot):
    doc, x, y, v = _vector_grad()
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 420))
    panel.list.setCurrentRow(0)
    assert "implicitly created only for scalar outputs" in panel.details.error.text()
    editor = panel.details.param_editors["grad_outputs"]
    assert len(editor.combos) == 1 and editor.combos[0].currentData() is None
    box = editor.combos[0]
    box.setCurrentIndex(box.findData(v))
    action = doc.timeline[0]
    assert action.params["grad_outputs"] == [v]
    assert session.result.action_error(action.id) is None
    g = session.result.outcome(action.id).results[0]
    np.testing.assert_allclose(g.value, [2.0, 2.0, 0.6], rtol=1e-6)
    assert panel.list.item(0).text().startswith(
        "1.  torch.autograd.grad([y], [x], grad_outputs=[v], allow_unused=True)")
    editor = panel.details.param_editors["grad_outputs"]   # (updated in place after the re-run)
    assert editor.combos[0].currentData() == v
    editor.combos[0].setCurrentIndex(0)                 # (none): no grad_outputs again
    assert doc.timeline[0].params["grad_outputs"] == []
    session.undo_stack.undo()
    assert doc.timeline[0].params["grad_outputs"] == [v]
    assert panel.details.param_editors["grad_outputs"].combos[0].currentData() == v


def test_there_is_one_choice_for_each_output(qtbot):
    doc, x, y, v = _vector_grad()
    s = doc.add_node("sum", label="s")
    doc.connect(y, s, "self")
    doc.set_action_param(doc.timeline[0].id, "outputs", [y, s])
    doc.set_action_param(doc.timeline[0].id, "grad_outputs", [v, None])
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 420))
    panel.list.setCurrentRow(0)
    editor = panel.details.param_editors["grad_outputs"]
    assert [c.currentData() for c in editor.combos] == [v, None]
    assert session.result.action_error(doc.timeline[0].id) is None
    g = session.result.outcome(doc.timeline[0].id).results[0]
    np.testing.assert_allclose(g.value, [4.0, 6.0, 6.6], rtol=1e-6)   # v·2x + 2x
    assert "grad_outputs=[v, None]" in panel.list.item(0).text()
