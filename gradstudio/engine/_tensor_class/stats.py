"""Tensor methods for products and statistics: ``prod``, ``cumsum``, ``var`` and ``std``.

Like every method module they check arguments as PyTorch does and dispatch through the
``_ops.dispatch.apply``."""
import numpy as np

from .._ops.record import OPS
from .._ops.dispatch import apply
from .core import _wrap_dim
from .operands import _dims
from .._torch_functions.general import isclose, nonzero
from .reduce import _ALL
from .._messages.warn import warn as _warn

__all__ = ["StatsMixin"]


_PROD_SIGNATURES = ("prod() received an invalid combination of arguments - got ({}), but "
                    "expected one of:\n * (*, torch.dtype dtype = None)\n * (int dim, bool "
                    "keepdim = False, *, torch.dtype dtype = None)\n")


def _prod(self, dim=_ALL, keepdim=None, *, dtype=None):
    if dim is _ALL:                     # PyTorch's keepdim comes only with an int dim
        if keepdim is not None:
            raise TypeError(_PROD_SIGNATURES.format("keepdim=bool, "))
        dim = None
    elif isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(_PROD_SIGNATURES.format(type(dim).__name__))
    src = self if dtype is None else self.to(dtype)
    if dim is None:
        return apply(OPS["prod"], (src,), {"dim": None, "keepdim": False})
    return apply(OPS["prod"], (src,), {"dim": _wrap_dim(dim, self._data.ndim),
                                       "keepdim": bool(keepdim)})


def _cumsum(self, dim=None, *, dtype=None):
    if dim is None:
        raise TypeError('cumsum() missing 1 required positional arguments: "dim"')
    src = self if dtype is None else self.to(dtype)
    return apply(OPS["cumsum"], (src,), {"dim": _wrap_dim(dim, self._data.ndim)})


_DOF_WARNING = ("{}(): degrees of freedom is <= 0. Correction should be strictly less than "
                "the reduction factor (input numel divided by output numel). (Triggered "
                "internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)")


_UNSET = object()


def _spread(name):
    """``var`` / ``std``: ``(dim, unbiased=True, keepdim=False)`` or ``(dim, *,
    correction=1, keepdim=False)``, or ``(unbiased)`` alone."""
    op = OPS[name]

    def method(self, dim=_UNSET, unbiased=None, keepdim=False, *, correction=None):
        if isinstance(dim, bool):  # x.var(False): the unbiased-only overload
            dim, unbiased = None, dim
        if unbiased is not None and correction is None:
            correction = int(unbiased)
        elif correction is None and dim is not _UNSET:
            correction = 1  # (PyTorch saves None only when no argument was given)
        if dim is _UNSET:
            dim = None
        if not self._dtype.is_floating_point:
            raise RuntimeError("std and var only support floating point and complex dtypes")
        dims = _dims(self, dim)
        out_shape = [s for i, s in enumerate(self._data.shape)
                     if dims is not None and i not in dims]
        outputs = int(np.prod(out_shape)) if dims is not None else 1
        reduced = self._data.size // outputs if outputs else 0
        if reduced - (1 if correction is None else correction) <= 0:
            _warn(_DOF_WARNING.format(name))
        return apply(op, (self,), {"dim": dims, "correction": correction,
                                            "keepdim": keepdim})
    method.__name__ = name
    return method


def _sum_to_size(self, *size):
    """The sum of this tensor down to ``size``, a shape it broadcasts from (PyTorch's
    ``at::sum_to``: the broadcast dimensions summed with keepdim, the leading ones viewed
    away; this tensor itself when nothing is summed)."""
    shape = tuple(size[0]) if len(size) == 1 and not isinstance(size[0], int) else size
    own = self._data.shape
    lead = len(own) - len(shape)
    if lead < 0 or any(s != 1 and s != o for s, o in zip(shape, own[lead:])):
        raise RuntimeError(f"size {{{list(shape)}}} is not expandable to size "
                           f"{{{list(own)}}}.")
    dims = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape)
                                      if s == 1 and own[lead + i] != 1)
    if not dims:
        return self
    out = apply(OPS["sum"], (self,), {"dim": dims, "keepdim": True})
    return out.view(shape) if lead else out


def _nonzero(self, *, as_tuple=False):
    return nonzero(self, as_tuple=as_tuple)


def _isclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return isclose(self, other, rtol, atol, equal_nan)


class StatsMixin:
    """The product and statistics methods of Tensor."""
    __slots__ = ()

    prod = _prod
    cumsum = _cumsum
    var, std = _spread("var"), _spread("std")
    sum_to_size = _sum_to_size
    nonzero, isclose = _nonzero, _isclose
