"""The element-wise kernels of the optimizers' updates, as PyTorch's CPU kernels compute
them, on numpy arrays, for the ops the engine's table does not offer (``lerp_``,
``addcmul_``, ``addcdiv_``, ``maximum(out=)``) or offers with other last bits (``sqrt``).
Each in-place one writes into its tensor's memory and bumps the version counter once, as
PyTorch's in-place ops do; the optimizers call them under no_grad, on tensors that carry
no graph.

What PyTorch computes (ATen's CPU kernels, checked against torch bit for bit):

* ``lerp_(end, w)`` with a Python-float weight: ``w`` cast to the tensor's dtype, then one
  fused multiply-add, ``self + w * (end - self)`` for ``|w| < 0.5`` and
  ``end + (w - 1) * (end - self)`` otherwise.
* ``addcmul_(t1, t2, value=v)``: ``self + (v * t1) * t2``, the last multiply and the add
  fused.
* ``addcdiv_(t1, t2, value=v)``: ``self + (v * t1) / t2``, every step rounded.
* ``sqrt`` of float32: MKL's ``vsSqrt`` (high-accuracy mode), not the correctly rounded
  square root: it starts from the CPU's ``rsqrtps`` approximation ``r`` and refines it in
  float32, ``s = x*r, h = r/2, e = 1/2 - s*h, s += s*e, h += h*e, s += (x - s*s)*h``, so
  about one result in six is the other neighbour of the true root (never more than 0.75
  ulp away). ``rsqrtps`` differs between CPU vendors; ``_rsqrt_table`` holds the one of
  the reference machine, which runs MKL's generic kernel (the one MKL picks on non-Intel
  CPUs). Zero, subnormals, the 2047 largest floats, infinities, NaNs and negatives
  take MKL's exact path. float64
  square roots here are correctly rounded (MKL's differ in about one in a hundred).
"""
import numpy as np

from .._fma import fma32, fma64
from ._rsqrt_table import RSQRT_TABLE

__all__ = ["lerp_", "addcmul", "addcmul_", "addcdiv_", "sqrt", "sqrt_", "maximum_out"]

_F32 = np.dtype(np.float32)


def _fma(dtype):
    return fma32 if dtype == _F32 else fma64


def _write(t, values):
    """Stores ``values`` in ``t`` and bumps its version, as an in-place op does."""
    np.copyto(t._data, values, casting="unsafe")
    t._vc[0] += 1
    return t


def _scalar(value, dtype):
    # PyTorch casts a Python scalar to the kernel's compute type (float for float32 and
    # half, double for double)
    return np.float32(value) if dtype != np.float64 else np.float64(value)


def _lerp(a, b, weight):
    w = _scalar(weight, a.dtype)
    fma = _fma(a.dtype)
    diff = b - a
    if abs(w) < 0.5:
        return fma(w, diff, a)
    return fma(w - w.dtype.type(1), diff, b)


def lerp_(t, end, weight):
    """``t.lerp_(end, weight)`` for a Python-float ``weight``."""
    return _write(t, _lerp(t._data, end._data, weight))


def _addcmul(a, t1, t2, value):
    v = _scalar(value, a.dtype)
    return _fma(a.dtype)(v * t1, t2, a)


def addcmul(t, t1, t2, value=1):
    """``t.addcmul(t1, t2, value=value)``: a new tensor."""
    return t._make(_addcmul(t._data, t1._data, t2._data, value).astype(t._data.dtype))


def addcmul_(t, t1, t2, value=1):
    return _write(t, _addcmul(t._data, t1._data, t2._data, value))


def addcdiv_(t, t1, t2, value=1):
    v = _scalar(value, t._data.dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _write(t, t._data + (v * t1._data) / t2._data)


def maximum_out(a, b, out):
    """``torch.maximum(a, b, out=out)`` (NaN wins, as in PyTorch)."""
    return _write(out, np.maximum(a._data, b._data))


def _mkl_sqrt32(x):
    x = np.asarray(x, np.float32)
    with np.errstate(invalid="ignore"):
        out = np.sqrt(x)   # MKL's exact path: 0, subnormals, the top 2047 floats, inf, NaN, < 0
    bits = x.view(np.int32)
    normal = (bits >= 0x00800000) & (bits <= 0x7F7FF000)
    if not normal.any():
        return out
    xn, bn = x[normal], bits[normal]
    biased = bn >> 23
    odd = (biased & 1) ^ 1                 # 1 for an odd power of two: 2.m * 4**k
    r = RSQRT_TABLE[(odd << 12) | ((bn >> 11) & 0xFFF)]
    r = np.ldexp(r, -((biased - 127 - odd) >> 1)).astype(np.float32)
    half = np.float32(0.5)
    with np.errstate(over="ignore", invalid="ignore"):
        s = xn * r
        h = r * half
        e = half - s * h
        s = s * e + s
        h = h * e + h
        out[normal] = (xn - s * s) * h + s
    return out


def _sqrt(a):
    if a.dtype == np.float32:
        return _mkl_sqrt32(a.reshape(-1)).reshape(a.shape)
    with np.errstate(invalid="ignore"):
        return np.sqrt(a)


def sqrt(t):
    """``t.sqrt()``: a new tensor."""
    return t._make(_sqrt(t._data))


def sqrt_(t):
    return _write(t, _sqrt(t._data))
