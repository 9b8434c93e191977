"""Every differentiable op, once: forward, one VJP per input, PyTorch's grad_fn name.

``g`` is the incoming gradient, ``out`` the op's result, then the inputs, then params
(see ``_oprecord`` for the conventions). Shape, indexing and non-differentiable ops are
in ``_optable_shape``, losses in ``_optable_loss``, statistics in ``_optable_stats``.

A gradient that is zero where PyTorch's formula writes a zero (``zeros_like``,
``masked_fill``, ``where``) is built the same way here, never as ``g * 0``: that would be
nan where the incoming gradient is inf or nan, and -0. where it is negative.
"""
import numpy as np

from . import _kernels as K
from ._cascade import cascade_sum
from ._oprecord import Grad, Param, defembed, defop, no_derivative, plus_scaled, sign, _norm_dims

S = Param("other", "scalar", 1.0)
DIM = Param("dim", "dims", None, "dimension(s) to reduce; None for all")
KEEP = Param("keepdim", "bool", False, "keep reduced dimensions with size 1")


def _axis(a, dim):
    """numpy's axis for a reduction over ``dim``: a 0-d tensor has a dim 0 (and -1) in
    PyTorch, of size 1, and numpy has none. ``()`` is every dim, given explicitly
    (``sum(dim=None)``: PyTorch's dim overload, ``SumBackward1``)."""
    return dim if a.ndim and dim != () else None


def _bin(name, grad_fn, fwd, ga, gb, code, doc, params=(), dtype="promote"):
    return defop(name, grad_fn, fwd, ga, gb, args=("self", "other"), params=params,
                 dtype=dtype, category="arithmetic", code=code, doc=doc)


def _un(name, grad_fn, fwd, grad, doc, dtype="float", code=None, category="elementwise",
        params=()):
    return defop(name, grad_fn, fwd, grad, dtype=dtype, category=category, doc=doc,
                 code=code or "{self}." + name + "()", params=params)


# --- arithmetic --------------------------------------------------------------------------
ALPHA = Param("alpha", "scalar", 1, "multiplier of other")
_bin("add", "AddBackward0", lambda a, b, alpha=1: a + b if alpha == 1 else plus_scaled(a, b, alpha),
     Grad(lambda F, g, out, a, b, alpha=1: g),
     Grad(lambda F, g, out, a, b, alpha=1: g if alpha == 1 else g * alpha),
     "{self} + {other}", "Elementwise sum, broadcasting shapes.", params=(ALPHA,))
_bin("sub", "SubBackward0", lambda a, b, alpha=1: a - b if alpha == 1 else plus_scaled(a, b, -alpha),
     Grad(lambda F, g, out, a, b, alpha=1: g),
     Grad(lambda F, g, out, a, b, alpha=1: -g if alpha == 1 else g * -alpha),
     "{self} - {other}", "Elementwise difference, broadcasting shapes.", params=(ALPHA,))
_bin("mul", "MulBackward0", lambda a, b: a * b,
     Grad(lambda F, g, out, a, b: g * b, (1,)),
     Grad(lambda F, g, out, a, b: g * a, (0,)),
     "{self} * {other}", "Elementwise product, broadcasting shapes.")
_bin("div", "DivBackward0", lambda a, b: a / b,
     Grad(lambda F, g, out, a, b: g / b, (1,)),
     # (PyTorch's div_tensor_other_backward: -grad * ((self / other) / other))
     Grad(lambda F, g, out, a, b: -g * ((a / b) / b), (0, 1)),
     "{self} / {other}", "Elementwise true division.", dtype="float")


def _remainder_fwd(a, b):
    # PyTorch's remainder: fmod, moved by b where the signs differ (a zero keeps fmod's
    # sign, where numpy's np.remainder gives it b's)
    m = np.fmod(a, b)
    return np.where((m != 0) & ((m < 0) != (np.asarray(b) < 0)), m + b, m)


# floor division has no derivative in PyTorch: it records a node named NotImplemented
# that fails in backward. A number operand is a param (so the node has one edge).
_fd = no_derivative("aten::floor_divide")
INPLACE = Param("inplace", "bool", False)
_bin("floor_divide", "NotImplemented", lambda a, b, inplace=False: np.floor_divide(a, b), _fd,
     _fd, "{self} // {other}", "Elementwise division rounded down (PyTorch has no gradient "
     "for it).", params=(INPLACE,))
