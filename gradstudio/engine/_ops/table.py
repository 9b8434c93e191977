"""Every differentiable op, once: forward, one VJP per input, PyTorch's grad_fn name.

``g`` is the incoming gradient, ``out`` the op's result, then the inputs, then params
(see ``_ops.record`` for the conventions). Shape, indexing and non-differentiable ops are
in ``_ops.table_shape``, losses in ``_ops.table_loss``, statistics in ``_ops.table_stats``.

A gradient that is zero where PyTorch's formula writes a zero (``zeros_like``,
``masked_fill``, ``where``) is built the same way here, never as ``g * 0``: that would be
nan where the incoming gradient is inf or nan, and -0. where it is negative.
"""
import numpy as np

from .._cpu_kernels import elementwise as K
from .._cpu_kernels.sleef_float import pow_float32
from .._cpu_kernels import gemm_order as _gemm_order
from .._cpu_kernels import bmm_order as _bmm_order
from .._cpu_kernels.cascade_sum import cascade_sum
from .record import (INTEGRAL, Grad, Param, defembed, defop, no_derivative, no_kernel,
                     plus_scaled, sign)
from .table_helpers import (_axis, _clamp_fwd, _clamp_grad, _count, _log_softmax_fwd, _norm_fwd,
                            mat1_grad, _norm_grad, _remainder_fwd, _softmax_fwd, _tie_split, _unreduce)

S = Param("other", "scalar", 1.0)
DIM = Param("dim", "dims", None, "dimension(s) to reduce; None for all")
KEEP = Param("keepdim", "bool", False, "keep reduced dimensions with size 1")


def _bin(name, grad_fn, fwd, ga, gb, code, doc, params=(), dtype="promote"):
    return defop(name, grad_fn, fwd, ga, gb, args=("self", "other"), params=params,
                 dtype=dtype, category="arithmetic", code=code, doc=doc)


def _un(name, grad_fn, fwd, grad, doc, dtype="float", code=None, category="elementwise",
        params=(), refuses=None):
    return defop(name, grad_fn, fwd, grad, dtype=dtype, category=category, doc=doc,
                 code=code or "{self}." + name + "()", params=params, refuses=refuses)


# --- arithmetic --------------------------------------------------------------------------
ALPHA = Param("alpha", "scalar", 1, "multiplier of other")
_bin("add", "AddBackward0", lambda a, b, alpha=1: a + b if alpha == 1 else plus_scaled(a, b, alpha),
     Grad(lambda F, g, out, a, b, alpha=1: g, formula="grad"),
     Grad(lambda F, g, out, a, b, alpha=1: g if alpha == 1 else g * alpha,
          formula="grad * alpha"),
     "{self} + {other}", "Elementwise sum, broadcasting shapes.", params=(ALPHA,))
_bin("sub", "SubBackward0", lambda a, b, alpha=1: a - b if alpha == 1 else plus_scaled(a, b, -alpha),
     Grad(lambda F, g, out, a, b, alpha=1: g, formula="grad"),
     Grad(lambda F, g, out, a, b, alpha=1: -g if alpha == 1 else g * -alpha,
          formula="-grad * alpha"),
     "{self} - {other}", "Elementwise difference, broadcasting shapes.", params=(ALPHA,))
_bin("mul", "MulBackward0", lambda a, b: a * b,
     Grad(lambda F, g, out, a, b: g * b, (1,), formula="grad * other"),
     Grad(lambda F, g, out, a, b: g * a, (0,), formula="grad * self"),
     "{self} * {other}", "Elementwise product, broadcasting shapes.")
_bin("div", "DivBackward0", lambda a, b: a / b,
     Grad(lambda F, g, out, a, b: g / b, (1,), formula="grad / other"),
     # (PyTorch's div_tensor_other_backward: -grad * ((self / other) / other))
     Grad(lambda F, g, out, a, b: -g * ((a / b) / b), (0, 1),
          formula="-grad * self / other ** 2"),
     "{self} / {other}", "Elementwise true division.", dtype="float")


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
     Grad(lambda F, g, out, a, b: g, formula="grad"),
     Grad(lambda F, g, out, a, b: -g * F.floor_quotient(a, b), (0, 1),
          formula="-grad * (self // other)"),
     "{self} % {other}", "Elementwise remainder of floor division (the sign of other).")
defop("remainder_scalar", "RemainderBackward0", lambda a, other=1: _remainder_fwd(a, other),
      Grad(lambda F, g, out, a, other=1: g, formula="grad"), params=(S,),
      category="arithmetic", code="{self} % {other}",
      doc="Remainder of dividing a tensor by a number.")
