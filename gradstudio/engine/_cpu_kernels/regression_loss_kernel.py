"""The float32 backward of ``huber_loss`` and ``smooth_l1_loss`` as PyTorch's CPU kernels
compute it (``huber_backward_cpu_kernel``, ``smooth_l1_backward_cpu_kernel`` in
``PointwiseOpsKernel.cpp``). Their vector and scalar lambdas differ: on whole vector
blocks, ``norm * out * grad`` with ``out`` the clamped difference (huber: ``x`` or
``+-delta`` as float32; smooth L1: ``x / beta`` or ``+-1``, ``beta`` as float32); on the
rest of a tensor (a short tensor, a tail), ``delta`` and ``beta`` stay doubles, so
``norm * grad * delta`` and ``norm * x * grad / beta`` round in double first and the
comparisons with ``delta``/``beta`` are made in double. A ``delta`` of 0.7 left one
gradient in a handful a last bit apart."""
import numpy as np

from .vector_loop import _BLOCK, EXACT_LIMIT, by_vector_blocks

__all__ = ["huber_backward", "smooth_l1_backward"]

_F, _D = np.float32, np.float64


def _on_vectors(x):
    """Which elements of ``x`` PyTorch's loop takes on its vector path: here blocks of
    one vector (measured on AVX-512: 16 elements, the 17th of 40 on the vector path and
    the 33rd on the scalar one), not the two of ``by_vector_blocks``' default."""
    ones = by_vector_blocks(np.zeros(x.shape, _F), np.ones_like, np.zeros_like,
                            block=_BLOCK // 2)
    return np.asarray(ones, bool)


def _eligible(x, g):
    return x.dtype == _F and np.asarray(g).dtype == _F and 0 < x.size <= EXACT_LIMIT


def _signs(x):
    return np.where(x > 0, _F(1), _F(-1))


def huber_backward(x, g, norm, delta):
    """The gradient of huber_loss at ``x = input - target``, or None (not float32)."""
    if not _eligible(x, g):
        return None
    g = np.broadcast_to(np.asarray(g, _F), x.shape)
    n, d = _F(norm), _D(delta)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        out = np.where(np.abs(x) >= _F(d), _signs(x) * _F(d), x)
        vector = (n * out) * g
        beyond = ((n * g).astype(_D) * d).astype(_F)
        scalar = np.where(x <= -d, ((-n * g).astype(_D) * d).astype(_F),
                          np.where(x >= d, beyond, (n * x) * g))
    return np.where(_on_vectors(x), vector, scalar).astype(_F)


def smooth_l1_backward(x, g, norm, beta):
    """The gradient of smooth_l1_loss at ``x = input - target``, or None (not float32, or
    a beta of 0: PyTorch's l1_loss then)."""
    if not _eligible(x, g) or beta == 0:
        return None
    g = np.broadcast_to(np.asarray(g, _F), x.shape)
    n, b = _F(norm), _D(beta)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        out = np.where(np.abs(x) >= _F(b), _signs(x), x / _F(b))
        vector = (n * out) * g
        inside = (((n * x) * g).astype(_D) / b).astype(_F)
        scalar = np.where(x <= -b, -n * g, np.where(x >= b, n * g, inside))
    return np.where(_on_vectors(x), vector, scalar).astype(_F)
