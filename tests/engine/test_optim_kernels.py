"""The optimizers' element-wise kernels (``engine/optim/_kernels.py``) give PyTorch's CPU
results bit for bit: ``lerp_``, ``addcmul_`` and ``addcdiv_`` in float32 and float64 at
sizes that run PyTorch's scalar loops and its vectorised ones (their square root is the
engine's, tested in ``test_kernels``). Without torch, the version counting is checked."""
import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine.optim import _kernels as K


# ------------------------------------------------------------------ without torch
def test_in_place_kernels_bump_the_version_once_and_new_ones_start_at_zero():
    a, b, c = E.ones(3), E.full((3,), 3.0), E.full((3,), 4.0)
    K.lerp_(a, b, 0.5)                  # 2
    K.addcmul_(a, b, c, value=0.5)      # 2 + 6
    K.addcdiv_(a, c, c)                 # 8 + 1
    K.maximum_out(a, c, out=a)          # 9
    K.sqrt_(a)                          # 3
    assert a._version == 5
    assert K.sqrt(a)._version == 0 and K.addcmul(a, b, c)._version == 0
    assert a.tolist() == [3.0, 3.0, 3.0]


# ------------------------------------------------------------------ against torch
@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [5, 12, 33, 20005])
def test_lerp_addcmul_addcdiv_match_torch(torch, dtype, n):
    rng = np.random.default_rng([n, np.dtype(dtype).itemsize])
    a, b = (rng.standard_normal(n).astype(dtype) for _ in range(2))
    c = (rng.random(n) + 0.1).astype(dtype)
    T = lambda v: torch.from_numpy(v.copy())  # noqa: E731
    G = lambda v: E.from_numpy(v.copy())      # noqa: E731
    for w in (0.1, 0.7, 0.5, 0.01, 0.999, 1 - 0.9, -0.3):
        np.testing.assert_array_equal(K.lerp_(G(a), G(b), w).numpy(),
                                      T(a).lerp_(T(b), w).numpy(), err_msg=f"lerp {w}")
    for v in (1, -1, 0.1, 1 - 0.999, 1e-3, -2.5):
        np.testing.assert_array_equal(K.addcmul_(G(a), G(b), G(c), value=v).numpy(),
                                      T(a).addcmul_(T(b), T(c), value=v).numpy())
        np.testing.assert_array_equal(K.addcmul(G(a), G(b), G(c), value=v).numpy(),
                                      T(a).addcmul(T(b), T(c), value=v).numpy())
        np.testing.assert_array_equal(K.addcdiv_(G(a), G(b), G(c), value=v).numpy(),
                                      T(a).addcdiv_(T(b), T(c), value=v).numpy())
    np.testing.assert_array_equal(K.maximum_out(G(a), G(b), out=G(a)).numpy(),
                                  torch.maximum(T(a), T(b)).numpy())
