"""Tensor methods for products students meet after the basics: ``cross`` (the
``linalg_cross`` op, with ``torch.cross``'s deprecated default dim and its warning),
``kron`` and ``inner``, composed of engine ops exactly as PyTorch composes them (so
they record ``UnsafeViewBackward0`` and ``ViewBackward0`` as PyTorch does)."""
from .._ops.dispatch import apply, inplace
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


def _size(t, d):
    n = t._data.ndim
    if not n:
        raise IndexError(f"dimension specified as {d} but tensor has no dimensions")
    if d >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {d})")
    return t._data.shape[d]


def _expandable(shape, target):
    """PyTorch's first step of baddbmm: self expanded to the product's size."""
    for k in range(1, len(shape) + 1):
        if k > len(target) or shape[-k] not in (1, target[-k]):
            raise RuntimeError(
                f"The expanded size of the tensor ({target[-k] if k <= len(target) else -1}) "
                f"must match the existing size ({shape[-k]}) at non-singleton dimension "
                f"{len(target) - k}.  Target sizes: {list(target)}.  Tensor sizes: "
                f"{list(shape)}")


def _baddbmm_call(name, in_place):
    def method(self, batch1, batch2, *, beta=1, alpha=1):
        for arg, t in (("batch1", batch1), ("batch2", batch2)):
            if not isinstance(t, TensorCore):
                raise TypeError(f"{name}(): argument '{arg}' must be Tensor, not "
                                f"{type(t).__name__}")
        if not in_place:
            _expandable(self._data.shape, (_size(batch1, 0), _size(batch1, 1), _size(batch2, 2)))
        for arg, t in (("batch1", batch1), ("batch2", batch2)):
            if t._data.ndim != 3:
                raise RuntimeError(f"{arg} must be a 3D tensor")
        (b, n, m), (b2, m2, p) = batch1._data.shape, batch2._data.shape
        if b2 != b or m2 != m:
            raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to "
                               f"be: [{b}, {m}] but got: [{b2}, {m2}].")
        for t in (batch1, batch2):
            if t._dtype is not self._dtype:
                raise RuntimeError(f"expected scalar type {D.scalar_type(self._dtype)} but "
                                   f"found {D.scalar_type(t._dtype)}")
        tensors, params = (self, batch1, batch2), {"beta": beta, "alpha": alpha}
        return inplace(self, OPS["baddbmm"], tensors, params) if in_place else \
            apply(OPS["baddbmm"], tensors, params)
    method.__name__ = name
    return method


class ProductsMixin:
    """``cross``, ``kron``, ``inner`` and ``baddbmm``."""
    __slots__ = ()

    cross, kron, inner = _cross, _kron, inner
    baddbmm, baddbmm_ = _baddbmm_call("baddbmm", False), _baddbmm_call("baddbmm_", True)
