"""Module-level functions (``torch.cat``, ``torch.exp`` ...)."""
import warnings

import numpy as np

from .._types import dtype as D
from .._ops.record import OPS
from .._tensor_class.core import TensorCore, _wrap_dim, _list
from .._ops.dispatch import apply, records_nothing
from .._messages.reduce_errors import extreme_keepdim_without_dim, keepdim_without_dim
from ..observer import observed

# ``torch.f(t, ...)`` is ``t.f(...)`` for these
_METHODS = (
    "softmax", "log_softmax", "matmul", "mm", "mv", "dot", "bmm", "outer", "sum", "mean", "exp",
    "log", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt", "rsqrt", "neg", "pow", "clamp",
    "clip", "clamp_min", "clamp_max", "floor_divide", "remainder", "prod", "var", "std", "cumsum",
    "split", "chunk", "unbind", "maximum", "minimum", "max", "min", "norm", "reshape", "transpose",
    "t", "permute", "squeeze", "unsqueeze", "flatten", "clone", "detach", "add", "sub", "mul",
    "div", "square", "log1p", "expm1", "sign", "floor", "ceil", "round", "eq", "ne", "lt", "le",
    "gt", "ge", "all", "any", "argmax", "argmin", "numel", "reciprocal", "amax", "amin", "narrow",
    "select", "is_floating_point", "allclose", "equal", "masked_fill",
    "tile", "movedim", "moveaxis", "swapaxes", "gather", "index_select", "sort", "argsort",
    "msort", "topk", "median", "scatter", "scatter_add", "scatter_reduce", "index_add", "baddbmm", "diagonal", "diag", "trace",
    "roll", "cumprod", "count_nonzero", "addmm", "det", "inverse", "masked_select",
    "trunc", "fix", "absolute", "negative", "multiply", "divide", "subtract", "arcsin",
    "arctan2", "swapdims", "positive", "unflatten", "take_along_dim", "signbit", "isposinf",
    "isneginf")
__all__ = ["cat", "concat", "concatenate", "stack", "hstack", "vstack", "broadcast_to", "where", "is_tensor",
           "isclose", "nonzero", "meshgrid", "repeat_interleave", "unique", "embedding",
           *_METHODS]


def _tensors(tensors, name):
    if isinstance(tensors, TensorCore) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, "
                        f"not {type(tensors).__name__}")
    for i, t in enumerate(tensors):
        if not isinstance(t, TensorCore):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got "
                            f"{type(t).__name__}")
    return list(tensors)


def cat(tensors, dim=0):
    tensors = _tensors(tensors, "cat")
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    # 1-D empty tensors are skipped (PyTorch's legacy rule); the first other one rules
    shown = [(i, t) for i, t in enumerate(tensors)
             if not (t._data.ndim == 1 and t._data.shape[0] == 0)]
    if not shown:
        shown = [(0, tensors[0])]
    ref = shown[0][1]
    for i, t in enumerate(tensors):
        if t._data.ndim == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be "
                               "concatenated")
    d = _wrap_dim(dim, ref._data.ndim)
    for i, t in shown:
        if t._data.ndim != ref._data.ndim:
            raise RuntimeError(f"Tensors must have same number of dimensions: got "
                               f"{ref._data.ndim} and {t._data.ndim}")
        for k, (a, b) in enumerate(zip(ref._data.shape, t._data.shape)):
            if k != d and a != b:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {d}. "
                                   f"Expected size {a} but got size {b} for tensor number {i} "
                                   "in the list.")
    shown = [t for _, t in shown]
    dt = D.result_type(*shown)
    return apply(OPS["cat"], tuple(t if t._dtype is dt else t.to(dt) for t in shown),
                 {"dim": d})


concat = cat


def concatenate(tensors, axis=0, *, dim=None):
    """``torch.concatenate``: ``cat``, its dimension called ``axis`` (``dim`` too)."""
    return cat(tensors, axis if dim is None else dim)


def _nonempty(tensors, name):
    tensors = _tensors(tensors, name)
    if not tensors:
        raise RuntimeError(f"{name} expects a non-empty TensorList")
    return tensors


