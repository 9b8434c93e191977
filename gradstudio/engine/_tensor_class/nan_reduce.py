"""Tensor methods of the reductions that skip nans or give two extremes at once:
``nansum``, ``nanmean`` (PyTorch's composite: ``nansum`` over the count of numbers, a
``DivBackward0``) and ``aminmax`` (a ``torch.return_types.aminmax`` of min and max). Their
ops are ``_ops.table_nan``'s."""
from .._types import dtype as D
from .._ops.dispatch import apply
from .._ops.record import OPS
from .core import _wrap_dim
from .operands import _dims

__all__ = ["NanReduceMixin", "AminmaxResult", "positional_error"]


class AminmaxResult(tuple):
    """``torch.return_types.aminmax``: a (min, max) pair printed as PyTorch prints it."""
    __slots__ = ()
    __module__ = "torch.return_types"
    n_fields = 2
    _fields = ("min", "max")

    def __new__(cls, min, max):  # noqa: A002 (PyTorch's field names)
        return tuple.__new__(cls, (min, max))

    min = property(lambda self: self[0])
    max = property(lambda self: self[1])

    def __repr__(self):
        return f"torch.return_types.aminmax(\nmin={self[0]!r},\nmax={self[1]!r})"

    def __reduce__(self):
        return (type(self), tuple(self))


AminmaxResult.__name__ = AminmaxResult.__qualname__ = "aminmax"


def _nansum(self, dim=None, keepdim=False, *, dtype=None):
    src = self if dtype is None else self.to(dtype)
    return apply(OPS["nansum"], (src,), {"dim": _dims(self, dim), "keepdim": bool(keepdim)})


def _nanmean(self, dim=None, keepdim=False, *, dtype=None):
    if not self._dtype.is_floating_point:
        raise RuntimeError("nanmean(): expected input to have floating point or complex "
                           f"dtype but got {D.scalar_type(self._dtype)}")
    numbers = self.isnan().logical_not()
    count = numbers.sum() if dim is None else numbers.sum(dim, keepdim)
    return _nansum(self, dim, keepdim, dtype=dtype).div(count)


def positional_error(name, takes, given):
    """Python's TypeError for a keyword-only argument given by position, in PyTorch's
    words."""
    return TypeError(f"{name}() takes {takes} positional argument{'' if takes == 1 else 's'} "
                     f"but {given} {'was' if given == 1 else 'were'} given")


def _aminmax(self, *args, dim=None, keepdim=False):
    if args:
        raise positional_error("aminmax", 0, len(args))
    d = None if dim is None else _wrap_dim(dim, self._data.ndim)
    if d is not None and self._data.ndim and self._data.shape[d] == 0:
        raise IndexError(f"aminmax: Expected reduction dim {d} to have non-zero size.")
    if d is None and self._data.size == 0:
        raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the "
                           "operation has no identity.")
    params = {"dim": d, "keepdim": bool(keepdim) and d is not None}
    return AminmaxResult(apply(OPS["_aminmax_min"], (self,), params),
                         apply(OPS["_aminmax_max"], (self,), params))


class NanReduceMixin:
    """``nansum``, ``nanmean`` and ``aminmax``."""
    __slots__ = ()

    nansum, nanmean, aminmax = _nansum, _nanmean, _aminmax