defop("rremainder", "NotImplemented", lambda b, other=1: _remainder_fwd(other, b),
      no_derivative("aten::remainder"), params=(S,), category="arithmetic",
      code="{other} % {self}", doc="Remainder of dividing a number by a tensor (PyTorch has "
      "no gradient for it).")
defop("rsub", "RsubBackward1", lambda a, other=1.0, alpha=1: other - a if alpha == 1 else
      plus_scaled(np.asarray(other, a.dtype), a, -alpha),
      Grad(lambda F, g, out, a, other=1.0, alpha=1: -g if alpha == 1 else g * -alpha,
           formula="-grad * alpha"),
      params=(S, ALPHA), category="arithmetic", code="{other} - {self}",
      doc="A number minus a tensor.")
def _pow_scalar(a, exponent):
    """``a ** exponent`` as PyTorch's CPU kernel gives it: a float32 or float64 tensor to
    0.5, -0.5, -1, 2, 3 or -2 is its square root, 1 / its square root, its reciprocal,
    ``a * a``, ``a * a * a`` or ``1 / (a * a)`` (the kernel's special cases, which differ
    from one rounding of powf in the last digit); any other power of float32 is SLEEF's
    ``powf`` and the C library's ``pow`` as its loop mixes them (``pow_float32``); of
    other dtypes, numpy's."""
    if getattr(a, "dtype", None) in _POW_EXACT:
        if exponent == 0.5:
            return K.sqrt(a)
        if exponent == -0.5:
            return 1 / np.sqrt(a)
        if exponent == -1:
            return 1 / a
        if exponent == 2:
            return a * a
        if exponent == 3:
            return a * a * a
        if exponent == -2:
            return 1 / (a * a)
        if a.dtype == np.float32 and isinstance(exponent, _REAL) and exponent not in (0, 1):
            return pow_float32(a, exponent)       # (0 and 1: PyTorch fills and copies)
    return a ** exponent


_POW_EXACT = (np.dtype(np.float32), np.dtype(np.float64))
_REAL = (int, float, np.integer, np.floating)

defop("pow", "PowBackward0", _pow_scalar,
      Grad(lambda F, g, out, a, exponent=2.0:
           F.zeros(g) if exponent == 0 else g * (exponent * _pow_scalar(a, exponent - 1)),
           (0,),
           formula=("torch.zeros_like(grad) if exponent == 0 else grad * exponent * self ** "
                    "(exponent - 1)")),
      params=(Param("exponent", "scalar", 2.0),), category="arithmetic",
      code="{self} ** {exponent}", doc="Raises every element to a number.")


def _pow_exp_grad(F, g, out, a, b):
    zero = (a == 0) & (b >= 0)
    return g * F.where(zero, 0.0 * out, out * F.log(F.where(zero, 1.0 + 0.0 * a, a)))


def _power(a, b):
    """``a ** b`` elementwise; integers to negative integer powers as PyTorch's integer
    pow gives them (1 for a base of 1, -1 or 1 for -1 by parity, else 0) where numpy
    raises."""
    if np.asarray(b).dtype.kind in "iu" and np.asarray(a).dtype.kind in "iu" and \
            np.any(np.asarray(b) < 0):
        negative = np.asarray(b) < 0
        out = np.power(a, np.where(negative, 0, b))
        at_negative = np.where(a == 1, 1, np.where(a == -1, np.where(np.asarray(b) % 2, -1, 1), 0))
        return np.where(negative, at_negative, out).astype(out.dtype, copy=False)
    return np.power(a, b)


defop("pow_tensor", "PowBackward1", _power,
      Grad(lambda F, g, out, a, b: F.where(b == 0, 0.0, g * (b * a ** (b - 1))), (0, 1),
           formula="torch.where(exponent == 0, 0, grad * exponent * self ** (exponent - 1))"),
      Grad(_pow_exp_grad, (0, 1, "out"),
           formula=("torch.where((self == 0) & (exponent >= 0), 0, grad * result * "
                    "torch.log(self))")),
      args=("self", "exponent"), category="arithmetic", code="{self} ** {exponent}",
      doc="Raises elements to elementwise exponents.", refuses=no_kernel("pow", {"bool"}))


def _rpow_grad(F, g, out, b, base=2.0):
    if base == 0:  # 0 ** b: no slope where b >= 0, -inf where it is negative
        return g * F.where(b >= 0, 0.0, out * -np.inf)
    return g * (out * float(np.log(base)))


