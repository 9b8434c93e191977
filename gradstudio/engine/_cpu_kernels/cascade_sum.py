"""Float sums in the order PyTorch's CPU kernel adds (``native/cpu/SumKernel.cpp``).

PyTorch sums float32 and float64 with ``cascade_sum``: a row is cut into four
interleaved partial sums (``row_sum``'s ILP factor), each built by ``multi_row_sum``,
which adds chunks of 16 (or more, for long rows) elements in sequence, chunks of chunk
sums in sequence and so on, four levels deep; a contiguous row is first read as vectors
of 8 floats (4 doubles), whose lanes are summed that way and then added in lane order
after the elements left over. A reduction over a leading dimension sums whole columns
at once, in groups whose order depends on how many columns there are. numpy's pairwise
sum adds in another order, so ``loss.item()`` printed to full precision differed in the
last bits; here every step is numpy's ``add.accumulate`` (strictly sequential) on the
same groups, so the bits match.

Covered exactly: a full reduction of up to 32,768 elements (PyTorch's grain size, above
which it splits the work between threads, and the result depends on their number), a
reduction over one run of adjacent dimensions of a contiguous array, and (up to the grain
size) over a leading and a trailing run with the middle kept (a per-channel bias's
gradient, ``sum((0, 2, 3))``). Other layouts fall back to numpy's sum (within an ulp or
two).
"""
import math

import numpy as np

__all__ = ["cascade_sum", "GRAIN_SIZE"]

GRAIN_SIZE = 32768
_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}      # AVX2 vectors


def _ceil_log2(x):
    return 1 if x <= 2 else (x - 1).bit_length()


def _sequential(rows):
    """``0 + rows[0] + rows[1] + ...`` along axis 0, one addition at a time."""
    if rows.shape[0] == 0:
        return np.zeros(rows.shape[1:], rows.dtype)
    return np.add.accumulate(rows, axis=0)[-1]


def _grouped(sums, step):
    """Each full group of ``step`` consecutive sums added in sequence; and the rest."""
    full = sums.shape[0] // step
    groups = sums[:full * step].reshape((full, step) + sums.shape[1:])
    done = np.add.accumulate(groups, axis=1)[:, -1] if full else groups[:, 0]
    return done, sums[full * step:]


