"""Tensor methods for shapes and views.

``view``/``reshape`` (with ``-1`` inferred), ``flatten``, ``t``/``transpose``/``permute``,
``T``/``mT``, ``unsqueeze``/``squeeze``/``expand``, ``select``/``narrow``, the several views
of ``split``/``chunk``/``unbind``, and small utilities
(``stride``, ``equal``, ``allclose``); the conversions (``to``, ``float()`` ...) are in
``dtype_conversion``. Each checks its arguments with PyTorch's messages and dispatches
through ``_ops.dispatch.apply``."""
import numpy as np

from .._types import dtype as D
from .._ops.record import OPS
from .core import _wrap_dim, _list
from .._ops.dispatch import apply, apply_views
from .operands import _dims, _renamed
from .._messages.warn import warn as _warn
from ..observer import observed

__all__ = ["ShapeMixin"]


# ---------------------------------------------------------------------- shapes
def _shape_arg(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list, D.Size)):
        args = tuple(args[0])
    return tuple(int(a) for a in args)


def _infer(shape, numel):
    shape = list(shape)
    neg = None
    known = 1
    for i, s in enumerate(shape):
        if s == -1:
            if neg is not None:
                raise RuntimeError("only one dimension can be inferred")
            neg = i
        elif s < 0:
            raise RuntimeError(f"invalid shape dimension {s} at index {i} of shape "
                               f"{_list(shape)}")
        else:
            known *= s
    if neg is not None:
        if known == 0:
            if numel == 0:
                raise RuntimeError(f"cannot reshape tensor of 0 elements into shape "
                                   f"{_list(shape)} because the unspecified dimension size "
                                   "-1 can be any value and is ambiguous")
            raise RuntimeError(f"shape '{_list(shape)}' is invalid for input of size {numel}")
        if numel % known:
            raise RuntimeError(f"shape '{_list(shape)}' is invalid for input of size {numel}")
        shape[neg] = numel // known
    elif known != numel:
        raise RuntimeError(f"shape '{_list(shape)}' is invalid for input of size {numel}")
    return tuple(shape)


def _viewable(a, shape):
    """Whether ``a`` can be seen with ``shape`` without copying (as ``Tensor.view``)."""
    try:
        np.reshape(a, shape, copy=False)
    except ValueError:
        return False
    except TypeError:                 # numpy before 2.1 has no copy=
        v = a.view()
        try:
            v.shape = shape
        except AttributeError:
            return False
    return True


def _view(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], D.dtype):
        raise RuntimeError("view(dtype), which reinterprets the bytes, is not supported by "
                           "GradStudio's engine; use .to(dtype) to convert the values instead.")
    shape = _infer(_shape_arg(shape), self._data.size)
    if not _viewable(self._data, shape):
        raise RuntimeError("view size is not compatible with input tensor's size and stride "
                           "(at least one dimension spans across two contiguous subspaces). "
                           "Use .reshape(...) instead.")
    return apply(OPS["view"], (self,), {"shape": shape})


@observed("Tensor.reshape")
def _reshape(self, *shape):
    shape = _infer(_shape_arg(shape), self._data.size)
    if _viewable(self._data, shape):
        out = apply(OPS["view"], (self,), {"shape": shape})
        # PyTorch: a view when contiguous, else an alias with the computed strides
        return out if self._data.flags.c_contiguous else _renamed(out, "ReshapeAliasBackward0")
    return apply(OPS["_unsafe_view"], (self.clone(),), {"shape": shape})


def _flatten(self, start_dim=0, end_dim=-1):
    if self._data.ndim == 0:
        return _reshape(self, 1)
    s, e = _wrap_dim(start_dim, self._data.ndim), _wrap_dim(end_dim, self._data.ndim)
    if s == e:
        return self
    shp = self._data.shape
    return _reshape(self, shp[:s] + (int(np.prod(shp[s:e + 1])),) + shp[e + 1:])


def _t(self):
    if self._data.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is "
                           f"{self._data.ndim}D")
    return apply(OPS["t"], (self,))


def _transpose(self, dim0, dim1):
    n = self._data.ndim
    return apply(OPS["transpose"], (self,), {"dim0": _wrap_dim(dim0, n),
                                                      "dim1": _wrap_dim(dim1, n)})


def _permute(self, *dims):
    dims = _shape_arg(dims)
    n = self._data.ndim
    if len(dims) != n:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does "
                           f"not match the length of the desired ordering of dimensions i.e. "
                           f"input.dim() = {n} is not equal to len(dims) = {len(dims)}")
    dims = tuple(_wrap_dim(d, n) for d in dims)
    if len(set(dims)) != n:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return apply(OPS["permute"], (self,), {"dims": dims})


_T_WARNINGS = {
    0: "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases. "
       "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:"
       "4321.)",
    1: "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
       "deprecated and it will throw an error in a future release. Consider `x.mT` to transpose "
       "batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the "
       "dimensions of a tensor. (Triggered internally at "
       "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)"}


def _T(self):
    n = self._data.ndim
    if n != 2:
        msg = _T_WARNINGS.pop(0 if n == 0 else 1, None)  # PyTorch warns once per process
        if msg is not None:
            _warn(msg)
    return apply(OPS["permute"], (self,), {"dims": tuple(range(n))[::-1]})


def _unsqueeze(self, dim):
    return apply(OPS["unsqueeze"], (self,), {"dim": _wrap_dim(dim, self._data.ndim + 1)})


