"""float32 softmax and log_softmax computed as PyTorch's CPU kernels compute them
(``_cpu_kernels.softmax_kernel``): softmax bit for bit over the last dimension and over
another one with few positions after it, log_softmax over the last dimension bit for bit
(the log of each row's sum is SLEEF's ``logf``), and so cross-entropy, so a classifier's probabilities (and a row's sum, which PyTorch prints ``1.0000``, not
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


@pytest.mark.parametrize("rows", [1, 3, 17, 100])
def test_log_softmax_over_the_last_dim_is_torchs_bit_for_bit(rows):
    """Every row length 1 to 40 (shorter than, equal to and longer than a vector, so the
    log's vector map covers full and partial vectors), rows of a wide range of scales,
    and rows holding an infinity or a NaN."""
    rng = np.random.default_rng(rows)
    for n in range(1, 41):
        x = (rng.standard_normal((rows, n)) * rng.choice([0.01, 1, 5, 30], (rows, 1)))
        x = x.astype(np.float32)
        if n > 2:
            x[0, 1] = np.inf if n % 2 else -np.inf
            x[-1, 2] = np.nan
        with np.errstate(invalid="ignore"):
            theirs = torch.from_numpy(x).log_softmax(1).numpy()
            ours = E.tensor(x).log_softmax(1).numpy()
        np.testing.assert_array_equal(ours, theirs, err_msg=f"{rows} rows of {n}")


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_cross_entropy_is_torchs_bit_for_bit(reduction):
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((500, 10)) * 3).astype(np.float32)
    y = rng.integers(0, 10, 500)
    theirs = torch.nn.functional.cross_entropy(torch.from_numpy(x), torch.from_numpy(y),
                                               reduction=reduction)
    ours = E.nn.functional.cross_entropy(E.tensor(x), E.tensor(y), reduction=reduction)
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("ignored", [False, True])
def test_cross_entropy_adds_the_batch_in_torchs_cascade(weighted, ignored):
    """nll_loss of a 1-D or 2-D input adds its samples' losses (and, weighted, their
    weights) in ATen's 8-level cascade; batches of every size from 1 to 70 and around its
    level sizes (256, 4096), some targets ignored."""
    rng = np.random.default_rng(int(weighted) + 2 * int(ignored))
    for n in list(range(1, 71)) + [255, 256, 257, 4097]:
        x = (rng.standard_normal((n, 4)) * 2).astype(np.float32)
        y = rng.integers(0, 4, n)
        if ignored:
            y[rng.random(n) < 0.2] = -100
        w = rng.random(4).astype(np.float32) if weighted else None
        for reduction in ("mean", "sum"):
            theirs = torch.nn.functional.cross_entropy(
                torch.from_numpy(x), torch.from_numpy(y), reduction=reduction,
                weight=None if w is None else torch.from_numpy(w))
            ours = E.nn.functional.cross_entropy(
                E.tensor(x), E.tensor(y), reduction=reduction,
                weight=None if w is None else E.tensor(w))
            np.testing.assert_array_equal(ours.numpy(), theirs.numpy(),
                                          err_msg=f"{n} samples, {reduction}")
    one = (rng.standard_normal(5)).astype(np.float32)
    assert E.nn.functional.nll_loss(E.tensor(one), E.tensor(2)).item() == \
        torch.nn.functional.nll_loss(torch.from_numpy(one), torch.tensor(2)).item()
