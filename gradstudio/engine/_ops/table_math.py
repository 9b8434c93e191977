"""More elementwise math for the op table: the trigonometric and hyperbolic functions and
their inverses, ``erf``/``erfc``, ``log2``/``log10``, ``exp2`` and ``frac``, each with the
VJP of PyTorch's ``derivatives.yaml`` and bound as PyTorch binds it (``t.tan()``,
``torch.tan(t)``, ``t.tan_()``). Float32 and float64 values are MKL's (PyTorch's bits) where its release is
installed, else computed in float64 and rounded once (see ``_cpu_kernels.elementwise``),
which agrees with PyTorch's to the last bit but rarely."""
import math

import numpy as np

from .._cpu_kernels.elementwise import _rounded_from_float64
from .._cpu_kernels import libm
from .._cpu_kernels.mkl_vml import vml
from .._cpu_kernels.vector_loop import EXACT_LIMIT
from .record import INTEGRAL, Grad, Param, defop, no_kernel

_ALL = ("method", "function", "inplace")
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def _math(name, grad_fn, forward, grad, doc, dtype="float", refuses=None):
    defop(name, grad_fn, forward, grad, dtype=dtype, category="elementwise", doc=doc,
          code="{self}." + name + "()", variants=_ALL, refuses=refuses)


def _elementwise(fn, vml_name):
    """MKL's ``vml_name`` where PyTorch's MKL release is installed (``mkl_vml``), else
    ``fn`` (a Python function of one float) over an array, in float64 and rounded once
    to the array's dtype (numpy has no ``erf``; ``math``'s is accurate to the last bit of
    a float64)."""
    ufunc = np.frompyfunc(fn, 1, 1)

    def forward(a):
        out = vml(vml_name, a)
        if out is not None:
            return out
        return np.asarray(ufunc(a.astype(np.float64)), np.float64).astype(a.dtype)
    forward.__name__ = fn.__name__
    return forward


_math("tan", "TanBackward0", _rounded_from_float64(np.tan, vml_name="Tan"),
      Grad(lambda F, g, out, a: g * (1 + out ** 2), ("out",),
           formula="grad * (1 + result ** 2)"), "Tangent of every element.")
_math("asin", "AsinBackward0", _rounded_from_float64(np.arcsin, vml_name="Asin"),
      Grad(lambda F, g, out, a: g * F.rsqrt(-a * a + 1), (0,),
           formula="grad * torch.rsqrt(1 - self ** 2)"),
      "Arcsine of every element (nan outside [-1, 1]).")
_math("acos", "AcosBackward0", _rounded_from_float64(np.arccos, vml_name="Acos"),
      Grad(lambda F, g, out, a: g * -F.rsqrt(-a * a + 1), (0,),
           formula="-grad * torch.rsqrt(1 - self ** 2)"),
      "Arccosine of every element (nan outside [-1, 1]).")
_math("atan", "AtanBackward0", _rounded_from_float64(np.arctan, vml_name="Atan"),
      Grad(lambda F, g, out, a: g / (a * a + 1), (0,),
           formula="grad / (1 + self ** 2)"), "Arctangent of every element.")
_math("sinh", "SinhBackward0", _rounded_from_float64(np.sinh),
      Grad(lambda F, g, out, a: g * F.cosh(a), (0,),
           formula="grad * torch.cosh(self)"), "Hyperbolic sine of every element.")
_math("cosh", "CoshBackward0", _rounded_from_float64(np.cosh),
      Grad(lambda F, g, out, a: g * F.sinh(a), (0,),
           formula="grad * torch.sinh(self)"), "Hyperbolic cosine of every element.")
_math("asinh", "AsinhBackward0", _rounded_from_float64(np.arcsinh),
      Grad(lambda F, g, out, a: g * F.rsqrt(a ** 2 + 1), (0,),
           formula="grad * torch.rsqrt(self ** 2 + 1)"),
      "Inverse hyperbolic sine of every element.")
_math("acosh", "AcoshBackward0", _rounded_from_float64(np.arccosh),
      Grad(lambda F, g, out, a: g * F.rsqrt(a ** 2 - 1), (0,),
           formula="grad * torch.rsqrt(self ** 2 - 1)"),
      "Inverse hyperbolic cosine of every element (nan below 1).")
_math("atanh", "AtanhBackward0", _rounded_from_float64(np.arctanh),
      Grad(lambda F, g, out, a: g * 1 / (1 - a ** 2), (0,), formula="grad / (1 - self ** 2)"),
      "Inverse hyperbolic tangent of every element (nan outside [-1, 1]).")
_math("erf", "ErfBackward0", _elementwise(math.erf, "Erf"),
      Grad(lambda F, g, out, a: _TWO_OVER_SQRT_PI * F.exp(-(a ** 2)) * g, (0,),
           formula="2 / math.sqrt(math.pi) * torch.exp(-self ** 2) * grad"),
      "The error function of every element.")
_math("erfc", "ErfcBackward0", _elementwise(math.erfc, "Erfc"),
      Grad(lambda F, g, out, a: -_TWO_OVER_SQRT_PI * F.exp(-(a ** 2)) * g, (0,),
           formula="-2 / math.sqrt(math.pi) * torch.exp(-self ** 2) * grad"),
      "The complementary error function 1 - erf(x) of every element.")
