"""The order PyTorch's CPU matrix product (MKL's ``sgemm``) adds a float32 product's terms
in, where it was measured for the small shapes of teaching examples: an ``(M, K) @ (K,
N)`` product with ``M <= 2`` or ``2 <= N <= 8`` adds ``a[i, k] * b[k, j]`` (each product
rounded) one ``k`` after another from ``k = 0`` (numpy's BLAS adds in blocks, a last digit
apart), for at most 128 terms (``K``: past it, a shipped Playground example's training
printed a last digit apart from PyTorch's, so longer sums keep numpy's order). Other
shapes (``M >= 4`` and ``N >= 12``: fused multiply-adds one ``k`` after another, and
blocks of ``K`` past about 130; ``N == 1``: MKL's ``sgemv``; ``N`` from 9 to 11: a mix)
keep numpy's product, except ``nn.Linear``'s transposed weight with 2 to 10 outputs and
a multiple of 4 inputs (vector lanes halved in a tree: ``_by_lanes``);
docs/engine.md says where the last digit may still differ.

Two ways give those sums: ``np.cumsum`` over every ``(M, K, N)`` product (few rows), or
``K`` passes over an ``(N, M)`` plane of running sums (many rows: a Data panel's 10,000
grid points, where the cumsum took 30 times longer and held every product at once).

A matrix-vector product whose matrix is a transposed view (column-major, as the
backward of ``X @ w`` multiplies ``X.T`` by the gradient), or such a matrix times a
one-column matrix of at most 128 rows (the weight gradient of ``nn.Linear(n, 1)``), is
MKL's ``gemv`` adding one column after another: ``a[:, k] * v[k]`` (each product
rounded) one ``k`` after another, for every size and for float32 and float64 alike
(measured). A row-major matrix's
``gemv`` (a dot product per row, in an order not reproduced) keeps numpy's.

On an Intel processor MKL runs kernels of its own instead: with AVX-512 ``matmul`` takes
``avx512_gemm``'s order for the shapes ``avx512_shapes`` lists and ``avx512_small``'s
for few rows, one row or one column, numpy's product for the others (and everywhere on
an Intel processor without AVX-512); which one is decided once per layout
(``avx512_plans``)."""
import numpy as np

from . import avx512_plans, avx512_sdot
from .avx512_shapes import _AVX512_WORK
from .cpu import MKL_GENERIC
from .vector_loop import MKL_AVX512

__all__ = ["matmul", "generic_matmul", "avx512_matmul", "addmm_product", "dot"]

_GEMV_AT_ONCE = 1 << 20  # (a gemv's products held at once, at most: 4 MB of float32)
_ROWS = 512             # (M * N from which adding plane by plane beats one cumsum)


def matmul(a, b):
    """``np.matmul(a, b)``, adding in PyTorch's order for 2-D float32 operands of the
    shapes above and for a transposed matrix times a vector (on processors where MKL
    takes its generic kernels: ``.cpu``)."""
    if MKL_GENERIC:
        return generic_matmul(a, b)
    return avx512_matmul(a, b) if MKL_AVX512 else np.matmul(a, b)


def dot(a, b):
    """``np.dot`` of two vectors, adding two float32 vectors of at most 2^20 terms in
    MKL's ``sdot`` order on an Intel processor with AVX-512 (``avx512_sdot``)."""
    if MKL_AVX512 and not MKL_GENERIC and a.dtype == np.float32 and \
            b.dtype == np.float32 and a.shape == b.shape and a.ndim == 1 and \
            a.shape[0] <= _AVX512_WORK:
        return np.asarray(avx512_sdot.sdot(a, b))
    return np.dot(a, b)


def addmm_product(bias, a, b):
    """``bias + a @ b`` as ``addmm`` with ``beta = alpha = 1`` adds it on Intel's
    AVX-512 (its sgemm's bias joins the first block of ``K``, and is the addend of the
    one fused multiply-add where ``K`` is 1: ``avx512_gemm``; decided once per layout,
    ``avx512_plans``), or None elsewhere, where it is ``bias + matmul(a, b)``."""
    if MKL_GENERIC or not MKL_AVX512:
        return None
    return avx512_plans.addmm_plan(bias, a, b)(bias, a, b)


def avx512_matmul(a, b):
    """``np.matmul(a, b)``, adding in PyTorch's order on an Intel processor with AVX-512
    where it was revealed (``avx512_gemm`` for the shapes ``avx512_shapes`` lists,
    ``avx512_small`` for few rows, one row or one column), through the plan kept for the
    operands' layout (``avx512_plans``)."""
    return avx512_plans.plan(a, b)(a, b)


def generic_matmul(a, b):
    """``matmul`` as MKL's generic kernels add (the orders above), on any processor."""
    if _column_major_gemv(a, b):
        return _gemv_by_columns(a, b)
    if b.ndim == 2 and b.shape[1] == 1 and a.ndim == 2 and 1 < b.shape[0] <= 128 and \
            _column_major_gemv(a, b[:, 0], one_row=a.shape[0] == 1):
        # (a one-column matrix: MKL's gemv too, and a row times a column adds one term
        # after another whatever its layout; measured. nn.Linear(n, 1)'s weight gradient
        # is this product here, where torch computes it as (grad.T @ x).T, whose sums are
        # these up to the 128 terms of the rule above: longer ones keep numpy's order,
        # as that product's do)
        return _gemv_by_columns(a, b[:, 0])[:, None]
    if a.ndim == 2 and b.ndim == 2 and a.dtype == np.float32 and b.dtype == np.float32:
        (m, k), n = a.shape, b.shape[1]
        if _in_lanes(a, b):
            return _by_lanes(a, b)
        if 1 < k <= 128 and (m <= 2 or 2 <= n <= 8) and n > 1 and k == b.shape[0]:
            return _by_planes(a, b) if m * n >= _ROWS else _by_cumsum(a, b)
    return np.matmul(a, b)


