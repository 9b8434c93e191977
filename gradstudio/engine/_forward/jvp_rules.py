"""The JVP rule of each op: how a tangent follows it, in the terms of PyTorch's
``derivatives.yaml`` (its ``result:`` formulas), computed with tensor ops.

A rule is ``fn(out, ins, ts, params)``: ``out`` the op's result, ``ins`` its operands
(tensors or Python numbers), ``ts`` their tangents (None where an operand has none), and
returns the result's tangent. Most ops need no rule of their own:

* ``LINEAR`` ops (views, reshapes, sums, ``cat`` ...; PyTorch's ``auto_linear``) apply
  themselves to the tangents;
* elementwise ops and activations (PyTorch's ``auto_element_wise``) send each tangent
  through their own VJP, whose Jacobian is diagonal: ``vjp(g=tangent)``;
* any other op with a VJP gets its JVP from the VJP by the double-vjp trick (the VJP is
  linear in ``g``: the JVP is the VJP's own VJP), exact in value, possibly not in the
  last bit of PyTorch's formula.
"""
import math

from .._ops.record import OPS

__all__ = ["RULES", "LINEAR", "ELEMENTWISE", "rule"]

RULES = {}

LINEAR = frozenset((
    "neg", "sum", "mean", "to", "clone", "view", "_unsafe_view", "index", "select", "slice",
    "expand", "t", "transpose", "permute", "squeeze", "unsqueeze", "flip", "tril", "triu",
    "repeat", "roll", "diagonal", "diag", "trace", "cumsum", "index_select", "gather",
    "masked_select", "split", "split_with_sizes", "unbind", "cat", "stack", "where",
    "embedding", "_take", "_embed", "_select_backward", "_slice_backward",
    "_diagonal_backward", "_index_add", "_scatter_add", "_embedding_dense"))

ELEMENTWISE = frozenset(("elementwise", "activation"))
ELEMENTWISE_OPS = frozenset(("pow", "pow_tensor", "rpow", "maximum", "minimum", "remainder",
                             "remainder_scalar", "rremainder"))


def rule(*names):
    def register(fn):
        for n in names:
            RULES[n] = fn
        return fn
    return register


def _sum(*terms):
    """The sum of the terms that exist, left to right (PyTorch's efficient zeros: a
    missing tangent adds nothing, exactly)."""
    total = None
    for t in terms:
        if t is not None:
            total = t if total is None else total + t
    return total


def _times(t, alpha):
    return t if t is None or alpha == 1 else t * alpha


@rule("add")
def _add(out, ins, ts, p):      # self_t + maybe_multiply(other_t, alpha)
    return _sum(ts[0], _times(ts[1], p.get("alpha", 1)))


@rule("sub")
def _sub(out, ins, ts, p):      # self_t - maybe_multiply(other_t, alpha)
    b = _times(ts[1], p.get("alpha", 1))
    if ts[0] is None:
        return -b
    return ts[0] if b is None else ts[0] - b


@rule("rsub")
def _rsub(out, ins, ts, p):     # other - alpha * self
    return -_times(ts[0], p.get("alpha", 1))


@rule("mul")
def _mul(out, ins, ts, p):      # other_t * self_p + self_t * other_p
    a, b = ins
    return _sum(None if ts[1] is None else ts[1] * a, None if ts[0] is None else ts[0] * b)


@rule("div")
def _div(out, ins, ts, p):      # (self_t - other_t * result) / other_p
    a_t, b_t = ts
    if b_t is None:
        return a_t / ins[1]
    num = -(b_t * out) if a_t is None else a_t - b_t * out
    return num / ins[1]


def _product(op_name):
    def fn(out, ins, ts, p):    # op(self_t, other_p) + op(self_p, other_t)
        op = getattr(ins[0], op_name)
        return _sum(None if ts[0] is None else getattr(ts[0], op_name)(ins[1]),
                    None if ts[1] is None else op(ts[1]))
    return fn


for _name in ("mm", "bmm", "mv", "dot"):
    RULES[_name] = _product(_name)


@rule("addmm")
def _addmm(out, ins, ts, p):
    # maybe_multiply(self_t, beta) + maybe_multiply(mat1_t.mm(mat2_p), alpha)
    #   + maybe_multiply(mat1_p.mm(mat2_t), alpha)
    _, m1, m2 = ins
    alpha = p.get("alpha", 1)
    return _sum(_times(ts[0], p.get("beta", 1)),
                None if ts[1] is None else _times(ts[1].mm(m2), alpha),
                None if ts[2] is None else _times(m1.mm(ts[2]), alpha))


