"""Every differentiable op, once: forward, one VJP per input, PyTorch's grad_fn name.

``g`` is the incoming gradient, ``out`` the op's result, then the inputs, then params
(see ``_oprecord`` for the conventions). Non-differentiable ops are listed at the end.

A gradient that is zero where PyTorch's formula writes a zero (``zeros_like``,
``masked_fill``, ``where``) is built the same way here, never as ``g * 0``: that would be
nan where the incoming gradient is inf or nan, and -0. where it is negative.
"""
import numpy as np

from ._oprecord import NP, Grad, Param, defop, no_derivative, sign, _norm_dims, _PerInput

S = Param("other", "scalar", 1.0)
DIM = Param("dim", "dims", None, "dimension(s) to reduce; None for all")
KEEP = Param("keepdim", "bool", False, "keep reduced dimensions with size 1")


def _axis(a, dim):
    """numpy's axis for a reduction over ``dim``: a 0-d tensor has a dim 0 (and -1) in
    PyTorch, of size 1, and numpy has none."""
    return dim if a.ndim else None


def _bin(name, grad_fn, fwd, ga, gb, code, doc, params=(), dtype="promote"):
    return defop(name, grad_fn, fwd, ga, gb, args=("self", "other"), params=params,
                 dtype=dtype, category="arithmetic", code=code, doc=doc)


def _un(name, grad_fn, fwd, grad, doc, dtype="float", code=None, category="elementwise",
        params=()):
    return defop(name, grad_fn, fwd, grad, dtype=dtype, category=category, doc=doc,
                 code=code or "{self}." + name + "()", params=params)


# --- arithmetic --------------------------------------------------------------------------
ALPHA = Param("alpha", "scalar", 1, "multiplier of other")
_bin("add", "AddBackward0", lambda a, b, alpha=1: a + b if alpha == 1 else a + alpha * b,
     Grad(lambda F, g, out, a, b, alpha=1: g),
     Grad(lambda F, g, out, a, b, alpha=1: g if alpha == 1 else g * alpha),
     "{self} + {other}", "Elementwise sum, broadcasting shapes.", params=(ALPHA,))
_bin("sub", "SubBackward0", lambda a, b, alpha=1: a - b if alpha == 1 else a - alpha * b,
     Grad(lambda F, g, out, a, b, alpha=1: g),
     Grad(lambda F, g, out, a, b, alpha=1: -g if alpha == 1 else g * -alpha),
     "{self} - {other}", "Elementwise difference, broadcasting shapes.", params=(ALPHA,))
_bin("mul", "MulBackward0", lambda a, b: a * b,
     Grad(lambda F, g, out, a, b: g * b, (1,)),
     Grad(lambda F, g, out, a, b: g * a, (0,)),
     "{self} * {other}", "Elementwise product, broadcasting shapes.")
