"""The training examples: the loop that comes right after the autograd tutorial, built
with the same public ``Document`` API as the other examples (see ``examples``)."""
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
    return doc


def forgot_zero_grad():
    """The same loop without zeroing the gradients: each backward adds to .grad, the
    steps grow and the loss swings instead of falling."""
    doc = Document()
    w, b, loss = _regression(doc)
    add_train_loop(doc, [w, b], loss, count=30, lr=0.02, zero_grad=False)
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
    return doc
