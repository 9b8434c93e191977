"""Random expression graphs, run in the engine and in PyTorch, must agree.

Hypothesis draws a small program: leaves of shapes that broadcast together (some not
requiring grad), then steps that apply a random op from a safe set (smooth, or kinked
only where both libraries agree on the convention) to earlier values, so graphs reuse
nodes and reconverge; a step may be detached or computed under ``no_grad``. The same
program runs in both libraries; every value, ``requires_grad``, ``is_leaf`` and the whole
backward graph (grad_fn names along ``next_functions``) must match, then a backward pass
from the last value must give the same leaf gradients and the same gradient for one
intermediate that called ``retain_grad``. The double-backward test differentiates the
gradients again (``create_graph=True``).
"""
import contextlib
from collections import deque

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import gradstudio.engine as engine

torch = pytest.importorskip("torch")

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
LEAF_SHAPES = [(), (4,), (1, 4), (3, 1), (3, 4)]
# torch.testing.assert_close's defaults for float32; float64 is held much tighter
TOL = {"float64": dict(rtol=1e-9, atol=1e-12), "float32": dict(rtol=1.3e-6, atol=1e-5)}
BOUND = {"float64": 1e4, "float32": 8.0}


def _inplace(a, method, b):
    y = a.clone()
    getattr(y, method)(b)
    return y


def _setitem(a, b):
    y = a.clone()
    y[0] = b
    return y


DIM = st.sampled_from([0, -1, 1])
# name -> (arity, fn(T, args, params), params strategy or None)
OPS = {
    "neg": (1, lambda T, a, p: -a, None),
    "exp": (1, lambda T, a, p: a.exp(), None),
    "sin": (1, lambda T, a, p: T.sin(a), None),
    "cos": (1, lambda T, a, p: a.cos(), None),
    "tanh": (1, lambda T, a, p: a.tanh(), None),
    "sigmoid": (1, lambda T, a, p: T.sigmoid(a), None),
    "relu": (1, lambda T, a, p: T.relu(a), None),
    "abs": (1, lambda T, a, p: a.abs(), None),
    "square": (1, lambda T, a, p: a ** 2, None),
    "cube": (1, lambda T, a, p: a.pow(3), None),
    "rsub": (1, lambda T, a, p: 1.5 - a, None),
    "scale": (1, lambda T, a, p: 0.5 * a, None),
    "shift": (1, lambda T, a, p: a + 1.0, None),
    "sqrt": (1, lambda T, a, p: (a * a + 1).sqrt(), None),
    "log": (1, lambda T, a, p: (a * a + 1).log(), None),
    "reciprocal": (1, lambda T, a, p: (a * a + 1).reciprocal(), None),
    "rpow": (1, lambda T, a, p: 2.0 ** a, None),
    "clamp": (1, lambda T, a, p: a.clamp(-0.5, 0.5), None),
    "clone": (1, lambda T, a, p: a.clone(), None),
    "sum": (1, lambda T, a, p: a.sum(), None),
    "sum_dim": (1, lambda T, a, p: a.sum(p[0], keepdim=p[1]), st.tuples(DIM, st.booleans())),
    "mean": (1, lambda T, a, p: a.mean(), None),
    "mean_dim": (1, lambda T, a, p: T.mean(a, p[0], p[1]), st.tuples(DIM, st.booleans())),
    "max": (1, lambda T, a, p: a.max(), None),
    "min": (1, lambda T, a, p: T.min(a), None),
    "max_dim": (1, lambda T, a, p: a.max(p[0], keepdim=p[1]).values, st.tuples(DIM, st.booleans())),
    "min_dim": (1, lambda T, a, p: a.min(p[0], p[1])[0], st.tuples(DIM, st.booleans())),
    "softmax": (1, lambda T, a, p: a.softmax(p), DIM),
    "log_softmax": (1, lambda T, a, p: T.log_softmax(a, p), DIM),
    "norm": (1, lambda T, a, p: a.norm(), None),
    "t": (1, lambda T, a, p: a.t(), None),
    "transpose": (1, lambda T, a, p: a.transpose(0, -1), None),
    "flatten": (1, lambda T, a, p: a.reshape(-1), None),
    "unsqueeze": (1, lambda T, a, p: a.unsqueeze(p), DIM),
    "squeeze": (1, lambda T, a, p: a.squeeze(), None),
    "expand": (1, lambda T, a, p: a.expand(3, 4), None),
    "select": (1, lambda T, a, p: a[p], st.sampled_from([0, -1])),
    "slice": (1, lambda T, a, p: a[..., 1:], None),
    "index": (1, lambda T, a, p: a[[0, -1, 0]], None),
    "add": (2, lambda T, a, b, p: a + b, None),
    "sub": (2, lambda T, a, b, p: a - b, None),
    "mul": (2, lambda T, a, b, p: a * b, None),
    "div": (2, lambda T, a, b, p: a / (b * b + 1), None),
    "maximum": (2, lambda T, a, b, p: T.maximum(a, b), None),
    "minimum": (2, lambda T, a, b, p: T.minimum(a, b), None),
    "where": (2, lambda T, a, b, p: T.where(b > a, a, b * 2), None),
    "pow": (2, lambda T, a, b, p: (a * a + 0.5) ** b, None),
    "matmul": (2, lambda T, a, b, p: a @ b, None),
    "cat": (2, lambda T, a, b, p: T.cat([a, b], p), st.sampled_from([0, -1])),
    "stack": (2, lambda T, a, b, p: T.stack([a, b]), None),
    "iadd": (2, lambda T, a, b, p: _inplace(a, "add_", b), None),
    "imul": (2, lambda T, a, b, p: _inplace(a, "mul_", b), None),
    "setitem": (2, lambda T, a, b, p: _setitem(a, b), None),
}


