"""``add``/``sub`` with ``alpha`` (what every optimizer step is made of) give PyTorch's
float32 and float64 results to the last bit: PyTorch's CPU kernels compute
``a + alpha * b`` as one fused multiply-add, plain numpy rounds twice (about one float32
element in ten differed)."""
import numpy as np
import pytest

import gradstudio.engine as E

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("scale", [1.0, 1e-4, 1e4])
def test_add_sub_and_inplace_with_alpha_match_torch_bitwise(dtype, scale):
    rng = np.random.default_rng(int(scale * 7) + dtype().itemsize)
    a = (rng.standard_normal(20000) * scale).astype(dtype)
    b = rng.standard_normal(20000).astype(dtype)
    ta, tb, ea, eb = torch.from_numpy(a), torch.from_numpy(b), E.from_numpy(a), E.from_numpy(b)
    for alpha in (-0.1, 0.9, 3, 1e-3, -2.5e-4):
        pairs = [(ta.add(tb, alpha=alpha), ea.add(eb, alpha=alpha)),
                 (ta.sub(tb, alpha=alpha), ea.sub(eb, alpha=alpha)),
                 (ta.add(0.7, alpha=alpha), ea.add(0.7, alpha=alpha)),
                 (ta.clone().add_(tb, alpha=alpha), ea.clone().add_(eb, alpha=alpha)),
                 (ta[5].add(tb[7], alpha=alpha), ea[5].add(eb[7], alpha=alpha))]
        for t, e in pairs:
            np.testing.assert_array_equal(e.numpy(), t.numpy())


def test_inf_and_nan_pass_through_as_in_torch():
    a = np.array([np.inf, -np.inf, np.nan, 1.0, 3.4e38], np.float32)
    b = np.array([1.0, 2.0, 1.0, np.inf, 3.4e38], np.float32)
    for alpha in (0.5, -3.0):
        np.testing.assert_array_equal(
            E.from_numpy(a).add(E.from_numpy(b), alpha=alpha).numpy(),
            torch.from_numpy(a).add(torch.from_numpy(b), alpha=alpha).numpy())


def test_broadcasting_zero_d_and_float64_infinities():
    rng = np.random.default_rng(5)
    for dtype in (np.float32, np.float64):
        a = rng.standard_normal((4, 3)).astype(dtype)
        b = rng.standard_normal(3).astype(dtype)
        np.testing.assert_array_equal(
            E.from_numpy(a).add(E.from_numpy(b), alpha=0.3).numpy(),
            torch.from_numpy(a).add(torch.from_numpy(b), alpha=0.3).numpy())
        np.testing.assert_array_equal(
            E.from_numpy(b).add(E.from_numpy(a), alpha=-1.7).numpy(),
            torch.from_numpy(b).add(torch.from_numpy(a), alpha=-1.7).numpy())
        x = np.array([np.inf, -np.inf, np.nan, 1.0], dtype)
        y = np.array([1.0, np.inf, 2.0, -np.inf], dtype)
        np.testing.assert_array_equal(
            E.from_numpy(x).sub(E.from_numpy(y), alpha=0.25).numpy(),
            torch.from_numpy(x).sub(torch.from_numpy(y), alpha=0.25).numpy())
        np.testing.assert_array_equal(
            E.tensor(1.5, dtype=getattr(E, np.dtype(dtype).name)).add(2.25, alpha=0.1).numpy(),
            torch.tensor(1.5, dtype=getattr(torch, np.dtype(dtype).name)).add(2.25, alpha=0.1)
            .numpy())
