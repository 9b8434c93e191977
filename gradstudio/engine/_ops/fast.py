"""The fast path of the commonest calls: a one- or two-operand op without params on
float32/float64 tensors that are not views, of one dtype and (for two tensors) one shape,
or a tensor and a Python number (``y * w``, ``y + 1.0``, ``y.tanh()``). It makes the same
result and the same ``grad_fn`` node as ``dispatch.apply`` and ``dispatch.record`` (same
class, ``next_functions``, saved values, versions and ``Meta``) with one dtype check, the
node's class and plans worked out once per op (``Fast``) and the ``Meta`` tuples shared
by shape. Each op's fast path is one function made once (``Fast.method``, what
``Tensor.__mul__`` calls) that builds the tensor and its node inline and hands anything
else to the general path bound into it, which stays the definition:
``tests/engine/test_fast_path.py`` compares the two (``binary``/``unary``: the same
function with None for the calls it does not take).
"""
import contextvars
import threading

import numpy as np

from .. import observer
from .._forward import state as _FW
from .._autograd import anomaly as _ANOMALY, saved_hooks as _SAVED_HOOKS
from .._types import dtype as D
from .._autograd.grad_mode import (INFERENCE_MADE, INFERENCE_ON, OFF_ANYWHERE, STATE, check_saved,
                                   new_version)
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
    __slots__ = ("op", "forward", "plans", "differentiable", "binary_or_none",
                 "unary_or_none")

    def __init__(self, op, forward=None, n=2):
        if not (isinstance(op.grad_fn, str) and op.keeps_float and not op.variadic
                and not op.view and not op.index_args and not op.multi_output):
            raise ValueError(f"op {op.name!r} cannot take the fast path")
        if n == 2 and not isinstance(forward, np.ufunc):
            # (a binary op's forward runs in the quiet context and its result's dtype is
            # taken as the operands': a numpy ufunc's, calling no Python code)
            raise ValueError(f"op {op.name!r}: the fast path of a binary op needs a ufunc")
        self.op = op
        self.forward = forward or op.forward
        self.differentiable = op.differentiable
        self.plans = (None,) + tuple(plan_for(op, m, n) for m in range(1, 1 << n))
        if any(p.cls.__init__ is not object.__init__ or p.cls.__new__ is not object.__new__
               for p in self.plans[1:]):
            # (the fast path makes its node as ``cls()``, cheaper than ``object.__new__``)
            raise ValueError(f"op {op.name!r}: its node class has a constructor of its own")
        self.binary_or_none = _binary_method(self, _none) if n == 2 else None
        self.unary_or_none = _unary_method(self, _none) if n == 1 else None

    def method(self, slow):
        """The operator or method itself: the fast path, and ``slow`` for every call it
        does not take (``slow(a, b)``, or ``slow(a)`` for a one-operand op)."""
        if self.unary_or_none is not None:
            return _unary_method(self, slow)
        return _binary_method(self, slow)


# dtype -> shape -> the ``Meta`` tuple a node keeps: (result, self[, other]); a number
# operand is a 0-d stand-in
_UNARY, _SAME, _NUMBER = ({dt: {} for dt in _FLOATS} for _ in range(3))


def _metas(table, shape, dt, n):
    m = stand_in(shape, dt)
    meta = (m, m) if n == 1 else (m, m, m) if n == 2 else (m, m, stand_in((), dt))
    by_shape = table[dt]
    if len(by_shape) > 4096:
        by_shape.clear()
    by_shape[shape] = meta
    return meta


# thread -> ``Context.run`` of a context in which numpy's error state is quiet: a binary
# op's ufunc runs in it (entering a context costs a fifth of setting and resetting the
# error-state variable around the call). One context per thread, since a context is
# entered by one thread at a time; the ufunc on plain arrays (an ndarray subclass takes
# the general path) calls no Python code, so it is never entered twice.
_QUIET_RUNS = {}
_ident = threading.get_ident


def _quiet_run():
    ctx = contextvars.Context()
    ctx.run(_ERRSTATE.set, _QUIET)
    if len(_QUIET_RUNS) > 256:     # (threads come and go: idents are reused)
        _QUIET_RUNS.clear()
    run = _QUIET_RUNS[_ident()] = ctx.run
    return run


def _edge(t):
    fn = t._grad_fn
    if fn is not None:
        return fn, t._output_nr
    if t._requires_grad and t._acc is not NO_GRAD_VIEW:
        return t._accumulator(), 0
    return _NO_EDGE


