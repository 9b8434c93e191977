"""SLEEF's float32 ``logf`` and ``powf`` (the 1-ulp ``u10`` variants, as built for AVX-512
and AVX2 with fused multiply-adds) on numpy arrays, step for step, so that what PyTorch's
vector loops compute with them comes out to the last bit: ``log_softmax``'s log of each
row's sum (``Sleef_logf16_u10``) and ``x ** p`` for a number ``p`` that is not one of the
power kernel's special cases (``Sleef_powf16_u10`` on every full block of two vectors).

Written from SLEEF's ``src/libm/sleefsimdsp.c`` (``xlogf_u1``, ``logkf``, ``expkf``,
``xpowf``) and the double-float arithmetic of ``src/common/df.h`` (its FMA branch): each
``vfloat2`` is a pair ``(hi, lo)`` of float32 arrays, each ``vmla``/``vfma`` a correctly
rounded fused multiply-add (``fma32``). The AVX-512 build takes a value's exponent and
mantissa with ``getexp``/``getmant``; the AVX2 build scales by powers of two instead,
which gives the same bits for every input (both are checked against PyTorch).
"""
import numpy as np

from .vector_loop import EXACT_LIMIT, by_vector_blocks
from .fma import fma32

__all__ = ["logf_u10", "log1pf_u10", "powf_u10", "pow_float32"]

_F = np.float32
_I = np.int32


def _f(v):
    return _F(v)


# ------------------------------------------------------------ double-float arithmetic
def _fms(a, b, c):           # vfmapn: a*b - c, where c is a*b rounded: the exact error
    return (np.multiply(a, b, dtype=np.float64) - c).astype(_F)   # (fits a float32)


def _fnma(a, b, c):          # vfmanp: -a*b + c, one rounding
    return fma32(-a, b, c)


def _add2_ff(x, y):          # dfadd2_vf2_vf_vf
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _add_22(x, y):           # dfadd_vf2_vf2_vf2 (|x| >= |y|)
    s = x[0] + y[0]
    return s, (((x[0] - s) + y[0]) + x[1]) + y[1]


def _add_2f(x, y):           # dfadd_vf2_vf2_vf
    s = x[0] + y
    return s, ((x[0] - s) + y) + x[1]


def _add2_2f(x, y):          # dfadd2_vf2_vf2_vf
    s = x[0] + y
    v = s - x[0]
    t = (x[0] - (s - v)) + (y - v)
    return s, t + x[1]


def _add_f2(x, y):           # dfadd_vf2_vf_vf2
    s = x + y[0]
    return s, ((x - s) + y[0]) + y[1]


def _mul_2f(x, y):           # dfmul_vf2_vf2_vf
    s = x[0] * y
    return s, fma32(x[1], y, _fms(x[0], y, s))


def _mul_22(x, y):           # dfmul_vf2_vf2_vf2
    s = x[0] * y[0]
    return s, fma32(x[0], y[1], fma32(x[1], y[0], _fms(x[0], y[0], s)))


def _squ(x):                 # dfsqu_vf2_vf2
    s = x[0] * x[0]
    return s, fma32(x[0] + x[0], x[1], _fms(x[0], x[0], s))


def _div(n, d):              # dfdiv_vf2_vf2_vf2
    t = _F(1) / d[0]
    s = n[0] * t
    u = _fms(t, n[0], s)
    v = _fnma(d[1], t, _fnma(d[0], t, _F(1)))
    return s, fma32(s, v, fma32(n[1], t, u))


def _normalize(t):           # dfnormalize_vf2_vf2
    s = t[0] + t[1]
    return s, (t[0] - s) + t[1]


# ---------------------------------------------------------- exponent and mantissa
def _getexp(a):
    """``getexp``: floor(log2 |a|) as a float (denormals included); -inf for 0, inf for
    inf, NaN for NaN."""
    with np.errstate(divide="ignore", invalid="ignore"):
        _, e = np.frexp(a)
        out = (e - 1).astype(_F)
    out = np.where(a == 0, _F(-np.inf), out)
    return np.where(np.isfinite(a), out, np.abs(a))


