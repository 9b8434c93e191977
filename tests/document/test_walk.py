"""Stepping through a backward pass (``document.walk``) and ``gradstudio explain``: the
steps are the engine's own, in engine order, named by the document's tensors; each
send carries the op table's rule and the gradient that really flowed; AccumulateGrad
says what the leaf's .grad was and became. Checked against the engine's observer and,
for the numbers, against PyTorch."""
import numpy as np
import pytest

import gradstudio.engine as engine
from gradstudio.app.cli import main as cli
from gradstudio.document import run
from gradstudio.document.examples import EXAMPLES, build
from gradstudio.document.walk import explain_text, preview, walk, walk_actions

TUTORIAL = "01_autograd_tutorial"


def _walk(name, index=0):
    doc = build(name)
    return doc, walk(doc, run(doc), index)


def test_the_tutorial_backward_is_five_engine_steps_on_the_documents_tensors():
    doc, w = _walk(TUTORIAL)
    assert w.problem is None and w.title == "out.backward()"
    assert [s.name for s in w.steps] == ["MeanBackward0", "MulBackward0", "MulBackward0",
                                         "AddBackward0", "AccumulateGrad"]
    names = [[doc.display_name(n) for n in s.highlighted] for s in w.steps]
    assert names == [["out"], ["z"], ["y_times_y"], ["y"], ["x"]]
    mean, times3, square, add, acc = w.steps
    assert times3.title == "MulBackward0 of z = y_times_y * 3"
    assert [x.rule for x in times3.sends] == ["grad * other"]
    assert times3.sends[0].named == "∂out/∂y_times_y = ∂out/∂z * 3"
    assert times3.sends[0].numbers == \
        "[[0.25, 0.25], [0.25, 0.25]] * 3 = [[0.75, 0.75], [0.75, 0.75]]"
    # y * y: two edges to the same AddBackward0, one per operand, each by its own rule
    assert [(x.input_nr, x.input_name, x.rule) for x in square.sends] == \
        [(0, "self", "grad * other"), (1, "other", "grad * self")]
    assert {x.target for x in square.sends} == {add.key}
    assert square.freed == ("self", "other") and times3.freed == ("other",)
    assert acc.accumulate and acc.before is None
    np.testing.assert_array_equal(acc.after, np.full((2, 2), 4.5, np.float32))


def test_the_steps_are_the_engines_own_record_of_the_same_program():
    doc, w = _walk(TUTORIAL)
    x = engine.ones(2, 2, requires_grad=True)
    y = x + 2
    z = y * y * 3
    out = z.mean()
    with engine.autograd.observe() as seen:
        out.backward()
    assert [s.name for s in w.steps] == [s.name for s in seen]
    for mine, theirs in zip(w.steps, seen):
        np.testing.assert_array_equal(mine.received, theirs.grad_output)
        flowed = [g for g in theirs.grad_inputs if g is not None]
        if not mine.accumulate:
            assert len(mine.sends) == len(flowed)
            for send, g in zip(mine.sends, flowed):
                np.testing.assert_array_equal(send.gradient, g)


def test_the_numbers_are_pytorchs():
    torch = pytest.importorskip("torch")
    doc, w = _walk(TUTORIAL)
    x = torch.ones(2, 2, requires_grad=True)
    y = x + 2
    yy = y * y
    z = yy * 3
    for t in (y, yy, z):
        t.retain_grad()
    z.mean().backward()
    by_name = {"y": y.grad, "y_times_y": yy.grad, "z": z.grad}
    for step in w.steps:
        for send in step.sends:
            name = doc.display_name(send.node)
            if name in by_name and step.name != "MulBackward0" or name == "y_times_y":
                # a tensor's gradient is the sum of what reaches it; y gets two halves
                np.testing.assert_allclose(send.gradient, by_name[name].numpy())
    np.testing.assert_allclose(w.steps[-1].after, x.grad.numpy())


def test_a_second_backward_accumulates_four_and_a_half_onto_four_and_a_half():
    doc = build("05_retain_graph")
    result = run(doc)
    second = walk(doc, result, 1)
    acc = second.steps[-1]
    assert acc.accumulate
    np.testing.assert_array_equal(acc.before, np.full((2, 2), 4.5))
    np.testing.assert_array_equal(acc.after, np.full((2, 2), 9.0))
    text = explain_text(doc, result, 1)
    assert ("x.grad += gradient: [[9, 9], [9, 9]] = [[4.5, 4.5], [4.5, 4.5]] + "
            "[[4.5, 4.5], [4.5, 4.5]]") in text
    first = explain_text(doc, result, 0)
    assert "x.grad was None, so it becomes the gradient: [[4.5, 4.5], [4.5, 4.5]] = 0 + " \
        "[[4.5, 4.5], [4.5, 4.5]]" in first
    # the third backward fails at its first step: the walk says so after that step
    third = walk(doc, result, 2)
    assert [s.name for s in third.steps] == ["MeanBackward0"]
    assert "a second time" in third.problem


