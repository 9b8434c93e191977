"""What a torch-parity test can ask of the bits that depend on the processor's MKL path
(``gradstudio/engine/_cpu_kernels/cpu.py``).

Where MKL runs its generic kernels (every processor but Intel's: the reference machine is
an AMD EPYC) the engine reproduces PyTorch's float32 matrix products and square roots bit
for bit, and these checks are exact. On an Intel processor MKL takes kernels of its own,
whose orders are not reproduced (docs/engine.md): a product or a square root may end one
bit apart, and after tens of training steps the fourth or fifth printed digit. There the
same checks compare within that: arrays to a relative 1e-5 (float32) or 1e-12 (float64),
printed text word for word (spaces aside: a column's width follows its numbers) with each
number within a relative 2e-3 or two units of its last printed digit.

On an Intel processor with AVX-512 the engine reproduces MKL's own ``sgemm`` and
``sgemv`` for the shapes ``gemm_order``'s ``avx512_matmul`` takes (``avx512_gemm``: 2 or
more rows and columns; ``avx512_small``: few rows, one row, one column; with two
threads, products of more than 8,192 terms by one column only in part):
``product_reproduced`` says whether a
float32 product is one of them, and a test of such products asks for the bits
(``assert_torchs_bits(..., exact=...)``)."""
import re

import numpy as np

from gradstudio.engine._cpu_kernels.cpu import MKL_GENERIC
from gradstudio.engine._cpu_kernels import avx512_small
from gradstudio.engine._cpu_kernels.avx512_shapes import _avx512_gemm_kernel
from gradstudio.engine._cpu_kernels.vector_loop import MKL_AVX512

__all__ = ["MKL_GENERIC", "MKL_AVX512", "assert_torchs_bits", "same_print",
           "assert_same_print", "close_print", "product_reproduced"]

_RTOL = {np.dtype(np.float32): 1e-5, np.dtype(np.float64): 1e-12}
_TEXT_RTOL = 2e-3
_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")


def product_reproduced(a, b):
    """Whether the engine adds the float32 product ``a @ b`` (numpy arrays, laid out as
    the engine and torch hold them: a transposed view for a transposed operand) in
    MKL's order on this processor: everywhere where MKL runs its generic kernels (the
    tests of those shapes say which), and on Intel's AVX-512 for ``avx512_gemm``'s and
    ``avx512_small``'s."""
    return MKL_GENERIC or (MKL_AVX512 and (_avx512_gemm_kernel(a, b) or
                                          avx512_small.reproduced(a, b)))


def assert_torchs_bits(ours, theirs, err_msg="", exact=False):
    """``ours`` has ``theirs``'s bits (where MKL runs its generic kernels, or ``exact``:
    a product ``product_reproduced`` here), or is within MKL's own kernels' last bits
    of it (on Intel's processors)."""
    ours, theirs = np.asarray(ours), np.asarray(theirs)
    if MKL_GENERIC or exact:
        np.testing.assert_array_equal(ours, theirs, err_msg=err_msg)
        return
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype, (ours, theirs)
    rtol = _RTOL.get(theirs.dtype, 0)
    np.testing.assert_allclose(ours, theirs, rtol=rtol, atol=rtol, equal_nan=True,
                               err_msg=err_msg)


def _close(a, b):
    """Two printed numbers within a relative 2e-3 or two units of their last printed
    digit; a whole number (no point, no exponent: a count, an epoch) only if equal."""
    x, y = float(a), float(b)
    if x == y:
        return True
    if not any(c in t for t in (a, b) for c in ".eE"):
        return False
    digits = max(len(t.lower().split("e")[0].partition(".")[2]) for t in (a, b))
    exponent = max(int(t.lower().split("e")[1]) if "e" in t.lower() else 0 for t in (a, b))
    unit = 10.0 ** (exponent - digits) if digits else 0.0
    return abs(x - y) <= max(_TEXT_RTOL * max(abs(x), abs(y)), 2 * unit)


def same_print(ours, theirs):
    """Whether two transcripts are the same (where MKL runs its generic kernels), or the
    same words with each number within the last printed digits (on Intel's)."""
    return ours == theirs if MKL_GENERIC else close_print(ours, theirs)


def close_print(ours, theirs):
    """The same words, and each number within a relative 2e-3 or two units of its last
    printed digit (``1.0000`` and ``1.`` are the same number)."""
    words = ["".join(_NUMBER.sub("#", t).split()) for t in (ours, theirs)]
    numbers = [_NUMBER.findall(t) for t in (ours, theirs)]
    return words[0] == words[1] and len(numbers[0]) == len(numbers[1]) and \
        all(_close(a, b) for a, b in zip(*numbers))


def assert_same_print(ours, theirs, what="the engine"):
    assert same_print(ours, theirs), f"\n--- torch ---\n{theirs}\n--- {what} ---\n{ours}"
