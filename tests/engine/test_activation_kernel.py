"""``F.gelu`` (both forms), ``F.elu``, ``F.selu``, ``F.celu`` and their gradients
compute as PyTorch's CPU kernels do, to the last bit (``_cpu_kernels/activation_kernel.py``:
SLEEF's ``tanhf``/``expm1f``/``expf`` on vector blocks, the C library's on the rest): every
length PyTorch's loop treats apart, strided views, edges; a GELU MLP trained with Adam
prints PyTorch's digits. ``approximate='none'`` of a contiguous tensor is oneDNN's kernel in
PyTorch (``onednn_gelu``: its minimax polynomials forward, Abramowitz and Stegun with its
own ``exp`` backward), of another layout ATen's (PyTorch's vector ``erf``)."""
import math

import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine._cpu_kernels import activation_kernel as AK
import parity

SIZES = (1, 4, 7, 16, 17, 31, 32, 33, 64, 100, 1000, 4099)
EDGES = [0.0, -0.0, 1e-30, -1e-30, 8.66, -8.67, 9.0, -9.0, 20.0, -20.0, 88.0, -88.0,
         -16.6, -16.7, 1e4, -1e4, np.inf, -np.inf, np.nan]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


def _cases(torch):
    TF = torch.nn.functional
    EF = E.nn.functional
    return {"gelu_tanh": (lambda x: TF.gelu(x, approximate="tanh"),
                          lambda x: EF.gelu(x, approximate="tanh")),
            "gelu": (TF.gelu, EF.gelu),
            "elu": (TF.elu, EF.elu), "elu_0.3": (lambda x: TF.elu(x, 0.3),
                                                 lambda x: EF.elu(x, 0.3)),
            "selu": (TF.selu, EF.selu), "celu": (lambda x: TF.celu(x, 0.7),
                                                lambda x: EF.celu(x, 0.7))}


def _bits(t):
    """The bits, every NaN alike (its payload and sign print as ``nan`` either way)."""
    a = t.detach().numpy().copy()
    a[np.isnan(a)] = np.nan
    return a.tobytes()


NAMES = ["gelu", "gelu_tanh", "elu", "elu_0.3", "selu", "celu"]


@pytest.mark.parametrize("name", NAMES)
def test_forward_and_gradient_have_torchs_bits(torch, name):
    theirs_fn, ours_fn = _cases(torch)[name]
    rng = np.random.default_rng(len(name))
    for n in SIZES:
        for x in ((rng.standard_normal(n) * 3).astype(np.float32),
                  np.resize(np.array(EDGES, np.float32), n)):
            g = rng.standard_normal(n).astype(np.float32)
            xt, xe = torch.from_numpy(x).requires_grad_(), E.tensor(x, requires_grad=True)
            t, e = theirs_fn(xt), ours_fn(xe)
            assert _bits(e) == _bits(t), (name, n)
            t.backward(torch.from_numpy(g))
            e.backward(E.tensor(g))
            assert _bits(xe.grad) == _bits(xt.grad), (name, n)
        wide = (rng.standard_normal((n, 3)) * 3).astype(np.float32)   # a strided view
        assert _bits(ours_fn(E.tensor(wide)[:, 1])) == _bits(theirs_fn(torch.from_numpy(wide)[:, 1]))


@pytest.mark.parametrize("name", NAMES)
def test_other_layouts_have_torchs_bits(torch, name):
    """A transposed matrix, a column, a block of columns, a broadcast row (PyTorch's
    oneDNN gelu takes contiguous tensors only; the others go through ATen's loops), and a
    gradient that arrives broadcast (``.sum().backward()``)."""
    theirs_fn, ours_fn = _cases(torch)[name]
    x = (np.random.default_rng(9).standard_normal((50, 40)) * 3).astype(np.float32)
    views = (lambda t: t.T, lambda t: t[:, 1], lambda t: t[:, 3:9], lambda t: t[3:9],
             lambda t: t[0].expand(5, 40))
    for view in views:
        base_t = torch.from_numpy(x.copy()).requires_grad_()
        base_e = E.tensor(x.copy(), requires_grad=True)
        t, e = theirs_fn(view(base_t)), ours_fn(view(base_e))
        assert _bits(e) == _bits(t), name
        t.sum().backward()
        e.sum().backward()
        assert _bits(base_e.grad) == _bits(base_t.grad), name


