"""Layer normalization as PyTorch's CPU kernel computes it (ATen's
``native/cpu/layer_norm_kernel.cpp`` and ``native/cpu/moments_utils.h``), in numpy, so that
outputs, saved statistics and gradients have PyTorch's last bits.

The input is read as ``M`` rows of ``N`` values (the normalized dimensions). What decides
the bits:

- each row's mean and variance by ``RowwiseMoments``: Welford's algorithm over AVX2
  vectors (8 floats, 4 doubles), chunks of 16 vectors combined as a cascade
  (``AddMomentsVec``), the values left over after the last whole vector by scalar
  Welford, then the vector's lanes merged in order (``AddMoments``); the compiled
  kernel fuses the Welford updates and the scalar merges into multiply-adds;
- ``rstd = 1 / sqrt(var + eps)`` in the dtype; the output ``(x - mean) * rstd * weight
  + bias``, its last step one fused multiply-add;
- the backward's row sums (``ds``, ``db``) as 8-float / 4-double vectors, lanes added
  as a tree (floats) or in order (doubles); the weight's and bias's gradients summed per
  thread over its rows (``threads.threads``), the threads' sums added in order.

Only float32 and float64 are computed here.
"""
import numpy as np

from .fma import fma32, fma64
from .threads import threads

__all__ = ["moments", "forward", "backward"]

_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}
_CHUNK = 16


def _fma(a, b, c):
    """``a * b + c`` rounded once, in the dtype of ``c``."""
    dt = np.asarray(c).dtype
    a, b, c = np.broadcast_arrays(np.asarray(a, dt), np.asarray(b, dt), np.asarray(c, dt))
    out = fma32(a, b, c) if dt == np.float32 else fma64(a, b, c)
    return np.asarray(out, dt).reshape(a.shape)


def _ceil_log2(x):
    return 1 if x <= 2 else (x - 1).bit_length()


def _add_moments(m0_add, m1_add, m2_add, m0, m1, m2, dt, fused):
    """``AddMoments`` / ``AddMomentsVec``: (m0, m1, m2) merged with the added ones."""
    n = m0 + m0_add
    c = dt.type(0) if n == 0 else dt.type(m0_add) / dt.type(n)
    delta = m1_add - m1
    if fused:
        return n, _fma(c, delta, m1), m2 + _fma(delta * delta * c, dt.type(m0), m2_add)
    return n, m1 + c * delta, m2 + (m2_add + delta * delta * c * dt.type(m0))


def _chunk(x, k0, dt):
    """``UpdateMomentsVec``: Welford over ``k0`` vectors of each row, from zero."""
    lanes = x.shape[1] // k0
    m1 = m2 = np.zeros((x.shape[0], lanes), dt)
    for j in range(k0):
        v = x[:, j * lanes:(j + 1) * lanes]
        delta = v - m1
        m1 = _fma(delta, dt.type(1) / dt.type(j + 1), m1)
        m2 = _fma(delta, v - m1, m2)
    return m1, m2


