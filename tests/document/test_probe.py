"""Probing a run: the Jacobian (against torch.autograd.functional.jacobian), the
vector-Jacobian product of a backward step (vᵀJ is what it added to .grad), the gradient
check on every leaf of every example and on a deliberately wrong custom Function, the
sweep through relu's kink, and the refusals, each one sentence."""
import numpy as np
import pytest

import gradstudio.engine as engine
from gradstudio.document import Document, probe, run
from gradstudio.document.examples import EXAMPLES, build
from gradstudio.document.probe import ProbeError


def named(doc):
    return {doc.display_name(n): n for n in doc.node_ids}


def chain(*kinds, value=(0.5, -1.0, 2.0), dtype=None):
    """``x = tensor(value, requires_grad=True)`` followed by one node per ``(kind,
    params)``; returns ``(doc, result, node ids by label)`` with labels x, y1, y2, ..."""
    doc = Document()
    x = doc.add_node("tensor", {"value": list(value), "dtype": dtype,
                                "requires_grad": dtype in (None, "float64")}, label="x")
    prev = x
    for i, (kind, params) in enumerate(kinds, 1):
        n = doc.add_node(kind, params, label=f"y{i}")
        doc.connect(prev, n, "self")
        prev = n
    return doc, run(doc), named(doc)


@pytest.fixture(scope="module")
def vjp_example():
    doc = build("03_vector_jacobian_product")
    return doc, run(doc), named(doc)


# ----------------------------------------------------------------------------- Jacobian
def test_jacobian_of_the_vjp_example_is_1024_times_the_identity(vjp_example):
    doc, result, n = vjp_example
    jac = probe.jacobian(doc, result, n["y_10"], n["x"])
    assert jac.matrix.shape == (3, 3) and jac.dtype == "float32"
    assert np.array_equal(jac.matrix, 1024 * np.eye(3))
    assert jac.row_labels == ["y_10[0]", "y_10[1]", "y_10[2]"]
    assert jac.column_labels == ["x[0]", "x[1]", "x[2]"]


def test_jacobian_matches_torch_on_the_vjp_example(vjp_example):
    torch = pytest.importorskip("torch")
    doc, result, n = vjp_example
    path = [nid for nid in doc.topological_order() if doc.node(nid).kind == "mul"]

    def program(x):             # the same program: y = x * 2, doubled ten more times
        for nid in path:
            x = x * doc.node(nid).params["other"]
        return x
    x = torch.tensor(result.state(n["x"]).value)
    expected = torch.autograd.functional.jacobian(program, x).numpy()
    assert np.array_equal(probe.jacobian(doc, result, n["y_10"], n["x"]).matrix, expected)


def test_jacobian_matches_torch_through_matmul_and_relu():
    torch = pytest.importorskip("torch")
    doc = build("07_matmul")
    result, n = run(doc), named(doc)
    x, w, b = (torch.tensor(result.state(n[k]).value) for k in ("x", "w", "b"))
    for out, fn in (("h", lambda w: x @ w + b),
                    ("loss", lambda w: (torch.relu(x @ w + b) ** 2).mean())):
        expected = torch.autograd.functional.jacobian(fn, w).numpy().reshape(
            -1, w.numel())
        got = probe.jacobian(doc, result, n[out], n["w"]).matrix
        assert got.shape == expected.shape
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)


def test_jacobian_respects_a_no_grad_region_and_the_step():
    doc, result, n = chain(("mul", {"other": 3.0}), ("mul", {"other": 2.0}))
    assert np.array_equal(probe.jacobian(doc, result, n["y2"], n["x"]).matrix,
                          6 * np.eye(3))
    doc.add_region([n["y1"]])
    with pytest.raises(ProbeError, match=r"^No gradient flows from x to y2: .*every path\.$"):
        probe.jacobian(doc, run(doc), n["y2"], n["x"])
    # with respect to y1 (computed under no_grad) the rest of the chain still has one
    assert np.array_equal(probe.jacobian(doc, run(doc), n["y2"], n["y1"]).matrix,
                          2 * np.eye(3))


