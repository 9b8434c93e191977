"""float32 ``softmax`` and ``log_softmax`` (forward and backward) over a dimension that is
not the last, the way PyTorch's CPU kernels walk it (``_vec_softmax``,
``_vec_logsoftmax``, ``_vec_softmax_backward``, ``_vec_log_softmax_backward`` in
``SoftMaxKernel.cpp``): the tensor is seen as (outer, n, inner); each inner position sums
over the n steps one after another, and the positions a whole vector covers take SLEEF's
``expf`` while the rest of a row (the scalar tail) takes glibc's. The log of each sum is
SLEEF's (``vec::map`` covers the tail too). numpy's pairwise sums and its own ``exp``
left a third of a ``cross_entropy`` over (N, C, L) a last bit apart.

PyTorch blocks the inner positions in chunks of ``CHUNK`` (128 KB / n): each chunk has its
own scalar tail. ``softmax`` forward walks the positions cut between PyTorch's threads
instead (``_softmax_vectors``): which positions take SLEEF's expf depends on the thread
count (``torch.set_num_threads``)."""
import numpy as np

from .elementwise import _BLOCK, _sleef_expf, libm_expf
from .fma import fma32
from .sleef_float import logf_u10
from .threads import threads

__all__ = ["softmax", "log_softmax", "softmax_backward", "log_softmax_backward"]

_LANES = max(_BLOCK // 2, 8)
_F = np.float32


def _vector_positions(n, inner):
    """Which inner positions a whole vector covers (bool, length ``inner``)."""
    chunk = max(131072 // n // 4, _LANES) // _LANES * _LANES
    offset = np.arange(inner) % chunk
    start = np.arange(inner) - offset
    size = np.minimum(chunk, inner - start)
    return offset < size - size % _LANES


def _exp(x, vec):
    """SLEEF's expf where ``vec`` (over the last axis), glibc's elsewhere."""
    out = np.empty_like(x)
    with np.errstate(over="ignore", under="ignore"):
        if vec.any():
            out[..., vec] = np.asarray(_sleef_expf(np.ascontiguousarray(x[..., vec])),
                                       _F).reshape(x[..., vec].shape)
        if not vec.all():
            tail = np.ascontiguousarray(x[..., ~vec])
            out[..., ~vec] = np.asarray(libm_expf(tail), _F).reshape(tail.shape)
    return out


def _running_sum(x):
    """Sum over axis 1 adding one step after another (from zero)."""
    return np.cumsum(x, axis=1, dtype=_F)[:, -1:, :]


def split(a, axis):
    """``a`` as (outer, n, inner) around ``axis``, or None when PyTorch's vector kernels
    for a dimension other than the last do not apply (or no SLEEF is followed)."""
    if not _BLOCK or a.dtype != _F or axis == a.ndim - 1:
        return None
    n = a.shape[axis]
    return np.ascontiguousarray(a).reshape(-1, n, int(np.prod(a.shape[axis + 1:], dtype=np.int64)))


def _softmax_vectors(outer, inner):
    """Which (outer, inner) positions ``_vec_softmax`` takes a whole vector at: it walks
    the outer * inner positions cut evenly between PyTorch's threads (measured: even 17
    positions are cut in two), a vector where one fits both in the row and in the
    thread's share, else the rest of the row or of the share one at a time."""
    total = outer * inner
    share = -(-total // max(1, min(threads(), total)))
    vec = np.zeros(total, bool)
    for begin in range(0, total, share):
        end, idx = min(total, begin + share), begin
        while idx < end:
            pos = idx % inner
            if pos + _LANES <= inner and idx + _LANES <= end:
                vec[idx:idx + _LANES] = True
                idx += _LANES
            else:
                idx = end if idx + _LANES > end else idx + inner - pos
    return vec.reshape(outer, inner)


def softmax(a, axis):
    """``_vec_softmax``: the max, SLEEF's or glibc's expf as the walk takes each
    position, their running sum, and a division."""
    x = split(a, axis)
    if x is None:
        return None
    vec = _softmax_vectors(x.shape[0], x.shape[2])[:, None, :]
    shifted = x - x.max(axis=1, keepdims=True)
    with np.errstate(over="ignore", under="ignore"):
        e = np.where(vec, np.asarray(_sleef_expf(np.ascontiguousarray(shifted)),
                                     _F).reshape(x.shape), libm_expf(shifted))
    return (e / _running_sum(e)).reshape(a.shape)


def log_softmax(a, axis):
    x = split(a, axis)
    if x is None:
        return None
    vec = _vector_positions(x.shape[1], x.shape[2])
    m = x.max(axis=1, keepdims=True)
    total = _running_sum(_exp(x - m, vec))
    with np.errstate(divide="ignore"):
        log_total = np.asarray(logf_u10(total), _F).reshape(total.shape)
    return ((x - m) - log_total).reshape(a.shape)


def softmax_backward(g, out, axis):
    """``out * (g - sum(g * out))``, the sum one step after another, each step one fused
    multiply-add (measured: the compiler fuses ``sum += g * out``)."""
    o = split(out, axis)
    if o is None or g.dtype != _F or g.shape != out.shape:
        return None
    g3 = np.ascontiguousarray(g).reshape(o.shape)
    total = np.zeros((o.shape[0], 1, o.shape[2]), _F)
    for d in range(o.shape[1]):
        total = fma32(g3[:, d:d + 1], o[:, d:d + 1], total)
    return (o * (g3 - total)).reshape(out.shape)


def log_softmax_backward(g, out, axis):
    """``g - exp(out) * sum(g)``: the sum one step after another, then one fused
    multiply-subtract."""
    o = split(out, axis)
    if o is None or g.dtype != _F or g.shape != out.shape:
        return None
    g3 = np.ascontiguousarray(g).reshape(o.shape)
    vec = _vector_positions(o.shape[1], o.shape[2])
    total = np.broadcast_to(_running_sum(g3), o.shape)
    e = _exp(o, vec)
    return np.asarray(fma32(-e, np.ascontiguousarray(total), g3), _F).reshape(out.shape)
