"""``prod`` multiplies in the order of PyTorch's CPU reduction (``_cpu_kernels/
prod_kernel.py``: four vector accumulators over blocks of 32 float32 / 16 float64, their
lanes in order, the tail one by one), so a product and its gradient have PyTorch's bits at
every length, over the last dimension, over a dimension followed by ones, and of a
transposed tensor; over an outer dimension numpy's order is PyTorch's."""
import numpy as np
import pytest

import gradstudio.engine as E

SIZES = list(range(1, 100)) + [127, 128, 129, 1000, 4099, 20000]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


@pytest.mark.parametrize("dt", [np.float32, np.float64], ids=["float32", "float64"])
def test_prod_and_its_gradient_have_torchs_bits_at_every_length(torch, dt):
    rng = np.random.default_rng(12)
    for n in SIZES:
        x = (1 + 0.1 * rng.standard_normal(n)).astype(dt)
        xt, xe = torch.from_numpy(x).requires_grad_(), E.tensor(x, requires_grad=True)
        t, e = xt.prod(), xe.prod()
        assert e.detach().numpy().tobytes() == t.detach().numpy().tobytes(), n
        t.backward()
        e.backward()
        assert xe.grad.numpy().tobytes() == xt.grad.numpy().tobytes(), n


def test_prod_over_dims_and_layouts_has_torchs_bits(torch):
    rng = np.random.default_rng(13)
    for dt in (np.float32, np.float64):
        for shape in [(5, 40), (3, 7, 50), (40, 1), (2, 40, 1), (1, 1, 33), (64, 3)]:
            x = (1 + 0.1 * rng.standard_normal(shape)).astype(dt)
            for dim in [None] + list(range(len(shape))) + [-1]:
                for keepdim in (False, True):
                    if dim is None:
                        t, e = torch.from_numpy(x).prod(), E.tensor(x).prod()
                    else:
                        t = torch.from_numpy(x).prod(dim, keepdim=keepdim)
                        e = E.tensor(x).prod(dim, keepdim=keepdim)
                    assert tuple(e.shape) == tuple(t.shape)
                    assert e.numpy().tobytes() == t.numpy().tobytes(), (shape, dim)
            if len(shape) == 2:
                xt = torch.from_numpy(x.T.copy()).T
                xe = E.tensor(x.T.copy()).T
                for dim in (None, 0, 1):
                    t = xt.prod() if dim is None else xt.prod(dim)
                    e = xe.prod() if dim is None else xe.prod(dim)
                    assert e.numpy().tobytes() == t.numpy().tobytes(), (shape, dim)
