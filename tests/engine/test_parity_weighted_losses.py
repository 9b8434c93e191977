"""Losses with a weight per class or per element print the same under the engine as
under PyTorch: cross_entropy with class weights (class indices, probabilities, label
smoothing, ignore_index), binary cross-entropy (and with logits) with weight and
pos_weight through PyTorch's own kernels' order of operations, and the weighted
mse / l1 / huber composites of torch.nn.functional; every reduction, with gradients."""
import parity
import pytest

P, prog = parity.table()

prog("class_and_element_weights", """
import torch.nn.functional as F
logits = torch.tensor([[0.2, 1.5, -0.3], [2.0, 0.1, 0.4], [0.3, 0.3, 0.9]], requires_grad=True)
y = torch.tensor([1, 0, 2])
w = torch.tensor([0.2, 1.0, 3.0])
for red in ("mean", "sum", "none"):
    for e in ["F.cross_entropy(logits, y, weight=w, reduction=red)", "F.nll_loss(logits.log_softmax(1), y, weight=w, reduction=red)",
              "F.cross_entropy(logits, y, weight=w, label_smoothing=0.1, reduction=red)", "F.cross_entropy(logits, logits.detach().softmax(1), weight=w, reduction=red)",
              "torch.nn.CrossEntropyLoss(weight=w, reduction=red)(logits, y)", "F.cross_entropy(logits, torch.tensor([1, -100, 2]), weight=w, reduction=red)",
              "F.binary_cross_entropy(logits.sigmoid(), torch.ones(3, 3) * 0.3, weight=w, reduction=red)", "torch.nn.BCELoss(weight=w, reduction=red)(logits.sigmoid(), torch.ones(3, 3))",
              "F.binary_cross_entropy_with_logits(logits, torch.ones(3, 3) * 0.3, weight=w, reduction=red)", "F.binary_cross_entropy_with_logits(logits, torch.ones(3, 3) * 0.3, pos_weight=w, reduction=red)",
              "torch.nn.BCEWithLogitsLoss(weight=w, pos_weight=w * 2, reduction=red)(logits, torch.zeros(3, 3))", "torch.nn.NLLLoss(weight=w, ignore_index=0, reduction=red)(logits.log_softmax(1), y)"]:
        try:
            out = eval(e); print(e, out)
            g, = torch.autograd.grad(out.sum(), logits); print(g)
        except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("weighted_regression_losses", """
import torch.nn.functional as F
a = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]], requires_grad=True)
t = torch.tensor([[1.0, 0.0, 0.5], [1.0, 1.0, -2.5]])
w = torch.tensor([[1.0, 2.0, 0.5], [0.0, 3.0, 1.0]])
for red in ("mean", "sum", "none"):
    for f in (F.mse_loss, F.l1_loss, F.huber_loss):
        out = f(a, t, reduction=red, weight=w); print(f.__name__, red, out)
        g, = torch.autograd.grad(out.sum(), a); print(g)
for e in ["F.mse_loss(a, t, weight=torch.ones(3))", "F.l1_loss(a, t, reduction='avg', weight=w)", "F.mse_loss(a, t, reduction='avg')"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


@pytest.mark.parametrize("name", ["binary_cross_entropy", "binary_cross_entropy_with_logits"])
@pytest.mark.parametrize("n", [7, 20, 100])
def test_a_bce_mean_gradient_is_divided_by_the_count_as_torchs(name, n):
    """PyTorch's BCE kernels ``div_`` a mean's gradient by the element count; a product by
    1 / count is a last digit apart for most counts (a classifier's bias gradient, then
    its trained weights, printed a digit apart)."""
    torch = pytest.importorskip("torch")
    import numpy as np

    import gradstudio.engine as E
    rng = np.random.default_rng(n)
    a = rng.standard_normal((n, 1)).astype(np.float32)
    if name == "binary_cross_entropy":
        a = (1 / (1 + np.exp(-a))).astype(np.float32)
    t = (rng.random((n, 1)) > 0.5).astype(np.float32)
    grads = []
    for lib in (torch, E):
        x = lib.tensor(a, requires_grad=True)
        getattr(lib.nn.functional, name)(x, lib.tensor(t)).backward()
        grads.append(x.grad.numpy())
    assert np.array_equal(grads[1], grads[0])
