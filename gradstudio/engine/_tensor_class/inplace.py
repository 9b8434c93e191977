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
from .arith import (_broadcast_check, _broadcast_shapes, _divisor_check, _no_bool_subtraction,
                    _operand, _renamed)

__all__ = ["InplaceMixin"]


class InplaceMixin:
    """The in-place methods of Tensor (bound below)."""
    __slots__ = ()

# ---------------------------------------------------------------------- in-place ops
def _inplace_binary(name):
    op = OPS[name]
    check = _no_bool_subtraction if name == "sub" else None

    def method(self, other, *, alpha=1):
        other = _operand(other)
        if check is not None:
            check(self, other)
        if isinstance(other, TensorCore):
            _broadcast_check(self, other)
        return inplace(self, op, (self, other), {"alpha": alpha} if alpha != 1 else None)
    return method


for _name in ("add", "sub", "mul", "div"):
    setattr(InplaceMixin, _name + "_", _inplace_binary(_name))
InplaceMixin.__iadd__, InplaceMixin.__isub__, InplaceMixin.__imul__, InplaceMixin.__itruediv__ = (
    InplaceMixin.add_, InplaceMixin.sub_, InplaceMixin.mul_, InplaceMixin.div_)


def _divided_(name, kernel):
    """``floor_divide_`` / ``remainder_`` (``//=``, ``%=``)."""
    def method(self, other):
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
        return inplace(self, OPS[name + "_scalar"], (self,),
                               {"other": other, **(flag or {})})
    return method


InplaceMixin.floor_divide_ = InplaceMixin.__ifloordiv__ = _divided_("floor_divide", "div_floor_cpu")
InplaceMixin.remainder_ = InplaceMixin.__imod__ = _divided_("remainder", "remainder_cpu")


def _pow_(self, exponent):
    exponent = _operand(exponent)
    if isinstance(exponent, TensorCore):
        return inplace(self, OPS["pow_tensor"], (self, exponent))
    return inplace(self, OPS["pow"], (self,), {"exponent": exponent})


InplaceMixin.pow_ = InplaceMixin.__ipow__ = _pow_
for _name in ("neg", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt",
              "reciprocal", "floor", "ceil", "round", "sign", "trunc"):
    setattr(InplaceMixin, _name + "_",
            (lambda op: lambda self: inplace(self, op, (self,)))(OPS[_name]))
InplaceMixin.clamp_ = InplaceMixin.clip_ = lambda self, min=None, max=None: inplace(
    self, OPS["clamp"], (self,), {"min": min, "max": max})
InplaceMixin.square_ = lambda self: _pow_(self, 2)


def _clamp_side_(side):
    """``clamp_min_`` / ``clamp_max_``: the in-place clamp, under PyTorch's name for it."""
    def method(self, bound):
        out = inplace(self, OPS["clamp"], (self,), {side: bound})
        return _renamed(out, f"Clamp{side.capitalize()}Backward0")
    method.__name__ = f"clamp_{side}_"
    return method


InplaceMixin.clamp_min_, InplaceMixin.clamp_max_ = _clamp_side_("min"), _clamp_side_("max")
InplaceMixin.zero_ = lambda self: inplace(self, OPS["_zero"], (self,))


def _fill_(self, value):
    value = _operand(value)
    if not isinstance(value, TensorCore):
        return inplace(self, OPS["_fill"], (self,), {"value": value})
    if value._data.ndim:
        raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor with "
                           f"{value._data.ndim} dimensions.")
    return inplace(self, OPS["_fill_tensor"], (self, value))


InplaceMixin.fill_ = _fill_


def _copy_(self, src):
    src = _operand(src)
    if not isinstance(src, TensorCore):
        src = tensor(src)
    # src broadcasts to self's shape, with PyTorch's messages when it does not
    shape = _broadcast_shapes(self._data.shape, src._data.shape)
    if shape != self._data.shape:
        raise RuntimeError(f"output with shape {_list(self._data.shape)} doesn't match the "
                           f"broadcast shape {_list(shape)}")
    return inplace(self, OPS["_copy"], (self, src))


InplaceMixin.copy_ = _copy_


@observed("Tensor.uniform_")
def _uniform_(self, a=0.0, b=1.0, *, generator=None):
    return inplace(self, OPS["_uniform"], (self,),
                           {"low": a, "high": b, "generator": _gen(generator)})


@observed("Tensor.normal_")
def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    return inplace(self, OPS["_normal"], (self,),
                           {"mean": mean, "std": std, "generator": _gen(generator)})


InplaceMixin.uniform_, InplaceMixin.normal_ = _uniform_, _normal_
