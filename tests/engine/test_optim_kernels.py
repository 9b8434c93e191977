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


# ------------------------------------------------------------------ add_ (SGD's update)
# A float64 sum that lands exactly on a float32 tie although the exact value is below it:
# rounding twice (to float64, then float32) gives 1 + 2**-22, the fused result 1 + 2**-23.
# param -(1 + 2**-23), grad 2**-24 * (1 + 2**-23), lr 1 - 2**-23: param - lr * grad is
# -(1 + 2**-23 + 2**-24 - 2**-70).
_TIE_PARAM = -(1 + 2.0 ** -23)
_TIE_GRAD = 2.0 ** -24 * (1 + 2.0 ** -23)
_TIE_LR = 1 - 2.0 ** -23


def _tie_arrays(n):
    """``n`` float32 params and grads: random, with the tie case at every 7th place from
    1 and a subnormal result at every 11th from 2."""
    rng = np.random.default_rng(n)
    p = rng.standard_normal(n).astype(np.float32)
    g = rng.standard_normal(n).astype(np.float32)
    p[1::7], g[1::7] = _TIE_PARAM, _TIE_GRAD
    p[2::11], g[2::11] = np.float32(3e-39), np.float32(1e-39)
    return p, g


@pytest.mark.parametrize("n", [7, 100_003])      # (scratch made afresh, and reused)
def test_sgd_add_rounds_the_tie_case_once(n):
    p, g = _tie_arrays(n)
    lr = float(np.float32(_TIE_LR))
    # exact: the float64 product is exact, the sum of two float64s rounded to odd and
    # then to float32 is correctly rounded
    from fractions import Fraction
    exact = Fraction(float(p[1])) - Fraction(lr) * Fraction(float(g[1]))
    twice = np.float32(float(p[1]) - lr * float(g[1]))      # rounded to float64, then float32
    assert twice == np.float32(-(1 + 2.0 ** -22)) and exact > -(1 + 2.0 ** -23 + 2.0 ** -24)
    for _ in range(2):
        t = E.from_numpy(p.copy())
        with E.no_grad():            # (as an optimizer's step runs)
            K.add_(t, E.from_numpy(g), -lr)
        assert t._version == 1
        assert t.numpy()[1] == np.float32(-(1 + 2.0 ** -23))
        expected = E.from_numpy(p.copy()).add(E.from_numpy(g), alpha=-lr)  # the op's path
        assert t.numpy().tobytes() == expected.numpy().tobytes()


def test_sgd_add_matches_torch_on_ties_subnormals_and_infinities(torch):
    p, g = _tie_arrays(20_011)
    p[5], g[5] = np.float32(3e38), np.float32(-3e38)     # overflows to -inf
    p[6], g[6] = np.inf, np.inf                           # inf - inf: nan
    for lr in (_TIE_LR, 0.01, 0.1, 1.0):
        lr = float(np.float32(lr))
        t = E.from_numpy(p.copy())
        with E.no_grad():
            K.add_(t, E.from_numpy(g), -lr)
        want = torch.from_numpy(p.copy()).add_(torch.from_numpy(g), alpha=-lr).numpy()
        np.testing.assert_array_equal(t.numpy(), want)
        assert np.array_equal(np.isnan(t.numpy()), np.isnan(want))


def test_sgd_step_takes_the_same_steps_as_torch_at_the_tie(torch):
    for lib in (E, torch):
        w = lib.tensor([_TIE_PARAM] * 3, requires_grad=True)
        opt = lib.optim.SGD([w], lr=_TIE_LR, momentum=0.5)
        for _ in range(2):
            w.grad = lib.tensor([_TIE_GRAD] * 3)
            opt.step()
        if lib is E:
            got = w.detach().numpy().copy()
        else:
            assert got.tobytes() == w.detach().numpy().tobytes()


