"""MKL's float32 square root on an Intel CPU with AVX-512 (where PyTorch's ``sqrt`` calls
MKL's ``vsSqrt`` in its high-accuracy mode): the ``vrsqrt14ps`` approximation ``r`` of
1 / sqrt(x), then one correction in float32 with fused multiply-adds,
``s = x*r, e = fma(-s, s, x), sqrt = fma(e, r/2, s)``. About one result in 160 is the
other neighbour of the true root (measured bit for bit against PyTorch on every float of
two binades, the first floats of every binade, the subnormals and 2 M random bit
patterns). Inputs below 2**-100 (subnormals included) are scaled by 2**100 first and the
root by 2**-50 after, as MKL's results show it does.

``vrsqrt14ps`` is specified by Intel to the bit: its result depends only on the
exponent's parity and the top 15 mantissa bits, and is exact for powers of 4. Its values
were read on the machine (inputs in [1, 2) and [2, 4), each output a multiple of 2**-17,
exact for powers of 4):
stored as the first of each half, then each next one's decrease (0 to 3 units), four to a
byte, zlib-compressed, base64."""
import base64
import zlib

import numpy as np

from .fma import fma32

__all__ = ["rsqrt14", "mkl_sqrt32_avx512"]

_FIRST = (131066, 92677)
_STEPS = """
eNrNWEuq5DgQpGHeAQxWwxxgDjJQmr3AMqh3s7Ch6h5zBBvsAxiqbtPbPs1kSv7Jkmz5J7WqKjMjMjKDt3ib
/Hw+nzf8Pi2GT4fhtSxVb7/sbZV1Vlks/w6q9wtaLXxcoNsGrRVMu9wgpv+v1+f97toXpG5KkmvNVuvX6rxa
rk1B/X903fv5aluVNDBPratll2+03q5WeP8fXdM922d7NJVt9+xOpcj+DX675lm2T1UpsEH3oNM1G3TrRQf2
L+F1Tf+eZf9GphkYmFmK2l1jpcdYeP+urJtGlFos9dgUeqz1uD58wYp7/ZuiFiXIVMZQT2AiR+WKfFuxc2EI
/7oQpagLSLXo66ZYEK6mIRyI0tXcbXG3PxR5XUBRyUKIAQiD1doKVCZ7xVBAf1JXVVXgE/hyeMhUdmakTCZf
WVS4F+WR/b8XRVXxPBdizG6i8CCgMIjcg4jmz3PYMqRqSrBnTGJKC7Gf6j7x2ZUNFzyveHFXunX5Bf5/QQEq
sZEqvpry1SRWU1z/PzmaQIEJGOAXaWrPkrCJ87PiCP7f4SeLIVZGROkiilks+NqKjWHBI/sTbr6cO17lavTb
+J5lxf6RG/znfz+d1WwqXZLMLmF2yc7lofzHaTINZKOGjZP0oPCmtZf5V0R1mCR6MFVsARw0ddKE76UD+8uQ
nQgMl50Jcf0p1z9k8QET/cMWn50LTo5f7U8YzwhMMRmwHgieUW40qV+T+DWtW8L6E1Dgl+LG/ttTZoN6NYhX
Y8UmpD9BRf9DNbLqR4ffrGkKFtP+AuoQhPdH1CeK7Sm5Wsyr5drE/EzC+P9k8CjU2AJWQ9mIhibVpHTXIPEY
DO9PNx7ZeNJu5bGNF9sfJCmsQSsDsSUa4KHBi9Zc658ATlUtsw0SfzjfYUC2AmP5/1fgHbjGy7Ao8dMU+LmM
vGfrdf5vPAKrg3DtKPFSLK/Gx8u19XH9u8gX6yq2P96L5R25j2IZ80WU0nksLl0R2h8vw/iVd2H5FQM3EPmN
otj+6oTaH0pzE1TDtfQ4sC/2BHf7/7NxfQ14qo3jPx0VxfLKKJY3xGI/sb09rr/7CmueDTce85dm3sq7/Wk/
No/UiGR+Zc2M6D9sWRHXnx6+LO4/OF572bzKn6kbmSNRnyS3uFO2mmL7y1PYeCRzFsRVjLc0d8E2i2j+/1L9
KLb/y8ip72/gz6aj2HAhG05mww3NwS6G/FYxn1XB/LPZXUwdxqww24bTiW0GqQeM6U+1K9H85MTnHUsj8xrx
XBbN/4v0dyI6XMPGy5HOEDtD50c0/0XUvSis/x9keXpiLLVwKmWuFnO16IFWSP8Hk9MIsABWgbGYWGKy1GS3
Vx0ausv/S1XDd6o0mk0Vzu6gXRv30ff5P/Cn6p5QIFECDeiKQ/LUIo/rL6NkHli6AV0DyQqA0hNE8M8k8Ujk
kFwrjcOSMf2BSVUjncK83tXUhCz1bkbz/xsSVggQy/aMsHFuwkuU+IpC+H8BhaUa76vtlPiLfVfG8cd/AEhp
goUG9MLOrg4lzqHdq+70TxCkiPo4I1ylpwxKT1lEf1wnM0A5cSlx7/bz/lkin+z0zWFyiVJNmtoG7WvSlTWP
yP7Zw/YS26MnpalNySL7f/sffMo+XA==
"""


