"""The op table, continued: pointwise ops of two or three tensors — ``lerp`` (a number or
a tensor weight), ``addcmul``, ``addcdiv``, ``fmax``, ``fmin``, ``fmod``, ``hypot`` and
``copysign`` — each with PyTorch's kernel arithmetic (``lerp``'s fused multiply-add,
``addcmul``'s ``self + value * t1 * t2`` order) and the VJPs of ``derivatives.yaml``.
``fmod`` and ``copysign`` take a number too (an op of its own: ``FmodBackward0``,
``CopysignBackward1``); their bindings are ``_tensor_class.pointwise``'s."""
import math

import numpy as np

from .._cpu_kernels.fma import fma32, fma64
from .record import INTEGRAL, Grad, Param, defop, no_kernel, sign

_ALL = ("method", "function", "inplace")


# --- lerp --------------------------------------------------------------------------------
def _lerp(a, b, weight):
    """PyTorch's lerp_vec: ``fma(coeff, end - self, base)`` with (weight, self) where
    |weight| < 0.5, else (weight - 1, end); float16 computes in float32."""
    dt = a.dtype
    work = np.dtype(np.float32) if dt == np.float16 else dt
    a, b = a.astype(work, copy=False), b.astype(work, copy=False)
    w = np.asarray(weight, work)
    small = np.abs(w) < 0.5
    coeff = np.where(small, w, w - work.type(1))
    base = np.where(small, a, b)
    fma = fma32 if work == np.float32 else fma64
    out = np.asarray(fma(coeff, b - a, base), work)
    return out.astype(dt) if work != dt else out


def _lerp_refuses(kernel):
    return no_kernel(kernel, INTEGRAL)


# a gradient times a number, as PyTorch's C++ formulas multiply by a Scalar (MulBackward1
# to a double backward, where ``grad * tensor`` is MulBackward0)
defop("_mul_scalar", "MulBackward1", lambda g, other=1.0: g * np.asarray(other, g.dtype),
      Grad(lambda F, gg, out, g, other=1.0: F.fused("_mul_scalar", gg, other=other),
           formula="grad * other"),
      params=(Param("other", "scalar", 1.0),), dtype="keep", category="internal")


def _times(F, g, number):
    return F.fused("_mul_scalar", g, other=number)


defop("lerp", "LerpBackward0", lambda a, b, weight=0.5: _lerp(a, b, weight),
      Grad(lambda F, g, out, a, b, weight=0.5: _times(F, g, 1 - weight),
           formula="grad * (1 - weight)"),
      Grad(lambda F, g, out, a, b, weight=0.5: _times(F, g, weight), formula="grad * weight"),
      args=("self", "end"), params=(Param("weight", "scalar", 0.5, "how far towards end"),),
      dtype="keep", category="arithmetic", code="torch.lerp({self}, {end}, {weight})",
      refuses=_lerp_refuses("lerp_kernel_scalar"),
      doc="self + weight * (end - self): the point a fraction weight of the way to end.")
defop("lerp_tensor", "LerpBackward1", _lerp,
      Grad(lambda F, g, out, a, b, w: g * (1 - w), (2,), formula="grad * (1 - weight)"),
      Grad(lambda F, g, out, a, b, w: g * w, (2,), formula="grad * weight"),
      Grad(lambda F, g, out, a, b, w: g * (b - a), (0, 1), formula="grad * (end - self)"),
      args=("self", "end", "weight"), dtype="keep", category="arithmetic",
      code="torch.lerp({self}, {end}, {weight})", refuses=_lerp_refuses("lerp_kernel_tensor"),
      doc="self + weight * (end - self), with a weight per element.")


# --- addcmul / addcdiv -------------------------------------------------------------------
VALUE = Param("value", "scalar", 1, "multiplier of the product (quotient)", keyword_only=True)


def _value(value, dt):
    """The number as the kernel's scalar of dtype ``dt`` (an int tensor truncates 0.5)."""
    return np.asarray(value).astype(dt) if dt.kind in "iub" else dt.type(value)


