"""Higher-order gradients: a gradient ``torch.autograd.grad`` returned that the script
computes with (a second derivative, a gradient penalty, a Hessian-vector product, a
Jacobian's rows) is an ``autograd_grad`` node of the forward pass, wired to the output
and the input it differentiates; its own graph (with ``create_graph=True``) is the
engine's, named as PyTorch names it.

Before, each of these programs was refused ("a tensor computed outside the traced
operations ... is used here"). A call whose result is only printed stays a timeline step,
as before; one that cannot be moved into the forward pass (it came after a backward or a
training step, or it asked for several inputs at once) is refused in one sentence naming
its line.
"""
import re

import pytest
from trace_jobs import check_round_trip, outcomes, traced_documents

from gradstudio.document import Document, export, run

SECOND = """
    import torch
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 3
    dy_dx = torch.autograd.grad(y, x, create_graph=True)[0]
    print(dy_dx)
    dy_dx.backward()
    print(x.grad)
"""

HVP = """
    import torch
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    v = torch.tensor([1.0, 0.0, -1.0])
    f = (x ** 3).sum() + x[0] * x[1]
    (g,) = torch.autograd.grad(f, x, create_graph=True)
    (hvp,) = torch.autograd.grad((g * v).sum(), x)
    print(hvp)
"""

PENALTY = """
    import torch
    torch.manual_seed(3)
    w = torch.randn(3, 1, requires_grad=True)
    x = torch.randn(5, 3, requires_grad=True)
    out = torch.tanh(x @ w).sum()
    grad = torch.autograd.grad(out, x, grad_outputs=torch.tensor(2.0), create_graph=True)[0]
    penalty = ((grad.norm(2, dim=1) - 1) ** 2).mean()
    penalty.backward()
    print(penalty)
    print(w.grad)
"""

ROWS = """
    import torch
    x = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
    s = torch.softmax(x, dim=0)
    rows = [torch.autograd.grad(s[i], x, retain_graph=True)[0] for i in range(3)]
    print(torch.stack(rows))
"""

PROGRAMS = [SECOND, HVP, PENALTY, ROWS]


@pytest.fixture(scope="module")
def traced():
    return traced_documents(PROGRAMS)


def _grad_nodes(doc):
    return [n for n in doc.node_ids if doc.node(n).kind == "autograd_grad"]


def test_a_second_derivative_is_a_node_wired_to_what_it_differentiates(traced):
    doc = traced[0]
    (g,) = _grad_nodes(doc)
    data = doc.node(g)
    assert data.label == "dy_dx" and data.params["create_graph"] is True
    inputs = {port: doc.node(src).label for port, src in doc.inputs_of(g).items()}
    assert inputs == {"outputs": "y", "inputs": "x"}
    assert data.watched                       # print(dy_dx) before it was computed with
    # (print(dy_dx), then the backward, then print(x.grad): say steps around it)
    assert [a.kind for a in doc.timeline] == ["say", "backward", "say"]
    assert doc.node(doc.timeline[1].params["target"]).label == "dy_dx"
    result = run(doc)
    state = result.state(g)
    assert state.grad_fn == "MulBackward0"      # 3 * x ** 2: the gradient's own graph
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    assert result.state(x).grad.tolist() == 12.0         # d2y/dx2 = 6x


def test_a_call_only_printed_stays_a_timeline_step(traced):
    doc = traced[1]
    # g is computed with: a node; hvp is only printed: the grad step, as before
    assert len(_grad_nodes(doc)) == 1
    assert [a.kind for a in doc.timeline] == ["grad", "say"]


def test_the_exports_spell_the_gradient_node_as_pytorch_does(traced):
    codes = [export.export_script(d).text for d in traced]
    assert "torch.autograd.grad(y, x, create_graph=True)[0]" in codes[0]
    assert "grad_outputs=" in codes[2] and "create_graph=True" in codes[2]


def test_every_program_prints_under_torch_what_the_script_printed(traced):
    codes, texts, original = check_round_trip(traced, PROGRAMS)
    assert original[3] == texts[3]            # (the Jacobian's rows: printed exactly)


@pytest.mark.parametrize("source, words, line", [
    ("""
     import torch
     x = torch.tensor([1.0, 2.0], requires_grad=True)
     y = (x * 3).sum()
     z = (x ** 2).sum()
     (g,) = torch.autograd.grad((y, z), x, create_graph=True)
     print(g * 2)
     """, "for several outputs", 5),
])
def test_a_gradient_that_cannot_be_a_node_is_drawn_up_to_its_line(source, words, line):
    """Not refused (issue 32): that line recorded, the reason said, the rest drawn."""
    (got,) = outcomes([source])
    assert not isinstance(got, Exception), got
    drawn = re.match(r"Not drawn: line (\d+) \(", got.trace_note)
    assert words in got.trace_note and drawn and int(drawn.group(1)) >= line, got.trace_note


def test_built_by_hand_an_unused_input_fails_with_torchs_error():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    z = doc.add_node("tensor", {"value": [0.5, 0.5], "requires_grad": True}, label="z")
    y = doc.add_node("sum", {}, label="y")
    doc.connect(x, y, "self")
    g = doc.add_node("autograd_grad", {}, label="g")
    doc.connect(y, g, "outputs")
    doc.connect(z, g, "inputs")
    error = run(doc).errors[g]
    assert "appears to not have been used in the graph" in error
    doc.connect(x, g, "inputs")
    result = run(doc)
    assert g not in result.errors and result.state(g).value.tolist() == [1.0, 1.0]
    assert export.export_script(doc).text.count("torch.autograd.grad(y, x)[0]") == 1


SEVERAL_INPUTS = """
    import torch
    from torch.autograd.functional import jacobian, hessian
    def f(a, b):
        return a * b + a.sin()
    a = torch.tensor([0.5, 1.0])
    b = torch.tensor([2.0, -1.0])
    Ja, Jb = jacobian(f, (a, b))
    print(Ja)
    print(Jb)
    H = hessian(lambda x, y: (x ** 2 * y).sum(), (a, b))
    print(H[0][1], H[1][0])
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    y = (x * w ** 2).sum()
    gx, gw = torch.autograd.grad(y, (x, w))
    print(gx + gw)
"""


def test_gradients_with_respect_to_several_inputs_are_drawn_one_node_each():
    """``jacobian(f, (a, b))``, ``hessian`` of two inputs and ``autograd.grad(y, (x, w))``
    (issue 32): each gradient the program uses is an ``autograd_grad`` node with respect
    to its input, drawn whole, printed by the graph."""
    (doc,) = outcomes([SEVERAL_INPUTS])
    assert not isinstance(doc, Exception), doc
    assert doc.trace_note is None
    grads = [n for n in doc.node_ids if doc.node(n).kind == "autograd_grad"]
    # Ja and Jb: 2 rows each; H: 2 first derivatives, 2 x 2 rows of the second; gx, gw
    assert len(grads) == 12
    assert all(doc.node(n).params["retain_graph"] for n in grads)
    wrt = {doc.display_name(doc.inputs_of(n)["inputs"]) for n in grads[-2:]}
    assert wrt == {"x_2", "w"}          # (x_2: the hessian's lambda has an x too)
    says = [a for a in doc.timeline if a.kind == "say"]
    assert len(says) == 4 and all(a.params["tensors"] for a in says)
    check_round_trip([doc], [SEVERAL_INPUTS])
