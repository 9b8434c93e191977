"""float32 softmax and log_softmax computed as PyTorch's CPU kernels compute them
(``_cpu_kernels.softmax_kernel``): softmax bit for bit over the last dimension and over
another one with few positions after it, log_softmax within a last digit on a few rows,
so a classifier's probabilities (and a row's sum, which PyTorch prints ``1.0000``, not
``1.``) print as PyTorch's."""
import numpy as np
import pytest

import gradstudio.engine as E

torch = pytest.importorskip("torch")


def _inputs(shape, seed):
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal(shape) * 3).astype(np.float32) for _ in range(20)]


@pytest.mark.parametrize("shape,dim", [((6, 2), 1), ((6, 3), -1), ((6, 10), 1), ((5, 40), 1),
                                       ((7,), 0), ((2, 3, 9), 2), ((3, 4, 5), 1),
                                       ((5, 3, 2), 0), ((4, 7), 0), ((4, 3, 1), 1)])
def test_softmax_is_torchs_bit_for_bit(shape, dim):
    for x in _inputs(shape, sum(shape) + dim):
        theirs = torch.from_numpy(x).softmax(dim).numpy()
        assert np.array_equal(E.tensor(x).softmax(dim).numpy(), theirs)


def test_a_softmax_rows_sum_prints_as_torchs():
    E.manual_seed(3)
    torch.manual_seed(3)
    texts = [str(lib.softmax(lib.randn(4, 2) * 2, dim=1).sum(dim=1)) for lib in (torch, E)]
    assert texts[1] == texts[0]


@pytest.mark.parametrize("shape", [(6, 2), (6, 3), (6, 10), (5, 40)])
def test_log_softmax_over_the_last_dim_is_torchs_but_for_a_rare_last_digit(shape):
    rows = different = 0
    for x in _inputs(shape, sum(shape)):
        theirs = torch.from_numpy(x).log_softmax(1).numpy()
        ours = E.tensor(x).log_softmax(1).numpy()
        different += int((ours != theirs).any(axis=1).sum())
        rows += shape[0]
        np.testing.assert_allclose(ours, theirs, rtol=1.3e-6, atol=1e-5)
    assert different <= rows // 20
