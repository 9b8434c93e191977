"""``torch.linalg.vector_norm`` and ``Tensor.norm`` of float32 and float64 tensors are
PyTorch's to the last bit for ``p`` = 2, 1, inf and every other ``p`` (3, 3.5, 0.5, -1:
ATen's ``NormOps``, a sequential sum of glibc's ``powf(|x|, p)`` and ``powf(sum, 1 / p)``,
``norm_kernel.norm_seq``), at every length from 1 to 10,000 and over dims of matrices and
their transposes; a reduction of one element is its absolute value, as in PyTorch. Whole
programs clipping gradients with ``clip_grad_norm_`` (``_foreach_norm``, then the norm of
the stacked norms) print PyTorch's digits."""
import numpy as np
import pytest

import gradstudio.engine as E
import parity

PS = (2, 1, float("inf"), 3, 3.5, 0.5, -1)
SIZES = list(range(1, 70)) + [97, 128, 255, 256, 257, 1000, 4099, 10000]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


@pytest.mark.parametrize("dt", [np.float32, np.float64], ids=["float32", "float64"])
@pytest.mark.parametrize("p", PS, ids=str)
def test_vector_norm_has_torchs_bits_at_every_length(torch, p, dt):
    rng = np.random.default_rng(int(abs(p) * 10) if np.isfinite(p) else 99)
    for n in SIZES:
        x = (rng.standard_normal(n) * 10 ** rng.uniform(-3, 3)).astype(dt)
        theirs = torch.linalg.vector_norm(torch.from_numpy(x), ord=p).numpy()
        ours = E.linalg.vector_norm(E.tensor(x), ord=p).numpy()
        assert ours.tobytes() == theirs.tobytes(), (p, n)
        assert E.tensor(x).norm(p=p).numpy().tobytes() == \
            torch.from_numpy(x).norm(p=p).numpy().tobytes(), (p, n)


@pytest.mark.parametrize("p", PS, ids=str)
def test_vector_norm_over_dims_has_torchs_bits(torch, p):
    rng = np.random.default_rng(7)
    for dt in (np.float32, np.float64):
        for shape in [(3, 5), (7, 33), (40, 9), (100, 100), (6, 1)]:
            x = rng.standard_normal(shape).astype(dt)
            for xx in (x, x.T):
                for dim in (0, 1, -1, None, (0, 1)):
                    for keepdim in (False, True):
                        theirs = torch.linalg.vector_norm(torch.from_numpy(xx), p, dim, keepdim)
                        ours = E.linalg.vector_norm(E.from_numpy(xx), p, dim, keepdim)
                        assert tuple(ours.shape) == tuple(theirs.shape)
                        assert ours.numpy().tobytes() == theirs.numpy().tobytes(), \
                            (p, shape, dim)


def test_one_element_is_its_absolute_value_for_every_p(torch):
    """(``x * x`` overflows for 1e30 in float32, ``pow(pow(x, 3), 1/3)`` rounds: PyTorch
    does neither for a reduction of one element.)"""
    for dt in ("float32", "float64"):
        x = np.array([[1e30], [1e-30], [-3.0], [-7.1]], dt)
        for p in PS + (0,):
            theirs = torch.linalg.vector_norm(torch.from_numpy(x), p, 1).numpy()
            ours = E.linalg.vector_norm(E.from_numpy(x), p, 1).numpy()
            assert ours.tobytes() == theirs.tobytes(), (dt, p)


CLIP_TRAINING = """
    torch.manual_seed(3)
    model = torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
    X, y = torch.randn(20, 3) * 3, torch.randn(20, 2) * 5
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for step in range(30):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(X), y)
        loss.backward()
        total = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        print(step, total.item(), loss.item())
        print([p.grad.flatten().tolist() for p in model.parameters()])
        opt.step()
"""

CLIP_NORM_TYPES = """
    torch.manual_seed(4)
    for p in (2.0, 1.0, float("inf"), 3.0, 3.5, 0.5):
        for dtype in (torch.float32, torch.float64):
            grads = [torch.randn(n, dtype=dtype) * s
                     for n, s in ((5, 1.0), (40, 0.1), (333, 3.0), (7, 1e-3), (1000, 1.0))]
            params = [torch.zeros(g.shape, dtype=dtype, requires_grad=True) for g in grads]
            for q, g in zip(params, grads):
                q.grad = g.clone()
            total = torch.nn.utils.clip_grad_norm_(params, max_norm=1.0, norm_type=p)
            print(p, dtype, total.item(), [q.grad[:5].tolist() for q in params])
            print([v for q in params for v in q.grad.tolist()][::11])
"""


@pytest.mark.parametrize("code", [CLIP_TRAINING, CLIP_NORM_TYPES],
                         ids=["clip_training", "clip_norm_types"])
def test_clipping_programs_print_torchs_digits(code):
    results = parity.results_or_skip(parity.programs([("p", code)]))
    assert results[1]["p"]["out"] == results[0]["p"]["out"]
