"""The order MKL's AVX-512 ``sgemv`` adds a column-major float32 matrix (a transposed
view) times a vector in, on an Intel processor, for its rows in blocks of 16: ``X.T @
grad``, the weight gradient of ``X @ w`` with 16 or more features, and of
``nn.Linear(1, n)`` for 16 or more outputs (``grad.T @ x``). Revealed with FPRev's
probes and fitted among the 108 ways of fusing the block's multiply-adds against torch
(one fits), then measured bit for bit. Each of a block's rows:

- the columns go in blocks of 8 (``c0 .. c7``, each ``a[:, j] * v[j]``): the running sum
  takes ``c6`` then ``c4`` with fused multiply-adds; then ``c5`` fused onto the rounded
  ``c7`` is added; then ``(c0 fused onto c2) + (c1 fused onto c3)`` is added;
- the last ``K % 8`` columns are fused into the sum one after another.

The ``M % 16`` rows past the blocks add every column fused one after another, as
``avx512_gemv.columns_times_vector`` does for fewer than 16 rows (``_one_by_one``)."""
import numpy as np

from . import deferred_fma

__all__ = ["column_major_times_vector"]

_F32 = np.float32


def column_major_times_vector(a, v):
    """``a @ v`` for a column-major float32 ``(M, K)`` matrix and a ``(K,)`` vector, in
    the order above."""
    m, k = a.shape
    blocks = m - m % 16
    out = np.empty(m, _F32)
    with np.errstate(all="ignore"):
        if blocks:
            out[:blocks] = deferred_fma.run(_blocks, a[:blocks], v)
        if blocks < m:
            out[blocks:] = deferred_fma.run(_one_by_one, a[blocks:], v)
    return out


def _blocks(fma, a, v):
    k = a.shape[1]
    acc = np.zeros(a.shape[0], _F32)
    whole = k - k % 8
    for b in range(0, whole, 8):
        c, w = a[:, b:b + 8], v[b:b + 8]
        p = c * w                                       # (each product rounded)
        s = fma(c[:, 4], w[4], fma(c[:, 6], w[6], acc))
        s = s + fma(c[:, 5], w[5], p[:, 7])
        acc = s + (fma(c[:, 0], w[0], p[:, 2]) + fma(c[:, 1], w[1], p[:, 3]))
    for j in range(whole, k):
        acc = fma(a[:, j], v[j], acc)
    return acc + _F32(0.0)


def _one_by_one(fma, a, v):
    """``avx512_gemv.columns_times_vector``'s sums: each column fused in, one after
    another, from zero."""
    acc = np.zeros(a.shape[0], _F32)
    for j in range(a.shape[1]):
        acc = fma(a[:, j], v[j], acc)
    return acc + _F32(0.0)