def _multi_row_sum(rows):
    """ATen's ``multi_row_sum`` over axis 0: four levels of sequential chunk sums."""
    power = max(4, _ceil_log2(rows.shape[0]) // 4)
    step = 1 << power
    level0, tail = _grouped(rows, step)           # acc[0]: each chunk, from zero
    level1, rest1 = _grouped(level0, step)        # acc[1]: chunk sums, a chunk at a time
    level2, rest2 = _grouped(level1, step)        # acc[2]
    acc = _sequential(tail)
    acc = acc + _sequential(rest1)
    acc = acc + _sequential(rest2)
    return acc + _sequential(level2)              # acc[3] keeps every level-2 sum


def _row_sum(x):
    """ATen's ``row_sum`` over axis 0: four interleaved partial sums, then the rest."""
    ilp = x.shape[0] // 4
    partial = _multi_row_sum(x[:ilp * 4].reshape((ilp, 4) + x.shape[1:]))
    first = partial[0]
    for v in x[ilp * 4:]:
        first = first + v
    for k in range(1, 4):
        first = first + partial[k]
    return first


def _inner_sum(x, lanes):
    """Sums over axis 0 of rows stored contiguously along it (``vectorized_inner_sum``
    when there are at least ``lanes`` elements, else ``row_sum`` of the scalars)."""
    n = x.shape[0]
    if n < lanes:
        # row_sum of fewer than 8 elements: the first four start four partial sums
        # (from zero), the rest go onto the first, then the other three follow; numpy
        # adds fewer than 8 rows one at a time, so reordering is enough (and fast)
        if n > 4:
            x = x[[0, *range(4, n), 1, 2, 3]]
        return np.add.reduce(x, axis=0, initial=x.dtype.type(0))
    vectors = n // lanes
    lane_sums = _row_sum(x[:vectors * lanes].reshape((vectors, lanes) + x.shape[1:]))
    total = np.zeros(x.shape[1:], x.dtype)
    for v in x[vectors * lanes:]:
        total = total + v
    for k in range(lanes):
        total = total + lane_sums[k]
    return total


def _outer_sum(x, lanes):
    """Sums over axis 0 of columns stored contiguously along the last axis
    (``vectorized_outer_sum`` / ``scalar_outer_sum``): the first columns in groups summed
    by ``multi_row_sum``, the remaining ones by ``row_sum``."""
    cols = x.shape[-1]
    if cols >= lanes:
        first = cols // (4 * lanes) * 4 * lanes
        second = first + (cols - first) // lanes * lanes
        parts = [_multi_row_sum(x[..., :first]), _row_sum(x[..., first:second]),
                 _row_sum(x[..., second:])]
    else:
        first = cols // 4 * 4
        parts = [_multi_row_sum(x[..., :first]), _row_sum(x[..., first:])]
    return np.concatenate(parts, axis=-1)


def _plain(a, axis, keepdims):
    return np.add.reduce(a, axis, keepdims=keepdims)


def cascade_sum(a, axis=None, keepdims=False):
    """``np.add.reduce(a, axis, keepdims=keepdims)`` in PyTorch's order of additions."""
    lanes = _LANES.get(a.dtype)
    if lanes is None or a.ndim == 0 or a.size == 0:
        return _plain(a, axis, keepdims)
    axes = tuple(range(a.ndim)) if axis is None else \
        tuple(sorted(d % a.ndim for d in ((axis,) if isinstance(axis, int) else axis)))
    count = 1
    for d in axes:
        count *= a.shape[d]
    if count <= 4:        # every path adds up to four elements one by one, from zero
        return np.add.reduce(a, axis, keepdims=keepdims, initial=a.dtype.type(0))
    if len(axes) == a.ndim:
        if a.size > GRAIN_SIZE:
            return _plain(a, axis, keepdims)
        if not (a.flags.c_contiguous or a.flags.f_contiguous):
            return _permuted(a, axes, keepdims)
        out = np.asarray(_inner_sum(a.ravel(order="K"), lanes))
        return out.reshape((1,) * a.ndim) if keepdims else out
    if not a.flags.c_contiguous:
        return _permuted(a, axes, keepdims)
    if axes != tuple(range(axes[0], axes[-1] + 1)):
        return _around(a, axes, keepdims, lanes)
    outer = math.prod(a.shape[:axes[0]])
    reduce = math.prod(a.shape[axes[0]:axes[-1] + 1])
    inner = math.prod(a.shape[axes[-1] + 1:])
    x = a.reshape(outer, reduce, inner)
    if inner == 1:                               # rows contiguous along the reduction
        out = _inner_sum(x[:, :, 0].T, lanes)
    elif reduce == 1:
        out = x[:, 0, :]
    else:                                        # columns contiguous: sum rows of columns
        out = _outer_sum(np.moveaxis(x, 1, 0), lanes)
    kept = [n for d, n in enumerate(a.shape) if d not in axes]
    out = np.asarray(out).reshape(kept)
    return np.expand_dims(out, axes) if keepdims else out


def _permuted(a, axes, keepdims):
    """The sum of a tensor whose memory is contiguous in another order of its dimensions
    (``x.T.sum(1)``, ``x.mT.sum()``): PyTorch's iterator orders the dimensions by their
    strides first, so it adds as it would for that contiguous tensor, as long as the
    dimensions kept lie in memory in their own order (else the new result's layout
    reorders them: numpy's sum stays)."""
    perm = sorted(range(a.ndim), key=lambda d: (a.strides[d], a.shape[d] != 1), reverse=True)
    b = a.transpose(perm)
    kept = [d for d in perm if d not in axes]
    if not b.flags.c_contiguous or perm == list(range(a.ndim)) or kept != sorted(kept):
        return _plain(a, axes, keepdims)
    out = np.asarray(cascade_sum(b, tuple(perm.index(d) for d in axes)))
    return np.expand_dims(out, axes) if keepdims else out


def _around(a, axes, keepdims, lanes):
    """The sum over a leading and a trailing run of dimensions of a contiguous array, the
    middle ones kept (``x.sum((0, 2, 3))`` of an (N, C, H, W) tensor: a per-channel bias's
    gradient): PyTorch's loop sums each trailing block by ``vectorized_inner_sum`` (or
    ``row_sum``) and adds the blocks onto the output one leading index after the other.
    Other layouts, and sums above the grain size (cut between threads), stay numpy's."""
    lead = 0
    while lead < len(axes) and axes[lead] == lead:
        lead += 1
    kept_end = axes[lead] if lead < len(axes) else a.ndim
    if not lead or tuple(axes[lead:]) != tuple(range(kept_end, a.ndim)) or \
            a.size > GRAIN_SIZE:
        return _plain(a, axes, keepdims)
    kept = a.shape[lead:kept_end]
    rows = a.reshape(math.prod(a.shape[:lead]), math.prod(kept), -1)
    out = np.zeros(rows.shape[1], a.dtype)
    for block in rows:
        out = out + _inner_sum(block.T, lanes)
    out = out.reshape(kept)
    return np.expand_dims(out, axes) if keepdims else out
