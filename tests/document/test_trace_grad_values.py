"""A ``.grad`` used as a value (``x.grad - by_hand``, ``w - 0.1 * w.grad``,
``y.backward(w.grad)``) is a ``grad_of`` node computed by a ``compute`` step right after
the action that came before it in the script, with everything computed from it.

Before, each of these programs was refused ("the gradient w.grad is used as a value ...
the gradient would be frozen into a number"). What they print, traced and exported, is
what PyTorch prints for the script itself, including a ``.grad`` that a later backward
accumulates into (``g = w.grad`` is the very tensor, in PyTorch and in the graph).
"""
import re

import pytest
from trace_jobs import check_exports, check_round_trip, dedent, traced_documents

import script_runner
from gradstudio.document import export, run
from test_trace_faithful import GRADIENT_AS_VALUE as REBOUND_STEP   # (w = w - 0.1 * w.grad)

BY_HAND = """
    import torch
    x = torch.linspace(-2.0, 2.0, 5, requires_grad=True)
    s = torch.sigmoid(x)
    s.sum().backward()
    by_hand = s * (1 - s)
    print(x.grad - by_hand)
"""

AS_BACKWARD_GRADIENT = """
    import torch
    w = torch.ones(2, requires_grad=True)
    y = w * 3
    y.sum().backward(retain_graph=True)
    y.backward(w.grad)
    print(w.grad)
"""

ALIASED = """
    import torch
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    (w * 3).sum().backward()
    g = w.grad
    h = g * 1
    (w * w).sum().backward()
    print(g + 0)
    w.grad.zero_()
    print(h)
    print(g * 1)
"""

CAST = """
    import torch
    x = torch.tensor([0.1, 0.2], dtype=torch.float64, requires_grad=True)
    (x.sin() * x.exp()).sum().backward()
    print(x.grad.float())
"""

AFTER_A_LOOP = """
    import torch
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    for step in range(3):
        loss = (w * w).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(w.grad * 2)
"""

PROGRAMS = [BY_HAND, REBOUND_STEP, AS_BACKWARD_GRADIENT, ALIASED, CAST, AFTER_A_LOOP]


@pytest.fixture(scope="module")
def docs():
    return traced_documents(PROGRAMS)


def test_each_program_draws_and_its_export_prints_what_the_script_prints(docs):
    codes, texts, originals = check_round_trip(docs, PROGRAMS)
    # every line the script prints is printed by the export, and in the script's
    # order (the forward pass's tensors aside, which the export prints first)
    for text, original in zip(texts, originals):
        lines = text.splitlines()
        assert [s for s in lines if s in original.splitlines()][-1] == \
            original.splitlines()[-1]


def test_the_gradient_is_a_grad_of_node_computed_by_a_step_after_the_backward(docs):
    doc = docs[0]
    kinds = [a.kind for a in doc.timeline]
    assert kinds == ["backward", "compute", "say"]
    (g,) = [n for n in doc.node_ids if doc.node(n).kind == "grad_of"]
    assert doc.display_name(g) == "x_grad"
    assert doc.timeline[1].params["nodes"] == [g]
    result = run(doc)
    ((diff, _),) = doc.consumers_of(g)
    # before its step the node has no value and says when it will; after it, it has
    assert "computed at step 2" in result.state(diff, 1).error
    assert result.state(g, 0).value is None
    assert result.state(diff, 2).ok and result.state(diff, 2).grad_fn == "SubBackward0"
    code = export.export_script(doc, result).text
    assert code.index(".backward()") < code.index("x_grad = x.grad") < \
        code.index("x_grad - by_hand") < code.index("print(sub_")


def test_a_gradient_later_backward_passes_accumulate_into_is_shown_at_each_step(docs):
    """``g = w.grad`` is w's .grad itself: after the second backward it holds 5, 7 and
    after zero_() 0, 0, in PyTorch and in the graph; ``h = g * 1`` kept 3, 3 (printed
    with its step, before the second backward: a value that no longer changes)."""
    doc = docs[3]
    result = run(doc)
    out = export.transcript(doc, result)
    # (printed as the script printed them: g + 0 after the second backward, then h)
    assert out.endswith("tensor([5., 7.])\ntensor([3., 3.])\ntensor([0., 0.])\n"), out
    (g,) = [n for n in doc.node_ids if doc.node(n).kind == "grad_of"]
    first = next(i for i, a in enumerate(doc.timeline, 1) if a.kind == "compute")
    assert result.state(g, first).value.tolist() == [3.0, 3.0]     # copied at each step
    assert result.state(g).value.tolist() == [0.0, 0.0]


IN_A_LOOP = """
    import torch
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    for step in range(4):
        loss = (w * w).sum()
        opt.zero_grad()
        loss.backward()
        print(w.grad.norm())
        opt.step()
    print(w)
"""


def test_a_gradient_used_inside_a_folded_loop_is_a_compute_step_of_its_body():
    """``w.grad.norm()`` each iteration: the loop block's body computes it after the
    backward, every iteration, and the loop prints it each time."""
    (doc,) = traced_documents([IN_A_LOOP])
    kinds = [a.kind for a in doc.timeline]
    start, end = kinds.index("loop"), kinds.index("end_loop")
    body = kinds[start + 1:end]
    assert body.index("backward") < body.index("compute") < body.index("step"), kinds
    (step,) = [a for a in doc.timeline[start + 1:end] if a.kind == "compute"]
    assert [doc.node(n).kind for n in step.params["nodes"]] == ["grad_of"]
    assert doc.timeline[start].params["count"] == 4
    text = export.transcript(doc, run(doc))
    # what the loop printed each iteration (w.grad.norm()), then w
    assert [re.findall(r"\((\d+\.\d{4})", line)[-1] for line in text.splitlines()[:4]] == \
        ["4.4721", "3.5777", "2.8622", "2.2897"]
    assert text.splitlines()[-1] == "tensor([0.4096, 0.8192], requires_grad=True)"
    check_exports([doc])            # (under torch: the export prints that transcript)
    if script_runner.torch_available():
        ((out, error),) = script_runner.run_scripts([dedent(IN_A_LOOP)])
        assert error is None and out.split() == [
            "tensor(4.4721)", "tensor(3.5777)", "tensor(2.8622)", "tensor(2.2897)",
            "tensor([0.4096,", "0.8192],", "requires_grad=True)"]


def test_the_programs_run_under_torch_as_written():
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    for out, error in script_runner.run_scripts([dedent(p) for p in PROGRAMS]):
        assert error is None and "tensor(" in out
