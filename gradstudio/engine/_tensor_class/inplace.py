"""In-place Tensor methods and random in-place fills.

``add_``/``sub_``/``mul_``/``div_`` (and ``+=`` and friends), ``pow_``, the unary in-place
ops, ``clamp_``, ``zero_``, ``fill_``, ``copy_``, and ``uniform_``/``normal_`` that draw
from a generator. The arithmetic ones record through ``inplace`` (which checks leaves and
bumps the version counter), the random fills too (their gradient is zero)."""
from .._torch_functions.factory import _gen, tensor
from .._ops.record import OPS
from .._ops.dispatch import inplace
from .core import TensorCore, _list
from ..observer import observed
from .._types import dtype as D
from .rounding import divide_rounded, round_decimals
from .operands import (_broadcast_check, _broadcast_shapes, _divisor_check,
                       _no_bool_subtraction, _operand, _renamed)


__all__ = ["InplaceMixin"]

_NOT_GIVEN = object()   # (an argument the call did not name: PyTorch's other overload)


class InplaceMixin:
    """The in-place methods of Tensor."""
    __slots__ = ()

    # ------------------------------------------------------------------ arithmetic
    def add_(self, other, *, alpha=1):
        return _binary_(self, other, "add", alpha)

    def sub_(self, other, *, alpha=1):
        return _binary_(self, other, "sub", alpha)

    def mul_(self, other, *, alpha=1):
        return _binary_(self, other, "mul", alpha)

    def div_(self, other, *, rounding_mode=_NOT_GIVEN, alpha=1):
        if rounding_mode is not _NOT_GIVEN:
            return divide_rounded(self, other, rounding_mode, in_place=True)
        return _binary_(self, other, "div", alpha)

    __iadd__, __isub__, __imul__, __itruediv__ = add_, sub_, mul_, div_

    def floor_divide_(self, other):
        return _divided_(self, other, "floor_divide", "div_floor_cpu")

    def remainder_(self, other):
        return _divided_(self, other, "remainder", "remainder_cpu")

    __ifloordiv__, __imod__ = floor_divide_, remainder_

    def pow_(self, exponent):
        exponent = _operand(exponent)
        if isinstance(exponent, TensorCore):
            return inplace(self, OPS["pow_tensor"], (self, exponent))
        return inplace(self, OPS["pow"], (self,), {"exponent": exponent})

    __ipow__ = pow_

    def square_(self):
        return InplaceMixin.pow_(self, 2)

    # ------------------------------------------------------------------ elementwise
    def neg_(self):
        return inplace(self, OPS["neg"], (self,))

    def exp_(self):
        return inplace(self, OPS["exp"], (self,))

    def log_(self):
        return inplace(self, OPS["log"], (self,))

    def sin_(self):
        return inplace(self, OPS["sin"], (self,))

    def cos_(self):
        return inplace(self, OPS["cos"], (self,))

    def tanh_(self):
        return inplace(self, OPS["tanh"], (self,))

    def sigmoid_(self):
        return inplace(self, OPS["sigmoid"], (self,))

    def relu_(self):
        return inplace(self, OPS["relu"], (self,))

    def abs_(self):
        return inplace(self, OPS["abs"], (self,))

    def sqrt_(self):
        return inplace(self, OPS["sqrt"], (self,))

    def reciprocal_(self):
        return inplace(self, OPS["reciprocal"], (self,))

    def floor_(self):
        return inplace(self, OPS["floor"], (self,))

    def ceil_(self):
        return inplace(self, OPS["ceil"], (self,))

    def round_(self, *args, decimals=_NOT_GIVEN):
        if args:   # (PyTorch's parser counts the overload without arguments)
            raise TypeError("round_() takes from 1 to 0 positional arguments but "
                            f"{len(args)} were given")
        if decimals is not _NOT_GIVEN:
            return round_decimals(self, decimals, in_place=True)
        return inplace(self, OPS["round"], (self,))

    def sign_(self):
        return inplace(self, OPS["sign"], (self,))

    def trunc_(self):
        return inplace(self, OPS["trunc"], (self,))

    def clamp_(self, min=None, max=None):
        return inplace(self, OPS["clamp"], (self,), {"min": min, "max": max})

    clip_ = clamp_

    # ``clamp_min_`` / ``clamp_max_``: the in-place clamp, under PyTorch's name for it
    def clamp_min_(self, min):
        return _renamed(inplace(self, OPS["clamp"], (self,), {"min": min}),
                        "ClampMinBackward0")

    def clamp_max_(self, max):
        return _renamed(inplace(self, OPS["clamp"], (self,), {"max": max}),
                        "ClampMaxBackward0")

    # ------------------------------------------------------------------ fills
    def zero_(self):
        return inplace(self, OPS["_zero"], (self,))

    def fill_(self, value):
        value = _operand(value)
        if not isinstance(value, TensorCore):
            return inplace(self, OPS["_fill"], (self,), {"value": value})
        if value._data.ndim:
            raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor "
                               f"with {value._data.ndim} dimensions.")
        return inplace(self, OPS["_fill_tensor"], (self, value))

    def copy_(self, src):
        src = _operand(src)
        if not isinstance(src, TensorCore):
            src = tensor(src)
        # src broadcasts to self's shape, with PyTorch's messages when it does not
        shape = _broadcast_shapes(self._data.shape, src._data.shape)
        if shape != self._data.shape:
            raise RuntimeError(f"output with shape {_list(self._data.shape)} doesn't match "
                               f"the broadcast shape {_list(shape)}")
        return inplace(self, OPS["_copy"], (self, src))

    @observed("Tensor.uniform_")
    def uniform_(self, a=0.0, b=1.0, *, generator=None):
        return inplace(self, OPS["_uniform"], (self,),
                       {"low": a, "high": b, "generator": _gen(generator)})

    @observed("Tensor.normal_")
    def normal_(self, mean=0.0, std=1.0, *, generator=None):
        return inplace(self, OPS["_normal"], (self,),
                       {"mean": mean, "std": std, "generator": _gen(generator)})


def _binary_(self, other, name, alpha):
    other = _operand(other)
    if name == "sub":
        _no_bool_subtraction(self, other)
    if isinstance(other, TensorCore):
        _broadcast_check(self, other)
    return inplace(self, OPS[name], (self, other), {"alpha": alpha} if alpha != 1 else None)


def _divided_(self, other, name, kernel):
    """``floor_divide_`` / ``remainder_`` (``//=``, ``%=``)."""
    other = _operand(other)
    dt = D.result_type(self, other)
    _divisor_check(kernel, dt, other)
    flag = {"inplace": True} if name == "floor_divide" else None  # (its error says so)
    if isinstance(other, TensorCore):
        _broadcast_check(self, other)
        return inplace(self, OPS[name], (self, other), flag)
    if D.promote_types(dt, self._dtype) is not self._dtype:
        raise RuntimeError(f"result type {D.scalar_type(dt)} can't be cast to the desired "
                           f"output type {D.scalar_type(self._dtype)}")
    return inplace(self, OPS[name + "_scalar"], (self,), {"other": other, **(flag or {})})
