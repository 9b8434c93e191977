"""Tensor methods for diagonals, rolling, running products, counting and ``addmm``, bound
on ``MatrixMixin`` with PyTorch's checks and messages; they run the op table's entries
(``_ops.table_matrix``, ``_ops.table_nn``)."""
from .._types import dtype as D
from .core import TensorCore, _list, _wrap_dim
from .._messages.arguments import count_nonzero_arguments, unpack_error
from .._ops.dispatch import apply, inplace
from .._ops.record import OPS

__all__ = ["MatrixMixin"]


def _diagonal(self, offset=0, dim1=0, dim2=1):
    n = self._data.ndim
    d1, d2 = _wrap_dim(dim1, n), _wrap_dim(dim2, n)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return apply(OPS["diagonal"], (self,), {"offset": int(offset), "dim1": d1, "dim2": d2})


def _diag(self, diagonal=0):
    n = self._data.ndim
    if n not in (1, 2):
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {n}D")
    return apply(OPS["diag"], (self,), {"diagonal": int(diagonal), "vector": n == 1})


def _trace(self):
    OPS["trace"].refuses(self._dtype.name)     # (PyTorch refuses the dtype before the shape)
    if self._data.ndim != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim "
                           f"{self._data.ndim}")
    return apply(OPS["trace"], (self,))


def _ints(x):
    return (x,) if isinstance(x, int) else tuple(x)


def _roll(self, shifts, dims=None):
    shifts = _ints(shifts)
    dims = () if dims is None else _ints(dims)
    if len(shifts) != len(dims) and not (not dims and len(shifts) == 1):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, "
                           f"dims:{len(dims)}")
    dims = tuple(_wrap_dim(d, self._data.ndim) for d in dims)
    return apply(OPS["roll"], (self,), {"shifts": shifts, "dims": dims or None})


def _cumprod_call(in_place):
    def cumprod(self, dim=None, *, dtype=None):
        if dim is None:
            raise TypeError('cumprod() missing 1 required positional arguments: "dim"')
        src = self if dtype is None else self.to(dtype)
        params = {"dim": _wrap_dim(dim, self._data.ndim)}
        return inplace(self, OPS["cumprod"], (self,), params) if in_place else \
            apply(OPS["cumprod"], (src,), params)
    cumprod.__name__ = "cumprod_" if in_place else "cumprod"
    return cumprod


def _count_nonzero(self, *dims, **kwargs):
    """``count_nonzero(dim=None)`` or ``count_nonzero(*dims)`` (PyTorch's int list
    overload: ``x.count_nonzero(0, 1)``)."""
    if len(dims) > 1 or kwargs.keys() - {"dim"} or (dims and "dim" in kwargs):
        if kwargs:
            raise TypeError(count_nonzero_arguments(dims, kwargs, False))
        for i, d in enumerate(dims):
            if not isinstance(d, int):
                raise unpack_error("count_nonzero", i + 1, d)
        dim = tuple(int(d) for d in dims)
    else:
        dim = dims[0] if dims else kwargs.get("dim")
    if dim is not None:
        dim = tuple(_wrap_dim(d, self._data.ndim) for d in _ints(dim))
    return apply(OPS["count_nonzero"], (self,), {"dim": dim})


def _addmm_call(in_place):
    def addmm(self, mat1, mat2, *, beta=1, alpha=1):
        for i, (name, t) in enumerate((("input", self), ("mat1", mat1), ("mat2", mat2))):
            if not isinstance(t, TensorCore):
                raise TypeError(f"addmm(): argument '{name}' (position {i + 1}) must be "
                                f"Tensor, not {type(t).__name__}")
        for name, t in (("mat1", mat1), ("mat2", mat2)):
            if t._data.ndim != 2:
                raise RuntimeError(f"{name} must be a matrix, got {t._data.ndim}-D tensor")
        (r1, c1), (r2, c2) = mat1._data.shape, mat2._data.shape
        if c1 != r2:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({r1}x{c1} and "
                               f"{r2}x{c2})")
        for t in (self, mat1):
            if t._dtype is not mat2._dtype:
                raise RuntimeError(f"{'self' if t is self else 'mat1'} and mat2 must have the "
                                   f"same dtype, but got {D.scalar_type(t._dtype)} and "
                                   f"{D.scalar_type(mat2._dtype)}")
        shape = self._data.shape
        target = (r1, c2)
        if len(shape) > 2 or any(s not in (1, t) for s, t in zip(shape[::-1], target[::-1])):
            k = next((i for i, (s, t) in enumerate(zip(shape[::-1], target[::-1]))
                      if s not in (1, t)), 0)
            raise RuntimeError(f"The expanded size of the tensor ({target[::-1][k]}) must match "
                               f"the existing size ({shape[::-1][k]}) at non-singleton "
                               f"dimension {1 - k}.  Target sizes: {_list(target)}.  Tensor "
                               f"sizes: {_list(shape)}")
        tensors, params = (self, mat1, mat2), {"beta": beta, "alpha": alpha}
        return inplace(self, OPS["addmm"], tensors, params) if in_place else \
            apply(OPS["addmm"], tensors, params)
    addmm.__name__ = "addmm_" if in_place else "addmm"
    return addmm


def square_matrices(t, name):
    """PyTorch's checks of a (batch of) square float matrices, in ``linalg.<name>``'s words."""
    if t._data.ndim < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor A must have at least 2 dimensions.")
    rows, cols = t._data.shape[-2:]
    if rows != cols:
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                           f"{rows} by {cols} matrices")
    if not t._dtype.is_floating_point:
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as "
                           f"input. Got {D.scalar_type(t._dtype)}")


def _det(self):
    square_matrices(self, "det")
    return apply(OPS["det"], (self,))


def _inverse(self):
    square_matrices(self, "inv")
    return apply(OPS["inverse"], (self,))


class MatrixMixin:
    """The matrix-flavoured methods of Tensor."""
    __slots__ = ()

    det, inverse = _det, _inverse
    diagonal, diag, trace = _diagonal, _diag, _trace
    roll, count_nonzero = _roll, _count_nonzero
    cumprod, cumprod_ = _cumprod_call(False), _cumprod_call(True)
    addmm, addmm_ = _addmm_call(False), _addmm_call(True)
