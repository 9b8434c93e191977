"""Tensor indexing: ``x[key]`` (``__getitem__``) and ``x[key] = value`` (``__setitem__``).

Basic indices (ints, slices, None, Ellipsis) are applied one by one as views and advanced
indices (tensors, lists, bools) are gathered and applied last in one op, as PyTorch's
applySlicing does, with its warnings and error messages; assignment checks shapes as
PyTorch does and records the in-place op through ``inplace``."""
import numpy as np

from .._types import dtype as D
from .._torch_functions.factory import tensor
from .._ops.record import OPS
from .._ops.dispatch import apply, inplace, quick_view
from .core import TensorCore, _list, _wrap_dim
from .._autograd.grad_mode import STATE
from .operands import _broadcast_shapes, _no_grad_if, _operand, _renamed
from .._messages.warn import warn as _warn
from ..observer import observed
from .shape import _expand, _view

__all__ = ["IndexMixin"]


# ---------------------------------------------------------------------- indexing
# ``x[key]`` follows PyTorch's applySlicing: ints select, slices slice, None unsqueezes and
# Ellipsis skips, one by one; tensors, lists and bools are collected as advanced indices
# at the dimension they reach and applied last, in one IndexBackward0.
_SEQ_INDEX_WARNING = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be "
    "changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be "
    "interpreted as tensor index, x[torch.tensor(seq)], which will result either in an error "
    "or a different result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:{line}.)")
_INDEX_TYPE_ERROR = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                     "Variables are valid indices (got {})")


def _sequence_as_tuple(key):
    """PyTorch's (NumPy's) rule: a short list (or str) holding a tensor, sequence, slice,
    None or Ellipsis is read as a tuple of indices, with a deprecation warning."""
    if len(key) >= 32:
        return False
    for k in key:
        line = 349 if isinstance(k, (TensorCore, list, tuple, str, slice)) else \
            359 if k is None or k is Ellipsis else None
        if line is not None:
            _warn(_SEQ_INDEX_WARNING.format(line=line))
            return True
    return False


def _as_key_tuple(key):
    if isinstance(key, (list, str)) and _sequence_as_tuple(key):
        return tuple(key)
    return key if isinstance(key, tuple) else (key,)


def _is_int_index(k):
    if isinstance(k, (int, np.integer)):
        return not isinstance(k, (bool, np.bool_))
    return isinstance(k, TensorCore) and k._data.ndim == 0 and k._dtype._kind == 1 and \
        k._dtype is not D.uint8


def _index_array(k):
    """An advanced index as a numpy array: bool (a mask) or int64."""
    if isinstance(k, TensorCore):
        a = k._data
    elif isinstance(k, np.ndarray):
        a = k
    else:
        try:
            a = tensor(k)._data
        except RuntimeError as exc:
            if "overflow" not in str(exc):
                raise
            raise ValueError("Overflow when unpacking long long") from None  # as PyTorch
        if a.dtype.kind == "f":
            a = a.astype(np.int64)
    if a.dtype == np.bool_ or a.dtype == np.uint8:
        return a.astype(np.bool_, copy=False)
    if a.dtype.kind not in "iu":
        raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    return a.astype(np.int64, copy=False)


_SELECT = OPS["select"]


def _select_at(t, dim, index, real_dim):
    if t._data.ndim == 0:
        if index == 0:
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        raise IndexError(f"index {index} is out of bounds for dimension {real_dim} with size 0")
    size = t._data.shape[dim]
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for dimension {real_dim} with size "
                         f"{size}")
    params = {"dim": dim, "index": index % size}
    op = OPS["select"]
    view = quick_view(op, t, params)
    return apply(op, (t,), params) if view is None else view


def _slice_at(t, dim, k, skip_trivial):
    if t._data.ndim == 0:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    size = t._data.shape[dim]
    start, stop, step = k.indices(size)  # ValueError for a zero step, as in PyTorch
    if step < 0:
        raise ValueError("step must be greater than zero")
    stop = max(stop, start)
    if skip_trivial and start == 0 and stop == size and step == 1:
        return t, slice(None)
    return apply(OPS["slice"], (t,), {"dim": dim, "start": start, "end": stop,
                                               "step": step}), slice(start, stop, step)


