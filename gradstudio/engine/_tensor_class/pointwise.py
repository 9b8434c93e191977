"""Tensor methods of the pointwise ops that take a number or a tensor (``_ops.
table_pointwise``): ``lerp`` (a number weight: LerpBackward0; a tensor: LerpBackward1),
``fmod`` and ``copysign`` (a number divisor or sign is an op of its own), and ``addcdiv``
(which refuses integer tensors to divide), each with its in-place form and PyTorch's
checks. ``addcmul``, ``hypot``, ``fmax`` and ``fmin`` are bound from their records."""
from .._types import dtype as D
from .._ops.dispatch import apply, inplace
from .._ops.record import OPS
from .core import TensorCore
from .operands import _broadcast_check, _operand

__all__ = ["PointwiseMixin"]


# the names PyTorch's TypeMeta gives the dtypes (in lerp's message)
_TYPE_META = {"float32": "float", "float64": "double", "float16": "c10::Half",
              "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
              "uint8": "unsigned char", "bool": "bool"}


def _same_dtype(self, other, name):
    if other._dtype is not self._dtype:
        raise RuntimeError(f"expected dtype {_TYPE_META[self._dtype.name]} for `{name}` but "
                           f"got dtype {_TYPE_META[other._dtype.name]}")


def lerp_signature_error(name, got, function=False):
    """PyTorch's TypeError for ``lerp`` called with what none of its overloads takes."""
    names = ", ".join(type(g).__name__ if not isinstance(g, TensorCore) else "Tensor"
                      for g in got)
    if function:
        return TypeError(f"{name}() received an invalid combination of arguments - got "
                         f"({names}), but expected one of:\n * (Tensor input, Tensor end, "
                         "Tensor weight, *, Tensor out = None)\n * (Tensor input, Tensor end, "
                         "Number weight, *, Tensor out = None)\n")
    marked = ", ".join(f"!{n}!" for n in names.split(", "))
    why = f"      didn't match because some of the arguments have invalid types: ({marked})\n"
    return TypeError(f"{name}() received an invalid combination of arguments - got ({names}), "
                     f"but expected one of:\n * (Tensor end, Tensor weight)\n{why} * (Tensor "
                     f"end, Number weight)\n{why}")


def _lerp_call(self, end, weight, name="lerp"):
    """The op and operands of ``self.lerp(end, weight)``."""
    if not isinstance(end, TensorCore):
        raise lerp_signature_error(name, (end, weight))
    _same_dtype(self, end, "end")
    _broadcast_check(self, end)
    if isinstance(weight, TensorCore):
        _same_dtype(self, weight, "weight")
        return OPS["lerp_tensor"], (self, end, weight), {}
    return OPS["lerp"], (self, end), {"weight": _operand(weight, "lerp", "weight")}


def _with_number(name):
    """``fmod`` / ``copysign``: a tensor ``other`` is the op, a number its ``_scalar`` op."""
    def call(self, other):
        other = _operand(other, name)
        if isinstance(other, TensorCore):
            _broadcast_check(self, other)
            return OPS[name], (self, other), {}
        dt = D.result_type(self, other)
        return OPS[name + "_scalar"], (self if dt is self._dtype else self.to(dt),), \
            {"other": other}
    return call


_INTEGER_ADDCDIV = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
    "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
    "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
    "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
    "addcdiv behavior is just the latter implementation: (input + value * tensor1 / "
    "tensor2), for all dtypes.")


def _addcdiv_call(self, *args, value=1, name="addcdiv", **named):
    """``addcdiv`` refuses two integer (or bool) tensors to divide, whatever self is;
    ``value`` is keyword-only; ``tensor1`` and ``tensor2`` may be named."""
    for i, key in enumerate(("tensor1", "tensor2")):
        if key in named and len(args) == i:
            args += (named.pop(key),)
    if named:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(named))}'")
    if len(args) != 2:
        raise TypeError(f"{name}() takes 2 positional arguments but {len(args)} were given"
                        if len(args) == 3 else f"{name}() missing required argument "
                        f"'tensor{len(args) + 1}'" if len(args) < 2 else
                        f"{name}() takes 4 arguments but {len(args) + 1} were given")
    tensor1, tensor2 = args
    for i, t in enumerate((tensor1, tensor2)):
        if not isinstance(t, TensorCore):
            raise TypeError(f"addcdiv(): argument 'tensor{i + 1}' (position {i + 1}) must be "
                            f"Tensor, not {type(t).__name__}")
    if not tensor1._dtype.is_floating_point and not tensor2._dtype.is_floating_point:
        raise RuntimeError(_INTEGER_ADDCDIV)
    return OPS["addcdiv"], (self, tensor1, tensor2), {"value": value}


_CALLS = {"lerp": _lerp_call, "fmod": _with_number("fmod"),
          "copysign": _with_number("copysign"), "addcdiv": _addcdiv_call}


def _method(name):
    call = _CALLS[name]

    def method(self, *args, **kwargs):
        op, operands, params = call(self, *args, **kwargs)
        return apply(op, operands, params)
    method.__name__ = name
    return method


def _inplace(name):
    call = _CALLS[name]

    def method(self, *args, **kwargs):
        if name in ("lerp", "addcdiv"):
            kwargs["name"] = name + "_"
        op, operands, params = call(self, *args, **kwargs)
        return inplace(self, op, (self,) + operands[1:], params)
    method.__name__ = name + "_"
    return method


class PointwiseMixin:
    """``lerp``, ``fmod``, ``copysign`` and their in-place forms."""
    __slots__ = ()

    lerp, fmod, copysign = _method("lerp"), _method("fmod"), _method("copysign")
    lerp_, fmod_, copysign_ = _inplace("lerp"), _inplace("fmod"), _inplace("copysign")
    addcdiv, addcdiv_ = _method("addcdiv"), _inplace("addcdiv")
