"""Batch normalization as PyTorch's CPU kernels compute it, in numpy: ATen's
``native/Normalization.cpp`` (the checks, the running averages, the paths for strided
tensors) and ``native/cpu/batch_norm_kernel.cpp`` (the vectorized paths for contiguous
ones), so that outputs, running statistics and gradients have PyTorch's last bits.

What decides the bits:

- statistics of a contiguous input with more than one element per channel and sample
  (``N, C, L`` or ``N, C, H, W``): the sum and the sum of squared deviations in float64,
  one element at a time (each float32 square rounded first; a float64 plane of odd size
  fuses its last square); one element per channel and sample (``N, C``) is read as rows
  of channels, cut between PyTorch's threads (``threads.threads``): each thread's rows summed per
  channel in the input's dtype, the squares added with a fused multiply-add each, the
  threads' sums added in float64 (with no more rows than threads: one pass in the dtype up
  to 16 channels, above that each row on its own, the rows added in float64);
- ``invstd = 1 / sqrt(var + eps)`` in float64, ``var`` the sum of squares over n in the
  input's dtype; the running mean ``m * mean + (1 - m) * running_mean`` in that dtype, the
  running variance in float64 from the unbiased variance;
- the output ``x * alpha + beta`` with ``alpha = invstd * weight`` and ``beta = bias -
  mean * alpha``, each one fused multiply-add; a strided input instead computes
  ``((x - mean) * invstd) * weight + bias`` step by step;
- the backward's per-channel sums over each sample's plane as AVX2 vectors (8 floats, 4
  doubles) whose lanes are added as a tree (floats) or in order (doubles), the planes in
  float64, the last partial vector of the dot product fused; over rows of channels, as
  the statistics; and the gradient's layout picks the path, as in PyTorch (a broadcast
  gradient, such as ``y.sum()``'s, takes the strided one).

Exact for contiguous inputs (any gradient layout but a broadcast one of other values than
those of ``y.sum()``/``y.sum(dim)``); a strided input of more than two dimensions differs
from PyTorch by an ulp or two where ATen's sum over its dimensions does (``cascade_sum``).

Only float32 and float64 are computed here (PyTorch's half-precision paths compute in
float32 with other kernels).
"""

import numpy as np

from . import elementwise as K
from .cascade_sum import cascade_sum
from .fma import fma32, fma64
from .threads import threads

__all__ = ["reduce_dims", "train_stats", "update_running", "normalize", "eval_invstd",
           "backward"]

_F64 = np.float64
_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}     # AVX2 vectors
# an (N, C) input with no more rows than threads: up to this many channels its statistics
# are one pass in the dtype (squares fused), above it float64 sums of each row's rounded
# squares; the same for float32 and float64 (measured with AVX-512, batch 2 on 2 threads)
_FEW_CHANNELS = 16


def _fma(a, b, c):
    """``a * b + c`` rounded once, in the dtype of ``c`` (float32 or float64)."""
    dt = np.asarray(c).dtype
    a, b, c = np.broadcast_arrays(np.asarray(a, dt), np.asarray(b, dt), np.asarray(c, dt))
    out = fma32(a, b, c) if dt == np.float32 else fma64(a, b, c)
    return np.asarray(out, dt).reshape(a.shape)


def reduce_dims(ndim):
    """Every dimension but the channels' (1)."""
    return (0,) + tuple(range(2, ndim))


def _planes(a):
    """``a`` as (N, C, S): each sample's plane of each channel, in memory order when
    ``a`` is contiguous."""
    return a.reshape(a.shape[0], a.shape[1], -1)


def _per_channel(v, ndim):
    """A (C,) vector shaped to broadcast over an (N, C, ...) tensor."""
    return v.reshape((1, -1) + (1,) * (ndim - 2))


def contiguous(*arrays):
    return all(a.flags.c_contiguous for a in arrays)


def _memory_order(a):
    """The axes of ``a`` from the slowest to the fastest in memory: the order PyTorch's
    TensorIterator walks a strided tensor in."""
    return sorted(range(a.ndim), key=lambda d: -abs(a.strides[d]) if a.shape[d] > 1 else 0)


def _aten_sum(a, dims):
    """``at::sum(a, dims)`` of a strided tensor: summed in its memory order."""
    order = _memory_order(a)
    view = np.transpose(a, order)
    if not view.flags.c_contiguous:
        return cascade_sum(np.ascontiguousarray(a), dims)
    out = cascade_sum(view, tuple(order.index(d) for d in dims), keepdims=True)
    return np.transpose(out, np.argsort(order)).reshape(
        [n for d, n in enumerate(a.shape) if d not in dims])


