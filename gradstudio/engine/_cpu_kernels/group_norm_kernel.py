"""Group normalization's forward as PyTorch's CPU kernel computes it (ATen's
``native/cpu/group_norm_kernel.cpp``, contiguous input): each (sample, group) row's
moments by ``RowwiseMoments`` (``layer_norm_kernel.moments``), ``rstd = 1 / sqrt(var +
eps)`` with eps a double, then per channel ``scale = rstd * weight`` and ``bias = beta -
scale * mean`` and the output ``scale * x + bias``, each fused multiply-add rounded once
(without weight and bias: ``(x - mean) * rstd``). The input's gradient follows the
kernel's formula (per-channel sums of ``dy * x`` and ``dy``, then per group), its sums
in numpy's order (its last bits can differ)."""
import numpy as np

from .layer_norm_kernel import _fma, moments

__all__ = ["forward", "stats", "input_grad"]


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


def input_grad(dy, x, groups, weight, eps):
    """The input's gradient as ``GroupNormBackwardKernelImpl`` forms it: ``c1 * dy + c2 * x
    + c3`` with ``c1 = rstd * weight``, ``c2 = (db * mean - ds) * rstd**3 / M`` and ``c3 =
    -c2 * mean - db * rstd / M``, ``ds`` and ``db`` the group's sums of ``dy * x * weight``
    and ``dy * weight``."""
    if x.dtype == np.float16:     # (in float32, rounded once at the end)
        w = None if weight is None else weight.astype(np.float32)
        return input_grad(dy.astype(np.float32), x.astype(np.float32), groups, w,
                          eps).astype(np.float16)
    dt = x.dtype
    n, c = x.shape[0], x.shape[1]
    d = c // groups
    mean, rstd = stats(x, groups, eps)
    xs = np.ascontiguousarray(x).reshape(n, groups, d, -1)
    gs = np.ascontiguousarray(dy).reshape(xs.shape)
    w = np.ones(c, dt) if weight is None else weight
    w = w.reshape(1, groups, d)
    ds = (gs * xs).sum(-1)
    db = gs.sum(-1)
    s = dt.type(1) / dt.type(d * xs.shape[-1])
    ds_g = (ds * w).sum(-1)
    db_g = (db * w).sum(-1)
    c2 = (db_g * mean - ds_g) * rstd * rstd * rstd * s
    c3 = -c2 * mean - db_g * rstd * s
    c1 = (rstd[:, :, None] * w)[..., None]
    return (c1 * gs + c2[:, :, None, None] * xs + c3[:, :, None, None]).reshape(x.shape)
