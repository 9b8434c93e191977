"""Every differentiable op of the table against central differences, in float64.

One table, ``CASES``, holds each op's cases: a function built with the public API and the
inputs it takes. Each case is checked to first order (the analytic Jacobian against
central differences of the forward) and to second order (``create_graph=True``: the
gradient is differentiated again and checked against central differences of the analytic
gradient), over shapes (), (4,), (3, 4), (1, 4) and broadcasting pairs. Inputs are drawn
away from kinks (0 for abs/relu/sign, integers for floor/ceil, ties for max/min, the
edges of log/sqrt's domain ...). ``test_every_op_has_a_case`` fails when an op is added to
``OPS`` without a case here, and every case must record the op it claims to test.
"""
import zlib

import numpy as np
import pytest

import gradstudio.engine as torch
from gradstudio.engine.optable import OPS
from gradstudio.engine.autograd import GradcheckError, gradcheck, gradgradcheck

UNARY_SHAPES = [(), (4,), (3, 4), (1, 4)]
BINARY_SHAPES = [((), ()), ((4,), (4,)), ((3, 4), (3, 4)), ((1, 4), (1, 4)),
                 ((3, 4), (1, 4)), ((3, 4), (4,)), ((3, 1), (1, 4)), ((), (3, 4)),
                 ((1, 4), (3, 4))]


# ---------------------------------------------------------------- input domains
def anywhere(rng, shape):
    return rng.uniform(-2, 2, shape)


def away0(rng, shape):
    """|x| >= 0.2: away from the kink of abs, relu, sign and the 1-norm."""
    return rng.choice([-1.0, 1.0], shape) * rng.uniform(0.2, 2, shape)


def positive(rng, shape):
    return rng.uniform(0.5, 2, shape)


def fractional(rng, shape):
    """Away from integers and half-integers (floor, ceil, round, trunc)."""
    frac = rng.uniform(0.15, 0.35, shape) + rng.choice([0.0, 0.5], shape)
    return rng.integers(-2, 2, shape) + frac


def near_one(rng, shape):
    """Within 3% of 1 or -1: a fractional() number divided by it stays away from the
    integers where remainder jumps."""
    return rng.choice([-1.0, 1.0], shape) * rng.uniform(0.97, 1.03, shape)


def zeros_at(*flat):
    """anywhere(), with exact zeros at the given flat positions (prod's other formula)."""
    def domain(rng, shape):
        x = anywhere(rng, shape)
        x.reshape(-1)[list(flat)] = 0.0
        return x
    return domain


def distinct(rng, shape):
    """No two elements (nor their absolute values) within 0.1 of each other: max, min
    and the inf-norm have no ties."""
    n = int(np.prod(shape, dtype=int))
    mags = 0.3 + 0.25 * rng.permutation(n) + rng.uniform(0, 0.05, n)
    return (rng.choice([-1.0, 1.0], n) * mags).reshape(shape)


def off_clamp(rng, shape):
    """Away from the clamp bounds +-0.5."""
    x = rng.uniform(0.6, 1.5, shape) * rng.choice([-1.0, 1.0], shape)
    inner = rng.uniform(-0.4, 0.4, shape)
    return np.where(rng.random(shape) < 0.5, x, inner)


def inside_unit(rng, shape):
    """Inside (-0.9, 0.9): away from the poles of tan and the ends of asin, acos, atanh."""
    return rng.uniform(-0.9, 0.9, shape)


def well_conditioned(rng, shape):
    """Square matrices near 2 * identity: invertible, far from singular."""
    return 2.0 * np.eye(shape[-1]) + rng.uniform(-0.5, 0.5, shape)


def above_one(rng, shape):
    """Above 1.1: inside acosh's domain, away from its end."""
    return rng.uniform(1.1, 3.0, shape)


class Case:
    """One check: ``fn(*tensors)`` where each tensor is drawn from ``(shape, domain)``.
    ``op`` is the table entry the case must record; ``dtype`` is the inputs' dtype;
    ``eps`` overrides the step (only the ``to`` cases, which round to float32);
    ``second_order=False`` for an op whose backward PyTorch cannot differentiate (then the
    second-order check expects PyTorch's error instead)."""

    def __init__(self, op, label, fn, *inputs, dtype=np.float64, eps=1e-6, second_order=True):
        self.op, self.label, self.fn, self.inputs = op, label, fn, inputs
        self.dtype, self.eps, self.second_order = dtype, eps, second_order

    @property
    def id(self):
        return f"{self.op}-{self.label}"

    def make(self):
        rng = np.random.default_rng(zlib.crc32(self.id.encode()))
        out = []
        for shape, domain in self.inputs:
            x = torch.from_numpy(np.asarray(domain(rng, shape), self.dtype))
            out.append(x.requires_grad_())
        return tuple(out)


CASES = []


def case(op, label, fn, *inputs, **kw):
    CASES.append(Case(op, label, fn, *inputs, **kw))


def _s(shape):
    return "x".join(map(str, shape)) or "scalar"


# ---------------------------------------------------------------- arithmetic
for _sa, _sb in BINARY_SHAPES:
    _lab = f"{_s(_sa)}-{_s(_sb)}"
    case("add", _lab, lambda a, b: a + b, (_sa, anywhere), (_sb, anywhere))
    case("sub", _lab, lambda a, b: a - b, (_sa, anywhere), (_sb, anywhere))
    case("mul", _lab, lambda a, b: a * b, (_sa, anywhere), (_sb, anywhere))
    case("div", _lab, lambda a, b: a / b, (_sa, anywhere), (_sb, away0))
    case("pow_tensor", _lab, lambda a, b: a ** b, (_sa, positive), (_sb, anywhere))
    # distinct() values are spaced 0.25 apart and the shift keeps a - b away from 0
    case("maximum", _lab, lambda a, b: torch.maximum(a, b + 0.11), (_sa, distinct),
         (_sb, distinct))
    case("minimum", _lab, lambda a, b: torch.minimum(a, b + 0.11), (_sa, distinct),
         (_sb, distinct))
    case("where", _lab, lambda a, b: torch.where(a.detach() > 0, a, b), (_sa, away0),
         (_sb, anywhere))
    case("remainder", _lab, lambda a, b: a % b, (_sa, fractional), (_sb, near_one))
    case("atan2", _lab, torch.atan2, (_sa, away0), (_sb, away0))
    case("lerp", _lab, lambda a, b: torch.lerp(a, b, 0.3), (_sa, anywhere), (_sb, anywhere))
    case("lerp", "far-" + _lab, lambda a, b: a.lerp(b, 0.8), (_sa, anywhere), (_sb, anywhere))
    # distinct() values are spaced 0.25 apart and the shift keeps a - b away from 0
    case("fmax", _lab, lambda a, b: torch.fmax(a, b + 0.11), (_sa, distinct), (_sb, distinct))
    case("fmin", _lab, lambda a, b: a.fmin(b + 0.11), (_sa, distinct), (_sb, distinct))
    # (fractional() / near_one() stays away from the integers where fmod jumps)
    case("fmod", _lab, torch.fmod, (_sa, fractional), (_sb, near_one))
    case("hypot", _lab, torch.hypot, (_sa, away0), (_sb, away0))
    case("copysign", _lab, torch.copysign, (_sa, away0), (_sb, away0))