def _binary_method(fast, slow):
    """``fast.op`` on tensor ``a`` and ``b`` (a tensor or a Python number) as one function,
    the operator itself (``Tensor.__mul__``): ``slow(a, b)`` takes every call the fast path
    does not. The tensor and its node are made inline, field for field what
    ``TensorCore._make`` and ``dispatch.record`` make (each call saved is a tenth of an
    op's cost)."""
    forward, op, plans, differentiable = fast.forward, fast.op, fast.plans, fast.differentiable

    def method(a, b):
        dt = a._dtype
        tb = type(b)
        ad = a._data
        shape = ad.shape
        if tb is float or tb is int:
            bd = b
            rb, number = False, True
        elif (tb is Tensor or tb in TENSOR_TYPES) and b._dtype is dt and b._base is None:
            bd = b._data
            if bd.shape != shape or type(bd) is not _ARRAY:
                return slow(a, b)
            rb = b._requires_grad
            number = False
        else:
            return slow(a, b)
        if dt not in _FLOATS or a._base is not None or observer.LISTENER is not None or \
                _FW.ON or _SAVED_HOOKS.STACK or _ANOMALY.ENABLED or type(ad) is not _ARRAY:
            return slow(a, b)  # (a dual tensor's tangent, saved-tensor hooks, anomaly mode)
        # one ufunc on two float arrays of one dtype, or an array and a Python number:
        # numpy 2 (NEP 50) keeps the array's dtype, and a 0-d result comes back a scalar
        out = (_QUIET_RUNS.get(_ident()) or _quiet_run())(forward, ad, bd)
        if type(out) is not _ARRAY:
            out = np.asarray(out)
        t = _NEW(Tensor)
        t._data = out
        t._dtype = dt
        t._grad = t._hooks = t._post_acc_hooks = t._acc = t._base = None
        t._vc = new_version() if INFERENCE_ON[0] else [0]
        t._retains_grad = False
        t._output_nr = 0
        if (a._requires_grad or rb) and (not OFF_ANYWHERE[0] or STATE.enabled) and \
                differentiable:
            fn = a._grad_fn
            if fn is not None:
                ea = (fn, a._output_nr)
            elif a._requires_grad and a._acc is not NO_GRAD_VIEW:
                ea = (a._accumulator(), 0)
            else:
                ea = _NO_EDGE
            if number:
                eb = _NO_EDGE
                meta = _NUMBER[dt].get(shape) or _metas(_NUMBER, shape, dt, 3)
                bv = 0
            else:
                eb = _edge(b) if rb else _NO_EDGE
                meta = _SAME[dt].get(shape) or _metas(_SAME, shape, dt, 2)
                bv = b._vc[0]
            plan = plans[(ea is not _NO_EDGE) | (eb is not _NO_EDGE) << 1]
            node = plan.cls()    # (a node class has no __init__: see Fast)
            node.next_functions = (ea, eb) if plan.kept == 2 else (ea, eb)[:plan.kept]
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
            elif plan.save_all:
                node._saved = (a, b)
                node._versions = (a._vc[0], bv)
            elif save[0] == 0:
                node._saved = (a, None)
                node._versions = (a._vc[0], 0)
            else:
                node._saved = (None, b)
                node._versions = (0, bv)
            if INFERENCE_MADE[0] and node._saved:   # (an inference tensor cannot be saved)
                check_saved(node._saved)
            node._result = (out, t._vc, 0, None) if plan.save_out else None
            t._grad_fn = node
            t._requires_grad = True
        else:
            t._grad_fn = None
            t._requires_grad = False
        return t
    method.__name__ = method.__qualname__ = "fast_" + op.name
    return method


def _unary_method(fast, slow):
    """``fast.op`` on tensor ``a`` as one function (``Tensor.tanh``); ``slow(a)`` takes
    every call the fast path does not (see ``_binary_method``)."""
    forward, op, plan, differentiable = fast.forward, fast.op, fast.plans[1], fast.differentiable

    def method(a):
        dt = a._dtype
        if dt not in _FLOATS or a._base is not None or observer.LISTENER is not None or \
                _FW.ON or _SAVED_HOOKS.STACK or _ANOMALY.ENABLED:
            return slow(a)
        token = _ERRSTATE.set(_QUIET)
        try:
            out = forward(a._data)
        finally:
            _ERRSTATE.reset(token)
        if type(out) is not _ARRAY:
            out = np.asarray(out)
        if out.dtype is not dt.np and out.dtype != dt.np:
            out = out.astype(dt.np)
        t = _NEW(Tensor)
        t._data = out
        t._dtype = dt
        t._grad = t._hooks = t._post_acc_hooks = t._acc = t._base = t._grad_fn = None
        t._vc = new_version() if INFERENCE_ON[0] else [0]
        t._retains_grad = t._requires_grad = False
        t._output_nr = 0
        if a._requires_grad and (not OFF_ANYWHERE[0] or STATE.enabled) and differentiable:
            fn = a._grad_fn
            if fn is not None:
                ea = (fn, a._output_nr)
            elif a._acc is not NO_GRAD_VIEW:
                ea = (a._accumulator(), 0)
            else:
                return t
            shape = out.shape
            node = plan.cls()    # (a node class has no __init__: see Fast)
            node.next_functions = (ea,)
            node._op = op
            node._params = _NO_PARAMS
            node._meta = _UNARY[dt].get(shape) or _metas(_UNARY, shape, dt, 1)
            node._seq = next(_SEQ)
            node._freed = False
            node._pre_hooks = node._hooks = node._retain = None
            node._plan = plan
            node._outputs = 0
            if plan.save:
                node._saved = (a,)
                node._versions = (a._vc[0],)
                if INFERENCE_MADE[0]:   # (an inference tensor cannot be saved)
                    check_saved(node._saved)
            else:
                node._saved = node._versions = None
            node._result = (out, t._vc, 0, None) if plan.save_out else None
            t._grad_fn = node
            t._requires_grad = True
        return t
    method.__name__ = method.__qualname__ = "fast_" + op.name
    return method


def _none(*args):
    return None


def binary(fast, a, b):
    """``fast.op`` on tensor ``a`` and ``b`` (a tensor or a Python number), or None when
    the call is not one the fast path takes."""
    return fast.binary_or_none(a, b)


def unary(fast, a):
    """``fast.op`` on tensor ``a``, or None when the call is not one the fast path takes."""
    return fast.unary_or_none(a)


if _ERRSTATE is None:   # numpy 1.x: no error-state variable to set, so no fast path
    def _binary_method(fast, slow):
        return slow

    def _unary_method(fast, slow):
        return slow