def _getmant(a):
    """``getmant`` to [0.75, 1.5): |a| divided by the power of two that puts it there."""
    m, _ = np.frexp(np.abs(a))
    m = m * _F(2)
    return np.where(m >= _F(1.5), m * _F(0.5), m).astype(_F)


_INV_075 = _f(1.0 / 0.75)
_LN2_HI, _LN2_LO = _f(0.69314718246459960938), _f(-1.904654323148236017e-09)


def _split_log(d):
    e = _getexp(d * _INV_075)
    e = np.where(e == np.inf, _F(128), e)
    m = _getmant(d)
    return e, _div(_add2_ff(_F(-1), m), _add2_ff(_F(1), m))


def logf_u10(d):
    """SLEEF's ``xlogf_u1`` of a float32 array."""
    d = np.asarray(d, _F)
    with np.errstate(all="ignore"):
        e, x = _split_log(d)
        x2 = x[0] * x[0]
        t = fma32(fma32(_f(0.3027294874), x2, _f(0.3996108174)), x2, _f(0.6666694880))
        s = _mul_2f((_LN2_HI, _LN2_LO), e)
        s = _add_22(s, (x[0] * _F(2), x[1] * _F(2)))
        s = _add_2f(s, (x2 * x[0]) * t)
        r = s[0] + s[1]
    # (AVX-512's fixupimm; AVX2's selects give the same) 0 -> -inf, < 0 -> NaN, inf -> inf
    r = np.where(d == np.inf, _F(np.inf), r)
    r = np.where((d < 0) | np.isnan(d), _F(np.nan), r)
    return np.where(d == 0, _F(-np.inf), r)


def _logkf(d):
    """SLEEF's ``logkf``: log |d| as a double-float."""
    e, x = _split_log(d)
    x2 = _squ(x)
    t = _f(0.240320354700088500976562)
    t = fma32(t, x2[0], _f(0.285112679004669189453125))
    t = fma32(t, x2[0], _f(0.400007992982864379882812))
    c = (_f(0.66666662693023681640625), _f(3.69183861259614332084311e-09))
    s = _mul_2f((_LN2_HI, _LN2_LO), e)
    s = _add_22(s, (x[0] * _F(2), x[1] * _F(2)))
    inner = _add2_22(_mul_2f(x2, t), c)
    return _add_22(s, _mul_22(_mul_22(x2, x), inner))


def _add2_22(x, y):          # dfadd2_vf2_vf2_vf2
    s = x[0] + y[0]
    v = s - x[0]
    t = (x[0] - (s - v)) + (y[0] - v)
    return s, t + (x[1] + y[1])


def _ldexp(x, q):
    """SLEEF's ``vldexp_vf_vf_vi2``: x * 2**q in steps that never overflow early."""
    m = q >> 31
    m = (((m + q) >> 6) - m) << 4
    q = q - (m << 2)
    m = m + 0x7F
    m = np.where(m > 0, m, 0)
    m = np.where(m > 0xFF, 0xFF, m)
    u = (m << 23).astype(_I).view(_F)
    x = x * u * u * u * u
    return x * ((q + 0x7F) << 23).astype(_I).view(_F)