def _at_least(t, ndim):
    """PyTorch's ``atleast_1d``/``atleast_2d``: a 0-d tensor reshaped, a 1-d one given a
    leading dimension (for 2-d)."""
    if t.dim() >= ndim:
        return t
    if t.dim() == 0:
        return t.reshape((1,) * ndim)
    return t.unsqueeze(0)


def hstack(tensors):
    """``cat`` along the first dimension of 1-d tensors, the second of the others."""
    tensors = [_at_least(t, 1) for t in _nonempty(tensors, "hstack")]
    return cat(tensors, 0 if tensors[0].dim() == 1 else 1)


def vstack(tensors):
    """``cat`` of the tensors made at least 2-d, along the first dimension."""
    return cat([_at_least(t, 2) for t in _nonempty(tensors, "vstack")], 0)


def broadcast_to(input, size):
    return input.expand(size)


def stack(tensors, dim=0):
    tensors = _tensors(tensors, "stack")
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    first = tensors[0]
    for i, t in enumerate(tensors):
        if t._data.shape != first._data.shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got "
                               f"{_list(first._data.shape)} at entry 0 and "
                               f"{_list(t._data.shape)} at entry {i}")
    d = _wrap_dim(dim, first._data.ndim + 1)  # a new dimension may go after the last
    dt = D.result_type(*tensors)
    if records_nothing(tensors):    # (a batch's 64 rows: the values at once, as apply's)
        arrays = [t._data if t._dtype is dt else t._data.astype(dt.np) for t in tensors]
        # (np.array stacks equal shapes of one dtype along a new first axis, quickest)
        return TensorCore._make(np.array(arrays, dtype=dt.np) if d == 0 else
                                np.stack(arrays, axis=d), dt)
    return apply(OPS["stack"], tuple(t if t._dtype is dt else t.to(dt) for t in tensors),
                 {"dim": d}, out_dtype=dt)      # (worked out once)


def _where_scalar(x, dt):
    # an integer dtype refuses a number it cannot hold; a float one takes it as inf
    if not dt.is_floating_point:
        return TensorCore._make(np.asarray(D.checked_scalar(x, dt), dt.np), dt)
    with np.errstate(over="ignore"):
        return TensorCore._make(np.asarray(x, dt.np), dt)


@observed("torch.where")
def where(condition, input=None, other=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    dt = D.result_type(input, other)
    a, b = (x if isinstance(x, TensorCore) else _where_scalar(x, dt) for x in (input, other))
    cond = condition._data if isinstance(condition, TensorCore) else np.asarray(condition)
    shape = np.broadcast_shapes(cond.shape, a._data.shape, b._data.shape)
    if a._dtype is not dt:
        a = a.to(dt)
    if b._dtype is not dt:
        b = b.to(dt)
    if cond.dtype != np.bool_:
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor "
                           f"with dtype {D.from_numpy_dtype(cond.dtype).name.capitalize()}")
    return apply(OPS["where"], (a, b), {"condition": np.broadcast_to(cond, shape)})


def _method(name):
    def fn(input, *args, **kwargs):
        if not isinstance(input, TensorCore):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not "
                            f"{type(input).__name__}")
        try:
            return getattr(input, name)(*args, **kwargs)
        except TypeError as e:
            # the method's argument 1 is the function's argument 2
            msg = str(e)
            if name in ("sum", "mean", "prod") and msg == keepdim_without_dim(
                    name, kwargs.get("dtype")):
                raise TypeError(keepdim_without_dim(name, kwargs.get("dtype"), True)) from None
            if name in ("max", "min") and msg == extreme_keepdim_without_dim(name):
                raise TypeError(extreme_keepdim_without_dim(name, True)) from None
            if "(position 1) must be" not in msg:
                raise
            raise TypeError(msg.replace("(position 1)", "(position 2)", 1)) from None
    fn.__name__ = name
    return fn


# ops with a number-first op of their own (``2 ** t`` is PowBackward2), reached through
# the tensor's reflected operator
_REFLECTED = {"pow": "__rpow__", "floor_divide": "__rfloordiv__", "remainder": "__rmod__"}