case("nansum", "all", lambda a: a.nansum(), ((3, 4), anywhere))
case("nansum", "dim", lambda a: torch.nansum(a, 1, keepdim=True), ((3, 4), anywhere))
case("nansum", "with-nan", lambda a: torch.where(a > 0, a, float("nan")).nansum(0),
     ((3, 4), away0))
case("_aminmax_min", "all", lambda a: a.aminmax().min, ((3, 4), distinct))
case("_aminmax_max", "dim", lambda a: torch.aminmax(a, dim=0).max, ((3, 4), distinct))
case("linalg_cross", "vectors", lambda a, b: torch.linalg.cross(a, b), ((3,), anywhere),
     ((3,), anywhere))
case("linalg_cross", "broadcast", lambda a, b: torch.cross(a, b, dim=0), ((3, 4), anywhere),
     ((3, 1), anywhere))
for _p in (2.0, 1.0, 3.0, float("inf")):
    case("dist", f"p{_p:g}", lambda a, b, _p=_p: torch.dist(a, b, _p), ((3, 4), distinct),
         ((4,), distinct))
def _lower_factor(rng, shape):
    """Lower-triangular factors with a diagonal away from 0 (A = L Lᵀ well conditioned)."""
    return np.tril(rng.uniform(-0.5, 0.5, shape)) + 1.5 * np.eye(shape[-1])


case("_cholesky_inverse", "lower", torch.cholesky_inverse, ((3, 3), _lower_factor))
case("_cholesky_inverse", "upper", lambda f: torch.cholesky_inverse(f.mT, upper=True),
     ((3, 3), _lower_factor))
case("_cholesky_solve", "lower", torch.cholesky_solve, ((3, 2), anywhere), ((3, 3), _lower_factor))
case("_cholesky_solve", "upper", lambda b, f: b.cholesky_solve(f.mT, True), ((3, 2), anywhere),
     ((3, 3), _lower_factor))
case("lerp_tensor", "weight", lambda a, b, w: torch.lerp(a, b, w), ((3, 4), anywhere),
     ((4,), anywhere), ((3, 1), anywhere))
case("addcmul", "broadcast", lambda a, b, c: torch.addcmul(a, b, c, value=0.5), ((3, 4), anywhere),
     ((4,), anywhere), ((3, 1), anywhere))
case("addcmul", "method", lambda a, b, c: a.addcmul(b, c), ((4,), anywhere), ((4,), anywhere),
     ((4,), anywhere))
case("addcdiv", "broadcast", lambda a, b, c: torch.addcdiv(a, b, c, value=-2), ((3, 4), anywhere),
     ((4,), anywhere), ((3, 1), away0))
case("addcdiv", "method", lambda a, b, c: a.addcdiv(b, c), ((4,), anywhere), ((4,), anywhere),
     ((4,), away0))
case("fmod_scalar", "1.5", lambda a: torch.fmod(a, 1.5), ((3, 4), fractional))
case("fmod_scalar", "-1", lambda a: a.fmod(-1), ((4,), fractional))
case("copysign_scalar", "-2", lambda a: torch.copysign(a, -2), ((3, 4), away0))
case("copysign_scalar", "2", lambda a: a.copysign(2.0), ((4,), away0))
case("remainder_scalar", "1", lambda a: a % 1.0, ((3, 4), fractional))
case("remainder_scalar", "-1", lambda a: torch.remainder(a, -1), ((4,), fractional))
case("add", "alpha", lambda a, b: a.add(b, alpha=2.5), ((3, 4), anywhere), ((4,), anywhere))
case("sub", "alpha", lambda a, b: a.sub(b, alpha=-0.5), ((3, 4), anywhere), ((1, 4), anywhere))
case("add", "number", lambda a: 1.5 + a, ((3, 4), anywhere))
case("sub", "number", lambda a: a - 1.5, ((3, 4), anywhere))
case("mul", "number", lambda a: 3.0 * a, ((3, 4), anywhere))
case("div", "number", lambda a: a / 4.0, ((3, 4), anywhere))
case("mul", "self", lambda a: a * a, ((3, 4), anywhere))
case("reciprocal", "number-over", lambda a: 2.0 / a, ((3, 4), away0))
for _shape in UNARY_SHAPES:
    case("rsub", _s(_shape), lambda a: 2.0 - a, (_shape, anywhere))
    for _e in (2.0, 3, 0.5, -1.5, 1, 0):
        case("pow", f"{_e}-{_s(_shape)}", lambda a, _e=_e: a ** _e, (_shape, positive))
    for _b in (2.0, 0.5, np.e):
        case("rpow", f"{_b:.3g}-{_s(_shape)}", lambda a, _b=_b: _b ** a, (_shape, anywhere))
case("pow", "3-negative", lambda a: a ** 3, ((3, 4), anywhere))
case("pow", "2-negative", lambda a: a.square(), ((3, 4), anywhere))
case("rsub", "alpha", lambda a: a.__rsub__(2.0, alpha=3), ((3, 4), anywhere))

# ---------------------------------------------------------------- elementwise
_UNARY = [("neg", anywhere, lambda a: -a), ("exp", anywhere, torch.exp),
          ("log", positive, torch.log), ("sin", anywhere, torch.sin),
          ("cos", anywhere, torch.cos), ("tanh", anywhere, torch.tanh),
          ("sigmoid", anywhere, torch.sigmoid), ("relu", away0, torch.relu),
          ("abs", away0, torch.abs), ("sqrt", positive, torch.sqrt),
          ("rsqrt", positive, torch.rsqrt), ("reciprocal", away0, torch.reciprocal),
          ("log1p", positive, torch.log1p), ("expm1", anywhere, torch.expm1),
          ("sign", away0, torch.sign), ("floor", fractional, torch.floor),
          ("ceil", fractional, torch.ceil), ("round", fractional, torch.round),
          ("trunc", fractional, lambda a: a.trunc()),
          ("clamp", off_clamp, lambda a: a.clamp(-0.5, 0.5)),
          ("tan", inside_unit, torch.tan), ("asin", inside_unit, torch.asin),
          ("acos", inside_unit, torch.acos), ("atan", anywhere, torch.atan),
          ("sinh", anywhere, torch.sinh), ("cosh", anywhere, torch.cosh),
          ("asinh", anywhere, torch.asinh), ("acosh", above_one, torch.acosh),
          ("atanh", inside_unit, torch.atanh), ("erf", anywhere, torch.erf),
          ("erfc", anywhere, torch.erfc), ("log2", positive, torch.log2),
          ("log10", positive, torch.log10), ("exp2", anywhere, torch.exp2),
          ("frac", fractional, torch.frac)]
for _name, _dom, _fn in _UNARY:
    for _shape in UNARY_SHAPES:
        case(_name, _s(_shape), _fn, (_shape, _dom))
