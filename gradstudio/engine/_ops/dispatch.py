"""Running an op of the table: ``apply`` computes it on numpy arrays and records its
``grad_fn`` node (``record``); ``inplace`` writes an op's result into a tensor with
PyTorch's checks; ``apply_views`` runs a multi-output view op (``split``, ``unbind``).
Every method of ``Tensor`` and every ``torch.`` function ends here; a forward ``observer``
listener sees each call (one test when nobody listens)."""
import types

import numpy as np

from .._types import dtype as D
from .._autograd import views as _views
from .. import observer
# the op tables: importing them registers every op of ``OPS``
from . import (table, table_shape, table_loss, table_stats, table_backward, table_nn,  # noqa: F401
               table_layer_norm, table_group_norm, table_scatter_reduce,
               table_activation, table_math, table_arrange, table_sort, table_scatter,
               table_activation_more, table_glu_prelu, table_margin_losses, table_conv,
               table_pool, table_bilinear, table_embedding_bag,
               table_matrix, table_linalg, table_norm, table_small, table_rank,
               table_pointwise, table_nan, table_products, table_shape_inplace,
               table_cholesky, table_pad, table_cdist, table_ctc, table_attention)
from .._tensor_class.core import TENSOR_TYPES, TensorCore, _list, on_tensor_class
from .._autograd.grad_mode import INFERENCE_MADE, STATE, check_saved
from .._forward import state as _FW
from .._autograd import anomaly as _ANOMALY, saved_hooks as _SAVED_HOOKS
from .._autograd.nodes import _ERRSTATE, _QUIET, _SEQ, expose, node_class
from .._autograd.plans import _PLANS, _STAND_INS, new_node, plan_for, stand_in
from ..observer import observed

__all__ = ["apply", "record", "inplace", "apply_views", "NO_GRAD_VIEW"]

_make = TensorCore._make
Tensor = TensorCore        # the assembled class, once it exists (``_bind_tensor``)


def _bind_tensor(cls):
    global Tensor
    Tensor = cls


on_tensor_class(_bind_tensor)

NO_GRAD_VIEW = object()  # ``Tensor._acc`` of a view made under no_grad (see ``apply``)
_DEFAULT = _views.DEFAULT


# integer dtypes a Python int may not fit: PyTorch casts the number to them, wrapping
# around (``int8_tensor * 1000`` multiplies by -24), where numpy would raise
_NARROW_INTS = frozenset({D.int32, D.int16, D.int8, D.uint8})


def _wrapped(number, dt):
    if -2 ** 63 <= number < 2 ** 64:
        return np.array(number % 2 ** 64, np.uint64).astype(dt.np)
    return number       # (numpy's OverflowError, as PyTorch's "Overflow when unpacking")


def _compute_dtype(op, operands):
    rule = op.dtype_rule
    first = operands[0]
    dt = first._dtype
    if rule == "keep":
        if op.refuses is not None:
            op.refuses(dt.name)
        return dt, dt
    n = len(operands)
    if n == 2:
        o = operands[1]
        to = type(o)
        if to is Tensor or to in TENSOR_TYPES:
            if o._dtype is not dt:
                dt = D.result_type(first, o)
        elif to is float:
            if not dt.is_floating_point:
                dt = D.get_default_dtype()
        elif to is not int or dt is D.bool_:
            dt = D.result_type(first, o)
    elif n > 2:
        dt = D.result_type(*operands)
    if op.refuses is not None:
        op.refuses(dt.name)
    if rule == "promote":
        return dt, dt
    if rule == "float":
        if not dt.is_floating_point:
            dt = D.get_default_dtype()
        return dt, dt
    if rule == "bool":
        return dt, D.bool_
    if rule == "logical":   # all / any: bool, but a uint8 tensor's are uint8 (PyTorch's rule)
        return dt, D.uint8 if dt is D.uint8 else D.bool_
    if rule == "sum":
        return (dt, dt) if dt.is_floating_point else (D.int64, D.int64)
    if rule == "float_only":
        if not dt.is_floating_point:
            raise RuntimeError(f"{op.name}(): could not infer output dtype. Input dtype must be "
                               "either a floating point or complex dtype. Got: "
                               f"{D.scalar_type(dt)}")
        return dt, dt
    if rule == "long":
        return dt, D.int64
    raise AssertionError(rule)


