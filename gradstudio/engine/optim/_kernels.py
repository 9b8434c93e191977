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
* ``add_(other, alpha=a)``: ``self + a * other`` with ``a`` cast to the dtype, fused (the
  engine's ``add``; for float32 ``add_`` below computes it in place, in reused scratch).
* ``sqrt``: the engine's own (``engine._cpu_kernels.elementwise.sqrt``, MKL's float32
  square root).
"""
import threading

import numpy as np

from .._autograd.grad_mode import STATE
from .._autograd.nodes import _ERRSTATE, _QUIET
from .._cpu_kernels.fma import fma32, fma32_into, fma64
from .._cpu_kernels.elementwise import sqrt as _sqrt

__all__ = ["add_", "lerp_", "addcmul", "addcmul_", "addcdiv_", "sqrt", "sqrt_", "maximum_out"]

_F32 = np.dtype(np.float32)


def _fma(dtype):
    return fma32 if dtype == _F32 else fma64


def write(t, values):
    """Stores ``values`` in ``t`` and bumps its version, as an in-place op does."""
    np.copyto(t._data, values, casting="unsafe")
    t._vc[0] += 1
    return t


def add_(t, other, alpha):
    """``t.add_(other, alpha=alpha)`` with no graph recorded: a float32 tensor that is not
    a view, ``other`` float32 of its shape and ``alpha`` a Python number are updated in
    place by ``fma32_into`` (no array of their size is made); anything else is the
    tensor's own ``add_``, which gives the same bits."""
    d, o = t._data, other._data
    ta = type(alpha)
    if (d.dtype == _F32 and o.dtype == _F32 and d.shape == o.shape and t._base is None
            and (ta is float or ta is int) and d.flags.writeable and not STATE.enabled):
        b = np.float32(alpha)
        if b == 1 or _ERRSTATE is None or not _update_checked(o, b, d):
            fma32_into(o, b, d, d)
        t._vc[0] += 1
        return t
    return t.add_(other, alpha=alpha)


_F64, _I64 = np.dtype(np.float64), np.dtype(np.int64)
_I64_MIN = np.iinfo(np.int64).min
_TINY32 = 2.0 ** -126                   # below it a float32 result is subnormal (or zero)
_OVERFLOW32 = 2.0 ** 128 - 2.0 ** 103   # float64 values from here on round to float32 inf
_SCRATCH = threading.local()            # per thread: shape -> two float64 scratch arrays
_SCRATCH_SHAPES = 32


def _scratch(shape):
    """Two float64 arrays of ``shape``, reused from step to step (a model's parameters
    have a few shapes; a fresh array of their size would be page-faulted in each time)."""
    cache = getattr(_SCRATCH, "arrays", None)
    if cache is None:
        cache = _SCRATCH.arrays = {}
    arrays = cache.get(shape)
    if arrays is None:
        if len(cache) >= _SCRATCH_SHAPES:
            cache.clear()
        arrays = cache[shape] = (np.empty(shape, _F64), np.empty(shape, _F64))
    return arrays


def _update_checked(a, b, c):
    """``c += b * a`` fused (float32 ``a`` and ``c`` of one shape, float32 number ``b``
    other than 1), in place, when it can prove that ``fma32_into`` would compute it with no
    element redone: then both are the float64 sum ``c + b * a`` (the product exact, the
    sum rounded once) rounded to float32. That holds when no sum lies on a float32 tie
    (its low 29 bits ``0x10000000``: the double rounding could differ from the fused
    one), none is float32-subnormal or zero (``|s| < 2**-126``) and none rounds to inf or
    is nan. Returns False, having written nothing, when it cannot (``fma32_into`` then
    does the whole update). It makes fewer passes over the float64 sums than
    ``fma32_into``'s repairs need: the tie test is one shift and one minimum (``bits <<
    35`` is the smallest int64 exactly on a tie), and nothing is masked or indexed."""
    s, w = _scratch(c.shape)
    token = _ERRSTATE.set(_QUIET)      # (inf and nan are found below, silently)
    try:
        np.multiply(a, b, out=s, dtype=_F64)     # exact: 24 + 24 bits
        np.add(s, c, out=s)                     # the one float64 rounding
        mag = np.abs(s, out=w)
        if not mag.max() < _OVERFLOW32 or mag.min() < _TINY32:     # (a nan fails the first)
            return False
        wi = w.view(_I64)
        np.left_shift(s.view(_I64), 35, out=wi)
        if wi.min() == _I64_MIN:
            return False
        np.copyto(c, s, casting="unsafe")
        return True
    finally:
        _ERRSTATE.reset(token)


def _scalar(value, dtype):
    # PyTorch casts a Python scalar to the kernel's compute type (float for float32 and
    # half, double for double)
    return np.float32(value) if dtype != np.float64 else np.float64(value)


def lerp(a, b, weight):
    w = _scalar(weight, a.dtype)
    fma = _fma(a.dtype)
    diff = b - a
    if abs(w) < 0.5:
        return fma(w, diff, a)
    return fma(w - w.dtype.type(1), diff, b)


def lerp_(t, end, weight):
    """``t.lerp_(end, weight)`` for a Python-float ``weight``."""
    return write(t, lerp(t._data, end._data, weight))


def addcmul_values(a, t1, t2, value):
    v = _scalar(value, a.dtype)
    return _fma(a.dtype)(v * t1, t2, a)


def addcmul(t, t1, t2, value=1):
    """``t.addcmul(t1, t2, value=value)``: a new tensor."""
    return t._make(addcmul_values(t._data, t1._data, t2._data, value).astype(t._data.dtype))


def addcmul_(t, t1, t2, value=1):
    return write(t, addcmul_values(t._data, t1._data, t2._data, value))


def addcdiv_(t, t1, t2, value=1):
    v = _scalar(value, t._data.dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        return write(t, t._data + (v * t1._data) / t2._data)


def maximum_out(a, b, out):
    """``torch.maximum(a, b, out=out)`` (NaN wins, as in PyTorch)."""
    return write(out, np.maximum(a._data, b._data))


def sqrt(t):
    """``t.sqrt()``: a new tensor."""
    return t._make(_sqrt(t._data))


def sqrt_(t):
    return write(t, _sqrt(t._data))