defop("rpow", "PowBackward2", lambda b, base=2.0: _power(base, b),
      Grad(_rpow_grad, (0, "out"), formula="grad * result * math.log(base)"),
      args=("exponent",), params=(Param("base", "scalar", 2.0),), dtype="float",
      category="arithmetic", code="{base} ** {exponent}", doc="A number raised to a tensor.")


defop("maximum", "MaximumBackward0", np.maximum,
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a < b), (0, 1),
           formula="torch.where(self == other, grad / 2, grad).masked_fill(self < other, 0)"),
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a > b), (0, 1),
           formula="torch.where(self == other, grad / 2, grad).masked_fill(self > other, 0)"),
      args=("self", "other"), category="arithmetic", code="torch.maximum({self}, {other})",
      doc="Elementwise maximum of two tensors.")
defop("minimum", "MinimumBackward0", np.minimum,
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a > b), (0, 1),
           formula="torch.where(self == other, grad / 2, grad).masked_fill(self > other, 0)"),
      Grad(lambda F, g, out, a, b: _tie_split(F, g, a, b, a < b), (0, 1),
           formula="torch.where(self == other, grad / 2, grad).masked_fill(self < other, 0)"),
      args=("self", "other"), category="arithmetic", code="torch.minimum({self}, {other})",
      doc="Elementwise minimum of two tensors.")

# --- elementwise functions ---------------------------------------------------------------
_un("neg", "NegBackward0", np.negative, Grad(lambda F, g, out, a: -g, formula="-grad"),
    "Negates every element.", dtype="keep", code="-{self}", category="arithmetic")
_un("exp", "ExpBackward0", K.exp,
    Grad(lambda F, g, out, a: g * out, ("out",), formula="grad * result"),
    "e to the power of every element.")
_un("log", "LogBackward0", K.log, Grad(lambda F, g, out, a: g / a, (0,), formula="grad / self"),
    "Natural logarithm of every element.")
_un("sin", "SinBackward0", K.sin,
    Grad(lambda F, g, out, a: g * F.cos(a), (0,), formula="grad * torch.cos(self)"),
    "Sine of every element.")
_un("cos", "CosBackward0", K.cos,
    Grad(lambda F, g, out, a: -g * F.sin(a), (0,), formula="-grad * torch.sin(self)"),
    "Cosine of every element.")
_un("tanh", "TanhBackward0", K.tanh,
    Grad(lambda F, g, out, a: F.fused("tanh_backward", g, out), ("out",),
         formula="grad * (1 - result ** 2)"),
    "Hyperbolic tangent of every element.")
_un("sigmoid", "SigmoidBackward0", K.sigmoid,
    Grad(lambda F, g, out, a: F.fused("sigmoid_backward", g, out), ("out",),
         formula="grad * result * (1 - result)"),
    "Logistic sigmoid 1/(1+e^-x).")
_un("relu", "ReluBackward0", lambda a: np.maximum(a, 0).astype(a.dtype, copy=False),
    Grad(lambda F, g, out, a: F.fused("threshold_backward", g, out), ("out",),
         formula="grad * (result > 0)"),
    "Keeps positive elements, zeroes the rest.", dtype="keep",
    refuses=no_kernel("relu", {"bool"}, RuntimeError, "Boolean inputs not supported for relu"))
_un("abs", "AbsBackward0", np.abs,
    Grad(lambda F, g, out, a: g * F.sign(a), (0,), formula="grad * torch.sign(self)"),
    "Absolute value of every element.", dtype="keep", refuses=no_kernel("abs_cpu", {"bool"}))
_un("sqrt", "SqrtBackward0", K.sqrt,
    Grad(lambda F, g, out, a: g / (2 * out), ("out",), formula="grad / (2 * result)"),
    "Square root of every element.")
_un("rsqrt", "RsqrtBackward0", lambda a: 1 / np.sqrt(a),
    Grad(lambda F, g, out, a: g * (-0.5 * out * out * out), ("out",),
         formula="-0.5 * grad * result ** 3"),
    "1 / sqrt of every element.")
_un("reciprocal", "ReciprocalBackward0", lambda a: 1 / a,
    Grad(lambda F, g, out, a: -g * out * out, ("out",), formula="-grad * result ** 2"),
    "1 / x for every element.")
