"""MKL's AVX-512 kernels for few rows, one row and one column (``_cpu_kernels/
avx512_small.py`` and the kernels it names): the summation trees FPRev's probes reveal,
and the engine's products against torch's over random inputs of teaching size, shape
class by shape class, bit for bit on an Intel processor with AVX-512 (elsewhere MKL's
generic kernels add in orders of their own: within the last bits, ``tests/cpu_paths``)."""
import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine._cpu_kernels import threads
from gradstudio.engine._cpu_kernels.avx512_dot_rows import (long_rows_times_transposed,
                                                            rows_times_transposed)
from gradstudio.engine._cpu_kernels.avx512_gemv_columns import column_major_times_vector
from gradstudio.engine._cpu_kernels.avx512_gemv_tail import row_times_column, tail_rows
from cpu_paths import MKL_AVX512, product_reproduced

torch = pytest.importorskip("torch")

BIG = np.float32(2.0 ** 40)


@pytest.fixture(autouse=True)
def torchs_threads():
    """torch with the engine's number of threads (which decides some of MKL's paths)."""
    before = torch.get_num_threads()
    torch.set_num_threads(threads.threads())
    yield
    torch.set_num_threads(before)


class _T:
    """A transposed view of the contiguous ``base``, in numpy, torch and the engine."""
    def __init__(self, base):
        self.base = base


def _np(a):
    return a.base.T if isinstance(a, _T) else a


def _t(a):
    return torch.from_numpy(a.base).t() if isinstance(a, _T) else torch.from_numpy(a)


def _e(a):
    return E.tensor(a.base).t() if isinstance(a, _T) else E.tensor(a)


def _check(a, b, what):
    theirs = (_t(a) @ _t(b)).numpy()
    ours = (_e(a) @ _e(b)).numpy()
    a, b = _np(a), _np(b)
    exact = MKL_AVX512 and product_reproduced(a, b)
    if exact:
        assert np.array_equal(ours.view(np.uint32), theirs.view(np.uint32)), (what, a.shape,
                                                                              b.shape)
    else:        # (two summation orders: each within K eps sum|a b| of the exact sum)
        bound = 2 * a.shape[1] * 2.0 ** -24 * (np.abs(a) @ np.abs(b))
        assert (np.abs(ours.astype(np.float64) - theirs) <= bound).all(), what
    return exact


def _operands(kind, rng):
    """Random float32 operands of one shape class, laid out as torch's ``nn.Linear`` and
    its backward hand them to ``mm`` (a transposed view for a transposed operand)."""
    m, k, n = (int(rng.integers(1, 65)) if rng.random() < .5 else int(rng.integers(1, 9))
               for _ in range(3))
    r = lambda *s: rng.standard_normal(s).astype(np.float32)
    if kind == "few rows by a transposed weight":
        m = int(rng.integers(2, 16))
        return r(m, k), _T(r(max(n, 2), k))
    if kind == "one row by a transposed weight":
        return r(1, k), _T(r(max(n, 2), k))
    if kind == "one row by a matrix":
        return r(1, m), r(m, max(n, 2))
    if kind == "a matrix by a column":
        return r(m, k), r(k, 1)
    if kind == "a matrix by a vector":
        return r(m, k), r(k)
    if kind == "a matrix by a transposed row":          # (nn.Linear(K, 1))
        return r(m, k), _T(r(1, k))
    if kind == "a transposed matrix by a column":       # (X.T @ grad)
        return _T(r(k, m)), r(k, 1)
    if kind == "a row by a column":
        return r(1, k), r(k, 1)
    return r(m, 1), r(1, n)                             # (one term)


KINDS = ["few rows by a transposed weight", "one row by a transposed weight",
         "one row by a matrix", "a matrix by a column", "a matrix by a vector",
         "a matrix by a transposed row", "a transposed matrix by a column",
         "a row by a column", "one term"]


@pytest.mark.parametrize("kind", KINDS)
def test_each_shape_class_is_torchs_bit_for_bit(kind):
    rng = np.random.default_rng(KINDS.index(kind))
    exact = sum(_check(*_operands(kind, rng), kind) for _ in range(120))
    if MKL_AVX512:       # (every shape of these sizes is one the engine reproduces)
        assert exact == 120


def test_a_zero_product_of_one_term_keeps_its_sign():
    """(MKL gives a one-term product alone: ``0 * -1`` is ``-0.``, a dead ReLU's weight
    gradient for one sample prints ``-0.`` in torch.)"""
    a, b = np.zeros((16, 1), np.float32), -np.ones((1, 6), np.float32)
    assert np.signbit((E.tensor(a) @ E.tensor(b)).numpy()).all()
    assert np.signbit((_t(a) @ _t(b)).numpy()).all()


@pytest.mark.parametrize("outputs", [1, 3, 40, 300])
def test_one_sample_through_linear_1_n_has_torchs_input_gradient(outputs):
    """(PyTorch computes a ``(1, 1)`` input's gradient as ``(W.T @ grad.T).T``.)"""
    rng = np.random.default_rng(outputs)
    x, w = rng.standard_normal((1, 1)).astype(np.float32), \
        rng.standard_normal((outputs, 1)).astype(np.float32)
    b, g = rng.standard_normal(outputs).astype(np.float32), \
        rng.standard_normal((1, outputs)).astype(np.float32)
    grads = []
    for lib in (torch, E):
        xt = lib.tensor(x, requires_grad=True)
        lib.nn.functional.linear(xt, lib.tensor(w), lib.tensor(b)).backward(lib.tensor(g))
        grads.append(xt.grad.numpy())
    if MKL_AVX512:
        np.testing.assert_array_equal(grads[1], grads[0])
    else:
        np.testing.assert_allclose(grads[1], grads[0], rtol=1e-5, atol=1e-6)