def test_constants_come_from_the_chosen_step():
    """Training changes w between steps: ∂(x * w)/∂x is w at that step."""
    doc = build("09_linear_regression")
    result, n = run(doc), named(doc)
    x_node = next(nid for nid in probe.candidate_inputs(doc, result, n["loss"])
                  if doc.display_name(nid) == "x")
    out = next(nid for nid in doc.consumers_of(x_node) if doc.node(nid[0]).kind == "mul")[0]
    w_first, w_last = (result.state(n["w"], s).value.item() for s in (0, -1))
    assert w_first != w_last
    for step, w in ((0, w_first), (-1, w_last)):
        jac = probe.jacobian(doc, result, out, x_node, step)
        assert np.allclose(np.diag(jac.matrix), w)


# ----------------------------------------------------------------------------- VJP
def test_vjp_of_the_example_equals_x_grad(vjp_example):
    doc, result, n = vjp_example
    vjp = probe.vjp(doc, result, 0)
    assert vjp.target == n["y_10"] and not vjp.implied
    assert np.array_equal(vjp.v, np.array([0.1, 1.0, 0.0001], np.float32))
    (row,) = vjp.rows
    assert row.node == n["x"] and row.grad_before is None
    assert np.array_equal(row.vtj, vjp.v.astype(np.float64) @ (1024 * np.eye(3)))
    assert np.array_equal(row.vtj.astype(np.float32), result.state(n["x"], 1).grad)
    assert row.equal is True and row.max_difference == 0


def test_vjp_compares_with_what_the_step_added_to_grad():
    """Two backward steps accumulate: each added vᵀJ (4.5 per element)."""
    doc = build("05_retain_graph")
    result, n = run(doc), named(doc)
    for i in (0, 1):
        (row,) = probe.vjp(doc, result, i).rows
        assert row.node == n["x"]
        assert np.allclose(row.vtj, 4.5) and row.equal
        assert np.allclose(row.grad, 4.5 * (i + 1))
    with pytest.raises(ProbeError, match=r"^This backward step failed: RuntimeError: "):
        probe.vjp(doc, result, 2)


def test_vjp_lists_leaves_and_retained_tensors_with_an_implied_v():
    doc = build("01_autograd_tutorial")
    result, n = run(doc), named(doc)
    vjp = probe.vjp(doc, result, 0)
    assert vjp.implied and vjp.v.tolist() == 1.0 and vjp.target == n["out"]
    assert [r.name for r in vjp.rows] == ["x", "z"]
    assert all(r.equal for r in vjp.rows)
    assert np.allclose(vjp.rows[1].vtj, 0.25)


def test_vjp_on_every_example_equals_the_grad():
    for name in EXAMPLES:
        doc = build(name)
        result = run(doc)
        for i, _ in probe.backward_actions(doc):
            if result.outcomes[i].error:
                continue
            rows = probe.vjp(doc, result, i).rows
            assert rows and all(r.equal for r in rows), (name, i)


def test_vjp_refuses_what_is_not_a_backward(vjp_example):
    doc = build("08_softmax")
    with pytest.raises(ProbeError, match=r"^Choose a backward step of the timeline\.$"):
        probe.vjp(doc, run(doc), 0)        # autograd.grad, not backward


# ----------------------------------------------------------------------------- gradcheck
def example_pairs():
    for name in EXAMPLES:
        doc = build(name)
        result = run(doc)
        targets = dict.fromkeys(a.params["target"] for _, a in probe.backward_actions(doc))
        for target in targets:
            for leaf in probe.gradient_holders(doc, result, target):
                yield name, doc, result, leaf, target


def test_gradient_check_passes_on_every_leaf_of_every_example():
    checked = 0
    for name, doc, result, leaf, target in example_pairs():
        check = probe.gradient_check(doc, result, leaf, target)
        label = (name, doc.display_name(leaf))
        assert check.ok, label
        assert check.max_error < 1e-6, label
        assert check.analytic.shape == check.numeric.shape == check.difference.shape
        assert np.array_equal(check.difference, check.analytic - check.numeric)
        checked += 1
    assert checked >= 20


