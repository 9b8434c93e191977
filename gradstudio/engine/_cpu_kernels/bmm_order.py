"""The order PyTorch's CPU ``bmm`` and ``baddbmm`` add a product's terms in: below ``K * M *
N = 400`` (ATen's ``baddbmm_cpu_kernel``) each entry's sum runs one ``k`` after another,
each product rounded to the dtype; numpy's BLAS adds in blocks, a last digit apart in
about a third of the entries of a teaching-size product (measured). Larger products are
MKL's and keep numpy's order."""
import numpy as np

__all__ = ["bmm"]

_NAIVE = 400


def bmm(b1, b2):
    """``b1 @ b2`` batch by batch, as PyTorch's CPU ``bmm`` adds: for small products
    (``K * M * N < 400``) one ``k`` after another, each product rounded (measured bit
    for bit); a BLAS product past it."""
    n, m, k = b1.shape
    p = b2.shape[2]
    if k * m * p >= _NAIVE or b1.dtype.kind not in "fc" or b1.dtype != b2.dtype:
        return np.matmul(b1, b2)
    if b1.dtype == np.float16:
        return bmm(b1.astype(np.float32), b2.astype(np.float32)).astype(np.float16)
    acc = np.zeros((max(n, b2.shape[0]), m, p), b1.dtype)
    for j in range(k):
        acc = acc + b1[:, :, j:j + 1] * b2[:, j:j + 1, :]
    return acc
