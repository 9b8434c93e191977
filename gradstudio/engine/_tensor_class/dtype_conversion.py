"""``DtypeConversionMixin``: a tensor as another dtype (``to``, ``type``, ``float()`` and
friends, ``type_as``), on another device (``cpu``, and ``cuda`` refused as a CPU build of
PyTorch refuses it), and new tensors of its dtype (``new_zeros``, ``new_full`` ...)."""
import numpy as np

from .._types import dtype as D
from .._torch_functions.factory import full, tensor
from .._ops.record import OPS
from .core import TensorCore
from .._types.device import check as check_device, device
from .._ops.dispatch import apply
from .._messages.missing import BFLOAT16
from .shape import _shape_arg

__all__ = ["DtypeConversionMixin", "to_arguments"]


class DtypeConversionMixin:
    """The dtype and device conversions of Tensor, and its ``new_*`` methods."""
    __slots__ = ()

    def to(self, *args, **kwargs):
        dtype = to_arguments(args, kwargs)
        if dtype is None or dtype is self._dtype:
            return self
        with np.errstate(invalid="ignore", over="ignore"):  # out-of-range casts wrap silently
            return apply(OPS["to"], (self,), {"dtype": dtype}, out_dtype=dtype)

    def type(self, dtype=None, non_blocking=False):
        if dtype is None:
            return f"torch.{D.tensor_type(self._dtype)}"
        if isinstance(dtype, str) or isinstance(dtype, type):
            name = dtype if isinstance(dtype, str) else f"torch.{dtype.__name__}"
            match = [d for d in D._ALL if f"torch.{D.tensor_type(d)}" == name]
            if not match:
                raise ValueError(f"invalid type: '{name}'")
            dtype = match[0]
        return DtypeConversionMixin.to(self, dtype)

    def type_as(self, other):
        return DtypeConversionMixin.to(self, other._dtype)

    # ``x.float()`` is ``x.to(torch.float32)``, and so on
    def float(self):
        return DtypeConversionMixin.to(self, D.float32)

    def double(self):
        return DtypeConversionMixin.to(self, D.float64)

    def bfloat16(self):
        raise NotImplementedError(BFLOAT16)

    def half(self):
        return DtypeConversionMixin.to(self, D.float16)

    def long(self):
        return DtypeConversionMixin.to(self, D.int64)

    def int(self):
        return DtypeConversionMixin.to(self, D.int32)

    def bool(self):
        return DtypeConversionMixin.to(self, D.bool_)

    def short(self):
        return DtypeConversionMixin.to(self, D.int16)

    def char(self):
        return DtypeConversionMixin.to(self, D.int8)

    def byte(self):
        return DtypeConversionMixin.to(self, D.uint8)

    def cpu(self):
        return self

    def cuda(self, *args, **kwargs):
        check_device("cuda")

    # ------------------------------------------------------------------ new tensors
    def new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
        return _new(self, size, 0, dtype, device, requires_grad)

    def new_ones(self, *size, dtype=None, device=None, requires_grad=False):
        return _new(self, size, 1, dtype, device, requires_grad)

    def new_empty(self, *size, dtype=None, device=None, requires_grad=False):
        return _new(self, size, 0, dtype, device, requires_grad)

    def new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False):
        check_device(device)
        return full(tuple(size), fill_value, dtype=dtype or self._dtype,
                    requires_grad=requires_grad)

    def new_tensor(self, data, dtype=None, device=None, requires_grad=False):
        check_device(device)
        return tensor(data, dtype=dtype or self._dtype, requires_grad=requires_grad)


def _new(self, size, fill, dtype, device, requires_grad):
    check_device(device)
    return full(_shape_arg(size), fill, dtype=dtype or self._dtype, requires_grad=requires_grad)


def to_arguments(args, kwargs):
    """The dtype asked for by ``Tensor.to``'s (or ``Module.to``'s) arguments, or None,
    once any device among them has been checked (``_types.device.check``)."""
    dtype = kwargs.get("dtype")
    check_device(kwargs.get("device"))
    for a in args:
        if isinstance(a, D.dtype):
            dtype = a
        elif isinstance(a, TensorCore):
            dtype = a._dtype
        elif isinstance(a, (str, int, device)) and not isinstance(a, bool):
            check_device(a)
    return dtype