def moments(x):
    """``RowwiseMoments`` of each row of ``x`` (M, N): (mean, biased variance), in float32
    for a float16 row (read as vectors of 16 halves, each two float vectors)."""
    half = x.dtype == np.float16
    if half:
        x = x.astype(np.float32)
    dt = x.dtype
    rows, size = x.shape
    lanes = _LANES[dt]
    width = 2 * lanes if half else lanes          # the input's vector
    n = size // width
    m = -(-n // _CHUNK)
    depth = _ceil_log2(m)
    zero = np.zeros((rows, lanes), dt)
    m0s, m1s, m2s = [0] * depth, [zero] * depth, [zero] * depth
    for i in range(m):
        k0 = min(_CHUNK, n - i * _CHUNK)
        start = i * _CHUNK * width
        c1, c2 = _chunk(x[:, start:start + k0 * width], k0, dt)
        for part in range(width // lanes):
            cut = slice(part * lanes, (part + 1) * lanes)
            m0s[0], m1s[0], m2s[0] = _add_moments(k0, c1[:, cut], c2[:, cut], m0s[0], m1s[0],
                                                  m2s[0], dt, False)
        mask, j = i + 1, 1
        while j < depth and (mask & 1) == 0:
            m0s[j], m1s[j], m2s[j] = _add_moments(m0s[j - 1], m1s[j - 1], m2s[j - 1], m0s[j],
                                                  m1s[j], m2s[j], dt, False)
            m0s[j - 1], m1s[j - 1], m2s[j - 1] = 0, zero, zero
            mask >>= 1
            j += 1
    for i in range(1, depth):
        m0s[0], m1s[0], m2s[0] = _add_moments(m0s[i], m1s[i], m2s[i], m0s[0], m1s[0], m2s[0],
                                              dt, False)
    m0, m1, m2 = 0, np.zeros(rows, dt), np.zeros(rows, dt)
    for i in range(n * width, size):
        v = x[:, i]
        delta = v - m1
        m0 += 1
        m1 = m1 + delta / dt.type(m0)
        m2 = m2 + delta * (v - m1)
    for lane in range(lanes):
        m0, m1, m2 = _add_moments(n * width // lanes, m1s[0][:, lane], m2s[0][:, lane], m0,
                                  m1, m2, dt, True)
    with np.errstate(divide="ignore", invalid="ignore"):
        return m1, m2 / dt.type(size)


def forward(x, weight, bias, eps):
    """``(y, mean, rstd)`` of ``x`` (M, N) and the flat weight and bias (or None); a
    float16 ``x`` is computed in float32 (``layer_norm_kernel_mixed_type``)."""
    if x.dtype == np.float16:
        return _forward_half(x, weight, bias, eps)
    dt = x.dtype
    mean, var = moments(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        rstd = dt.type(1) / np.sqrt(var + dt.type(eps))
    y = (x + (-mean)[:, None]) * rstd[:, None]
    if weight is not None and bias is not None:
        y = _fma(y, weight, bias)
    elif weight is not None:
        y = y * weight
    elif bias is not None:
        y = y + bias
    return y, mean, rstd


def _forward_half(x, weight, bias, eps):
    f32 = np.float32
    mean, var = moments(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        rstd = f32(1) / np.sqrt(var + f32(eps))
    shift = -rstd * mean
    y = _fma(x.astype(f32), rstd[:, None], np.broadcast_to(shift[:, None], x.shape))
    w = np.ones(x.shape[1], f32) if weight is None else weight.astype(f32)
    b = np.zeros(x.shape[1], f32) if bias is None else bias.astype(f32)
    y = _fma(y, w, np.broadcast_to(b, x.shape))
    return y.astype(np.float16), mean, rstd


def _lane_total(acc, count):
    """``vec_reduce_all``: the first ``count`` lanes in order, or all lanes of a full
    float vector as a tree ((0+4)+(2+6))+((1+5)+(3+7)), of a double one in order."""
    lanes = _LANES[acc.dtype]
    if count < lanes or lanes == 4:
        total = acc[:, 0]
        for k in range(1, count):
            total = total + acc[:, k]
        return total
    half = acc[:, :4] + acc[:, 4:]
    quarter = half[:, :2] + half[:, 2:]
    return quarter[:, 0] + quarter[:, 1]


def _row_reduce(a, b=None):
    """``map_reduce_all`` with addition over each row of ``a * b`` (M, N; or of ``a``):
    the products read as vectors and summed lane-wise; the partial last vector's products
    added to their lanes with a fused multiply-add (as the compiled kernel does)."""
    prod = a if b is None else a * b
    rows, size = prod.shape
    lanes = _LANES[prod.dtype]
    if size < lanes:
        return _lane_total(prod, size)
    acc = prod[:, :lanes]
    whole = size - size % lanes
    for d in range(lanes, whole, lanes):
        acc = acc + prod[:, d:d + lanes]
    if whole < size:
        acc = acc.copy()
        k = size - whole
        acc[:, :k] = acc[:, :k] + prod[:, whole:] if b is None else \
            _fma(a[:, whole:], b[:, whole:], acc[:, :k])
    return _lane_total(acc, lanes)


def _thread_sums(per_row, factor=None):
    """The weight's or bias's gradient: each thread's rows added into its buffer from
    zero (``buf + per_row * factor`` fused, with a factor), the buffers then added in
    order."""
    rows = per_row.shape[0]
    t = threads()
    size = -(-rows // min(t, rows)) if rows else 1
    total = np.zeros(per_row.shape[1], per_row.dtype)
    for b in range(0, rows, size):
        buf = np.zeros(per_row.shape[1], per_row.dtype)
        for k in range(b, min(rows, b + size)):
            buf = buf + per_row[k] if factor is None else _fma(per_row[k], factor[k], buf)
        total = total + buf
    return total


def backward(which, dy, x, mean, rstd, weight):
    """One of the three gradients of ``forward`` (0: the input's, 1: the weight's,
    2: the bias's), all (M, N) arrays but the flat weight (or None)."""
    dt = x.dtype
    a, m = rstd[:, None], mean[:, None]
    if which == 2:
        return _thread_sums(dy)
    if which == 1:
        return _thread_sums(dy, _fma(a, x, -a * m))
    scale = dt.type(1) / dt.type(x.shape[1])
    if weight is None:
        ds, db = _row_reduce(dy, x), _row_reduce(dy)
    else:
        w = np.broadcast_to(weight, x.shape)
        ds, db = _row_reduce(dy * x, w), _row_reduce(dy, w)
    b = (_fma(db, mean, -ds) * rstd * rstd * rstd * scale)
    c = _fma(-b, mean, -(db * rstd * scale))
    if weight is None:
        return _fma(b[:, None], x, a * dy) + c[:, None]
    return _fma(b[:, None], x, a * dy * weight) + c[:, None]
