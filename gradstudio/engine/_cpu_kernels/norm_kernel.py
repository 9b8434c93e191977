"""The 2-norm in the order PyTorch's CPU kernel adds (``native/cpu/ReduceOpsKernel.cpp``,
``norm_kernel_tensor_iterator_impl``'s path for ``p == 2`` over the last dimension).

A row (a contiguous run: the whole tensor for a full reduction, each row for ``dim=-1``)
is read as vectors of 8 floats (4 doubles: the AVX2 kernel, which PyTorch also runs on
AVX-512 processors); each lane adds its squares in turn, the lanes are then added in lane
order, and the elements left over after the last full vector are added one at a time:
``acc += x * x`` compiled with FMA3 is one fused multiply-add each, except that for
float32 the compiler runs the first four of them as a vector of four products, rounded,
added in order. Then ``sqrt``. Measured bit for bit against torch 2.13 on every length
from 1 to 100 (``tests/engine/test_norm_kernel.py``); numpy's ``sqrt(sum(x * x))`` added
pairwise and differed in the last bit of ``x.norm()`` for a tenth to a third of vectors.

Any other 2-norm, every 1-norm and every other ``p`` (but 0 and infinity) is ATen's
generic reduction (``binary_kernel_reduce`` with ``NormTwoOps`` / ``NormOneOps`` /
``NormOps``): one running sum in the tensor's dtype, ``acc + x * x`` (``acc + |x|``,
``acc + pow(|x|, p)``) rounded at each step, element after element in memory order (over
the one dimension reduced, in its order), then ``pow(acc, 1 / p)`` (``1 / p`` rounded to
the dtype; for float32 the C library's ``powf``); ``norm_seq`` is that.

Covered: float32 and float64; for the 2-norm's vector kernel a full reduction of a
contiguous tensor (in memory order) and a reduction over the trailing dimensions of a
C-contiguous one, on a processor with AVX2 and FMA3 (``vector_loop``); for the sequential
sums a full reduction or one over a single dimension, of fewer than 32,768 elements each
(above, PyTorch shares one sum between threads). Elsewhere these return None and the
caller keeps numpy's sum."""
import numpy as np

from .fma import fma32, fma64
from .vector_loop import _BLOCK
from .libm import powf

__all__ = ["norm2", "norm_seq"]

GRAIN_SIZE = 32768

_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def norm2(a, axes):
    """``sqrt(sum(a * a))`` over ``axes`` (a tuple of dims, or None for every dim) as
    PyTorch's kernel computes it, shaped as numpy's ``sum(..., keepdims=False)``; None
    where this order is not PyTorch's (see the module docstring)."""
    if _BLOCK == 0 or a.dtype not in _LANES or a.size == 0:
        return None
    axes = tuple(range(a.ndim)) if axes is None else tuple(sorted({d % a.ndim for d in axes}))
    reduced = [d for d in axes if a.shape[d] != 1]
    if not reduced:
        return None
    run = _one_run(a, reduced)
    if run is None:                    # (not one run of memory: the generic reduction)
        return norm_seq(a, axes, 2)
    kept = [d for d in range(a.ndim) if d not in axes]
    ones = [d for d in axes if d not in reduced]
    shape = tuple(a.shape[d] for d in kept)
    rows = np.transpose(a, kept + ones + run).reshape(int(np.prod(shape, dtype=np.int64)), -1)
    return _rows(rows).reshape(shape)


def _one_run(a, dims):
    """``dims`` from the outermost in memory to the innermost, when the elements they
    reach from any one place are one contiguous run of memory (PyTorch's iterator then
    reduces over its last dimension); else None."""
    order = sorted(dims, key=lambda d: a.strides[d])
    step = a.itemsize
    for d in order:
        if a.strides[d] != step:
            return None
        step *= a.shape[d]
    return order[::-1]


def _rows(rows):
    """The kernel on each row of a 2-d array."""
    lanes = _LANES[rows.dtype]
    n = rows.shape[1]
    full = n - n % lanes
    squares = rows * rows                       # (rounded, as the vector multiply)
    if full:
        blocks = squares[:, :full].reshape(rows.shape[0], full // lanes, lanes)
        acc = np.add.accumulate(blocks, axis=1)[:, -1]
        total = np.add.accumulate(acc, axis=1)[:, -1]
    else:
        total = np.zeros(rows.shape[0], rows.dtype)
    d = full
    if rows.dtype == np.float32 and n - d >= 4:     # (the compiler's vector of four)
        for k in range(d, d + 4):
            total = total + squares[:, k]
        d += 4
    fma = fma32 if rows.dtype == np.float32 else fma64
    for k in range(d, n):
        total = np.asarray(fma(rows[:, k], rows[:, k], total), rows.dtype)
    return np.sqrt(total)


def norm_seq(a, axes, p):
    """The ``p``-norm (any finite ``p`` but 0) over ``axes`` (None: every dim) as ATen's
    generic reduction adds it: one rounded sum, element after element, the dimension with
    the smallest stride innermost; None where that is not PyTorch's order here (see the
    module docstring)."""
    if a.dtype not in _LANES or a.size == 0 or p == 0 or not np.isfinite(p):
        return None
    axes = tuple(range(a.ndim)) if axes is None else tuple(sorted({d % a.ndim for d in axes}))
    kept = [d for d in range(a.ndim) if d not in axes]
    shape = tuple(a.shape[d] for d in kept)
    count = a.size // max(1, int(np.prod(shape, dtype=np.int64)))
    if count >= GRAIN_SIZE:
        return None
    order = sorted(axes, key=lambda d: (a.shape[d] != 1, a.strides[d]), reverse=True)
    rows = np.transpose(a, kept + order).reshape(int(np.prod(shape, dtype=np.int64)), count)
    terms = np.abs(rows) if p == 1 else rows * rows if p == 2 else _pow(np.abs(rows), p)
    total = np.asarray(np.add.accumulate(terms, axis=1)[:, -1], a.dtype).reshape(shape)
    if p == 1:
        return total
    return np.sqrt(total) if p == 2 else _pow(total, 1 / a.dtype.type(p))


def _pow(x, p):
    """``NormOps``'s ``std::pow`` in the tensor's dtype: glibc's ``powf`` of float32 and
    ``p`` as a float32, its ``pow`` of float64 (``libm``)."""
    return powf(x, p)
