"""Fused multiply-add, correctly rounded, without an fma instruction: PyTorch's CPU
kernels compute ``a * b + c`` with one rounding (``add``/``sub`` with ``alpha``, arange,
the random distributions), numpy rounds twice. Shared by every engine module that must
give PyTorch's last bit."""
import threading

import numpy as np

__all__ = ["two_sum", "add_round_odd", "fma64", "fma32", "fma32_into"]

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
    sum again to float32 can only go wrong on an exact float32 tie (or in the subnormals,
    zero aside), and those few are redone with round-to-odd."""
    p = np.multiply(a, b, dtype=_F64)
    s = np.asarray(np.add(p, c, dtype=_F64))
    bad = np.bitwise_and(s.view(np.uint64), _LOW29) == _TIE
    bad |= (np.abs(s) < _TINY32) & (s != 0)      # (a zero sum is exact)
    if bad.any():
        p = np.broadcast_to(p, s.shape)
        c = np.broadcast_to(np.asarray(c, _F64), s.shape)
        s = s.copy()     # (writable even where the sum broadcast)
        s[bad] = add_round_odd(p[bad], c[bad])
    return s.astype(_F32)


_OVERFLOW32 = 2.0 ** 128 - 2.0 ** 103   # float64 values from here on round to float32 inf
_SCRATCH = threading.local()     # per thread: shape -> reused scratch arrays (fma32_into)
_SCRATCH_SHAPES = 32


def _scratch(shape):
    """Scratch arrays for ``fma32_into`` on ``shape``: a float64 sum, a uint64 work array
    and a bool mask. Kept per shape and thread: a fresh process pays page faults for
    every new array above the allocator's mmap threshold, which a training step's update
    would otherwise pay on every call."""
    cache = getattr(_SCRATCH, "arrays", None)
    if cache is None:
        cache = _SCRATCH.arrays = {}
    arrays = cache.get(shape)
    if arrays is None:
        if len(cache) >= _SCRATCH_SHAPES:
            cache.clear()
        arrays = cache[shape] = (np.empty(shape, _F64), np.empty(shape, np.uint64),
                                 np.empty(shape, np.bool_))
    return arrays


def fma32_into(a, b, c, out):
    """``c + b * a`` as ``plus_scaled`` computes it on float32 (``fma32``, and numpy's
    ``c + b * a`` where the result is not finite), written into ``out`` bit for bit, with
    no new array of that size: the float64 sum and its checks run in scratch arrays
    reused per shape (``_scratch``). ``a``, ``c`` and ``out`` are float32 arrays of one
    shape (``out`` may be ``c``), ``b`` a float32 number. For ``b == 1`` the product is
    exact and one float32 add rounds once, as the fused result does: no float64 work and
    no tie check."""
    with np.errstate(all="ignore"):     # (inf and nan, silently, as PyTorch)
        if b == 1:
            return np.add(c, a, out=out)
        return _fma32_into(a, b, c, out)


def _fma32_into(a, b, c, out):
    s, u, bad = _scratch(out.shape)
    np.multiply(a, b, out=s, dtype=_F64)      # exact
    np.add(s, c, out=s)
    # a float32 tie after the float64 rounding, or a float32 subnormal: redone below
    np.equal(np.bitwise_and(s.view(np.uint64), _LOW29, out=u), _TIE, out=bad)
    mag = np.abs(s, out=u.view(_F64))
    top = mag.max(initial=0.0)
    finite = top < _OVERFLOW32                # (False with a nan)
    if not finite or mag.min(initial=np.inf) < _TINY32:
        bad |= mag < _TINY32
    if bad.any():
        s[bad] = add_round_odd(np.multiply(a[bad], b, dtype=_F64), np.asarray(c[bad], _F64))
    # inf and nan have no last bit to get right: numpy's result there
    plain = None if finite else c + np.float32(b) * a
    np.copyto(out, s, casting="unsafe")
    if plain is not None:
        np.copyto(out, plain, where=~np.isfinite(out))
    return out
