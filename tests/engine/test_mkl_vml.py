"""``exp``, ``log``, ``sin``, ``cos``, ``tanh`` (and ``tan``, ``asin``, ``acos``, ``atan``,
``erf``, ``erfc``, ``log2``, ``log10``) of float32 and float64 tensors are PyTorch's to the
last bit where PyTorch's own MKL release is installed (``_cpu_kernels/mkl_vml.py``: the
``exact`` extra, ``mkl==2024.2.0``): every size PyTorch's loop treats alike or apart (1 to
100,000 elements), strided views, random bit patterns, edges; whole training programs with
tanh print PyTorch's digits. Without the library (forced here), the engine falls back to
float64 rounded once, within one unit in the last place of PyTorch's."""
import os

import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine._cpu_kernels import elementwise as K, mkl_vml
import parity

OPS = ("tanh", "sin", "exp", "cos", "log", "tan", "asin", "acos", "atan", "erf", "erfc",
       "log2", "log10")
SIZES = (1, 4, 7, 16, 17, 64, 1000, 100000)
EDGES = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.17549435e-38, 3.4028235e38,
         -3.4028235e38, 88.72, 89.0, -87.3, -103.9, -104.0, 9.0, 10.0, -9.0, 1.0, -1.0,
         0.5, 1e-8, 1e4, 1e7, 105414.35]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


