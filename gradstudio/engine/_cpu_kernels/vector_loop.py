"""What PyTorch's CPU loops and libraries choose on this machine, for the kernels that
follow them bit for bit: how many elements its vectorised loop (``cpu_kernel_vec``) takes
at once and how it walks a tensor's memory (``by_vector_blocks``), whether MKL runs its
Intel AVX-512 paths, and the size above which the engine gives up the exact kernels for
numpy's fast ones (``EXACT_LIMIT``)."""
import os

import numpy as np

from .cpu import MKL_GENERIC

__all__ = ["EXACT_LIMIT", "MKL_AVX512", "by_vector_blocks"]

EXACT_LIMIT = 1 << 16


def _vector_block():
    """How many float32 elements PyTorch's vectorized loop takes at once: two vectors of
    the CPU capability it dispatches to, 32 with AVX-512 (a CPU with AVX-512 VL, BW and
    DQ and FMA3), 16 with AVX2 (AVX2 and FMA3), 0 with neither (its scalar path
    everywhere). ``ATEN_CPU_CAPABILITY`` set to exactly ``avx512``, ``avx2`` or
    ``default`` chooses, as it does PyTorch's; any other value is ignored, as PyTorch
    ignores it."""
    forced = {"avx512": 32, "avx2": 16, "default": 0}.get(
        os.environ.get("ATEN_CPU_CAPABILITY"))
    if forced is not None:
        return forced
    try:
        from numpy._core._multiarray_umath import __cpu_features__ as features
    except ImportError:                              # (numpy 1)
        try:
            from numpy.core._multiarray_umath import __cpu_features__ as features
        except ImportError:
            return 16
    if all(features.get(f) for f in ("AVX512VL", "AVX512BW", "AVX512DQ", "FMA3")):
        return 32
    return 16 if features.get("AVX2") and features.get("FMA3") else 0


_BLOCK = _vector_block()


def _intel_avx512():
    """Whether MKL takes its AVX-512 paths here: an Intel CPU (MKL runs its generic code
    on others) with AVX-512 (F, CD, BW, DQ, VL)."""
    intel = not MKL_GENERIC
    try:
        from numpy._core._multiarray_umath import __cpu_features__ as features
    except ImportError:                              # (numpy 1)
        from numpy.core._multiarray_umath import __cpu_features__ as features
    return intel and all(features.get(f) for f in ("AVX512F", "AVX512CD", "AVX512BW",
                                                   "AVX512DQ", "AVX512VL"))


MKL_AVX512 = _intel_avx512()


def _run_length(a):
    """How many elements PyTorch's loop walks through contiguously (its innermost
    dimension after merging the dimensions that follow each other in memory), or 0 when
    the innermost dimension is strided (its scalar loop then takes every element)."""
    dims = [(n, s) for n, s in zip(a.shape, a.strides) if n != 1]
    if not dims or dims[-1][1] not in (0, a.itemsize):
        return 0
    run, step = 1, dims[-1][1]
    for n, s in reversed(dims):
        if s != step:
            break
        run *= n
        step = s * n
    return run


def by_vector_blocks(a, vector, scalar, block=None):
    """``a`` computed as PyTorch's ``cpu_kernel_vec`` loop computes it: ``vector`` on each
    full block of ``block`` elements (``_BLOCK``: two vectors of float32) of every
    contiguous run of memory, ``scalar`` on the rest (short tensors, tails, strided
    views); both are elementwise functions of an array."""
    block = _BLOCK if block is None else block
    if not block or a.size < block:          # (no vector path: every element scalar)
        return scalar(a)
    if a.ndim and a.flags.f_contiguous and not a.flags.c_contiguous:
        return by_vector_blocks(a.T, vector, scalar, block).T   # (PyTorch walks memory order)
    run = _run_length(a)
    full = run - run % block
    if not full:
        return scalar(a)
    rows = np.ascontiguousarray(a).reshape(-1, run)
    out = np.empty(rows.shape, a.dtype)
    out[:, :full] = vector(rows[:, :full])
    out[:, full:] = scalar(rows[:, full:])
    return out.reshape(a.shape)