def _table():
    packed = np.frombuffer(zlib.decompress(base64.b64decode("".join(_STEPS.split()))), np.uint8)
    steps = np.stack([(packed >> s) & 3 for s in (0, 2, 4, 6)], axis=1).reshape(-1)
    steps = steps[:2 * 32767].astype(np.int64).reshape(2, 32767)
    first = np.array(_FIRST, np.int64)[:, None]
    return np.concatenate([first, first - np.cumsum(steps, axis=1)], axis=1)


_K = _table()                 # (parity, top 15 mantissa bits) -> r * 2**17


def _bits_table():
    """The output bits for a positive normal float32 ``x`` read as an int32 ``b``:
    ``_R_BITS[(b >> 8) & 0xFFFF] - ((b >> 24) << 23)``: the index is the biased
    exponent's last bit and the top 15 mantissa bits, and the shift halves the exponent
    (an output in [0.5, 1) is ``(126 << 23) + ((k - 2**16) << 7)``)."""
    rows = []
    for p in (0, 1):                    # the biased exponent's parity; the unbiased one's
        odd = 1 - p                     # is the opposite (the bias, 127, is odd)
        rows.append((126 << 23) + ((_K[odd] - 65536) << 7) + ((64 - p) << 23))
    return np.concatenate(rows).astype(np.int32)


_R_BITS = _bits_table()
_I = np.int32
_LOW16, _S8, _S23, _S24 = _I(0xFFFF), _I(8), _I(23), _I(24)


def rsqrt14(x):
    """``vrsqrt14ps`` of positive normal float32 values (the hardware's exact result for a
    power of 4 aside, 1 / sqrt(4**n), which the square root below does not need: its
    correction gives the same root from the table's neighbour)."""
    b = np.asarray(x, np.float32).view(_I)
    return (_R_BITS[(b >> _S8) & _LOW16] - ((b >> _S24) << _S23)).view(np.float32)


_TINY, _UP, _DOWN = np.float32(2.0 ** -100), np.float32(2.0 ** 100), np.float32(2.0 ** -50)
_TINY_BITS, _INF_BITS = _I(np.float32(2.0 ** -100).view(_I)), _I(0x7F800000)
_HALF = np.float32(0.5)


def _root(v):
    """The correction, for float32 ``v`` in [2**-100, the largest float]: ``e`` is exact
    in float64 (``v - s*s`` is small beside both), so one rounding gives the fused result."""
    r = rsqrt14(v)
    s = v * r
    s64 = s.astype(np.float64)
    e = (v - s64 * s64).astype(np.float32)
    return fma32(e, r * _HALF, s)


def mkl_sqrt32_avx512(x):
    """MKL's float32 square root on Intel AVX-512 (see the module's docstring); zero,
    infinities, NaNs and negatives take the exact path."""
    x = np.asarray(x, np.float32)
    b = x.view(_I)
    if ((b >= _TINY_BITS) & (b < _INF_BITS)).all():       # (positive, not tiny, finite)
        return _root(x)
    normal = np.isfinite(x) & (x > 0)
    with np.errstate(all="ignore"):
        out = np.sqrt(x)
        if normal.any():
            v = x[normal]
            tiny = v < _TINY        # (scaled up, or the correction would lose bits)
            s = _root(np.where(tiny, v * _UP, v))
            out[normal] = np.where(tiny, s * _DOWN, s)
    return out