def apply(op, operands, params=None, out_dtype=None):
    """Runs ``op`` on ``operands`` (tensors, and Python numbers where the op allows) and
    returns the result tensor, recording a grad_fn node when grad mode is on and an
    operand requires grad."""
    if observer.LISTENER is not None:
        return observer.op_applied(observer.LISTENER, apply, op, operands, params, out_dtype)
    if out_dtype is not None:
        cdt = odt = out_dtype
    else:
        # the common case first: floating operands of one dtype (and Python numbers) keep it
        cdt = odt = operands[0]._dtype
        n = len(operands)
        if n == 2 and op.keeps_float and cdt.is_floating_point:
            o = operands[1]
            to = type(o)
            if not (to is float or to is int or (to is Tensor or to in TENSOR_TYPES)
                    and o._dtype is cdt):
                cdt, odt = _compute_dtype(op, operands)
        elif n != 1 or not (op.keeps_float and cdt.is_floating_point):
            cdt, odt = _compute_dtype(op, operands)
    arrays = []
    req = False
    for o in operands:
        to = type(o)
        if to is Tensor or to in TENSOR_TYPES:
            if o._base is not None and o._vc[0] != o._view_ver:
                _views.refresh(o)  # (its memory changed in place since its grad_fn was set)
            if o._requires_grad:
                req = True
            arrays.append(o._data if o._dtype is cdt else o._data.astype(cdt.np))
        elif to is int and cdt in _NARROW_INTS:
            arrays.append(_wrapped(o, cdt))
        else:
            arrays.append(o)
    if op.index_args:      # (class indices stay the integers they are: see ``Op``)
        for i in op.index_args:
            o = operands[i]
            if type(o) is Tensor or type(o) in TENSOR_TYPES:
                arrays[i] = o._data
    if cdt is D.float16 and op.opmath:
        arrays = [a.astype(np.float32) if type(a) is np.ndarray and a.dtype == np.float16
                  else a for a in arrays]
    forward = op.forward
    if params and cdt in _NARROW_INTS and type(params.get("other")) is int:
        params = dict(params, other=_wrapped(params["other"], cdt))    # x // 1000, 300 - x
    if _ERRSTATE is not None:
        token = _ERRSTATE.set(_QUIET)
        try:
            out = forward(*arrays, **params) if params else forward(*arrays)
        finally:
            _ERRSTATE.reset(token)
    else:
        with np.errstate(all="ignore"):
            out = forward(*arrays, **params) if params else forward(*arrays)
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    onp = odt.np
    if out.dtype is not onp and out.dtype != onp:
        out = out.astype(onp)
    t = _make(out, odt)
    if op.view:
        _viewing(t, operands[0])
    if req and STATE.enabled and op.differentiable and odt.is_floating_point:
        # (an integer or bool result never requires grad, as in PyTorch)
        record(t, op, operands, _NO_PARAMS if params is None else params)
    if _FW.ON:   # (a dual tensor exists: its tangent follows the op)
        _FW.HOOK(t, op, operands, params)
    return t


def _viewing(t, src):
    """Makes ``t`` a view of ``src``: its base, version counter and how it was made."""
    vc = t._vc = src._vc
    t._view_ver = vc[0]
    base = src._base
    if base is None:
        t._base = src
        t._creation = _DEFAULT
    else:  # (a view of a view views the same base, and inherits how it was made)
        t._base = base
        t._creation = src._creation
    if not STATE.enabled:
        t._creation = _views.NO_GRAD
        if src._requires_grad:
            # PyTorch: a view made under no_grad still requires grad, but is a leaf that
            # no gradient reaches, and in-place ops on it with grad mode on are refused
            t._requires_grad = True
            t._acc = NO_GRAD_VIEW
    return t


def records_nothing(tensors):
    """Whether ``apply`` over ``tensors`` would record nothing and tell nobody: no
    listener, no dual tensor, and none requires grad (its view state fresh)."""
    if observer.LISTENER is not None or _FW.ON:
        return False
    for t in tensors:
        if t._requires_grad or (t._base is not None and t._vc[0] != t._view_ver):
            return False
    return True


