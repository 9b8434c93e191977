"""Fused multiply-add, correctly rounded, without an fma instruction: PyTorch's CPU
kernels compute ``a * b + c`` with one rounding (``add``/``sub`` with ``alpha``, arange,
the random distributions), numpy rounds twice. Shared by every engine module that must
give PyTorch's last bit."""
import numpy as np

__all__ = ["two_sum", "add_round_odd", "fma64", "fma32"]

_F32, _F64 = np.float32, np.float64


def two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def add_round_odd(a, b):
    # a + b rounded to odd: exact, or else the neighbour with an odd last bit. An even s
    # steps one ulp towards the error e: +1 on the bits moves away from zero, -1 towards it.
    s, e = two_sum(a, b)
    bits = s.view(np.int64)
    fix = (e != 0) & ((bits & 1) == 0)
    return (bits + fix * np.where((e > 0) == (s > 0), 1, -1)).view(_F64)


def fma64(a, b, c):
    """Correctly rounded float64 ``a*b + c`` (Boldo & Melquiond's emulation)."""
    a, b, c = np.broadcast_arrays(*(np.asarray(v, _F64) for v in (a, b, c)))
    ph = a * b
    t = a * 134217729.0                       # Veltkamp split: a*b = ph + pl exactly
    ah = t - (t - a)
    t = b * 134217729.0
    bh = t - (t - b)
    al, bl = a - ah, b - bh
    pl = ((ah * bh - ph) + ah * bl + al * bh) + al * bl
    sh, sl = two_sum(c, ph)
    return sh + add_round_odd(sl, pl)


_LOW29, _TIE = np.uint64(0x1FFFFFFF), np.uint64(0x10000000)
_TINY32 = 2.0 ** -126


def fma32(a, b, c):
    """Correctly rounded float32 ``a*b + c``: a*b is exact in float64; rounding the float64
    sum again to float32 can only go wrong on an exact float32 tie (or in the subnormals),
    and those few are redone with round-to-odd."""
    p = np.multiply(a, b, dtype=_F64)
    s = np.asarray(np.add(p, c, dtype=_F64))
    bad = np.bitwise_and(s.view(np.uint64), _LOW29) == _TIE
    bad |= np.abs(s) < _TINY32
    if bad.any():
        p = np.broadcast_to(p, s.shape)
        c = np.broadcast_to(np.asarray(c, _F64), s.shape)
        s = s.copy()     # (writable even where the sum broadcast)
        s[bad] = add_round_odd(p[bad], c[bad])
    return s.astype(_F32)
