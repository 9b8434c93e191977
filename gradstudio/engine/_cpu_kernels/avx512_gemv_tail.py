"""The order MKL's AVX-512 ``sgemv`` adds a row-major float32 matrix times a column in,
on an Intel processor, for the rows its four-row kernel (``avx512_gemv``) leaves: a
single row (``x @ w`` of one sample) and the last ``M % 4`` rows (a batch of 5, 6 or 7
samples through ``X @ w`` or ``nn.Linear(n, 1)``). Revealed with FPRev's probes (a row
of ones but ``+2^40`` and ``-2^40`` at two places) and with probes of single fused
multiply-adds (``-1`` then ``(1 + 2^-12)^2`` in one lane: a fused sum keeps the product's
last bit), and measured bit for bit against torch (``M`` 1 to 31, ``K`` to 784, one and
two threads). Each such row's dot product:

- the terms after the first, ``k = 1 .. K - 1``, go to 16 vector lanes, lane ``l``
  taking ``k = 1 + l, 17 + l, ...`` with fused multiply-adds from zero;
- for the first and third leftover row (and a single row) the kernel is unrolled twice:
  while 32 or more of those terms are left, the first 16 go to one set of lanes and the
  next 16 to a second, both fused chains, and the two sets are added lane by lane
  before the last (fewer than 32) terms are fused into the first; the second leftover
  row keeps one set of lanes throughout;
- the 16 lanes are halved in a tree (``l + 8``, ``l + 4``, ``l + 2``, ``l + 1``);
- the first term ``a[0] * w[0]``, rounded, is added last."""
import numpy as np

from . import deferred_fma
from .avx512_gemv import rows_times_column
from .fma import fma32

__all__ = ["tail_rows", "row_major_column", "row_times_column"]

_F32 = np.float32
_LANES = 16


def tail_rows(a, w, first=0):
    """``a @ w`` for a float32 ``(R, K)`` matrix of the rows the four-row kernel leaves
    and a ``(K,)`` vector; ``first`` is the position of ``a``'s first row among those
    leftover rows (0 for a single row or ``M % 4`` rows from the first left over)."""
    out = np.empty(a.shape[0], _F32)
    kinds = (np.arange(a.shape[0]) + first) % 4 != 1   # (unrolled twice, or not)
    with np.errstate(all="ignore"):
        for twice in (True, False):
            rows = np.nonzero(kinds == twice)[0]
            if len(rows):
                out[rows] = deferred_fma.run(_row_sums, a[rows], w, twice)
    return out


def _row_sums(fma, a, w, twice):
    m, k = a.shape
    lanes = np.zeros((m, _LANES), _F32)
    start = 1
    if twice and k - 1 >= 2 * _LANES:
        main = (k - 1) // (2 * _LANES) * 2 * _LANES
        other = np.zeros((m, _LANES), _F32)
        for s in range(1, main + 1, 2 * _LANES):
            lanes = fma(a[:, s:s + _LANES], w[s:s + _LANES], lanes)
            other = fma(a[:, s + _LANES:s + 2 * _LANES], w[s + _LANES:s + 2 * _LANES],
                          other)
        lanes += other
        start = main + 1
    for s in range(start, k, _LANES):
        n = min(_LANES, k - s)
        lanes[:, :n] = fma(a[:, s:s + n], w[s:s + n], lanes[:, :n])
    while lanes.shape[1] > 1:
        half = lanes.shape[1] // 2
        lanes = lanes[:, :half] + lanes[:, half:]
    return a[:, 0] * w[0] + lanes[:, 0]


def row_major_column(a, w):
    """``a @ w`` for a row-major float32 ``(M, K)`` matrix and a ``(K,)`` vector as one
    thread of MKL's AVX-512 ``sgemv`` adds it: its rows in fours by the four-row
    kernel (``avx512_gemv.rows_times_column``), the ``M % 4`` rows left by this one."""
    m = a.shape[0]
    blocks = m - m % 4
    out = np.empty(m, _F32)
    if blocks:
        out[:blocks] = rows_times_column(a[:blocks], w)
    if blocks < m:
        out[blocks:] = tail_rows(a[blocks:], w)
    return out


def row_times_column(a, b, halves=False):
    """``a @ b`` for float32 ``(K,)`` vectors as MKL's AVX-512 ``sgemm`` adds a ``(1, K)
    @ (K, 1)`` product (a row-major column: not ``nn.Linear``'s transposed weight, which
    is ``tail_rows``'): ``fma(a[k], b[k], sum)`` one ``k`` after another from zero, or
    with ``halves`` (two threads, ``K`` of 256 or more) the first ``ceil(K / 2)`` terms
    and the rest so, their two sums added (measured bit for bit to ``K`` = 2,000)."""
    k = a.shape[0]
    if halves:
        h = (k + 1) // 2
        with np.errstate(all="ignore"):
            return row_times_column(a[:h], b[:h]) + row_times_column(a[h:], b[h:])
    products = np.multiply(a, b, dtype=np.float64).tolist()
    sums, acc = [], _F32(0.0)
    with np.errstate(all="ignore"):
        for p in products:
            s = p + float(acc)
            sums.append(s)
            acc = _F32(s)
    if _may_round_twice(np.array(sums)):
        acc = _F32(0.0)
        with np.errstate(all="ignore"):
            for i in range(k):
                acc = fma32(a[i], b[i], acc)
    return _F32(acc + _F32(0.0))


def _may_round_twice(sums):
    """Whether a float64 sum is a float32 tie or subnormal (its rounding to float32 may
    differ from the fused multiply-add's single rounding)."""
    tie = np.bitwise_and(sums.view(np.uint64), np.uint64(0x1FFFFFFF)) == np.uint64(0x10000000)
    tie |= np.abs(sums) < 2.0 ** -126
    return bool((tie & (sums != 0)).any())
