"""Two things the timeline now says at a backward step: a non-scalar backward() without
a gradient offers PyTorch's fix as one click (gradient=torch.ones_like(y)), and an
autograd.grad() action shows the gradients it returned, as PyTorch prints them."""
import numpy as np

from gradstudio.document import Document
from gradstudio.document.export import export_script
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import shown


def _vector_backward():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0, 3.0], "requires_grad": True}, label="x")
    y = doc.add_node("mul", {"other": 2.0}, label="y")
    doc.connect(x, y, "self")
    doc.add_action("backward", {"target": y})
    return doc, x, y


def test_a_non_scalar_backward_gets_the_ones_like_fix_in_one_click(qtbot):
    doc, x, y = _vector_backward()
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 420))
    panel.list.setCurrentRow(0)
    assert "implicitly created only for scalar outputs" in panel.details.error.text()
    assert not panel.details.ones_button.isHidden()
    assert panel.details.ones_button.text() == "Pass gradient=torch.ones_like(y)"
    panel.details.ones_button.click()
    assert session.result.action_error(doc.timeline[0].id) is None
    np.testing.assert_array_equal(session.state(x).grad, [2.0, 2.0, 2.0])
    gradient = doc.timeline[0].params["gradient"]
    assert doc.node(gradient).kind == "ones" and tuple(doc.node(gradient).params["shape"]) == (3,)
    assert "y.backward(ones_like_y)" in export_script(doc).text
    assert panel.details.ones_button.isHidden()
    session.undo_stack.undo()                       # one step: node and gradient together
    assert doc.timeline[0].params["gradient"] is None and gradient not in doc.graph
    assert "scalar outputs" in session.result.action_error(doc.timeline[0].id)


def test_an_autograd_grad_action_shows_what_it_returned(qtbot):
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    w = doc.add_node("tensor", {"value": [3.0, 4.0], "requires_grad": True}, label="w")
    p = doc.add_node("mul", label="p")
    doc.connect(x, p, "self")
    doc.connect(w, p, "other")
    out = doc.add_node("sum", label="out")
    doc.connect(p, out, "self")
    doc.add_action("grad", {"outputs": [out], "inputs": [x, w]})
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 420))
    panel.list.setCurrentRow(0)
    assert not panel.details.results.isHidden()
    text = panel.details.results.text()
    assert "d/dx = tensor([3., 4.])" in text.replace("&nbsp;", " ")
    assert "d/dw = tensor([1., 2.])" in text.replace("&nbsp;", " ")
