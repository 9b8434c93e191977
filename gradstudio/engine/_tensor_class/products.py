"""Tensor methods for products students meet after the basics: ``cross`` (the
``linalg_cross`` op, with ``torch.cross``'s deprecated default dim and its warning),
``kron`` and ``inner``, composed of engine ops exactly as PyTorch composes them (so
they record ``UnsafeViewBackward0`` and ``ViewBackward0`` as PyTorch does)."""
from .._ops.dispatch import apply
from .._ops.record import OPS
from .._messages.warn import warn as _warn
from .._types import dtype as D
from .core import TensorCore, _wrap_dim

__all__ = ["ProductsMixin", "linalg_cross", "inner"]

_CROSS_DIM_WARNING = (
    "Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the "
    "dim explicitly or simply use torch.linalg.cross.\nThe default value of dim will change "
    "to agree with that of linalg.cross in a future release. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/Cross.cpp:63.)")


def linalg_cross(input, other, *, dim=-1):
    """``torch.linalg.cross``: the cross product along ``dim`` (length 3 in both)."""
    if other._dtype is not input._dtype:
        raise RuntimeError(f"expected scalar type {D.scalar_type(input._dtype)} but found "
                           f"{D.scalar_type(other._dtype)}")
    if input._data.ndim != other._data.ndim:
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    d = _wrap_dim(dim, input._data.ndim)
    sizes = (input._data.shape[d], other._data.shape[d]) if input._data.ndim else (1, 1)
    if sizes != (3, 3):
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                           f"{sizes[0]} and {sizes[1]}")
    return apply(OPS["linalg_cross"], (input, other), {"dim": d})


def _cross(self, other, dim=None):
    if dim is None:    # (the first dimension of length 3, with PyTorch's warning)
        _warn(_CROSS_DIM_WARNING)
        dim = next((i for i, s in enumerate(self._data.shape) if s == 3), -1)
    return linalg_cross(self, other, dim=dim)


def _kron(self, other):
    """PyTorch's KronImpl: each tensor viewed with a size-1 dimension interleaved, their
    product, then ``_unsafe_view`` to the product of the sizes."""
    n = max(self._data.ndim, other._data.ndim)
    a = (1,) * (n - self._data.ndim) + self._data.shape
    b = (1,) * (n - other._data.ndim) + other._data.shape
    left = self.reshape([s for x in a for s in (x, 1)])
    right = other.reshape([s for x in b for s in (1, x)])
    return apply(OPS["_unsafe_view"], (left * right,),
                 {"shape": tuple(x * y for x, y in zip(a, b))})


def inner(self, other):
    """PyTorch's inner: a product with a 0-d tensor, else ``tensordot`` over the last
    dimensions (each operand permuted, the contracted dimension inner, a matrix product,
    viewed to the two leading shapes)."""
    if not self._data.ndim or not other._data.ndim:
        return self * other
    n, m = self._data.shape[-1], other._data.shape[-1]
    if n != m:
        raise RuntimeError(f"inner() the last dimension must match on both input tensors but "
                           f"got shapes {list(self._data.shape)} and "
                           f"{list(other._data.shape)}")
    a = self.permute(tuple(range(self._data.ndim))).reshape(-1, n)
    last = other._data.ndim - 1
    b = other.permute((last,) + tuple(range(last))).reshape(n, -1)
    return a.mm(b).reshape(self._data.shape[:-1] + other._data.shape[:-1])


class ProductsMixin:
    """``cross``, ``kron`` and ``inner``."""
    __slots__ = ()

    cross, kron, inner = _cross, _kron, inner
