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

from .vector_loop import _BLOCK, EXACT_LIMIT, _run_length

__all__ = ["huber_backward", "smooth_l1_backward"]

_F, _D = np.float32, np.float64


def _on_vectors(x, operands):
    """Which elements of ``x`` PyTorch's loop takes on its vector path: blocks of one
    vector (measured on AVX-512: 16 elements, the 17th of 40 on the vector path and the
    33rd on the scalar one), not the two of ``by_vector_blocks``' default, in each run of
    memory that every operand walks alike (a target expanded over the last dimension cuts
    the runs to its rows); with two operands repeated along it (an expanded target and
    a mean's one grad), its scalar loop takes every element."""
    views = [np.broadcast_to(op, x.shape) for op in operands]
    runs = [_run_length(v) for v in views]
    if not _BLOCK or not all(runs) or not x.ndim or sum(map(_repeats, views)) > 1:
        return np.zeros(x.shape, bool)      # (its vector loop takes one repeated operand)
    run = min(runs)
    flat = np.zeros((x.size // run, run), bool)
    flat[:, :run - run % (_BLOCK // 2)] = True
    return flat.reshape(x.shape)


def _repeats(view):
    """Whether ``view`` repeats one value along its innermost dimension (stride 0)."""
    strides = [st for n, st in zip(view.shape, view.strides) if n != 1]
    return bool(strides) and strides[-1] == 0


def _eligible(x, g):
    return x.dtype == _F and np.asarray(g).dtype == _F and 0 < x.size <= EXACT_LIMIT


def _signs(x):
    return np.where(x > 0, _F(1), _F(-1))


def huber_backward(x, g, norm, delta, operands=()):
    """The gradient of huber_loss at ``x = input - target``, or None (not float32);
    ``operands``: the arrays PyTorch's loop walks (input, target, grad), for their layout."""
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
    return np.where(_on_vectors(x, operands or (x,)), vector, scalar).astype(_F)


def smooth_l1_backward(x, g, norm, beta, operands=()):
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
    return np.where(_on_vectors(x, operands or (x,)), vector, scalar).astype(_F)
