"""Tensor methods that write by index: ``scatter`` (a tensor or a number),
``scatter_add``, ``index_add`` and their in-place forms, bound on ``ScatterMixin`` with
PyTorch's checks and messages; they run the op table's entries (``_ops.table_scatter``)."""
from .._types import dtype as D
from .core import TensorCore, _list, _wrap_dim
from .._ops.dispatch import apply, inplace
from .._ops.record import OPS
from .index import index_in_bounds, integer_index
from .._ops.table_scatter_reduce import REDUCES

__all__ = ["ScatterMixin"]


def _scatter_args(self, dim, index, src, name):
    """PyTorch's scatter_gather_dtype_check and scatter_shape_check."""
    integer_index(index, name)
    ndim = self._data.ndim
    d = _wrap_dim(dim, ndim)
    if src is not None and src._dtype is not self._dtype:
        raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
    if index._data.ndim != ndim and (ndim or index._data.ndim > 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as self "
                           "tensor")
    shape, ishape = self._data.shape, index._data.shape
    sshape = src._data.shape if src is not None else None
    for k in range(ndim):
        if (k != d and ishape[k] > shape[k]) or (sshape is not None and ishape[k] > sshape[k]):
            raise RuntimeError(
                f"Expected index {_list(ishape)} to be no larger than self {_list(shape)} "
                f"apart from dimension {d}" + ("" if sshape is None else
                                               f" and to be no larger size than src "
                                               f"{_list(sshape)}"))
    index_in_bounds(index, shape[d] if ndim else 1, d)
    return d


def _scatter_call(name, in_place):
    def method(self, dim, index, src=None, *, value=None, reduce=None):
        if reduce is not None:
            raise RuntimeError(f"{name} with reduce= is not supported by GradStudio's engine; "
                               "use scatter_add (reduce='add') or scatter_reduce")
        if src is None and value is None:
            raise TypeError(f"{name}() missing 1 required positional argument: 'src'")
        if not isinstance(src, TensorCore):
            value, src = (src if src is not None else value), None
        d = _scatter_args(self, dim, index, src, "scatter")
        if src is None:
            op, tensors, params = OPS["scatter_value"], (self, index), {"dim": d,
                                                                          "value": value}
        else:
            op, tensors, params = OPS["scatter"], (self, src, index), {"dim": d}
        return inplace(self, op, tensors, params) if in_place else apply(op, tensors, params)
    method.__name__ = name
    return method


def _scatter_add_call(name, in_place):
    def method(self, dim, index, src):
        if not isinstance(src, TensorCore):
            raise TypeError(f"scatter_add(): argument 'src' (position 3) must be Tensor, not "
                            f"{type(src).__name__}")
        d = _scatter_args(self, dim, index, src, "scatter_add")
        tensors, params = (self, src, index), {"dim": d}
        return inplace(self, OPS["scatter_add"], tensors, params) if in_place else \
            apply(OPS["scatter_add"], tensors, params)
    method.__name__ = name
    return method


def _scatter_reduce_call(name, in_place):
    def method(self, dim, index, src, reduce=None, *, include_self=True):
        if reduce is None:
            raise TypeError(f'{name}() missing 1 required positional arguments: "reduce"')
        if reduce not in REDUCES:
            raise RuntimeError("reduce argument must be either sum, prod, mean, amax or amin, "
                               f"got {reduce}")
        d = _scatter_args(self, dim, index, src, "scatter")
        tensors = (self, src, index)
        params = {"dim": d, "reduce": reduce, "include_self": bool(include_self)}
        return inplace(self, OPS["scatter_reduce"], tensors, params) if in_place else \
            apply(OPS["scatter_reduce"], tensors, params)
    method.__name__ = name
    return method


def _index_add_call(name, in_place):
    def method(self, dim, index, source, *, alpha=1):
        if not isinstance(index, TensorCore) or index._dtype not in (D.int64, D.int32):
            got = D.scalar_type(index._dtype) if isinstance(index, TensorCore) else \
                type(index).__name__
            raise RuntimeError(f"index_add_(): Expected dtype int32/int64 for index but got: "
                               f"{got}")
        ndim = self._data.ndim
        d = _wrap_dim(dim, ndim)
        if index._data.ndim > 1:
            raise IndexError(f"index_add_(): Index is supposed to be a vector, but got dim: "
                             f"{index._data.ndim} with type: "
                             f"{D.scalar_type(index._dtype)} and size: "
                             f"{_list(index._data.shape)}")
        if source._dtype is not self._dtype:
            raise RuntimeError(f"index_add_(): self ({D.scalar_type(self._dtype)}) and "
                               f"source ({D.scalar_type(source._dtype)}) must have the same "
                               "scalar type")
        shape, sshape = self._data.shape, source._data.shape
        expected = shape[:d] + (index._data.size,) + shape[d + 1:] if ndim else ()
        if ndim and sshape != expected:
            raise RuntimeError(f"source tensor shape must match self tensor shape, excluding "
                               f"the specified dimension. Got self.shape = {_list(shape)} "
                               f"source.shape = {_list(sshape)}")
        index_in_bounds(index, shape[d] if ndim else 1, d)
        tensors, params = (self, source, index), {"dim": d, "alpha": alpha}
        return inplace(self, OPS["index_add"], tensors, params) if in_place else \
            apply(OPS["index_add"], tensors, params)
    method.__name__ = name
    return method


class ScatterMixin:
    """The index-writing methods of Tensor."""
    __slots__ = ()

    scatter, scatter_ = _scatter_call("scatter", False), _scatter_call("scatter_", True)
    scatter_add = _scatter_add_call("scatter_add", False)
    scatter_add_ = _scatter_add_call("scatter_add_", True)
    scatter_reduce = _scatter_reduce_call("scatter_reduce", False)
    scatter_reduce_ = _scatter_reduce_call("scatter_reduce_", True)
    index_add, index_add_ = _index_add_call("index_add", False), _index_add_call("index_add_", True)