def _pointwise3(a, t1, t2, value, combine):
    """``a + combine(value * t1, t2)`` in the kernel's dtype (float16 computes in float32,
    its opmath, and rounds once)."""
    dt = np.result_type(a, t1, t2)
    work = np.dtype(np.float32) if dt == np.float16 else dt
    if work != dt:
        a, t1, t2 = (x.astype(work) for x in (a, t1, t2))
    return (a + combine(_value(value, work) * t1, t2)).astype(dt, copy=False)


def _addcmul(a, t1, t2, value=1):
    return _pointwise3(a, t1, t2, value, np.multiply)


def _addcdiv(a, t1, t2, value=1):
    return _pointwise3(a, t1, t2, value, np.divide)


defop("addcmul", "AddcmulBackward0", _addcmul,
      Grad(lambda F, g, out, a, t1, t2, value=1: g, formula="grad"),
      Grad(lambda F, g, out, a, t1, t2, value=1: g * t2 * value, (2,),
           formula="grad * tensor2 * value"),
      Grad(lambda F, g, out, a, t1, t2, value=1: g * t1 * value, (1,),
           formula="grad * tensor1 * value"),
      args=("self", "tensor1", "tensor2"), params=(VALUE,), category="arithmetic",
      code="torch.addcmul({self}, {tensor1}, {tensor2}, value={value})", variants=_ALL,
      refuses=no_kernel("addcmul_cpu_out", {"bool"}),
      doc="self + value * tensor1 * tensor2, elementwise.")
defop("addcdiv", "AddcdivBackward0", _addcdiv,
      Grad(lambda F, g, out, a, t1, t2, value=1: g, formula="grad"),
      Grad(lambda F, g, out, a, t1, t2, value=1: g * (value / t2), (2,),
           formula="grad * (value / tensor2)"),
      Grad(lambda F, g, out, a, t1, t2, value=1: -g * (value * t1 / (t2 * t2)), (1, 2),
           formula="-grad * (value * tensor1 / (tensor2 * tensor2))"),
      args=("self", "tensor1", "tensor2"), params=(VALUE,), category="arithmetic",
      code="torch.addcdiv({self}, {tensor1}, {tensor2}, value={value})",
      doc="self + value * tensor1 / tensor2, elementwise (two integer tensors are refused, "
          "as in torch).")


# --- fmax / fmin -------------------------------------------------------------------------
def _chosen(F, g, a, b, mine, largest):
    # PyTorch's: grad.masked_fill((self >= other).logical_or_(other.isnan()).logical_not_(),
    # 0) for self (>= for fmax, <= for fmin), the other positions for other
    first = ((a >= b) if largest else (a <= b)) | (b != b)
    return F.fused("masked_fill", g, ~first if mine else first, value=0.0)


for _name, _np_fn, _largest in (("fmax", np.fmax, True), ("fmin", np.fmin, False)):
    _cmp = ">=" if _largest else "<="
    defop(_name, _name.capitalize() + "Backward0", _np_fn,
          Grad(lambda F, g, out, a, b, _l=_largest: _chosen(F, g, a, b, True, _l), (0, 1),
               formula=f"grad.masked_fill(~((self {_cmp} other) | other.isnan()), 0)"),
          Grad(lambda F, g, out, a, b, _l=_largest: _chosen(F, g, a, b, False, _l), (0, 1),
               formula=f"grad.masked_fill((self {_cmp} other) | other.isnan(), 0)"),
          args=("self", "other"), category="arithmetic", variants=("method", "function"),
          code=f"torch.{_name}({{self}}, {{other}})",
          doc=f"The {'larger' if _largest else 'smaller'} of each pair of elements, a nan "
              "only where both are nan.")


# --- fmod --------------------------------------------------------------------------------
def _fmod(a, b):
    if a.dtype.kind in "iu" and np.any(np.asarray(b) == 0):
        raise RuntimeError("ZeroDivisionError")
    with np.errstate(all="ignore"):
        return np.fmod(a, b)


