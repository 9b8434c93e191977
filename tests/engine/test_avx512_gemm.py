"""MKL's AVX-512 ``sgemm`` order (``_cpu_kernels/avx512_gemm.py``): the summation tree
FPRev's probes reveal in torch on an Intel processor with AVX-512, the engine's emulation
of its fused multiply-adds, and ``nn.Linear``'s products bit for bit against torch where
the engine takes that kernel (on other processors, within the last bits: MKL's generic
kernels there have orders of their own, ``gemm_order``)."""
import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine._cpu_kernels import avx512_gemm, threads
from gradstudio.engine._cpu_kernels.fma import fma32
from cpu_paths import MKL_AVX512, product_reproduced

torch = pytest.importorskip("torch")

BIG = np.float32(2.0 ** 40)


def _after_meeting(product, k, p, q, m=2, n=2):
    """FPRev's probe: a row of ones but ``+2^40`` at ``p`` and ``-2^40`` at ``q``, times
    ones: the result counts the terms added after ``p`` and ``q`` met."""
    a = np.ones((m, k), np.float32)
    a[0, p], a[0, q] = BIG, -BIG
    return int(product(a, np.ones((k, n), np.float32))[0, 0])


@pytest.fixture
def two_threads():
    before = threads.threads()
    threads.set_threads(2)
    yield
    threads.set_threads(before)


# (K, rows = columns, pair, terms after the pair met) as torch adds on an AVX-512 Xeon
TREES = [(40, 4, (0, 39), 0), (40, 4, (3, 17), 22),              # one chain
         (784, 4, (0, 383), 400), (784, 4, (0, 384), 200),       # blocks 384 + 200 + 200
         (784, 4, (384, 583), 584), (784, 4, (584, 783), 584), (784, 4, (200, 700), 0),
         (500, 32, (0, 249), 250), (500, 32, (10, 250), 0)]      # 250 + 250
TREES_TWO_THREADS = [(784, 32, (0, 195), 588), (784, 32, (0, 300), 392),
                     (784, 32, (392, 587), 588), (784, 32, (400, 600), 392),
                     (784, 8, (0, 383), 400)]     # (few rows and columns: no thread split)


@pytest.mark.parametrize("k,size,pair,after", TREES)
def test_the_probes_reveal_mkls_blocks_of_k(k, size, pair, after):
    assert _after_meeting(avx512_gemm.sgemm, k, *pair, m=size, n=size) == after
    if MKL_AVX512:
        torch.set_num_threads(1)
        try:
            ours = _after_meeting(lambda a, b: (torch.from_numpy(a) @ torch.from_numpy(b))
                                  .numpy(), k, *pair, m=size, n=size)
        finally:
            torch.set_num_threads(threads.threads())
        assert ours == after


@pytest.mark.parametrize("k,size,pair,after", TREES_TWO_THREADS)
def test_two_threads_share_k_past_768(two_threads, k, size, pair, after):
    assert _after_meeting(avx512_gemm.sgemm, k, *pair, m=size, n=size) == after
    if MKL_AVX512 and threads.threads() == 2:
        torch.set_num_threads(2)
        assert _after_meeting(lambda a, b: (torch.from_numpy(a) @ torch.from_numpy(b))
                              .numpy(), k, *pair, m=size, n=size) == after


def _fma_one_by_one(a, b):
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for i in range(a.shape[1]):
        acc = fma32(a[:, i:i + 1], b[i:i + 1], acc)
    return acc


@pytest.mark.parametrize("scale", [1.0, 1e-20, 1e19])
def test_the_fused_multiply_adds_round_once(scale):
    """(Subnormal sums, float32 ties after the float64 sum and overflow, as ``fma32``.)"""
    rng = np.random.default_rng(3)
    a = (rng.standard_normal((40, 30)) * scale).astype(np.float32)
    b = rng.standard_normal((30, 20)).astype(np.float32)
    # (1 + 2^-23) + (2^-24 - 2^-70): float64 rounds it to a float32 tie, which rounds up
    # to even, where the fused sum is below the tie: 1 + 2^-23
    a[0, :2], b[:2, 0] = (1 + 2.0 ** -23, (1 + 2.0 ** -23) * 2.0 ** -12), \
        (1, (1 - 2.0 ** -23) * 2.0 ** -12)
    a[0, 2:], b[2:, 0] = 0, 0
    ours = avx512_gemm.sgemm(a, b)
    assert ours[0, 0] == np.float32(1 + 2.0 ** -23)
    expected = _fma_one_by_one(a, b) + np.float32(0)
    assert np.array_equal(ours.view(np.uint32), expected.view(np.uint32))
    assert ours.flags.c_contiguous and ours.dtype == np.float32


