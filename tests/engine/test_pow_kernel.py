"""``x ** p`` for a number ``p`` as PyTorch's CPU kernel computes it, bit for bit: its
special cases (0.5, -0.5, -1, 2, 3, -2: square root, 1 / square root, reciprocal,
``x * x``, ``x * x * x``, ``1 / (x * x)``) differ from one rounding of ``powf`` in the last
digit for about a quarter of the values, and the cube is how PyTorch's own polynomial
tutorial fits its curve. The backward (``grad * p * x ** (p - 1)``) goes through the same
cases. Torch is the oracle. (float64's square root, and powers outside these cases, are
known differences: ``docs/engine.md``.)"""
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