defop("floor_divide_scalar", "NotImplemented",
      lambda a, other=1, reflected=False, inplace=False: np.floor_divide(other, a)
      if reflected else np.floor_divide(a, other), _fd,
      params=(S, Param("reflected", "bool", False), INPLACE), category="arithmetic",
      code="{self} // {other}", doc="A tensor and a number divided and rounded down "
      "(PyTorch has no gradient for it).")
_bin("remainder", "RemainderBackward1", _remainder_fwd,
     Grad(lambda F, g, out, a, b: g),
     Grad(lambda F, g, out, a, b: -g * F.floor_quotient(a, b), (0, 1)),
     "{self} % {other}", "Elementwise remainder of floor division (the sign of other).")
defop("remainder_scalar", "RemainderBackward0", lambda a, other=1: _remainder_fwd(a, other),
      Grad(lambda F, g, out, a, other=1: g), params=(S,), category="arithmetic",
      code="{self} % {other}", doc="Remainder of dividing a tensor by a number.")
defop("rremainder", "NotImplemented", lambda b, other=1: _remainder_fwd(other, b),
      no_derivative("aten::remainder"), params=(S,), category="arithmetic",
      code="{other} % {self}", doc="Remainder of dividing a number by a tensor (PyTorch has "
      "no gradient for it).")
defop("rsub", "RsubBackward1", lambda a, other=1.0, alpha=1: other - a if alpha == 1 else
      plus_scaled(np.asarray(other, a.dtype), a, -alpha),
      Grad(lambda F, g, out, a, other=1.0, alpha=1: -g if alpha == 1 else g * -alpha),
      params=(S, ALPHA), category="arithmetic", code="{other} - {self}",
      doc="A number minus a tensor.")
defop("pow", "PowBackward0", lambda a, exponent=2.0: a ** exponent,
      Grad(lambda F, g, out, a, exponent=2.0:
           F.zeros(g) if exponent == 0 else g * (exponent * a ** (exponent - 1)), (0,)),
      params=(Param("exponent", "scalar", 2.0),), category="arithmetic",
      code="{self} ** {exponent}", doc="Raises every element to a number.")


def _pow_exp_grad(F, g, out, a, b):
    zero = (a == 0) & (b >= 0)
    return g * F.where(zero, 0.0 * out, out * F.log(F.where(zero, 1.0 + 0.0 * a, a)))


defop("pow_tensor", "PowBackward1", lambda a, b: a ** b,
      Grad(lambda F, g, out, a, b: F.where(b == 0, 0.0, g * (b * a ** (b - 1))), (0, 1)),
      Grad(_pow_exp_grad, (0, 1, "out")),
      args=("self", "exponent"), category="arithmetic", code="{self} ** {exponent}",
      doc="Raises elements to elementwise exponents.")


def _rpow_grad(F, g, out, b, base=2.0):
    if base == 0:  # 0 ** b: no slope where b >= 0, -inf where it is negative
        return g * F.where(b >= 0, 0.0, out * -np.inf)
    return g * (out * float(np.log(base)))


defop("rpow", "PowBackward2", lambda b, base=2.0: np.power(base, b),
      Grad(_rpow_grad, (0, "out")),
      args=("exponent",), params=(Param("base", "scalar", 2.0),), dtype="float",
      category="arithmetic", code="{base} ** {exponent}", doc="A number raised to a tensor.")


def _tie_split(F, g, a, b, loses):
    """PyTorch's ``where(a == b, g / 2, g).masked_fill_(loses, 0)``: ties share the
    gradient, the smaller (larger) operand of maximum (minimum) gets none; with a nan
    neither loses."""
    return F.where(loses, 0.0, F.where(a == b, g / 2, g))


defop("maximum", "MaximumBackward0", np.maximum,
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a < b), (0, 1)),
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a > b), (0, 1)),
      args=("self", "other"), category="arithmetic", code="torch.maximum({self}, {other})",
      doc="Elementwise maximum of two tensors.")
defop("minimum", "MinimumBackward0", np.minimum,
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a > b), (0, 1)),
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a < b), (0, 1)),
      args=("self", "other"), category="arithmetic", code="torch.minimum({self}, {other})",
      doc="Elementwise minimum of two tensors.")

# --- elementwise functions ---------------------------------------------------------------
_un("neg", "NegBackward0", np.negative, Grad(lambda F, g, out, a: -g), "Negates every element.",
    dtype="keep", code="-{self}", category="arithmetic")
_un("exp", "ExpBackward0", K.exp, Grad(lambda F, g, out, a: g * out, ("out",)),
    "e to the power of every element.")