defop("fmod", "FmodBackward1", _fmod, Grad(lambda F, g, out, a, b: g, formula="grad"),
      Grad(lambda F, g, out, a, b: -g * F.fused("_trunc_quotient", a, b), (0, 1),
           formula="-grad * self.div(other, rounding_mode='trunc')"),
      args=("self", "other"), category="arithmetic", code="torch.fmod({self}, {other})",
      refuses=no_kernel("fmod_cpu", {"bool"}),
      doc="The remainder of dividing, with the sign of self (C's fmod).")
defop("_trunc_quotient", None, lambda a, b: np.trunc(a / b), None, None,
      args=("self", "other"), category="internal")
defop("fmod_scalar", "FmodBackward0", lambda a, other=1: _fmod(a, np.asarray(other, a.dtype)),
      Grad(lambda F, g, out, a, other=1: g, formula="grad"),
      params=(Param("other", "scalar", 1.0, "the divisor"),), dtype="keep",
      category="arithmetic", code="torch.fmod({self}, {other})",
      refuses=no_kernel("fmod_cpu", {"bool"}),
      doc="The remainder of dividing by a number, with the sign of self.")


# --- hypot / copysign --------------------------------------------------------------------
defop("hypot", "HypotBackward0", np.hypot,
      Grad(lambda F, g, out, a, b: g * a / out, (0, "out"), formula="grad * self / result"),
      Grad(lambda F, g, out, a, b: g * b / out, (1, "out"), formula="grad * other / result"),
      args=("self", "other"), category="arithmetic", code="torch.hypot({self}, {other})",
      refuses=no_kernel("hypot_cpu", INTEGRAL), variants=_ALL,
      doc="sqrt(self ** 2 + other ** 2), elementwise.")


def _copysign_grad(F, g, out, a, *rest, **params):
    # PyTorch's copysign_tensor_self_backward: grad * (result / self), 0 where self is 0
    return g * F.where(a == 0, 0.0, out / a)


_COPYSIGN_RULE = "torch.where(self == 0, 0, grad * result / self)"
defop("copysign", "CopysignBackward0", np.copysign,
      Grad(_copysign_grad, (0, "out"), formula=_COPYSIGN_RULE),
      Grad(lambda F, g, out, a, b: F.zeros(g), formula="torch.zeros_like(other)"),
      args=("self", "other"), dtype="float", category="arithmetic",
      code="torch.copysign({self}, {other})",
      doc="The size of self with the sign of other, elementwise.")
defop("copysign_scalar", "CopysignBackward1",
      lambda a, other=1.0: np.copysign(a, np.asarray(other, a.dtype)),
      Grad(_copysign_grad, (0, "out"), formula=_COPYSIGN_RULE),
      params=(Param("other", "scalar", 1.0, "whose sign"),), dtype="float",
      category="arithmetic", code="torch.copysign({self}, {other})",
      doc="The size of self with the sign of a number.")


# --- sgn, deg2rad, rad2deg (not palette kinds of their own) ------------------------------
defop("sgn", "SgnBackward0", sign, Grad(lambda F, g, out, a: F.zeros(g),
                                        formula="torch.zeros_like(grad)"),
      args=("self",), dtype="keep", category="internal", code="torch.sgn({self})",
      variants=("method", "function", "inplace"),
      doc="The sign of every element (for real numbers, as sign; its gradient is zero).")
for _name, _grad_fn, _factor, _words in (
        ("deg2rad", "Deg2RadBackward0", math.pi / 180, "degrees to radians"),
        ("rad2deg", "Rad2DegBackward0", 180 / math.pi, "radians to degrees")):
    defop(_name, _grad_fn, lambda a, _f=_factor: a * np.asarray(_f, a.dtype),
          Grad(lambda F, g, out, a, _f=_factor: g * _f, formula=f"grad * {_factor!r}"),
          args=("self",), dtype="float", category="internal", code=f"torch.{_name}({{self}})",
          variants=("method", "function", "inplace"),
          doc=f"Every element from {_words} (times {_factor:.6g}).")
