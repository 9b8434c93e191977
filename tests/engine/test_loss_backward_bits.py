"""The float32 forward and backward of the losses and activations students train with
print PyTorch's bits (``float.hex`` of every value and input gradient), for batches of 1
to 128 and 2 to 20 classes: a last bit in a gradient becomes a printed digit after tens
of Adam steps. Measured apart before: ``log_softmax``/``softmax`` over a dimension other
than the last (so ``cross_entropy`` of (N, C, L) scores: 4 in 10 gradients),
``nll_loss`` of (N, C, L) and of images summed in numpy's order, ``soft_margin_loss`` (1 gradient in
10), ``binary_cross_entropy``'s per-element losses (numpy's logs), and the gradients of
``huber_loss``/``smooth_l1_loss`` with a ``delta``/``beta`` that float32 cannot hold (on
the scalar tail of a tensor PyTorch keeps it a double). Each sweep is one family; shapes
of 21 and 40 elements put values on PyTorch's vector path and on its scalar tail.

(PyTorch's default two threads: the harness starts torch with one.)"""
import parity

_HEAD = """
torch.set_num_threads(2)
import torch.nn.functional as F

def hexes(t):
    return " ".join(v.hex() for v in t.detach().flatten().tolist())

def check(name, f, *inputs):
    for x in inputs:
        x.grad = None
    y = f(*inputs)
    y.backward(torch.randn(y.shape) if y.dim() else None)
    print(name, hexes(y), "|", " | ".join(hexes(x.grad) for x in inputs))

torch.manual_seed(0)
SHAPES = ((1, 2), (7, 3), (8, 5), (16, 20), (128, 5), (64, 1))
"""

REGRESSION = _HEAD + """
for n, c in SHAPES:
    a = torch.randn(n, c, requires_grad=True)
    b = torch.randn(n, c, requires_grad=True)
    for red in ("mean", "sum", "none"):
        tag = f"{n}x{c} {red}"
        check("mse " + tag, lambda x, y: F.mse_loss(x, y, reduction=red), a, b)
        check("l1 " + tag, lambda x, y: F.l1_loss(x, y, reduction=red), a, b)
        for beta in (1.0, 0.5, 0.3):
            check(f"smooth_l1 {beta} " + tag,
                  lambda x, y: F.smooth_l1_loss(x, y, reduction=red, beta=beta), a, b)
        for delta in (1.0, 0.7, 1.3):
            check(f"huber {delta} " + tag,
                  lambda x, y: F.huber_loss(x, y, reduction=red, delta=delta), a, b)
import warnings
warnings.simplefilter("ignore")         # (a target broadcast against the input)
for n, c in ((7, 3), (5, 20), (3, 40), (40, 33)):
    a = torch.randn(n, c, requires_grad=True)
    b = torch.randn(n, 1, requires_grad=True)
    for red in ("mean", "none"):
        check(f"huber broadcast {n}x{c} {red}",
              lambda x, y: F.huber_loss(x, y, reduction=red, delta=0.7), a, b)
        check(f"smooth_l1 broadcast {n}x{c} {red}",
              lambda x, y: F.smooth_l1_loss(x, y, reduction=red, beta=0.3), a, b)
"""