_un("log", "LogBackward0", K.log, Grad(lambda F, g, out, a: g / a, (0,)),
    "Natural logarithm of every element.")
_un("sin", "SinBackward0", K.sin, Grad(lambda F, g, out, a: g * F.cos(a), (0,)),
    "Sine of every element.")
_un("cos", "CosBackward0", K.cos, Grad(lambda F, g, out, a: -g * F.sin(a), (0,)),
    "Cosine of every element.")
_un("tanh", "TanhBackward0", K.tanh,
    Grad(lambda F, g, out, a: F.fused("tanh_backward", g, out), ("out",)),
    "Hyperbolic tangent of every element.")
_un("sigmoid", "SigmoidBackward0", K.sigmoid,
    Grad(lambda F, g, out, a: F.fused("sigmoid_backward", g, out), ("out",)),
    "Logistic sigmoid 1/(1+e^-x).")
_un("relu", "ReluBackward0", lambda a: np.maximum(a, 0).astype(a.dtype, copy=False),
    Grad(lambda F, g, out, a: F.fused("threshold_backward", g, out), ("out",)),
    "Keeps positive elements, zeroes the rest.", dtype="keep")
_un("abs", "AbsBackward0", np.abs, Grad(lambda F, g, out, a: g * F.sign(a), (0,)),
    "Absolute value of every element.", dtype="keep")
_un("sqrt", "SqrtBackward0", K.sqrt, Grad(lambda F, g, out, a: g / (2 * out), ("out",)),
    "Square root of every element.")
_un("rsqrt", "RsqrtBackward0", lambda a: 1 / np.sqrt(a),
    Grad(lambda F, g, out, a: g * (-0.5 * out * out * out), ("out",)),
    "1 / sqrt of every element.")
_un("reciprocal", "ReciprocalBackward0", lambda a: 1 / a,
    Grad(lambda F, g, out, a: -g * out * out, ("out",)), "1 / x for every element.")
_un("log1p", "Log1PBackward0", np.log1p, Grad(lambda F, g, out, a: g / (1 + a), (0,)),
    "log(1 + x), accurate for small x.")
_un("expm1", "Expm1Backward0", np.expm1, Grad(lambda F, g, out, a: g * (out + 1), ("out",)),
    "e^x - 1, accurate for small x.")
defop("atan2", "Atan2Backward0", np.arctan2,
      Grad(lambda F, g, out, a, b: g * b * (1 / (a * a + b * b)), (0, 1)),
      Grad(lambda F, g, out, a, b: g * -a * (1 / (a * a + b * b)), (0, 1)),
      args=("self", "other"), dtype="float", code="torch.atan2({self}, {other})",
      doc="The angle of the point (other, self), elementwise: atan(self / other), in the "
      "right quadrant.", variants=("method", "function", "inplace"))
for _name, _np_fn in (("sign", sign), ("floor", np.floor), ("ceil", np.ceil),
                      ("round", np.round), ("trunc", np.trunc)):
    _un(_name, _name.capitalize() + "Backward0", _np_fn, Grad(lambda F, g, out, a: F.zeros(g)),
        f"{_name} of every element (its gradient is zero).", dtype="keep")


def _clamp_fwd(a, min=None, max=None):
    if min is not None:
        a = np.maximum(a, np.asarray(min, a.dtype))
    if max is not None:
        a = np.minimum(a, np.asarray(max, a.dtype))
    return a


def _clamp_grad(F, g, out, a, min=None, max=None):
    keep = None
    if min is not None:
        keep = a >= min
    if max is not None:
        keep = (a <= max) if keep is None else keep & (a <= max)
    return g if keep is None else F.where(keep, g, 0.0)


defop("clamp", "ClampBackward1", _clamp_fwd, Grad(_clamp_grad, (0,)), dtype="keep",
      params=(Param("min", "scalar", None), Param("max", "scalar", None)),
      code="{self}.clamp(min={min}, max={max})", doc="Limits every element to [min, max].")

# --- reductions --------------------------------------------------------------------------


def _unreduce(F, g, shape, dim, keepdim):
    """Broadcasts a reduced gradient back to ``shape``."""
    if not keepdim and dim is not None and len(shape):
        g = F.unsqueeze_dims(g, _norm_dims(dim, len(shape)))
    return F.expand(g, shape)


