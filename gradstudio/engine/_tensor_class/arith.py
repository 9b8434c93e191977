"""``ArithmeticMixin``: the operators and the arithmetic, comparison, bitwise/logical and
elementwise (unary, clamp) methods of ``Tensor``, thin wrappers that check arguments the
way PyTorch does and run an op of the table with ``_ops.dispatch.apply``.

It also holds the helpers the other method modules share: ``_operand``, ``_is_operand``,
``_dunder``, ``_broadcast_check``, ``_broadcast_shapes``, ``_dims``, ``_renamed`` and
``_no_grad_if``. ``_tensor_class.tensor`` assembles ``Tensor`` from this and the other mixins."""
import numpy as np

from .._types import dtype as D
from .._torch_functions.factory import tensor
from .._ops.record import OPS
from .core import TensorCore, _wrap_dim
from .._ops.dispatch import apply
from .._autograd.nodes import node_class
from .._autograd.grad_mode import STATE

__all__ = ["ArithmeticMixin"]


class ArithmeticMixin:
    """The arithmetic, comparison, bitwise/logical and elementwise methods of Tensor (bound below)."""
    __slots__ = ()


def _operand(x, fn="", arg="other"):
    """A tensor stays a tensor; a Python (or numpy) number stays a number."""
    if isinstance(x, TensorCore):
        return x
    if isinstance(x, (bool, int, float)):
        return x
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, np.ndarray):
        return tensor(x)
    if isinstance(x, TensorCore):
        return x
    raise TypeError(f"{fn}(): argument '{arg}' (position 1) must be Tensor, not "
                    f"{type(x).__name__}")


def _is_operand(x):
    return isinstance(x, (TensorCore, bool, int, float, np.generic, np.ndarray))


def _dunder(method):
    """An operator: like the method, but NotImplemented for operands it cannot take (so
    Python raises its own TypeError, as for torch.Tensor)."""
    def op(self, other, **kwargs):
        return method(self, other, **kwargs) if _is_operand(other) else NotImplemented
    op.__name__ = method.__name__
    return op


def _broadcast_check(a, b):
    sa, sb = a._data.shape, b._data.shape if isinstance(b, TensorCore) else ()
    if sa != sb and sb:
        _broadcast_shapes(sa, sb)


def _broadcast_shapes(sa, sb):
    """The broadcast of two shapes, with PyTorch's message when they do not broadcast
    (naming the first mismatch from the right, as PyTorch scans)."""
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + tuple(sa), (1,) * (n - len(sb)) + tuple(sb)
    out = [0] * n
    for i in range(n - 1, -1, -1):
        x, y = pa[i], pb[i]
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                               f"({y}) at non-singleton dimension {i}")
        out[i] = y if x == 1 else x
    return tuple(out)


# ---------------------------------------------------------------------- shared helpers
def _dims(self, dim):
    if dim is None:
        return None
    if isinstance(dim, (list, tuple)):
        if not dim:
            return None
        dims = tuple(_wrap_dim(d, self._data.ndim) for d in dim)
        for i, d in enumerate(dims):
            if d in dims[:i]:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        return dims
    return (_wrap_dim(dim, self._data.ndim),)


class _no_grad_if:
    def __init__(self, cond):
        self.cond = cond

    def __enter__(self):
        self.prev = STATE.enabled
        if self.cond:
            STATE.enabled = False

    def __exit__(self, *exc):
        STATE.enabled = self.prev


# ---------------------------------------------------------------------- arithmetic


def _no_bool_subtraction(a, b):
    """PyTorch refuses to subtract bools (numpy would compute it, or raise its own
    TypeError); a Python bool counts as a bool tensor, as PyTorch wraps it."""
    a_bool = a._dtype is D.bool_ if isinstance(a, TensorCore) else type(a) is bool
    b_bool = b._dtype is D.bool_ if isinstance(b, TensorCore) else type(b) is bool
    if a_bool and b_bool:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    if a_bool or b_bool:
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not "
                           "supported. If you are trying to invert a mask, use the `~` or "
                           "`logical_not()` operator instead.")


def _binary(name):
    op = OPS[name]
    check = _no_bool_subtraction if name == "sub" else None

    def method(self, other, *, alpha=1):
        other = _operand(other, name)
        if check is not None:
            check(self, other)
        if isinstance(other, TensorCore):
            _broadcast_check(self, other)
        if alpha != 1:
            return apply(op, (self, other), {"alpha": alpha})
        return apply(op, (self, other))
    method.__name__ = name
    return method


