"""The training examples: the loop that comes right after the autograd tutorial, built
with the same public ``Document`` API as the other examples (see ``examples``)."""
from .lesson import example_lesson
from .model import Document
from .training import add_linear, add_train_loop

__all__ = ["linear_regression", "forgot_zero_grad", "logistic_regression", "linear_layer_fit",
           "xor_mlp"]

# y ≈ 2 x + 1 with a little noise, written out so every run and export agrees
_X = [[0.0], [1.0], [2.0], [3.0], [4.0]]
_Y = [[1.1], [2.9], [5.2], [6.8], [9.1]]


def _regression(doc):
    """x, y, w and b (leaves that require grad, from zero), pred = x * w + b and the mean
    squared error; returns (w, b, loss)."""
    x = doc.add_node("tensor", {"value": _X}, label="x")
    y = doc.add_node("tensor", {"value": _Y}, label="y")
    w = doc.add_node("tensor", {"value": [0.0], "requires_grad": True}, label="w",
                     watched=True)
    b = doc.add_node("tensor", {"value": [0.0], "requires_grad": True}, label="b",
                     watched=True)
    xw = doc.add_node("mul", label="xw")
    doc.connect(x, xw, "self")
    doc.connect(w, xw, "other")
    pred = doc.add_node("add", label="pred")
    doc.connect(xw, pred, "self")
    doc.connect(b, pred, "other")
    loss = doc.add_node("mse_loss", label="loss", watched=True)
    doc.connect(pred, loss, "input")
    doc.connect(y, loss, "target")
    return w, b, loss


def linear_regression():
    """Fits y = w x + b by gradient descent, as the tutorial's next lesson writes it: 30
    times forward, loss.backward(), w -= lr * w.grad under no_grad, then zero the grads."""
    doc = Document()
    w, b, loss = _regression(doc)
    add_train_loop(doc, [w, b], loss, count=30, lr=0.02)
    doc.lesson = example_lesson(
        "## Training: linear regression\n\n"
        "Each of the 30 passes runs the forward pass again, `loss.backward()` fills "
        "`w.grad` and `b.grad` through `MseLossBackward0`, and `w -= 0.02 * w.grad` under "
        "`torch.no_grad()` takes a step without recording it in the graph. "
        "`w.grad.zero_()` and `b.grad.zero_()` then clear the gradients, because "
        "`backward()` adds to `.grad` instead of replacing it (so they print "
        "`tensor([0.])` after the loop). The loss falls from 33.1420 to 0.0369 as `w` and "
        "`b` head for the least-squares line y = 1.99 x + 1.04 (2.0643 and 0.8276 after 30 "
        "steps).")
    return doc


def forgot_zero_grad():
    """The same loop without zeroing the gradients: each backward adds to .grad, the
    steps grow and the loss swings instead of falling."""
    doc = Document()
    w, b, loss = _regression(doc)
    add_train_loop(doc, [w, b], loss, count=30, lr=0.02, zero_grad=False)
    doc.lesson = example_lesson(
        "## Training: forgetting zero_grad\n\n"
        "This is the linear-regression loop without `w.grad.zero_()` and `b.grad.zero_()`: "
        "every `loss.backward()` adds the new gradient to what `.grad` already holds, so "
        "each step follows the sum of all the gradients so far. The steps overshoot, and "
        "instead of falling the loss swings between about 2.4 and 33 (33.1420, 17.7789, "
        "2.4211, 2.4310, 17.7969, ...). Compare its loss column with the linear-regression "
        "example's: zeroing the gradients is the only difference.")
    return doc