def _by_cumsum(a, b):
    products = a[:, :, None] * b[None, :, :]
    # (a fresh, contiguous array as np.matmul's: the slice is a strided view;
    # + 0.0: the sum starts from zero, so a sum of -0.0 terms is +0.0)
    return np.ascontiguousarray(np.cumsum(products, axis=1)[:, -1, :]) + 0.0


def _by_planes(a, b):
    """The sums of ``_by_cumsum``, bit for bit, one ``k`` at a time over all rows."""
    at, bt = np.ascontiguousarray(a.T), b.T          # (K, M), (N, K)
    total = bt[:, :1] * at[0]                        # (N, M): the running sums, transposed
    product = np.empty_like(total)
    for i in range(1, a.shape[1]):
        np.multiply(bt[:, i:i + 1], at[i], out=product)
        total += product
    total += 0.0
    return np.ascontiguousarray(total.T)


def _in_lanes(a, b):
    """nn.Linear's product ``x @ weight.T`` with 2 to 10 outputs, 2 or more rows and a
    multiple of 4 inputs up to 256: MKL's sgemm with a transposed ``B`` adds each
    row's terms in vector lanes (measured bit for bit)."""
    (m, k), n = a.shape, b.shape[1]
    return 2 <= n <= 10 and m >= 2 and k % 4 == 0 and 4 <= k <= 256 and \
        k == b.shape[0] and a.flags.c_contiguous and b.flags.f_contiguous and \
        not b.flags.c_contiguous


def _by_lanes(a, b):
    """Outputs four at a time in 4 lanes, the last 1 to 3 in 8 lanes: lane ``l`` adds
    ``a[:, k] * b[k]`` for ``k = l, l + L, ...`` one block after another, the lanes are
    halved in a tree (``l + L/2``, ... ``l + 1``), then a last 4 terms (8 lanes, ``K``
    not a multiple of 8) one after another. (Computed transposed, rows last, as
    ``_by_planes``.)"""
    n = b.shape[1]
    at, bt = np.ascontiguousarray(a.T), b.T               # (K, M), (N, K)
    g = n - n % 4
    parts = ([_lanes(at, bt[:g], 4)] if g else []) + ([_lanes(at, bt[g:], 8)] if n > g else [])
    total = parts[0] if len(parts) == 1 else np.concatenate(parts)
    total += 0.0
    return np.ascontiguousarray(total.T)


def _lanes(at, bt, width):
    """The (N, M) sums of ``width`` lanes: all lanes at once as (width, N, M) for few
    rows, else one (N, M) plane at a time (no large temporaries, which the allocator
    maps and unmaps at every call)."""
    k, m = at.shape
    full = k - k % width
    if not full:              # (fewer terms than lanes: one after another)
        total = np.zeros((bt.shape[0], m), np.float32)
    elif m * bt.shape[0] < _ROWS:
        lanes = bt[:, :width].T[:, :, None] * at[:width, None, :]
        for j in range(width, full, width):
            lanes += bt[:, j:j + width].T[:, :, None] * at[j:j + width, None, :]
        while len(lanes) > 1:
            lanes = lanes[:len(lanes) // 2] + lanes[len(lanes) // 2:]
        total = lanes[0]
    else:
        product = np.empty((bt.shape[0], m), np.float32)

        def lane(i):
            plane = bt[:, i:i + 1] * at[i]
            for j in range(i + width, full, width):
                plane += np.multiply(bt[:, j:j + 1], at[j], out=product)
            return plane

        def tree(i, span):             # lanes i, i + span, i + 2 span ... halved
            if span == width:
                return lane(i)
            left = tree(i, span * 2)
            left += tree(i + span, span * 2)
            return left
        total = tree(0, 1)
    for j in range(full, k):
        total += bt[:, j:j + 1] * at[j]
    return total


def _column_major_gemv(a, b, one_row=False):
    return a.ndim == 2 and b.ndim == 1 and a.dtype == b.dtype and \
        a.dtype in (np.float32, np.float64) and a.shape[1] == b.shape[0] and \
        (one_row or a.flags.f_contiguous and not a.flags.c_contiguous)


def _gemv_by_columns(a, b):
    """``a @ b`` adding ``a[:, k] * b[k]`` one column after another: ``np.cumsum`` over
    the products (small), or the same sums one column at a time (large: no products held
    at once)."""
    if a.size <= _GEMV_AT_ONCE:
        # (+ 0.0: the sum starts from zero, so a sum of -0.0 terms is +0.0)
        return np.ascontiguousarray(np.cumsum(a * b[None, :], axis=1)[:, -1]) + 0.0
    total = a[:, 0] * b[0]
    product = np.empty_like(total)
    for k in range(1, a.shape[1]):
        np.multiply(a[:, k], b[k], out=product)
        total += product
    return total + 0.0
