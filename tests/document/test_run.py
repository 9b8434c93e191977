"""The runner: from scratch every time, failures stop only what depends on them, a
snapshot after the forward pass and after every action, PyTorch's errors at their step,
the backward graph with freed buffers, and the engine's step-by-step record."""
import numpy as np
import pytest

from gradstudio.document import Document, run


def tutorial(retain=False, actions=1):
    d = Document()
    x = d.add_node("ones", {"shape": (2, 2), "requires_grad": True}, label="x")
    y = d.add_node("add", {"other": 2}, label="y")
    d.connect(x, y, "self")
    yy = d.add_node("mul", label="yy")
    d.connect(y, yy, "self")
    d.connect(y, yy, "other")
    z = d.add_node("mul", {"other": 3}, label="z")
    d.connect(yy, z, "self")
    out = d.add_node("mean", label="out")
    d.connect(z, out, "self")
    acts = [d.add_action("backward", {"target": out, "retain_graph": retain})
            for _ in range(actions)]
    return d, dict(x=x, y=y, yy=yy, z=z, out=out), acts


def test_forward_values_flags_and_grad_fn_names():
    d, n, _ = tutorial()
    r = run(d)
    assert r.state(n["out"], 0).text == "tensor(27., grad_fn=<MeanBackward0>)"
    assert [r.state(n[k]).grad_fn for k in ("x", "y", "yy", "z", "out")] == \
        [None, "AddBackward0", "MulBackward0", "MulBackward0", "MeanBackward0"]
    sx = r.state(n["x"])
    assert sx.is_leaf and sx.requires_grad and sx.shape == (2, 2) and sx.dtype == "float32"


def test_a_snapshot_per_step_shows_gradients_accumulating():
    d, n, acts = tutorial(retain=True, actions=2)
    r = run(d)
    assert r.step_count == 3
    assert r.state(n["x"], 0).grad is None and r.state(n["x"], 0).grad_text == "None"
    np.testing.assert_allclose(r.state(n["x"], 1).grad, np.full((2, 2), 4.5))
    np.testing.assert_allclose(r.state(n["x"], 2).grad, np.full((2, 2), 9.0))
    assert r.state(n["x"]).grad_text == "tensor([[9., 9.],\n        [9., 9.]])"


def test_second_backward_without_retain_graph_fails_at_its_step_only():
    d, n, acts = tutorial(actions=2)
    r = run(d)
    assert r.action_error(acts[0]) is None
    assert r.action_error(acts[1]).startswith(
        "RuntimeError: Trying to backward through the graph a second time")
    np.testing.assert_allclose(r.state(n["x"], 2).grad, np.full((2, 2), 4.5))


def test_a_failing_node_stops_only_its_dependents():
    d, n, _ = tutorial()
    bad = d.add_node("view", {"shape": (3,)}, label="bad")
    d.connect(n["z"], bad, "self")
    after = d.add_node("exp", label="after")
    d.connect(bad, after, "self")
    r = run(d)
    assert r.errors[bad] == "RuntimeError: shape '[3]' is invalid for input of size 4"
    assert "'bad' has an error" in r.errors[after]
    assert r.state(n["out"]).ok and r.state(n["x"]).grad is not None


def test_missing_input_is_reported_on_the_node():
    d = Document()
    e = d.add_node("exp")
    assert run(d).errors[e] == "Connect an input to 'self' to compute this node."


def test_runs_are_from_scratch_and_seeded():
    d = Document()
    a = d.add_node("rand", {"shape": (3,)})
    first, second = run(d).state(a).value.copy(), run(d).state(a).value
    np.testing.assert_array_equal(first, second)
    d.set_seed(1)
    assert not np.array_equal(run(d).state(a).value, first)


def test_no_grad_region_and_detach_remove_grad_fn():
    d, n, _ = tutorial()
    d.add_region([n["y"]])
    r = run(d)
    assert r.state(n["y"]).grad_fn is None and not r.state(n["y"]).requires_grad
    assert r.state(n["out"]).grad_fn is None
    assert "does not require grad" in r.outcomes[0].error


def test_backward_graph_marks_freed_buffers_per_step():
    d, n, _ = tutorial()
    r = run(d)
    before, after = r.backward_graph(n["out"], 0), r.backward_graph(n["out"], 1)
    names = sorted(a["name"] for _, a in before.nodes(data=True))
    assert names == ["AccumulateGrad", "AddBackward0", "MeanBackward0", "MulBackward0",
                     "MulBackward0"]
    assert not any(a["freed"] for _, a in before.nodes(data=True))
    # y*y saved both operands, (y*y)*3 only the 3; both are released by the backward
    freed = sorted((a["name"], a["saved"]) for _, a in after.nodes(data=True) if a["freed"])
    assert freed == [("MulBackward0", ("other",)), ("MulBackward0", ("self", "other"))]
    acc = [a for _, a in after.nodes(data=True) if a["accumulate"]]
    assert acc[0]["variable"] == n["x"]


def test_backward_graph_keeps_both_next_functions_entries_of_y_times_y():
    d, n, _ = tutorial()
    g = run(d).backward_graph(n["yy"])
    mul = next(k for k, a in g.nodes(data=True) if a["tensors"] == (n["yy"],))
    add = next(k for k, a in g.nodes(data=True) if a["tensors"] == (n["y"],))
    assert g.number_of_edges(mul, add) == 2
    assert sorted((key, a["input_nr"]) for _, _, key, a in g.out_edges(mul, keys=True,
                                                                     data=True)) == \
        [(0, 0), (1, 1)]