def _walk(a, like=None):
    """Each channel's values of ``a`` (N, C, ...) as a row, in the order PyTorch's
    serial kernels visit them: the memory order of ``like`` (by default ``a``)."""
    per = np.moveaxis(a, 1, 0)
    guide = np.moveaxis(a if like is None else like, 1, 0)
    order = [0] + [d + 1 for d in _memory_order(guide[0])] if a.shape[1] else \
        list(range(per.ndim))
    return np.transpose(per, order).reshape(a.shape[1], -1)


def _row_chunks(n):
    """How ``at::parallel_for(0, n, 1, ...)`` cuts n rows between the threads."""
    t = threads()
    if n < 2 or t < 2:
        return [slice(0, n)]
    size = -(-n // min(t, n))
    return [slice(b, min(n, b + size)) for b in range(0, n, size)]


def _over_chunks(rows, chunks, reduce):
    """Each thread's rows reduced in the dtype (``reduce``), the threads' results added
    in float64, in order."""
    return _sequential(np.stack([reduce(rows[s]) for s in chunks]).astype(_F64))


def _fused_dot(a, b):
    """``acc = fma(a[i], b[i], acc)`` down the rows, from zero, in the dtype."""
    acc = np.zeros(a.shape[1:], a.dtype)
    for u, v in zip(a, b):
        acc = _fma(u, v, acc)
    return acc


def _fused_squares(d):
    return _fused_dot(d, d)


def _sequential(rows):
    """``0 + rows[0] + rows[1] + ...`` along axis 0, one addition at a time."""
    if rows.shape[0] == 0:
        return np.zeros(rows.shape[1:], rows.dtype)
    return np.add.accumulate(rows, axis=0)[-1]


# ------------------------------------------------------------------------ statistics
def _collect(x):
    """The batch mean and the sum of squared deviations per channel, as PyTorch's
    ``batch_norm_cpu_collect_stats`` (contiguous input) or its strided path. Returns
    ``(mean, var_sum, contiguous)``: ``var_sum`` in the input's dtype for a contiguous
    input, in float64 otherwise."""
    dt = x.dtype
    c = x.shape[1]
    n = x.size // c
    if not contiguous(x):
        # the strided path: ATen's mean, then float64 sums of (x - mean) ** 2
        mean = (_aten_sum(x, reduce_dims(x.ndim)) / dt.type(n)).astype(dt)
        d = _walk(x).astype(_F64) - mean.astype(_F64)[:, None]
        return mean, _sequential((d * d).T), False
    if x.size == x.shape[0] * c:
        # one element per channel and sample: rows of channels, running sums per channel
        rows = x.reshape(-1, c)
        chunks = _row_chunks(n)
        if n <= threads() and len(chunks) > 1:
            if c <= _FEW_CHANNELS:
                # no more rows than threads, few channels: one pass in the dtype, row by row
                mean = (_sequential(rows) / dt.type(n)).astype(dt)
                return mean, _fused_squares(rows - mean), True
            # more channels: each row summed on its own, the rows added in float64
            chunks = [slice(i, i + 1) for i in range(n)]
        mean = (_over_chunks(rows, chunks, lambda part: _sequential(part)) / n).astype(dt)
        return mean, _over_chunks(rows - mean, chunks, _fused_squares).astype(dt), True
    planes = _planes(x)
    flat = np.moveaxis(planes, 1, 0).reshape(c, -1)           # each channel in memory order
    mean = (_sequential(flat.T.astype(_F64)) / n).astype(dt)
    d = np.moveaxis(planes - mean[:, None], 1, 0)               # (C, N, S)
    squares = (d * d).astype(_F64)
    if dt == np.float64 and planes.shape[2] % 2:
        # (the compiled loop takes two doubles at a time; an odd plane's last square is
        # added with a fused multiply-add)
        var_sum = np.zeros(c, _F64)
        for k in range(d.shape[1]):
            var_sum = _sequential(np.concatenate([var_sum[None], squares[:, k, :-1].T]))
            var_sum = fma64(d[:, k, -1], d[:, k, -1], var_sum)
    else:
        var_sum = _sequential(squares.reshape(c, -1).T)
    return mean, var_sum.astype(dt), True


def train_stats(x, eps):
    """``(save_mean, save_invstd, var_sum, contiguous)``: the batch statistics a training
    forward normalizes with (and saves for backward)."""
    dt = x.dtype
    n = x.size // x.shape[1]
    mean, var_sum, contig = _collect(x)
    var = (var_sum / dt.type(n)).astype(dt) if contig else var_sum / n
    var = var.astype(_F64)
    with np.errstate(divide="ignore", invalid="ignore"):
        invstd = 1.0 / np.sqrt(var + eps)
    if eps == 0:
        invstd = np.where(var == 0, 0.0, invstd)
    return mean, invstd.astype(dt), var_sum, contig


def update_running(stats, n, running_mean, running_var, momentum):
    """Writes the new running averages into ``running_mean`` and ``running_var`` (numpy
    arrays, either may be None), as PyTorch does inside the op, without a new version."""
    mean, _, var_sum, contig = stats
    dt = mean.dtype
    with np.errstate(divide="ignore", invalid="ignore"):
        if contig:
            m = dt.type(momentum)
            rest = dt.type(1) - m
            if running_mean is not None:
                running_mean[...] = m * mean + rest * running_mean
            if running_var is not None:
                unbiased = (var_sum / dt.type(n - 1)).astype(dt).astype(_F64)
                running_var[...] = (_F64(m) * unbiased
                                    + (rest * running_var).astype(_F64)).astype(dt)
        else:
            if running_mean is not None:
                running_mean[...] = (momentum * mean.astype(_F64)
                                     + (1 - momentum) * running_mean.astype(_F64)).astype(dt)
            if running_var is not None:
                running_var[...] = (momentum * (var_sum / (n - 1))
                                    + (1 - momentum) * running_var.astype(_F64)).astype(dt)


def eval_invstd(running_var, eps, strided=False):
    """``1 / sqrt(running_var + eps)`` as an eval forward computes it: in the dtype (a
    strided input: with ATen's tensor ops, whose float32 sqrt is MKL's)."""
    dt = running_var.dtype
    with np.errstate(divide="ignore", invalid="ignore"):
        shifted = running_var + dt.type(eps)
        root = K.sqrt(shifted) if strided else np.sqrt(shifted)
        return (dt.type(1) / root).astype(dt)


def _backward_invstd(running_var, eps):
    """The backward's eval-mode ``1 / sqrt(running_var + eps)``: in float64 (eps is a
    double there), then rounded to the dtype."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return (1.0 / np.sqrt(running_var.astype(_F64) + eps)).astype(running_var.dtype)


# ------------------------------------------------------------------------ forward
def normalize(x, mean, invstd, weight, bias):
    """The output: ``(x - mean) * invstd * weight + bias`` per channel, as PyTorch's
    kernels round it."""
    dt = x.dtype
    one, zero = dt.type(1), dt.type(0)
    w = np.full(x.shape[1], one) if weight is None else weight
    b = np.full(x.shape[1], zero) if bias is None else bias
    if x.size == 0:
        return x.copy()
    if contiguous(x):
        alpha = (invstd * w).astype(dt)
        beta = _fma(-mean, alpha, b)
        return _fma(x, _per_channel(alpha, x.ndim), _per_channel(beta, x.ndim))
    shape = x.ndim
    out = (x - _per_channel(mean, shape)) * _per_channel(invstd, shape)
    return (out * (one if weight is None else _per_channel(w, shape))
            + (zero if bias is None else _per_channel(b, shape))).astype(dt)


# ------------------------------------------------------------------------ backward
def _tree(v):
    """The lanes of the vectors ``v`` (last axis) added as AVX2's float reduction does:
    lane i with lane i + 4, then i + 2, then i + 1."""
    width = v.shape[-1] // 2
    while width:
        v = v[..., :width] + v[..., width:2 * width]
        width //= 2
    return v[..., 0]


def _in_order(v, count):
    """Lanes 0 .. count - 1 of ``v`` added one after the other."""
    acc = v[..., 0]
    for i in range(1, count):
        acc = acc + v[..., i]
    return acc


def _vector_sums(a, b=None, fused_tail=True):
    """Over the last axis of ``a`` (or of ``a * b``): ATen's ``vec::reduce_all`` (or
    ``vec::map2_reduce_all``, its last partial vector fused unless ``fused_tail`` is
    False: group norm's kernel rounds it) with AVX2 vectors."""
    dt = a.dtype
    lanes = _LANES[dt]
    size = a.shape[-1]
    if size < lanes:
        return _in_order(a if b is None else a * b, size)
    full = size // lanes * lanes
    vectors = (a[..., :full] if b is None else a[..., :full] * b[..., :full])
    vectors = vectors.reshape(a.shape[:-1] + (full // lanes, lanes))
    acc = np.moveaxis(np.add.accumulate(vectors, axis=-2), -2, 0)[-1].copy()
    rest = size - full
    if rest:
        tail = a[..., full:]
        if b is None:
            acc[..., :rest] = acc[..., :rest] + tail
        elif fused_tail:
            acc[..., :rest] = _fma(tail, b[..., full:], acc[..., :rest])
        else:
            acc[..., :rest] = acc[..., :rest] + tail * b[..., full:]
    return _tree(acc) if dt == np.float32 else _in_order(acc, lanes)


def _sums(g, xm, contig, x):
    """Per channel: the sum of the gradient and the dot product of ``x - mean`` with it,
    in float64 where PyTorch keeps them so (rounded to the dtype at the end)."""
    dt = g.dtype
    c = g.shape[1]
    if not contig:
        total = _aten_sum(g, reduce_dims(g.ndim))
        prod = _walk(xm * g, like=x)
        return total, _sequential(prod.T.astype(_F64))
    if g.size == g.shape[0] * c:
        rows, xrows = g.reshape(-1, c), xm.reshape(-1, c)
        chunks = _row_chunks(rows.shape[0])
        total = _over_chunks(rows, chunks, lambda part: _sequential(part)).astype(dt)
        both = np.stack([xrows, rows], axis=1)          # (rows, 2, C)
        dot = _over_chunks(both, chunks, lambda part: _fused_dot(part[:, 0], part[:, 1]))
        return total, dot.astype(dt)
    gp, xp = _planes(g), _planes(xm)
    total = _sequential(_vector_sums(gp).astype(_F64))
    dot = _sequential(_vector_sums(xp, gp).astype(_F64))
    return total, dot


def backward(which, g, x, weight, running_mean, running_var, save_mean, save_invstd,
             training, eps):
    """One of ``native_batch_norm_backward``'s gradients: ``which`` is 0 (the input's),
    1 (the weight's) or 2 (the bias's)."""
    dt = x.dtype
    c = x.shape[1]
    n = x.size // c
    if training:
        mean, invstd = save_mean, save_invstd
    else:
        mean, invstd = running_mean, _backward_invstd(running_var, eps)
    contig = contiguous(x, g)
    rows = x.size == x.shape[0] * c
    w = np.full(c, dt.type(1)) if weight is None else weight
    shape = x.ndim
    if which == 0 and not training:
        scale = _per_channel(invstd, shape)
        return ((g * scale) * _per_channel(w, shape)).astype(dt)
    xm = x - _per_channel(mean, shape)
    total, dot = _sums(g, xm, contig, x)
    if which == 2:
        return np.asarray(total, dt).reshape(c)
    if which == 1:
        if contig and rows:
            return (dot * invstd).astype(dt)
        return (np.asarray(dot, _F64) * invstd.astype(_F64)).astype(dt)
    if contig and rows:
        k = (((dot * invstd) * invstd) / dt.type(n)).astype(dt)
        grad_mean = (total / dt.type(n)).astype(dt)
    else:
        k = (((np.asarray(dot, _F64).astype(dt) * invstd) * invstd) / dt.type(n)).astype(dt)
        grad_mean = (np.asarray(total, _F64) / n).astype(dt) if contig else \
            (np.asarray(total, dt) / dt.type(n)).astype(dt)
    k, grad_mean = _per_channel(k, shape), _per_channel(grad_mean, shape)
    inner = (g - grad_mean) - xm * k
    if contig and not rows:
        inner = _fma(-xm, k, g - grad_mean)
    elif contig:                # (strided: no fused multiply-add)
        # rows of channels: the whole vectors of channels fused, the last partial one not
        full = c - c % _LANES[dt]
        shaped = lambda v: v.reshape(-1, c)[:, :full]    # noqa: E731
        inner.reshape(-1, c)[:, :full] = _fma(-shaped(xm), shaped(np.broadcast_to(k, xm.shape)),
                                              shaped(g - grad_mean))
    return ((inner * _per_channel(invstd, shape)) * _per_channel(w, shape)).astype(dt)
