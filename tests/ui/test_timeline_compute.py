"""A ``compute`` step from the timeline: Add ▸ compute puts the selected nodes there, its
checklist changes which nodes it computes, undo takes it back, and a node computed at a
later step is shown as waiting for it (grey, not an error) when the scrubber is before."""
import numpy as np
from PySide6.QtCore import Qt

from gradstudio.document import Document

from driving import main_window


def _lesson():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    sq = doc.add_node("mul", label="sq")
    doc.connect(x, sq, "self")
    doc.connect(x, sq, "other")
    total = doc.add_node("sum", label="total")
    doc.connect(sq, total, "self")
    g = doc.add_node("grad_of", label="g")
    doc.connect(x, g, "self")
    half = doc.add_node("mul", {"other": 0.5}, label="half")
    doc.connect(g, half, "self")
    doc.add_action("backward", {"target": total})
    return doc, x, g, half


def test_add_compute_puts_the_selected_node_at_that_step_and_undo_takes_it_back(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1400, 900))
    doc, x, g, half = _lesson()
    w.session.set_document(doc)
    s = w.session
    assert "Its .grad is None here" in s.state(g).error         # in the forward pass
    assert not s.state(half).ok
    s.select([g])
    w.timeline.list.setCurrentRow(0)                           # after the backward
    w.timeline.add_actions["compute"].trigger()
    assert [a.kind for a in s.document.timeline] == ["backward", "compute"]
    assert s.document.timeline[1].params["nodes"] == [g]
    assert "compute g" in w.timeline.list.item(1).text()
    assert np.allclose(s.state(half).value, [1.0, -2.0])       # x.grad = 2x, halved
    # its card says at which step it is computed (it and g: the step computes both)
    assert "at step 2" in [t for _, t in w.canvas.item(half).badges]
    assert "at step 2" in [t for _, t in w.canvas.item(g).badges]
    assert "at step 2" not in [t for _, t in w.canvas.item(x).badges]
    code = w.code_panel.editor.toPlainText().splitlines()
    assert code.index("g = x.grad") == code.index("total.backward()") + 1
    assert code.index("half = g * 0.5") == code.index("g = x.grad") + 1

    # before the step, the card says when the node is computed, and is not in error
    w.timeline.slider.setValue(1)
    state = s.state(half)
    assert state.pending and state.error.startswith("Not computed yet: this node is computed "
                                                    "at step 2 (compute g)")
    assert not w.canvas.item(half).has_error and not w.canvas.item(half).badges
    w.timeline.slider.setValue(w.timeline.slider.maximum())

    # unticking g in the step's checklist puts it back in the forward pass
    w.timeline.list.setCurrentRow(1)
    box = w.timeline.details.param_editors["nodes"]
    (item,) = [box.item(i) for i in range(box.count())
               if box.item(i).data(Qt.ItemDataRole.UserRole) == g]
    assert item.checkState() == Qt.CheckState.Checked
    item.setCheckState(Qt.CheckState.Unchecked)
    assert s.document.timeline[1].params["nodes"] == []
    assert "Its .grad is None here" in s.state(g).error
    s.undo_stack.undo()
    assert s.document.timeline[1].params["nodes"] == [g]
    assert s.state(g).ok
    s.undo_stack.undo()
    assert [a.kind for a in s.document.timeline] == ["backward"]
    assert not s.state(g).ok
    assert not w.errors
