"""Group normalization as PyTorch's CPU kernel computes it (ATen's
``native/cpu/group_norm_kernel.cpp``, contiguous input), forward and backward, bit for bit
in float32 and float64.

Forward: each (sample, group) row's moments by ``RowwiseMoments``
(``layer_norm_kernel.moments``), ``rstd = 1 / sqrt(var + eps)`` with eps a double, then per
channel ``scale = rstd * weight`` and ``bias = beta - scale * mean`` and the output ``scale
* x + bias``, each fused multiply-add rounded once (without weight and bias: ``(x - mean) *
rstd``).

Backward (``GroupNormBackwardKernelImpl``): per (sample, channel) plane ``ds = sum(dy * x)``
and ``db = sum(dy)`` as ``vec::map2_reduce_all`` / ``vec::reduce_all`` (vectors of 8
floats or 4 doubles, the products rounded, the lanes added as a tree for floats, in order
for doubles); per group ``sum(ds * weight)`` and ``sum(db * weight)`` over whole vectors of
channels (fused), their lanes added in order, the rest fused one by one (on one thread:
rounded four at a time, the last one to three fused); ``c2 = fma(db, mean,
-ds) * rstd * rstd * rstd * s``, ``c3 = fma(-db * rstd, s, -c2 * mean)`` and the input's
gradient ``fma(c1, dy, c2 * x) + c3`` with ``c1 = rstd * weight``; the weight's gradient
``acc = fma(fma(-db, mean, ds), rstd, acc)`` over the samples, the bias's the sum of ``db``
over the samples, in order. float16 is computed in float32 and rounded once (PyTorch's
half path keeps other vectors: its last bits can differ)."""
import numpy as np

from .batch_norm_kernel import _vector_sums
from .layer_norm_kernel import _fma, moments
from .threads import threads

__all__ = ["forward", "stats", "backward"]

_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def stats(x, groups, eps):
    """``(mean, rstd)`` of each (sample, group) of ``x`` (N, C, ...), shaped (N, G)."""
    n = x.shape[0]
    rows = np.ascontiguousarray(x).reshape(n * groups, -1)
    mean, var = moments(rows)
    with np.errstate(divide="ignore", invalid="ignore"):
        rstd = (1.0 / np.sqrt(np.maximum(var, 0).astype(np.float64) + eps)).astype(var.dtype)
    return mean.reshape(n, groups), rstd.reshape(n, groups)


def forward(x, groups, weight, bias, eps):
    """The output of group norm over ``x`` (N, C, ...) with (C,) weight and bias or None
    (float16 computed in float32, as PyTorch's kernel does)."""
    n, c = x.shape[0], x.shape[1]
    mean, rstd = stats(x, groups, eps)
    dt = mean.dtype
    planes = np.ascontiguousarray(x).reshape(n, groups, c // groups, -1).astype(dt)
    weight = None if weight is None else weight.astype(dt)
    bias = None if bias is None else bias.astype(dt)
    return _apply(planes, groups, weight, bias, mean, rstd).reshape(x.shape).astype(x.dtype)


def _apply(planes, groups, weight, bias, mean, rstd):
    dt = planes.dtype
    c = planes.shape[1] * planes.shape[2]
    m, r = mean[:, :, None, None], rstd[:, :, None, None]
    if weight is None and bias is None:
        return (planes - m) * r
    w = np.ones(c, dt) if weight is None else weight
    b = np.zeros(c, dt) if bias is None else bias
    scale = r * w.reshape(1, groups, -1, 1)
    shift = _fma(-scale, m, np.broadcast_to(b.reshape(1, groups, -1, 1), scale.shape))
    return _fma(scale, planes, np.broadcast_to(shift, planes.shape))


def _plane_sums(dy, x):
    """``(ds, db)`` shaped (N, C): each plane's ``sum(dy * x)`` and ``sum(dy)``."""
    n, c = x.shape[0], x.shape[1]
    a = dy.reshape(n * c, -1)
    return (_vector_sums(a, x.reshape(n * c, -1), fused_tail=False).reshape(n, c),
            _vector_sums(a).reshape(n, c))


def _weighted_group_sums(v, gamma, lanes, serial):
    """``CalcDsDb``: per (sample, group) ``sum(v * gamma)`` over the group's channels ``v``
    (N, G, D): whole vectors fused into lane accumulators, whose lanes are added in order
    from zero, then the remaining channels one by one, each fused; the loop PyTorch runs
    without its threads (``serial``) adds the products of those channels rounded four at
    a time and fuses only the last one to three."""
    d = v.shape[2] // lanes * lanes
    acc = np.zeros(v.shape[:2] + (lanes,), v.dtype)
    for j in range(0, d, lanes):
        acc = _fma(v[..., j:j + lanes], gamma[None, :, j:j + lanes], acc)
    total = np.zeros(v.shape[:2], v.dtype)
    for lane in range(lanes):
        total = total + acc[..., lane]
    rounded = d + (v.shape[2] - d) // 4 * 4 if serial else d
    for j in range(d, v.shape[2]):
        product = v[..., j] * gamma[None, :, j]
        total = total + product if j < rounded else _fma(v[..., j], gamma[None, :, j], total)
    return total


def backward(which, dy, x, groups, weight, eps):
    """One of ``native_group_norm_backward``'s gradients: ``which`` is 0 (the input's), 1
    (the weight's) or 2 (the bias's), for ``x`` (N, C, ...) and ``weight`` (C,) or None."""
    if x.dtype == np.float16:     # (in float32, rounded once at the end)
        w = None if weight is None else weight.astype(np.float32)
        return backward(which, dy.astype(np.float32), x.astype(np.float32), groups, w,
                        eps).astype(np.float16)
    dt = x.dtype
    n, c = x.shape[0], x.shape[1]
    d = c // groups
    x, dy = np.ascontiguousarray(x, dt), np.ascontiguousarray(dy, dt)
    ds, db = _plane_sums(dy, x)
    if which == 2:
        return _sequential(db)
    mean, rstd = stats(x, groups, eps)
    if which == 1:
        acc = np.zeros((groups, d), dt)
        for k in range(n):
            m, r = mean[k][:, None], rstd[k][:, None]
            inner = _fma(-db[k].reshape(groups, d), m, ds[k].reshape(groups, d))
            acc = _fma(inner, r, acc)
        return acc.reshape(c)
    gamma = (np.ones(c, dt) if weight is None else weight.astype(dt)).reshape(groups, d)
    lanes = _LANES[dt]
    # (at::parallel_for over the N * G groups runs its body on one thread, compiled
    # apart, with one thread or one group)
    serial = threads() < 2 or n * groups < 2
    ds_g = _weighted_group_sums(ds.reshape(n, groups, d), gamma, lanes, serial)
    db_g = _weighted_group_sums(db.reshape(n, groups, d), gamma, lanes, serial)
    s = dt.type(1) / dt.type(x.size // (n * groups))
    c2 = _fma(db_g, mean, -ds_g) * rstd * rstd * rstd * s
    c3 = _fma(-(db_g * rstd), np.full_like(c2, s), -c2 * mean)
    c1 = (rstd[:, :, None] * gamma[None])[..., None]
    planes = (n, groups, d, -1)
    prod = c2[:, :, None, None] * x.reshape(planes)
    out = _fma(c1, dy.reshape(planes), prod) + c3[:, :, None, None]
    return out.reshape(x.shape)


def _sequential(rows):
    """``0 + rows[0] + rows[1] + ...`` along axis 0."""
    total = np.zeros(rows.shape[1:], rows.dtype)
    for row in rows:
        total = total + row
    return total
