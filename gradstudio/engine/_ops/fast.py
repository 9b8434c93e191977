"""The fast path of the commonest calls: a one- or two-operand op without params on
float32/float64 tensors that are not views, of one dtype and (for two tensors) one shape,
or a tensor and a Python number (``y * w``, ``y + 1.0``, ``y.tanh()``). It makes the same
result and the same ``grad_fn`` node as ``dispatch.apply`` and ``dispatch.record`` (same
class, ``next_functions``, saved values, versions and ``Meta``) with one dtype check, the
node's class and plans worked out once per op (``Fast``) and the ``Meta`` tuples shared
by shape. Anything else returns None and the caller takes the general path, which
stays the definition: ``tests/engine/test_hot_paths.py`` compares the two.
"""
import numpy as np

from .. import observer
from .._forward import state as _FW
from .._autograd import anomaly as _ANOMALY, saved_hooks as _SAVED_HOOKS
from .._types import dtype as D
from .._autograd.grad_mode import INFERENCE_MADE, STATE, check_saved
from .._autograd.nodes import _ERRSTATE, _QUIET, _SEQ
from .._autograd.plans import plan_for, stand_in
from .._tensor_class.core import TENSOR_TYPES, TensorCore, on_tensor_class
from .dispatch import _NO_PARAMS, NO_GRAD_VIEW

__all__ = ["Fast", "binary", "unary"]

_FLOATS = frozenset((D.float32, D.float64))
_NEW = object.__new__
_ARRAY = np.ndarray
_NO_EDGE = (None, 0)
Tensor = TensorCore        # the assembled class, once it exists


def _bind_tensor(cls):
    global Tensor
    Tensor = cls


on_tensor_class(_bind_tensor)


class Fast:
    """An op the fast path runs: its record, the numpy function computing its forward
    (the record's own by default) and its ``Plan`` for each set of operands with an edge
    (``plans[mask]``, bit 0 the first operand). Only ops whose ``grad_fn`` name does not
    depend on params and that keep a float dtype qualify (``ValueError`` otherwise)."""
    __slots__ = ("op", "forward", "plans", "differentiable")

    def __init__(self, op, forward=None, n=2):
        if not (isinstance(op.grad_fn, str) and op.keeps_float and not op.variadic
                and not op.view and not op.index_args and not op.multi_output):
            raise ValueError(f"op {op.name!r} cannot take the fast path")
        self.op = op
        self.forward = forward or op.forward
        self.differentiable = op.differentiable
        self.plans = (None,) + tuple(plan_for(op, m, n) for m in range(1, 1 << n))


# (shape, dtype) -> the ``Meta`` tuple a node keeps: (result, self[, other]); a number
# operand is a 0-d stand-in
_UNARY, _SAME, _NUMBER = {}, {}, {}


def _metas(table, shape, dt, n):
    m = stand_in(shape, dt)
    meta = (m, m) if n == 1 else (m, m, m) if n == 2 else (m, m, stand_in((), dt))
    if len(table) > 4096:
        table.clear()
    table[shape, dt] = meta
    return meta


def _edge(t):
    fn = t._grad_fn
    if fn is not None:
        return fn, t._output_nr
    if t._requires_grad and t._acc is not NO_GRAD_VIEW:
        return t._accumulator(), 0
    return _NO_EDGE


_result = TensorCore._make    # (the tensor every op makes: one definition)


def binary(fast, a, b):
    """``fast.op`` on tensor ``a`` and ``b`` (a tensor or a Python number), or None when
    the call is not one the fast path takes."""
    dt = a._dtype
    tb = type(b)
    if tb is float or tb is int:
        bd = b
        rb = False
        metas = _NUMBER
    elif (tb is Tensor or tb in TENSOR_TYPES) and b._dtype is dt and b._base is None:
        bd = b._data
        if bd.shape != a._data.shape:
            return None
        rb = b._requires_grad
        metas = _SAME
    else:
        return None
    if dt not in _FLOATS or a._base is not None or observer.LISTENER is not None or \
            _FW.ON or _SAVED_HOOKS.STACK or _ANOMALY.ENABLED:
        return None      # (a dual tensor's tangent, saved-tensor hooks, anomaly mode)
    token = _ERRSTATE.set(_QUIET)
    try:
        out = fast.forward(a._data, bd)
    finally:
        _ERRSTATE.reset(token)
    if type(out) is not _ARRAY:
        out = np.asarray(out)
    if out.dtype is not dt.np and out.dtype != dt.np:
        out = out.astype(dt.np)
    t = _result(out, dt)
    if (a._requires_grad or rb) and STATE.enabled and fast.differentiable:
        ea = _edge(a)
        eb = _edge(b) if rb else _NO_EDGE
        plan = fast.plans[(ea is not _NO_EDGE) | (eb is not _NO_EDGE) << 1]
        shape = out.shape
        meta = metas.get((shape, dt)) or _metas(metas, shape, dt, 2 if metas is _SAME else 3)
        edges = (ea, eb)
        _node(t, fast.op, plan, edges if plan.kept == 2 else edges[:plan.kept], meta, a, b,
              tb is not float and tb is not int)
    return t


def unary(fast, a):
    """``fast.op`` on tensor ``a``, or None when the call is not one the fast path takes."""
    dt = a._dtype
    if dt not in _FLOATS or a._base is not None or observer.LISTENER is not None or \
            _FW.ON or _SAVED_HOOKS.STACK or _ANOMALY.ENABLED:
        return None
    token = _ERRSTATE.set(_QUIET)
    try:
        out = fast.forward(a._data)
    finally:
        _ERRSTATE.reset(token)
    if type(out) is not _ARRAY:
        out = np.asarray(out)
    if out.dtype is not dt.np and out.dtype != dt.np:
        out = out.astype(dt.np)
    t = _result(out, dt)
    if a._requires_grad and STATE.enabled and fast.differentiable:
        ea = _edge(a)
        if ea is not _NO_EDGE:
            shape = out.shape
            meta = _UNARY.get((shape, dt)) or _metas(_UNARY, shape, dt, 1)
            _node(t, fast.op, fast.plans[1], (ea,), meta, a, None, False)
    return t


def _node(t, op, plan, next_functions, meta, a, b, b_tensor):
    """The node ``dispatch.record`` makes, each field set once (``b`` None: unary)."""
    node = _NEW(plan.cls)
    node.next_functions = next_functions
    node._op = op
    node._params = _NO_PARAMS
    node._meta = meta
    node._seq = next(_SEQ)
    node._freed = False
    node._pre_hooks = node._hooks = node._retain = None
    node._plan = plan
    node._outputs = 0
    save = plan.save
    if not save:
        node._saved = node._versions = None
    elif b is None:
        node._saved = (a,)
        node._versions = (a._vc[0],)
    elif plan.save_all:
        node._saved = (a, b)
        node._versions = (a._vc[0], b._vc[0] if b_tensor else 0)
    elif save[0] == 0:
        node._saved = (a, None)
        node._versions = (a._vc[0], 0)
    else:
        node._saved = (None, b)
        node._versions = (0, b._vc[0] if b_tensor else 0)
    if INFERENCE_MADE[0] and node._saved:   # (an inference tensor cannot be saved)
        check_saved(node._saved)
    node._result = (t._data, t._vc, 0, None) if plan.save_out else None
    t._grad_fn = node
    t._requires_grad = True


if _ERRSTATE is None:   # numpy 1.x: no error-state variable to set, so no fast path
    def binary(fast, a, b):
        return None

    def unary(fast, a):
        return None

