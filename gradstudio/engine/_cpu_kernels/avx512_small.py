"""Which of MKL's AVX-512 kernels PyTorch's float32 product takes on an Intel processor
for the shapes its blocked ``sgemm`` (``avx512_gemm``, ``avx512_shapes._avx512_gemm_kernel``)
does not take, and the order each adds in (measured bit for bit against torch 2.13 on
an AVX-512 Xeon, one and two threads):

- ``nn.Linear``'s product ``x @ W.T`` of 2 to 15 rows in a dot-product kernel
  (``avx512_dot_rows``);
- one row times ``W.T`` (a single sample through a layer): ``sgemv`` of ``W``'s rows;
- a ``(1, 1)`` matrix times a row: each product plus zero;
- a ``(1, K) @ (K, 1)`` product: one chain of fused multiply-adds
  (``avx512_gemv_tail.row_times_column``);
- a row-major matrix times a column or a vector (``X @ w``, ``nn.Linear(K, 1)``):
  ``sgemv``'s rows in fours (``avx512_gemv``) and the rest (``avx512_gemv_tail``);
- a column-major matrix (a transposed view) times a column or a vector (``X.T @ g``),
  and one row times a row-major matrix (``g @ W`` of one sample): ``sgemv``'s rows in
  sixteens and the rest (``avx512_gemv_columns``).

``matmul`` answers None for a shape it does not know (numpy's product is taken);
``kernel`` names the function a shape takes, which ``avx512_plans`` keeps per layout
(putting lean forms of the same sums in place of ``row_blocks_product``,
``columns_product`` and ``row_by_transposed_product`` for small operands)."""
import numpy as np

from . import avx512_dot_rows, avx512_gemv_columns, avx512_gemv_tail
from .threads import threads

__all__ = ["matmul", "reproduced", "kernel", "row_blocks_product", "columns_product",
           "row_by_transposed_product"]

_WORK = 1 << 20        # (as gemm_order: longer products keep numpy's, for speed)
_ONE_THREAD_GEMV = 8192  # (the most terms two threads' sgemv was measured to leave to one)


def matmul(a, b):
    """``a @ b`` in MKL's order for the shapes above (``a`` 2-D, ``b`` 1-D or 2-D), or
    None. ``a @ b`` must not be one ``avx512_gemm`` takes."""
    path = kernel(a, b)
    return None if path is None else path(a, b)


def reproduced(a, b):
    """Whether ``matmul`` knows the order of ``a @ b``."""
    return kernel(a, b) is not None


def kernel(a, b):
    """The function ``(a, b) -> a @ b`` in MKL's order for ``a``'s and ``b``'s shapes and
    layouts (and the thread count), or None."""
    if not (a.ndim == 2 and 1 <= b.ndim <= 2 and a.dtype == np.float32 and
            b.dtype == np.float32 and a.shape[1] == b.shape[0] and a.shape[1] >= 1):
        return None
    for taken, path in _PATHS:
        if taken(a, b):
            return path
    return None


def _transposed(b):
    return b.ndim == 2 and b.flags.f_contiguous and not b.flags.c_contiguous


def _one_column(b):
    return b.ndim == 1 or b.shape[1] == 1


def _dot_rows(a, b):
    """``nn.Linear``'s few-row product MKL gives its dot-product kernels: ``K >= 24 M``
    up to 384 inputs, or more for at most 245 results; any ``K < 24 M``."""
    if not (_transposed(b) and 2 <= a.shape[0] < 16 and b.shape[1] >= 2):
        return False
    (m, k), n = a.shape, b.shape[1]
    return m * k * n <= _WORK and (k <= 384 or m * n <= 245)


def _dot_rows_product(a, b):
    if a.shape[1] >= 24 * a.shape[0]:
        return avx512_dot_rows.long_rows_times_transposed(a, b)
    return avx512_dot_rows.rows_times_transposed(a, b)


def _row_by_transposed(a, b):
    """One row times a transposed weight of 2 or more outputs: ``W @ x`` as ``sgemv``."""
    return a.shape[0] == 1 and _transposed(b) and b.shape[1] >= 2 and \
        _row_blocks(b.T, a[0])


def row_by_transposed_product(a, b):
    """One row times a transposed weight: ``sgemv`` of the weight's rows."""
    return avx512_gemv_tail.row_major_column(b.T, a[0])[None, :]


def _row_by_column(a, b):
    """``(1, K) @ (K, 1)`` but for a transposed row (``nn.Linear(K, 1)``'s weight,
    which is ``sgemv``'s: ``_row_blocks``)."""
    return a.shape[0] == 1 and b.ndim == 2 and b.shape[1] == 1 and a.shape[1] >= 2 and \
        b.strides[1] < b.shape[0] * b.itemsize


def _row_by_column_product(a, b):
    halves = threads() >= 2 and a.shape[1] >= 256
    return np.full((1, 1), avx512_gemv_tail.row_times_column(a[0], b[:, 0], halves))


def _row_blocks(a, b):
    """A row-major matrix times a column: with one thread every such product, with two
    up to 8,192 terms (one thread's: measured; larger ones share the rows between the
    threads by a rule not found) or rows in eights (four-row blocks either way)."""
    if not (a.flags.c_contiguous and _one_column(b)):
        return False
    m, k = a.shape
    return m * k <= _WORK and (threads() < 2 or m * k <= _ONE_THREAD_GEMV or m % 8 == 0)


def row_blocks_product(a, b):
    """A row-major matrix times a column: rows in fours, then the rest."""
    return avx512_gemv_tail.row_major_column(a, _vector(b)).reshape(
        a.shape[0], *b.shape[1:])


def _columns(a, b):
    """A column-major matrix (as torch reads strides: a ``(1, K)`` view of a column
    too) times a column: with two threads for fewer than 256 columns (more are shared
    between the threads)."""
    if not (_one_column(b) and a.strides[0] == a.itemsize and
            a.strides[1] >= a.shape[0] * a.itemsize):
        return False
    return a.size <= _WORK and (threads() < 2 or a.shape[1] < 256)


def columns_product(a, b):
    """A column-major matrix times a column: rows in sixteens, then the rest."""
    return avx512_gemv_columns.column_major_times_vector(a, _vector(b)).reshape(
        a.shape[0], *b.shape[1:])


def _row_by_matrix(a, b):
    """One row times a row-major matrix: ``sgemv`` of the transposed matrix."""
    return a.shape[0] == 1 and b.ndim == 2 and b.shape[1] >= 2 and \
        b.flags.c_contiguous and _columns(b.T, a[0])


def _row_by_matrix_product(a, b):
    return avx512_gemv_columns.column_major_times_vector(b.T, a[0])[None, :]


def _one_by_one(a, b):
    """A ``(1, 1)`` matrix times a row (one sample through ``nn.Linear(1, n)``): each
    product plus zero, as ``sgemv`` adds one term to its zeroed lanes (``0 * -x`` is
    ``+0.``; measured in either layout of the row)."""
    return a.shape == (1, 1) and b.ndim == 2


def _vector(b):
    return b[:, 0] if b.ndim == 2 else b


_PATHS = ((_one_by_one, lambda a, b: np.multiply(a, b) + np.float32(0.0)),
          (_dot_rows, _dot_rows_product),
          (_row_by_transposed, row_by_transposed_product),
          (_row_by_column, _row_by_column_product),
          (_row_blocks, row_blocks_product),
          (_columns, columns_product),
          (_row_by_matrix, _row_by_matrix_product))
