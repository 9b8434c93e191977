"""A run computes no tensor over the element limit (checked before the engine allocates
it) and keeps a bounded amount of memory: unchanged gradients are shared between
snapshots and a run that would keep more than its budget stops with a message."""
import tracemalloc

import pytest

from gradstudio.document import Document, run
from gradstudio.document import limits

MB = 1024 ** 2


def _peak(fn):
    tracemalloc.start()
    try:
        out = fn()
        return out, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _ones(doc, shape, **params):
    return doc.add_node("ones", {"shape": shape, **params})


def _op(doc, kind, inputs, **params):
    n = doc.add_node(kind, params)
    for port, src in inputs.items():
        doc.connect(src, n, port)
    return n


def test_a_huge_broadcast_fails_before_it_is_allocated():
    doc = Document()
    a, b = _ones(doc, (20000, 1)), _ones(doc, (1, 20000))
    c = _op(doc, "add", {"self": a, "other": b})
    d = _op(doc, "mul", {"self": c}, other=2.0)
    result, peak = _peak(lambda: run(doc))
    assert result.state(c).error == ("This would make a tensor of 400,000,000 elements; "
                                     "the limit is 1,000,000.")
    assert result.state(d).error.startswith("Not computed")
    assert peak < 20 * MB          # 400M float32 elements would be 1.6 GB


@pytest.mark.parametrize("build, elements", [
    (lambda d: d.add_node("eye", {"n": 20000}), 400_000_000),
    (lambda d: d.add_node("arange", {"start": 0, "end": 10 ** 9, "step": 1}), 10 ** 9),
    (lambda d: _op(d, "matmul", {"self": _ones(d, (100000, 1)), "other": _ones(d, (1, 1000))}),
     100_000_000),
    (lambda d: _op(d, "mm", {"self": _ones(d, (2000, 1)), "mat2": _ones(d, (1, 2000))}),
     4_000_000),
    (lambda d: _op(d, "expand", {"self": _ones(d, (1000, 1))}, shape=(-1, 2000)), 2_000_000),
    (lambda d: _op(d, "stack", {"t0": _ones(d, (1000, 1000)), "t1": _ones(d, (1000, 1000))}),
     2_000_000),
    (lambda d: _op(d, "cat", {"t0": _ones(d, (1000, 1000)), "t1": _ones(d, (10, 1000))}),
     1_010_000),
    (lambda d: _op(d, "where", {"condition": _ones(d, (3000, 1), dtype="bool"),
                                "input": _ones(d, (1, 3000)), "other": _ones(d, (1,))}),
     9_000_000),
])
def test_every_kind_that_grows_its_inputs_is_bounded(build, elements):
    doc = Document()
    node = build(doc)
    result, peak = _peak(lambda: run(doc))
    assert result.state(node).error == limits.too_large(elements)
    assert peak < 30 * MB


def test_the_limits_hold_for_every_computed_tensor():
    doc = Document()
    x = _ones(doc, (1,) * 8)
    y = _op(doc, "unsqueeze", {"self": x}, dim=0)
    result = run(doc)
    assert result.state(x).ok
    assert result.state(y).error == ("This would make a tensor of 9 dimensions; "
                                     "the limit is 8.")


def test_tensors_at_the_limit_still_run():
    doc = Document()
    e = doc.add_node("eye", {"n": 1000})
    s = _op(doc, "add", {"self": _ones(doc, (1000, 1)), "other": _ones(doc, (1, 1000))})
    result = run(doc)
    assert result.state(e).shape == (1000, 1000) and result.state(s).shape == (1000, 1000)


def _big_backward_doc(actions):
    doc = Document()
    x = doc.add_node("rand", {"shape": (1000, 1000), "requires_grad": True})
    s = _op(doc, "sum", {"self": _op(doc, "mul", {"self": x}, other=2.0)})
    for _ in range(actions):
        doc.add_action("backward", {"target": s, "retain_graph": True})
    return doc, x


def test_a_run_past_its_memory_budget_stops_with_a_message(monkeypatch):
    monkeypatch.setattr(limits, "MAX_RUN_BYTES", 64 * MB)
    doc, x = _big_backward_doc(100)    # unbounded, this kept about 2.7 GB
    result, peak = _peak(lambda: run(doc))
    assert peak < 160 * MB
    assert result.step_count == 101
    assert result.outcomes[0].error is None
    last = result.outcomes[-1].error
    assert last == ("Not run: the run keeps more than 64 MB of tensors and gradients, its "
                    "limit; use smaller tensors or fewer steps.")
    assert result.stopped.startswith("Stopped early: the run keeps more than 64 MB")
    ran = sum(o.error is None for o in result.outcomes)
    assert 0 < ran < 100
    # the state stays the last one computed, and the gradient is the sum of those runs
    assert float(result.state(x).grad[0, 0]) == pytest.approx(2.0 * ran)


def test_the_forward_pass_stops_at_the_memory_budget(monkeypatch):
    monkeypatch.setattr(limits, "MAX_RUN_BYTES", 32 * MB)
    doc = Document()
    nodes = [_ones(doc, (1000, 1000)) for _ in range(20)]     # 80 MB of float32
    result, peak = _peak(lambda: run(doc))
    assert peak < 60 * MB
    assert result.state(nodes[0]).ok
    assert result.state(nodes[-1]).error.startswith("Not computed: the run keeps more "
                                                    "than 32 MB")


def test_snapshots_share_a_gradient_that_did_not_change():
    doc = Document()
    x = doc.add_node("rand", {"shape": (1000, 1000), "requires_grad": True})
    big = _op(doc, "sum", {"self": x})
    w = doc.add_node("ones", {"shape": (2,), "requires_grad": True})
    small = _op(doc, "sum", {"self": w})
    doc.add_action("backward", {"target": big})
    for _ in range(300):               # each used to copy x.grad: 1.2 GB
        doc.add_action("backward", {"target": small})
    result, peak = _peak(lambda: run(doc))
    assert peak < 60 * MB
    assert all(o.error is None for o in result.outcomes)
    assert result.state(x, 1).grad is result.state(x, -1).grad
    assert result.state(w, -1).grad.tolist() == [300.0, 300.0]
    assert result.state(w, 5).grad.tolist() == [4.0, 4.0]


def test_a_gradient_changed_in_place_is_copied_again():
    doc = Document()
    w = doc.add_node("ones", {"shape": (2,), "requires_grad": True})
    s = _op(doc, "sum", {"self": w})
    doc.add_action("backward", {"target": s})
    doc.add_action("zero_grad", {"tensor": w})
    doc.add_action("backward", {"target": s})
    result = run(doc)
    assert [result.state(w, i).grad.tolist() for i in (1, 2, 3)] == \
        [[1.0, 1.0], [0.0, 0.0], [1.0, 1.0]]


def test_a_run_skips_the_element_plan_only_for_kinds_that_cannot_grow():
    """``may_grow`` lets a run skip ``planned_elements``: every kind for which the plan
    says anything, with its defaults and small inputs, must be one it does not skip."""
    from gradstudio.document.catalogue import CATALOGUE
    from gradstudio.document.limits import may_grow, planned_elements

    planned = []
    for name, spec in CATALOGUE.items():
        params = spec.defaults()
        ports = spec.input_names(params)
        for shape in ((2, 3), (3,), (2, 3, 3)):
            n = planned_elements(spec, params, {p: shape for p in ports})
            if n is not None:
                planned.append(name)
                assert may_grow(spec, len(ports)), name
    assert {"eye", "arange", "expand", "cat", "add"} <= set(planned)