_R_LN2 = _f(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U, _L2L = _f(0.693145751953125), _f(1.428606765330187045e-06)


def _expkf(d):
    """SLEEF's ``expkf`` of a double-float."""
    u = (d[0] + d[1]) * _R_LN2
    q = np.rint(np.where(np.abs(u) < 2 ** 30, u, 0)).astype(_I)
    qf = q.astype(_F)
    s = _add2_2f(d, qf * -_L2U)
    s = _add2_2f(s, qf * -_L2L)
    s = _normalize(s)
    u = _f(0.00136324646882712841033936)
    for c in (0.00836596917361021041870117, 0.0416710823774337768554688,
              0.166665524244308471679688, 0.499999850988388061523438):
        u = fma32(u, s[0], _f(c))
    t = _add_22(s, _mul_2f(_squ(s), u))
    t = _add_f2(_F(1), t)
    u = _ldexp(t[0] + t[1], q)
    return np.where(d[0] < -104, _F(0), u)


def powf_u10(x, y):
    """SLEEF's ``xpowf`` of a float32 array ``x`` and a number ``y`` (PyTorch's
    ``Vectorized<float>::pow`` with the exponent broadcast)."""
    x = np.asarray(x, _F)
    y = _F(y)
    y_int = bool(np.trunc(y) == y or abs(y) > 2 ** 24)
    y_odd = bool(y_int and abs(y) < 2 ** 24 and int(np.trunc(y)) & 1)
    with np.errstate(all="ignore"):
        result = _expkf(_mul_2f(_logkf(np.abs(x)), y))
        result = np.where(np.isnan(result), _F(np.inf), result)
        sign = _F(-1 if y_odd else 1) if y_int else _F(np.nan)
        result = result * np.where(x > 0, _F(1), sign)
        if np.isinf(y):
            efx = (np.abs(x) - _F(1)) * (_F(-1) if np.signbit(y) else _F(1))   # vmulsign
            result = np.where(efx < 0, _F(0), np.where(efx == 0, _F(1), _F(np.inf)))
        edge = np.isinf(x) | (x == 0)
        if edge.any():
            big = np.where(np.signbit(y) != (x == 0), _F(0), _F(np.inf))
            result = np.where(edge, np.copysign(big, x if y_odd else _F(1)), result)
    result = np.where(np.isnan(x) | np.isnan(y), _F(np.nan), result)
    if y == 0:
        return np.ones_like(result)
    return np.where(x == 1, _F(1), result).astype(_F)


def pow_float32(a, p):
    """PyTorch's float32 ``a ** p`` for a number ``p`` outside its special cases: SLEEF's
    ``powf`` (the exponent rounded to float32) on full vector blocks, and on the rest
    ``std::pow`` of the float and the exponent as a double, in double, rounded once
    (glibc's ``pow``, which numpy's float64 power is). Tensors above ``EXACT_LIMIT``
    elements: numpy's float32 power."""
    if a.size > EXACT_LIMIT:
        return a ** _F(p)
    with np.errstate(all="ignore"):
        return by_vector_blocks(a, lambda v: powf_u10(v, p),
                                lambda v: np.power(v.astype(np.float64), float(p)).astype(_F))


def log1pf_u10(d):
    """SLEEF's ``xlog1pf`` (AVX-512's branch; AVX2's takes the same exponent wherever 1 + d
    is at least FLT_MIN) of a float32
    array: log(1 + d) from a double-float quotient around the mantissa of 1 + d."""
    d = np.asarray(d, _F)
    with np.errstate(all="ignore"):
        e = _getexp((d + _F(1)) * _INV_075)
        e = np.where(e == np.inf, _F(128), e)
        t = np.ldexp(_F(1), -np.rint(e).astype(_I)).astype(_F)
        m = fma32(d, t, t - _F(1))
        s2 = _F(2) + m
        x = _div((m, np.zeros_like(m)), (s2, (_F(2) - s2) + m))
        x2 = x[0] * x[0]
        t = fma32(fma32(_f(0.3027294874), x2, _f(0.3996108174)), x2, _f(0.6666694880))
        s = _mul_2f((_LN2_HI, _LN2_LO), e)
        s = _add_22(s, (x[0] * _F(2), x[1] * _F(2)))
        s = _add_2f(s, (x2 * x[0]) * t)
        r = s[0] + s[1]
    r = np.where(d > _F(1e38), _F(np.inf), r)
    r = np.where((d < -1) | np.isnan(d), _F(np.nan), r)
    r = np.where(d == -1, _F(-np.inf), r)
    return np.where((d == 0) & np.signbit(d), _F(-0.0), r)