def _apply_slicing(self, key):
    """Applies the basic indices of ``key`` (a tuple); returns the view, the advanced
    indices as ``[(dim, array)]`` and the equivalent numpy key for ``self``."""
    ndim = self._data.ndim
    specified = 0
    for k in key:
        if k is None or k is Ellipsis or isinstance(k, (bool, np.bool_)):
            continue
        if isinstance(k, TensorCore) and k._dtype in (D.bool_, D.uint8):
            specified += k._data.ndim
        else:
            specified += 1
    if specified > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    t, dim, adv, np_key = self, 0, [], []
    for i, k in enumerate(key):
        if _is_int_index(k):
            t = _select_at(t, dim, int(k), i)
            np_key.append(int(k))
        elif isinstance(k, slice):
            t, k = _slice_at(t, dim, k, True)
            np_key.append(k)
            dim += 1
        elif k is None:
            t = apply(OPS["unsqueeze"], (t,), {"dim": dim})
            np_key.append(None)
            dim += 1
        elif k is Ellipsis:
            n = max(ndim - specified, 0)
            np_key.extend([slice(None)] * n)
            dim += n
        elif isinstance(k, str):
            raise TypeError(f"new(): invalid data type '{type(k).__name__}'")
        elif isinstance(k, (bool, np.bool_, TensorCore, np.ndarray, list, tuple)):
            a = _index_array(k if not isinstance(k, (bool, np.bool_)) else np.asarray(k))
            if a.ndim == 0:  # a bool: a new dimension of size 1 (True) or 0 (False)
                t = apply(OPS["unsqueeze"], (t,), {"dim": dim})
                np_key.append(bool(a))  # numpy reads a bool the same way
                a = np.zeros((1 if a else 0,), np.int64)
            else:
                np_key.append(a)
            adv.append((dim, a))
            dim += a.ndim if a.dtype == np.bool_ else 1
        else:
            raise IndexError(_INDEX_TYPE_ERROR.format(type(k).__name__))
    return t, adv, tuple(np_key)


def _advanced_key(t, adv):
    """The numpy key of the advanced indices of ``t``, checked as PyTorch checks them."""
    shape = t._data.shape
    key = [slice(None)] * (max(d for d, _ in adv) + 1)
    arrays = []
    for d, a in adv:
        if a.dtype == np.bool_:
            for j, n in enumerate(a.shape):
                if d + j >= len(shape) or shape[d + j] != n:
                    raise IndexError(f"The shape of the mask {_list(a.shape)} at index {j} does "
                                     f"not match the shape of the indexed tensor "
                                     f"{_list(shape)} at index {d + j}")
            key[d] = a
            arrays.extend(np.nonzero(a))
        else:
            key[d] = a
            arrays.append(a)
    try:
        np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        raise IndexError("shape mismatch: indexing tensors could not be broadcast together "
                         "with shapes " + ", ".join(_list(a.shape) for a in arrays)) from None
    for d, a in adv:
        if a.dtype != np.bool_ and a.size:
            size = shape[d]
            bad = (a < -size) | (a >= size)
            if bad.any():
                raise IndexError(f"index {a[bad].flat[0]} is out of bounds for dimension {d} "
                                 f"with size {size}")
    return tuple(key)


def _alias(t):
    return _renamed(apply(OPS["view"], (t,), {"shape": t._data.shape}), "AliasBackward0")


@observed("Tensor.__getitem__")
def _getitem(self, key):
    # PyTorch's single-index fast paths first: a lone slice is never skipped
    if type(key) is int:                # (a Dataset's ``x[i]``: the quickest way there)
        shape = self._data.shape
        if shape and -shape[0] <= key < shape[0]:
            view = quick_view(_SELECT, self, {"dim": 0, "index": key % shape[0]})
            if view is not None:
                return view
    if _is_int_index(key):
        return _select_at(self, 0, int(key), 0)
    if type(key) is slice:
        return _slice_at(self, 0, key, False)[0]
    if key is None:
        return apply(OPS["unsqueeze"], (self,), {"dim": 0})
    if key is Ellipsis:
        return _alias(self)
    t, adv, _ = _apply_slicing(self, _as_key_tuple(key))
    if adv:
        return apply(OPS["index"], (t,), {"key": _advanced_key(t, adv)})
    return _alias(self) if t is self else t


@observed("Tensor.__setitem__")
def _setitem(self, key, value):
    value = _operand(value)
    whole = self.detach()
    view, adv, np_key = _apply_slicing(whole, _as_key_tuple(key))
    whole = view is whole  # no basic index narrowed it
    if adv:
        target = view._data[_advanced_key(view, adv)].shape
    else:
        target = view._data.shape
    if STATE.enabled and self._requires_grad and self._grad_fn is None:
        raise RuntimeError(("a view of a leaf Variable" if view._base is not None else
                            "a leaf Variable") + " that requires grad is being used in an "
                           "in-place operation.")
    if isinstance(value, TensorCore):
        vshape = value._data.shape
        while vshape and vshape[0] == 1 and len(vshape) > len(target):
            vshape = vshape[1:]  # PyTorch drops the value's leading 1s
        if adv:
            try:
                np.broadcast_shapes(vshape, target)
                if len(vshape) > len(target):
                    raise ValueError
            except ValueError:
                raise RuntimeError(f"shape mismatch: value tensor of shape "
                                   f"{_list(value._data.shape)} cannot be broadcast to indexing "
                                   f"result of shape {_list(target)}") from None
        else:
            # the messages of value.expand(target)
            _expand(TensorCore._make(np.broadcast_to(np.zeros((), value._dtype.np), vshape),
                                 value._dtype), target)
    with _no_grad_if(not (STATE.enabled and (self._requires_grad or (
            isinstance(value, TensorCore) and value._requires_grad)))):
        if not isinstance(value, TensorCore):
            value = tensor(value, dtype=self._dtype)
        if whole and not adv and not value._data.ndim:  # a number: self.fill_(value)
            return inplace(self, OPS["_fill_tensor"], (self, value))
        if value._data.ndim:
            # PyTorch views the value without its leading 1s when its shape differs (for
            # a basic key) or it has some (advanced), and expands it to a basic key's
            # target; a basic key that narrows nothing copies into self (CopyBackwards)
            shape = value._data.shape
            lead = next((i for i, s in enumerate(shape) if s != 1), len(shape))
            if shape != target if not adv else lead:
                value = _view(value, shape[lead:])
            if not adv:
                if value._data.shape != target:
                    value = _expand(value, target)
                if whole:
                    return inplace(self, OPS["_copy"], (self, value))
        inplace(self, OPS["_setitem"], (self, value), {"key": np_key})