def _binary_operator(name):
    """``a + b`` and friends: the method without ``alpha``, inlined (a hot path)."""
    op = OPS[name]
    check = _no_bool_subtraction if name == "sub" else None

    def operator(self, other):
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
        if check is not None:
            check(self, other)
        return apply(op, (self, other))
    operator.__name__ = f"__{name}__"
    return operator


def _reflected(name):
    op = OPS[name]

    def method(self, other):
        other = _operand(other)
        if isinstance(other, TensorCore):
            return apply(op, (other, self))
        return apply(op, (self, other))
    return method


_add, _sub, _mul, _div = (_binary(n) for n in ("add", "sub", "mul", "div"))


def _rsub(self, other, alpha=1):
    other = _operand(other)
    _no_bool_subtraction(other, self)
    if isinstance(other, TensorCore):
        return _sub(other, self, alpha=alpha)
    return apply(OPS["rsub"], (self,), {"other": other, "alpha": alpha})


def _rtruediv(self, other):
    other = _operand(other)
    if isinstance(other, TensorCore):
        return _div(other, self)
    return self.reciprocal() * other


def _pow(self, exponent):
    exponent = _operand(exponent)
    if isinstance(exponent, TensorCore):
        _broadcast_check(self, exponent)
        return apply(OPS["pow_tensor"], (self, exponent))
    dt = D.result_type(self, exponent)  # int ** 2.0 is float, int ** 2 stays int
    if not dt.is_floating_point and exponent < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    return apply(OPS["pow"], (self,), {"exponent": exponent},
                  out_dtype=None if dt is self._dtype else dt)


def _rpow(self, base):
    base = _operand(base)
    if isinstance(base, TensorCore):
        return _pow(base, self)
    dt = D.result_type(self, base)  # 2 ** int_tensor stays int
    return apply(OPS["rpow"], (self,), {"base": base}, out_dtype=dt)


def _divisor_check(kernel, dt, divisor):
    """PyTorch's refusals before dividing: no bool kernel, and no integer division by
    zero."""
    if dt is D.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')
    if not dt.is_floating_point:
        d = divisor._data if isinstance(divisor, TensorCore) else divisor
        if np.any(np.asarray(d) == 0):
            raise RuntimeError("ZeroDivisionError")


def _divided(name, kernel, reflected, reflected_params):
    """``floor_divide`` / ``remainder`` (``//``, ``%``) and their number-first forms
    (``2 // x``: the op ``reflected`` with ``reflected_params``)."""
    def method(self, other):
        other = _operand(other, name)
        dt = D.result_type(self, other)
        _divisor_check(kernel, dt, other)
        if isinstance(other, TensorCore):
            _broadcast_check(self, other)
            return apply(OPS[name], (self, other))
        return apply(OPS[name + "_scalar"], (self,), {"other": other}, out_dtype=dt)

    def rmethod(self, other):
        other = _operand(other)
        if isinstance(other, TensorCore):
            return method(other, self)
        dt = D.result_type(self, other)
        _divisor_check(kernel, dt, self)
        return apply(OPS[reflected], (self,), {"other": other, **reflected_params},
                      out_dtype=dt)
    method.__name__, rmethod.__name__ = name, "r" + name
    return method, rmethod


_floor_divide, _rfloordiv = _divided("floor_divide", "div_floor_cpu", "floor_divide_scalar",
                                     {"reflected": True})
_remainder, _rmod = _divided("remainder", "remainder_cpu", "rremainder", {})


def _renamed(t, name):
    """Gives ``t``'s grad_fn PyTorch's class name where PyTorch records the same op under
    another name (an in-place ``squeeze_``, a ``reshape`` that aliases): same VJP."""
    fn = t._grad_fn
    if fn is not None and type(fn).__name__ != name:
        fn.__class__ = node_class(name)
    return t


def _cmp(name):
    op = OPS[name]

    def method(self, other):
        other = _operand(other, name)
        if isinstance(other, TensorCore):
            _broadcast_check(self, other)
        return apply(op, (self, other))
    method.__name__ = name
    return method


for _name in ("add", "sub", "mul", "div"):
    setattr(ArithmeticMixin, _name, _binary(_name))
