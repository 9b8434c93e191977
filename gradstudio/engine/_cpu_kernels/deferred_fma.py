"""Chains of float32 fused multiply-adds at numpy's speed: each ``fma(a, b, c)`` is one
float64 sum of the exact product and ``c``, rounded to float32, and every sum is kept to
be checked once at the end; where one is a float32 tie or subnormal (rounding twice may
differ from the fused single rounding: about one sum in 2^29 of random data) the whole
kernel runs again with ``fma.fma32``, which redoes those sums rounded to odd. (The
checked ``fma32`` costs tens of microseconds a call on small arrays; a kernel of a few
dozen fused steps, the small products of a teaching example, took milliseconds.)"""
import numpy as np

from .fma import fma32

__all__ = ["run"]

_F32, _F64 = np.float32, np.float64
_LOW29, _TIE = np.uint64(0x1FFFFFFF), np.uint64(0x10000000)
_TINY32 = 2.0 ** -126


def run(kernel, *args):
    """``kernel(fma, *args)`` with the fast ``fma`` above, or with ``fma32`` where one of
    its sums needs the exact rounding."""
    sums = []

    def fma(a, b, c):
        s = np.add(np.multiply(a, b, dtype=_F64), c, dtype=_F64)
        sums.append(s.ravel())
        return s.astype(_F32)

    with np.errstate(all="ignore"):
        out = kernel(fma, *args)
        if not sums:
            return out
        s = np.concatenate(sums)
        bad = np.bitwise_and(s.view(np.uint64), _LOW29) == _TIE
        bad |= np.abs(s) < _TINY32
        if not (bad & (s != 0)).any():
            return out
        return kernel(fma32, *args)
