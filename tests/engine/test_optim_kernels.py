"""The optimizers' element-wise kernels (``engine/optim/_kernels.py``) give PyTorch's CPU
results bit for bit: ``lerp_``, ``addcmul_`` and ``addcdiv_`` in float32 and float64 at
sizes that run PyTorch's scalar loops and its vectorised ones, and float32 ``sqrt`` as
MKL's ``vsSqrt`` computes it (not correctly rounded): every float in [1, 4) (the two
binades that decide every other), every binade's edges, zero, subnormals, the largest
floats, infinities, NaNs and negatives. Without torch, the model is still checked against
the true square root (never more than 0.75 ulp off) and the version counting."""
import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine.optim import _kernels as K
from gradstudio.engine.optim._rsqrt_table import RSQRT_TABLE


def _bits(lo, hi):
    return np.arange(lo, hi, dtype=np.int64).astype(np.uint32).view(np.float32)


def _same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return (a.view(np.int32) == b.view(np.int32)) | (np.isnan(a) & np.isnan(b))


# ------------------------------------------------------------------ without torch
def test_the_rsqrt_table_is_a_12_bit_approximation():
    assert RSQRT_TABLE.shape == (8192,) and RSQRT_TABLE.dtype == np.float32
    x = np.concatenate([1 + np.arange(4096) / 4096, 2 + np.arange(4096) / 2048]) + 2 ** -13
    rel = RSQRT_TABLE.astype(np.float64) * np.sqrt(x) - 1
    assert np.abs(rel).max() < 2 ** -11
    assert (RSQRT_TABLE.view(np.int32) & 0x7FF == 0).all()   # 12 bits, as rsqrtps gives


def test_float32_sqrt_is_within_three_quarters_of_an_ulp():
    x = _bits(np.float32(1.0).view(np.int32), np.float32(4.0).view(np.int32))
    got = K._mkl_sqrt32(x).astype(np.float64)
    exact = np.sqrt(x.astype(np.float64))
    err = np.abs(got - exact) / np.spacing(np.sqrt(x)).astype(np.float64)
    assert err.max() < 0.75
    assert 0.1 < (got != np.sqrt(x)).mean() < 0.25   # not the correctly rounded root


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


def test_float32_sqrt_matches_torch_on_every_float_of_two_binades(torch):
    x = _bits(np.float32(1.0).view(np.int32), np.float32(4.0).view(np.int32))
    assert _same_bits(K._mkl_sqrt32(x), torch.from_numpy(x).sqrt().numpy()).all()


def test_float32_sqrt_matches_torch_at_the_edges(torch):
    edges = [_bits(0, 0x01000000),                        # 0, subnormals, the first binade
             _bits(0x7F000000, 0x7F800001),               # the last binade and inf
             _bits(0x7F800001, 0x7F800100),               # NaNs
             _bits(0x80000000, 0x80001000), np.float32([-1.0, -np.inf, -3e38])]
    rng = np.random.default_rng(0)
    edges.append(rng.integers(0, 2 ** 32, 2_000_000, dtype=np.int64).astype(np.uint32)
                 .view(np.float32))
    for exponent in range(1, 255):                        # each binade's first floats
        edges.append(_bits(exponent << 23, (exponent << 23) + 4096))
    x = np.concatenate(edges)
    with np.errstate(invalid="ignore"):
        assert _same_bits(K._mkl_sqrt32(x), torch.from_numpy(x).sqrt().numpy()).all()


@pytest.mark.parametrize("n", [1, 7, 12, 33, 20005])
def test_float32_sqrt_matches_torch_at_any_length(torch, n):
    x = np.random.default_rng(n).random(n).astype(np.float32) * 10
    np.testing.assert_array_equal(K.sqrt(E.from_numpy(x)).numpy(),
                                  torch.from_numpy(x).sqrt().numpy())
    np.testing.assert_array_equal(K.sqrt_(E.from_numpy(x.copy())).numpy(),
                                  torch.from_numpy(x.copy()).sqrt_().numpy())


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
