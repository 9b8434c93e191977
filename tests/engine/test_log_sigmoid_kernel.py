"""``F.logsigmoid`` and ``BCEWithLogitsLoss`` (built on it) compute as PyTorch's CPU kernel
does, to the last bit, for float32: ``min(x, 0) - log1p(exp(-|x|))`` with SLEEF's
``expf`` and ``log1pf`` on every element (``_cpu_kernels.sleef_float.log1pf_u10``);
numpy's ``log1p`` was a last bit apart for about one value in seven, so a logistic
regression's printed loss could differ from torch's. The gradient reads the forward's
``exp(-|x|)`` as PyTorch's ``log_sigmoid_backward`` does."""
import parity

PROGRAM = """
    import torch.nn.functional as F
    g = torch.Generator().manual_seed(8)
    out = []
    for n in (1, 5, 16, 33, 100, 1000, 5000):
        x = torch.randn(n, generator=g) * 3
        t = (torch.rand(n, generator=g) > 0.5).float()
        out += F.logsigmoid(x).tolist() + torch.nn.LogSigmoid()(x[::2]).tolist()
        out += [F.binary_cross_entropy_with_logits(x, t).item(),
                F.binary_cross_entropy_with_logits(x, t, reduction="sum").item(),
                torch.nn.BCEWithLogitsLoss()(x.reshape(-1, 1), t.reshape(-1, 1)).item()]
    x = torch.cat([torch.randn(3000, generator=g) * 40, torch.tensor(
        [0.0, -0.0, 100.0, -100.0, 1e-30, -1e-30, 88.5, -88.5, -104.0, 104.0])])
    out += F.logsigmoid(x).tolist()
    out += [str(v) for v in F.logsigmoid(torch.tensor([float("inf"), float("-inf"),
                                                         float("nan")])).tolist()]
    for n in (5, 33, 100):
        x = (torch.randn(n, generator=g) * 3).requires_grad_()
        (F.logsigmoid(x) * torch.randn(n, generator=g)).sum().backward()
        out += x.grad.tolist()
        x.grad = None
        F.binary_cross_entropy_with_logits(x, (torch.rand(n, generator=g) > 0.5).float()).backward()
        out += x.grad.tolist()
    print(len(out))
    for v in out:
        print(v.hex() if isinstance(v, float) else v)
"""


def test_logsigmoid_and_bce_with_logits_have_torchs_bits():
    parity.assert_prints_torchs_bits(PROGRAM, 10000)