case("clamp", "min", lambda a: a.clamp(min=0.5), ((3, 4), off_clamp))
case("clamp", "max", lambda a: a.clamp_max(-0.5), ((3, 4), off_clamp))
case("log1p", "near-0", torch.log1p, ((3, 4), lambda rng, s: rng.uniform(-0.5, 0.5, s)))

# ---------------------------------------------------------------- rearranging, masking
case("flip", "dims", lambda a: a.flip((0, 2)), ((2, 3, 4), anywhere))
case("tril", "-1", lambda a: a.tril(-1), ((2, 3, 4), anywhere))
case("triu", "1", lambda a: torch.triu(a, 1), ((4, 3), anywhere))
case("masked_fill", "broadcast", lambda a: a.masked_fill(a.detach() > 0, 2.5), ((3, 4), anywhere))
case("xlogy", "both", torch.xlogy, ((3, 4), away0), ((3, 4), positive))
case("xlogy", "broadcast", lambda a, b: a.xlogy(b), ((3, 4), anywhere), ((4,), positive))
case("repeat", "lead", lambda a: a.repeat(2, 1, 3), ((3, 4), anywhere))
case("repeat", "ones", lambda a: a.repeat(1, 1), ((3, 4), anywhere))
case("gather", "repeats", lambda a: a.gather(1, torch.tensor([[0, 0, 3], [2, 1, 2], [3, 3, 3]])),
     ((3, 4), anywhere))
case("index_select", "repeats", lambda a: a.index_select(0, torch.tensor([2, 0, 2, 2])),
     ((3, 4), anywhere))
case("embedding", "repeats", lambda a: torch.nn.functional.embedding(
    torch.tensor([[2, 0], [2, 2]]), a), ((3, 4), anywhere))
case("logsumexp", "dim1", lambda a: a.logsumexp(1), ((3, 4), anywhere))
# batch norm: the batch's statistics (their second derivatives are PyTorch's
# batchnorm_double_backward), the running averages in eval mode, without weight and bias
_RM = torch.tensor([0.5, -1.0, 0.25], dtype=torch.float64)
_RV = torch.tensor([2.0, 0.5, 1.5], dtype=torch.float64)
case("batch_norm", "train-2d", lambda x, w, b: torch.nn.functional.batch_norm(
    x, None, None, w, b, training=True), ((4, 3), anywhere), ((3,), anywhere), ((3,), anywhere))
case("batch_norm", "train-3d", lambda x, w, b: torch.nn.functional.batch_norm(
    x, _RM.clone(), _RV.clone(), w, b, training=True, momentum=0.3), ((2, 3, 5), anywhere),
     ((3,), anywhere), ((3,), anywhere))
case("batch_norm", "train-4d-plain", lambda x: torch.nn.functional.batch_norm(
    x, None, None, training=True, eps=1e-3), ((2, 3, 2, 2), anywhere))
case("batch_norm", "eval", lambda x, w, b: torch.nn.functional.batch_norm(
    x, _RM, _RV, w, b), ((2, 3, 4), anywhere), ((3,), anywhere), ((3,), anywhere))
# layer norm: a row's statistics over the last dimensions (second derivatives through the
# composite the tensor path records)
case("layer_norm", "affine", lambda x, w, b: torch.nn.functional.layer_norm(
    x, (4,), w, b), ((3, 4), anywhere), ((4,), anywhere), ((4,), anywhere))
case("layer_norm", "two-dims-plain", lambda x: torch.nn.functional.layer_norm(
    x, (3, 4), eps=1e-3), ((2, 3, 4), anywhere))
case("layer_norm", "weight-only", lambda x, w: torch.nn.functional.layer_norm(
    x, (5,), w), ((2, 5), anywhere), ((5,), anywhere))
case("group_norm", "affine", lambda x, w, b: torch.nn.functional.group_norm(
    x, 2, w, b), ((3, 4, 2), anywhere), ((4,), anywhere), ((4,), anywhere))
case("group_norm", "plain-4d", lambda x: torch.nn.functional.group_norm(
    x, 1, eps=1e-3), ((2, 3, 2, 2), anywhere))
case("logsumexp", "keepdim", lambda a: torch.logsumexp(a, (0, 1), keepdim=True), ((3, 4), anywhere))
case("sort", "descending", lambda a: a.sort(1, descending=True).values, ((3, 4), distinct))
case("sort", "stable", lambda a: torch.sort(a, dim=0, stable=True).values, ((3, 4), distinct))
case("topk", "sorted", lambda a: a.topk(2, 1).values, ((3, 5), distinct))
case("topk", "smallest", lambda a: a.topk(3, 0, largest=False, sorted=False).values,
     ((4, 3), distinct))
case("median", "all", lambda a: a.median(), ((3, 5), distinct))
case("median_dim", "dim1", lambda a: a.median(1).values, ((3, 4), distinct))
case("median_dim", "keepdim", lambda a: a.median(0, keepdim=True).values, ((3, 4), distinct))
case("mode", "dim1", lambda a: a.mode(1).values, ((3, 4), distinct))
case("kthvalue", "dim1", lambda a: a.kthvalue(2, 1).values, ((3, 5), distinct))
case("kthvalue", "keepdim", lambda a: torch.kthvalue(a, 3, 0, keepdim=True).values,
     ((4, 3), distinct))
case("nanmedian", "all", lambda a: a.nanmedian(), ((3, 5), distinct))
case("nanmedian_dim", "dim1", lambda a: a.nanmedian(1).values, ((3, 4), distinct))
case("nanmedian_dim", "keepdim", lambda a: torch.nanmedian(a, 0, keepdim=True).values,
     ((3, 4), distinct))
# (the running extreme repeats values: their gradients add up where they came from)
case("cummax", "dim1", lambda a: a.cummax(1).values, ((3, 5), distinct))
case("cummax", "dim0-squared", lambda a: torch.cummax(a, 0).values ** 2, ((4, 3), distinct))
case("cummin", "dim1", lambda a: a.cummin(1).values, ((3, 5), distinct))
case("_squeeze_dim_", "quantile", lambda a: a.quantile(0.3, 1), ((3, 5), distinct))
case("_squeeze_dim_", "nanquantile", lambda a: torch.nanquantile(
    a, torch.tensor([0.2, 0.9], dtype=torch.float64), 0, keepdim=True), ((4, 3), distinct))
# the in-place shape changes, on a result (a leaf refuses them)
case("_t_", "2d", lambda a: (a * 1).t_(), ((3, 4), anywhere))
case("_transpose_", "3d", lambda a: (a * 1).transpose_(0, 2), ((2, 3, 4), anywhere))
case("_unsqueeze_", "middle", lambda a: (a * 1).unsqueeze_(1) ** 2, ((3, 4), anywhere))
case("_squeeze_", "all", lambda a: (a * 1).squeeze_(), ((3, 1, 4), anywhere))
case("_squeeze_dim_", "in-place", lambda a: (a * 1).squeeze_(-1), ((3, 1), anywhere))
case("cummin", "1d", lambda a: torch.cummin(a, -1).values, ((6,), distinct))
case("mode", "keepdim", lambda a: torch.mode(a, 0, keepdim=True).values, ((3, 4), distinct))
case("round_decimals", "0", lambda a: a.round(decimals=0), ((3, 4), fractional))
case("round_decimals", "1", lambda a: torch.round(a, decimals=1), ((3, 4), fractional))
case("div_rounded", "trunc", lambda a, b: torch.div(a, b, rounding_mode="trunc"),
     ((3, 4), fractional), ((4,), near_one))
