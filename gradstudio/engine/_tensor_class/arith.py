"""``ArithmeticMixin``: the operators and the arithmetic, comparison, bitwise/logical and
elementwise (unary, clamp) methods of ``Tensor``, thin wrappers that check arguments the
way PyTorch does and run an op of the table with ``_ops.dispatch.apply``. Every method is
a ``def`` of the class (go-to-definition lands on it); what several share is a function
below it. The helpers the other method modules share are in ``operands``."""
import numpy as np

from .._types import dtype as D
from .._ops.record import OPS
from .core import TensorCore
from .._ops.dispatch import apply
from .._ops.fast import Fast
from .rounding import divide_rounded, round_decimals
from .operands import (_broadcast_check, _divisor_check, _is_operand, _no_bool_subtraction,
                       _operand, _renamed)

__all__ = ["ArithmeticMixin"]

_NOT_GIVEN = object()   # (an argument the call did not name: PyTorch's other overload)


class ArithmeticMixin:
    """The arithmetic, comparison, bitwise/logical and elementwise methods of Tensor."""
    __slots__ = ()

    # ------------------------------------------------------------------ arithmetic
    def add(self, other, *, alpha=1):
        return _binary(self, other, "add", alpha)

    def sub(self, other, *, alpha=1):
        return _binary(self, other, "sub", alpha)

    def mul(self, other, *, alpha=1):
        return _binary(self, other, "mul", alpha)

    def div(self, other, *, rounding_mode=_NOT_GIVEN, alpha=1):
        if rounding_mode is not _NOT_GIVEN:
            return divide_rounded(self, other, rounding_mode)
        return _binary(self, other, "div", alpha)

    multiply, subtract, divide, true_divide = mul, sub, div, div

    def pow(self, exponent):
        exponent = _operand(exponent)
        if isinstance(exponent, TensorCore):
            _broadcast_check(self, exponent)
            return apply(OPS["pow_tensor"], (self, exponent))
        dt = D.result_type(self, exponent)  # int ** 2.0 is float, int ** 2 stays int
        if not dt.is_floating_point and exponent < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        return apply(OPS["pow"], (self,), {"exponent": exponent},
                     out_dtype=None if dt is self._dtype else dt)

    def square(self):
        return ArithmeticMixin.pow(self, 2)

    def floor_divide(self, other):
        return _divided(self, other, "floor_divide", "div_floor_cpu")

    def remainder(self, other):
        return _divided(self, other, "remainder", "remainder_cpu")

    # the operators: NotImplemented for operands they cannot take (so Python raises its
    # own TypeError, as for torch.Tensor)
    # (``_ADD_OP`` ...: the fast path of the commonest calls, ``_operator`` for the others)
    def __add__(self, other):
        return _ADD_OP(self, other)

    def __sub__(self, other):
        return _SUB_OP(self, other)

    def __mul__(self, other):
        return _MUL_OP(self, other)

    def __truediv__(self, other):
        return _DIV_OP(self, other)

    def __radd__(self, other):
        return _reflected(self, other, "add") if _is_operand(other) else NotImplemented

    def __rmul__(self, other):
        return _reflected(self, other, "mul") if _is_operand(other) else NotImplemented

    def __rsub__(self, other, alpha=1):
        if not _is_operand(other):
            return NotImplemented
        other = _operand(other)
        _no_bool_subtraction(other, self)
        if isinstance(other, TensorCore):
            return ArithmeticMixin.sub(other, self, alpha=alpha)
        dt = D.result_type(self, other)     # (1.0 - int_tensor is float, as 1.0 - 1 is)
        return apply(OPS["rsub"], (self,), {"other": other, "alpha": alpha},
                     out_dtype=None if dt is self._dtype else dt)

    def __rtruediv__(self, other):
        if not _is_operand(other):
            return NotImplemented
        other = _operand(other)
        if isinstance(other, TensorCore):
            return ArithmeticMixin.div(other, self)
        return self.reciprocal() * other

    def __pow__(self, exponent):
        return ArithmeticMixin.pow(self, exponent) if _is_operand(exponent) else NotImplemented

    def __rpow__(self, base):
        if not _is_operand(base):
            return NotImplemented
        base = _operand(base)
        if isinstance(base, TensorCore):
            return ArithmeticMixin.pow(base, self)
        dt = D.result_type(self, base)  # 2 ** int_tensor stays int
        return apply(OPS["rpow"], (self,), {"base": base}, out_dtype=dt)

    def __floordiv__(self, other):
        return ArithmeticMixin.floor_divide(self, other) if _is_operand(other) else NotImplemented

    def __mod__(self, other):
        return ArithmeticMixin.remainder(self, other) if _is_operand(other) else NotImplemented

    def __rfloordiv__(self, other):
        if not _is_operand(other):
            return NotImplemented
        return _rdivided(self, other, "floor_divide", "div_floor_cpu", "floor_divide_scalar",
                         {"reflected": True})

    def __rmod__(self, other):
        if not _is_operand(other):
            return NotImplemented
        return _rdivided(self, other, "remainder", "remainder_cpu", "rremainder", {})

    # ------------------------------------------------------------------ comparisons
    def eq(self, other):
        return _compare(self, other, "eq")

    def ne(self, other):
        return _compare(self, other, "ne")

    def lt(self, other):
        return _compare(self, other, "lt")

    def le(self, other):
        return _compare(self, other, "le")

    def gt(self, other):
        return _compare(self, other, "gt")

    def ge(self, other):
        return _compare(self, other, "ge")

    def __eq__(self, other):
        return _operator(self, other, "eq")

    def __ne__(self, other):
        return _operator(self, other, "ne")

    def __lt__(self, other):
        return _operator(self, other, "lt")

    def __le__(self, other):
        return _operator(self, other, "le")

    def __gt__(self, other):
        return _operator(self, other, "gt")

    def __ge__(self, other):
        return _operator(self, other, "ge")

    __hash__ = TensorCore.__hash__     # (a class defining __eq__ would lose it otherwise)

    def maximum(self, other):
        _broadcast_check(self, other)
        return apply(OPS["maximum"], (self, other))

    def minimum(self, other):
        _broadcast_check(self, other)
        return apply(OPS["minimum"], (self, other))

    # ------------------------------------------------------------------ bitwise/logical
    # ``&``, ``|``, ``^``: logical on bools, bitwise on integers (never differentiable)
    def bitwise_and(self, other):
        return apply(OPS["bitwise_and"], (self, _operand(other, "bitwise_and")))

    def bitwise_or(self, other):
        return apply(OPS["bitwise_or"], (self, _operand(other, "bitwise_or")))

    def bitwise_xor(self, other):
        return apply(OPS["bitwise_xor"], (self, _operand(other, "bitwise_xor")))

    def __and__(self, other):
        return ArithmeticMixin.bitwise_and(self, other) if _is_operand(other) else NotImplemented

    def __or__(self, other):
        return ArithmeticMixin.bitwise_or(self, other) if _is_operand(other) else NotImplemented

    def __xor__(self, other):
        return ArithmeticMixin.bitwise_xor(self, other) if _is_operand(other) else NotImplemented

    __rand__, __ror__, __rxor__ = __and__, __or__, __xor__

    def bitwise_not(self):
        if self._dtype.is_floating_point:
            raise TypeError("~ (operator.invert) is only implemented on integer and "
                            "Boolean-type tensors")
        return apply(OPS["bitwise_not"], (self,))

    __invert__ = bitwise_not

    # ------------------------------------------------------------------ elementwise
    def neg(self):
        if self._dtype is D.bool_:
            raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. "
                               "If you are trying to invert a mask, use the `~` or "
                               "`logical_not()` operator instead.")
        return apply(OPS["neg"], (self,))

    __neg__ = negative = neg

    def __pos__(self):
        return self

    def abs(self):
        return apply(OPS["abs"], (self,))

    __abs__ = absolute = abs

    def exp(self):
        return _UNARY_OP["exp"](self)

    def log(self):
        return _UNARY_OP["log"](self)

    def sin(self):
        return _UNARY_OP["sin"](self)

    def cos(self):
        return _UNARY_OP["cos"](self)

    def tanh(self):
        return _UNARY_OP["tanh"](self)

    def sigmoid(self):
        return _UNARY_OP["sigmoid"](self)

    def relu(self):
        return _UNARY_OP["relu"](self)

    def sqrt(self):
        return _UNARY_OP["sqrt"](self)

    def rsqrt(self):
        return apply(OPS["rsqrt"], (self,))

    def reciprocal(self):
        return apply(OPS["reciprocal"], (self,))

    def log1p(self):
        return apply(OPS["log1p"], (self,))

    def expm1(self):
        return apply(OPS["expm1"], (self,))

    def sign(self):
        return apply(OPS["sign"], (self,))

    def floor(self):
        return apply(OPS["floor"], (self,))

    def ceil(self):
        return apply(OPS["ceil"], (self,))

    def round(self, *args, decimals=_NOT_GIVEN):
        if args:   # (PyTorch's parser counts the overload without arguments)
            raise TypeError("round() takes from 1 to 0 positional arguments but "
                            f"{len(args)} were given")
        if decimals is not _NOT_GIVEN:
            return round_decimals(self, decimals)
        return apply(OPS["round"], (self,))

    def trunc(self):
        return apply(OPS["trunc"], (self,))

    def clone(self):
        return apply(OPS["clone"], (self,))

    def clamp(self, min=None, max=None):
        if min is None and max is None:
            raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
        min = _operand(min) if min is not None else None
        max = _operand(max) if max is not None else None
        bounds = [b for b in (min, max) if b is not None]
        dt = D.result_type(self, *bounds)  # an int tensor clamped to 0.5 becomes float
        min, max = (D.checked_scalar(b, dt) for b in (min, max))
        out = apply(OPS["clamp"], (self,), {"min": min, "max": max},
                    out_dtype=None if dt is self._dtype else dt)
        if any(isinstance(b, TensorCore) for b in bounds):
            out = _renamed(out, "ClampBackward0")  # the Tensor overload (bounds get no gradient)
        return out

    clip = clamp

    # ``clamp_min`` / ``clamp_max``: clamp on one side, recorded under its own name
    # (overload 0 for a number, 1 for a tensor bound)
    def clamp_min(self, min):
        return _renamed(ArithmeticMixin.clamp(self, min=min), "ClampMinBackward" + _overload(min))

    def clamp_max(self, max):
        return _renamed(ArithmeticMixin.clamp(self, max=max), "ClampMaxBackward" + _overload(max))