@pytest.mark.filterwarnings("ignore:TF32")
def test_atens_own_gelu_none_is_followed(torch):
    """With oneDNN switched off PyTorch runs ATen's kernel (``Gelu.h``), which the engine
    has, vector blocks and tails alike."""
    rng = np.random.default_rng(3)
    for n in (5, 31, 32, 77, 1000):
        x = (rng.standard_normal(n) * 3).astype(np.float32)
        g = rng.standard_normal(n).astype(np.float32)
        with torch.backends.mkldnn.flags(enabled=False):
            xt = torch.from_numpy(x).requires_grad_()
            y = torch.nn.functional.gelu(xt)
            y.backward(torch.from_numpy(g))
        assert AK.gelu(x, "none", onednn=False).tobytes() == y.detach().numpy().tobytes()
        assert AK.gelu_backward(g, x, "none", onednn=False).tobytes() == \
            xt.grad.numpy().tobytes()


GELU_MLP = """
    torch.manual_seed(5)
    x = torch.linspace(-2, 2, 40).reshape(-1, 1)
    y = x ** 3 - x + 0.1 * torch.randn(40, 1)
    model = torch.nn.Sequential(torch.nn.Linear(1, 12), torch.nn.GELU(approximate="tanh"),
                                torch.nn.Linear(12, 12), torch.nn.ELU(),
                                torch.nn.Linear(12, 12), torch.nn.GELU(),
                                torch.nn.Linear(12, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for step in range(50):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        print(step, loss.item())
    print(model[0].weight.grad.flatten().tolist())
    print(model(torch.tensor([[0.3], [-1.7]])).tolist())
"""


def test_a_gelu_mlp_prints_torchs_digits():
    results = parity.results_or_skip(parity.programs([("p", GELU_MLP)]))
    assert results[1]["p"]["out"] == results[0]["p"]["out"]


def test_constants_are_the_kernels():
    assert AK._BETA == np.float32(math.sqrt(2 / math.pi))
    assert AK._ALPHA == np.float32(math.sqrt(0.5))


@pytest.mark.parametrize("name", ["expm1", "log1p"])
def test_expm1_and_log1p_are_sleefs_on_every_element(torch, name):
    """PyTorch has no MKL version of these: ``vec::map`` runs SLEEF's u10 function on
    every element, the last vector a partial one (numpy's were a last bit apart)."""
    rng = np.random.default_rng(11)
    for n in SIZES:
        x = (rng.standard_normal(n) * 3).astype(np.float32)
        x = np.abs(x) if name == "log1p" else x
        t = getattr(torch, name)(torch.from_numpy(x))
        assert _bits(getattr(E, name)(E.tensor(x))) == _bits(t), n
    edges = np.array(EDGES + [-0.99, -1.0, -2.0], np.float32)
    with np.errstate(all="ignore"):
        assert _bits(getattr(E, name)(E.tensor(edges))) == \
            _bits(getattr(torch, name)(torch.from_numpy(edges)))


def test_mish_and_its_gradient_have_torchs_bits(torch):
    rng = np.random.default_rng(21)
    for n in SIZES:
        for x in ((rng.standard_normal(n) * 3).astype(np.float32),
                  np.resize(np.array(EDGES, np.float32), n)):
            g = rng.standard_normal(n).astype(np.float32)
            xt, xe = torch.from_numpy(x).requires_grad_(), E.tensor(x, requires_grad=True)
            t, e = torch.nn.functional.mish(xt), E.nn.functional.mish(xe)
            assert _bits(e) == _bits(t), n
            t.backward(torch.from_numpy(g))
            e.backward(E.tensor(g))
            assert _bits(xe.grad) == _bits(xt.grad), n