BINARY = _HEAD + """
for n, c in SHAPES:
    a = torch.randn(n, c, requires_grad=True)
    p = torch.rand(n, c).clamp(0.02, 0.98).requires_grad_()
    soft, hard = torch.rand(n, c), (torch.rand(n, c) > 0.5).float()
    w, pw = torch.rand(n, c), torch.rand(c) * 3
    for red in ("mean", "sum", "none"):
        tag = f"{n}x{c} {red}"
        check("bce " + tag, lambda x: F.binary_cross_entropy(x, soft, reduction=red), p)
        check("bce weight " + tag,
              lambda x: F.binary_cross_entropy(x, hard, weight=w, reduction=red), p)
        check("logits " + tag,
              lambda x: F.binary_cross_entropy_with_logits(x, soft, reduction=red), a)
        check("logits pos_weight " + tag, lambda x: F.binary_cross_entropy_with_logits(
            x, hard, pos_weight=pw, reduction=red), a)
        check("logits both " + tag, lambda x: F.binary_cross_entropy_with_logits(
            x, hard, weight=w, pos_weight=pw, reduction=red), a)
        check("kl_div " + tag, lambda x: F.kl_div(x, soft, reduction=red), a)
        check("kl_div log_target " + tag,
              lambda x: F.kl_div(x, a.detach() * 0.3, reduction=red, log_target=True), a)
        check("soft_margin " + tag,
              lambda x: F.soft_margin_loss(x, hard * 2 - 1, reduction=red), a)
    check(f"kl_div batchmean {n}x{c}", lambda x: F.kl_div(x, soft, reduction="batchmean"), a)
"""

CLASSES = _HEAD + """
for n, c in SHAPES[:-1] + ((64, 2),):
    a = torch.randn(n, c, requires_grad=True)
    a3 = torch.randn(n, c, 4, requires_grad=True)
    y, y3 = torch.randint(0, c, (n,)), torch.randint(0, c, (n, 4))
    y_some, y3_some = y.clone(), y3.clone()
    y_some[1::3], y3_some[:, 1::3] = -100, -100
    w = torch.rand(c) + 0.1
    probs = torch.softmax(torch.randn(n, c), 1)
    for red in ("mean", "sum", "none"):
        tag = f"{n}x{c} {red}"
        for name, x, t in (("", a, y), ("3-d ", a3, y3)):
            check(name + "nll " + tag, lambda x: F.nll_loss(x, t, reduction=red), x)
            check(name + "nll weight " + tag,
                  lambda x: F.nll_loss(x, t, weight=w, reduction=red), x)
            check(name + "cross_entropy " + tag, lambda x: F.cross_entropy(x, t, reduction=red), x)
            check(name + "cross_entropy weight " + tag,
                  lambda x: F.cross_entropy(x, t, weight=w, reduction=red), x)
            check(name + "cross_entropy smoothed " + tag,
                  lambda x: F.cross_entropy(x, t, label_smoothing=0.1, reduction=red), x)
        for name, x, t in (("", a, y_some), ("3-d ", a3, y3_some)):
            check(name + "nll ignored " + tag,
                  lambda x: F.nll_loss(x, t, weight=w, reduction=red), x)
            check(name + "cross_entropy ignored " + tag, lambda x: F.cross_entropy(
                x, t, weight=w, label_smoothing=0.2, reduction=red), x)
        check("cross_entropy probabilities " + tag,
              lambda x: F.cross_entropy(x, probs, reduction=red), a)
        check("cross_entropy probabilities weight " + tag, lambda x: F.cross_entropy(
            x, probs, weight=w, label_smoothing=0.1, reduction=red), a)
for n, c, h, w in ((2, 3, 4, 5), (4, 5, 6, 6), (1, 10, 3, 7)):    # (images: N, C, H, W)
    x = torch.randn(n, c, h, w, requires_grad=True)
    t = torch.randint(0, c, (n, h, w))
    t[:, 0, :2] = -100
    weight = torch.rand(c) + 0.2
    for red in ("mean", "sum", "none"):
        check(f"image cross_entropy {n}x{c}x{h}x{w} {red}", lambda x: F.cross_entropy(
            x, t, weight=weight, label_smoothing=0.1, reduction=red), x)
"""

