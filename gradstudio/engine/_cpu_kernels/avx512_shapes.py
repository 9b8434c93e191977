"""Which float32 products MKL's AVX-512 ``sgemm`` adds in its blocked kernel
(``avx512_gemm``), by the operands' shapes and layouts, as measured with FPRev's probes,
and where ``addmm``'s bias joins its sum; ``avx512_plans`` asks once per layout,
``tests/cpu_paths.py`` to know which products a test may ask the bits of. (Few rows, one
row and one column are ``avx512_small``'s, which says which of those it reproduces.)"""
import numpy as np

from . import avx512_gemm

__all__ = ["addmm_takes_bias"]


def addmm_takes_bias(bias, a, b):
    """Whether ``addmm``'s bias joins MKL's AVX-512 sum (``avx512_gemm.sgemm(a, b,
    bias)``): the blocked kernel's products of one term or of more than one block, with
    a float32 bias that broadcasts to the result."""
    if not _avx512_gemm_kernel(a, b) or bias.dtype != np.float32 or \
            1 < a.shape[1] <= avx512_gemm.KC:
        return False
    shape = (a.shape[0], b.shape[1])
    return np.broadcast_shapes(bias.shape, shape) == shape


_AVX512_WORK = 1 << 20  # (products of more terms keep numpy's: the exact order costs about
# 4 ns a term, 26 ms for a batch of 64 through nn.Linear(784, 128) (6.4 M terms) where
# numpy takes 0.13 ms; a teaching example's products, up to a batch of 100 through
# Linear(100, 100), are 1 M terms or fewer: 4 ms at most)


def _avx512_gemm_kernel(a, b):
    """Whether MKL's AVX-512 ``sgemm`` runs its blocked kernel for ``a @ b`` (measured
    with FPRev's probes on random shapes, 2 to 128 rows and columns, ``K`` to 784): for
    every layout of ``a`` with a row-major ``b``, and with a transposed ``b``
    (``nn.Linear``'s weight) for 16 rows or more, or fewer rows ``m`` with ``K < 24 m``,
    3 or more columns (4 or more below 11 rows), and ``K`` past the columns where there
    are more columns than rows, up to 11. Other such products run a dot-product
    kernel (terms in 16 vector lanes, halved in a tree) not reproduced here. Products
    of more than 2^20 terms (``M * K * N``) keep numpy's, for speed."""
    if not (a.ndim == 2 and b.ndim == 2 and a.dtype == np.float32 and
            b.dtype == np.float32 and a.shape[1] == b.shape[0]):
        return False
    (m, k), n = a.shape, b.shape[1]
    if k == 0 or m < 2 or n < 2 or m * k * n > _AVX512_WORK or \
            not avx512_gemm.supported(m, k, n):
        return False
    if k == 1 or m >= 16 or not (b.flags.f_contiguous and not b.flags.c_contiguous):
        return True
    if k >= 24 * m or n < (3 if m >= 11 else 4):
        return False
    return not (m < n <= 11 and k <= n)
