"""The longer forward and VJP functions of ``_ops.table``'s ops, kept apart so that the
table reads as a table (this module registers no op). Same conventions as ``_ops.table``.
"""
import numpy as np

from .._cpu_kernels import softmax_kernel as SK
from .._cpu_kernels.norm_kernel import norm2, norm_seq
from .record import _norm_dims


def _axis(a, dim):
    """numpy's axis for a reduction over ``dim``: a 0-d tensor has a dim 0 (and -1) in
    PyTorch, of size 1, and numpy has none. ``()`` is every dim, given explicitly
    (``sum(dim=None)``: PyTorch's dim overload, ``SumBackward1``)."""
    return dim if a.ndim and dim != () else None


def _remainder_fwd(a, b):
    # PyTorch's remainder: fmod, moved by b where the signs differ (a zero keeps fmod's
    # sign, where numpy's np.remainder gives it b's)
    m = np.fmod(a, b)
    return np.where((m != 0) & ((m < 0) != (np.asarray(b) < 0)), m + b, m)


def _tie_split(F, g, a, b, loses):
    """PyTorch's ``where(a == b, g / 2, g).masked_fill_(loses, 0)``: ties share the
    gradient, the smaller (larger) operand of maximum (minimum) gets none; with a nan
    neither loses."""
    return F.where(loses, 0.0, F.where(a == b, g / 2, g))


def _clamp_fwd(a, min=None, max=None):
    if min is not None:
        a = np.maximum(a, np.asarray(min, a.dtype))
    if max is not None:
        a = np.minimum(a, np.asarray(max, a.dtype))
    return a


def _clamp_grad(F, g, out, a, min=None, max=None):
    keep = None
    if min is not None:
        keep = a >= min
    if max is not None:
        keep = (a <= max) if keep is None else keep & (a <= max)
    return g if keep is None else F.where(keep, g, 0.0)


def _unreduce(F, g, shape, dim, keepdim):
    """Broadcasts a reduced gradient back to ``shape``."""
    if not keepdim and dim is not None and len(shape):
        g = F.unsqueeze_dims(g, _norm_dims(dim, len(shape)))
    return F.expand(g, shape)


def _count(shape, dim):
    """How many elements a reduction over ``dim`` of ``shape`` takes in."""
    n = 1
    for d in _norm_dims(None if dim == () else dim, len(shape)) if len(shape) else ():
        n *= shape[d]
    return n


def _norm_fwd(a, p=2.0, dim=None, keepdim=False):
    x, dim = np.abs(a), _axis(a, dim)
    axes = None if dim is None else _norm_dims(dim, a.ndim)
    if p != 0 and a.size and _count(a.shape, dim) == 1:
        # (PyTorch reduces one element to its absolute value: no power, no root)
        return np.max(x, axis=dim, keepdims=keepdim)
    exact = norm2(a, axes) if p == 2 else norm_seq(a, axes, p)
    if exact is not None:       # (PyTorch's order of additions)
        return np.expand_dims(exact, axes) if keepdim and dim is not None else \
            exact.reshape((1,) * a.ndim) if keepdim else exact
    if p == 2:
        return np.sqrt(np.sum(x * x, axis=dim, keepdims=keepdim))
    if p == float("inf"):
        return np.max(x, axis=dim, keepdims=keepdim)
    if p == -float("inf"):
        return np.min(x, axis=dim, keepdims=keepdim)
    if p == 0:
        return np.sum(x != 0, axis=dim, keepdims=keepdim).astype(a.dtype)
    if p == 1:
        return np.sum(x, axis=dim, keepdims=keepdim)
    return np.sum(x ** p, axis=dim, keepdims=keepdim) ** (1.0 / p)


def _norm_grad(F, g, out, a, p=2.0, dim=None, keepdim=False):
    # PyTorch's norm_backward, case by case
    if p == 0:
        return None  # no gradient at all: .grad stays None
    g = _unreduce(F, g, a.shape, dim, keepdim)
    n = _unreduce(F, out, a.shape, dim, keepdim)
    if p == 1:
        return F.sign(a) * g
    if abs(p) == float("inf"):
        x = F.abs(a)
        m = F.mask((x == n) | (x != x), g)
        cnt = _unreduce(F, F.sum(m, _norm_dims(dim, len(a.shape)) if a.shape else None, True),
                        a.shape, None, True)
        return F.sign(a) * ((g / cnt) * m)
    safe = F.where(n == 0, 1.0, n)  # (n itself where it is used, so double backward is finite)
    if p == 2:
        return g * F.where(n == 0, 0.0, a / safe)
    x = F.abs(a)
    if p < 1:
        scaled = F.sign(a) * F.where(a == 0, 0.0, F.where(a == 0, 1.0, x) ** (p - 1))
        return scaled * g * n ** (1 - p)
    scaled = F.sign(a) * x ** (p - 1) if p < 2 else a * x ** (p - 2)
    return scaled * F.where(n == 0, 0.0, g / safe ** (p - 1))


def _softmax_fwd(a, dim):
    dim = _axis(a, dim)
    torchs = SK.softmax(a, dim % a.ndim) if dim is not None else None
    if torchs is not None:
        return torchs
    e = np.exp(a - np.max(a, axis=dim, keepdims=True))
    return e / np.sum(e, axis=dim, keepdims=True)


def _log_softmax_fwd(a, dim):
    dim = _axis(a, dim)
    torchs = SK.log_softmax(a, dim % a.ndim) if dim is not None else None
    if torchs is not None:
        return torchs
    s = a - np.max(a, axis=dim, keepdims=True)
    if a.dtype == np.float16:   # PyTorch: the sum and its log in float32, x - max in float16
        return s - np.log(np.sum(np.exp(s.astype(np.float32)), axis=dim,
                                 keepdims=True)).astype(np.float16)
    return s - np.log(np.sum(np.exp(s), axis=dim, keepdims=True))


def mat1_grad(F, g, m1, m2):
    """``grad @ mat2.T``, the gradient of a matrix product's first matrix, computed as
    PyTorch's ``mm_mat1_backward`` does for a column-major ``mat1`` (strides ``(1,
    rows)``) where the engine sees it: a ``(1, 1)`` input (one sample through
    ``nn.Linear(1, n)``), as ``(mat2 @ grad.T).T``, on an Intel processor another MKL
    kernel with other last bits (``_cpu_kernels.avx512_small``). (A transposed view as
    ``mat1``, column-major too, keeps ``grad @ mat2.T``: the VJP sees only its shape.)"""
    if tuple(m1.shape) == (1, 1):
        return F.mT(F.matmul(m2, F.mT(g)))
    return F.matmul(g, F.mT(m2))
