"""``torch.cdist`` on its direct path and its gradients have PyTorch's bits: the distance
added column after column with the compiler's fused multiply-adds for the columns left
after blocks of four (float32) or two (float64) for ``p = 2``, the C library's ``powf``
for other ``p`` and ``pow`` in double for the root; the backward's powers SLEEF's
``powf`` (float32). Every ``p`` a student meets, several widths."""
import numpy as np
import pytest

import gradstudio.engine as E

SHAPES = [(3, 4, 2), (5, 5, 7), (10, 7, 16), (20, 25, 33), (1, 1, 1), (4, 3, 100),
          (6, 6, 3), (6, 6, 5)]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


def _check(torch, dt, p, grads=True):
    rng = np.random.default_rng(int(p * 10) if np.isfinite(p) else 7)
    kw = {"compute_mode": "donot_use_mm_for_euclid_dist"} if p == 2 else {}
    for r1, r2, m in SHAPES:
        a, b = rng.standard_normal((r1, m)).astype(dt), rng.standard_normal((r2, m)).astype(dt)
        at, bt = torch.from_numpy(a).requires_grad_(), torch.from_numpy(b).requires_grad_()
        ae, be = E.tensor(a, requires_grad=True), E.tensor(b, requires_grad=True)
        t, e = torch.cdist(at, bt, p=p, **kw), E.cdist(ae, be, p=p, **kw)
        assert e.detach().numpy().tobytes() == t.detach().numpy().tobytes(), (p, m)
        if grads:
            g = rng.standard_normal(tuple(t.shape)).astype(dt)
            t.backward(torch.from_numpy(g))
            e.backward(E.tensor(g))
            assert ae.grad.numpy().tobytes() == at.grad.numpy().tobytes(), (p, m)
            assert be.grad.numpy().tobytes() == bt.grad.numpy().tobytes(), (p, m)


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 3.0, 0.5, 1.5, float("inf")], ids=str)
def test_float32_cdist_and_its_gradients_have_torchs_bits(torch, p):
    _check(torch, np.float32, p)


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 3.0, 0.5, float("inf")], ids=str)
def test_float64_cdist_has_torchs_bits(torch, p):
    """(The float64 backward of other ``p`` than 0, 1, 2 and inf takes SLEEF's double
    ``pow``, not followed: docs/engine.md.)"""
    _check(torch, np.float64, p, grads=p in (0.0, 1.0, 2.0, float("inf")))
