"""SLEEF's float64 ``exp`` (the 1-ulp ``u10`` variant, ``xexp`` in SLEEF's
``src/libm/sleefsimddp.c``, its polynomial in Estrin's scheme of fused multiply-adds) and
glibc's ``exp`` (its FMA build: ``sysdeps/ieee754/dbl-64/e_exp.c``), on numpy arrays, step
for step, and the float64 ``sigmoid`` PyTorch's CPU kernel computes with them:
``1 / (1 + exp(-x))`` with SLEEF's ``exp`` on every full block of two vectors of each
contiguous run (16 float64 elements with AVX-512, 8 with AVX2) and glibc's on the rest
(short tensors, tails, strided views). glibc's rounds correctly but for about one input in
2,500, where this reproduces it too (bit-identical to the C library on 335,000 inputs,
specials and both special-cased ranges included)."""
from decimal import Decimal, getcontext

import numpy as np

from .vector_loop import _BLOCK, EXACT_LIMIT, by_vector_blocks
from .fma import fma64

__all__ = ["exp_u10", "libm_exp", "sigmoid64", "silu64"]

_D = np.float64
_R_LN2 = 1.442695040888963407359924681001892137426645954152985934135449406931
_L2U = .69314718055966295651160180568695068359375
_L2L = .28235290563031577122588448175013436025525412068e-12
_LOG_DBL_MAX = float.fromhex("0x1.62e42fefa39efp+9")
_C = (+0.2081276378237164457e-8, +0.2511210703042288022e-7, +0.2755762628169491192e-6,
      +0.2755723402025388239e-5, +0.2480158687479686264e-4, +0.1984126989855865850e-3,
      +0.1388888888914497797e-2, +0.8333333333314938210e-2, +0.4166666666666602598e-1,
      +0.1666666666666669072e+0)


_ODD, _EVEN = np.array(_C[0::2])[:, None], np.array(_C[1::2])[:, None]


def _pow2i(q):
    return ((q.astype(np.int64) + 0x3FF) << 52).view(_D)


def exp_u10(d):
    """SLEEF's ``xexp`` of a float64 array."""
    d = np.asarray(d, _D)
    if d.ndim != 1:
        return exp_u10(d.reshape(-1)).reshape(d.shape)
    with np.errstate(all="ignore"):
        u = np.rint(d * _R_LN2)
        q = np.where(np.abs(u) < 2 ** 31, u, 0).astype(np.int32)   # (cvtpd2dq: in range)
        s = fma64(u, -_L2U, d)
        s = fma64(u, -_L2L, s)
        s2 = s * s
        s4 = s2 * s2
        s8 = s4 * s4
        # Estrin's scheme, each level's independent fused multiply-adds in one call
        pairs = fma64(s, _ODD, _EVEN)                # c9 s + c8, c7 s + c6, ... c1 s + c0
        quads = fma64(s2, pairs[1::2], pairs[2::2])  # the two POLY4s
        p8 = fma64(s4, quads[0], quads[1])
        u = fma64(s8, pairs[0], p8)
        u = fma64(u, s, 0.5)
        u = fma64(u, s, 1.0)
        u = fma64(u, s, 1.0)
        h = q >> 1
        u = u * _pow2i(h) * _pow2i(q - h)
        u = np.where(d > _LOG_DBL_MAX, np.inf, u)
        u = np.where(d < -1000, 0.0, u)
    return np.where(np.isnan(d), d, u)


# glibc's exp (its FMA build, which it picks on a CPU with FMA): 2**(k/128) from a table
# (the float64 nearest each power and the tail left over) times a quintic in the remainder
_N = 128
_INV_LN2_N = float.fromhex("0x1.71547652b82fep0") * _N
_NEG_LN2_HI_N, _NEG_LN2_LO_N = -float.fromhex("0x1.62e42fefa0000p-8"), \
    -float.fromhex("0x1.cf79abc9e3b3ap-47")
_SHIFT = float.fromhex("0x1.8p52")
_C2, _C3, _C4, _C5 = (float.fromhex(h) for h in ("0x1.ffffffffffdbdp-2", "0x1.555555555543cp-3",
                                                  "0x1.55555cf172b91p-5", "0x1.1111167a4d017p-7"))


