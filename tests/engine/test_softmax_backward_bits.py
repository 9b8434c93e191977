"""The float32 backward of ``softmax``, ``log_softmax`` and so ``cross_entropy`` over the
last dimension prints torch's bits: PyTorch's vector kernels (``_vec_softmax_backward``,
``_vec_log_softmax_backward``) sum each row in ``vec::reduce_all``'s order and take
SLEEF's ``expf`` with one fused multiply-subtract, where numpy's ``exp`` and pairwise sum
left 46 of 128 logit gradients of a 64 x 2 classifier a last bit apart. A bias before a
``BatchNorm1d`` has a gradient of float noise around zero, and Adam made that last bit a
difference in the second printed digit of the bias after one step."""
import parity

# (PyTorch's default two threads here: the harness starts torch with one, under which its
# float32 softmax forward of some rows of 40 rounds otherwise, not yet followed)
SWEEP = """
torch.set_num_threads(2)

def hexes(t):
    return " ".join(v.hex() for v in t.detach().flatten().tolist())

torch.manual_seed(0)
for rows, n in ((64, 2), (32, 3), (9, 7), (16, 10), (8, 16), (8, 17), (5, 40), (3, 100),
                (4, 33), (2, 1000), (1, 1), (6, 1)):
    x = torch.randn(rows, n, requires_grad=True)
    g = torch.randn(rows, n)
    for f in (torch.log_softmax, torch.softmax):
        x.grad = None
        f(x, -1).backward(g)
        print(f.__name__, rows, n, hexes(x.grad))
    x.grad = None
    target = torch.randint(0, n, (rows,))
    torch.nn.functional.cross_entropy(x * 3, target).backward()
    print("cross_entropy", hexes(x.grad))
    x.grad = None
    torch.nn.functional.cross_entropy(x, target, reduction="sum", label_smoothing=0.1).backward()
    print("cross_entropy sum smoothed", hexes(x.grad))
"""

CLASSIFIER = """
import torch.nn as nn

def hexes(t):
    return " ".join(v.hex() for v in t.detach().flatten().tolist())

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 2))
X = torch.randn(64, 2)
y = (X[:, 0] * X[:, 1] > 0).long()
opt = torch.optim.Adam(net.parameters(), lr=0.01)
for step in range(1, 21):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(net(X), y)
    loss.backward()
    opt.step()
    if step in (1, 2, 20):
        print(step, loss.item().hex())
        for name, p in net.named_parameters():
            print(name, hexes(p), "|", hexes(p.grad))
print(net[0].bias)
"""


def test_softmax_and_cross_entropy_gradients_are_torchs_bits():
    parity.assert_prints_torchs_bits(SWEEP, 40)


def test_a_classifier_with_batchnorm_trained_with_adam_prints_torchs_bits():
    parity.assert_prints_torchs_bits(CLASSIFIER, 20)