case("div_rounded", "floor", lambda a, b: a.div(b, rounding_mode="floor"),
     ((3, 4), fractional), ((3, 1), near_one))
case("_spread_of_mean", "std_mean", lambda a: torch.std_mean(a, 1), ((3, 4), anywhere))
case("_mean_of_spread", "var_mean", lambda a: torch.var_mean(a, 0, keepdim=True, correction=0),
     ((3, 4), anywhere))
case("scatter", "src", lambda a, b: a.scatter(0, torch.tensor([[2, 0, 1], [1, 2, 0]]), b),
     ((3, 3), anywhere), ((2, 3), anywhere))
case("scatter_value", "number", lambda a: a.scatter(1, torch.tensor([[0], [2]]), 1.5),
     ((2, 3), anywhere))
case("scatter_add", "repeats", lambda a, b: a.scatter_add(1, torch.tensor([[0, 0, 2]]), b),
     ((2, 3), anywhere), ((1, 3), anywhere))
_SR_INDEX = [[0, 0, 2], [1, 0, 1]]
for _red in ("sum", "prod", "mean", "amax", "amin"):
    for _inc in (True, False):
        case("scatter_reduce", f"{_red}-{'self' if _inc else 'noself'}",
             lambda a, b, r=_red, i=_inc: a.scatter_reduce(1, torch.tensor(_SR_INDEX), b, r,
                                                          include_self=i),
             ((2, 3), distinct if _red in ("amax", "amin") else away0),
             ((2, 3), distinct if _red in ("amax", "amin") else away0))
case("sgn", "zero", lambda a: torch.sgn(a) * a, ((3, 4), away0))
case("deg2rad", "method", lambda a: a.deg2rad(), ((3, 4), anywhere))
case("rad2deg", "function", lambda a: torch.rad2deg(a), ((3, 4), anywhere))
case("index_add", "alpha", lambda a, b: a.index_add(0, torch.tensor([1, 1, 0]), b, alpha=2.0),
     ((2, 3), anywhere), ((3, 3), anywhere))
case("roll", "dims", lambda a: a.roll((1, -2), (0, 1)), ((3, 4), anywhere))
case("roll", "flat", lambda a: torch.roll(a, 5), ((3, 4), anywhere))
case("diagonal", "offset", lambda a: a.diagonal(1, 1, 2), ((2, 3, 4), anywhere))
case("diag", "vector", lambda a: torch.diag(a, -1), ((3,), anywhere))
case("diag", "matrix", lambda a: a.diag(1), ((3, 4), anywhere))
case("trace", "rect", lambda a: a.trace(), ((3, 4), anywhere))
case("cumprod", "dim1", lambda a: a.cumprod(1), ((3, 4), away0))
case("cumprod", "zero", lambda a: a.cumprod(0), ((5,), zeros_at(2)))
case("det", "3x3", lambda a: torch.det(a), ((3, 3), well_conditioned))
case("det", "batch", lambda a: a.det(), ((2, 2, 2), well_conditioned))
case("inverse", "3x3", lambda a: torch.inverse(a), ((3, 3), well_conditioned))
case("masked_select", "broadcast", lambda a: a.masked_select(torch.tensor([True, False, True, True])),
     ((3, 4), anywhere))

# ---------------------------------------------------------------- reductions
for _shape in UNARY_SHAPES:
    _lab = _s(_shape)
    case("sum", _lab, lambda a: a.sum(), (_shape, anywhere))
    case("sum", "dim0-" + _lab, lambda a: a.sum(0), (_shape, anywhere))
    case("sum", "keep-" + _lab, lambda a: a.sum(-1, keepdim=True), (_shape, anywhere))
    case("mean", _lab, lambda a: a.mean(), (_shape, anywhere))
    case("mean", "dim0-" + _lab, lambda a: a.mean(0), (_shape, anywhere))
    case("mean", "keep-" + _lab, lambda a: a.mean(-1, keepdim=True), (_shape, anywhere))
    case("max", _lab, lambda a: a.max(), (_shape, distinct))
    case("min", _lab, lambda a: a.min(), (_shape, distinct))
    case("amax", _lab, lambda a: a.amax(), (_shape, distinct))
    case("amin", "dim-" + _lab, lambda a: a.amin(-1), (_shape, distinct))
    case("amax", "keep-" + _lab, lambda a: torch.amax(a, 0, keepdim=True), (_shape, distinct))
    case("max_dim", _lab, lambda a: a.max(-1).values, (_shape, distinct))
    case("min_dim", _lab, lambda a: a.min(0).values, (_shape, distinct))
    case("max_dim", "keep-" + _lab, lambda a: a.max(0, keepdim=True)[0], (_shape, distinct))
    case("min_dim", "keep-" + _lab, lambda a: a.min(-1, keepdim=True)[0], (_shape, distinct))
    case("softmax", _lab, lambda a: a.softmax(-1), (_shape, anywhere))
    case("softmax", "dim0-" + _lab, lambda a: torch.softmax(a, 0), (_shape, anywhere))
    case("log_softmax", _lab, lambda a: a.log_softmax(-1), (_shape, anywhere))
    case("log_softmax", "dim0-" + _lab, lambda a: torch.log_softmax(a, 0), (_shape, anywhere))
    for _p in (2, 1, 3, 0.5, float("inf"), -float("inf"), 0):
        case("norm", f"p{_p}-{_lab}", lambda a, _p=_p: a.norm(_p), (_shape, distinct))
for _shape in UNARY_SHAPES:
    _lab = _s(_shape)
    case("prod", _lab, lambda a: a.prod(), (_shape, anywhere))
    case("prod", "dim-" + _lab, lambda a: a.prod(-1), (_shape, anywhere))
    case("prod", "keep-" + _lab, lambda a: torch.prod(a, 0, keepdim=True), (_shape, anywhere))
for _shape in UNARY_SHAPES[1:]:  # (a 0-d variance is nan)
    _lab = _s(_shape)
    case("var", _lab, lambda a: a.var(), (_shape, anywhere))
    case("std", _lab, lambda a: a.std(), (_shape, anywhere))
    case("var", "dim-" + _lab, lambda a: a.var(-1, unbiased=False), (_shape, anywhere))
    case("std", "dim-" + _lab, lambda a: torch.std(a, -1, keepdim=True, correction=0),
         (_shape, anywhere))
for _shape in UNARY_SHAPES:
    case("cumsum", _s(_shape), lambda a: a.cumsum(0), (_shape, anywhere))
    case("cumsum", "last-" + _s(_shape), lambda a: torch.cumsum(a, -1), (_shape, anywhere))