def _exp_table():
    getcontext().prec = 50
    sbits, tail = np.empty(_N, np.int64), np.empty(_N, _D)
    for i in range(_N):
        exact = Decimal(2) ** (Decimal(i) / _N)
        nearest = float(exact)
        sbits[i] = int(np.float64(nearest).view(np.int64)) - (i << 45)
        tail[i] = float((exact - Decimal(nearest)) / Decimal(nearest))
    return sbits, tail


_SBITS, _TAIL = _exp_table()


_EXTENDED = np.finfo(np.longdouble).nmant >= 63
_NEAR = 0.02        # (ulp from a rounding midpoint: glibc's error bound is 0.509 ulp)


def libm_exp(x):
    """glibc's ``exp`` of a float64 array (what PyTorch's scalar loops call): with
    extended precision, the correctly rounded exp, which glibc's is unless the exact
    value lies within 0.009 ulp of a rounding midpoint; those (and all, without extended
    precision) are computed as glibc computes them."""
    x = np.asarray(x, _D)
    if x.ndim != 1:
        return libm_exp(x.reshape(-1)).reshape(x.shape)
    if _EXTENDED and x.size:
        with np.errstate(all="ignore"):
            wide = np.exp(x.astype(np.longdouble))
            y = wide.astype(_D)
            off = np.abs((wide - y) / np.spacing(y).astype(np.longdouble))
        near = ~(off < 0.5 - _NEAR)          # (NaN, inf and the subnormals' ends too)
        if near.any():
            y[near] = _libm_exp(x[near])
        return y
    return _libm_exp(x)


def _libm_exp(x):
    with np.errstate(all="ignore"):
        xs = np.where(np.abs(x) < 746, x, 0.0)          # (specials are set below)
        kd = _INV_LN2_N * xs + _SHIFT
        ki = kd.view(np.int64)
        kd = kd - _SHIFT
        r = fma64(kd, _NEG_LN2_LO_N, fma64(kd, _NEG_LN2_HI_N, xs))
        idx = ki & (_N - 1)
        r2 = r * r
        tmp = fma64(r2 * r2, fma64(r, _C5, _C4), fma64(r2, fma64(r, _C3, _C2), _TAIL[idx] + r))
        sbits = _SBITS[idx] + (ki << 45)
        big, small = x > 512, x < -512          # (glibc's special case: scaled twice)
        sbits = sbits - np.where(big, 1009 << 52, 0) + np.where(small, 1022 << 52, 0)
        scale = sbits.view(_D)
        y = fma64(scale, tmp, scale)
        # (where x < -512, unfused: glibc's compiler keeps scale * tmp, used twice there)
        y = np.where(small, scale + scale * tmp, y)
        if small.any():     # (the tiny results: glibc adds 1 first, so it rounds once)
            hi = 1.0 + y
            lo = ((1.0 - hi) + y) + (scale - y + scale * tmp)
            y = np.where(small & (y < 1.0), (hi + lo) - 1.0, y) + 0.0
        y = y * np.where(big, 2.0 ** 1009, np.where(small, 2.0 ** -1022, 1.0))
        y = np.where(np.abs(x) < 2.0 ** -54, 1.0 + x, y)
        y = np.where(x > float.fromhex("0x1.62e42fefa39efp+9"), np.inf, y)
        y = np.where(x < float.fromhex("-0x1.74910d52d3051p+9"), 0.0, y)
    return np.where(np.isnan(x), x, y)


def _sigmoid_vector(a):
    with np.errstate(over="ignore"):
        return 1.0 / (exp_u10(0.0 - a) + 1.0)


def _sigmoid_scalar(a):
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + libm_exp(-a))


def sigmoid64(a):
    """PyTorch's float64 sigmoid (see the module's docstring); numpy's above
    ``EXACT_LIMIT`` elements."""
    if a.size > EXACT_LIMIT:
        with np.errstate(over="ignore"):
            return 1 / (1 + np.exp(-a))
    return by_vector_blocks(a, _sigmoid_vector, _sigmoid_scalar, _BLOCK // 2)


def silu64(a):
    """PyTorch's float64 silu kernel: ``x / (1 + exp(-x))``, SLEEF's exp on vector blocks
    and the C library's on the rest; numpy's above ``EXACT_LIMIT`` elements."""
    with np.errstate(over="ignore", invalid="ignore"):
        if a.size > EXACT_LIMIT:
            return a / (1 + np.exp(-a))
        return by_vector_blocks(a, lambda v: v / (1.0 + exp_u10(0.0 - v)),
                                lambda v: v / (1.0 + libm_exp(-v)), _BLOCK // 2)
