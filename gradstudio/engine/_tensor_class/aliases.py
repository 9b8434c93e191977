"""Tensor methods PyTorch spells twice or composes of others, recorded as PyTorch records
them: the aliases (``fix`` is ``trunc``, ``absolute`` ``abs``, ``multiply`` ``mul`` ...:
the same node), ``positive`` (the tensor itself), ``unflatten`` (a view), ``take_along_dim``
(a gather, on the flattened tensor without a dim) and the sign tests ``signbit``,
``isposinf`` and ``isneginf`` (no gradient)."""
import math

import numpy as np

from .._types import dtype as D
from .core import TensorCore, _wrap_dim

__all__ = ["AliasMixin"]


def _positive(self):
    if self._dtype is D.bool_:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return self


def _unflatten(self, dim, sizes):
    d = _wrap_dim(dim, self._data.ndim)
    sizes = [int(s) for s in sizes]
    size = self._data.shape[d]
    known = math.prod(s for s in sizes if s != -1)
    shown = list(sizes)
    if -1 in sizes and known and size % known == 0:
        sizes[sizes.index(-1)] = size // known
    if math.prod(sizes) != size or -1 in sizes:
        raise RuntimeError(f"unflatten: Provided sizes {shown} don't multiply up to the size of "
                           f"dim {dim} ({size}) in the input tensor")
    return self.view(list(self._data.shape[:d]) + sizes + list(self._data.shape[d + 1:]))


def _take_along_dim(self, indices, dim=None):
    if not isinstance(indices, TensorCore) or indices._dtype is not D.int64:
        got = D.scalar_type(indices._dtype) if isinstance(indices, TensorCore) else \
            type(indices).__name__
        raise RuntimeError(f"torch.take_along_dim(): dtype of indices should be Long but got "
                           f"{got}")
    if dim is None:
        return self.view(-1).gather(0, indices.view(-1))
    d = _wrap_dim(dim, self._data.ndim)
    if self._data.ndim != indices._data.ndim:
        raise RuntimeError("torch.take_along_dim(): input and indices should have the same "
                           f"number of dimensions, but got {self._data.ndim} dimensions for "
                           f"input, and {indices._data.ndim} dimensions for indices")
    shape = list(np.broadcast_shapes(
        tuple(1 if k == d else n for k, n in enumerate(self._data.shape)),
        tuple(1 if k == d else n for k, n in enumerate(indices._data.shape))))
    here, there = list(shape), list(shape)
    here[d], there[d] = self._data.shape[d], indices._data.shape[d]
    return self.expand(here).gather(d, indices.expand(there))


def _sign_test(self, test):
    return TensorCore._make(np.asarray(test(self._data)), D.bool_)


class AliasMixin:
    """Aliases and small compositions of Tensor methods."""
    __slots__ = ()

    def fix(self, *args, **kwargs):
        return self.trunc(*args, **kwargs)

    def fix_(self, *args, **kwargs):
        return self.trunc_(*args, **kwargs)

    def absolute(self, *args, **kwargs):
        return self.abs(*args, **kwargs)

    def absolute_(self, *args, **kwargs):
        return self.abs_(*args, **kwargs)

    def negative(self, *args, **kwargs):
        return self.neg(*args, **kwargs)

    def negative_(self, *args, **kwargs):
        return self.neg_(*args, **kwargs)

    def multiply(self, *args, **kwargs):
        return self.mul(*args, **kwargs)

    def multiply_(self, *args, **kwargs):
        return self.mul_(*args, **kwargs)

    def divide(self, *args, **kwargs):
        return self.div(*args, **kwargs)

    def divide_(self, *args, **kwargs):
        return self.div_(*args, **kwargs)

    def subtract(self, *args, **kwargs):
        return self.sub(*args, **kwargs)

    def subtract_(self, *args, **kwargs):
        return self.sub_(*args, **kwargs)

    def arcsin(self, *args, **kwargs):
        return self.asin(*args, **kwargs)

    def arcsin_(self, *args, **kwargs):
        return self.asin_(*args, **kwargs)

    def arctan2(self, *args, **kwargs):
        return self.atan2(*args, **kwargs)

    def arctan2_(self, *args, **kwargs):
        return self.atan2_(*args, **kwargs)

    def swapdims(self, *args, **kwargs):
        return self.swapaxes(*args, **kwargs)

    def swapdims_(self, *args, **kwargs):
        return self.swapaxes_(*args, **kwargs)

    def positive(self):
        return _positive(self)

    def unflatten(self, dim, sizes):
        return _unflatten(self, dim, sizes)

    def take_along_dim(self, indices, dim=None):
        return _take_along_dim(self, indices, dim)

    def signbit(self):
        return _sign_test(self, np.signbit)

    def isposinf(self):
        return _sign_test(self, np.isposinf)

    def isneginf(self):
        return _sign_test(self, np.isneginf)