# (rows, inputs, outputs): both sides of the kernel's borders in avx512_matmul
LINEAR = [(2, 30, 16), (2, 47, 16), (2, 48, 16), (5, 119, 4), (5, 120, 4), (8, 4, 8),
          (8, 9, 10), (15, 359, 64), (16, 784, 128), (32, 1, 20), (64, 784, 10),
          (64, 385, 100), (128, 784, 64), (100, 769, 32), (20, 3, 2), (3, 16, 12),
          (16, 500, 1), (1, 64, 16), (11, 30, 3), (4, 20, 3)]


@pytest.mark.parametrize("rows,inputs,outputs", LINEAR)
def test_a_linear_layers_products_are_torchs_where_the_kernel_is_taken(rows, inputs,
                                                                        outputs):
    rng = np.random.default_rng(rows * 1000 + inputs + outputs)
    x = rng.standard_normal((rows, inputs)).astype(np.float32)
    w = rng.standard_normal((outputs, inputs)).astype(np.float32)
    b = rng.standard_normal(outputs).astype(np.float32)
    g = rng.standard_normal((rows, outputs)).astype(np.float32)
    results = []
    for lib in (torch, E):
        xt, wt = lib.tensor(x, requires_grad=True), lib.tensor(w, requires_grad=True)
        out = lib.nn.functional.linear(xt, wt, lib.tensor(b))
        out.backward(lib.tensor(g))
        results.append((out.detach().numpy(), xt.grad.numpy(), wt.grad.numpy()))
    # torch's products: x @ W.T (+ b), grad @ W and grad.T @ x
    for theirs, ours, operands in zip(*results, ((x, w.T), (g, w), (g.T, x))):
        if MKL_AVX512 and product_reproduced(*operands):
            np.testing.assert_array_equal(ours, theirs)
        else:        # (two summation orders: each within K eps sum|a b| of the exact sum)
            left, right = operands
            bound = 2 * left.shape[1] * 2.0 ** -24 * (np.abs(left) @ np.abs(right)) + \
                2.0 ** -23 * np.abs(theirs)   # (and a bias's one rounding)
            assert (np.abs(ours.astype(np.float64) - theirs) <= bound.reshape(ours.shape)).all()


def _row_after_meeting(k, p, q, rows=8):
    a = np.ones((rows, k), np.float32)
    a[0, p], a[0, q] = BIG, -BIG
    return a, np.ones(k, np.float32)


# (K, pair, terms after the pair met) of a row of x @ w in MKL's four-row kernel: the
# first term starts lane 0, 16 lanes take 1..32 (lane l: 1 + l, 17 + l), halved in a
# tree, then 4 lanes the last 7 (33 + l, 37 + l)
ROW_TREES = [(40, (0, 1), 38), (40, (1, 17), 37), (40, (1, 9), 35), (40, (1, 2), 7),
             (40, (0, 33), 6), (40, (33, 37), 5), (40, (34, 36), 37), (8, (1, 5), 5)]


@pytest.mark.parametrize("k,pair,after", ROW_TREES)
def test_the_probes_reveal_the_four_row_kernels_lanes(k, pair, after):
    from gradstudio.engine._cpu_kernels.avx512_gemv import rows_times_column
    a, w = _row_after_meeting(k, *pair)
    assert int(rows_times_column(a, w)[0]) == after
    if MKL_AVX512:
        assert int((torch.from_numpy(a) @ torch.from_numpy(w)).numpy()[0]) == after


@pytest.mark.parametrize("rows,inputs", [(8, 2), (16, 7), (16, 40), (64, 33), (32, 100),
                                         (128, 784), (24, 9), (12, 5), (5, 30), (1, 10)])
def test_a_linear_layer_with_one_output_is_torchs_for_rows_in_fours(rows, inputs):
    """(``nn.Linear(K, 1)``: a regression's output, a binary classifier's logit; and
    the same product as ``x @ w`` and ``x.mv(w)``.)"""
    rng = np.random.default_rng(rows + inputs)
    x = rng.standard_normal((rows, inputs)).astype(np.float32)
    w = rng.standard_normal((1, inputs)).astype(np.float32)
    b = rng.standard_normal(1).astype(np.float32)
    outs = []
    for lib in (torch, E):
        xt, wt = lib.tensor(x), lib.tensor(w)
        outs.append((lib.nn.functional.linear(xt, wt, lib.tensor(b)).numpy(),
                     (xt @ wt[0]).numpy(), xt.mv(wt[0]).numpy(), (xt @ wt.t()).numpy()))
    for theirs, ours in zip(*outs):
        if MKL_AVX512 and product_reproduced(x, w.T):
            np.testing.assert_array_equal(ours, theirs)
        else:        # (two summation orders: each within K eps sum|a b| of the exact sum)
            bound = 2 * inputs * 2.0 ** -24 * (np.abs(x) @ np.abs(w.T)) + \
                2.0 ** -23 * np.abs(b)        # (and the bias's one rounding)
            assert (np.abs(ours.astype(np.float64) - theirs) <= bound.reshape(ours.shape)).all()
