"""``F.kl_div`` (every reduction, ``log_target`` either way) and ``torch.xlogy`` have
PyTorch's bits: ``xlogy`` is PyTorch's scalar kernel, ``x * logf(y)`` with the C library's
``logf`` (numpy's float32 log is SVML's on AVX-512, a last bit apart for some targets)."""
import numpy as np
import pytest

import gradstudio.engine as E

SHAPES = [(4,), (7, 5), (16, 10), (33, 3), (100,), (64, 40)]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


@pytest.mark.filterwarnings("ignore:reduction. 'mean' divides")
@pytest.mark.parametrize("dt", [np.float32, np.float64], ids=["float32", "float64"])
@pytest.mark.parametrize("reduction", ["none", "sum", "mean", "batchmean"])
@pytest.mark.parametrize("log_target", [False, True])
def test_kl_div_and_its_gradient_have_torchs_bits(torch, dt, reduction, log_target):
    rng = np.random.default_rng(3)
    for shape in SHAPES:
        x = np.log(rng.dirichlet(np.ones(shape[-1]), size=shape[:-1] or None)).astype(dt)
        y = rng.dirichlet(np.ones(shape[-1]), size=shape[:-1] or None).astype(dt)
        x, y = x.reshape(shape), y.reshape(shape)
        y[..., 0] = 0                                      # (xlogy's zero)
        if log_target:
            y = np.log(y + 1e-3).astype(dt)
        xt, xe = torch.from_numpy(x).requires_grad_(), E.tensor(x, requires_grad=True)
        t = torch.nn.functional.kl_div(xt, torch.from_numpy(y), reduction=reduction,
                                       log_target=log_target)
        e = E.nn.functional.kl_div(xe, E.tensor(y), reduction=reduction, log_target=log_target)
        assert e.detach().numpy().tobytes() == t.detach().numpy().tobytes(), shape
        (t.sum() if reduction == "none" else t).backward()
        (e.sum() if reduction == "none" else e).backward()
        assert xe.grad.numpy().tobytes() == xt.grad.numpy().tobytes(), shape


def test_xlogy_has_torchs_bits(torch):
    rng = np.random.default_rng(4)
    for dt in (np.float32, np.float64):
        a = rng.standard_normal(3000).astype(dt)
        b = np.abs(rng.standard_normal(3000) * 10).astype(dt)
        a[::7], b[::11] = 0, 0
        theirs = torch.xlogy(torch.from_numpy(a), torch.from_numpy(b)).numpy()
        assert E.xlogy(E.tensor(a), E.tensor(b)).numpy().tobytes() == theirs.tobytes()
