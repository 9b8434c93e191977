"""``F.silu`` / ``nn.SiLU`` and their gradient compute as PyTorch's CPU kernels do, to the
last bit: the forward ``x / (1 + exp(-x))`` (SLEEF's exp on vector blocks, glibc's on the
rest; ``x * sigmoid(x)`` was a last bit apart for a quarter of the values), the backward
``dy * sigmoid * (1 + x * (1 - sigmoid))`` with the last factor one fused multiply-add; in
float32 and float64, short tensors, vector blocks and their tails, a strided view, edges."""
import parity

PROGRAM = """
    import torch.nn.functional as F
    g = torch.Generator().manual_seed(21)
    out = []
    for dt in (torch.float32, torch.float64):
        for n in (1, 5, 16, 31, 32, 33, 64, 100, 1000):
            x = torch.randn(n, generator=g, dtype=dt) * 2
            out += F.silu(x).tolist() + torch.nn.SiLU()(x.reshape(-1, 1)).flatten().tolist()
            out += F.silu(x[::2]).tolist()
        x = torch.tensor([0.0, -0.0, 100.0, -100.0, 1e-30, -1e-30, float("inf"),
                          float("-inf"), float("nan"), 88.5, -88.5, -104.0, -105.0], dtype=dt)
        out += [str(v) for v in F.silu(x).tolist()]
        for n in (5, 33, 100):
            x = (torch.randn(n, generator=g, dtype=dt) * 2).requires_grad_()
            (F.silu(x) * torch.randn(n, generator=g, dtype=dt)).sum().backward()
            out += x.grad.tolist()
    print(len(out))
    for v in out:
        print(v.hex() if isinstance(v, float) else v)
"""


def test_silu_and_its_gradient_have_torchs_bits():
    parity.assert_prints_torchs_bits(PROGRAM, 3000)