_bin("div", "DivBackward0", lambda a, b: a / b,
     Grad(lambda F, g, out, a, b: g / b, (1,)),
     Grad(lambda F, g, out, a, b: -g * a / (b * b), (0, 1)),
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
defop("rsub", "RsubBackward1", lambda a, other=1.0, alpha=1: other - alpha * a,
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
_un("exp", "ExpBackward0", np.exp, Grad(lambda F, g, out, a: g * out, ("out",)),
    "e to the power of every element.")
_un("log", "LogBackward0", np.log, Grad(lambda F, g, out, a: g / a, (0,)),
    "Natural logarithm of every element.")
_un("sin", "SinBackward0", np.sin, Grad(lambda F, g, out, a: g * F.cos(a), (0,)),
    "Sine of every element.")
_un("cos", "CosBackward0", np.cos, Grad(lambda F, g, out, a: -g * F.sin(a), (0,)),
    "Cosine of every element.")
_un("tanh", "TanhBackward0", np.tanh, Grad(lambda F, g, out, a: g * (1 - out * out), ("out",)),
    "Hyperbolic tangent of every element.")
_un("sigmoid", "SigmoidBackward0", lambda a: 1 / (1 + np.exp(-a)),
    Grad(lambda F, g, out, a: g * (out * (1 - out)), ("out",)), "Logistic sigmoid 1/(1+e^-x).")
_un("relu", "ReluBackward0", lambda a: np.maximum(a, 0).astype(a.dtype, copy=False),
    Grad(lambda F, g, out, a: F.where(out <= 0, 0.0, g), ("out",)),  # threshold_backward
    "Keeps positive elements, zeroes the rest.", dtype="keep")
_un("abs", "AbsBackward0", np.abs, Grad(lambda F, g, out, a: g * F.sign(a), (0,)),
    "Absolute value of every element.", dtype="keep")
_un("sqrt", "SqrtBackward0", np.sqrt, Grad(lambda F, g, out, a: g / (2 * out), ("out",)),
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


# np.add.reduce is what np.sum and np.mean call, without their Python-level argument
# handling (which costs several small ops): same accumulation, same results
defop("sum", lambda p: "SumBackward0" if p.get("dim") is None else "SumBackward1",
      lambda a, dim=None, keepdim=False: np.add.reduce(a, _axis(a, dim), keepdims=keepdim),
      Grad(lambda F, g, out, a, dim=None, keepdim=False: _unreduce(F, g, a.shape, dim, keepdim)),
      params=(DIM, KEEP), dtype="sum", category="reduction", code="{self}.sum({dim})",
      doc="Sum of elements (over dim, or all).")


def _count(shape, dim):
    """How many elements a reduction over ``dim`` of ``shape`` takes in."""
    n = 1
    for d in _norm_dims(dim, len(shape)) if len(shape) else ():
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
    return np.add.reduce(a, axis, keepdims=keepdim) / n  # (np.mean's sum and division)


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
    return F.embed(g, a.shape, tuple(key))


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
      Grad(lambda F, g, out, a, dim: out * (g - F.sum(g * out, _dims1(out, dim), True)),
           ("out",)),
      params=(Param("dim", "int", -1),), dtype="float_only", category="reduction",
      code="torch.softmax({self}, dim={dim})", doc="exp(x) / sum(exp(x)) along dim.")
defop("log_softmax", "LogSoftmaxBackward0", _log_softmax_fwd,
      Grad(lambda F, g, out, a, dim: g - F.exp(out) * F.sum(g, _dims1(out, dim), True),
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

# --- shape and indexing (results are views where PyTorch's are) --------------------------
SHAPE = Param("shape", "shape", (-1,))


def _shape_op(name, grad_fn, fwd, grad, doc, params=(), code=None, view=True):
    return defop(name, grad_fn, fwd, grad, params=params, dtype="keep", category="shape",
                 doc=doc, code=code, view=view)


_back_to_input = Grad(lambda F, g, out, a, **p: F.reshape(g, a.shape))
_shape_op("view", "ViewBackward0", lambda a, shape: a.reshape(shape), _back_to_input,
          "Same data seen with a new shape.", (SHAPE,), "{self}.view({shape})")
_shape_op("_unsafe_view", "UnsafeViewBackward0", lambda a, shape: a.reshape(shape),
          _back_to_input, "A reshape that had to copy.", (SHAPE,), "{self}.reshape({shape})",
          view=False)
_shape_op("squeeze", lambda p: "SqueezeBackward0" if p.get("dim") is None else
          "SqueezeBackward1", lambda a, dim=None: np.squeeze(a, dim), _back_to_input,
          "Removes dimensions of size 1.", (Param("dim", "dims", None),), "{self}.squeeze({dim})")
_shape_op("unsqueeze", "UnsqueezeBackward0", lambda a, dim: np.expand_dims(a, dim),
          _back_to_input, "Inserts a dimension of size 1.", (Param("dim", "int", 0),),
          "{self}.unsqueeze({dim})")
_shape_op("expand", "ExpandBackward0", lambda a, shape: np.broadcast_to(a, shape),
          Grad(lambda F, g, out, a, shape: g), "Repeats size-1 dimensions without copying.",
          (SHAPE,), "{self}.expand({shape})")
_shape_op("t", "TBackward0", lambda a: a.T, Grad(lambda F, g, out, a: F.permute(g, tuple(range(len(a.shape)))[::-1])),
          "Transposes a matrix.", code="{self}.t()")
_shape_op("transpose", "TransposeBackward0",
          lambda a, dim0, dim1: np.swapaxes(a, dim0, dim1) if a.ndim else a.view(),
          Grad(lambda F, g, out, a, dim0, dim1: F.transpose(g, dim0, dim1) if a.shape else g),
          "Swaps two dimensions.", (Param("dim0", "int", 0), Param("dim1", "int", 1)),
          "{self}.transpose({dim0}, {dim1})")
_shape_op("permute", "PermuteBackward0", lambda a, dims: np.transpose(a, dims),
          Grad(lambda F, g, out, a, dims: F.permute(g, tuple(np.argsort(dims)))),
          "Reorders dimensions.", (Param("dims", "shape", (1, 0)),), "{self}.permute({dims})")
def _select_fwd(a, dim, index):
    if dim:
        return a[(slice(None),) * dim + (index,)]
    # (the Ellipsis keeps a 0-d result a view of ``a``: numpy gives a copied scalar without it)
    return a[index] if a.ndim > 1 else a[index, ...]


_shape_op("select", "SelectBackward0", _select_fwd,
          Grad(lambda F, g, out, a, dim, index: F.embed(g, a.shape,
                                                        (slice(None),) * dim + (index,))),
          "One index along a dimension.", (Param("dim", "int", 0), Param("index", "int", 0)),
          "{self}.select({dim}, {index})")
_shape_op("slice", "SliceBackward0",
          lambda a, dim, start, end, step: a[(slice(None),) * dim + (slice(start, end, step),)],
          Grad(lambda F, g, out, a, dim, start, end, step: F.embed(
              g, a.shape, (slice(None),) * dim + (slice(start, end, step),))),
          "A strided range along a dimension.",
          (Param("dim", "int", 0), Param("start", "int", 0), Param("end", "int", None),
           Param("step", "int", 1)), "{self}.narrow({dim}, {start}, {end})")
defop("index", "IndexBackward0", lambda a, key: np.ascontiguousarray(a[key]),
      Grad(lambda F, g, out, a, key: F.embed(g, a.shape, key, accumulate=True)),
      params=(Param("key", "index", None),), dtype="keep", category="shape",
      saved_params=("indices",), doc="Advanced (list, tensor or mask) indexing.",
      code="{self}[{key}]")
defop("clone", "CloneBackward0", lambda a: a.copy(), Grad(lambda F, g, out, a: g), dtype="keep",
      category="autograd", code="{self}.clone()", doc="A copy that stays in the graph.")
defop("to", "ToCopyBackward0", lambda a, dtype=None: a.copy(), Grad(lambda F, g, out, a, **p: g),
      params=(Param("dtype", "dtype", "float64"),), dtype="param", category="autograd",
      code="{self}.to({dtype})", doc="Converts to another dtype.")
defop("cat", "CatBackward0", lambda *arrays, dim=0: np.concatenate(arrays, axis=dim), None,
      variadic=True, args=("tensors",), params=(Param("dim", "int", 0),), category="shape",
      per_input=_PerInput(lambda i, F, g, out, *ins, dim=0: F.take(g, (slice(None),) * (
          dim % len(out.shape)) + (slice(sum(t.shape[dim] for t in ins[:i]),
                                         sum(t.shape[dim] for t in ins[:i + 1])),))),
      code="torch.cat([{tensors}], dim={dim})", doc="Joins tensors along an existing dimension.")
defop("stack", "StackBackward0", lambda *arrays, dim=0: np.stack(arrays, axis=dim), None,
      variadic=True, args=("tensors",), params=(Param("dim", "int", 0),), category="shape",
      per_input=_PerInput(lambda i, F, g, out, *ins, dim=0: F.take(
          g, (slice(None),) * (dim % len(out.shape)) + (i,))),
      code="torch.stack([{tensors}], dim={dim})", doc="Joins tensors along a new dimension.")
defop("where", "WhereBackward0", lambda a, b, condition=None: np.where(condition, a, b),
      Grad(lambda F, g, out, a, b, condition=None: F.where(F.array(condition), g, 0.0)),
      Grad(lambda F, g, out, a, b, condition=None: F.where(F.array(condition), 0.0, g)),
      args=("input", "other"), params=(Param("condition", "tensor", None),),
      saved_params=("condition",), category="arithmetic",
      code="torch.where({condition}, {input}, {other})", doc="Picks from input where the "
      "condition holds, else from other.")

# --- ops returning several views of their input, which share one node ------------------
def _pieces(gs, outs, F):
    """Each output's gradient, zeros where none arrived (PyTorch's split/unbind_backward)."""
    return [F.zeros_as(o) if g is None else g for g, o in zip(gs, outs)]


def _split_fwd(a, dim, sizes):
    starts = np.cumsum((0,) + tuple(sizes))
    lead = (slice(None),) * dim
    return tuple(a[lead + (slice(int(b), int(e)),)] for b, e in zip(starts[:-1], starts[1:]))


def _sizes(length, split_size):
    """The sizes ``split(split_size)`` cuts ``length`` into (one piece for length 0)."""
    if length == 0:
        return (0,)
    return (split_size,) * (length // split_size) + ((length % split_size,)
                                                     if length % split_size else ())


_SPLIT_GRAD = Grad(lambda F, gs, outs, a, dim=0, **p: F.cat(_pieces(gs, outs, F), dim))
defop("split", "SplitBackward0",
      lambda a, split_size=1, dim=0, self_sym_sizes=(): _split_fwd(
          a, dim, _sizes(a.shape[dim], split_size)), _SPLIT_GRAD,
      params=(Param("split_size", "int", 1), Param("dim", "int", 0),
              Param("self_sym_sizes", "shape", ())),
      dtype="keep", category="shape", view=True, multi_output=True,
      code="{self}.split({split_size}, {dim})", doc="Pieces of split_size along dim.")
defop("split_with_sizes", "SplitWithSizesBackward0",
      lambda a, split_sizes=(), dim=0, self_sym_sizes=(): _split_fwd(a, dim, split_sizes),
      _SPLIT_GRAD, params=(Param("split_sizes", "shape", ()), Param("dim", "int", 0),
                           Param("self_sym_sizes", "shape", ())),
      dtype="keep", category="shape", view=True, multi_output=True,
      code="{self}.split({split_sizes}, {dim})", doc="Pieces of the given sizes along dim.")
defop("unbind", "UnbindBackward0",
      lambda a, dim=0: tuple(a[(slice(None),) * dim + (i, Ellipsis)]
                             for i in range(a.shape[dim])),
      Grad(lambda F, gs, outs, a, dim=0: F.stack(_pieces(gs, outs, F), dim)),
      params=(Param("dim", "int", 0),), dtype="keep", category="shape", view=True,
      multi_output=True, code="{self}.unbind({dim})", doc="The slices along dim.")

# --- helpers used only by double-backward (the tensor namespace's embed/take) ------------
defop("_embed", "EmbedBackward0", NP.embed,
      Grad(lambda F, g, out, a, shape, key, accumulate=False: F.take(g, key)),
      params=(SHAPE,), dtype="keep", category="internal")
defop("_take", "IndexBackward0", lambda a, key: a[key],
      Grad(lambda F, g, out, a, key: F.embed(g, a.shape, key, accumulate=True)),
      dtype="keep", category="internal")
defop("_zero_at", "IndexPutBackward0", NP.zero_at,
      Grad(lambda F, g, out, a, key: F.zero_at(g, key)), dtype="keep", category="internal")


# --- what a view's grad_fn becomes after its base changed in place (see _views) ---------
def _as_strided_grad(F, g, out, a, size, stride, storage_offset, positions):
    # each base element gets the sum of the gradients of the view elements that are it
    n = int(np.prod(a.shape, dtype=np.int64))
    return F.reshape(F.embed(g, (n,), (positions,), accumulate=True), a.shape)


defop("_as_strided", "AsStridedBackward0",
      lambda a, size, stride, storage_offset, positions: a.reshape(-1)[positions],
      Grad(_as_strided_grad), params=(Param("size", "shape", ()), Param("stride", "shape", ()),
                                      Param("storage_offset", "int", 0)),
      dtype="keep", category="internal")


# --- non-differentiable ops (results never require grad) ---------------------------------
for _name, _fn, _code in (("eq", np.equal, "=="), ("ne", np.not_equal, "!="),
                          ("lt", np.less, "<"), ("le", np.less_equal, "<="),
                          ("gt", np.greater, ">"), ("ge", np.greater_equal, ">=")):
    defop(_name, None, _fn, None, None, args=("self", "other"), dtype="bool",
          category="comparison", code="{self} " + _code + " {other}",
          doc=f"Elementwise {_code} comparison (a bool tensor, never requires grad).")
defop("all", None, lambda a: np.all(a), None, dtype="bool", category="comparison",
      code="{self}.all()", doc="True if every element is true.")
defop("any", None, lambda a: np.any(a), None, dtype="bool", category="comparison",
      code="{self}.any()", doc="True if any element is true.")
defop("argmax", None, lambda a, dim=None, keepdim=False: np.argmax(a, axis=dim, keepdims=keepdim),
      None, params=(Param("dim", "int", None), KEEP), dtype="long", category="comparison",
      code="{self}.argmax({dim})", doc="Index of the largest element.")
defop("argmin", None, lambda a, dim=None, keepdim=False: np.argmin(a, axis=dim, keepdims=keepdim),
      None, params=(Param("dim", "int", None), KEEP), dtype="long", category="comparison",
      code="{self}.argmin({dim})", doc="Index of the smallest element.")

# --- in-place only: what ``x[key] = v``, ``zero_``, ``fill_``, ``copy_``, ``uniform_`` and
# ``normal_`` record ----------------------------------------------------------------------


def _setitem_fwd(a, v, key):
    out = a.copy()
    out[key] = v
    return out


def _lead_ones(F, g, ndim):
    # ``x[key] = v`` accepts a v with extra leading size-1 dims; the engine sums the rest
    lead = ndim - len(g.shape)
    return F.reshape(g, (1,) * lead + tuple(g.shape)) if lead > 0 else g


def _setitem_name(p):
    # index_put_ on the tensor itself when the key's only basic parts are full slices;
    # otherwise a copy into a view of it (CopySlices), as PyTorch's __setitem__ does
    key = p["key"]
    advanced = any(isinstance(k, np.ndarray) and (k.ndim or k.dtype == bool) for k in key)
    whole = all(k is Ellipsis or k == slice(None) for k in key if not isinstance(k, np.ndarray))
    return "IndexPutBackward0" if advanced and whole else "CopySlices"


# (what PyTorch's nodes keep, a CopySlices' fn or an IndexPutBackward0's indices, is freed
# by backward, so a second backward fails as in PyTorch: the key stands for it here)
defop("_setitem", _setitem_name, _setitem_fwd,
      Grad(lambda F, g, out, a, v, key: F.zero_at(g, key)),
      Grad(lambda F, g, out, a, v, key: _lead_ones(F, F.take(g, key), len(v.shape))),
      args=("self", "value"), dtype="keep", category="internal", saved_params=("indices",))
defop("_zero", "ZeroBackward0", lambda a, value=0: np.zeros_like(a),
      Grad(lambda F, g, out, a, value=0: F.zeros(g)), dtype="keep", category="internal")
defop("_fill", "FillBackward2", lambda a, value=0: np.full_like(a, value),
      Grad(lambda F, g, out, a, value=0: F.zeros(g)), dtype="keep", category="internal")
defop("_fill_tensor", "FillBackward3",
      lambda a, value: np.broadcast_to(value, a.shape).astype(a.dtype),
      Grad(lambda F, g, out, a, value: F.zeros(g)), Grad(lambda F, g, out, a, value: g),
      args=("self", "value"), dtype="keep", category="internal")
defop("_copy", "CopyBackwards", lambda a, src: np.broadcast_to(src, a.shape).astype(a.dtype),
      Grad(lambda F, g, out, a, src: F.zeros(g)), Grad(lambda F, g, out, a, src: g),
      args=("self", "src"), dtype="keep", category="internal")
defop("_uniform", "UniformBackward0",
      lambda a, low=0.0, high=1.0, generator=None: generator.uniform(a.shape, low, high, a.dtype),
      Grad(lambda F, g, out, a, **p: F.zeros(g)), dtype="keep", category="internal")
defop("_normal", "NormalBackward0",
      lambda a, mean=0.0, std=1.0, generator=None: generator.normal(a.shape, mean, std, a.dtype),
      Grad(lambda F, g, out, a, **p: F.zeros(g)), dtype="keep", category="internal")