case("cumsum", "3d", lambda a: a.cumsum(1) ** 2, ((2, 3, 2), anywhere))
_F = torch.nn.functional
_T3 = torch.tensor([0, 3, 1])
case("nll_loss", "mean", lambda a: _F.cross_entropy(a, _T3), ((3, 4), anywhere))
case("nll_loss", "sum", lambda a: _F.cross_entropy(a, _T3, reduction="sum"), ((3, 4), anywhere))
case("nll_loss", "none", lambda a: _F.cross_entropy(a, _T3, reduction="none"),
     ((3, 4), anywhere))
case("nll_loss", "weight", lambda a: _F.cross_entropy(
    a, _T3, weight=torch.tensor([0.5, 2.0, 1.0, 3.0], dtype=torch.float64)), ((3, 4), anywhere))
case("nll_loss", "ignore", lambda a: _F.cross_entropy(a, _T3, ignore_index=3),
     ((3, 4), anywhere))
case("nll_loss", "vector", lambda a: _F.cross_entropy(a, torch.tensor(2)), ((4,), anywhere))
case("nll_loss", "nll", lambda a: _F.nll_loss(a, _T3), ((3, 4), anywhere))
case("nll_loss", "3d", lambda a: _F.cross_entropy(a, torch.tensor([[0, 2], [1, 1]])),
     ((2, 3, 2), anywhere))
case("nll_loss", "3d-none", lambda a: _F.cross_entropy(a, torch.tensor([[0, 2], [1, 1]]),
                                                       reduction="none"), ((2, 3, 2), anywhere))
for _red in ("mean", "sum", "none"):
    case("mse_loss", _red, lambda a, b, r=_red: _F.mse_loss(a, b, reduction=r),
         ((3, 4), anywhere), ((3, 4), anywhere))
case("mse_loss", "broadcast", lambda a, b: _F.mse_loss(a, b.expand(3, 4)), ((3, 4), anywhere),
     ((4,), anywhere))
case("addmm", "linear", lambda x, w, b: _F.linear(x, w, b), ((5, 3), anywhere),
     ((2, 3), anywhere), ((2,), anywhere))
case("addmm", "linear-1d", lambda x, w, b: _F.linear(x, w, b), ((3,), anywhere),
     ((2, 3), anywhere), ((2,), anywhere))
case("addmm", "linear-3d", lambda x, w, b: _F.linear(x, w, b), ((2, 4, 3), anywhere),
     ((2, 3), anywhere), ((2,), anywhere))
case("leaky_relu", "default", lambda a: _F.leaky_relu(a), ((3, 4), away0))
case("leaky_relu", "0.3", lambda a: _F.leaky_relu(a, 0.3), ((3, 4), away0))
case("elu", "default", lambda a: _F.elu(a), ((3, 4), away0))
case("elu", "alpha", lambda a: _F.elu(a, 0.5), ((3, 4), away0))
case("gelu", "none", lambda a: _F.gelu(a), ((3, 4), anywhere))
case("gelu", "tanh", lambda a: _F.gelu(a, approximate="tanh"), ((3, 4), anywhere))
case("silu", "", lambda a: _F.silu(a), ((3, 4), anywhere))
case("softplus", "default", lambda a: _F.softplus(a), ((3, 4), anywhere))
case("softplus", "beta", lambda a: _F.softplus(a * 4, beta=2, threshold=5), ((3, 4), away0))
case("hardtanh", "default", lambda a: _F.hardtanh(a * 2), ((3, 4), away0))
case("hardtanh", "relu6", lambda a: _F.relu6(a * 4 + 3), ((3, 4), away0))
case("logsigmoid", "", lambda a: _F.logsigmoid(a), ((3, 4), anywhere))
case("selu", "", lambda a: _F.selu(a), ((3, 4), away0))
case("celu", "default", lambda a: _F.celu(a), ((3, 4), away0))
case("celu", "alpha", lambda a: _F.celu(a, 0.5), ((3, 4), away0))
case("hardswish", "", lambda a: _F.hardswish(a * 4), ((3, 4), away0))
case("hardsigmoid", "", lambda a: _F.hardsigmoid(a * 4), ((3, 4), away0),
     second_order=False)
case("mish", "", lambda a: _F.mish(a), ((3, 4), anywhere))
case("threshold", "", lambda a: _F.threshold(a, 0.1, 2.0), ((3, 4), away0))
case("hardshrink", "", lambda a: _F.hardshrink(a * 2), ((3, 4), off_clamp))
case("softshrink", "", lambda a: _F.softshrink(a * 2), ((3, 4), off_clamp))
case("rrelu", "eval", lambda a: _F.rrelu(a), ((3, 4), away0))
case("glu", "last", lambda a: _F.glu(a), ((3, 4), anywhere))
case("glu", "dim0", lambda a: _F.glu(a, 0), ((4, 3), anywhere))
case("prelu", "channels", lambda a, w: _F.prelu(a, w), ((2, 3, 2), away0), ((3,), anywhere))
case("prelu", "one", lambda a, w: _F.prelu(a, w), ((3, 4), away0), ((1,), anywhere))
_SIGNS = torch.tensor([[1.0, -1.0, 1.0, -1.0], [-1.0, 1.0, 1.0, -1.0], [1.0, 1.0, -1.0, -1.0]])
for _red in ("mean", "sum", "none"):
    case("soft_margin_loss", _red, lambda a, r=_red: _F.soft_margin_loss(a, _SIGNS, reduction=r),
         ((3, 4), anywhere))
    # (the hinge losses are piecewise linear: inputs spread out keep them off their kinks)
    case("multi_margin_loss", _red, lambda a, r=_red: _F.multi_margin_loss(
        a * 3, torch.tensor([2, 0, 3]), reduction=r), ((3, 4), distinct))
    case("multilabel_margin_loss", _red, lambda a, r=_red: _F.multilabel_margin_loss(
        a * 3, torch.tensor([[2, 0, -1, 1], [1, -1, 0, 0], [3, 2, 1, 0]]), reduction=r),
         ((3, 4), distinct))
case("norm_p_dim", "triplet", lambda a, b, c: _F.triplet_margin_loss(a, b, c, margin=5.0),
     ((3, 4), anywhere), ((3, 4), anywhere), ((3, 4), anywhere))
case("convolution", "2d", lambda x, w, b: _F.conv2d(x, w, b, stride=(2, 1), padding=1,
                                                    dilation=(1, 2), groups=2),
     ((2, 4, 5, 4), anywhere), ((4, 2, 2, 2), anywhere), ((4,), anywhere))
case("convolution", "1d-no-bias", lambda x, w: _F.conv1d(x, w, padding="same"),
     ((2, 5), anywhere), ((3, 2, 3), anywhere))
case("im2col", "unfold", lambda x: _F.unfold(x, (2, 3), padding=1, stride=2),
     ((1, 2, 4, 5), anywhere))