def _shape_with_torch(name, shapes, params):
    """The result shape of an op (by running it in torch on zeros), or None if torch
    rejects these shapes or the result would be empty or more than 2-D."""
    arity, fn, _ = OPS[name]
    args = [torch.zeros(s, dtype=torch.float64) for s in shapes]
    try:
        out = fn(torch, *args, params)
    except (RuntimeError, IndexError, ValueError):
        return None
    shape = tuple(out.shape)
    if len(shape) > 2 or not 0 < out.numel() <= 16:
        return None
    return shape


@st.composite
def programs(draw):
    leaves = [(draw(st.sampled_from(LEAF_SHAPES)), draw(st.booleans()))
              for _ in range(draw(st.integers(1, 3)))]
    if not any(rg for _, rg in leaves):
        leaves[0] = (leaves[0][0], True)
    shapes = [s for s, _ in leaves]
    steps = []
    for _ in range(draw(st.integers(1, 12))):
        name = draw(st.sampled_from(sorted(OPS)))
        arity, _, pstrat = OPS[name]
        # counting back from the newest value: recent nodes are likely, any can be reused
        args = tuple(len(shapes) - 1 - draw(st.integers(0, len(shapes) - 1))
                     for _ in range(arity))
        params = draw(pstrat) if pstrat is not None else None
        shape = _shape_with_torch(name, [shapes[i] for i in args], params)
        if shape is None:
            continue
        mode = draw(st.sampled_from(["graph"] * 8 + ["detach", "no_grad"]))
        steps.append((name, args, params, mode))
        shapes.append(shape)
    assume(steps)
    return {"leaves": leaves, "steps": steps, "seed": draw(st.integers(0, 2 ** 32 - 1)),
            "retain": draw(st.integers(0, 7))}


def run(T, prog, dtype):
    """All values of the program, leaves first."""
    rng = np.random.default_rng(prog["seed"])
    dt = getattr(T, dtype)
    values = [T.tensor(rng.uniform(-1.5, 1.5, shape), dtype=dt, requires_grad=rg)
              for shape, rg in prog["leaves"]]
    for name, args, params, mode in prog["steps"]:
        with T.no_grad() if mode == "no_grad" else contextlib.nullcontext():
            y = OPS[name][1](T, *(values[i] for i in args), params)
        values.append(y.detach() if mode == "detach" else y)
    return values


def _np(t):
    return t.detach().numpy(force=True).astype(np.float64)  # force: torch's ZeroTensor


