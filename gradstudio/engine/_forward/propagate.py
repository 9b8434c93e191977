"""How a tangent follows an op: ``propagate`` (``state.HOOK``, called by
``_ops.dispatch.apply`` for every op while a dual tensor exists) picks the op's JVP rule
(``jvp_rules.kind``) and gives the result its tangent."""
import re

from .._tensor_class.core import TensorCore
from .._ops.dispatch import apply, apply_views
from .._ops.vjp_tensor import TF
from .._autograd.grad_mode import enable_grad
from .._autograd.node_vjps import _sum_to
from .._autograd import api as _api
from .._autograd.custom_function import Function
from .._torch_functions.factory import zeros, zeros_like
from . import state
from .jvp_rules import RULES, _sum, kind

__all__ = ["propagate"]


def _tangents(operands):
    return [state.tangent_of(o) if isinstance(o, TensorCore) else None for o in operands]


def propagate(out, op, operands, params):
    ts = _tangents(operands)
    if all(t is None for t in ts):
        return
    params = params or {}
    if isinstance(out, tuple):       # a multi-output view op (split, unbind)
        with state.suspended():
            parts = apply_views(op, ts[0], params)
        for o, t in zip(out, parts):
            state.set_tangent(o, t)
        return
    if not out._dtype.is_floating_point:
        return
    how = kind(op)
    if how == "missing":
        raise NotImplementedError(f"Trying to use forward AD with {_aten_name(op, params)} "
                                  "that does not support it.")
    with state.suspended():
        if how == "rule":
            tangent = RULES[op.name](out, operands, ts, params)
        elif how == "linear":
            tangent = _linear(op, out, operands, ts, params)
        elif how == "elementwise":
            tangent = _elementwise(op, out, operands, ts, params)
        else:
            tangent = _by_vjp(op, out, operands, ts, params)
    if tangent is None:
        tangent = zeros_like(out)
    if tuple(tangent.shape) != tuple(out.shape):     # (a broadcast operand's tangent)
        tangent = tangent.expand(*out.shape) if out.ndim else tangent.reshape(())
    state.set_tangent(out, tangent)
    node = out._grad_fn
    if node is not None and node._result is not None:
        state.RESULTS[id(node)] = (node, tangent)


def _aten_name(op, params):
    for g in op.grads:
        if g is not None and g.missing:
            try:
                g.fn(None, None, **params)
            except RuntimeError as e:
                m = re.match(r"derivative for (\S+) is not implemented", str(e))
                if m:
                    return m.group(1)
    return "aten::" + op.name


def _zero(o):
    if isinstance(o, TensorCore):
        return zeros_like(o) if o._dtype.is_floating_point else o
    return type(o)(0) if type(o) in (int, float) else o


def _linear(op, out, operands, ts, params):
    """PyTorch's ``auto_linear``: the op itself on the tangents (zeros for operands
    without one; index tensors stay)."""
    args = [t if t is not None else _zero(o) for o, t in zip(operands, ts)]
    return apply(op, args, params or None,
                 out_dtype=out._dtype if op.dtype_rule == "param" else None)


def _elementwise(op, out, operands, ts, params):
    """PyTorch's ``auto_element_wise``: each tangent through its input's VJP."""
    terms = []
    for i, t in enumerate(ts):
        g = op.grads[i] if t is not None else None
        if g is None:
            continue
        if tuple(t.shape) != tuple(out.shape):
            t = t.expand(*out.shape)
        terms.append(g.fn(TF, t, out, *operands, **params))
    return _sum(*terms)


def _by_vjp(op, out, operands, ts, params):
    """The JVP as the VJP's own VJP: the VJP is linear in its incoming gradient ``u``, so
    differentiating it with respect to ``u`` along the tangent gives ``J @ tangent``."""
    terms = []
    prim = [o.detach() if isinstance(o, TensorCore) else o for o in operands]
    with enable_grad():
        u = zeros(tuple(out.shape), dtype=out.dtype, requires_grad=True)
        for i, t in enumerate(ts):
            g = op.grads[i] if t is not None else None
            if g is None:
                continue
            gi = g.fn(TF, u, out.detach(), *prim, **params)
            if gi is None:
                continue
            if tuple(gi.shape) != tuple(t.shape):
                gi = _sum_to(gi, tuple(t.shape))
            if not gi.requires_grad:
                continue
            (r,) = _api.grad(gi, u, grad_outputs=t.to(gi.dtype), allow_unused=True)
            if r is not None:
                terms.append(r)
    return _sum(*terms)


def copy_tangent(src, dst):
    """``dst`` (a tensor written in place, or its snapshot) takes ``src``'s tangent."""
    t = state.tangent_of(src)
    if t is not None:
        state.set_tangent(dst, t)


def function_jvp(cls, ctx, args, outputs):
    """The tangents of a custom ``autograd.Function``'s outputs: its ``jvp(ctx,
    *input_tangents)`` (None for an input without one), as PyTorch's."""
    if getattr(cls, "jvp") is Function.jvp:
        if cls.__module__.startswith("gradstudio."):
            raise NotImplementedError(f"Forward-mode AD through {cls.__name__.lstrip('_')} is "
                                      "not supported by the engine yet; compute this "
                                      "derivative in reverse mode (backward, jacrev).")
        raise NotImplementedError("You must implement the jvp function for custom "
                                  "autograd.Function to use it with forward mode AD.")
    kept = getattr(ctx, "saved_for_forward", None)
    prev = ctx._saved, ctx._versions
    if kept is not None:        # (``ctx.saved_tensors`` in jvp: what save_for_forward kept)
        ctx._saved, ctx._versions = tuple(kept), tuple(
            None if t is None else t._vc[0] for t in kept)
    try:
        with state.suspended():
            res = cls.jvp(ctx, *_tangents(args))
    finally:
        ctx._saved, ctx._versions = prev
    res = res if isinstance(res, tuple) else (res,)
    for out, t in zip(outputs, res):
        if isinstance(out, TensorCore) and t is not None and out._dtype.is_floating_point:
            state.set_tangent(out, t)


state.HOOK = propagate
state.MOVE = copy_tangent
state.FUNCTION_JVP = function_jvp