case("col2im", "fold", lambda x: _F.fold(x, (3, 4), 2), ((1, 8, 6), anywhere))
case("max_pool2d", "overlap", lambda x: _F.max_pool2d(x, 3, 2, 1), ((2, 5, 5), distinct))
case("max_pool2d", "1d", lambda x: _F.max_pool1d(x, 2, ceil_mode=True), ((2, 5), distinct))
case("avg_pool2d", "pad", lambda x: _F.avg_pool2d(x, 3, 2, 1, count_include_pad=False),
     ((1, 2, 5, 4), anywhere))
case("avg_pool2d", "1d", lambda x: _F.avg_pool1d(x, 2), ((2, 6), anywhere))
case("adaptive_avg_pool2d", "", lambda x: _F.adaptive_avg_pool2d(x, (2, 3)),
     ((2, 5, 4), anywhere))
case("adaptive_max_pool2d", "overlap", lambda x: _F.adaptive_max_pool2d(x, (3, 3)),
     ((1, 2, 5, 4), distinct))
case("trilinear", "bilinear", lambda a, b, w, c: _F.bilinear(a, b, w, c),
     ((3, 2), anywhere), ((3, 4), anywhere), ((5, 2, 4), anywhere), ((5,), anywhere))
for _mode in ("sum", "mean", "max"):
    case("embedding_bag", _mode, lambda w, m=_mode: _F.embedding_bag(
        torch.tensor([1, 2, 4, 0, 4, 3]), w, torch.tensor([0, 3, 3]), mode=m) ** 2,
         ((5, 3), distinct), second_order=False)   # (squared: the gradient is a function)
case("embedding_bag_weighted", "per_sample_weights", lambda w, p: _F.embedding_bag(
    torch.tensor([1, 2, 4, 0, 4, 3]), w, torch.tensor([0, 3, 3]), mode="sum",
    per_sample_weights=p, padding_idx=0), ((5, 3), anywhere), ((6,), anywhere),
     second_order=False)
case("norm_p_dim", "p1", lambda a, b: _F.pairwise_distance(a, b, p=3.0), ((3, 4), anywhere),
     ((3, 4), anywhere))
for _red in ("mean", "sum", "none"):
    case("binary_cross_entropy", _red, lambda a, b, r=_red: _F.binary_cross_entropy(
        a.sigmoid(), b.sigmoid(), reduction=r), ((3, 4), anywhere), ((3, 4), anywhere))
    case("binary_cross_entropy_with_logits", _red, lambda a, b, r=_red:
         _F.binary_cross_entropy_with_logits(a, b, reduction=r), ((3, 4), anywhere),
         ((3, 4), anywhere))
    case("smooth_l1_loss", _red, lambda a, b, r=_red: _F.smooth_l1_loss(
        a * 3, b, reduction=r, beta=0.7), ((3, 4), anywhere), ((3, 4), anywhere))
    case("huber_loss", _red, lambda a, b, r=_red: _F.huber_loss(a * 3, b, reduction=r,
                                                             delta=0.8),
         ((3, 4), anywhere), ((3, 4), anywhere))
case("var", "dim0", lambda a: a.var(0), ((3, 4), anywhere))
case("std", "dims", lambda a: a.std((0, 2), correction=0.5), ((2, 3, 2), anywhere))
case("var", "dims-keep", lambda a: a.var((1, -1), keepdim=True), ((2, 3, 2), anywhere))
case("std", "pop", lambda a: a.std(unbiased=False), ((3, 4), anywhere))
case("prod", "one-zero", lambda a: a.prod(), ((3, 4), zeros_at(5)))
case("prod", "two-zeros", lambda a: a.prod(), ((3, 4), zeros_at(2, 9)))
case("prod", "dim-zeros", lambda a: a.prod(1), ((3, 4), zeros_at(0, 1, 6)))
case("prod", "keep-zeros", lambda a: a.prod(0, keepdim=True), ((2, 3, 2), zeros_at(3)))
case("sum", "dims", lambda a: a.sum((0, 2)), ((2, 3, 2), anywhere))
case("sum", "dims-keep", lambda a: a.sum((0, -1), keepdim=True), ((2, 3, 2), anywhere))
case("mean", "dims", lambda a: a.mean((0, 2)), ((2, 3, 2), anywhere))
case("mean", "dims-keep", lambda a: a.mean((1, 2), keepdim=True), ((2, 3, 2), anywhere))
case("max_dim", "3d", lambda a: a.max(1).values, ((2, 3, 2), distinct))
case("amax", "dims", lambda a: a.amax((0, 2)), ((2, 3, 2), distinct))
case("amin", "dims-keep", lambda a: a.amin((-1, 1), keepdim=True), ((2, 3, 2), distinct))
case("min_dim", "3d-keep", lambda a: a.min(2, keepdim=True).values, ((2, 3, 2), distinct))
case("norm", "dim", lambda a: a.norm(dim=1), ((3, 4), distinct))
case("norm", "dim-keep", lambda a: a.norm(2, dim=0, keepdim=True), ((3, 4), distinct))
case("norm", "p3-dim", lambda a: a.norm(3, dim=-1), ((3, 4), distinct))
case("norm", "inf-dim", lambda a: a.norm(float("inf"), dim=1), ((3, 4), distinct))
case("softmax", "3d", lambda a: a.softmax(1), ((2, 3, 2), anywhere))
case("log_softmax", "3d", lambda a: a.log_softmax(1), ((2, 3, 2), anywhere))

# ---------------------------------------------------------------- linear algebra
case("mm", "3x4-4x2", lambda a, b: a.mm(b), ((3, 4), anywhere), ((4, 2), anywhere))
case("mm", "matmul", lambda a, b: a @ b, ((1, 4), anywhere), ((4, 3), anywhere))
case("mm", "vec-mat", lambda a, b: a @ b, ((4,), anywhere), ((4, 3), anywhere))
case("mm", "outer-1", lambda a, b: a.mm(b), ((3, 1), anywhere), ((1, 4), anywhere))
case("baddbmm", "broadcast-self", lambda s, a, b: torch.baddbmm(s, a, b, beta=0.5, alpha=2.0),
     ((3, 2), anywhere), ((2, 3, 4), anywhere), ((2, 4, 2), anywhere))
case("baddbmm", "in-place", lambda s, a, b: (s * 1).baddbmm_(a, b), ((2, 3, 2), anywhere),
     ((2, 3, 4), anywhere), ((2, 4, 2), anywhere))
case("bmm", "2x3x4-2x4x2", torch.bmm, ((2, 3, 4), anywhere), ((2, 4, 2), anywhere))
case("bmm", "broadcast-matmul", lambda a, b: a @ b, ((2, 3, 4), anywhere),
     ((1, 4, 2), anywhere))
case("mv", "3x4-4", torch.mv, ((3, 4), anywhere), ((4,), anywhere))
case("mv", "matmul", lambda a, b: a @ b, ((1, 4), anywhere), ((4,), anywhere))
case("dot", "4-4", torch.dot, ((4,), anywhere), ((4,), anywhere))
case("dot", "matmul", lambda a, b: a @ b, ((1,), anywhere), ((1,), anywhere))

