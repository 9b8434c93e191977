"""The order PyTorch's CPU matrix product (MKL's ``sgemm``) adds a float32 product's terms
in, where it was measured for the small shapes of teaching examples: an ``(M, K) @ (K,
N)`` product with ``M <= 2`` or ``2 <= N <= 8`` adds ``a[i, k] * b[k, j]`` (each product
rounded) one ``k`` after another from ``k = 0`` (numpy's BLAS adds in blocks, a last digit
apart), for at most 128 terms (``K``: past it, a shipped Playground example's training
printed a last digit apart from PyTorch's, so longer sums keep numpy's order). Other
shapes (``M >= 4`` and ``N >= 12``: fused multiply-adds one ``k`` after another, and
blocks of ``K`` past about 130; ``N == 1``: MKL's ``sgemv``; ``N`` from 9 to 11: a mix)
keep numpy's product; docs/engine.md says where the last digit may still differ.

Two ways give those sums: ``np.cumsum`` over every ``(M, K, N)`` product (few rows), or
``K`` passes over an ``(N, M)`` plane of running sums (many rows: a Data panel's 10,000
grid points, where the cumsum took 30 times longer and held every product at once)."""
import numpy as np

__all__ = ["matmul"]

_ROWS = 512             # (M * N from which adding plane by plane beats one cumsum)


def matmul(a, b):
    """``np.matmul(a, b)``, adding in PyTorch's order for 2-D float32 operands of the
    shapes above."""
    if a.ndim == 2 and b.ndim == 2 and a.dtype == np.float32 and b.dtype == np.float32:
        (m, k), n = a.shape, b.shape[1]
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
