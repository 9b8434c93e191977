"""PyTorch's float32 ``gelu`` (``approximate='none'`` and ``'tanh'``) and ``elu`` kernels
and their gradients (``aten/src/ATen/native/cpu/Gelu.h``, ``Activation.cpp``), to the last
bit: each full block of two vectors of a contiguous run (``vector_loop``) takes the
vectorised formula (SLEEF's ``tanhf``, ``expm1f``, ``expf`` and PyTorch's own vector
``erf``: ``sleef_hyper``), the rest the scalar one with the C library's functions
(``libm``); the compiler fuses ``a + b * c`` into one multiply-add where noted (measured
against torch 2.13). Other dtypes, and tensors above ``EXACT_LIMIT``, return None (the
caller's numpy formula)."""
import math

import numpy as np

from .fma import fma32
from .libm import erff, expm1f, tanhf
from .sleef_hyper import erf_vec, expm1f_u10, tanhf_u10
from .vector_loop import EXACT_LIMIT, by_vector_blocks

__all__ = ["gelu", "gelu_backward", "elu", "elu_backward"]

_F = np.float32
_BETA = _F(math.sqrt(2) * (2 / math.sqrt(math.pi)) * 0.5)      # kGeluBeta
_KAPPA = _F(0.044715)
_ALPHA = _F(1 / math.sqrt(2))                                   # M_SQRT1_2
_PDF = _F((2 / math.sqrt(math.pi)) * (1 / math.sqrt(2)) * 0.5)  # M_2_SQRTPI * M_SQRT1_2 / 2
_HALF, _ONE, _THREE_KAPPA = _F(0.5), _F(1), _F(3) * _F(0.044715)


def _exact(a):
    return a.dtype == _F and a.size <= EXACT_LIMIT


def _sleef_expf(v):
    from .elementwise import _sleef_expf as expf      # (elementwise imports this module)
    return expf(v)


def _libm_expf(v):
    from .elementwise import libm_expf
    return libm_expf(v)


def _inner(x):
    """``kBeta * (x + kKappa * x^3)``, the add fused with the product."""
    return _BETA * fma32(_KAPPA, x * x * x, x)


def gelu(a, approximate, onednn=True):
    """``approximate='none'`` is oneDNN's ``eltwise_gelu_erf`` in PyTorch (float32 CPU
    tensors go to oneDNN while ``torch.backends.mkldnn`` is enabled, the default): not
    followed, None; ATen's own kernel (``onednn=False``) is."""
    if not _exact(a) or (approximate != "tanh" and onednn):
        return None
    with np.errstate(all="ignore"):
        if approximate == "tanh":
            return by_vector_blocks(
                a, lambda x: (_HALF * x) * (_ONE + tanhf_u10(_inner(x))),
                lambda x: (_HALF * x) * (_ONE + tanhf(_inner(x))))
        return by_vector_blocks(
            a, lambda x: (x * _HALF) * (_ONE + erf_vec(x * _ALPHA, _sleef_expf)),
            lambda x: (x * _HALF) * (_ONE + erff(x * _ALPHA)))


def _blocks(g, a, vector, scalar):
    """``vector(g, a)`` where PyTorch's loop takes vector blocks, ``scalar(g, a)``
    elsewhere (both of one shape and layout; else None)."""
    if g.shape != a.shape or g.strides != a.strides:
        return None
    where = by_vector_blocks(a, lambda v: np.ones(v.shape, bool), lambda v: np.zeros(v.shape, bool))
    if where.all():
        return vector(g, a)
    if not where.any():
        return scalar(g, a)
    return np.where(where, vector(g, a), scalar(g, a))


def _gelu_tanh_grad(tanh):
    def fn(dy, x):
        t = tanh(_inner(x))
        left = _HALF * x
        left_derivative = _HALF * (_ONE + t)
        tanh_derivative = fma32(-t, t, _ONE)
        inner_derivative = _BETA * fma32(_THREE_KAPPA, x * x, _ONE)
        right_derivative = left * tanh_derivative * inner_derivative
        return dy * (left_derivative + right_derivative)
    return fn


def _gelu_none_grad(erf, exp, fused):
    """(The vector loop's ``cdf + x * pdf`` is fused, the scalar loop's is not.)"""
    def fn(dy, x):
        cdf = _HALF * (_ONE + erf(x * _ALPHA))
        pdf = _PDF * exp(x * x * _F(-0.5))
        return dy * (fma32(x, pdf, cdf) if fused else cdf + x * pdf)
    return fn


def gelu_backward(g, a, approximate, onednn=True):
    """(As ``gelu``: ``'none'`` is oneDNN's in PyTorch, None here unless ``onednn=False``.)"""
    if not (_exact(a) and g.dtype == _F) or (approximate != "tanh" and onednn):
        return None
    with np.errstate(all="ignore"):
        if approximate == "tanh":
            return _blocks(g, a, _gelu_tanh_grad(tanhf_u10), _gelu_tanh_grad(tanhf))
        return _blocks(g, a, _gelu_none_grad(lambda v: erf_vec(v, _sleef_expf), _sleef_expf, True),
                       _gelu_none_grad(erff, _libm_expf, False))


def elu(a, neg, pos, inp):
    """``x * pos`` where ``x > 0``, else ``expm1(x * inp) * neg`` (the coefficients in
    float32, as the kernel rounds them)."""
    if not _exact(a):
        return None
    with np.errstate(all="ignore"):
        return by_vector_blocks(
            a, lambda x: np.where(x > 0, x * pos, expm1f_u10(x * inp) * neg),
            lambda x: np.where(x <= 0, expm1f(x * inp) * neg, x * pos))


def elu_backward(g, a, neg, pos, inp):
    """``dy * pos`` where ``x > 0``, else ``dy * inp * neg * exp(x * inp)`` in that order."""
    if not (_exact(a) and g.dtype == _F):
        return None

    def vector(dy, x):          # (a blend on x > 0: NaN takes the exp side)
        return np.where(x > 0, dy * pos, ((dy * inp) * neg) * _sleef_expf(x * inp))

    def scalar(dy, x):          # (x <= 0 ? ...: NaN takes dy * pos)
        return np.where(x <= 0, ((dy * inp) * neg) * _libm_expf(x * inp), dy * pos)
    with np.errstate(all="ignore"):
        return _blocks(g, a, vector, scalar)