def _overload(bound):
    return "1" if isinstance(bound, (TensorCore, np.ndarray)) else "0"


# the fast path's ops (``_ops.fast``): the operators compute with numpy's ufuncs, which is
# what the records' ``a + b`` forwards call
_ADD, _SUB, _MUL, _DIV = (Fast(OPS[name], fn) for name, fn in (
    ("add", np.add), ("sub", np.subtract), ("mul", np.multiply), ("div", np.true_divide)))
_UNARY = {name: Fast(OPS[name], n=1) for name in
          ("exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "sqrt")}
_ADD_OP, _SUB_OP, _MUL_OP, _DIV_OP = (
    fast.method(lambda a, b, name=name: _operator(a, b, name)) for fast, name in (
        (_ADD, "add"), (_SUB, "sub"), (_MUL, "mul"), (_DIV, "div")))
_UNARY_OP = {name: fast.method(lambda a, name=name: apply(OPS[name], (a,)))
             for name, fast in _UNARY.items()}


def _binary(self, other, name, alpha):
    other = _operand(other, name)
    if name == "sub":
        _no_bool_subtraction(self, other)
    if isinstance(other, TensorCore):
        _broadcast_check(self, other)
    if alpha != 1:
        return apply(OPS[name], (self, other), {"alpha": alpha})
    return apply(OPS[name], (self, other))


def _operator(self, other, name):
    """``a + b``, ``a < b`` and friends: the method without ``alpha``, inlined (a hot
    path)."""
    to = type(other)
    if to is float or to is int:
        pass                  # (a Python number, the usual operand, stays as it is)
    elif isinstance(other, TensorCore):
        if self._data.shape != other._data.shape:
            _broadcast_check(self, other)
    elif _is_operand(other):
        other = _operand(other)
    else:
        return NotImplemented
    if name == "sub":
        _no_bool_subtraction(self, other)
    return apply(OPS[name], (self, other))


def _reflected(self, other, name):
    other = _operand(other)
    if isinstance(other, TensorCore):
        return apply(OPS[name], (other, self))
    return apply(OPS[name], (self, other))


def _compare(self, other, name):
    other = _operand(other, name)
    if isinstance(other, TensorCore):
        _broadcast_check(self, other)
    return apply(OPS[name], (self, other))


def _divided(self, other, name, kernel):
    """``floor_divide`` / ``remainder`` (``//``, ``%``)."""
    other = _operand(other, name)
    dt = D.result_type(self, other)
    _divisor_check(kernel, dt, other)
    if isinstance(other, TensorCore):
        _broadcast_check(self, other)
        return apply(OPS[name], (self, other))
    return apply(OPS[name + "_scalar"], (self,), {"other": other}, out_dtype=dt)


def _rdivided(self, other, name, kernel, reflected, reflected_params):
    """The number-first forms of ``//`` and ``%`` (``2 // x``: the op ``reflected`` with
    ``reflected_params``)."""
    other = _operand(other)
    if isinstance(other, TensorCore):
        return _divided(other, self, name, kernel)
    dt = D.result_type(self, other)
    _divisor_check(kernel, dt, self)
    return apply(OPS[reflected], (self,), {"other": other, **reflected_params}, out_dtype=dt)
