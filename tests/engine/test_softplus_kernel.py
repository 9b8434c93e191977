"""``F.softplus`` / ``nn.Softplus`` and its gradient compute as PyTorch's CPU kernels do,
to the last bit, for float32: ``log1p(exp(x * beta)) / beta`` with SLEEF's ``expf`` and
``log1pf`` on vector blocks and the C library's ``expf`` and ``log1pf`` on the rest (a
short tensor, a block's tail, a strided view: ``_cpu_kernels.libm``); the gradient's
``exp(x * beta)`` the same way. numpy's float32 ``log1p`` and ``exp`` were a last bit
apart for one value in seven."""
import parity

PROGRAM = """
    import torch.nn.functional as F
    g = torch.Generator().manual_seed(3)
    out = []
    for n in (1, 5, 31, 32, 33, 64, 100, 1000):
        x = torch.randn(n, generator=g) * 4
        out += F.softplus(x).tolist() + F.softplus(x, beta=2.0).tolist()
        out += F.softplus(x[::2], 0.5, 3.0).tolist() + torch.nn.Softplus()(x).tolist()
    out += [str(v) for v in F.softplus(torch.tensor([0.0, -0.0, 20.0, 20.5, -100.0, 88.0,
                                                     float("inf"), float("-inf")])).tolist()]
    for n in (5, 33, 100):
        x = (torch.randn(n, generator=g) * 3).requires_grad_()
        (F.softplus(x) * torch.randn(n, generator=g)).sum().backward()
        out += x.grad.tolist()
        x.grad = None
        (F.softplus(x, 2.0, 4.0) * torch.randn(n, generator=g)).sum().backward()
        out += x.grad.tolist()
    print(len(out))
    for v in out:
        print(v.hex() if isinstance(v, float) else v)
"""


def test_softplus_and_its_gradient_have_torchs_bits():
    parity.assert_prints_torchs_bits(PROGRAM, 4000)