# sums add in PyTorch's order (``_cascade``), so a printed loss.item() has its last bits
defop("sum", lambda p: "SumBackward0" if p.get("dim") is None else "SumBackward1",
      lambda a, dim=None, keepdim=False: cascade_sum(a, _axis(a, dim), keepdim),
      Grad(lambda F, g, out, a, dim=None, keepdim=False: _unreduce(F, g, a.shape, dim, keepdim)),
      params=(DIM, KEEP), dtype="sum", category="reduction", code="{self}.sum({dim})",
      doc="Sum of elements (over dim, or all).")


def _count(shape, dim):
    """How many elements a reduction over ``dim`` of ``shape`` takes in."""
    n = 1
    for d in _norm_dims(None if dim == () else dim, len(shape)) if len(shape) else ():
        n *= shape[d]
    return n


def _mean_grad(F, g, out, a, dim=None, keepdim=False):
    n = _count(a.shape, dim)
    if not n:
        return g
    if F.is_tensor:  # PyTorch's grad.expand(sizes) / n, recorded in that order
        return _unreduce(F, g, a.shape, dim, keepdim) / n
    return _unreduce(F, g / n, a.shape, dim, keepdim)  # (the same values, divided once)


def _mean_fwd(a, dim=None, keepdim=False):
    axis = _axis(a, dim)
    n = _count(a.shape, dim)
    if not n:  # numpy warns on an empty mean; PyTorch quietly gives nan
        return np.add.reduce(a, axis, keepdims=keepdim) / a.dtype.type(0)
    if a.dtype == np.float16:  # np.mean accumulates float16 in float32, as PyTorch does
        return np.mean(a, axis=axis, keepdims=keepdim)
    return cascade_sum(a, axis, keepdim) / n  # (PyTorch's: the sum, then one division)


defop("mean", lambda p: "MeanBackward0" if p.get("dim") is None else "MeanBackward1",
      _mean_fwd,
      Grad(_mean_grad), params=(DIM, KEEP), dtype="float_only", category="reduction",
      code="{self}.mean({dim})", doc="Mean of elements (over dim, or all).")


def _evenly(F, g, out, a):
    # PyTorch shares the gradient evenly among tied extreme elements (the nans, when the
    # extreme is nan) and writes zeros elsewhere
    hit = a != a if out != out else a == out
    return F.where(hit, g / F.sum(F.mask(hit, g), None, False), 0.0)


defop("max", "MaxBackward1", lambda a: np.max(a), Grad(_evenly, (0, "out")), dtype="keep",
      category="reduction", code="{self}.max()", doc="Largest element.")
defop("min", "MinBackward1", lambda a: np.min(a), Grad(_evenly, (0, "out")), dtype="keep",
      category="reduction", code="{self}.min()", doc="Smallest element.")


def _select_dim_grad(F, g, out, a, dim, keepdim=False, indices=None):
    if not a.shape:
        return g
    idx = indices if keepdim else np.expand_dims(indices, dim)
    if not keepdim:
        g = F.unsqueeze_dims(g, (dim,))
    key = list(np.indices(idx.shape, sparse=True))
    key[dim] = idx
    return F.fused("_value_scatter", g, shape=tuple(a.shape), key=tuple(key))


# PyTorch's value_selecting_reduction_backward: the values written into zeros at the
# positions they were selected from (a scatter, ScatterBackward0 to a double backward)
defembed("_value_scatter", "ScatterBackward0")


for _name, _np_fn in (("max", np.max), ("min", np.min)):
    defop(_name + "_dim", _name.capitalize() + "Backward0",
          lambda a, dim, keepdim=False, indices=None, _f=_np_fn: _f(a, axis=_axis(a, dim),
                                                                    keepdims=keepdim),
          Grad(_select_dim_grad), params=(Param("dim", "int", 0), KEEP), dtype="keep",
          saved_params=("indices",), category="reduction",
          code="{self}." + _name + "({dim}).values", doc=f"The {_name} along a dimension.")


def _norm_fwd(a, p=2.0, dim=None, keepdim=False):
    x, dim = np.abs(a), _axis(a, dim)
    if p == 2:
        return np.sqrt(np.sum(x * x, axis=dim, keepdims=keepdim))
    if p == float("inf"):
        return np.max(x, axis=dim, keepdims=keepdim)
    if p == -float("inf"):
        return np.min(x, axis=dim, keepdims=keepdim)
    if p == 0:
        return np.sum(x != 0, axis=dim, keepdims=keepdim).astype(a.dtype)
    if p == 1:
        return np.sum(x, axis=dim, keepdims=keepdim)
    return np.sum(x ** p, axis=dim, keepdims=keepdim) ** (1.0 / p)


