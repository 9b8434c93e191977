"""``print(w)`` after a timeline step is a ``print`` step of the timeline: it prints the
tensor as it then is (after a training loop, trained), in the run's transcript and in
the exported script, as the traced script printed it.

Before, every printed tensor was watched and printed once after the forward pass, so a
traced training script's final ``print(w)`` printed the untrained weights, and a
``print(loss)`` after the loop the loss the graph computed again with the trained ones
(the corpus found six such programs). Prints before any parameter changed stay the
forward pass's watched tensors (their values are the forward pass's); a print inside a
loop watches its tensor.
"""
import pytest
import script_runner
from trace_jobs import dedent, traced_documents

from gradstudio.document import Document, export, run

TRAINING = """
    import torch
    torch.manual_seed(0)
    X = torch.randn(8, 2)
    y = X @ torch.tensor([2.0, -1.0]) + 0.5
    w = torch.zeros(2, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=0.1)
    print(X)
    for epoch in range(30):
        opt.zero_grad()
        loss = ((X @ w + b - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(loss)
    print(w)
    print(X[:2] @ w + b)
"""

UPDATE_THEN_PRINT = """
    import torch
    p = torch.tensor([1.0, -1.0, 2.0], requires_grad=True)
    (p * p).sum().backward()
    print(p.grad)
    with torch.no_grad():
        p.sub_(0.1 * p.grad)
    print(p)
"""


@pytest.fixture(scope="module")
def traced():
    return traced_documents([TRAINING, UPDATE_THEN_PRINT])


def test_prints_after_a_step_are_print_steps_and_earlier_ones_watched(traced):
    doc = traced[0]
    kinds = [a.kind for a in doc.timeline]
    # print(X) before any parameter changed: watched, and a say step where it printed
    assert kinds[:3] == ["optimizer", "say", "loop"], kinds
    assert next(n for n in doc.nodes() if n.label == "X").watched
    after = kinds[kinds.index("end_loop") + 1:]
    assert sorted(after) == ["compute", "say", "say", "say"], kinds
    loss_print = doc.timeline[kinds.index("end_loop") + 1]
    assert doc.node(loss_print.params["tensors"][0]).label == "loss"
    # X[:2] @ w + b is computed by a compute step after print(loss), from the trained
    # weights; loss stays the last iteration's, as in the script
    result = run(doc)
    text = export.transcript(doc, result)
    code = export.export_script(doc, result).text
    lines = code.splitlines()
    said = lines.index("print(loss, end='')") if "print(loss, end='')" in lines else \
        next(i for i, ln in enumerate(lines) if ln.startswith("print(loss"))
    assert said < next(i for i, ln in enumerate(lines) if ln.startswith("print(") and
                       "w" in ln and i > said)
    assert "tensor([ 1.6937, -0.8615], requires_grad=True)" in text.splitlines()  # trained


def test_the_transcript_and_export_print_what_the_script_prints_under_torch(traced):
    codes = [export.export_script(d).text for d in traced]
    texts = [export.transcript(d, run(d)) for d in traced]
    engine = script_runner.run_scripts(codes, backend="engine")
    for (out, error), text in zip(engine, texts):
        assert error is None and out == text
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    exported = script_runner.run_scripts(codes, backend="torch")
    original = script_runner.run_scripts([dedent(s) for s in (TRAINING, UPDATE_THEN_PRINT)],
                                         backend="torch")
    for (out, error), text in zip(exported, texts):
        assert error is None and out == text
    assert original[0][0] == texts[0]
    # (p.grad printed makes p watched: the graph prints p after the forward pass and
    # p.grad after each step, as before; the print after the update is the trained p)
    assert original[1][0].splitlines()[-1] == texts[1].splitlines()[-1] == \
        "tensor([ 0.8000, -0.8000,  1.6000], requires_grad=True)"


def test_a_print_step_built_by_hand_prints_the_tensor_at_that_step():
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="w")
    loss = doc.add_node("sum", {}, label="loss")
    doc.connect(w, loss, "self")
    doc.add_action("print", {"tensor": w})
    doc.add_action("backward", {"target": loss})
    doc.add_action("update", {"tensors": [w], "lr": 0.5})
    doc.add_action("print", {"tensor": w})
    result = run(doc)
    assert export.transcript(doc, result) == ("tensor([1., 2.], requires_grad=True)\n"
                                              "tensor([0.5000, 1.5000], requires_grad=True)\n")
    code = export.export_script(doc, result).text
    assert code.count("print(w)") == 2
    assert export.action_text(doc, doc.timeline[0]) == "print(w)"


def test_a_print_step_inside_a_loop_prints_nothing_in_the_graph_and_the_export():
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="w")
    loss = doc.add_node("sum", {}, label="loss")
    doc.connect(w, loss, "self")
    doc.add_action("loop", {"count": 3})
    doc.add_action("print", {"tensor": w})
    doc.add_action("end_loop", {})
    result = run(doc)
    code = export.export_script(doc, result).text
    assert "    pass  # print(w): not printed inside a loop" in code
    text = export.transcript(doc, result)
    assert text == ""
    assert script_runner.run_scripts([code], backend="engine")[0] == (text, None)


def test_a_print_step_whose_tensor_failed_says_so():
    doc = Document()
    a = doc.add_node("tensor", {"value": [1.0, 2.0]}, label="a")
    bad = doc.add_node("matmul", {}, label="bad")
    doc.connect(a, bad, "self")
    doc.add_action("print", {"tensor": bad})
    outcome = run(doc).outcomes[0]
    assert outcome.error and "bad" in outcome.error