def test_backward_graph_remembers_the_step_that_freed_each_buffer():
    d, n, acts = tutorial(retain=True, actions=2)
    d.set_action_param(acts[1], "retain_graph", False)
    r = run(d)
    assert [a["freed_at"] for _, a in r.backward_graph(n["out"], 1).nodes(data=True)
            if a["saved"]] == [None, None]
    assert [a["freed_at"] for _, a in r.backward_graph(n["out"], 2).nodes(data=True)
            if a["saved"]] == [2, 2]


def _canonical(root, next_of, name_of):
    """A graph walked breadth first from ``root``, children in ``next_functions`` order:
    per function its class name and its (input index, function number) entries."""
    number, order, queue = {id(root): 0}, [], [root]
    while queue:
        fn = queue.pop(0)
        entries = []
        for i, nxt in next_of(fn):
            if id(nxt) not in number:
                number[id(nxt)] = len(number)
                queue.append(nxt)
            entries.append((i, number[id(nxt)]))
        order.append((name_of(fn), tuple(entries)))
    return order


def _canonical_doc(g):
    root = next(k for k in g if g.in_degree(k) == 0)
    return _canonical(root,
                      lambda k: sorted((i, v) for _, v, i in g.out_edges(k, keys=True)),
                      lambda k: g.nodes[k]["name"])


def _canonical_torch(t):
    return _canonical(t.grad_fn,
                      lambda fn: [(i, nxt) for i, (nxt, _) in enumerate(fn.next_functions)
                                  if nxt is not None],
                      lambda fn: type(fn).__name__)


def _programs():
    """(document, its result node, the same program in torch) for a few shapes of graph:
    y * y, x * x (two entries to one AccumulateGrad), an operand that needs no grad (a
    None entry), and a reconvergent sum."""
    def tut(torch):
        y = torch.ones(2, 2, requires_grad=True) + 2
        return (y * y * 3).mean()

    d, n, _ = tutorial()
    yield d, n["out"], tut

    d = Document()
    x = d.add_node("ones", {"shape": (3,), "requires_grad": True})
    sq = d.add_node("mul")
    d.connect(x, sq, "self")
    d.connect(x, sq, "other")
    yield d, sq, lambda torch: (lambda x: x * x)(torch.ones(3, requires_grad=True))

    d = Document()
    a = d.add_node("ones", {"shape": (3,), "requires_grad": True})
    c = d.add_node("ones", {"shape": (3,)})
    m = d.add_node("mul")
    d.connect(c, m, "self")
    d.connect(a, m, "other")
    yield d, m, lambda torch: torch.ones(3) * torch.ones(3, requires_grad=True)

    def reconverge(torch):
        a, b = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
        return (a * b).sum() + a.exp().sum()

    d = Document()
    a = d.add_node("ones", {"shape": (3,), "requires_grad": True})
    b = d.add_node("ones", {"shape": (3,), "requires_grad": True})
    ab = d.add_node("mul")
    d.connect(a, ab, "self")
    d.connect(b, ab, "other")
    s1 = d.add_node("sum")
    d.connect(ab, s1, "self")
    e = d.add_node("exp")
    d.connect(a, e, "self")
    s2 = d.add_node("sum")
    d.connect(e, s2, "self")
    total = d.add_node("add")
    d.connect(s1, total, "self")
    d.connect(s2, total, "other")
    yield d, total, reconverge


def test_backward_graph_has_the_structure_of_torchs_next_functions():
    torch = pytest.importorskip("torch")
    for doc, node, program in _programs():
        g = run(doc).backward_graph(node)
        expected = _canonical_torch(program(torch))
        assert _canonical_doc(g) == expected
        assert g.number_of_edges() == sum(len(entries) for _, entries in expected)


def test_each_action_keeps_the_engines_step_record():
    d, n, acts = tutorial()
    steps = run(d).outcome(acts[0]).steps
    assert [s.name for s in steps] == ["MeanBackward0", "MulBackward0", "MulBackward0",
                                       "AddBackward0", "AccumulateGrad"]
    np.testing.assert_allclose(steps[-1].accumulated, np.full((2, 2), 4.5))


def test_zero_grad_set_none_and_autograd_grad_actions():
    d, n, acts = tutorial(retain=True)
    zero = d.add_action("zero_grad", {"tensor": n["x"]})
    none = d.add_action("set_grad_none", {"tensor": n["x"]})
    g = d.add_action("grad", {"outputs": [n["out"]], "inputs": [n["x"]]})
    r = run(d)
    np.testing.assert_array_equal(r.state(n["x"], 2).grad, np.zeros((2, 2)))
    assert r.state(n["x"], 3).grad is None
    assert r.action_error(zero) is None and r.action_error(none) is None
    np.testing.assert_allclose(r.outcome(g).results[0].value, np.full((2, 2), 4.5))


def test_an_action_naming_a_removed_node_says_so():
    d, n, acts = tutorial()
    d.remove_node(n["out"])
    assert run(d).action_error(acts[0]) == f"The target node '{n['out']}' no longer exists."


def test_warnings_of_an_action_are_kept_on_its_outcome_not_raised(recwarn):
    d, n, acts = tutorial()
    grad_of_y = d.add_action("zero_grad", {"tensor": n["y"]})   # a non-leaf's .grad
    r = run(d)
    assert len(recwarn) == 0
    assert r.outcome(acts[0]).warnings == ()
    assert r.outcome(grad_of_y).warnings[0].startswith(
        "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor")
    assert r.action_error(grad_of_y) == \
        "AttributeError: 'NoneType' object has no attribute 'zero_'"