def logsumexp_jvp(x, t, dim, keepdim):
    """PyTorch's ``logsumexp_jvp``: ``sum(exp(x - amax) * t) / sum(exp(x - amax))``."""
    e = (x - x.amax(dim, keepdim=True)).exp() if x.numel() > 0 else x.exp()
    return (e * t).sum(dim, keepdim=keepdim) / e.sum(dim, keepdim=keepdim)


@rule("softmax")
def _softmax(out, ins, ts, p):  # result * (self_t - logsumexp_jvp(self_p, self_t, {dim}, true))
    return out * (ts[0] - logsumexp_jvp(ins[0], ts[0], p["dim"], True))


@rule("log_softmax")
def _log_softmax(out, ins, ts, p):   # self_t - logsumexp_jvp(self_p, self_t, {dim}, true)
    return ts[0] - logsumexp_jvp(ins[0], ts[0], p["dim"], True)


@rule("logsumexp")
def _logsumexp(out, ins, ts, p):
    dim = p.get("dim")
    dim = tuple(range(ins[0].ndim)) if dim is None else dim
    return logsumexp_jvp(ins[0], ts[0], dim, p.get("keepdim", False))


@rule("mse_loss")
def _mse_loss(out, ins, ts, p):      # apply_loss_reduction(2 * diff_p * diff_t, reduction)
    x, y = ins
    diff_t = -ts[1] if ts[0] is None else ts[0] if ts[1] is None else ts[0] - ts[1]
    loss = 2 * (x - y) * diff_t
    reduction = p.get("reduction", 1)      # (PyTorch's enum: 0 none, 1 mean, 2 sum)
    return loss.mean() if reduction == 1 else loss.sum() if reduction == 2 else loss


def _extremum(pick):
    def fn(out, ins, ts, p):
        # other_t + where(self_p == other_p, 0.5, pick(self_p, other_p)) * (self_t - other_t)
        a, b = ins
        mask = (a == b).to(out.dtype) * 0.5 + pick(a, b).to(out.dtype) * (a != b).to(out.dtype)
        diff = ts[0] if ts[1] is None else -ts[1] if ts[0] is None else ts[0] - ts[1]
        return _sum(ts[1], mask * diff)
    return fn


RULES["maximum"] = _extremum(lambda a, b: a > b)
RULES["minimum"] = _extremum(lambda a, b: a < b)


@rule("reciprocal")
def _reciprocal(out, ins, ts, p):    # -self_t * (result * result)
    return -ts[0] * (out * out)


@rule("exp2")
def _exp2(out, ins, ts, p):          # self_t * result * log(2)
    return ts[0] * out * math.log(2.0)


@rule("atan2")
def _atan2(out, ins, ts, p):
    # (other_p * self_t - self_p * other_t) / (self_p.pow(2) + other_p.pow(2))
    a, b = ins
    num = _sum(None if ts[0] is None else b * ts[0], None if ts[1] is None else -(a * ts[1]))
    return num / (a.pow(2) + b.pow(2))


@rule("silu")
def _silu(out, ins, ts, p):          # self_t * sigmoid(x) * (1 + x * (1 - sigmoid(x)))
    x = ins[0]
    sg = x.sigmoid()
    return ts[0] * sg * (1 + x * (1 - sg))


@rule("var")
def _var(out, ins, ts, p):
    # ((self_p - mean) * self_t * (2 / (N - correction))).sum(dim, keepdim)
    x = ins[0]
    dim = p.get("dim")
    dims = tuple(range(x.ndim)) if dim is None else (dim,) if isinstance(dim, int) else dim
    n = 1
    for d in dims:
        n *= x.shape[d]
    correction = 1 if p.get("correction") is None else p["correction"]
    centred = x - x.mean(dims, keepdim=True)
    return (centred * ts[0] * (2.0 / (n - correction))).sum(dims, keepdim=p.get("keepdim",
                                                                                False))


def kind(op):
    """How ``op`` gets its JVP: ``"rule"``, ``"linear"``, ``"elementwise"``, ``"vjp"``
    (the double-vjp trick) or ``"missing"`` (PyTorch has no derivative of it)."""
    if op.name in RULES:
        return "rule"
    if op.name in LINEAR:
        return "linear"
    grads = () if op.variadic else op.grads
    if any(g is not None and g.missing for g in grads):
        return "missing"
    if op.category in ELEMENTWISE or op.name in ELEMENTWISE_OPS:
        return "elementwise"
    return "vjp"


assert all(n in OPS for n in RULES), sorted(set(RULES) - set(OPS))