_un("log1p", "Log1PBackward0", K.log1p,
    Grad(lambda F, g, out, a: g / (1 + a), (0,), formula="grad / (1 + self)"),
    "log(1 + x), accurate for small x.")
_un("expm1", "Expm1Backward0", K.expm1,
    Grad(lambda F, g, out, a: g * (out + 1), ("out",), formula="grad * (result + 1)"),
    "e^x - 1, accurate for small x.")
defop("atan2", "Atan2Backward0", np.arctan2,
      Grad(lambda F, g, out, a, b: g * b * (1 / (a * a + b * b)), (0, 1),
           formula="grad * other / (self ** 2 + other ** 2)"),
      Grad(lambda F, g, out, a, b: g * -a * (1 / (a * a + b * b)), (0, 1),
           formula="-grad * self / (self ** 2 + other ** 2)"),
      args=("self", "other"), dtype="float", code="torch.atan2({self}, {other})",
      doc="The angle of the point (other, self), elementwise: atan(self / other), in the "
      "right quadrant.", variants=("method", "function", "inplace"))
for _name, _np_fn in (("sign", sign), ("floor", np.floor), ("ceil", np.ceil),
                      ("round", np.round), ("trunc", np.trunc)):
    _un(_name, _name.capitalize() + "Backward0", _np_fn,
        Grad(lambda F, g, out, a: F.zeros(g), formula="torch.zeros_like(grad)"),
        f"{_name} of every element (its gradient is zero).", dtype="keep",
        refuses=None if _name == "sign" else no_kernel(_name + "_vml_cpu", {"bool"}))


_CLAMP_RULE = ("grad if min is None and max is None "
               "else torch.where(self <= max, grad, 0) if min is None "
               "else torch.where(self >= min, grad, 0) if max is None "
               "else torch.where((self >= min) & (self <= max), grad, 0)")
defop("clamp", "ClampBackward1", _clamp_fwd, Grad(_clamp_grad, (0,), formula=_CLAMP_RULE),
      dtype="keep",
      params=(Param("min", "scalar", None), Param("max", "scalar", None)),
      code="{self}.clamp(min={min}, max={max})", doc="Limits every element to [min, max].")

# --- reductions --------------------------------------------------------------------------


# sums add in PyTorch's order (``_cpu_kernels.cascade_sum``), so a printed loss.item() has its
# last bits
defop("sum", lambda p: "SumBackward0" if p.get("dim") is None else "SumBackward1",
      lambda a, dim=None, keepdim=False: cascade_sum(a, _axis(a, dim), keepdim),
      Grad(lambda F, g, out, a, dim=None, keepdim=False: _unreduce(F, g, a.shape, dim, keepdim),
           formula="grad.expand(self.shape)"),
      params=(DIM, KEEP), dtype="sum", category="reduction", code="{self}.sum({dim})",
      doc="Sum of elements (over dim, or all).")


def _mean_grad(F, g, out, a, dim=None, keepdim=False):
    n = _count(a.shape, dim)
    if not n:
        return g
    if F.is_tensor:  # PyTorch's grad.expand(sizes) / n, recorded in that order
        return _unreduce(F, g, a.shape, dim, keepdim) / n
    # (the same values, divided once; in memory of their own, as PyTorch's division makes
    # them: a kernel that reads a gradient's layout, such as batch_norm's, takes its path)
    return np.ascontiguousarray(_unreduce(F, g / n, a.shape, dim, keepdim))


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
      Grad(_mean_grad, formula="grad.expand(self.shape) / self.numel() if dim is None "
                               "else grad.expand(self.shape) / (self.numel() / result.numel())"),
      params=(DIM, KEEP), dtype="float_only", category="reduction",
      code="{self}.mean({dim})", doc="Mean of elements (over dim, or all).")


def _evenly(F, g, out, a):
    # PyTorch shares the gradient evenly among tied extreme elements (the nans, when the
    # extreme is nan) and writes zeros elsewhere
    hit = a != a if out != out else a == out
    return F.where(hit, g / F.sum(F.mask(hit, g), None, False), 0.0)


EVENLY_RULE = "torch.where(self == result, grad / (self == result).sum(), 0)"
defop("max", "MaxBackward1", lambda a: np.max(a), Grad(_evenly, (0, "out"), formula=EVENLY_RULE),
      dtype="keep", category="reduction", code="{self}.max()", doc="Largest element.")