def quick_view(op, src, params):
    """``apply(op, (src,), params)`` for a view op (``select``: a Dataset's ``x[i]``) of a
    source that records nothing, without apply's general steps; None where apply must
    run."""
    if observer.LISTENER is not None or _FW.ON or src._requires_grad or \
            (src._base is not None and src._vc[0] != src._view_ver):
        return None
    return _viewing(_make(op.forward(src._data, **params), src._dtype), src)


def apply_views(op, src, params):
    """Runs a multi-output view op (``split``, ``unbind``): a tuple of tensors viewing
    ``src``'s memory (sharing its version counter) that, when a graph is recorded, are the
    outputs 0, 1, ... of one grad_fn node."""
    src._sync()
    arrays = op.forward(src._data, **params)
    base = src if src._base is None else src._base
    creation = _views.MULTI_OUTPUT if STATE.enabled else _views.NO_GRAD
    outs = []
    for k, a in enumerate(arrays):
        t = _make(a, src._dtype)
        t._base, t._vc, t._output_nr = base, src._vc, k
        t._view_ver, t._creation = src._vc[0], creation
        outs.append(t)
    if src._requires_grad and STATE.enabled and outs:
        edge = src._edge()
        plan = plan_for(op, 1, 1)
        node = new_node(plan.cls, op, params, (edge,), plan)
        node._outputs = len(outs)
        node._meta = [tuple(stand_in(a.shape, src._dtype) for a in arrays),
                      stand_in(src._data.shape, src._dtype)]
        for t in outs:
            t._grad_fn = node
            t._requires_grad = True
    outs = tuple(outs)
    if _FW.ON:
        _FW.HOOK(outs, op, (src,), params)
    if observer.LISTENER is not None:
        observer.LISTENER.views(op, src, params, outs)
    return outs


_NO_EDGE = (None, 0)
_new = object.__new__
_NO_PARAMS = types.MappingProxyType({})  # shared by every node of an op without params


def record(t, op, operands, params):
    """Attaches a new grad_fn node for ``op`` to ``t`` (which becomes a non-leaf). The
    node keeps its edges, the ``Meta`` (shape, dtype) of the result and of each operand,
    and only the values its VJPs read (see ``Plan``)."""
    shape, odt = t._data.shape, t._dtype
    out_meta = _STAND_INS.get((shape, odt)) or stand_in(shape, odt)
    meta = [out_meta]
    edges = []
    mask = 0
    bit = 1
    for o in operands:
        to = type(o)
        if to is Tensor or to in TENSOR_TYPES:
            s, dt = o._data.shape, o._dtype
            # (an operand shaped like the result, the usual case, shares its Meta)
            meta.append(out_meta if dt is odt and s == shape else
                        _STAND_INS.get((s, dt)) or stand_in(s, dt))
            fn = o._grad_fn
            if fn is not None:
                edges.append((fn, o._output_nr))
                mask |= bit
            elif o._requires_grad and o._acc is not NO_GRAD_VIEW:
                edges.append((o._accumulator(), 0))
                mask |= bit
            else:
                edges.append(_NO_EDGE)
        else:
            meta.append(_STAND_INS.get(((), odt)) or stand_in((), odt))
            edges.append(_NO_EDGE)
        bit <<= 1
    plan = _PLANS.get((op, mask)) or plan_for(op, mask, len(operands))
    cls = plan.cls or node_class(op.grad_fn_name(params))
    kept = plan.kept
    # the node, as ``new_node`` makes it, each field set once
    if params:
        expose(params)   # (``node._saved_<param>``)
    node = _new(cls)
    node.next_functions = tuple(edges) if kept >= len(edges) else tuple(edges[:kept])
    node._op = op
    node._params = params
    node._meta = meta
    node._seq = next(_SEQ)
    node._freed = False
    node._pre_hooks = node._hooks = node._retain = None
    node._plan = plan
    node._outputs = 0
    if plan.save_all:   # (every operand: the operands' tuple is the saved list)
        node._saved = operands = tuple(operands)
        if len(operands) == 2:
            a, b = operands
            node._versions = (a._vc[0] if type(a) is Tensor or type(a) in TENSOR_TYPES else 0,
                              b._vc[0] if type(b) is Tensor or type(b) in TENSOR_TYPES else 0)
        else:
            node._versions = tuple([o._vc[0] if type(o) is Tensor or type(o) in TENSOR_TYPES
                                    else 0 for o in operands])
    elif plan.save:
        n = len(operands)
        saved = [None] * n
        versions = [0] * n
        for i in plan.save:
            o = operands[i]
            saved[i] = o
            if type(o) is Tensor or type(o) in TENSOR_TYPES:
                versions[i] = o._vc[0]
        node._saved = saved
        node._versions = versions
    else:
        node._saved = node._versions = None
    if INFERENCE_MADE[0] and node._saved:   # (an inference tensor cannot be saved)
        check_saved(node._saved)
    node._result = (t._data, t._vc, t._vc[0], None) if plan.save_out else None
    t._grad_fn = node
    t._requires_grad = True
    if _SAVED_HOOKS.STACK:   # (saved_tensors_hooks: pack what the node saved)
        _SAVED_HOOKS.pack(node, t)
    if _ANOMALY.ENABLED:     # (detect_anomaly: the stack that made the node)
        _ANOMALY.remember(node)
    return node