def _squeeze(self, dim=None):
    if dim is None:
        return apply(OPS["squeeze"], (self,), {"dim": None})
    # (an int stays an int and a tuple a tuple: their grad_fns differ)
    if not isinstance(dim, (list, tuple)):
        return apply(OPS["squeeze"], (self,), {"dim": _wrap_dim(dim, self._data.ndim)})
    dims = _dims(self, dim) if dim else ()
    return apply(OPS["squeeze"], (self,), {"dim": dims})


def _expand(self, *sizes):
    return apply(OPS["expand"], (self,), {"shape": expanded_shape(self, _shape_arg(sizes))})


def expanded_shape(t, sizes):
    """The shape ``t.expand(*sizes)`` has, with PyTorch's messages where it cannot."""
    shp = t._data.shape
    if len(sizes) < len(shp):
        raise RuntimeError(f"expand({D.type_string(t._dtype)}{{{_list(shp)}}}, "
                           f"size={_list(sizes)}): "
                           "the number of sizes provided (%d) must be greater or equal to the "
                           "number of dimensions in the tensor (%d)" % (len(sizes), len(shp)))
    lead = len(sizes) - len(shp)
    out = [0] * len(sizes)
    for i in range(len(sizes) - 1, -1, -1):  # PyTorch checks from the last dimension
        s = sizes[i]
        cur = shp[i - lead] if i >= lead else 1
        if s == -1:
            if i < lead:
                raise RuntimeError(f"The expanded size of the tensor (-1) isn't allowed in a "
                                   f"leading, non-existing dimension {i}")
            s = cur
        elif cur != 1 and s != cur:
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing "
                               f"size ({cur}) at non-singleton dimension {i}.  Target sizes: "
                               f"{_list(sizes)}.  Tensor sizes: {_list(shp)}")
        out[i] = s
    return tuple(out)


def _select(self, dim, index):
    d = _wrap_dim(dim, self._data.ndim)
    size = self._data.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{_list(self._data.shape)} at dimension {d}")
    return apply(OPS["select"], (self,), {"dim": d, "index": index % size})


def _narrow(self, dim, start, length):
    d = _wrap_dim(dim, self._data.ndim)
    size = self._data.shape[d]
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], "
                         f"but got {start})")
    if start < 0:
        start += size
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size "
                           f"({size}).")
    return apply(OPS["slice"], (self,), {"dim": d, "start": start,
                                                  "end": start + length, "step": 1})


# ---------------------------------------------------------------------- several views
def _split(self, split_size_or_sections, dim=0):
    """``split(int)`` (SplitBackward0) or ``split(sizes)`` (SplitWithSizesBackward0): views
    sharing one grad_fn."""
    if self._data.ndim == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    d = _wrap_dim(dim, self._data.ndim)
    length = self._data.shape[d]
    sizes = {"dim": d, "self_sym_sizes": tuple(self._data.shape)}
    if isinstance(split_size_or_sections, (list, tuple)):
        parts = [int(s) for s in split_size_or_sections]
        if any(s < 0 for s in parts):
            raise RuntimeError("split_with_sizes expects split_sizes have only non-negative "
                               f"entries, but got split_sizes={_list(parts)}")
        if sum(parts) != length:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {length} "
                               f"(input tensor's size at dimension {d}), but got "
                               f"split_sizes={_list(parts)}")
        return apply_views(OPS["split_with_sizes"], self, dict(sizes, split_sizes=tuple(parts)))
    size = int(split_size_or_sections)
    if size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={size}")
    if size == 0 and length != 0:
        raise RuntimeError("split_size can only be 0 if dimension size is 0, but got dimension "
                           f"size of {length}")
    return apply_views(OPS["split"], self, dict(sizes, split_size=size))


def _chunk(self, chunks, dim=0):
    if self._data.ndim == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = _wrap_dim(dim, self._data.ndim)
    length = self._data.shape[d]
    size = (length + chunks - 1) // chunks
    if size == 0 and length == 0:  # PyTorch keeps the number of (empty) chunks
        return _split(self, [0] * chunks, d)
    return _split(self, size, d)


def _unbind(self, dim=0):
    if self._data.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    return apply_views(OPS["unbind"], self, {"dim": _wrap_dim(dim, self._data.ndim)})


# ---------------------------------------------------------------------- small utilities
def _stride(self, dim=None):
    st = tuple(s // self._data.itemsize for s in self._data.strides)
    return st if dim is None else st[_wrap_dim(dim, self._data.ndim)]


class ShapeMixin:
    """The shape and view methods of Tensor."""
    __slots__ = ()

    view, reshape = _view, _reshape

    def view_as(self, other):
        return _view(self, other.shape)

    def reshape_as(self, other):
        return _reshape(self, other.shape)

    flatten = _flatten
    t, transpose, permute = _t, _transpose, _permute
    swapaxes = swapdims = _transpose
    T = property(_T)

    @property
    def mT(self):
        return _transpose(self, -2, -1)

    unsqueeze, squeeze, expand = _unsqueeze, _squeeze, _expand

    def expand_as(self, other):
        return _expand(self, other.shape)

    @observed("Tensor.contiguous")
    def contiguous(self, memory_format=None):
        return self if self._data.flags.c_contiguous else self.clone()

    select, narrow = _select, _narrow
    split, chunk, unbind = _split, _chunk, _unbind
    stride = _stride

    def data_ptr(self):
        return self._data.__array_interface__["data"][0]

    def equal(self, other):
        return self._data.shape == other._data.shape and bool(np.all(self._data == other._data))

    def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        return bool(np.allclose(self._data, other._data, rtol=rtol, atol=atol,
                                equal_nan=equal_nan))
