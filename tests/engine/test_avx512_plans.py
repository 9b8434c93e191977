"""The lean plans of MKL's AVX-512 products (``_cpu_kernels/avx512_plans.py``) give the
reference kernels' bits (``avx512_gemm.sgemm``, ``avx512_small``'s kernels), which
``test_avx512_gemm.py`` and ``test_avx512_small.py`` check against torch: on random products of a teaching
example's sizes and on the sums where rounding from float64 may differ (float32 ties,
subnormal sums, overflow, signed zeros, inf and nan), in every layout. Pure numpy:
the same on any processor."""
import numpy as np
import pytest

from gradstudio.engine._cpu_kernels import avx512_gemm, avx512_plans, avx512_small
from gradstudio.engine._cpu_kernels.avx512_shapes import _avx512_gemm_kernel

F32 = np.float32


def _same_bits(ours, theirs):
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype == F32
    nan = np.isnan(theirs)
    assert (np.isnan(ours) == nan).all()
    assert np.array_equal(ours.view(np.uint32)[~nan], theirs.view(np.uint32)[~nan])


def _layout(x, fortran):
    return np.asfortranarray(x) if fortran else np.ascontiguousarray(x)


def _specials(rng, x, kind):
    """``x`` with some entries made ties, subnormal sums, overflow, zeros or non-finite
    numbers."""
    x = x.copy()
    flat = x.reshape(-1)
    at = rng.integers(0, flat.size, max(1, flat.size // 4))
    if kind == "tiny":
        x *= F32(1e-20)
    elif kind == "huge":
        x *= F32(1e19)
    elif kind == "zeros":
        flat[at] = rng.choice([0.0, -0.0], at.size)
    elif kind == "nonfinite":
        flat[at] = rng.choice([np.inf, -np.inf, np.nan, 0.0], at.size)
    elif kind == "round":        # (few mantissa bits: exact sums, many of them float32 ties)
        flat[:] = np.round(flat * 8) / 8 + rng.choice([0, 2.0 ** -23, 3 * 2.0 ** -24], flat.size)
    elif kind == "units":
        flat[:] = rng.choice([0.0, 1.0, -1.0, -0.0], flat.size)
    return x


KINDS = ["normal", "tiny", "huge", "zeros", "nonfinite", "round", "units"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("layouts", [(False, False), (True, False), (False, True),
                                     (True, True)])
def test_a_lean_blocked_product_is_the_reference_kernels(kind, layouts):
    rng = np.random.default_rng(KINDS.index(kind) * 10 + sum(layouts))
    for m, k, n in [(4, 2, 4), (2, 4, 4), (4, 1, 4), (4, 4, 2), (3, 17, 5), (16, 40, 8),
                    (8, 384, 3), (5, 9, 16), (4, 2, 16)]:
        a = _layout(_specials(rng, rng.standard_normal((m, k)).astype(F32), kind), layouts[0])
        b = rng.standard_normal((k, n)).astype(F32)
        if kind in ("zeros", "round", "units") and rng.random() < 0.5:
            b = _specials(rng, b, kind)
        b = _layout(b, layouts[1])
        if not _avx512_gemm_kernel(a, b):   # (a layout MKL adds otherwise: not this kernel's)
            continue
        product = avx512_plans.plan(a, b)
        assert product is not avx512_gemm.sgemm
        with np.errstate(all="ignore"):     # (one term: the product alone, -0.0 kept)
            theirs = np.multiply(a, b) if k == 1 else avx512_gemm.sgemm(a, b)
            _same_bits(product(a, b), theirs)


def test_a_float32_tie_after_the_float64_sum_is_rounded_once():
    """(1 + 2^-23) + (2^-24 - 2^-70): float64 rounds it to a float32 tie, which rounds up
    to even, where the fused sum is below the tie: 1 + 2^-23 (``test_avx512_gemm``)."""
    a = np.zeros((4, 3), F32)
    b = np.zeros((3, 4), F32)
    a[0, :2], b[:2, 0] = (1 + 2.0 ** -23, (1 + 2.0 ** -23) * 2.0 ** -12), \
        (1, (1 - 2.0 ** -23) * 2.0 ** -12)
    ours = avx512_plans.plan(a, b)(a, b)
    assert ours[0, 0] == F32(1 + 2.0 ** -23)
    _same_bits(ours, avx512_gemm.sgemm(a, b))


@pytest.mark.parametrize("kind", KINDS)
def test_a_lean_row_times_column_is_the_reference_kernels(kind):
    """Rows in fours and the ``M % 4`` rows left (``avx512_gemv_tail``), as
    ``avx512_small.row_blocks_product`` adds them."""
    rng = np.random.default_rng(100 + KINDS.index(kind))
    for m, k in [(8, 2), (8, 4), (16, 9), (8, 17), (8, 33), (16, 50), (8, 100), (24, 64),
                 (4, 4), (5, 3), (6, 40), (7, 1), (13, 35)]:
        a = _specials(rng, rng.standard_normal((m, k)).astype(F32), kind)
        w = rng.standard_normal(k).astype(F32)
        for b in (w, w[:, None]):
            product = avx512_plans.plan(a, b)
            assert avx512_small.kernel(a, b) is avx512_small.row_blocks_product
            assert product is not avx512_small.row_blocks_product
            with np.errstate(all="ignore"):
                _same_bits(product(a, b), avx512_small.row_blocks_product(a, b))


@pytest.mark.parametrize("kind", KINDS)
def test_a_lean_row_times_a_transposed_weight_is_the_reference_kernels(kind):
    """One sample through ``nn.Linear(k, n)``: ``x @ W.T``, ``sgemv`` of ``W``'s rows."""
    rng = np.random.default_rng(300 + KINDS.index(kind))
    for n, k in [(4, 2), (2, 4), (5, 9), (8, 40), (16, 3), (3, 100)]:
        x = _specials(rng, rng.standard_normal((1, k)).astype(F32), kind)
        w = rng.standard_normal((n, k)).astype(F32)
        if kind in ("zeros", "round", "units") and rng.random() < 0.5:
            w = _specials(rng, w, kind)
        product = avx512_plans.plan(x, w.T)
        assert avx512_small.kernel(x, w.T) is avx512_small.row_by_transposed_product
        assert product is not avx512_small.row_by_transposed_product
        with np.errstate(all="ignore"):
            _same_bits(product(x, w.T), avx512_small.row_by_transposed_product(x, w.T))


@pytest.mark.parametrize("kind", KINDS)
def test_a_lean_transposed_matrix_times_a_column_is_the_reference_kernels(kind):
    rng = np.random.default_rng(200 + KINDS.index(kind))
    for m, k in [(4, 4), (2, 8), (15, 30), (4, 200), (16, 20), (21, 9)]:
        a = _specials(rng, rng.standard_normal((k, m)).astype(F32), kind).T
        v = rng.standard_normal(k).astype(F32)
        for b in (v, v[:, None]):
            product = avx512_plans.plan(a, b)
            assert avx512_small.kernel(a, b) is avx512_small.columns_product
            assert (product is avx512_small.columns_product) == (m >= 16)   # (blocks of 16)
            with np.errstate(all="ignore"):
                _same_bits(product(a, b), avx512_small.columns_product(a, b))


def test_a_plan_takes_avx512_smalls_kernel_where_the_lean_forms_do_not_reach():
    """Few rows by a transposed weight (a dot-product kernel), a row times a column, a
    (1, 1) matrix times a row: ``avx512_small``'s kernels themselves, not numpy's."""
    rng = np.random.default_rng(7)
    for a, b in [(rng.standard_normal((4, 2)).astype(F32),
                  rng.standard_normal((3, 2)).astype(F32).T),
                 (rng.standard_normal((1, 9)).astype(F32),
                  rng.standard_normal((9, 1)).astype(F32)),
                 (rng.standard_normal((1, 1)).astype(F32),
                  rng.standard_normal((1, 5)).astype(F32))]:
        kernel = avx512_small.kernel(a, b)
        assert kernel is not None and avx512_plans.plan(a, b) is kernel
        _same_bits(avx512_plans.plan(a, b)(a, b), avx512_small.matmul(a, b))


def test_a_plan_is_kept_per_layout_and_follows_the_thread_count():
    from gradstudio.engine._cpu_kernels import threads
    a = np.ones((16, 1000), F32)
    b = np.ones(1000, F32)
    before = threads.threads()
    try:
        threads.set_threads(1)
        assert avx512_plans.plan(a, b) is avx512_plans.plan(a.copy(), b.copy())
        one = avx512_plans.plan(a[:12], b)
        threads.set_threads(2)   # (two threads share 12 rows of 1,000 terms by a rule not found)
        assert avx512_plans.plan(a[:12], b) is np.matmul and one is not np.matmul
    finally:
        threads.set_threads(before)
