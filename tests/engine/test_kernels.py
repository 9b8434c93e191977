"""The engine's elementwise kernels against PyTorch's CPU kernels (``_kernels``): sigmoid
and the fused backward formulas to the last bit in every memory layout PyTorch's loops
distinguish; exp, log, sin, cos and tanh closer to PyTorch than numpy's own float32
kernels, within the bounds the module documents."""
import numpy as np
import pytest

from gradstudio.engine import _kernels as K

torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def inputs():
    rng = np.random.default_rng(20261124)
    return rng.uniform(-20, 20, 300_007).astype(np.float32)


# views PyTorch's loops tell apart: contiguous runs shorter than, equal to and longer than
# its 16-element vector block, a transposed matrix, strided views, a 0-d tensor (each
# applied alike to a numpy array and a torch tensor)
LAYOUTS = [lambda x: x, lambda x: x[:15], lambda x: x[:16 * 37].reshape(37, 16),
           lambda x: x[:33 * 29].reshape(29, 33), lambda x: x[:40 * 50].reshape(40, 50).T,
           lambda x: x[:3000:3], lambda x: x[:2000].reshape(20, 100)[:, ::2],
           lambda x: x[5].reshape(())]


def test_sigmoid_is_pytorchs_to_the_last_bit(inputs):
    special = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 88.8, -88.8, 103.9, -103.9,
                        104.5, -104.5, 1e-45, -1e-45, 3e38, -3e38], np.float32)
    wide = np.random.default_rng(5).uniform(-110, 110, 20_000).astype(np.float32)
    for x in (inputs, np.concatenate([special, wide, special])):
        for i, view in enumerate(LAYOUTS):
            theirs = torch.sigmoid(view(torch.from_numpy(x))).numpy()
            np.testing.assert_array_equal(K.sigmoid(view(x)), theirs, err_msg=f"layout {i}")


def test_fused_backward_formulas_are_pytorchs(inputs):
    rng = np.random.default_rng(3)
    g = rng.standard_normal(inputs.size).astype(np.float32)
    for fn, name in ((np.tanh, "tanh_backward"), (K.sigmoid, "sigmoid_backward")):
        out = fn(inputs).astype(np.float32)
        theirs = getattr(torch.ops.aten, name)(torch.from_numpy(g), torch.from_numpy(out))
        np.testing.assert_array_equal(getattr(K, name)(g, out), theirs.numpy(), err_msg=name)


# the share of float32 inputs in [-20, 20] where the engine may differ from PyTorch (the
# module's docstring), and where numpy's own kernels do
BOUNDS = {"exp": (0.02, 0.3), "log": (0.06, 0.06), "sin": (0.06, 0.1),
          "cos": (0.06, 0.1), "tanh": (0.002, 0.1)}


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_transcendentals_are_closer_to_pytorch_than_numpy(inputs, name):
    x = np.abs(inputs) if name == "log" else inputs
    theirs = getattr(torch, name)(torch.from_numpy(x)).numpy()
    ours, numpys = getattr(K, name)(x), getattr(np, name)(x)
    assert ours.dtype == np.float32
    ours_off, numpy_off = np.mean(ours != theirs), np.mean(numpys != theirs)
    ours_bound, numpy_floor = BOUNDS[name]
    assert ours_off <= ours_bound, (name, ours_off)
    assert numpy_off >= numpy_floor and ours_off < numpy_off, (name, ours_off, numpy_off)
    # never further than one unit in the last place
    spacing = np.spacing(np.abs(theirs).astype(np.float32))
    assert np.all(np.abs(ours.astype(np.float64) - theirs) <= spacing), name


def test_exp_of_one_prints_as_pytorch():
    import gradstudio.engine as engine
    assert str(engine.exp(engine.tensor(1.0))) == str(torch.exp(torch.tensor(1.0)))
    engine.set_printoptions(precision=10)
    torch.set_printoptions(precision=10)
    try:
        assert str(engine.exp(engine.tensor(1.0))) == str(torch.exp(torch.tensor(1.0)))
        assert str(engine.tensor([0.5, -3.0]).sigmoid()) == str(torch.tensor([0.5, -3.0]).sigmoid())
    finally:
        engine.set_printoptions(profile="default")
        torch.set_printoptions(profile="default")


def test_float32_sqrt_is_pytorchs_to_the_last_bit():
    """``torch.sqrt`` (MKL's float32 ``vsSqrt`` as PyTorch calls it, also the optimizers'), over
    every class of float32 bit pattern: random patterns, normal numbers near 1 and the
    edges (zero, subnormals, the largest floats, infinities, NaNs, negatives)."""
    import gradstudio.engine as engine
    rng = np.random.default_rng(17)
    patterns = rng.integers(0, 2 ** 31, 1_000_000, dtype=np.int64).astype(np.uint32)
    edges = np.array([0.0, -0.0, 1e-45, 1e-38, 1.1754942e-38, 1.1754944e-38, 3.4028235e38,
                      3.4e38, np.inf, np.nan, -1.0, -np.inf, 1.0, 2.0, 4.0], np.float32)
    for x in (patterns.view(np.float32), rng.uniform(0, 4, 300_000).astype(np.float32), edges):
        theirs = torch.sqrt(torch.from_numpy(x)).numpy()
        ours = engine.from_numpy(x).sqrt().numpy()
        np.testing.assert_array_equal(K.sqrt(x), theirs)
        np.testing.assert_array_equal(ours, theirs)