def _number_first(name):
    """``torch.add(2, t)``, ``torch.pow(2, t)`` ...: a number in first place is wrapped as
    PyTorch wraps it (a 0-dim tensor of the lowest promotion priority), or given to the
    op's own number-first form."""
    method = _method(name)
    reflected = _REFLECTED.get(name)

    def fn(input, *args, **kwargs):
        other = args[0] if args else None
        if not isinstance(input, TensorCore) and isinstance(other, TensorCore) and \
                isinstance(input, (bool, int, float)):
            if reflected is not None:
                return getattr(other, reflected)(input)
            input = TensorCore._make(np.asarray(input, D.result_type(other, input).np))
        return method(input, *args, **kwargs)
    fn.__name__ = name
    return fn


for _n in _METHODS:
    globals()[_n] = _method(_n)
for _n in ("add", "sub", "mul", "div", *_REFLECTED):
    globals()[_n] = _number_first(_n)


def is_tensor(obj):
    return isinstance(obj, TensorCore)


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return apply(OPS["isclose"], (input, other),
                 {"rtol": rtol, "atol": atol, "equal_nan": equal_nan})


def nonzero(input, *, out=None, as_tuple=False):
    """The indices of the nonzero elements: one row each, or (``as_tuple``) one tensor per
    dimension."""
    rows = apply(OPS["nonzero"], (input,))
    if not as_tuple:
        return rows
    if not input._data.ndim:        # (a 0-d tensor: one index tensor, as PyTorch's)
        return (rows.reshape(-1),)
    return tuple(rows.unbind(1))


_WARNED = set()


def _warn_meshgrid_once():
    # (PyTorch's TORCH_WARN_ONCE, reported inside the library: torch/functional.py)
    if "meshgrid" not in _WARNED:
        _WARNED.add("meshgrid")
        warnings.warn("torch.meshgrid: in an upcoming release, it will be required to pass the "
                      "indexing argument. (Triggered internally at /__w/pytorch/pytorch/aten/"
                      "src/ATen/native/TensorShape.cpp:4215.)", UserWarning, stacklevel=3)


@observed("torch.meshgrid")
def meshgrid(*tensors, indexing=None):
    """PyTorch's meshgrid: each input viewed along its own dimension and expanded
    (ExpandBackward0 over ViewBackward0); "xy" swaps the first two inputs and outputs."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is None:
        _warn_meshgrid_once()
        indexing = "ij"
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    for a, b in zip(tensors, tensors[1:]):
        if a._dtype is not b._dtype:
            raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    refs = list(tensors)
    swap = indexing == "xy" and len(refs) >= 2
    if indexing not in ("xy", "ij"):
        raise RuntimeError(f'torch.meshgrid: indexing must be one of "xy" or "ij", but '
                           f"received: {indexing}")
    if swap:
        refs[0], refs[1] = refs[1], refs[0]
    for t in refs:
        if t._data.ndim > 1:
            raise RuntimeError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list "
                               f"but got a {t._data.ndim}-D tensor of shape "
                               f"{_list(t._data.shape)}")
    shape = [t._data.size for t in refs]
    grids = []
    for i, t in enumerate(refs):
        view = [1] * len(refs)
        view[i] = -1
        grids.append(t.view(*view).expand(*shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    return input.repeat_interleave(repeats, dim, output_size=output_size)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    return input.unique(sorted, return_inverse, return_counts, dim)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    """``torch.embedding``: the rows of ``weight`` that the class indices name, shaped
    like ``indices`` plus a row's shape (what ``F.embedding`` and ``nn.Embedding`` call)."""
    if scale_grad_by_freq or sparse:
        raise NotImplementedError("GradStudio's embedding has no scale_grad_by_freq or "
                                  "sparse yet")
    if weight.dim() != 2:
        raise RuntimeError("'weight' must be 2-D")
    if indices.dtype not in (D.int64, D.int32):
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the "
                           "following scalar types: Long, Int; but got "
                           f"{D.type_string(indices.dtype)} instead (while checking "
                           "arguments for embedding)")
    rows, read = weight.shape[0], indices._data      # (not tensor ops a listener would see)
    if read.size and (read.min() < 0 or read.max() >= rows):
        raise IndexError("index out of range in self")
    return apply(OPS["embedding"], (weight, indices), {"padding_idx": padding_idx})
