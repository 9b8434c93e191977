"""The order MKL's ``sdot`` adds a float32 dot product in on an Intel processor with
AVX-512 (``torch.dot``, ``v @ v`` of two vectors), revealed with FPRev's probes and
probes of one fused multiply-add, and measured bit for bit against torch for every
length to 300 and every 97th to 5,000 (one and two threads alike):

- the terms go in blocks of 8 (vector lanes) to eight accumulators of 8 lanes, each
  adding its blocks with fused multiply-adds from zero: while 64 or more terms are
  left, eight blocks to accumulators 0 to 7; then while 32 or more are left, four
  blocks to 0 to 3; then the rest, block after block (the last one partial), to
  accumulators 0 and 1 in turn;
- the accumulators are added ``((A0 + A2) + (A4 + A6)) + ((A1 + A3) + (A5 + A7))``,
  their 8 lanes halved (``l + 4``), then ``(l0 + l1) + (l2 + l3)``."""
import numpy as np

from . import deferred_fma

__all__ = ["sdot"]

_F32 = np.float32


def sdot(a, b):
    """``a @ b`` for two float32 vectors of one length, in the order above."""
    return deferred_fma.run(_sdot, a, b)


def _sdot(fma, a, b):
    k = a.shape[0]
    acc = np.zeros((8, 8), _F32)
    s = 0
    while k - s >= 64:
        acc = fma(a[s:s + 64].reshape(8, 8), b[s:s + 64].reshape(8, 8), acc)
        s += 64
    while k - s >= 32:
        acc[:4] = fma(a[s:s + 32].reshape(4, 8), b[s:s + 32].reshape(4, 8), acc[:4])
        s += 32
    j = 0
    while s < k:
        n = min(8, k - s)
        acc[j, :n] = fma(a[s:s + n], b[s:s + n], acc[j, :n])
        s += n
        j ^= 1
    lanes = ((acc[0] + acc[2]) + (acc[4] + acc[6])) + ((acc[1] + acc[3]) + (acc[5] + acc[7]))
    lanes = lanes[:4] + lanes[4:]
    return _F32((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]))