# ---------------------------------------------------------------------- in-place ops
def _check_inplace(self, base):
    """PyTorch's check_inplace: leaves that require grad and views of them refuse."""
    if base is not None:
        if self._creation != _views.DEFAULT:
            raise _views.rebase_error(self, indirect=False)
        if base._grad_fn is None and (base._requires_grad or self._sync()._requires_grad):
            raise RuntimeError("a view of a leaf Variable that requires grad is being used "
                               "in an in-place operation.")
    if self._sync()._requires_grad and self._grad_fn is None:
        raise RuntimeError("a leaf Variable that requires grad is being used in an "
                           "in-place operation.")


@observed("inplace")
def inplace(self, op, operands, params=None):
    """Applies ``op`` and writes the result into ``self`` (operands[0]), with PyTorch's
    checks: leaves that require grad and views of them refuse, the version counter is
    bumped, and the tensor's grad_fn becomes the op's node when a graph is recorded (for a
    view, its base's becomes a ``CopySlices`` wrapping that node: see ``_autograd.views``)."""
    if params is None:
        params = {}
    base = self._base
    tracked = STATE.enabled and any((type(o) is Tensor or type(o) in TENSOR_TYPES) and o.requires_grad
                                    for o in operands)
    if tracked:
        _check_inplace(self, base)
    dt = D.result_type(*operands) if op.dtype_rule != "keep" else self._dtype
    if op.refuses is not None:      # (PyTorch's kernel has no such dtype: ``elu_`` of Long)
        op.refuses(dt.name)
    if op.dtype_rule == "float" and not dt.is_floating_point:
        dt = D.get_default_dtype()
    if dt is not self._dtype and D.promote_types(dt, self._dtype) is not self._dtype:
        raise RuntimeError(f"result type {D.scalar_type(dt)} can't be cast to the desired "
                           f"output type {D.scalar_type(self._dtype)}")
    operands = tuple(operands)
    if tracked and op.differentiable:
        # The op may read the old value of self: give it a snapshot (PyTorch saves
        # ``original_self`` the same way), linked to self's place in the graph.
        snap = _make(self._data.copy(), self._dtype, self._requires_grad)
        snap._grad_fn = self._grad_fn
        snap._acc = self._acc
        if _FW.ON:
            _FW.MOVE(self, snap)
        operands = (snap,) + operands[1:]
    result = apply(op, operands, params, out_dtype=self._dtype)
    if self._data.shape != result._data.shape:
        raise RuntimeError(f"output with shape {_list(self._data.shape)} doesn't match the "
                           f"broadcast shape {_list(result._data.shape)}")
    try:
        np.copyto(self._data, result._data, casting="unsafe")
    except ValueError:  # numpy marks views of an expand read-only
        if self._data.flags.writeable:
            raise
        _views.write_readonly(self, result._data)
    self._vc[0] += 1
    if _FW.ON:
        _FW.MOVE(result, self)
    node = result._grad_fn
    if node is not None:
        if base is not None:
            _views.rebase(self, node)
            return self
        if node._result is not None:
            node._result = (self._data, self._vc, self._vc[0], None)
        _views.move_retain(self._grad_fn, node)
        self._grad_fn = node
        self._requires_grad = True
    return self
