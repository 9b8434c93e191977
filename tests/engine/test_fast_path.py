"""The fast path of the commonest calls (``_ops.fast``) makes exactly what the general
path (``dispatch.apply`` and ``record``) makes: the same values bit for bit, the same
node class, ``next_functions``, saved values, versions and stand-ins, and the same
gradients; and it steps aside for the calls it does not take."""
import numpy as np
import pytest

import gradstudio.engine as torch
from gradstudio.engine._ops import fast
from gradstudio.engine._ops.dispatch import apply
from gradstudio.engine._ops.record import OPS
from gradstudio.engine._tensor_class import arith

BINARY = {"add": "__add__", "sub": "__sub__", "mul": "__mul__", "div": "__truediv__"}
UNARY = ("exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "sqrt")


def _node_fields(t):
    n = t.grad_fn
    if n is None:
        return None
    saved = tuple(None if v is None else ("t", id(v)) if hasattr(v, "_vc") else v
                  for v in (n._saved or ()))
    meta = tuple((m.shape, m.dtype) for m in n._meta)
    return (type(n), n.next_functions, n._op, dict(n._params), saved, tuple(n._versions or ()),
            meta, n._plan, n._result is not None, n.saved_tensor_names, n._freed)


def _operands(dtype, req_a, other, req_b):
    """``a`` a leaf (requiring grad or not) or computed, ``b`` a tensor or a number; the
    tensors' versions are not 0, so that saving the wrong one shows."""
    torch.manual_seed(0)
    a = torch.rand(2, 3, dtype=dtype).add_(0.5).mul_(1.0)
    if req_a == "computed":
        a = a.requires_grad_() * 1.0
    else:
        a.requires_grad_(req_a)
    if other == "tensor":
        b = torch.rand(2, 3, dtype=dtype).add_(0.25).requires_grad_(req_b)
    else:
        b = 0.75 if other == "float" else 3
    return a, b


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("req_a", [False, True, "computed"])
@pytest.mark.parametrize("other,req_b", [("tensor", False), ("tensor", True), ("float", False),
                                         ("int", False)])
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_fast_path_makes_what_apply_makes(name, dtype, req_a, other, req_b):
    a, b = _operands(dtype, req_a, other, req_b)
    t_fast = fast.binary(getattr(arith, "_" + name.upper()), a, b)
    assert t_fast is not None     # (the call is one the fast path takes)
    t_slow = apply(OPS[name], (a, b))
    assert t_fast.dtype == t_slow.dtype
    assert t_fast._data.tobytes() == t_slow._data.tobytes()
    assert t_fast.requires_grad == t_slow.requires_grad
    assert _node_fields(t_fast) == _node_fields(t_slow)
    if t_fast.requires_grad:
        grads = []
        for t in (t_fast, t_slow):
            leaves = [x for x in (a, b) if hasattr(x, "_vc") and x.requires_grad]
            g = torch.autograd.grad((t * t).sum(), leaves)
            grads.append([x._data.tobytes() for x in g])
        assert grads[0] == grads[1]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("req", [False, True, "computed"])
@pytest.mark.parametrize("name", UNARY)
def test_unary_fast_path_makes_what_apply_makes(name, dtype, req):
    a, _ = _operands(dtype, req, "float", False)
    t_fast = fast.unary(arith._UNARY[name], a)
    assert t_fast is not None
    t_slow = apply(OPS[name], (a,))
    assert t_fast._data.tobytes() == t_slow._data.tobytes()
    assert _node_fields(t_fast) == _node_fields(t_slow)
    if a.requires_grad:
        leaf = a if a.grad_fn is None else None
        if leaf is not None:
            g = [torch.autograd.grad((t * 3.0).sum(), leaf)[0]._data.tobytes()
                 for t in (t_fast, t_slow)]
            assert g[0] == g[1]


def test_the_fast_path_steps_aside_for_what_it_does_not_take():
    x = torch.ones(2, 3, requires_grad=True)
    mul = arith._MUL
    assert fast.binary(mul, x, torch.ones(3)) is None                     # broadcasting
    assert fast.binary(mul, x, torch.ones(2, 3, dtype=torch.float64)) is None  # promotion
    assert fast.binary(mul, x, True) is None                              # a bool number
    assert fast.binary(mul, x[0], torch.ones(3)) is None                  # a view
    assert fast.binary(mul, torch.ones(2, 3, dtype=torch.float16), 2.0) is None
    assert fast.binary(mul, torch.ones(2, 3, dtype=torch.int64), 2) is None
    assert fast.unary(arith._UNARY["tanh"], torch.ones(3, dtype=torch.float16)) is None

    class Sub(np.ndarray):      # (its hooks are Python code, run by the ufunc)
        pass
    odd = torch.ones(2, 3)
    odd._data = odd._data.view(Sub)
    assert fast.binary(mul, odd, 2.0) is None and fast.binary(mul, x, odd) is None
    # and the operators still give what they gave: broadcasting, promotion, a view
    assert (x * torch.ones(3)).grad_fn.name() == "MulBackward0"
    assert (x * torch.ones(2, 3, dtype=torch.float64)).dtype == torch.float64
    assert (x[0] - 1.0).grad_fn.name() == "SubBackward0"


def test_the_fast_path_is_silent_on_overflow_and_records_under_grad_mode_only():
    x = torch.full((2,), 3e38, requires_grad=True)
    with np.errstate(all="raise"):    # (a numpy warning would be an error here)
        y = x * 10.0
        z = (x * -1e38).exp()
    assert y.tolist() == [float("inf")] * 2 and z.tolist() == [0.0, 0.0]
    with torch.no_grad():
        assert (x * 2.0).grad_fn is None and x.tanh().grad_fn is None


def test_the_fast_path_steps_aside_while_a_forward_observer_listens():
    from gradstudio.engine import observer
    x = torch.ones(2, requires_grad=True)
    assert fast.binary(arith._MUL, x, 2.0) is not None
    observer.LISTENER, prev = object(), observer.LISTENER
    try:
        assert fast.binary(arith._MUL, x, 2.0) is None
        assert fast.unary(arith._UNARY["tanh"], x) is None
    finally:
        observer.LISTENER = prev


def test_the_fast_path_is_silent_in_every_thread_and_leaves_numpys_error_state_alone():
    """A binary op's ufunc runs in a quiet context of its thread's own (a context is
    entered by one thread at a time): silent in a new thread as in this one, and the
    program's own numpy error state is what it was."""
    import threading
    before = np.geterr()
    x = torch.full((2,), 3e38, requires_grad=True)
    seen = {}

    def work(key):
        with np.errstate(all="raise"):
            seen[key] = ((x * 10.0).tolist(), (x * x).grad_fn.name(), np.geterr()["over"])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    work("main")
    inf = float("inf")
    assert seen == {k: ([inf, inf], "MulBackward0", "raise") for k in (0, 1, 2, "main")}
    assert np.geterr() == before


def test_a_binary_fast_path_needs_a_ufunc():
    with pytest.raises(ValueError, match="ufunc"):
        fast.Fast(OPS["mul"], lambda a, b: a * b)