ArithmeticMixin.__add__ = _binary_operator("add")
ArithmeticMixin.__radd__ = _dunder(_reflected("add"))
ArithmeticMixin.__sub__ = _binary_operator("sub")
ArithmeticMixin.__rsub__ = _dunder(_rsub)
ArithmeticMixin.__mul__ = _binary_operator("mul")
ArithmeticMixin.__rmul__ = _dunder(_reflected("mul"))
ArithmeticMixin.__truediv__ = _binary_operator("div")
ArithmeticMixin.__rtruediv__ = _dunder(_rtruediv)
ArithmeticMixin.pow = _pow
ArithmeticMixin.__pow__ = _dunder(_pow)
ArithmeticMixin.__rpow__ = _dunder(_rpow)
ArithmeticMixin.floor_divide, ArithmeticMixin.remainder = _floor_divide, _remainder
ArithmeticMixin.__floordiv__, ArithmeticMixin.__mod__ = _dunder(_floor_divide), _dunder(_remainder)
ArithmeticMixin.__rfloordiv__, ArithmeticMixin.__rmod__ = _dunder(_rfloordiv), _dunder(_rmod)
ArithmeticMixin.multiply, ArithmeticMixin.subtract, ArithmeticMixin.divide, ArithmeticMixin.true_divide = \
    ArithmeticMixin.mul, ArithmeticMixin.sub, ArithmeticMixin.div, ArithmeticMixin.div
for _name, _op_name in (("eq", "__eq__"), ("ne", "__ne__"), ("lt", "__lt__"), ("le", "__le__"),
                       ("gt", "__gt__"), ("ge", "__ge__")):
    setattr(ArithmeticMixin, _name, _cmp(_name))
    setattr(ArithmeticMixin, _op_name, _binary_operator(_name))


def _bitwise(name):
    """``&``, ``|``, ``^``: logical on bools, bitwise on integers (never differentiable)."""
    op = OPS[f"bitwise_{name}"]

    def method(self, other):
        other = _operand(other, f"bitwise_{name}")
        return apply(op, (self, other))
    method.__name__ = f"bitwise_{name}"
    return method


def _invert(self):
    if self._dtype.is_floating_point:
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type "
                        "tensors")
    return apply(OPS["bitwise_not"], (self,))


for _name in ("and", "or", "xor"):
    _fn = _bitwise(_name)
    setattr(ArithmeticMixin, f"bitwise_{_name}", _fn)
    setattr(ArithmeticMixin, f"__{_name}__", _dunder(_fn))
    setattr(ArithmeticMixin, f"__r{_name}__", _dunder(_fn))
ArithmeticMixin.__invert__ = ArithmeticMixin.bitwise_not = _invert


def _maximum(self, other):
    _broadcast_check(self, other)
    return apply(OPS["maximum"], (self, other))


def _minimum(self, other):
    _broadcast_check(self, other)
    return apply(OPS["minimum"], (self, other))


ArithmeticMixin.maximum, ArithmeticMixin.minimum = _maximum, _minimum


def _unary(name):
    op = OPS[name]

    def method(self):
        return apply(op, (self,))
    method.__name__ = name
    return method


for _name in ("neg", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt",
              "rsqrt", "reciprocal", "log1p", "expm1", "sign", "floor", "ceil", "round",
              "trunc", "clone"):
    setattr(ArithmeticMixin, _name, _unary(_name))
def _neg(self):
    if self._dtype is D.bool_:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If "
                           "you are trying to invert a mask, use the `~` or `logical_not()` "
                           "operator instead.")
    return apply(OPS["neg"], (self,))


ArithmeticMixin.__neg__ = ArithmeticMixin.negative = ArithmeticMixin.neg = _neg
ArithmeticMixin.__abs__ = ArithmeticMixin.absolute = ArithmeticMixin.abs
ArithmeticMixin.__pos__ = lambda self: self
ArithmeticMixin.square = lambda self: _pow(self, 2)


def _clamp(self, min=None, max=None):
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


def _clamp_side(side):
    """``clamp_min`` / ``clamp_max``: clamp on one side, recorded under its own name
    (overload 0 for a number, 1 for a tensor bound)."""
    name = f"Clamp{side.capitalize()}Backward"

    def method(self, bound):
        out = _clamp(self, **{side: bound})
        return _renamed(out, name + ("1" if isinstance(bound, (TensorCore, np.ndarray)) else "0"))
    method.__name__ = f"clamp_{side}"
    return method


ArithmeticMixin.clamp = ArithmeticMixin.clip = _clamp
ArithmeticMixin.clamp_min, ArithmeticMixin.clamp_max = _clamp_side("min"), _clamp_side("max")