ACTIVATIONS = _HEAD + """
for n, c in SHAPES:
    a = torch.randn(n, c, requires_grad=True)
    a3 = torch.randn(n, c, 3, requires_grad=True)
    for name, f in (("sigmoid", torch.sigmoid), ("tanh", torch.tanh), ("relu", F.relu),
                    ("leaky_relu", lambda x: F.leaky_relu(x, 0.1)), ("softplus", F.softplus),
                    ("softplus beta", lambda x: F.softplus(x, beta=2, threshold=3)),
                    ("log_softmax 0", lambda x: F.log_softmax(x, 0)),
                    ("softmax 0", lambda x: F.softmax(x, 0)),
                    ("log_softmax 1", lambda x: F.log_softmax(x, 1))):
        check(f"{name} {n}x{c}", f, a)
    check(f"log_softmax middle {n}x{c}", lambda x: F.log_softmax(x, 1), a3)
    check(f"softmax middle {n}x{c}", lambda x: F.softmax(x, 1), a3)
big = torch.randn(3, 40, 20, requires_grad=True)   # (more positions than a vector)
check("log_softmax middle 3x40x20", lambda x: F.log_softmax(x, 1), big)
check("softmax middle 3x40x20", lambda x: F.softmax(x, 1), big)
"""

_TRAIN = """
torch.set_num_threads(2)
import torch.nn as nn

def hexes(t):
    return " ".join(v.hex() for v in t.detach().flatten().tolist())

def train(net, loss_fn, X, y, lr):
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    for step in range(1, 31):
        opt.zero_grad()
        loss = loss_fn(net(X), y)
        loss.backward()
        opt.step()
        if step in (1, 2, 30):
            print(step, loss.item().hex())
            for name, p in net.named_parameters():
                print(name, hexes(p), "|", hexes(p.grad))

torch.manual_seed(0)
"""

WEIGHTED_CLASSIFIER = _TRAIN + """
X = torch.randn(96, 4)
y = (X[:, 0] > 0).long() + (X[:, 1] * X[:, 2] > 0.3).long()
net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
train(net, nn.CrossEntropyLoss(weight=torch.tensor([0.5, 1.0, 2.5])), X, y, 0.01)
"""

MULTI_LABEL = _TRAIN + """
X = torch.randn(64, 5)
Y = torch.stack([X[:, 0] > 0.5, X[:, 1] + X[:, 2] > 0, X[:, 3] < -1], 1).float()
net = nn.Sequential(nn.Linear(5, 12), nn.Tanh(), nn.Linear(12, 3))
train(net, nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0, 0.7, 5.0])), X, Y, 0.02)
"""

SEQUENCE_TAGGER = _TRAIN + """
X = torch.randn(16, 10, 3)                      # 16 sequences of 10 steps
y = (X[:, :, 0] > 0).long() + (X[:, :, 1] > 0.5).long()
y[:, :2] = -100                                 # (the first steps are not scored)
net = nn.Sequential(nn.Linear(3, 12), nn.ReLU(), nn.Linear(12, 3))
loss_fn = nn.CrossEntropyLoss(weight=torch.tensor([0.3, 1.0, 2.0]), label_smoothing=0.05)
train(net, lambda scores, y: loss_fn(scores.permute(0, 2, 1), y), X, y, 0.01)  # (N, C, L)
"""


def test_regression_losses_print_torchs_bits():
    parity.assert_prints_torchs_bits(REGRESSION, 155)


def test_binary_and_divergence_losses_print_torchs_bits():
    parity.assert_prints_torchs_bits(BINARY, 145)


def test_class_losses_print_torchs_bits():
    parity.assert_prints_torchs_bits(CLASSES, 290)


def test_activations_and_softmax_over_other_dims_print_torchs_bits():
    parity.assert_prints_torchs_bits(ACTIVATIONS, 65)


def test_a_classifier_with_class_weights_trained_with_adam_prints_torchs_bits():
    parity.assert_prints_torchs_bits(WEIGHTED_CLASSIFIER, 14)


def test_a_multi_label_classifier_with_pos_weight_trained_with_adam_prints_torchs_bits():
    parity.assert_prints_torchs_bits(MULTI_LABEL, 14)


def test_a_sequence_tagger_scored_over_n_c_l_trained_with_adam_prints_torchs_bits():
    parity.assert_prints_torchs_bits(SEQUENCE_TAGGER, 14)