# ---------------------------------------------------------------------- masked_fill
def _masked_fill_arguments(name, mask, value, self):
    if not isinstance(mask, TensorCore):
        raise TypeError(f"{name}() received an invalid combination of arguments - got "
                        f"({type(mask).__name__}, ...), but expected (Tensor mask, Number value)")
    if mask._dtype is not D.bool_:
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype "
                           f"{_C_NAMES.get(mask._dtype.name, mask._dtype.name)}")
    if isinstance(value, TensorCore):
        raise RuntimeError("masked_fill with a tensor value is not supported by GradStudio's "
                           "engine yet; pass a number (value.item())")
    return {"value": D.checked_scalar(value, self._dtype)}


_C_NAMES = {"int64": "long int", "int32": "int", "uint8": "unsigned char", "float32": "float",
            "float64": "double", "int16": "short int", "int8": "signed char",
            "float16": "c10::Half"}


def _masked_fill(self, mask, value):
    return apply(OPS["masked_fill"], (self, mask), _masked_fill_arguments("masked_fill", mask,
                                                                         value, self))


def _masked_fill_(self, mask, value):
    return inplace(self, OPS["masked_fill"], (self, mask),
                   _masked_fill_arguments("masked_fill_", mask, value, self))


def _masked_select(self, mask):
    if not isinstance(mask, TensorCore) or mask._dtype is not D.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    _broadcast_shapes(self._data.shape, mask._data.shape)
    return apply(OPS["masked_select"], (self, mask))


# ---------------------------------------------------------------------- gather, index_select
def integer_index(index, name):
    """PyTorch's check that a gather/scatter index is an int32 or int64 tensor."""
    if not isinstance(index, TensorCore) or index._dtype not in (D.int64, D.int32):
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")


def index_in_bounds(index, size, d):
    """PyTorch's check that every index along dimension ``d`` is in [0, size)."""
    bad = index._data[(index._data < 0) | (index._data >= size)]
    if bad.size:
        raise RuntimeError(f"index {bad.flat[0]} is out of bounds for dimension {d} with size "
                           f"{size}")


def _gather(self, dim, index, *, sparse_grad=False):
    integer_index(index, "gather")
    ndim = self._data.ndim
    d = _wrap_dim(dim, ndim)
    if index._data.ndim != ndim and (ndim or index._data.ndim > 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input "
                           "tensor")
    shape, ishape = self._data.shape, index._data.shape
    for k in range(ndim):
        if k != d and ishape[k] > shape[k]:
            raise RuntimeError(f"Size does not match at dimension {k} expected index "
                               f"{_list(ishape)} to be no larger than self {_list(shape)} "
                               f"apart from dimension {d}")
    index_in_bounds(index, shape[d] if ndim else 1, d)
    return apply(OPS["gather"], (self, index), {"dim": d})


def _index_select(self, dim, index):
    d = _wrap_dim(dim, self._data.ndim)
    if not isinstance(index, TensorCore) or index._dtype not in (D.int64, D.int32):
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    if index._data.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if not self._data.ndim and index._data.size != 1:
        raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got "
                           f"{index._data.size} value(s)")
    _index_select_bounds(self, d, index)
    return apply(OPS["index_select"], (self, index), {"dim": d})


def _index_select_bounds(self, d, index):
    """An index out of range, refused as PyTorch's CPU kernel does, by the path it takes
    (index_select_out_cpu_): the checked dim1 pass and an empty tensor check the whole
    index ("INDICES element is out of DATA bounds"), any other path each slice's
    (an IndexError)."""
    size = self._data.shape[d] if self._data.ndim else 1
    bad = index._data[(index._data < 0) | (index._data >= size)]
    if self._data.ndim > 1 and index._data.size and not self._data.size and not size:
        raise RuntimeError("index_select(): self indexing axis dim should be positive")
    if not bad.size:
        return
    if self._data.ndim > 1 and (d == 1 or not self._data.size):
        raise RuntimeError(f"INDICES element is out of DATA bounds, id={bad.flat[0]} "
                           f"axis_dim={size}")
    raise IndexError("index out of range in self")


class IndexMixin:
    """The indexing (``x[k]``, ``x[k] = v``) methods of Tensor."""
    __slots__ = ()

    __getitem__, __setitem__ = _getitem, _setitem
    masked_fill, masked_fill_ = _masked_fill, _masked_fill_
    masked_select = _masked_select
    gather, index_select = _gather, _index_select
