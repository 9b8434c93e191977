"""Tensor methods PyTorch spells twice or composes of others, recorded as PyTorch records
them: the aliases (``fix`` is ``trunc``, ``absolute`` ``abs``, ``multiply`` ``mul`` ...:
the same node), ``positive`` (the tensor itself), ``unflatten`` (a view), ``take_along_dim``
(a gather, on the flattened tensor without a dim) and the sign tests ``signbit``,
``isposinf`` and ``isneginf`` (no gradient)."""
import math

import numpy as np

from .._types import dtype as D
from .core import TensorCore, _wrap_dim

__all__ = ["AliasMixin", "ALIASES"]

# (alias, the method it stands for), for Tensor and torch alike
ALIASES = (("fix", "trunc"), ("fix_", "trunc_"), ("absolute", "abs"), ("absolute_", "abs_"),
           ("negative", "neg"), ("negative_", "neg_"), ("multiply", "mul"),
           ("multiply_", "mul_"), ("divide", "div"), ("divide_", "div_"),
           ("subtract", "sub"), ("subtract_", "sub_"), ("arcsin", "asin"),
           ("arcsin_", "asin_"), ("arctan2", "atan2"), ("arctan2_", "atan2_"),
           ("swapdims", "swapaxes"), ("swapdims_", "swapaxes_"))


def _alias(target):
    def method(self, *args, **kwargs):
        return getattr(self, target)(*args, **kwargs)
    return method


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


def _sign_test(test):
    def method(self):
        return TensorCore._make(np.asarray(test(self._data)), D.bool_)
    return method


class AliasMixin:
    """Aliases and small compositions of Tensor methods."""
    __slots__ = ()

    positive, unflatten, take_along_dim = _positive, _unflatten, _take_along_dim
    signbit = _sign_test(np.signbit)
    isposinf = _sign_test(np.isposinf)
    isneginf = _sign_test(np.isneginf)


for _name, _target in ALIASES:
    _method = _alias(_target)
    _method.__name__ = _name
    setattr(AliasMixin, _name, _method)
