"""The order MKL's AVX-512 kernels add a row-major matrix times one column in (``x @ w``
with ``w`` of shape ``(K, 1)``, or ``x @ W.T`` for ``nn.Linear(K, 1)``'s weight), on an
Intel processor, for the rows MKL takes four at a time: revealed with FPRev's probes as
``avx512_gemm``'s and measured bit for bit against torch (every ``K`` to 199, then every
seventh to 784, 4 to 128 rows). Each row's dot product:

- its first term ``a[0] * w[0]``, rounded, starts lane 0;
- past 32 more terms, 16 vector lanes take the next ``16 * floor((K - 1) / 16)`` terms,
  lane ``l`` adding ``k = 1 + l, 17 + l, ...`` with fused multiply-adds, and the lanes
  are halved in a tree (``l + 8``, ``l + 4``, ``l + 2``, ``l + 1``) into lane 0;
- while more than 8 terms are left, 8 lanes take up to 16 of them, the first 8 with
  fused multiply-adds and the rest each product rounded then added, halved likewise;
- the last 1 to 8 terms in 4 lanes the same way.

The rows past the last multiple of four (``M % 4``) and a single row run another kernel
(its first term added last: ``avx512_gemv_tail``); with two threads and more than 8,192
terms the threads share the rows by a rule not found (``avx512_small``). ``addmm``'s
bias is added to the finished sum."""
import numpy as np

from .fma import fma32

__all__ = ["rows_times_column", "columns_times_vector"]

_F32 = np.float32


def rows_times_column(a, w):
    """``a @ w`` for a float32 ``(M, K)`` matrix and ``(K,)`` vector, each row's terms
    added in the order above (``M`` a multiple of 4, ``K`` at least 1)."""
    m, k = a.shape
    with np.errstate(all="ignore"):
        total = np.multiply(a[:, 0], w[0]) + _F32(0.0)
        at, r = 1, k - 1
        if r >= 32:
            count = r // 16 * 16
            total = _lanes(a, w, total, at, count, 16, fused=count)
            at, r = at + count, r - count
        while r > 8:
            count = min(16, r)
            total = _lanes(a, w, total, at, count, 8, fused=8)
            at, r = at + count, r - count
        if r:
            total = _lanes(a, w, total, at, r, 4, fused=4)
    return total


def _lanes(a, w, total, start, count, width, fused):
    """``count`` terms from ``start`` in ``width`` lanes (lane 0 starting from
    ``total``), the first ``fused`` of them with fused multiply-adds, then halved."""
    lanes = np.zeros((a.shape[0], width), _F32)
    lanes[:, 0] = total
    for offset in range(0, count, width):
        n = min(width, count - offset)
        cols = slice(start + offset, start + offset + n)
        if offset < fused:
            lanes[:, :n] = fma32(a[:, cols], w[cols], lanes[:, :n])
        else:
            lanes[:, :n] += a[:, cols] * w[cols]
    while lanes.shape[1] > 1:
        half = lanes.shape[1] // 2
        lanes = lanes[:, :half] + lanes[:, half:]
    return lanes[:, 0]


def columns_times_vector(a, v):
    """``a @ v`` for a column-major float32 ``(M, K)`` matrix (a transposed view: ``X.T
    @ grad``, the weight gradient of ``X @ w``) and a ``(K,)`` vector as MKL's AVX-512
    ``sgemv`` adds it for fewer than 16 rows: ``a[:, k] * v[k]`` fused into the running
    sum one column after another, from zero (measured bit for bit for 1 to 15 rows and
    ``K`` to 784 with one thread; two threads share ``K`` from 256 terms, not
    reproduced)."""
    total = np.zeros(a.shape[0], _F32)
    with np.errstate(all="ignore"):
        for k in range(a.shape[1]):
            total = fma32(a[:, k], v[k], total)
    return total + _F32(0.0)