def _inputs(dt, n, rng):
    yield (rng.standard_normal(n) * 4).astype(dt)
    bits = rng.integers(0, 2 ** 32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
    with np.errstate(invalid="ignore"):
        yield bits.astype(dt)                     # every exponent, NaNs, infinities
    yield np.resize(np.array(EDGES, dt), n)


def _same(ours, theirs):
    view = np.uint32 if ours.dtype == np.float32 else np.uint64
    return ((ours.view(view) == theirs.view(view)) | (np.isnan(ours) & np.isnan(theirs))).all()


def _agree(ours, theirs):
    """PyTorch's bits with its MKL release; without it, within the fallback's documented
    bound: one unit in the last place for float32 (``EXACT_LIMIT`` elements or fewer:
    rounded from float64), two for float64 (numpy's and ``math``'s functions), a few
    above the limit (numpy's float32 kernels), ignoring results below 1e-30 (the tails of
    ``erfc`` and ``exp`` in subnormals)."""
    if mkl_vml.available():
        return _same(ours, theirs)
    finite = np.isfinite(theirs)
    ulps = 4 if ours.size > K.EXACT_LIMIT else 1 if ours.dtype == np.float32 else 2
    spacing = np.spacing(np.abs(theirs[finite])).astype(np.float64) * ulps
    close = np.abs(ours[finite].astype(np.float64) - theirs[finite]) <= np.maximum(spacing, 1e-30)
    return _same(ours[~finite], theirs[~finite]) and np.all(close)


@pytest.mark.parametrize("dt", [np.float32, np.float64], ids=["float32", "float64"])
@pytest.mark.parametrize("op", OPS)
def test_vml_functions_have_torchs_bits_at_every_size(torch, op, dt):
    rng = np.random.default_rng(31)
    for n in SIZES:
        for x in _inputs(dt, n, rng):
            theirs = getattr(torch, op)(torch.from_numpy(x)).numpy()
            ours = getattr(E, op)(E.tensor(x)).numpy()
            assert _agree(ours, theirs), (op, n)
        wide = (rng.standard_normal(2 * n) * 4).astype(dt)   # a strided view: a copy
        theirs = getattr(torch, op)(torch.from_numpy(wide)[::2]).numpy()
        assert _agree(getattr(E, op)(E.tensor(wide)[::2]).numpy(), theirs), (op, n)


def test_the_library_is_found_where_the_wheel_installs_it():
    """The wheel puts ``libmkl_rt.so.2`` in ``<prefix>/lib``; when it is there the engine
    loads it (a version other than PyTorch's would be refused, but this one is the pin)."""
    import importlib.metadata
    try:
        version = importlib.metadata.version("mkl")
    except importlib.metadata.PackageNotFoundError:
        version = ""
    forced_off = bool(os.environ.get("GRADSTUDIO_NO_MKL"))   # (the fallback's switch)
    assert mkl_vml.available() == (version.startswith("2024.2") and not forced_off), version


def test_the_fallback_is_within_one_ulp(torch, monkeypatch):
    """Without MKL the engine computes in float64 and rounds once: the correctly rounded
    value, never more than one unit in the last place from PyTorch's (MKL's)."""
    monkeypatch.setattr(mkl_vml, "_STATE", [None])
    assert not mkl_vml.available()
    x = np.random.default_rng(5).uniform(-20, 20, 20000).astype(np.float32)
    for name in ("exp", "sin", "cos", "tanh"):
        ours, theirs = getattr(K, name)(x), getattr(torch, name)(torch.from_numpy(x)).numpy()
        exact = getattr(np, name)(x.astype(np.float64)).astype(np.float32)
        np.testing.assert_array_equal(ours, exact, err_msg=name)
        spacing = np.spacing(np.abs(theirs)).astype(np.float64)
        assert np.all(np.abs(ours.astype(np.float64) - theirs) <= spacing), name


def test_another_mkl_release_is_refused(monkeypatch):
    """Only the release PyTorch links gives its bits (2026.2's exp differs in 1.6 % of
    inputs): a library whose version string is another is not used."""
    monkeypatch.setattr(mkl_vml, "VERSION", b"1999.1-Product Build 19990101")
    assert all(mkl_vml._open(path) is None for path in mkl_vml._candidates())


XOR = """
    torch.manual_seed(0)
    X = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
    Y = torch.tensor([[0.], [1.], [1.], [0.]])
    for make in (lambda p: torch.optim.SGD(p, lr=0.5), lambda p: torch.optim.Adam(p, lr=0.05)):
        model = torch.nn.Sequential(torch.nn.Linear(2, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
        opt = make(model.parameters())
        for step in range(50):
            opt.zero_grad()
            loss = ((model(X) - Y) ** 2).mean()
            loss.backward()
            opt.step()
            print(step, loss.item())
        torch.set_printoptions(precision=10)
        print(model(X))
        print(model[0].weight.grad)
        torch.set_printoptions(profile="default")
"""

SINE = """
    torch.manual_seed(1)
    x = torch.linspace(-3.14159, 3.14159, 64).reshape(-1, 1)
    y = torch.sin(x) + 0.1 * torch.cos(3 * x) * torch.exp(-x * x / 4)
    model = torch.nn.Sequential(torch.nn.Linear(1, 16), torch.nn.Tanh(),
                                torch.nn.Linear(16, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    for step in range(60):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        if step % 5 == 0:
            print(step, loss.item(), torch.log(loss).item())
    print(model[2].weight.grad[:2].tolist())
    print(model(torch.tensor([[0.5], [2.0]])).tolist())
"""


@pytest.mark.parametrize("code", [XOR, SINE], ids=["xor_tanh", "sine_mlp"])
def test_tanh_training_programs_print_torchs_digits(code):
    results = parity.results_or_skip(parity.programs([("p", code)]))
    if mkl_vml.available():
        assert results[1]["p"]["out"] == results[0]["p"]["out"]
    else:                              # (within MKL's last digits: cpu_paths)
        parity.assert_same(results, "p")


def test_small_results_are_arrays_of_their_own_in_every_thread():
    """Small arrays go through a thread's reused buffers: each result is a fresh array,
    unchanged by the next call, in its input's shape, and threads do not share them."""
    import threading
    rng = np.random.default_rng(3)
    if not mkl_vml.available():
        assert mkl_vml.vml("Tanh", np.ones(3, np.float32)) is None
        return
    a = rng.standard_normal((2, 3)).astype(np.float32)
    first = mkl_vml.vml("Tanh", a)
    again = mkl_vml.vml("Tanh", a * 3)
    assert first.shape == (2, 3) and first.flags.owndata and first.dtype == np.float32
    assert np.array_equal(first, mkl_vml.vml("Tanh", a)) and not np.array_equal(first, again)
    assert mkl_vml.vml("Exp", np.float64(0.5)).shape == ()
    assert mkl_vml.vml("Exp", np.zeros((0, 4))).shape == (0, 4)
    t = rng.standard_normal((5, 7)).astype(np.float32).T     # (strided)
    assert np.array_equal(mkl_vml.vml("Sin", t), mkl_vml.vml("Sin", np.ascontiguousarray(t)))
    wrong = []

    def work(seed):
        x = np.random.default_rng(seed).standard_normal(64).astype(np.float32)
        want = mkl_vml.vml("Exp", x).copy()
        for _ in range(300):
            if not np.array_equal(mkl_vml.vml("Exp", x), want):
                wrong.append(seed)
    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not wrong