_math("log2", "Log2Backward0", _rounded_from_float64(np.log2, vml_name="Log2"),
      Grad(lambda F, g, out, a: g / (a * 0.6931471805599453), (0,),
           formula="grad / (self * math.log(2))"),
      "Base-2 logarithm of every element.")
_math("log10", "Log10Backward0", _rounded_from_float64(np.log10, vml_name="Log10"),
      Grad(lambda F, g, out, a: g / (a * 2.3025850929940456), (0,),
           formula="grad / (self * math.log(10))"),
      "Base-10 logarithm of every element.")
_math("exp2", "Exp2Backward0", _rounded_from_float64(np.exp2),
      Grad(lambda F, g, out, a: g * (out * 0.6931471805599453), ("out",),
           formula="grad * result * math.log(2)"),
      "2 to the power of every element.")
_math("frac", "FracBackward0", lambda a: a - np.trunc(a),
      Grad(lambda F, g, out, a: g, formula="grad"),
      "The fractional part of every element (x - trunc(x)).", dtype="keep",
      refuses=no_kernel("frac_cpu", INTEGRAL))

# --- tests and logic: bool results, never differentiable ----------------------------------
for _name, _fn, _doc in (("isnan", np.isnan, "Whether each element is nan."),
                         ("isinf", np.isinf, "Whether each element is +inf or -inf."),
                         ("isfinite", np.isfinite, "Whether each element is finite."),
                         ("logical_not", np.logical_not, "Whether each element is zero.")):
    defop(_name, None, _fn, None, dtype="bool", category="comparison", doc=_doc,
          code="{self}." + _name + "()", variants=_ALL if _name == "logical_not"
          else ("method", "function"))
for _name, _fn in (("logical_and", np.logical_and), ("logical_or", np.logical_or),
                   ("logical_xor", np.logical_xor)):
    defop(_name, None, _fn, None, None, args=("self", "other"), dtype="bool",
          category="comparison", code="{self}." + _name + "({other})", variants=_ALL,
          doc=f"Elementwise {_name[8:]} of the truth of each element (a bool tensor).")


def _bitwise(name, np_fn):
    def forward(*arrays):
        if arrays[0].dtype.kind == "f":
            raise NotImplementedError(f'"bitwise_{name}_cpu" not implemented for '
                                      f"'{_SCALAR[arrays[0].dtype.name]}'")
        return np_fn(*arrays)
    return forward


_SCALAR = {"float16": "Half", "float32": "Float", "float64": "Double"}
for _name, _fn, _code in (("and", np.bitwise_and, "&"), ("or", np.bitwise_or, "|"),
                          ("xor", np.bitwise_xor, "^")):
    defop("bitwise_" + _name, None, _bitwise(_name, _fn), None, None, args=("self", "other"),
          category="comparison", code="{self} " + _code + " {other}", variants=("function",),
          doc=f"Elementwise {_name} of bools (logical) or integers (bitwise).")
defop("bitwise_not", None, _bitwise("not", np.invert), None, dtype="keep",
      category="comparison", code="~{self}", variants=("function",),
      doc="Elementwise not of bools (logical) or integers (bitwise).")


defop("isclose", None,
      lambda a, b, rtol=1e-05, atol=1e-08, equal_nan=False: np.isclose(
          a, b, rtol=rtol, atol=atol, equal_nan=equal_nan),
      None, None, args=("self", "other"),
      params=(Param("rtol", "scalar", 1e-05), Param("atol", "scalar", 1e-08),
              Param("equal_nan", "bool", False)),
      dtype="bool", category="comparison", code="torch.isclose({self}, {other})",
      doc="Whether each pair of elements is equal within atol + rtol * |other|.")
defop("nonzero", None, lambda a: np.argwhere(a), None, dtype="long", category="comparison",
      code="{self}.nonzero()", doc="The indices of the nonzero elements, one row each.")


def _xlogy(a, b):
    """x * log(y), 0 where x is 0 (unless y is nan): PyTorch's scalar kernel, with the C
    library's ``logf`` / ``log`` (numpy's for tensors above ``EXACT_LIMIT``)."""
    with np.errstate(all="ignore"):
        exact = a.dtype in (np.float32, np.float64) and max(a.size, np.size(b)) <= EXACT_LIMIT
        logs = libm.log(np.asarray(b, a.dtype)) if exact else np.log(b)
        return np.where((a == 0) & ~np.isnan(b), np.zeros((), a.dtype), a * logs)


defop("xlogy", "XlogyBackward0", _xlogy,
      Grad(lambda F, g, out, a, b: F.where((a == 0) & (b <= 0), 0.0, F.fused("xlogy", g, b)),
           (0, 1),
           formula="torch.where((self == 0) & (other <= 0), 0, grad * torch.log(other))"),
      Grad(lambda F, g, out, a, b: g * a / b, (0, 1), formula="grad * self / other"),
      args=("self", "other"), dtype="float", code="torch.xlogy({self}, {other})",
      doc="self * log(other), and 0 where self is 0.", variants=_ALL)
