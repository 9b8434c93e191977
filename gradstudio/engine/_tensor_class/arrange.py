"""Tensor methods that rearrange elements: ``flip``, ``repeat``, ``tile``, ``movedim``,
``repeat_interleave`` and ``unique``, bound on ``ArrangeMixin``. They take their sizes and dims one by one or as a
sequence, as PyTorch's do, and run the op table's entries (``_ops.table_arrange``)."""
import numpy as np

from .._types import dtype as D
from .core import TensorCore, _list, _wrap_dim
from .._ops.dispatch import apply
from .._ops.record import OPS

__all__ = ["ArrangeMixin"]


def _flip(self, *dims):
    """``t.flip(0, 1)`` or ``t.flip((0, 1))``."""
    if len(dims) == 1 and not isinstance(dims[0], int):
        dims = dims[0]
    return apply(OPS["flip"], (self,), {"dims": tuple(dims)})


def _sizes(args):
    return tuple(args[0]) if len(args) == 1 and not isinstance(args[0], int) else tuple(args)


def _repeat(self, *repeats):
    """``t.repeat(2, 3)`` or ``t.repeat((2, 3))``."""
    return apply(OPS["repeat"], (self,), {"repeats": _sizes(repeats)})


def _tile(self, *dims):
    """``repeat``, with ``dims`` padded with leading ones to the tensor's dimensions."""
    dims = _sizes(dims)
    return _repeat(self, (1,) * (self._data.ndim - len(dims)) + dims)


def _movedim(self, source, destination):
    if isinstance(source, int) != isinstance(destination, int):
        raise TypeError(f"movedim() received an invalid combination of arguments - got "
                        f"({type(source).__name__}, {type(destination).__name__}), but expected "
                        "(int source, int destination) or (tuple of ints source, tuple of ints "
                        "destination)")
    src = (source,) if isinstance(source, int) else tuple(source)
    dst = (destination,) if isinstance(destination, int) else tuple(destination)
    if len(src) != len(dst):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({_list(src)} "
                           f"dims) should contain the same number of dims as destination "
                           f"({_list(dst)} dims)")
    n = self._data.ndim
    src, dst = [_wrap_dim(d, n) for d in src], [_wrap_dim(d, n) for d in dst]
    order = [None] * n
    for s, d in zip(src, dst):
        order[d] = s
    rest = iter(d for d in range(n) if d not in src)
    return self.permute(*[next(rest) if o is None else o for o in order])


def _repeat_interleave(self, repeats=None, dim=None, *, output_size=None):
    """PyTorch's composite: a number of repeats is unsqueeze, expand, clone and flatten
    (ViewBackward0); a tensor of them an index_select of the repeated positions."""
    if repeats is None:                       # torch.repeat_interleave(counts)
        return _interleaved_indices(self)
    source = self if dim is not None else self.flatten()
    if isinstance(repeats, TensorCore):
        d = _wrap_dim(dim if dim is not None else 0, source._data.ndim)
        counts = repeats
        if counts._data.ndim == 0 or counts._data.shape == (1,):
            counts = counts.reshape(1).expand(source._data.shape[d] if source._data.ndim else 1)
        if counts._data.ndim != 1:
            raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
        size = source._data.shape[d] if source._data.ndim else 1
        if counts._data.shape[0] != size:
            raise RuntimeError(f"repeats must have the same size as input along dim, but got "
                               f"repeats.size(0) = {counts._data.shape[0]} and "
                               f"input.size({d}) = {size}")
        picks = _interleaved_indices(counts)
        if output_size is not None and output_size != picks._data.size:
            raise RuntimeError("allocated size does not match required size")
        return source.index_select(d, picks)
    d = _wrap_dim(dim if dim is not None else 0, self._data.ndim)
    if repeats < 0:
        raise RuntimeError("Repeats must be non-negative")
    size = (source._data.shape[d] if source._data.ndim else 1) * int(repeats)
    if output_size is not None and output_size != size:
        raise RuntimeError(f"repeat_interleave: Invalid output_size, expected {size} but got "
                           f"{output_size}")
    grown = source.unsqueeze(d + 1)
    shape = list(grown._data.shape)
    shape[d + 1] = int(repeats)
    return grown.expand(*shape).clone().flatten(d, d + 1)


def _interleaved_indices(counts):
    """``torch.repeat_interleave(counts)``: each position repeated counts[i] times."""
    if counts._dtype not in (D.int64, D.int32):
        raise NotImplementedError(f'"repeat_interleave_cpu" not implemented for '
                                  f"'{D.scalar_type(counts._dtype)}'")
    if counts._data.ndim > 1:
        raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
    c = counts._data.reshape(-1)
    if (c < 0).any():
        raise RuntimeError("repeats can not be negative")
    return TensorCore._make(np.repeat(np.arange(c.size, dtype=np.int64), c), D.int64)


def _unique_arguments(sorted, return_inverse, return_counts, dim):
    """PyTorch's argument parser on ``_unique2`` (``unique_dim`` with a dim): the flags are
    bools, not numbers (``torch.unique(x, 1)`` does not mean dim 1)."""
    kernel = "_unique2" if dim is None else "unique_dim"
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        raise TypeError(f"unique_dim(): argument 'dim' (position 2) must be int, not "
                        f"{type(dim).__name__}")
    for name, flag in (("sorted", sorted), ("return_inverse", return_inverse),
                       ("return_counts", return_counts)):
        if not isinstance(flag, bool):
            raise TypeError(f"{kernel}(): argument '{name}' must be bool, not "
                            f"{type(flag).__name__}")


def _unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct elements (or slices along dim), sorted, as PyTorch's CPU kernel returns
    them whatever ``sorted`` says; nans are each distinct. The values record
    Unique2Backward0 / UniqueDimBackward0, which have no derivative."""
    _unique_arguments(sorted, return_inverse, return_counts, dim)
    data = self._data
    if dim is None:
        values, inverse, counts = np.unique(data.reshape(-1), return_inverse=True,
                                            return_counts=True, equal_nan=False)
        inverse = inverse.reshape(data.shape)
        out = apply(OPS["_unique"], (self,), {"values": values}) if return_inverse or \
            return_counts else apply(OPS["unique"], (self,), {})
    else:
        d = _wrap_dim(dim, data.ndim)
        values, inverse, counts = np.unique(data, return_inverse=True, return_counts=True,
                                            axis=d)
        out = apply(OPS["_unique_dim"], (self,), {"values": values})
    extra = [TensorCore._make(np.asarray(inverse, np.int64).reshape(-1 if dim is not None
                                                                   else data.shape), D.int64)
             ] if return_inverse else []
    if return_counts:
        extra.append(TensorCore._make(np.asarray(counts, np.int64), D.int64))
    return (out, *extra) if extra else out


class ArrangeMixin:
    """The rearranging methods of Tensor."""
    __slots__ = ()

    flip, repeat, tile = _flip, _repeat, _tile
    movedim = moveaxis = _movedim
    repeat_interleave = _repeat_interleave
    unique = _unique
