"""The order MKL's AVX-512 ``sgemm`` adds ``nn.Linear``'s product ``x @ W.T`` in where it
takes its dot-product kernels (2 to 15 rows: ``gemm_order._avx512_gemm_kernel`` says
where, for example 4 rows through ``nn.Linear(2, 8)``), on an Intel processor. Revealed
with FPRev's probes (every entry's summation tree) and with probes of single fused
multiply-adds, and measured bit for bit against torch on random shapes (``M`` 2 to 15,
``N`` 2 to 23, ``K`` to 900). Two kernels, by the shape.

With ``K < 24 M`` inputs (``rows_times_transposed``), each entry:

- its terms go to 16 vector lanes, lane ``l`` taking ``k = l, l + 16, ...`` with fused
  multiply-adds from zero;
- for the even rows (0, 2, ...) the kernel is unrolled twice: while 32 or more terms
  are left, the first 16 go to one set of lanes and the next 16 to a second, and the two
  sets are added lane by lane before the rest are fused into the first; odd rows keep
  one set of lanes;
- the 16 lanes are halved in a tree (``l + 8``, ``l + 4``, ``l + 2``, ``l + 1``).

With ``K >= 24 M`` (``long_rows_times_transposed``: few rows, many inputs, as
``nn.Linear(64, 2)`` on 2 samples), each entry's terms go to 16 fused lanes the same way
(one set), and the lanes are added in quarters: ``q_i = ((l_i + l_{i+4}) + l_{i+8}) +
l_{i+12}`` for ``i`` 0 to 3, then ``(q_0 + q_1) + (q_2 + q_3)``. Measured to ``K`` = 384,
and past it for results of at most 245 entries (larger ones, which two threads share,
differ)."""
import numpy as np

from . import deferred_fma

__all__ = ["rows_times_transposed", "long_rows_times_transposed"]
_F32 = np.float32
_LANES = 16


def rows_times_transposed(a, b):
    """``a @ b`` for a float32 ``(M, K)`` matrix and a ``(K, N)`` transposed weight, in
    the order above."""
    out = np.empty((a.shape[0], b.shape[1]), _F32)
    bt = np.ascontiguousarray(b.T)
    with np.errstate(all="ignore"):
        for parity in (0, 1):
            rows = a[parity::2]
            if len(rows):
                out[parity::2] = deferred_fma.run(_sums, rows, bt, parity == 0)
    return out


def _sums(fma, a, bt, twice):
    (m, k), n = a.shape, bt.shape[0]
    lanes = np.zeros((m, n, _LANES), _F32)
    start = 0
    if twice and k >= 2 * _LANES:
        main = k // (2 * _LANES) * 2 * _LANES
        other = np.zeros_like(lanes)
        for s in range(0, main, 2 * _LANES):
            lanes = fma(a[:, None, s:s + _LANES], bt[None, :, s:s + _LANES], lanes)
            t = s + _LANES
            other = fma(a[:, None, t:t + _LANES], bt[None, :, t:t + _LANES], other)
        lanes += other
        start = main
    for s in range(start, k, _LANES):
        w = min(_LANES, k - s)
        lanes[:, :, :w] = fma(a[:, None, s:s + w], bt[None, :, s:s + w], lanes[:, :, :w])
    while lanes.shape[-1] > 1:
        half = lanes.shape[-1] // 2
        lanes = lanes[..., :half] + lanes[..., half:]
    return lanes[..., 0]


def long_rows_times_transposed(a, b):
    """``a @ b`` for a float32 ``(M, K)`` matrix and a ``(K, N)`` transposed weight, in
    the order of the kernel for ``K >= 24 M`` above."""
    return deferred_fma.run(_quarters, a, np.ascontiguousarray(b.T))


def _quarters(fma, a, bt):
    (m, k), n = a.shape, bt.shape[0]
    lanes = np.zeros((m, n, _LANES), _F32)
    for s in range(0, k, _LANES):
        w = min(_LANES, k - s)
        lanes[:, :, :w] = fma(a[:, None, s:s + w], bt[None, :, s:s + w], lanes[:, :, :w])
    q = ((lanes[..., 0:4] + lanes[..., 4:8]) + lanes[..., 8:12]) + lanes[..., 12:16]
    return (q[..., 0] + q[..., 1]) + (q[..., 2] + q[..., 3])
