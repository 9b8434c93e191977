"""A bias followed by a normalization layer, trained with Adam, prints torch's bits. The
gradient of such a bias is float noise around zero (the normalization removes the mean)
and Adam scales any noise to a full ``lr`` step, so a parameter printed after one step
differs in its second digit unless every rounding of the normalization's forward and
backward is PyTorch's. Each program prints every parameter and gradient as ``float.hex``
after steps 1, 2 and 5, under one, two and three threads (``torch.set_num_threads``:
PyTorch's kernels cut an (N, C) batch between threads, and group norm's serial loop rounds
otherwise than its threaded one): BatchNorm1d over batches of 2 to 64 and 3 to 40
channels, ``momentum=None`` and ``affine=False``, eval mode, a 3-d input, BatchNorm2d
after a per-channel scale and shift, LayerNorm and GroupNorm."""
import pytest

import parity

P, prog = parity.table()

_TRAIN = """
def hexes(t):
    return " ".join(v.hex() if isinstance(v, float) else str(v)
                    for v in t.detach().flatten().tolist())

def train(model, X, y, steps=5, lr=0.01):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for step in range(1, steps + 1):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        if step in (1, 2, steps):
            print(step, loss.item().hex())
            for name, p in model.named_parameters():
                print(name, hexes(p), "|", hexes(p.grad))
    for name, b in model.named_buffers():
        print(name, hexes(b))
"""


def _sweep(norm, shapes, threads=(1, 2, 3), seeds=(0, 1)):
    return _TRAIN + f"""
import torch.nn as nn
for threads in {threads!r}:
    torch.set_num_threads(threads)
    for seed in {seeds!r}:
        for rows, features, hidden in {shapes!r}:
            torch.manual_seed(seed)
            X, y = torch.randn(rows, features), torch.randn(rows, 1)
            model = nn.Sequential(nn.Linear(features, hidden), {norm}, nn.ReLU(),
                                  nn.Linear(hidden, 1))
            print(threads, seed, rows, features, hidden)
            train(model, X, y)
"""


_BN_SHAPES = ((4, 4, 8), (16, 4, 8), (64, 3, 17), (7, 4, 40), (33, 17, 3), (2, 3, 17),
              (2, 4, 40), (3, 5, 17), (2, 4, 16))
prog("adam_linear_batchnorm1d", _sweep("nn.BatchNorm1d(hidden)", _BN_SHAPES))
prog("adam_linear_batchnorm1d_momentum_none_no_affine", _sweep(
    "nn.BatchNorm1d(hidden, momentum=None, affine=False)",
    ((2, 3, 17), (5, 4, 8), (16, 4, 40)), seeds=(2,)))
prog("adam_linear_layernorm", _sweep("nn.LayerNorm(hidden)",
                                     ((4, 4, 8), (7, 3, 17), (16, 4, 40), (2, 5, 64)),
                                     threads=(1, 2)))
prog("adam_linear_groupnorm", _sweep("nn.GroupNorm(4, hidden)",
                                     ((1, 4, 8), (2, 4, 8), (7, 3, 12), (16, 4, 40),
                                      (3, 5, 44)), threads=(1, 2)))

prog("adam_batchnorm_eval_and_3d", _TRAIN + """
import torch.nn as nn
torch.manual_seed(5)
for threads in (1, 2):
    torch.set_num_threads(threads)
    X, y = torch.randn(12, 4), torch.randn(12, 1)
    model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
    train(model, X, y, steps=2)
    model.eval()                         # frozen statistics: the eval kernels
    train(model, X, y, steps=3)
    seq = torch.randn(6, 5, 9)
    conv_like = nn.Sequential(nn.BatchNorm1d(5), nn.Flatten(), nn.Linear(45, 1))
    shift = nn.Parameter(torch.zeros(1, 5, 1))
    opt = torch.optim.Adam([shift] + list(conv_like.parameters()), lr=0.01)
    for step in range(3):
        opt.zero_grad()
        torch.nn.functional.mse_loss(conv_like(seq + shift), torch.randn(6, 1)).backward()
        opt.step()
        print(hexes(shift), "|", hexes(shift.grad), "|", hexes(conv_like[0].running_var))
""")

# a per-channel scale and shift before BatchNorm2d (a convolution's bias, without
# oneDNN's convolution, whose own sums the engine does not follow)
prog("adam_channel_shift_batchnorm2d", _TRAIN + """
import torch.nn as nn

class Shift(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(1, c, 1, 1))
        self.bias = nn.Parameter(torch.zeros(1, c, 1, 1))

    def forward(self, x):
        return x * self.scale + self.bias

torch.manual_seed(6)
for threads in (1, 2):
    torch.set_num_threads(threads)
    for n, c, h in ((8, 6, 10), (3, 4, 7), (2, 17, 5)):
        X, y = torch.randn(n, c, h, h), torch.randn(n, 1)
        model = nn.Sequential(Shift(c), nn.BatchNorm2d(c), nn.ReLU(),
                              nn.Flatten(), nn.Linear(c * h * h, 1))
        train(model, X, y)
        model.eval()
        print(hexes(model(X)))
""")



@pytest.mark.parametrize("name", [name for name, _ in P])
def test_prints_torchs_bits(name):
    # (exactly, on every processor: the harness's transcripts allow MKL's last digits on
    # Intel's, and the programs here print only what the engine computes in ATen's order
    # or in MKL's for the shapes it reproduces)
    parity.assert_prints_torchs_bits(dict(P)[name], 20)
