"""Matrix products of float32 in PyTorch's order where it was measured (``M <= 2`` rows,
or 2 to 8 columns: each product rounded, added one ``k`` after another), so a small
network's gradient prints PyTorch's last digit: the product, the gradients ``mm`` sends
back and ``nn.Linear``'s weight gradient, bit for bit against torch where MKL runs its
generic kernels (``cpu_paths``: on Intel's processors, within their last bits)."""
import numpy as np
import pytest

import gradstudio.engine as E
from cpu_paths import assert_torchs_bits, product_reproduced

torch = pytest.importorskip("torch")

SHAPES = [(1, 16, 64), (2, 90, 8), (8, 90, 2), (16, 64, 4), (64, 100, 3), (32, 128, 8),
          (2, 5, 32), (100, 64, 8),
          # (many rows: a Data panel's 100x100 grid through a 2-8-8-1 MLP, and past the
          # 4 MB of products the one-cumsum way held at once)
          (10000, 2, 8), (10000, 8, 8), (3000, 64, 8)]


@pytest.mark.parametrize("m,k,n", SHAPES)
def test_a_small_product_adds_in_torchs_order(m, k, n):
    rng = np.random.default_rng(m * 1000 + k * 10 + n)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    theirs = (torch.from_numpy(a) @ torch.from_numpy(b)).numpy()
    ours = (E.tensor(a) @ E.tensor(b)).numpy()
    assert_torchs_bits(ours, theirs, exact=product_reproduced(a, b))
    at = np.ascontiguousarray(a.T)                      # (a transposed operand, as backward's)
    theirs_t = (torch.from_numpy(at).t() @ torch.from_numpy(b)).numpy()
    assert_torchs_bits((E.tensor(at).t() @ E.tensor(b)).numpy(), theirs_t,
                       exact=product_reproduced(at.T, b))


@pytest.mark.parametrize("batch,inputs,outputs", [(64, 4, 8), (90, 2, 8), (50, 3, 2), (30, 1, 16)])
def test_a_linear_layers_weight_gradient_is_torchs_bit_for_bit(batch, inputs, outputs):
    rng = np.random.default_rng(batch + inputs + outputs)
    x = rng.standard_normal((batch, inputs)).astype(np.float32)
    w = rng.standard_normal((outputs, inputs)).astype(np.float32)
    g = rng.standard_normal((batch, outputs)).astype(np.float32)
    grads = []
    for lib in (torch, E):
        weight = lib.tensor(w, requires_grad=True)
        (lib.nn.functional.linear(lib.tensor(x), weight) * lib.tensor(g)).sum().backward()
        grads.append(weight.grad.numpy())
    # (torch's product: grad.T @ x)
    assert_torchs_bits(grads[1], grads[0], exact=product_reproduced(g.T, x))


def test_a_product_added_in_torchs_order_is_a_contiguous_array_as_numpys():
    """(A slice of the running sum is a strided view: the product's tensor would not be
    contiguous where torch's is.)"""
    import numpy as np
    from gradstudio.engine._cpu_kernels.gemm_order import generic_matmul as matmul
    a = np.ones((2, 4), dtype=np.float32)
    b = np.ones((4, 5), dtype=np.float32)
    out = matmul(a, b)
    assert out.flags.c_contiguous


@pytest.mark.parametrize("m,k,n", [(10000, 8, 8), (600, 128, 4), (2, 128, 300)])
def test_a_product_of_many_rows_adds_in_order_without_holding_every_term(m, k, n):
    """(The Data panel's boundary takes a 10,000-row product at every iteration of a live
    run: holding all M*K*N rounded terms, then their running sums, made it 30 times
    slower than the product itself.)"""
    import tracemalloc
    from gradstudio.engine._cpu_kernels.gemm_order import _by_cumsum
    from gradstudio.engine._cpu_kernels.gemm_order import generic_matmul as matmul
    rng = np.random.default_rng(m + k + n)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    a[0, :] = -0.0                      # (a sum of -0.0 terms is +0.0, as from zero)
    tracemalloc.start()
    try:
        ours = matmul(a, b)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < m * k * n * 4
    expected = _by_cumsum(a, b)
    assert np.array_equal(ours.view(np.uint32), expected.view(np.uint32))
    assert ours.flags.c_contiguous and ours.dtype == np.float32