def _norm_grad(F, g, out, a, p=2.0, dim=None, keepdim=False):
    # PyTorch's norm_backward, case by case
    if p == 0:
        return None  # no gradient at all: .grad stays None
    g = _unreduce(F, g, a.shape, dim, keepdim)
    n = _unreduce(F, out, a.shape, dim, keepdim)
    if p == 1:
        return F.sign(a) * g
    if abs(p) == float("inf"):
        x = F.abs(a)
        m = F.mask((x == n) | (x != x), g)
        cnt = _unreduce(F, F.sum(m, _norm_dims(dim, len(a.shape)) if a.shape else None, True),
                        a.shape, None, True)
        return F.sign(a) * ((g / cnt) * m)
    safe = F.where(n == 0, 1.0, n)  # (n itself where it is used, so double backward is finite)
    if p == 2:
        return g * F.where(n == 0, 0.0, a / safe)
    x = F.abs(a)
    if p < 1:
        scaled = F.sign(a) * F.where(a == 0, 0.0, F.where(a == 0, 1.0, x) ** (p - 1))
        return scaled * g * n ** (1 - p)
    scaled = F.sign(a) * x ** (p - 1) if p < 2 else a * x ** (p - 2)
    return scaled * F.where(n == 0, 0.0, g / safe ** (p - 1))


defop("norm", "LinalgVectorNormBackward0", _norm_fwd, Grad(_norm_grad, (0, "out")),
      params=(Param("p", "scalar", 2.0, "order of the norm"), DIM, KEEP), dtype="float_only",
      category="reduction", code="{self}.norm({p})", doc="Vector p-norm (default 2).")


def _softmax_fwd(a, dim):
    dim = _axis(a, dim)
    e = np.exp(a - np.max(a, axis=dim, keepdims=True))
    return e / np.sum(e, axis=dim, keepdims=True)


def _log_softmax_fwd(a, dim):
    dim = _axis(a, dim)
    s = a - np.max(a, axis=dim, keepdims=True)
    return s - np.log(np.sum(np.exp(s), axis=dim, keepdims=True))


def _dims1(out, dim):
    return (dim % len(out.shape),) if len(out.shape) else None


defop("softmax", "SoftmaxBackward0", _softmax_fwd,
      Grad(lambda F, g, out, a, dim: F.fused("_softmax_backward_data", g, out, dim=dim),
           ("out",)),
      params=(Param("dim", "int", -1),), dtype="float_only", category="reduction",
      code="torch.softmax({self}, dim={dim})", doc="exp(x) / sum(exp(x)) along dim.")
defop("log_softmax", "LogSoftmaxBackward0", _log_softmax_fwd,
      Grad(lambda F, g, out, a, dim: F.fused("_log_softmax_backward_data", g, out, dim=dim),
           ("out",)),
      params=(Param("dim", "int", -1),), dtype="float_only", category="reduction",
      code="torch.log_softmax({self}, dim={dim})", doc="log(softmax(x)) along dim.")

# --- linear algebra ----------------------------------------------------------------------
defop("mm", "MmBackward0", np.matmul,
      Grad(lambda F, g, out, a, b: F.matmul(g, F.mT(b)), (1,)),
      Grad(lambda F, g, out, a, b: F.matmul(F.mT(a), g), (0,)),
      args=("self", "mat2"), category="linear algebra", code="{self} @ {mat2}",
      doc="Matrix product of two matrices.")
defop("bmm", "BmmBackward0", np.matmul,
      Grad(lambda F, g, out, a, b: F.matmul(g, F.mT(b)), (1,)),
      Grad(lambda F, g, out, a, b: F.matmul(F.mT(a), g), (0,)),
      args=("self", "mat2"), category="linear algebra", code="torch.bmm({self}, {mat2})",
      doc="Batched matrix product.")
defop("mv", "MvBackward0", np.matmul,
      Grad(lambda F, g, out, a, v: F.outer(g, v), (1,)),
      Grad(lambda F, g, out, a, v: F.matmul(F.mT(a), g), (0,)),
      args=("self", "vec"), category="linear algebra", code="{self} @ {vec}",
      doc="Matrix-vector product.")
defop("dot", "DotBackward0", lambda a, b: np.dot(a, b),
      Grad(lambda F, g, out, a, b: g * b, (1,)),
      Grad(lambda F, g, out, a, b: g * a, (0,)),
      args=("self", "tensor"), category="linear algebra", code="torch.dot({self}, {tensor})",
      doc="Dot product of two vectors.")
