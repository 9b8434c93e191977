"""The order PyTorch's float32 matrix product (MKL's ``sgemm``) adds in on an Intel
processor with AVX-512, where MKL runs kernels of its own, revealed with FPRev's probes
(a row of ones but for ``+2^40`` and ``-2^40`` at two places: the result counts the terms
added after the two met, which gives the summation tree; Xie et al., "FPRev: Revealing
the order of floating-point summation", 2024) and measured bit for bit against torch:

- every entry is a chain of fused multiply-adds one ``k`` after another, from zero (so
  the first product is rounded alone), in blocks of ``K``: at most 384 terms a block;
  a ``K`` past 384 is cut into blocks of 384 while more than two blocks' worth is left,
  then the rest in two halves (the first one the larger): ``K = 784`` adds ``0..383``,
  ``384..583``, ``584..783``, each block from zero and the block sums one after another;
- with two threads and ``K`` past 768, by the shape (``_thread_cut``): the same, or
  each thread takes half of ``K`` (the first the larger) and blocks it as above, the
  two halves' sums added at the end, or blocks of 384 and the rest (``K = 784``: 384,
  384, 16);
- ``addmm``'s bias (``beta = 1``) is added to the first block's sum, then the other
  blocks' sums; with one term (``K = 1``) the bias is the fused multiply-add's addend.

Which shapes take this kernel (``M`` and ``N`` of 2 or more; for a transposed second
operand, ``nn.Linear``'s weight, ``_avx512_gemm_kernel``) is decided in ``avx512_shapes``;
the others (one row or column, ``nn.Linear`` with few rows) run ``sgemv`` and
dot-product kernels: ``avx512_small``. The fused multiply-adds are computed in float64 (the product
exactly), rounding a float32 tie or a subnormal sum again, as ``fma.fma32``."""
import numpy as np

from .fma import add_round_odd, fma32
from .threads import threads

__all__ = ["KC", "sgemm", "k_blocks", "supported"]

KC = 384                      # (MKL's block of K on this path)
_F32, _F64 = np.float32, np.float64
_LOW29, _TIE = np.uint64(0x1FFFFFFF), np.uint64(0x10000000)
_TINY32 = 2.0 ** -126


def k_blocks(lo, hi):
    """The blocks ``(start, stop)`` one thread cuts ``lo..hi`` into."""
    out = []
    while hi - lo > 2 * KC:
        out.append((lo, lo + KC))
        lo += KC
    if hi - lo > KC:
        half = lo + (hi - lo + 1) // 2
        return out + [(lo, half), (half, hi)]
    return out + [(lo, hi)]


def _splits(m, k, n):
    """The blocks of ``K`` each thread adds (``[(start, stop), ...]`` per thread), or
    None for a shape whose cut was not measured. Past 768 terms with two threads MKL
    either keeps one thread's blocks, or gives each thread half of ``K`` (the first the
    larger), or cuts plain blocks of 384 (``K = 784``: 384, 384, 16), by a rule of
    ``M`` and ``N`` measured at ``K = 784`` (``_THREAD_CUTS``)."""
    if threads() < 2 or k <= 2 * KC:
        return [k_blocks(0, k)]
    cut = _thread_cut(m, n)
    if cut == "one":
        return [k_blocks(0, k)]
    if cut == "halves":
        half = (k + 1) // 2
        return [k_blocks(0, half), k_blocks(half, k)]
    if cut == "plain":
        return [[(start, min(start + KC, k)) for start in range(0, k, KC)]]
    return None


def _thread_cut(m, n):
    """How two threads cut ``K`` past 768 for an ``(M, N)`` result (measured with ``M``
    from 2 to 128 and ``N`` from 2 to 784): a product of at most 245 entries stays one
    thread's (255 or more do not); 100 or more rows by 256 or more columns cut plain
    blocks (and 127 by 186, but 112 by 200 does not: from 97 rows, 129 to 255 columns
    are left to numpy); 64 to 96 rows, or at most 350 columns, or 512, or 783 or more,
    halve ``K``; other shapes (fewer rows by 384 to 700 columns: some kept whole,
    others not measured) are left to numpy."""
    if m * n <= 245:
        return "one"
    if m * n < 255:
        return None
    if m > 128 or m >= 97 and 128 < n < 256 or m in (97, 98, 99) and n >= 256:
        return None
    if m >= 100 and n >= 256:
        return "plain"
    if 64 <= m <= 96 or n <= 350 or n == 512 or n >= 783:
        return "halves"
    return None


def supported(m, k, n):
    """Whether ``sgemm`` knows how MKL adds an ``(M, K) @ (K, N)`` product here."""
    return _splits(m, k, n) is not None


