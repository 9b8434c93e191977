"""PyTorch's float32 ``gelu`` (``approximate='none'`` and ``'tanh'``), ``elu`` and ``mish``
kernels and their gradients (``aten/src/ATen/native/cpu/Gelu.h``, ``Activation.cpp``; oneDNN's for
``gelu`` 'none' of a contiguous tensor: ``onednn_gelu``), to the last bit: each full block of two vectors of a contiguous run (``vector_loop``) takes the
vectorised formula (SLEEF's ``tanhf``, ``expm1f``, ``expf`` and PyTorch's own vector
``erf``: ``sleef_hyper``), the rest the scalar one with the C library's functions
(``libm``); the compiler fuses ``a + b * c`` into one multiply-add where noted (measured
against torch 2.13). Other dtypes, and tensors above ``EXACT_LIMIT``, return None (the
caller's numpy formula)."""
import math

import numpy as np

from .elementwise import _sleef_expf, libm_expf as _libm_expf
from .fma import fma32
from . import onednn_gelu
from .libm import erff, expm1f, log1pf, tanhf
from .sleef_float import log1pf_u10
from .sleef_hyper import erf_vec, expm1f_u10, tanhf_u10
from .vector_loop import EXACT_LIMIT, by_vector_blocks

__all__ = ["gelu", "gelu_backward", "elu", "elu_backward", "mish", "mish_backward"]

_F = np.float32
_BETA = _F(math.sqrt(2) * (2 / math.sqrt(math.pi)) * 0.5)      # kGeluBeta
_KAPPA = _F(0.044715)
_ALPHA = _F(1 / math.sqrt(2))                                   # M_SQRT1_2
_PDF = _F((2 / math.sqrt(math.pi)) * (1 / math.sqrt(2)) * 0.5)  # M_2_SQRTPI * M_SQRT1_2 / 2
_HALF, _ONE, _THREE_KAPPA = _F(0.5), _F(1), _F(3) * _F(0.044715)


def _exact(a):
    return a.dtype == _F and a.size <= EXACT_LIMIT


def _inner(x):
    """``kBeta * (x + kKappa * x^3)``, the add fused with the product."""
    return _BETA * fma32(_KAPPA, x * x * x, x)


def _onednn_takes(a):
    """Whether PyTorch hands ``gelu`` of ``a`` to oneDNN: a contiguous tensor of two or
    more elements (one element, as a transposed or strided view, takes ATen's loop)."""
    return a.flags.c_contiguous and a.size > 1


def gelu(a, approximate, onednn=True):
    """``approximate='none'`` of a contiguous float32 tensor is oneDNN's
    ``eltwise_gelu_erf`` in PyTorch (while ``torch.backends.mkldnn`` is enabled, the
    default: ``onednn_gelu``); of another layout, or with ``onednn=False``, ATen's kernel."""
    if a.dtype != _F:
        return None
    if approximate != "tanh" and onednn and _onednn_takes(a):
        return onednn_gelu.gelu_erf(a) if onednn_gelu.available() else None
    if not _exact(a):
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
    elsewhere: ``a``'s blocks when ``g`` has its layout or is one broadcast number; with
    layouts that differ no run is contiguous in both, and the loop is scalar."""
    g = np.broadcast_to(g, a.shape)
    if g.strides != a.strides and any(g.strides):
        return scalar(g, a)
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
    """(As ``gelu``: ``'none'`` of a contiguous input is oneDNN's.)"""
    if a.dtype != _F or g.dtype != _F:
        return None
    if approximate != "tanh" and onednn and _onednn_takes(a):
        return onednn_gelu.gelu_erf_backward(g, a) if onednn_gelu.available() else None
    if not _exact(a):
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


def _softplus_tanh(exp, log1p, tanh):
    return lambda x: tanh(log1p(exp(x)))


def mish(a):
    """``x * tanh(log1p(exp(x)))``: SLEEF's functions on vector blocks, the C library's on
    the rest."""
    if not _exact(a):
        return None
    with np.errstate(all="ignore"):
        return by_vector_blocks(a, lambda x: x * _softplus_tanh(_sleef_expf, log1pf_u10, tanhf_u10)(x),
                                lambda x: x * _softplus_tanh(_libm_expf, log1pf, tanhf)(x))


def mish_backward(g, a):
    """``dy * (t + x * sigmoid * (1 - t * t))``, ``t = tanh(softplus(x))``, both of its
    multiply-adds fused (vector and scalar loops alike)."""
    if not (_exact(a) and g.dtype == _F):
        return None

    def grad(exp, log1p, tanh):
        def fn(dy, x):
            sigmoid = _ONE / (_ONE + exp(-x))
            t = _softplus_tanh(exp, log1p, tanh)(x)
            return dy * fma32(x * sigmoid, fma32(-t, t, _ONE), t)
        return fn
    with np.errstate(all="ignore"):
        return _blocks(g, a, grad(_sleef_expf, log1pf_u10, tanhf_u10),
                       grad(_libm_expf, log1pf, tanhf))