defop("min", "MinBackward1", lambda a: np.min(a), Grad(_evenly, (0, "out"), formula=EVENLY_RULE),
      dtype="keep", category="reduction", code="{self}.min()", doc="Smallest element.")


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
SELECTED_RULE = "torch.zeros_like(self).scatter(dim, indices, grad)"  # (keepdim's indices)


for _name, _np_fn in (("max", np.max), ("min", np.min)):
    defop(_name + "_dim", _name.capitalize() + "Backward0",
          lambda a, dim, keepdim=False, indices=None, _f=_np_fn: _f(a, axis=_axis(a, dim),
                                                                    keepdims=keepdim),
          Grad(_select_dim_grad, formula=SELECTED_RULE), params=(Param("dim", "int", 0), KEEP),
          dtype="keep", saved_params=("indices",), category="reduction",
          code="{self}." + _name + "({dim}).values", doc=f"The {_name} along a dimension.")


_NORM_RULE = ("grad * self / result if p == 2 else grad * torch.sign(self) if p == 1 "
              "else grad * torch.sign(self) * self.abs() ** (p - 1) / result ** (p - 1)")
defop("norm", "LinalgVectorNormBackward0", _norm_fwd,
      Grad(_norm_grad, (0, "out"), formula=_NORM_RULE),
      params=(Param("p", "scalar", 2.0, "order of the norm"), DIM, KEEP), dtype="float_only",
      category="reduction", code="{self}.norm({p})", doc="Vector p-norm (default 2).")


def _dims1(out, dim):
    return (dim % len(out.shape),) if len(out.shape) else None


defop("softmax", "SoftmaxBackward0", _softmax_fwd,
      Grad(lambda F, g, out, a, dim: F.fused("_softmax_backward_data", g, out, dim=dim),
           ("out",), formula="result * (grad - (grad * result).sum(dim, keepdim=True))"),
      params=(Param("dim", "int", -1),), dtype="float_only", category="reduction",
      code="torch.softmax({self}, dim={dim})", doc="exp(x) / sum(exp(x)) along dim.")
defop("log_softmax", "LogSoftmaxBackward0", _log_softmax_fwd,
      Grad(lambda F, g, out, a, dim: F.fused("_log_softmax_backward_data", g, out, dim=dim),
           ("out",), formula="grad - torch.exp(result) * grad.sum(dim, keepdim=True)"),
      params=(Param("dim", "int", -1),), dtype="float_only", category="reduction",
      code="torch.log_softmax({self}, dim={dim})", doc="log(softmax(x)) along dim.")

# --- linear algebra ----------------------------------------------------------------------
def _bmm_grad(F, x, y):
    """A VJP's batched product: ``bmm``'s order on arrays, recorded on tensors."""
    return F.matmul(x, y) if F.is_tensor else _bmm_order.bmm(x, y)


defop("mm", "MmBackward0", _gemm_order.matmul,
      Grad(lambda F, g, out, a, b: mat1_grad(F, g, a, b), (1,), formula="grad @ mat2.T"),
      Grad(lambda F, g, out, a, b: F.matmul(F.mT(a), g), (0,), formula="self.T @ grad"),
      args=("self", "mat2"), category="linear algebra", code="{self} @ {mat2}",
      doc="Matrix product of two matrices.")
defop("bmm", "BmmBackward0", _bmm_order.bmm,
      Grad(lambda F, g, out, a, b: _bmm_grad(F, g, F.mT(b)), (1,),
           formula="grad @ mat2.transpose(1, 2)"),
      Grad(lambda F, g, out, a, b: _bmm_grad(F, F.mT(a), g), (0,),
           formula="self.transpose(1, 2) @ grad"),
      args=("self", "mat2"), category="linear algebra", code="torch.bmm({self}, {mat2})",
      doc="Batched matrix product.")
defop("mv", "MvBackward0", _gemm_order.matmul,
      Grad(lambda F, g, out, a, v: F.outer(g, v), (1,), formula="torch.outer(grad, vec)"),
      Grad(lambda F, g, out, a, v: F.matmul(F.mT(a), g), (0,), formula="self.T @ grad"),
      args=("self", "vec"), category="linear algebra", code="{self} @ {vec}",
      doc="Matrix-vector product.")
defop("dot", "DotBackward0", _gemm_order.dot,
      Grad(lambda F, g, out, a, b: g * b, (1,), formula="grad * tensor"),
      Grad(lambda F, g, out, a, b: g * a, (0,), formula="grad * self"),
      args=("self", "tensor"), category="linear algebra", code="torch.dot({self}, {tensor})",
      doc="Dot product of two vectors.")
