"""SLEEF's float32 ``tanhf`` and ``expm1f`` (the 1-ulp variants PyTorch's
``Vectorized<float>::tanh`` and ``expm1`` call: ``Sleef_tanhf16_u10``,
``Sleef_expm1f16_u10`` on AVX-512) and PyTorch's own vectorised ``erf``
(``vec512_float.h``: Abramowitz and Stegun's 7.1.26 with fused multiply-adds and SLEEF's
``expf``), step for step on numpy arrays, so that the vector blocks of ``gelu`` (both
forms), ``elu`` and their gradients come out to the last bit.

Written from SLEEF's ``src/libm/sleefsimdsp.c`` (``expk2f``, ``xtanhf``, ``xexpm1f``) with
the double-float arithmetic of ``sleef_float`` (its FMA branch)."""
import numpy as np

from .fma import fma32
from .sleef_float import _F, _add2_2f, _add2_22, _add_22, _add_f2, _div, _mul_2f, _mul_22, _squ

__all__ = ["tanhf_u10", "expm1f_u10", "erf_vec"]

_R_LN2 = _F(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U, _L2L = _F(0.693145751953125), _F(1.428606765330187045e-06)


def _pow2i(q):
    return ((q + 0x7F) << 23).astype(np.int32).view(_F)


def _ldexp2(x, q):           # vldexp2_vf_vf_vi2
    h = q >> 1
    return x * _pow2i(h) * _pow2i(q - h)


def _expk2f(d):
    """SLEEF's ``expk2f``: exp of a double-float, as a double-float."""
    u = (d[0] + d[1]) * _R_LN2
    q = np.rint(np.where(np.abs(u) < 2 ** 30, u, 0)).astype(np.int32)
    qf = q.astype(_F)
    s = _add2_2f(d, qf * -_L2U)
    s = _add2_2f(s, qf * -_L2L)
    u = _F(0.1980960224e-3)
    for c in (0.1394256484e-2, 0.8333456703e-2, 0.4166637361e-1):
        u = fma32(u, s[0], _F(c))
    t = _add2_2f(_mul_2f(s, u), _F(0.166666659414234244790680580464))
    t = _add2_2f(_mul_22(s, t), _F(0.5))
    t = _add2_22(s, _mul_22(_squ(s), t))
    t = _add_f2(_F(1), t)
    low = d[0] < -104
    return (np.where(low, _F(0), _ldexp2(t[0], q)), np.where(low, _F(0), _ldexp2(t[1], q)))


def tanhf_u10(x):
    """SLEEF's ``xtanhf`` (u10) of a float32 array."""
    x = np.asarray(x, _F)
    with np.errstate(all="ignore"):
        y = np.abs(x)
        d = _expk2f((y, np.zeros_like(y)))
        e = _div((np.ones_like(y), np.zeros_like(y)), d)            # dfrec_vf2_vf2
        d = _div(_add_22(d, (-e[0], -e[1])), _add_22(d, e))
        y = d[0] + d[1]
        y = np.where((np.abs(x) > _F(8.664339742)) | np.isnan(y), _F(1), y)
        y = np.copysign(y, x)
    return np.where(np.isnan(x), _F(np.nan), y).astype(_F)


def expm1f_u10(a):
    """SLEEF's ``xexpm1f`` (u10) of a float32 array."""
    a = np.asarray(a, _F)
    with np.errstate(all="ignore"):
        d = _add2_2f(_expk2f((a, np.zeros_like(a))), _F(-1))
        x = d[0] + d[1]
        x = np.where(a > _F(88.72283172607421875), _F(np.inf), x)
        x = np.where(a < _F(-16.635532333438687426013570), _F(-1), x)
    x = np.where((a == 0) & np.signbit(a), _F(-0.0), x)
    return np.where(np.isnan(a), a, x).astype(_F)


_P, _P1, _P2, _P3, _P4, _P5 = (_F(v) for v in (0.3275911, 0.254829592, -0.284496736,
                                               1.421413741, -1.453152027, 1.061405429))


def erf_vec(x, expf):
    """PyTorch's ``Vectorized<float>::erf`` (AVX2 and AVX-512 alike): ``expf`` is SLEEF's
    ``expf`` (``elementwise._sleef_expf``, passed in to keep the imports one way)."""
    x = np.asarray(x, _F)
    with np.errstate(all="ignore"):
        t = _F(1) / fma32(_P, np.abs(x), _F(1))
        r = fma32(fma32(fma32(fma32(_P5, t, _P4), t, _P3), t, _P2), t, _P1)
        e = -expf(-(x * x))
        out = fma32(e * t, r, _F(1))
    return np.copysign(out, x).astype(_F)
