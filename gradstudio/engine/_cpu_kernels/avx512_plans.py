"""MKL's AVX-512 float32 products (``avx512_gemm``, ``avx512_small``) at the cost of a
few numpy calls: which kernel a product takes (the blocked ``sgemm``, one of
``avx512_small``'s, or numpy's product) is decided once per layout (shapes, strides,
dtypes, thread count) and kept as a plan, and the small products of a teaching example
(one block of ``K``; a row-major matrix or one row times a transposed weight in fours
of rows; a column-major matrix of fewer than 16 rows times a column) run lean forms of
the same sums. A product of one term is each product alone (a ``-0.0`` kept).

The lean forms add the same float64 sums in the same order as the reference kernels,
one numpy call per ``k`` over every entry at once, and check all their sums once at
the end: where a sum is a float32 tie or below float32's normal range (rounding it
from float64 may differ from the fused multiply-add's one rounding, about one sum in
2^29 of random data) the product is computed again by the reference kernel, which
checks and redoes each such sum. A sum's sign of zero is set at the end (``+ 0``):
it changes no other bit of a sum, and the reference kernels' sums are never -0.
Bit for bit the reference's (``tests/engine/test_avx512_plans.py``)."""
import numpy as np

from . import avx512_gemm, avx512_gemv, avx512_gemv_tail, avx512_small
from .avx512_shapes import _avx512_gemm_kernel, addmm_takes_bias
from .threads import threads

__all__ = ["plan", "addmm_plan", "quietly"]

_F32, _F64, _U64 = np.float32, np.float64, np.uint64
_LOW29 = np.uint64(0x1FFFFFFF)
_TIE = np.uint64(0x10000000).tobytes()
_SUBNORMAL_EXPONENT = -126     # (frexp's exponent of the largest float32 subnormal)
_AT_ONCE = 1 << 16             # (float64 sums a lean plan holds at once, at most)
_PLANS = {}
_KEPT = 512                    # (plans kept; a program has a few layouts)

try:                           # (numpy 2: its error state is a context variable)
    from numpy._core.umath import _extobj_contextvar, _make_extobj
    _QUIET = _make_extobj(all="ignore")

    def quietly(fn, *args):
        """``fn(*args)`` with numpy's floating-point warnings off (inf and nan
        silently, as PyTorch), without ``np.errstate``'s cost per call."""
        token = _extobj_contextvar.set(_QUIET)
        try:
            return fn(*args)
        finally:
            _extobj_contextvar.reset(token)
except ImportError:            # (numpy 1)
    def quietly(fn, *args):
        with np.errstate(all="ignore"):
            return fn(*args)


def _suspect(sums):
    """Whether a float64 sum (a C-contiguous array) may round twice to float32: a
    float32 tie (low 29 bits ``0x10000000``) or a number below float32's normal range,
    zero aside. The second is read from each sum's top byte (sign and exponent's top
    seven bits: below ``2^-111``; a zero's is 0, which no other sum of float32 products
    has, the least being ``2^-298``), without a numpy call. (A tie's byte pattern found
    across two masked entries, that of one whose low bits are ``0x10``, ``0x1000`` or
    ``0x100000``, only sends the product to the exact check.)"""
    if sums.size > _BY_BYTES:      # (numpy's passes: searching bytes is slower there)
        if (np.bitwise_and(sums.view(_U64), _LOW29) == _TIE_BITS).any():
            return True
        return bool(((np.abs(sums) < 2.0 ** -126) & (sums != 0)).any())
    if sums.tobytes()[7::8].translate(None, _NOT_TINY):
        return True
    return _TIE in np.bitwise_and(sums.view(_U64), _LOW29).tobytes()


_BY_BYTES = 512
_TIE_BITS = np.uint64(0x10000000)


_NOT_TINY = b"\x00\x80" + bytes(range(0x39, 0x80)) + bytes(range(0xB9, 0x100))


def _units(x):
    """Whether a small float32 array holds only 0, 1 and -1 (a truth table's inputs,
    a one-hot row, a mask), so that every product with it is exact in float32."""
    return x.size <= _UNIT_SIZE and set(x.view(np.uint32).ravel(order="K").tolist()) <= \
        _UNIT_BITS


_UNIT_SIZE = 64
_UNIT_BITS = {0, 0x80000000, 0x3F800000, 0xBF800000}