# ---------------------------------------------------------------- shapes and indexing
case("view", "3x4-2x6", lambda a: a.view(2, 6), ((3, 4), anywhere))
case("view", "scalar-1", lambda a: a.view(1), ((), anywhere))
case("view", "flatten", lambda a: a.flatten(), ((1, 4), anywhere))
case("view", "reshape-scalar", lambda a: a.reshape(()), ((1,), anywhere))
case("_unsafe_view", "reshape-copy", lambda a: a.t().reshape(12), ((3, 4), anywhere))
case("_unsafe_view", "matmul-3d", lambda a, b: a @ b, ((2, 3, 4), anywhere),
     ((4, 2), anywhere))
case("squeeze", "all", lambda a: a.squeeze(), ((1, 4), anywhere))
case("squeeze", "dim", lambda a: a.squeeze(1), ((3, 1), anywhere))
case("squeeze", "scalar", lambda a: a.squeeze(), ((), anywhere))
case("squeeze", "noop-dim", lambda a: a.squeeze(0), ((3, 4), anywhere))
case("squeeze", "dims", lambda a: a.squeeze((1, 2)), ((3, 1, 1), anywhere))
case("squeeze", "dims-noop", lambda a: a.squeeze((0, -1)), ((3, 2), anywhere))
case("unsqueeze", "scalar", lambda a: a.unsqueeze(0), ((), anywhere))
case("unsqueeze", "front", lambda a: a.unsqueeze(0), ((3, 4), anywhere))
case("unsqueeze", "back", lambda a: a.unsqueeze(-1), ((4,), anywhere))
case("expand", "1x4-3x4", lambda a: a.expand(3, 4), ((1, 4), anywhere))
case("expand", "scalar", lambda a: a.expand(2, 3), ((), anywhere))
case("expand", "new-dims", lambda a: a.expand(2, 3, 4), ((4,), anywhere))
case("expand", "as", lambda a, b: a.expand_as(b) * b, ((3, 1), anywhere), ((3, 4), anywhere))
case("t", "3x4", lambda a: a.t(), ((3, 4), anywhere))
case("t", "vector", lambda a: a.t(), ((4,), anywhere))
case("t", "scalar", lambda a: a.t(), ((), anywhere))
case("transpose", "3x4", lambda a: a.transpose(0, 1), ((3, 4), anywhere))
case("transpose", "3d", lambda a: a.transpose(0, -1), ((2, 3, 4), anywhere))
case("transpose", "mT", lambda a: a.mT, ((1, 4), anywhere))
case("permute", "3d", lambda a: a.permute(2, 0, 1), ((2, 3, 4), anywhere))
case("permute", "T", lambda a: a.T, ((3, 4), anywhere))
case("select", "int", lambda a: a[1], ((3, 4), anywhere))
case("select", "column", lambda a: a[:, 2], ((3, 4), anywhere))
case("select", "negative", lambda a: a.select(1, -1), ((3, 4), anywhere))
case("select", "vector", lambda a: a[3], ((4,), anywhere))
case("slice", "rows", lambda a: a[1:3], ((3, 4), anywhere))
case("slice", "step", lambda a: a[:, ::2], ((3, 4), anywhere))
case("slice", "narrow", lambda a: a.narrow(1, 1, 2), ((1, 4), anywhere))
case("index", "list", lambda a: a[[0, 2]], ((3, 4), anywhere))
case("index", "repeated", lambda a: a[torch.tensor([0, 0, 2, 0])], ((3, 4), anywhere))
case("index", "mask", lambda a: a[a.detach() > 0], ((3, 4), away0))
case("index", "columns", lambda a: a[:, [1, 3, 1]], ((3, 4), anywhere))
case("index", "vector", lambda a: a[[3, 1, 3]], ((4,), anywhere))
case("clone", "3x4", lambda a: a.clone(), ((3, 4), anywhere))
case("clone", "scalar", lambda a: a.clone(), ((), anywhere))
# A float32 result (or gradient) is rounded by up to 6e-8, which a step of 1e-6 turns into
# a 3% error: these two cases take a step of 1e-3 (their functions are polynomials of
# degree <= 2, so central differences stay exact).
case("to", "float32-float64", lambda a: a.to(torch.float64) ** 2, ((3, 4), anywhere),
     dtype=np.float32, eps=1e-3)
case("to", "float64-float32", lambda a: a.float(), ((4,), anywhere), eps=1e-3)
case("cat", "dim0", lambda a, b, c: torch.cat([a, b, c]), ((1, 4), anywhere),
     ((3, 4), anywhere), ((2, 4), anywhere))
case("cat", "dim1", lambda a, b: torch.cat([a, b], dim=1), ((3, 1), anywhere),
     ((3, 4), anywhere))
case("cat", "dim-neg", lambda a, b: torch.cat((a, b), -1), ((4,), anywhere), ((2,), anywhere))
case("cat", "reuse", lambda a: torch.cat([a, a * 2, a]), ((4,), anywhere))
case("stack", "dim0", lambda a, b: torch.stack([a, b]), ((3, 4), anywhere), ((3, 4), anywhere))
case("stack", "dim-last", lambda a, b, c: torch.stack([a, b, c], -1), ((4,), anywhere),
     ((4,), anywhere), ((4,), anywhere))
case("stack", "scalars", lambda a, b: torch.stack([a, b]), ((), anywhere), ((), anywhere))
case("where", "number", lambda a: torch.where(a.detach() > 0, a, 0.0), ((3, 4), away0))
# several views sharing one node; an output no gradient reaches counts as zeros
case("split", "rows", lambda a: a.split(2), ((3, 4), anywhere))
case("split", "columns", lambda a: torch.split(a, 1, dim=1), ((3, 4), anywhere))
case("split", "one-used", lambda a: a.split(2)[1] * 2, ((5,), anywhere))
case("split", "chunk", lambda a: a.chunk(2, -1), ((3, 4), anywhere))
case("split_with_sizes", "rows", lambda a: a.split([1, 2]), ((3, 4), anywhere))
case("split_with_sizes", "mixed", lambda a: (lambda p, q, r: p * r.sum() + q.sum())(
    *a.split([1, 0, 3], 1)), ((3, 4), anywhere))
case("unbind", "rows", lambda a: a.unbind(), ((3, 4), anywhere))
case("unbind", "columns", lambda a: torch.unbind(a, 1)[2] * torch.unbind(a, 1)[0],
     ((3, 4), anywhere))
case("unbind", "iterate", lambda a: sum(r * r for r in a), ((4,), anywhere))

# in-place ops record internal table entries; they are checked too, though not required
case("_setitem", "slice", lambda a, b: _set(a, (slice(None), 1), b), ((3, 4), anywhere),
     ((3,), anywhere))
case("_setitem", "index", lambda a, b: _set(a, 1, b * b), ((3, 4), anywhere), ((1, 4), anywhere))
case("_copy", "broadcast", lambda a, b: _inplace(a, "copy_", b), ((3, 4), anywhere),
     ((4,), anywhere))