def _graph_names(t):
    """grad_fn names breadth-first along next_functions, None for missing edges."""
    names, queue, seen = [], deque([t.grad_fn]), set()
    while queue:
        n = queue.popleft()
        names.append(None if n is None else type(n).__name__)
        if n is None or n in seen:
            continue
        seen.add(n)
        queue.extend(f for f, _ in n.next_functions)
    return names


def _close(ours, theirs, dtype, what):
    np.testing.assert_allclose(_np(ours), _np(theirs), err_msg=what, **TOL[dtype])


def _forward_both(prog, dtype):
    theirs = run(torch, prog, dtype)
    # float32 results must stay small: one rounding of x ** 9 at 38 moves cos(x ** 9) by
    # far more than torch's float32 tolerance, in either library
    assume(all(np.all(np.abs(_np(v)) < BOUND[dtype]) for v in theirs))
    ours = run(engine, prog, dtype)
    for k, (o, t) in enumerate(zip(ours, theirs)):
        what = f"value {k}"
        assert tuple(o.shape) == tuple(t.shape), what
        assert str(o.dtype) == str(t.dtype), what
        assert (o.requires_grad, o.is_leaf) == (t.requires_grad, t.is_leaf), what
        assert _graph_names(o) == _graph_names(t), what
        _close(o, t, dtype, what)
    return ours, theirs


def _loss(T, values, prog, dtype):
    """A random weighting of every value that has a grad_fn, so that every recorded step
    gets a gradient; None if there is none."""
    rng = np.random.default_rng(prog["seed"] + 1)
    loss = None
    for v in values[len(prog["leaves"]):]:
        w = T.tensor(rng.standard_normal(tuple(v.shape)), dtype=getattr(T, dtype))
        if v.grad_fn is not None:
            term = (v * w).sum()
            loss = term if loss is None else loss + term
    return loss


def _backward_error(t):
    try:
        t.backward(t.detach() * 0 + 1)
    except RuntimeError as e:
        return str(e)
    return None


def _check_backward(prog, dtype):
    ours, theirs = _forward_both(prog, dtype)
    if theirs[-1].is_leaf and theirs[-1].requires_grad:
        # a view made under no_grad: requires grad, yet has no grad_fn and no edge
        assert _backward_error(ours[-1]) == _backward_error(theirs[-1])
    final_o, final_t = _loss(engine, ours, prog, dtype), _loss(torch, theirs, prog, dtype)
    if final_t is None:
        assert final_o is None
        return
    n_leaves = len(prog["leaves"])
    inner = [k for k in range(n_leaves, len(theirs)) if not theirs[k].is_leaf]
    kept = inner[prog["retain"] % len(inner)] if inner else None
    if kept is not None:
        ours[kept].retain_grad()
        theirs[kept].retain_grad()
    assert _graph_names(final_o) == _graph_names(final_t)
    final_t.backward()
    assume(all(t.grad is None or np.all(np.isfinite(_np(t.grad))) for t in theirs[:n_leaves]))
    final_o.backward()
    for k in range(n_leaves):
        o, t = ours[k].grad, theirs[k].grad
        assert (o is None) == (t is None), f"grad of leaf {k}"
        if t is not None:
            _close(o, t, dtype, f"grad of leaf {k}")
    if kept is not None:
        o, t = ours[kept], theirs[kept]
        assert o.retains_grad and t.retains_grad
        assert (o.grad is None) == (t.grad is None), f"retained grad of value {kept}"
        if t.grad is not None:
            _close(o.grad, t.grad, dtype, f"retained grad of value {kept}")