def sgemm(a, b, bias=None):
    """``a @ b`` (2-D float32) in the order above, plus ``bias`` (broadcast to the
    result, float32) as ``addmm`` adds it with ``beta = 1``."""
    m, k = a.shape
    n = b.shape[1]
    if k == 1 and bias is not None:
        with np.errstate(all="ignore"):
            return np.ascontiguousarray(fma32(a, b, bias))
    a64, b64 = a.astype(_F64), b.astype(_F64)
    total = None
    with np.errstate(all="ignore"):
        for blocks in _splits(m, k, n):
            part = None
            for start, stop in blocks:
                block = _fma_chain(a64, b64, start, stop)
                if part is None and total is None and bias is not None:
                    part = bias + block
                elif part is None:
                    part = block
                else:
                    part += block
            total = part if total is None else total + part
    if total is None:          # (K == 0)
        total = np.zeros((m, n), _F32) if bias is None else \
            np.broadcast_to(bias, (m, n)).astype(_F32)
    return np.ascontiguousarray(total)


def _fma_chain(a64, b64, start, stop):
    """``fma(a[:, k], b[k], acc)`` for ``k`` from ``start`` to ``stop``, from zero: per
    ``k`` one float64 add of the exact product (all of a block's products at once where
    they take at most ``_PRODUCTS_AT_ONCE`` bytes), the two checks and the rounding.
    A small block (``_SMALL`` float64 sums at most) adds and rounds first and checks all
    its sums at once after: where none needed rounding again (a tie or a subnormal,
    about one sum in 2^29 of random data) the result is the same, else the block is
    added again with the checks per ``k``."""
    acc = np.multiply(a64[:, start:start + 1], b64[start], dtype=_F64).astype(_F32)
    acc += _F32(0.0)           # (fma(a, b, +0): a -0.0 product sums to +0.0)
    if stop - start == 1:
        return acc
    if (stop - start) * acc.size <= _SMALL:
        fast = _unchecked_chain(a64, b64, start, stop, acc.copy())
        if fast is not None:
            return fast
    return _checked_chain(a64, b64, start, stop, acc)


_SMALL = 1 << 16


def _unchecked_chain(a64, b64, start, stop, acc):
    """The chain with each float64 sum rounded to float32 as it is, or None where one
    of its sums is a float32 tie or subnormal (rounding it again may differ)."""
    products = np.multiply(a64[:, start + 1:stop].T[:, :, None], b64[start + 1:stop, None, :])
    sums = np.empty(products.shape, _F64)
    for j in range(stop - start - 1):
        np.add(products[j], acc, out=sums[j])
        np.copyto(acc, sums[j], casting="unsafe")
    tie = np.bitwise_and(sums.view(np.uint64), _LOW29) == _TIE
    tie |= np.abs(sums) < _TINY32
    tie &= sums != 0
    return None if tie.any() else acc


def _checked_chain(a64, b64, start, stop, acc):
    """The chain from the first product's ``acc``, each sum checked as it is made."""
    shape = acc.shape
    s, mag = np.empty(shape, _F64), np.empty(shape, _F64)
    u, tie, tiny = np.empty(shape, np.uint64), np.empty(shape, bool), np.empty(shape, bool)
    products = None
    if (stop - start) * s.nbytes <= _PRODUCTS_AT_ONCE:
        products = np.multiply(a64[:, start + 1:stop].T[:, :, None], b64[start + 1:stop, None, :])
    for i in range(start + 1, stop):
        if products is None:
            np.multiply(a64[:, i:i + 1], b64[i], out=s)
            np.add(s, acc, out=s)
        else:
            np.add(products[i - start - 1], acc, out=s)
        np.equal(np.bitwise_and(s.view(np.uint64), _LOW29, out=u), _TIE, out=tie)
        np.less(np.abs(s, out=mag), _TINY32, out=tiny)
        if tie.any() or tiny.any():
            _round_once(s, (tie | tiny) & (s != 0), a64[:, i], b64[i], acc)
        np.copyto(acc, s, casting="unsafe")
    return acc


_PRODUCTS_AT_ONCE = 1 << 23       # (8 MB of float64 products)


def _round_once(s, bad, a_col, b_row, acc):
    """The sums ``s`` whose float64 rounding may round the float32 result a second time
    (a float32 tie, a subnormal), redone rounded to odd, so that the float32 rounding
    is the only one."""
    rows, cols = np.nonzero(bad)
    s[bad] = add_round_odd(a_col[rows] * b_row[cols], acc[bad].astype(_F64))