case("_zero", "3x4", lambda a: _inplace(a, "zero_") + a, ((3, 4), anywhere))
case("_fill", "3x4", lambda a: _inplace(a, "fill_", 2.0) * a, ((3, 4), anywhere))
case("_fill_tensor", "3x4", lambda a, v: _inplace(a, "fill_", v) * a, ((3, 4), anywhere),
     ((), anywhere))
case("_fill_tensor", "setitem-all", lambda a, v: _set(a, slice(None), v * v), ((3, 4), anywhere),
     ((), anywhere))
case("_copy", "setitem-all", lambda a, b: _set(a, Ellipsis, b), ((3, 4), anywhere),
     ((1, 4), anywhere))
case("mul", "inplace", lambda a, b: _inplace(a, "mul_", b), ((3, 4), anywhere),
     ((1, 4), anywhere))
case("exp", "inplace", lambda a: _inplace(a, "exp_"), ((3, 4), anywhere))
for _p in (2.0, 1.0, 3.0, 1.5, float("inf")):
    case("_cdist_forward", f"p{_p}", lambda a, b, p=_p: torch.cdist(a, b, p=p),
         ((3, 2), distinct), ((4, 2), distinct), second_order=False)
case("_cdist_forward", "batched", lambda a, b: torch.cdist(a, b), ((2, 3, 2), distinct),
     ((4, 2), distinct), second_order=False)
case("_ctc_loss", "padded", lambda a: torch.nn.functional.ctc_loss(
    a.log_softmax(2), torch.tensor([[1, 1, 2], [2, 0, 0]]), (5, 4), (3, 1), reduction="none"),
    ((5, 2, 3), anywhere), second_order=False)
case("_ctc_loss", "concatenated-mean", lambda a: torch.nn.functional.ctc_loss(
    a.log_softmax(1), torch.tensor([2, 1]), (4,), (2,)), ((4, 3), anywhere), second_order=False)
case("constant_pad_nd", "pad-and-crop",
     lambda a: torch.nn.functional.pad(a, (1, -1, 2, 0), value=0.5), ((3, 4), anywhere))
case("constant_pad_nd", "1d", lambda a: torch.nn.functional.pad(a, (2, 1)), ((4,), anywhere))
# in-place comparisons: zero gradients (EqBackward0 / EqBackward1 ...); away from the jumps
for _name in ("eq", "ne", "lt", "le", "gt", "ge"):
    case(f"_{_name}_inplace0", "3x4", lambda a, n=_name: _inplace(a, n + "_", 0.0) + a * a,
         ((3, 4), away0))
    case(f"_{_name}_inplace1", "3x4-4", lambda a, b, n=_name: _inplace(a, n + "_", b) + a * b,
         ((3, 4), distinct), ((4,), distinct))


def _set(a, key, value):
    y = a * 1.0
    y[key] = value
    return y


def _inplace(a, method, *args):
    y = a * 1.0
    return getattr(y, method)(*args)


# ---------------------------------------------------------------- the checks
def _recorded_ops(outputs):
    ops, seen = set(), set()
    stack = [o.grad_fn for o in outputs if o.grad_fn is not None]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        ops.add(n._op.name)
        stack.extend(f for f, _ in n.next_functions if f is not None)
    return ops


def _outputs(x):
    return (x,) if isinstance(x, torch.Tensor) else tuple(x)


def test_every_op_has_a_case():
    # (an op PyTorch records only to fail in backward, such as floor_divide, has none)
    required = {n for n, op in OPS.items() if op.has_derivative and op.category != "internal"}
    missing = required - {c.op for c in CASES}
    assert not missing, f"ops without a gradcheck case: {sorted(missing)}"


def test_cases_name_real_ops_once():
    assert {c.op for c in CASES} <= set(OPS)
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.id)
def test_first_order(c):
    inputs = c.make()
    out = _outputs(c.fn(*inputs))
    assert c.op in _recorded_ops(out), f"{c.id} does not record {c.op}"
    assert gradcheck(c.fn, inputs, eps=c.eps, atol=1e-5, rtol=1e-3, check_grad_dtypes=True)


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.id)
def test_second_order(c):
    inputs = c.make()
    out = [o for o in _outputs(c.fn(*inputs)) if o.requires_grad]
    if not c.second_order:
        grads = torch.autograd.grad(out, inputs, [torch.ones_like(o) for o in out],
                                    create_graph=True)
        # (PyTorch's words: "derivative for aten::x is not implemented" or, from a node
        # it names CdistBackwardBackward0, NotImplementedError "the derivative for '_x' ...")
        with pytest.raises((RuntimeError, NotImplementedError),
                           match=r"derivative for (aten::\w+|'\w+') is not implemented"):
            sum(g.sum() for g in grads).backward()
        return
    # the numpy path (plain backward) and the tensor path (create_graph) agree exactly
    rng = np.random.default_rng(1)
    seeds = [torch.from_numpy(rng.standard_normal(tuple(o.shape)).astype(o.dtype.np))
             for o in out]
    plain = torch.autograd.grad(out, inputs, seeds, retain_graph=True, allow_unused=True)
    graph = torch.autograd.grad(out, inputs, seeds, create_graph=True, allow_unused=True)
    for p, g in zip(plain, graph):
        assert (p is None) == (g is None)
        if p is not None:
            assert g.dtype == p.dtype and g.shape == p.shape
            np.testing.assert_allclose(g.detach().numpy(), p.numpy(), rtol=1e-12, atol=1e-12)
    assert gradgradcheck(c.fn, inputs, eps=c.eps, atol=1e-5, rtol=1e-3,
                         check_grad_dtypes=True)


# ---------------------------------------------------------------- the checker itself
def test_gradcheck_catches_a_wrong_gradient():
    x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
    with pytest.raises(GradcheckError, match="Jacobian mismatch for output 0 with respect to "
                                             "input 0"):
        gradcheck(lambda a: a * a.detach(), (x,))
    assert gradcheck(lambda a: a * a.detach(), (x,), raise_exception=False) is False


def test_gradgradcheck_catches_a_wrong_second_derivative():
    x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
    # the gradient 2 x x.detach() is differentiated holding x.detach() constant, while
    # central differences move it too
    with pytest.raises(GradcheckError):
        gradgradcheck(lambda a: a * a * a.detach(), (x,))


def test_gradcheck_needs_an_input_that_requires_grad():
    with pytest.raises(ValueError, match="at least one input tensor to require gradient"):
        gradcheck(lambda a: a * 2, (torch.ones(2, dtype=torch.float64),))


def test_gradcheck_checks_several_inputs_and_outputs():
    a = torch.tensor([0.3, 0.7], dtype=torch.float64, requires_grad=True)
    b = torch.tensor([[1.5], [-0.5]], dtype=torch.float64, requires_grad=True)
    c = torch.tensor([2.0, 3.0], dtype=torch.float64)  # a constant input
    assert gradcheck(lambda a, b, c: (a * b + c, (a - b).exp().sum(), (a > 0)), (a, b, c))
    assert gradgradcheck(lambda a, b, c: (a * b * c, (a - b).exp()), (a, b, c))