def logistic_regression():
    """Two points classes in the plane, p = sigmoid(x @ w + b), binary cross-entropy,
    trained with torch.optim.SGD."""
    doc = Document()
    x = doc.add_node("tensor", {"value": [[0.5, 1.0], [1.0, 2.0], [2.0, 0.5], [3.0, 1.0],
                                          [1.5, 2.5], [3.0, 3.0]]}, label="x")
    y = doc.add_node("tensor", {"value": [[0.0], [0.0], [1.0], [1.0], [0.0], [1.0]]},
                     label="y")
    w = doc.add_node("zeros", {"shape": (2, 1), "requires_grad": True}, label="w",
                     watched=True)
    b = doc.add_node("zeros", {"shape": (1,), "requires_grad": True}, label="b")
    z = doc.add_node("matmul", label="xw")
    doc.connect(x, z, "self")
    doc.connect(w, z, "other")
    logits = doc.add_node("add", label="logits")
    doc.connect(z, logits, "self")
    doc.connect(b, logits, "other")
    p = doc.add_node("sigmoid", label="p")
    doc.connect(logits, p, "self")
    loss = doc.add_node("binary_cross_entropy", label="loss", watched=True)
    doc.connect(p, loss, "self")
    doc.connect(y, loss, "target")
    add_train_loop(doc, [w, b], loss, count=100, lr=0.5, optimizer="SGD")
    doc.lesson = example_lesson(
        "## Training: logistic regression with optim.SGD\n\n"
        "`p = sigmoid(x @ w + b)` is each point's probability of class 1 and "
        "`binary_cross_entropy` (`BinaryCrossEntropyBackward0`) the loss; it starts at "
        "ln 2 = 0.6931 because `w` and `b` start at zero, so every p is 0.5. "
        "`torch.optim.SGD([w, b], lr=0.5)` makes the update: `optimizer.step()` subtracts "
        "0.5 × `.grad` from each parameter and `optimizer.zero_grad()` clears the gradients. "
        "`w.grad` prints `None` before the first backward and again after the loop, because "
        "`zero_grad()` sets gradients to `None` by default; the loss ends at 0.0724.")
    return doc


def linear_layer_fit():
    """An nn.Linear(1, 1) (weight and bias drawn as PyTorch draws them from the seed) fit
    to the regression data with nn.MSELoss and SGD with momentum."""
    doc = Document()
    x = doc.add_node("tensor", {"value": _X}, label="x")
    y = doc.add_node("tensor", {"value": _Y}, label="y")
    w, b, pred = add_linear(doc, x, 1, 1, "model")
    loss = doc.add_node("mse_loss", label="loss", watched=True)
    doc.connect(pred, loss, "input")
    doc.connect(y, loss, "target")
    ids = add_train_loop(doc, [w, b], loss, count=60, lr=0.02, optimizer="SGD")
    doc.set_action_param(ids[0], "momentum", 0.9)
    doc.lesson = example_lesson(
        "## Training: nn.Linear and MSE loss\n\n"
        "`model_weight` and `model_bias` are drawn as `nn.Linear(1, 1)` draws them, "
        "uniformly between ±1/√in_features (±1 here; -0.0075 and 0.5364 with seed 0), and "
        "`torch.nn.functional.linear` computes x Wᵀ + b (`AddmmBackward0`). SGD with "
        "`momentum=0.9` keeps a running velocity of past gradients, so the loss does not "
        "fall steadily: it overshoots and swings (28.2381, 15.1425, 2.4770, 0.9259, 8.7430, "
        "...) with ever smaller swings, down to 0.0730 in the 60th iteration. The weight "
        "and bias end at 1.9346 and 1.0271, near the least-squares line y = 1.99 x + 1.04.")
    return doc


def xor_mlp():
    """XOR, which no straight line separates: Linear(2, 4), tanh, Linear(4, 1), sigmoid
    and binary cross-entropy, trained with Adam."""
    doc = Document()
    x = doc.add_node("tensor", {"value": [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]},
                     label="x")
    y = doc.add_node("tensor", {"value": [[0.0], [1.0], [1.0], [0.0]]}, label="y")
    w1, b1, h = add_linear(doc, x, 2, 4, "hidden")
    act = doc.add_node("tanh", label="h")
    doc.connect(h, act, "self")
    w2, b2, out = add_linear(doc, act, 4, 1, "out")
    p = doc.add_node("sigmoid", label="p", watched=True)
    doc.connect(out, p, "self")
    loss = doc.add_node("binary_cross_entropy", label="loss", watched=True)
    doc.connect(p, loss, "self")
    doc.connect(y, loss, "target")
    add_train_loop(doc, [w1, b1, w2, b2], loss, count=200, lr=0.05, optimizer="Adam")
    doc.lesson = example_lesson(
        "## Training: XOR network with Adam\n\n"
        "No straight line separates XOR's two classes, so the network needs a hidden "
        "layer: `Linear(2, 4)`, `tanh`, `Linear(4, 1)`, `sigmoid` and binary "
        "cross-entropy. Each `loss.backward()` sends the gradient through "
        "`BinaryCrossEntropyBackward0`, `SigmoidBackward0`, `AddmmBackward0` and "
        "`TanhBackward0` to all four parameters, and `torch.optim.Adam(..., lr=0.05)` "
        "scales each parameter's step by running averages of its gradient and of its "
        "square. Over 200 steps the loss falls from 0.6996 to 0.0019, and `p` ends close to "
        "the targets [0, 1, 1, 0]: `[0.0014, 0.9975, 0.9984, 0.0020]`.")
    return doc
