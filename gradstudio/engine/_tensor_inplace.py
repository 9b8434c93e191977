"""In-place Tensor methods and random in-place fills.

``add_``/``sub_``/``mul_``/``div_`` (and ``+=`` and friends), ``pow_``, the unary in-place
ops, ``clamp_``, ``zero_``, ``fill_``, ``copy_``, and ``uniform_``/``normal_`` that draw
from a generator. The arithmetic ones record through ``inplace`` (which checks leaves and
bumps the version counter), the random fills too (their gradient is zero)."""
from ._factory import _gen, tensor
from ._ops import OPS
from ._tensor import Tensor
from .observer import observed
# ``_apply`` and ``inplace`` are looked up on _tensor_ops at each call, not imported: the
# document tracer patches them there (in its own process) and so reaches every method module
from . import _tensor_ops as _shared
from . import _dtype as D
from ._tensor_ops import _broadcast_check, _divisor_check, _operand

# ---------------------------------------------------------------------- in-place ops
def _inplace_binary(name):
    op = OPS[name]

    def method(self, other, *, alpha=1):
        other = _operand(other)
        if type(other) is Tensor:
            _broadcast_check(self, other)
        return _shared.inplace(self, op, (self, other), {"alpha": alpha} if alpha != 1 else None)
    return method


for _name in ("add", "sub", "mul", "div"):
    setattr(Tensor, _name + "_", _inplace_binary(_name))
Tensor.__iadd__, Tensor.__isub__, Tensor.__imul__, Tensor.__itruediv__ = (
    Tensor.add_, Tensor.sub_, Tensor.mul_, Tensor.div_)


def _divided_(name, kernel):
    """``floor_divide_`` / ``remainder_`` (``//=``, ``%=``)."""
    def method(self, other):
        other = _operand(other)
        dt = D.result_type(self, other)
        _divisor_check(kernel, dt, other)
        flag = {"inplace": True} if name == "floor_divide" else None  # (its error says so)
        if type(other) is Tensor:
            _broadcast_check(self, other)
            return _shared.inplace(self, OPS[name], (self, other), flag)
        if D.promote_types(dt, self._dtype) is not self._dtype:
            raise RuntimeError(f"result type {D.scalar_type(dt)} can't be cast to the desired "
                               f"output type {D.scalar_type(self._dtype)}")
        return _shared.inplace(self, OPS[name + "_scalar"], (self,),
                               {"other": other, **(flag or {})})
    return method


Tensor.floor_divide_ = Tensor.__ifloordiv__ = _divided_("floor_divide", "div_floor_cpu")
Tensor.remainder_ = Tensor.__imod__ = _divided_("remainder", "remainder_cpu")


def _pow_(self, exponent):
    exponent = _operand(exponent)
    if type(exponent) is Tensor:
        return _shared.inplace(self, OPS["pow_tensor"], (self, exponent))
    return _shared.inplace(self, OPS["pow"], (self,), {"exponent": exponent})


Tensor.pow_ = Tensor.__ipow__ = _pow_
for _name in ("neg", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt",
              "reciprocal"):
    setattr(Tensor, _name + "_",
            (lambda op: lambda self: _shared.inplace(self, op, (self,)))(OPS[_name]))
Tensor.clamp_ = lambda self, min=None, max=None: _shared.inplace(self, OPS["clamp"], (self,),
                                                                 {"min": min, "max": max})
Tensor.zero_ = lambda self: _shared.inplace(self, OPS["_zero"], (self,))


def _fill_(self, value):
    value = _operand(value)
    if type(value) is not Tensor:
        return _shared.inplace(self, OPS["_fill"], (self,), {"value": value})
    if value._data.ndim:
        raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor with "
                           f"{value._data.ndim} dimensions.")
    return _shared.inplace(self, OPS["_fill_tensor"], (self, value))


Tensor.fill_ = _fill_


def _copy_(self, src):
    src = _operand(src)
    if type(src) is not Tensor:
        src = tensor(src)
    return _shared.inplace(self, OPS["_copy"], (self, src))


Tensor.copy_ = _copy_


@observed("Tensor.uniform_")
def _uniform_(self, a=0.0, b=1.0, *, generator=None):
    return _shared.inplace(self, OPS["_uniform"], (self,),
                           {"low": a, "high": b, "generator": _gen(generator)})


@observed("Tensor.normal_")
def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    return _shared.inplace(self, OPS["_normal"], (self,),
                           {"mean": mean, "std": std, "generator": _gen(generator)})


Tensor.uniform_, Tensor.normal_ = _uniform_, _normal_