@pytest.mark.parametrize("rows,k,dtype", [(2, 4, np.float32), (10, 30, np.float32),
                                          (257, 33, np.float32), (7, 129, np.float64)])
def test_a_transposed_matrix_times_a_vector_adds_column_after_column(rows, k, dtype):
    """(MKL's gemv on a column-major matrix: what ``X @ w``'s backward computes for
    ``w``, so a linear regression on a 1-D weight prints torch's last digit.)"""
    rng = np.random.default_rng(rows * k)
    a = rng.standard_normal((k, rows)).astype(dtype) * 10
    v = rng.standard_normal(k).astype(dtype)
    theirs = torch.from_numpy(a).t().mv(torch.from_numpy(v)).numpy()
    exact = product_reproduced(a.T, v)
    assert_torchs_bits(E.tensor(a).t().mv(E.tensor(v)).numpy(), theirs, exact=exact)
    assert_torchs_bits((E.tensor(a).t() @ E.tensor(v)).numpy(), theirs, exact=exact)


def test_a_vector_weights_gradient_is_torchs_bit_for_bit():
    """(The course's linear regression ``xb @ w + b`` with ``w`` 1-D, trained on large
    inputs: its weight gradient is ``xb.T @ grad``.)"""
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((16, 5)) * 50).astype(np.float32)
    g = rng.standard_normal(16).astype(np.float32)
    grads = []
    for lib in (torch, E):
        w = lib.zeros(5, requires_grad=True)
        ((lib.tensor(x) @ w) * lib.tensor(g)).sum().backward()
        grads.append(w.grad.numpy())
    assert_torchs_bits(grads[1], grads[0], exact=product_reproduced(x.T, g))


@pytest.mark.parametrize("m,k", [(2, 20), (1, 7), (1, 128), (5, 64), (16, 100)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_transposed_matrix_times_one_column_adds_column_by_column(m, k, dtype):
    """``X.t().mm(g)`` with ``g`` of one column (the weight gradient of a ``nn.Linear(m,
    1)``: a binary classifier's, a regression's) is MKL's gemv, as for a vector."""
    rng = np.random.default_rng(m * 100 + k)
    x = rng.standard_normal((k, m)).astype(dtype)
    g = rng.standard_normal((k, 1)).astype(dtype)
    theirs = torch.from_numpy(x).t().mm(torch.from_numpy(g)).numpy()
    assert_torchs_bits(E.tensor(x).t().mm(E.tensor(g)).numpy(), theirs)
    grads = []
    for lib in (torch, E):
        weight = lib.zeros(1, m, dtype=getattr(lib, dtype), requires_grad=True)
        (lib.nn.functional.linear(lib.tensor(x), weight) * lib.tensor(g)).sum().backward()
        grads.append(weight.grad.numpy())
    assert_torchs_bits(grads[1], grads[0])


@pytest.mark.parametrize("rows,inputs,outputs", [
    (12, 16, 2), (5, 8, 3), (300, 12, 2), (40, 100, 3), (2, 256, 2), (10000, 24, 2),
    (20, 16, 4), (7, 12, 6), (300, 32, 7), (50, 8, 10), (64, 20, 5), (10000, 8, 8),
    (6, 4, 4), (9, 4, 2), (600, 4, 10)])
def test_a_linear_layer_with_2_to_10_outputs_adds_in_mkls_lanes(rows, inputs, outputs):
    """(nn.Linear(16, 2) on 12 rows differed from torch in every trial: MKL's sgemm with
    the transposed weight adds each row's terms in lanes halved in a tree, 4 lanes for
    each four outputs, 8 for the 1 to 3 left.)"""
    rng = np.random.default_rng(rows + inputs + outputs)
    x = rng.standard_normal((rows, inputs)).astype(np.float32)
    w = rng.standard_normal((outputs, inputs)).astype(np.float32)
    b = rng.standard_normal(outputs).astype(np.float32)
    outs = [lib.nn.functional.linear(lib.tensor(x), lib.tensor(w), lib.tensor(b)).numpy()
            for lib in (torch, E)]
    assert_torchs_bits(outs[1], outs[0], exact=product_reproduced(x, w.T))
    plain = [(lib.tensor(x) @ lib.tensor(w).t()).numpy() for lib in (torch, E)]
    assert_torchs_bits(plain[1], plain[0], exact=product_reproduced(x, w.T))