def _one_special(case, n=4099):
    """Random float32 params and grads with one element of ``case`` at place 1000."""
    rng = np.random.default_rng(n)
    p = rng.standard_normal(n).astype(np.float32)
    g = rng.standard_normal(n).astype(np.float32)
    p[1000], g[1000] = {"tie": (_TIE_PARAM, _TIE_GRAD),
                        "subnormal": (np.float32(3e-39), np.float32(1e-39)),
                        "zero": (np.float32(0.01), np.float32(1.0)),
                        "overflow": (np.float32(3.4e38), np.float32(-1e38)),
                        "inf": (np.float32(np.inf), np.float32(1.0)),
                        "nan": (np.float32(np.nan), np.float32(1.0))}[case]
    lr = _TIE_LR if case == "tie" else 0.01
    return p, g, np.float32(-lr)


@pytest.mark.parametrize("case", ["tie", "subnormal", "zero", "overflow", "inf", "nan"])
def test_the_checked_sgd_update_refuses_what_fma32_into_would_redo(case):
    """The update that skips ``fma32_into``'s repairs refuses, writing nothing, whenever
    one element would need them (a tie, a subnormal or zero sum, an inf or nan)."""
    p, g, b = _one_special(case)
    c = p.copy()
    assert K._update_checked(g, b, c) is False
    assert c.tobytes() == p.tobytes()
    good = np.delete(np.arange(p.size), 1000)       # without that element it is taken
    c = p[good].copy()
    assert K._update_checked(g[good], b, c) is True


@pytest.mark.parametrize("seed", range(12))
def test_the_checked_sgd_update_equals_fma32_into(seed):
    """Wherever it is taken, the update is ``fma32_into``'s bit for bit: random params,
    grads and learning rates over many magnitudes (one shape twice: scratch reused)."""
    from gradstudio.engine._cpu_kernels.fma import fma32_into
    rng = np.random.default_rng(seed)
    taken = 0
    for _ in range(6):
        n = int(rng.integers(1, 3000))
        p = (rng.standard_normal(n) * 10.0 ** rng.integers(-6, 6)).astype(np.float32)
        g = (rng.standard_normal(n) * 10.0 ** rng.integers(-8, 8, size=n)).astype(np.float32)
        b = np.float32(-(10.0 ** rng.uniform(-5, 0)))
        want = p.copy()
        fma32_into(g, b, want, want)
        got = p.copy()
        if K._update_checked(g, b, got):
            taken += 1
            assert got.tobytes() == want.tobytes()
        else:
            assert got.tobytes() == p.tobytes()
    assert taken > 0


def test_sgd_add_takes_the_checked_update_and_matches_torch(torch):
    """The MNIST-sized case, as ``optim.SGD`` updates it: the same bits as torch."""
    rng = np.random.default_rng(7)
    p = (rng.standard_normal((128, 784)) * 0.03).astype(np.float32)
    g = (rng.standard_normal((128, 784)) * 1e-3).astype(np.float32)
    assert K._update_checked(g, np.float32(-0.01), p.copy())
    t = E.from_numpy(p.copy())
    with E.no_grad():
        K.add_(t, E.from_numpy(g), -0.01)
    want = torch.from_numpy(p.copy()).add_(torch.from_numpy(g), alpha=-0.01).numpy()
    assert t.numpy().tobytes() == want.tobytes()


def test_the_checked_sgd_update_at_the_edges_of_its_range():
    """A sum just below ``2**-126`` that rounds up to it is refused (its rounding is in
    the subnormals), as is one that rounds to inf; the largest finite magnitudes are
    taken, bit for bit as ``fma32_into``."""
    from gradstudio.engine._cpu_kernels.fma import fma32_into
    rng = np.random.default_rng(3)
    p = rng.standard_normal(257).astype(np.float32)
    g = rng.standard_normal(257).astype(np.float32)
    b = np.float32(-0.01)
    for value, grad, taken in ((2.0 ** -126, 1e-44, False), (3.4e38, 1.0, True),
                               (-3.4e38, -1.0, True), (3.4028235e38, -1e38, False)):
        pp, gg = p.copy(), g.copy()
        pp[100], gg[100] = value, grad
        c = pp.copy()
        assert K._update_checked(gg, b, c) is taken
        if taken:
            want = pp.copy()
            fma32_into(gg, b, want, want)
            assert c.tobytes() == want.tobytes()
        else:
            assert c.tobytes() == pp.tobytes()