def test_a_vector_jacobian_product_names_its_vector():
    doc, w = _walk("03_vector_jacobian_product")
    assert w.seeded and w.title.endswith(".backward(v)")
    assert w.steps[0].received_name == "v"
    np.testing.assert_allclose(w.steps[0].received, [0.1, 1.0, 0.0001], rtol=1e-6)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_explains_every_backward_step_with_a_rule(name):
    doc = build(name)
    result = run(doc)
    for i in walk_actions(doc, result):
        w = walk(doc, result, i)
        assert w.steps
        for step in w.steps:
            assert step.highlighted, (name, step.title)
            for send in step.sends:
                assert send.rule, (name, step.name, send.input_name)
                assert send.numbers.endswith(preview(send.gradient)), send.numbers
        text = explain_text(doc, result, i)
        assert text.count("\nStep ") == len(w.steps)


def test_a_walk_of_an_action_that_is_no_backward_says_so():
    doc = build("09_linear_regression")
    result = run(doc)
    other = next(i for i, a in enumerate(doc.timeline) if a.kind not in ("backward", "grad"))
    assert "Only a backward()" in walk(doc, result, other).problem


def test_preview_writes_values_as_in_a_formula():
    assert preview(np.float32(4.5)) == "4.5"
    assert preview(np.array([0.25, 1 / 3])) == "[0.25, 0.3333]"
    assert preview(np.ones((3, 5))) == "‹3×5›"
    assert preview(np.array([True, False])) == "[true, false]"
    assert preview(None) == "None"


# ------------------------------------------------------------------ gradstudio explain
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_explain_prints_each_examples_step_through(name, tmp_path, capsys):
    from gradstudio.document.files import save
    doc = build(name)
    path = tmp_path / f"{name}.gsg"
    save(doc, path)
    assert cli(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    result = run(doc)
    actions = walk_actions(doc, result)
    if not actions:
        assert "no backward pass" in out
    for i in actions:
        assert explain_text(doc, result, i) in out


def test_explain_one_action_and_others_in_words(tmp_path, capsys):
    from gradstudio.document.files import save
    path = tmp_path / "r.gsg"
    save(build("05_retain_graph"), path)
    assert cli(["explain", str(path), "--action", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Action 2: out.backward()") and "Action 1" not in out
    assert cli(["explain", str(path), "--action", "9"]) == 2
    assert "between 1 and 3" in capsys.readouterr().err
    path2 = tmp_path / "t.gsg"
    save(build("09_linear_regression"), path2)
    doc = build("09_linear_regression")
    other = next(i for i, a in enumerate(doc.timeline) if a.kind not in ("backward", "grad"))
    # another kind of action is explained in words, from its record
    assert cli(["explain", str(path2), "--action", str(other + 1)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Action {other + 1}: ") and "can be stepped through" in out


def test_a_linear_layers_steps_name_their_params_and_intermediates():
    doc = build("13_xor_mlp_adam")
    result = run(doc)
    index = next(i for i, a in enumerate(doc.timeline) if a.kind == "backward")
    steps = walk(doc, result, index).steps
    addmm = next(s for s in steps if s.name == "AddmmBackward0")
    assert addmm.title == "AddmmBackward0 of out = torch.addmm(out_bias, h, mat2, beta=1, " \
        "alpha=1)"                     # keywords keep their names, params their values
    assert steps[0].title.endswith("binary_cross_entropy(p, y, reduction='mean')")
    transpose = next(s for s in steps if s.name == "TBackward0")
    assert transpose.received_name == "∂loss/∂mat2"      # named by its role in addmm
    assert transpose.title == "TBackward0, a step inside computing out"
    assert [doc.display_name(n) for n in transpose.highlighted] == ["out"]


def test_a_tensor_reached_twice_says_its_gradient_is_the_sum():
    doc, w = _walk(TUTORIAL)
    add = w.steps[3]                      # y, reached by both operands of y * y
    assert add.arrived == 2 and [s.arrived for s in w.steps[:3]] == [0, 1, 1]
    text = explain_text(doc, run(doc), 0)
    assert "received grad = ∂out/∂y = [[4.5, 4.5], [4.5, 4.5]]  (the sum of the 2 " \
        "gradients sent to it)" in text