def _met(product, k, p, q):
    """FPRev's probe of one dot product: ones but ``+2^40`` at ``p`` and ``-2^40`` at
    ``q``: the terms added after the two met."""
    a = np.ones(k, np.float32)
    a[p], a[q] = BIG, -BIG
    return int(product(a))


# (K, pair, terms after the pair met) as torch adds a leftover row of X @ w on an
# AVX-512 Xeon: its first term last (0 meets the rest at the root), terms 1.. in 16 lanes
# halved (1 and 17 in lane 0 of two sets of lanes, 1 and 9 met at the first halving)
TAIL_TREES = [(40, (0, 1), 0), (40, (1, 17), 38), (40, (1, 9), 35), (40, (2, 3), 1),
              (40, (1, 3), 20), (5, (1, 3), 3), (5, (2, 4), 3)]


@pytest.mark.parametrize("k,pair,after", TAIL_TREES)
def test_the_probes_reveal_the_leftover_rows_lanes(k, pair, after):
    ours = _met(lambda a: tail_rows(a[None], np.ones(k, np.float32))[0], k, *pair)
    assert ours == after
    if MKL_AVX512:
        five = lambda a: (torch.from_numpy(np.vstack([np.ones((4, k), np.float32), a]))
                          @ torch.ones(k)).numpy()[4]
        assert _met(five, k, *pair) == after


def test_a_row_by_a_column_is_one_fused_chain():
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal(50).astype(np.float32) for _ in range(2))
    acc = np.float32(0)
    for x, y in zip(a.astype(np.float64), b.astype(np.float64)):
        acc = np.float32(x * y + float(acc))     # (exact product: one rounding, no ties here)
    assert row_times_column(a, b) == acc
    assert _met(lambda v: row_times_column(v, np.ones(50, np.float32)), 50, 0, 49) == 0
    assert _met(lambda v: row_times_column(v, np.ones(50, np.float32)), 50, 0, 1) == 48


def test_the_dot_kernels_add_lanes_by_halves_or_quarters():
    ones = np.ones((16, 2), np.float32)
    half = lambda v: rows_times_transposed(v[None].repeat(2, 0), ones)[0, 0]
    quarter = lambda v: long_rows_times_transposed(v[None].repeat(2, 0), ones)[0, 0]
    assert _met(half, 16, 0, 8) == 14 and _met(half, 16, 0, 4) == 12   # (l + 8 first)
    assert _met(quarter, 16, 0, 4) == 14 and _met(quarter, 16, 0, 8) == 13  # (l + 4 first)


def test_a_transposed_matrix_by_a_column_adds_columns_in_eights():
    col = lambda v: column_major_times_vector(
        np.asfortranarray(np.tile(v, (16, 1))), np.ones(len(v), np.float32))[0]
    # (measured in torch: c0 is fused onto c2 and c4 onto the sum of c6; then (c0 + c2) +
    # (c1 + c3) and the 4 to 7 half meet one step before the ninth column)
    pairs = ((0, 2), (0, 1), (4, 6), (0, 4))
    assert [_met(col, 9, *p) for p in pairs] == [7, 5, 7, 1]
    if MKL_AVX512:
        theirs = lambda v: (torch.from_numpy(np.tile(v, (16, 1)).T.copy()).t()
                            @ torch.ones(len(v), 1)).numpy()[0, 0]
        assert [_met(theirs, 9, *p) for p in pairs] == [7, 5, 7, 1]


def test_a_vector_by_a_vector_is_torchs_sdot():
    """(``torch.dot`` and ``v @ v``: MKL's ``sdot``, ``_cpu_kernels/avx512_sdot.py``.)"""
    rng = np.random.default_rng(11)
    for k in [1, 7, 8, 9, 19, 26, 31, 32, 33, 40, 63, 64, 65, 100, 784, 2000]:
        a, b = (rng.standard_normal(k).astype(np.float32) for _ in range(2))
        theirs = [torch.dot(_t(a), _t(b)).item(), (_t(a) @ _t(b)).item()]
        ours = [E.dot(_e(a), _e(b)).item(), (_e(a) @ _e(b)).item()]
        if MKL_AVX512:
            assert ours == theirs, k
        else:
            bound = 2 * k * 2.0 ** -24 * float(np.abs(a) @ np.abs(b))
            assert all(abs(o - t) <= bound for o, t in zip(ours, theirs)), k
    ones = lambda v: float(E.dot(E.tensor(v), E.ones(len(v))).item())
    # (FPRev: with 64 terms the blocks 0 and 2 (terms 0 and 16) meet first, with 40 the
    # fifth block joins the first accumulator (terms 0 and 32 meet first))
    assert _met(ones, 64, 0, 16) == 62 and _met(ones, 40, 0, 32) == 38
    if MKL_AVX512:
        theirs = lambda v: float(torch.dot(torch.from_numpy(v), torch.ones(len(v))).item())
        assert _met(theirs, 64, 0, 16) == 62 and _met(theirs, 40, 0, 32) == 38