def _sweep():
    """One small program per op (a fixed example of each), so every op of the safe set
    is run in every test whatever the random draws favour, and a few with ties."""
    leaves = [((3, 4), True), ((1, 4), True), ((4,), False)]
    params = {"sum_dim": (0, False), "mean_dim": (-1, True), "max_dim": (0, True),
              "min_dim": (-1, False), "softmax": -1, "log_softmax": 0, "unsqueeze": 1,
              "select": -1, "cat": 0}
    shapes = [s for s, _ in leaves]
    progs = []
    for name, (arity, _, _) in OPS.items():
        p = params.get(name)
        combos = [(i,) for i in range(3)] if arity == 1 else \
            [(i, j) for i in range(3) for j in (1, 0, 2)]
        args = next(c for c in combos
                    if _shape_with_torch(name, [shapes[i] for i in c], p) is not None)
        out = _shape_with_torch(name, [shapes[i] for i in args], p)
        # reuse the first input again so the graph reconverges
        again = "mul" if _shape_with_torch("mul", [out, shapes[args[0]]], None) else "sum"
        again_args = (3, args[0]) if again == "mul" else (3,)
        progs.append({"leaves": leaves, "seed": len(progs), "retain": 0,
                      "steps": [(name, args, p, "graph"), (again, again_args, None, "graph"),
                                ("tanh", (0,), None, "no_grad")]})
    # ties, which random values never make: both sides of maximum/minimum equal, extremes
    # repeated by expand or clamp (PyTorch splits the gradient evenly among them)
    for steps in ([("maximum", (0, 0), None, "graph"), ("minimum", (3, 0), None, "graph")],
                  [("expand", (1,), None, "graph"), ("max", (3,), None, "graph"),
                   ("min_dim", (3,), (0, False), "graph"), ("max_dim", (3,), (0, True), "graph")],
                  [("clamp", (0,), None, "graph"), ("max", (3,), None, "graph"),
                   ("min", (3,), None, "graph"), ("minimum", (0, 3), None, "graph"),
                   ("maximum", (3, 0), None, "graph")]):
        progs.append({"leaves": leaves, "seed": len(progs), "retain": 1, "steps": steps})
    # x[0] = v where v already has the target's shape (1,): no view, no expand
    progs.append({"leaves": [((3, 1), True)], "seed": len(progs), "retain": 0,
                  "steps": [("mean_dim", (0,), (0, False), "graph"),
                            ("setitem", (0, 1), None, "graph")]})
    # views made under no_grad: they require grad, yet backward from them fails
    for name in ("expand", "slice", "t"):
        progs.append({"leaves": leaves, "seed": len(progs), "retain": 0,
                      "steps": [(name, (0,), None, "no_grad")]})
    return progs


def _with_sweep(test):
    for prog in _sweep():
        test = example(prog)(test)
    return test


@SETTINGS
@_with_sweep
@given(programs())
def test_random_graphs_match_torch_float64(prog):
    _check_backward(prog, "float64")


@SETTINGS
@_with_sweep
@given(programs())
def test_random_graphs_match_torch_float32(prog):
    _check_backward(prog, "float32")


def _double_backward(T, values, prog):
    """Gradients of the loss (create_graph=True), then the gradient of the sum of their
    squares: both as float64 arrays, zeros where nothing flows."""
    leaves = [v for v in values[:len(prog["leaves"])] if v.requires_grad]
    grads = T.autograd.grad(_loss(T, values, prog, "float64"), leaves, create_graph=True,
                            allow_unused=True)
    first = [np.zeros(tuple(x.shape)) if g is None else _np(g) for x, g in zip(leaves, grads)]
    terms = [(g * g).sum() for g in grads if g is not None and g.requires_grad]
    if not terms:
        return first, [np.zeros(tuple(x.shape)) for x in leaves]
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    second = T.autograd.grad(total, leaves, allow_unused=True)
    return first, [np.zeros(tuple(x.shape)) if g is None else _np(g)
                   for x, g in zip(leaves, second)]


@SETTINGS
@_with_sweep
@given(programs())
def test_double_backward_matches_torch(prog):
    ours, theirs = _forward_both(prog, "float64")
    assume(_loss(torch, theirs, prog, "float64") is not None)
    t1, t2 = _double_backward(torch, theirs, prog)
    assume(all(np.all(np.isfinite(g)) for g in t1 + t2))
    o1, o2 = _double_backward(engine, ours, prog)
    for k, (o, t) in enumerate(zip(o1 + o2, t1 + t2)):
        np.testing.assert_allclose(o, t, rtol=1e-8, atol=1e-10, err_msg=f"gradient {k}")
