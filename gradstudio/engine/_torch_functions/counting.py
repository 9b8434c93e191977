"""Counting and bucketing: ``torch.bincount``, ``histc``, ``bucketize`` and
``searchsorted`` as ATen's CPU kernels compute them (bincount adds the weights one after
another in float32 for float32 weights, else float64; histc bins by ``(x - min) * bins /
(max - min)`` in the input's dtype). None is differentiable: histc, bucketize and
searchsorted record nothing; a weighted bincount whose weights require grad records a
``NotImplemented`` node, as PyTorch's."""
import numpy as np

from .._ops.dispatch import apply
from .._ops.record import OPS
from .._tensor_class.core import TensorCore
from .._types import dtype as D

__all__ = ["bincount", "histc", "bucketize", "searchsorted"]

_SCALAR = {"uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int", "int64": "Long",
           "bool": "Bool", "float16": "Half", "float32": "Float", "float64": "Double"}


def _make(data, dtype):
    return TensorCore._make(np.array(data, dtype.np), dtype)


def bincount(input, weights=None, minlength=0):
    name = input.dtype.name
    if input.dtype.is_floating_point or name == "bool":
        raise NotImplementedError(f'"bincount_cpu" not implemented for \'{_SCALAR[name]}\'')
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    a = input._data
    if a.ndim == 1 and a.size == 0:
        return _make(np.zeros(minlength), D.int64)
    if a.ndim != 1 or a.min() < 0:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if weights is not None and (weights.dim() != 1 or weights.shape[0] != a.shape[0]):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    size = max(minlength, int(a.max()) + 1)
    if weights is None:
        return _make(np.bincount(a.astype(np.int64), minlength=size), D.int64)
    out_dtype = D.float32 if weights.dtype is D.float32 else D.float64
    return apply(OPS["_bincount_weighted"], (input, weights), {"size": size},
                 out_dtype=out_dtype)


def _c_double(x):
    """A double as C++'s ``ostream`` prints it (six significant digits)."""
    if np.isnan(x):
        return "-nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x:g}"


def histc(input, bins=100, min=0, max=0):  # noqa: A002 (PyTorch's names)
    name = input.dtype.name
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f'"histogram_cpu" not implemented for \'{_SCALAR[name]}\'')
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for "
                           "dimension 0")
    a = input._data.reshape(-1)
    np_t = input.dtype.np.type
    lo, hi = float(np_t(min)), float(np_t(max))
    if lo == hi and a.size:
        lo, hi = float(a.min()), float(a.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if not (np.isfinite(lo) and np.isfinite(hi)):
        raise RuntimeError(f"torch.histc: range of [{_c_double(lo)}, {_c_double(hi)}] is not "
                           "finite")
    if not lo < hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    lo_t, hi_t = np_t(lo), np_t(hi)
    inside = a[(a >= lo_t) & (a <= hi_t)]
    with np.errstate(all="ignore"):
        pos = ((inside - lo_t) * np_t(bins) / (hi_t - lo_t)).astype(np.int64)
    pos[pos == bins] = bins - 1
    return _make(np.bincount(pos, minlength=bins)[:bins], input.dtype)


def _values(x):
    return x._data if isinstance(x, TensorCore) else np.asarray(x)


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None,
                 sorter=None):
    if side is not None and side not in ("left", "right"):
        raise RuntimeError("torch.searchsorted(): side can only be 'left' or 'right' but "
                           f"got {side}")
    if side == "left" and right:
        raise RuntimeError("torch.searchsorted(): side and right can't be set to opposites, "
                           "got side of left while right was True")
    right = right or side == "right"
    seq = sorted_sequence._data
    if sorter is not None:
        seq = np.take_along_axis(seq, sorter._data, axis=-1)
    values = _values(input)
    out_dtype = D.int32 if out_int32 else D.int64
    how = "right" if right else "left"
    if seq.ndim <= 1:
        found = np.searchsorted(seq, values.reshape(-1), side=how)
        return _make(found.reshape(values.shape), out_dtype)
    if values.ndim == 0 or seq.shape[:-1] != values.shape[:-1]:
        raise RuntimeError(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
            "dimensions of boundaries tensor and input value tensor must match, but we got "
            f"boundaries tensor {list(seq.shape)} and input value tensor "
            f"{list(values.shape)}")
    rows_seq, rows_val = seq.reshape(-1, seq.shape[-1]), values.reshape(-1, values.shape[-1])
    out = np.stack([np.searchsorted(s, v, side=how) for s, v in zip(rows_seq, rows_val)])
    return _make(out.reshape(values.shape), out_dtype)


def bucketize(input, boundaries, *, out_int32=False, right=False):
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got "
                           f"dim({boundaries.dim()})")
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)