def plan(a, b):
    """The function that computes ``a @ b`` for operands laid out as ``a`` and ``b``,
    as ``gemm_order.avx512_matmul`` decides: a lean kernel, the reference one or
    numpy's product."""
    key = (a.shape, a.strides, a.dtype, b.shape, b.strides, b.dtype, threads())
    found = _PLANS.get(key)
    if found is None:
        found = _keep(key, _make_plan(a, b))
    return found


def addmm_plan(bias, a, b):
    """The function ``(bias, a, b) -> bias + a @ b`` as ``addmm`` adds it here: the
    bias inside MKL's AVX-512 sum where it joins it (``gemm_order.addmm_product``),
    else added to the product of ``a``'s and ``b``'s plan."""
    key = ("addmm", bias.shape, bias.dtype, a.shape, a.strides, a.dtype, b.shape,
           b.strides, b.dtype, threads())
    found = _PLANS.get(key)
    if found is None:
        found = _keep(key, _sgemm_bias if addmm_takes_bias(bias, a, b) else
                      _plus_bias(plan(a, b)))
    return found


def _plus_bias(product):
    def plus_bias(bias, a, b):
        return bias + product(a, b)
    return plus_bias


def _keep(key, value):
    if len(_PLANS) >= _KEPT:
        _PLANS.clear()
    _PLANS[key] = value
    return value


def _sgemm_bias(bias, a, b):
    shape = (a.shape[0], b.shape[1])
    return avx512_gemm.sgemm(a, b, np.broadcast_to(bias, shape))


def _make_plan(a, b):
    if _avx512_gemm_kernel(a, b):
        (m, k), n = a.shape, b.shape[1]
        if k == 1:
            return _one_term
        one_block = avx512_gemm._splits(m, k, n) == [[(0, k)]]
        return _one_block if one_block and k * m * n <= _AT_ONCE else avx512_gemm.sgemm
    kernel = avx512_small.kernel(a, b)
    if kernel is None:
        return np.matmul
    shape = (a.shape[0],) + b.shape[1:]
    if kernel is avx512_small.row_blocks_product and a.size <= _AT_ONCE:
        return _vector_plan(_row_major, shape)
    if kernel is avx512_small.columns_product and a.shape[0] < 16 and \
            a.size <= _AT_ONCE and a.shape[1] <= avx512_gemm.KC:
        return _vector_plan(_columns, shape)     # (fewer than 16 rows: one chain each)
    if kernel is avx512_small.row_by_transposed_product and b.size <= _AT_ONCE:
        return _row_by_transposed
    return kernel


def _vector_plan(kernel, shape):
    def product(a, b):
        return kernel(a, b[:, 0] if b.ndim == 2 else b).reshape(shape)
    return product


def _one_term(a, b):
    """One term (``K = 1``): each entry the product alone, rounded once, a ``-0.0``
    (``0 * -x``) kept, as MKL gives it (``avx512_small``'s measurement)."""
    return quietly(np.multiply, a, b)


def _row_major(a, w):
    """``avx512_small.row_blocks_product``'s sums: the rows in fours by ``_lanes``
    (``avx512_gemv.rows_times_column``'s), the ``M % 4`` rows left by
    ``avx512_gemv_tail``."""
    m = a.shape[0]
    blocks = m - m % 4
    if blocks == m:
        return _lanes(a, w)
    out = np.empty(m, _F32)
    if blocks:
        out[:blocks] = _lanes(a[:blocks], w)
    out[blocks:] = avx512_gemv_tail.tail_rows(a[blocks:], w)
    return out


def _row_by_transposed(a, b):
    """One row times a transposed weight (``avx512_small.row_by_transposed_product``):
    the weight's rows times the row."""
    return _row_major(b.T, a[0])[None, :]


def _one_block(a, b):
    """``avx512_gemm.sgemm(a, b)`` for one block of ``K`` (2 to 384 terms, one
    thread's): a chain of fused multiply-adds from zero, one ``k`` after another.
    Where one operand holds only 0 and +-1 each product is exact in float32, and so is
    each fused multiply-add's sum in float32's own add: the chain is ``np.cumsum``."""
    if _units(a) or _units(b):
        return quietly(_exact_chain, a, b)
    out = quietly(_chain, a, b)
    return avx512_gemm.sgemm(a, b) if out is None else out


