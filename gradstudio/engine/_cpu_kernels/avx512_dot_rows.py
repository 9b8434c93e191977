"""The order MKL's AVX-512 ``sgemm`` adds ``nn.Linear``'s product ``x @ W.T`` in where it
takes its dot-product kernel (2 to 15 rows: ``gemm_order._avx512_gemm_kernel`` says
where, for example 4 rows through ``nn.Linear(2, 8)``), on an Intel processor. Revealed
with FPRev's probes (every entry's summation tree) and with probes of single fused
multiply-adds, and measured bit for bit against torch for ``K`` up to 32 inputs (every
one of 117 random such shapes; longer rows differ in a way not yet found and keep
numpy's product). Each entry:

- its terms go to 16 vector lanes, lane ``l`` taking ``k = l, l + 16, ...`` with fused
  multiply-adds from zero;
- for the even rows (0, 2, ...) the kernel is unrolled twice: while 32 or more terms
  are left, the first 16 go to one set of lanes and the next 16 to a second, and the two
  sets are added lane by lane before the rest are fused into the first; odd rows keep
  one set of lanes;
- the 16 lanes are halved in a tree (``l + 8``, ``l + 4``, ``l + 2``, ``l + 1``)."""
import numpy as np

from .fma import fma32

__all__ = ["MAX_K", "rows_times_transposed"]

MAX_K = 32        # (the longest rows measured)
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
                out[parity::2] = _sums(rows, bt, twice=parity == 0)
    return out


def _sums(a, bt, twice):
    (m, k), n = a.shape, bt.shape[0]
    lanes = np.zeros((m, n, _LANES), _F32)
    start = 0
    if twice and k >= 2 * _LANES:
        main = k // (2 * _LANES) * 2 * _LANES
        other = np.zeros_like(lanes)
        for s in range(0, main, 2 * _LANES):
            lanes = fma32(a[:, None, s:s + _LANES], bt[None, :, s:s + _LANES], lanes)
            t = s + _LANES
            other = fma32(a[:, None, t:t + _LANES], bt[None, :, t:t + _LANES], other)
        lanes += other
        start = main
    for s in range(start, k, _LANES):
        w = min(_LANES, k - s)
        lanes[:, :, :w] = fma32(a[:, None, s:s + w], bt[None, :, s:s + w], lanes[:, :, :w])
    while lanes.shape[-1] > 1:
        half = lanes.shape[-1] // 2
        lanes = lanes[..., :half] + lanes[..., half:]
    return lanes[..., 0]
