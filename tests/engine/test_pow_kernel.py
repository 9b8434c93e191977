"""``x ** p`` for a number ``p`` as PyTorch's CPU kernel computes it, bit for bit: its
special cases (0.5, -0.5, -1, 2, 3, -2: square root, 1 / square root, reciprocal,
``x * x``, ``x * x * x``, ``1 / (x * x)``) differ from one rounding of ``powf`` in the last
digit for about a quarter of the values, and the cube is how PyTorch's own polynomial
tutorial fits its curve. The backward (``grad * p * x ** (p - 1)``) goes through the same
cases. Any other power of float32 is SLEEF's ``powf`` on PyTorch's vector blocks and the C
library's double ``pow`` on the rest, bit for bit too. Torch is the oracle. (float64's
square root and its other powers are known differences: ``docs/engine.md``.)"""
import numpy as np
import pytest

import gradstudio.engine as engine
from cpu_paths import assert_torchs_bits

torch = pytest.importorskip("torch")

EXPONENTS = [0.5, -0.5, -1, -1.0, 2, 3, 3.0, -2]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size", [1, 7, 200, 5000])
def test_each_special_power_has_torchs_bits_forward_and_backward(dtype, size):
    rng = np.random.default_rng(size)
    values = (rng.standard_normal(size) * 3).astype(dtype)
    for p in EXPONENTS:
        base = np.abs(values) + 1e-3 if p in (0.5, -0.5) else values
        t = torch.tensor(base, requires_grad=True)
        e = engine.tensor(base, requires_grad=True)
        want, got = t ** p, e ** p
        assert type(got.grad_fn).__name__ == type(want.grad_fn).__name__ == "PowBackward0"
        if p == 0.5:            # (the square root: float64's is a known difference)
            assert np.array_equal(got.detach().numpy(), e.sqrt().detach().numpy())
            assert np.array_equal(want.detach().numpy(), t.sqrt().detach().numpy())
        # (0.5 and -0.5 are square roots: MKL's, whose bits depend on the processor)
        check = assert_torchs_bits if p in (0.5, -0.5) else np.testing.assert_array_equal
        if p != 0.5 or dtype == "float32":
            check(got.detach().numpy(), want.detach().numpy(), err_msg=f"{dtype} {size} {p}")
        if p - 1 in EXPONENTS + [1]:     # (the gradient's power is one of the cases too)
            want.sum().backward()
            got.sum().backward()
            check(e.grad.numpy(), t.grad.numpy(), err_msg=f"grad {dtype} {size} {p}")


OTHER = [1.5, 0.3, -1.7, 2.5, 4, 7.0, -3, 1e-3, 100.0, 1e30, -1e30, float("inf"),
         float("-inf"), float("nan"), 0.0, 1.0, 2 ** 25 + 2.0]


def _same(a, b):
    return np.array_equal(a, b) or (a.shape == b.shape and np.all((a == b) | (np.isnan(a) & np.isnan(b))))


def _wide_values():
    rng = np.random.default_rng(11)
    edges = [0.0, -0.0, 1e-45, -1e-45, 1e-40, 1.1754944e-38, 3e38, -3e38, float("inf"),
             float("-inf"), float("nan"), 1.0, -1.0, 0.5, -2.0, 2.0, 1e-20]
    parts = [rng.standard_normal(3000) * 3, np.exp(rng.uniform(-100, 88, 3000)),
             -np.exp(rng.uniform(-20, 20, 500)), np.trunc(rng.uniform(-20, 20, 300)), edges]
    return np.concatenate(parts).astype(np.float32)


def test_other_float32_powers_are_torchs_bit_for_bit_on_wide_values():
    x = _wide_values()
    with np.errstate(all="ignore"):
        for p in OTHER:
            want = (torch.from_numpy(x) ** p).numpy()
            assert _same((engine.from_numpy(x) ** p).numpy(), want), p
            # a strided view walks the scalar loop everywhere
            want = (torch.from_numpy(x)[::3] ** p).numpy()
            assert _same((engine.from_numpy(x)[::3] ** p).numpy(), want), ("strided", p)


@pytest.mark.parametrize("p", [1.5, -0.7, 0.3, 2.2])
def test_other_float32_powers_at_every_length_and_layout(p):
    """PyTorch's loop: SLEEF on each full block of two vectors, the C library on the tail;
    lengths 1 to 80 at several offsets, a matrix, its transpose, and a column slice."""
    rng = np.random.default_rng(int(abs(p) * 10))
    x = (np.abs(rng.standard_normal(6000)) * 4).astype(np.float32)
    for n in range(1, 81):
        for off in (0, 13, 40):
            a = x[off * n:off * n + n]
            assert np.array_equal((engine.from_numpy(a) ** p).numpy(),
                                  (torch.from_numpy(a) ** p).numpy()), (n, off)
    m = x[:37 * 45].reshape(37, 45)
    for view in (lambda t: t, lambda t: t.T, lambda t: t[:, 3:40], lambda t: t[::2]):
        assert np.array_equal(view(engine.from_numpy(m)).pow(p).numpy(),
                              view(torch.from_numpy(m)).pow(p).numpy())


def test_other_float32_powers_backward_is_torchs():
    x = (np.abs(np.random.default_rng(4).standard_normal(70)) * 2 + 0.1).astype(np.float32)
    for p in (1.5, -0.7, 2.5):
        t, e = torch.tensor(x, requires_grad=True), engine.tensor(x, requires_grad=True)
        (t ** p).sum().backward()
        (e ** p).sum().backward()
        assert np.array_equal(t.grad.numpy(), e.grad.numpy()), p


def test_the_polynomial_tutorials_loss_prints_torchs_digits():
    import math
    torch_text = None
    for lib in (torch, engine):
        x = lib.linspace(-math.pi, math.pi, 200)
        u = 0.3 * x
        loss = (-(0.5 * (5 * u ** 3 - 3 * u)) - lib.sin(x)).pow(2).sum()
        if lib is torch:
            torch_text = repr(loss.item())
        else:
            assert repr(loss.item()) == torch_text


def test_other_powers_and_integer_tensors_are_unchanged():
    ints = engine.tensor([1, 2, 3, -4])
    assert (ints ** 3).tolist() == [1, 8, 27, -64] and (ints ** 3).dtype == engine.int64
    assert (ints ** 2).tolist() == [1, 4, 9, 16]
    half = engine.tensor([1.5, 2.0], dtype=engine.float16)
    assert (half ** 3).tolist() == torch.tensor([1.5, 2.0], dtype=torch.float16).pow(3).tolist()