def _exact_chain(a, b):
    total = np.cumsum(np.multiply(a.T[:, :, None], b[:, None, :]), axis=0)[-1]
    return total + _F32(0.0)       # (from +0: a sum of -0 products is +0)


def _chain(a, b):
    return _chain_of(np.multiply(a.T[:, :, None], b[:, None, :], dtype=_F64))


def _chain_of(products):
    """The chain over ``products``' first axis (``K``: the exact float64 products),
    or None where a sum may have rounded twice."""
    products[0] += 0.0             # (the chain starts from +0: fma(a, b, +0))
    acc = products[0].astype(_F32)
    sums = np.empty(products[1:].shape, _F64)
    for p, s in zip(products[1:], sums):
        np.add(p, acc, out=s)
        acc = s.astype(_F32)
    if _suspect(sums) and _inexact(sums, products):
        return None
    return acc


def _inexact(sums, products):
    """Whether a suspect sum (``_suspect``) of the chain was rounded: ``s = p + c`` is
    exact where both ``s - p == c`` and ``s - c == p`` (of the two subtractions, the one
    of the larger term is exact, so it shows any error). A sum of float32 values, or
    of exact products such as ``1 * w``, is often a float32 tie, and exact: its one
    rounding to float32 is the fused multiply-add's."""
    addends = np.concatenate((products[:1], sums[:-1])).astype(_F32)
    suspect = np.bitwise_and(sums.view(_U64), _LOW29) == _TIE_BITS
    suspect |= np.frexp(sums)[1] <= _SUBNORMAL_EXPONENT
    rest = products[1:]
    return bool(np.any(suspect & ((sums - rest != addends) | (sums - addends != rest))))


def _columns(a, v):
    """``avx512_gemv.columns_times_vector(a, v)`` (``K`` at most 384): the same chain
    over the columns from zero."""
    out = quietly(_column_chain, a, v)
    return avx512_gemv.columns_times_vector(a, v) if out is None else out


def _column_chain(a, v):
    return _chain_of(np.multiply(a, v, dtype=_F64).T)    # (K, M: exact products)


def _lanes(a, w):
    """``avx512_gemv.rows_times_column(a, w)``: every term's product at once in
    float64, each group of lanes (16, then 8s, then 4) in a few numpy calls."""
    out = quietly(_lane_groups, a, w)
    return avx512_gemv.rows_times_column(a, w) if out is None else out


def _lane_groups(a, w):
    m, k = a.shape
    p = np.multiply(a, w, dtype=_F64)          # (M, K): the exact products
    total = p[:, 0].astype(_F32)               # (the first term, rounded)
    at, r = 1, k - 1
    if r >= 32:
        count = r // 16 * 16
        total = _sixteen_lanes(p[:, at:at + count].reshape(m, count // 16, 16), total)
        at, r = at + count, r - count
    while r > 8:
        count = min(16, r)
        total = _few_lanes(p, total, at, count, 8)
        at, r = at + count, r - count
    if r:
        total = _few_lanes(p, total, at, r, 4)
    if _suspect(p):
        return None
    total += _F32(0.0)
    return total


def _sixteen_lanes(q, total):
    """16 lanes, lane 0 from ``total``, each a chain of fused multiply-adds over
    ``q``'s steps (``q[:, j, l]``: lane ``l``'s term of step ``j``), halved."""
    q[:, 0, 0] += total
    acc = q[:, 0].astype(_F32)
    for j in range(1, q.shape[1]):
        s = q[:, j]
        np.add(s, acc, out=s)
        acc = s.astype(_F32)
    return _halved(acc)


def _few_lanes(p, total, at, count, width):
    """``count`` terms in ``width`` lanes, lane 0 from ``total``: the first ``width``
    terms fused (lanes other than 0 start from zero: the product rounded), the rest
    each product rounded, then added; halved."""
    first = min(count, width)
    p[:, at] += total
    lanes = np.zeros((p.shape[0], width), _F32)
    lanes[:, :first] = p[:, at:at + first]
    if count > width:
        lanes[:, :count - width] += p[:, at + width:at + count].astype(_F32)
    return _halved(lanes)


def _halved(lanes):
    while lanes.shape[1] > 1:
        half = lanes.shape[1] // 2
        lanes = lanes[:, :half] + lanes[:, half:]
    return lanes[:, 0]