def test_gradient_check_is_in_float64_and_labelled():
    doc = build("06_broadcasting")
    result, n = run(doc), named(doc)
    check = probe.gradient_check(doc, result, n["col"], n["scaled"])
    assert check.analytic.shape == (6, 2)
    assert check.row_labels[:2] == ["scaled[0, 0]", "scaled[0, 1]"]
    assert check.column_labels == ["col[0, 0]", "col[1, 0]"]
    # d scaled[i, j] / d col[i] = m[i, j] + row[j], exactly in float64
    m = result.state(n["m"]).value.astype(np.float64)
    row = result.state(n["row"]).value.astype(np.float64)
    expected = np.zeros((6, 2))
    for i in range(2):
        expected[3 * i:3 * i + 3, i] = m[i] + row
    assert np.array_equal(check.analytic, expected)
    assert check.max_error < 1e-7


class WrongSquare(engine.autograd.Function):
    """x ** 2 whose backward forgets the factor 2."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * x


class RightSquare(WrongSquare):
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * g * x


def test_check_function_catches_a_wrong_custom_backward():
    x = np.array([0.5, -1.5, 2.0])
    wrong = probe.check_function(lambda t: WrongSquare.apply(t).sum(), x)
    assert not wrong.ok
    assert np.allclose(wrong.numeric, [[1.0, -3.0, 4.0]], atol=1e-6)
    assert np.allclose(wrong.analytic, [[0.5, -1.5, 2.0]])
    assert wrong.max_error == pytest.approx(2.0, abs=1e-6) and wrong.worst == (0, 2)
    right = probe.check_function(lambda t: RightSquare.apply(t).sum(), x)
    assert right.ok and right.max_error < 1e-6


def test_check_function_says_when_the_function_fails():
    def broken(t):
        raise ValueError("no")
    with pytest.raises(ProbeError, match=r"^The function failed: ValueError: no$"):
        probe.check_function(broken, [1.0])


def test_gradient_check_refuses_a_float32_step_on_the_way():
    doc, result, n = chain(("to", {"dtype": "float32"}), ("sum", {}), dtype="float64")
    assert probe.jacobian(doc, result, n["y2"], n["x"]).dtype == "float64"
    with pytest.raises(ProbeError, match=r"^y1 computes in float32, too coarse .*float64 "
                                         r"all the way\.$"):
        probe.gradient_check(doc, result, n["x"], n["y2"])


# ----------------------------------------------------------------------------- sweep
def test_sweep_through_relu_shows_its_kink():
    doc, result, n = chain(("relu", {}), value=(0.5, 2.0))
    s = probe.sweep(doc, result, n["x"], 0, n["y1"])
    assert len(s.xs) == 101 and s.xs[0] == pytest.approx(-2.5) and s.xs[-1] == 3.5
    assert s.input_label == "x[0]" and s.output_label == "y1[0]"
    assert np.all(s.slopes[s.xs < 0] == 0) and np.all(s.slopes[s.xs > 0] == 1)
    assert np.array_equal(s.ys, np.maximum(s.xs, 0).astype(np.float32))
    assert (s.x0, s.y0, s.slope0) == (0.5, 0.5, 1.0)
    assert np.array_equal(s.tangent([0.0, 1.0]), [0.0, 1.0])


def test_sweep_shows_sigmoid_saturating_and_clamp_flat():
    doc, result, n = chain(("sigmoid", {}), value=(0.0,))
    s = probe.sweep(doc, result, n["x"], 0, n["y1"], span=10.0)
    assert s.slope0 == pytest.approx(0.25) and s.slopes[0] < 1e-4 and s.slopes[-1] < 1e-4
    assert np.allclose(s.slopes, s.ys * (1 - s.ys), atol=1e-6)
    doc, result, n = chain(("clamp", {"min": -1.0, "max": 1.0}), value=(0.0,))
    s = probe.sweep(doc, result, n["x"], 0, n["y1"], points=61)
    assert len(s.xs) == 61
    assert np.all(s.slopes[np.abs(s.xs) > 1.01] == 0)
    assert np.all(s.slopes[np.abs(s.xs) < 0.99] == 1)


def test_sweep_of_one_element_of_a_vector_output(vjp_example):
    doc, result, n = vjp_example
    s = probe.sweep(doc, result, n["x"], 1, n["y_10"], output_element=1, points=11)
    assert np.allclose(s.slopes, 1024) and s.output_label == "y_10[1]"
    off = probe.sweep(doc, result, n["x"], 1, n["y_10"], output_element=0, points=11)
    assert np.all(off.slopes == 0) and np.all(off.ys == off.y0)


# ----------------------------------------------------------------------------- refusals
def refusal(call):
    with pytest.raises(ProbeError) as info:
        call()
    text = str(info.value)
    assert "\n" not in text and text.endswith(".") and "Traceback" not in text
    return text


def test_refusals_are_one_plain_sentence(vjp_example, monkeypatch):
    doc, result, n = vjp_example
    assert refusal(lambda: probe.jacobian(doc, result, n["x"], n["y_10"])) == \
        "x does not depend on y_10: no path leads from y_10 to x."
    assert refusal(lambda: probe.jacobian(doc, result, n["y_10"], n["v"])) == \
        "y_10 does not depend on v: no path leads from v to y_10."
    assert refusal(lambda: probe.jacobian(doc, result, None, n["x"])).startswith("Choose")
    assert refusal(lambda: probe.sweep(doc, result, n["x"], 3, n["y_10"])) == \
        "x has 3 elements: choose one from 0 to 2."
    # a random kind on the path would draw again (no catalogue kind with an input draws
    # yet; dropout would): mark mul as random
    monkeypatch.setattr(probe, "RANDOM_KINDS", probe.RANDOM_KINDS | {"mul"})
    assert refusal(lambda: probe.jacobian(doc, result, n["y_10"], n["x"])).startswith(
        "y draws random numbers (mul) on the way from x to y_10")


def test_random_kinds_are_those_of_the_catalogue_that_draw():
    assert all(probe.is_random(k) for k in ("rand", "randn", "uniform", "dropout"))
    assert not any(probe.is_random(k) for k in ("tensor", "ones", "mul", "relu"))


def test_refuses_integers_failures_and_size():
    doc, result, n = chain(("argmax", {}))
    assert refusal(lambda: probe.jacobian(doc, result, n["y1"], n["x"])) == \
        "y1 holds int64 values: only a floating-point result has derivatives."
    doc, result, n = chain(("mul", {"other": 2}), value=(1, 2), dtype="int64")
    assert refusal(lambda: probe.jacobian(doc, result, n["y1"], n["x"])) == \
        "x holds int64 values: only a floating-point tensor has derivatives."
    doc, result, n = chain(("index", {"key": "5"}), ("mul", {"other": 2}))
    assert n["y1"] in result.errors
    assert refusal(lambda: probe.jacobian(doc, result, n["y2"], n["x"])) == \
        "y1 has no value in this run (it has an error): fix it first."
    doc, result, n = chain(("mul", {"other": 2}), value=[0.5] * 100)
    assert refusal(lambda: probe.jacobian(doc, result, n["y1"], n["x"])) == (
        "The Jacobian of y1 with respect to x has 100 × 100 = 10,000 entries, more than "
        "the 4,096 a probe computes: choose smaller tensors.")
    assert probe.sweep(doc, result, n["x"], 99, n["y1"], output_element=99,
                       points=5).slope0 == 2
    assert refusal(lambda: probe.gradient_check(doc, result, n["x"], n["y1"])) == (
        "The Jacobian of y1 with respect to x has 100 × 100 = 10,000 entries, more than "
        "the 4,096 a probe computes: choose smaller tensors.")


def test_probes_are_bounded_in_work():
    """A Jacobian takes one backward per output element, a check moves each input element:
    both are capped so that the largest allowed stays under a second."""
    doc, result, n = chain(("sum", {}), value=[0.5] * 300)
    assert probe.jacobian(doc, result, n["y1"], n["x"]).matrix.shape == (1, 300)
    assert refusal(lambda: probe.gradient_check(doc, result, n["x"], n["y1"])) == (
        "x has 300 elements, more than the 256 a gradient check moves one by one: choose "
        "a smaller tensor.")
    doc = Document()
    x = doc.add_node("ones", {"shape": (1,), "requires_grad": True}, label="x")
    y = doc.add_node("expand", {"shape": (2000,)}, label="y")
    doc.connect(x, y, "self")
    result = run(doc)
    assert refusal(lambda: probe.jacobian(doc, result, y, x)) == (
        "y has 2,000 elements, more than the 1,024 backward passes (one per element) a "
        "probe takes: choose a smaller output.")
