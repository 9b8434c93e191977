"""The bundled example graphs (``gradstudio/resources/examples/*.gsg``, shipped as package
data), built through the public ``Document`` API so they never drift from the model.

Five follow the seed notebooks of PyTorch's autograd tutorial step by step; three show
broadcasting, a matrix product and a softmax; five train (``examples_training``); four are
exercises (``examples_exercises``); four are TensorFlow Playground's data sets with a small
network each (``examples_playground``). Each builder returns a fresh document laid
out in layers. ``python -m gradstudio.document.examples`` rewrites the ``.gsg`` files; a
test checks the checked-in files are exactly what the builders produce.
"""
from pathlib import Path

import gradstudio.engine as torch
from gradstudio.resources import EXAMPLES_DIR

from .examples_playground import (circles_playground, moons_playground, spirals_playground,
                                  xor_playground)
from .examples_training import (forgot_zero_grad, linear_layer_fit, linear_regression,
                                logistic_regression, xor_mlp)
from .examples_exercises import EXERCISE_TITLES, EXERCISES
from .layout import apply_layered_layout
from .lesson import example_lesson
from .model import Document

__all__ = ["EXAMPLES", "TITLES", "build", "write_examples", "EXAMPLES_DIR"]


def _op(doc, kind, *inputs, params=None, label=None, watched=False):
    """A node of ``kind`` with ``inputs`` connected to ``self`` and then ``other``."""
    node = doc.add_node(kind, params, label=label, watched=watched)
    for src, port in zip(inputs, ("self", "other")):
        doc.connect(src, node, port)
    return node


def _chain(doc):
    """x = ones(2, 2, requires_grad=True); y = x + 2; z = y * y * 3. Returns z."""
    x = doc.add_node("ones", {"shape": (2, 2), "requires_grad": True}, label="x", watched=True)
    y = _op(doc, "add", x, params={"other": 2}, label="y", watched=True)
    yy = _op(doc, "mul", y, y, label="y_times_y")
    return _op(doc, "mul", yy, params={"other": 3}, label="z", watched=True)


def _mean(doc, src, label="out"):
    return _op(doc, "mean", src, label=label, watched=True)


def autograd_tutorial():
    """The tutorial's chain: out = mean(3 (x + 2)^2), z kept with retain_grad(), then
    out.backward() fills x.grad (4.5 everywhere) and z.grad (0.25)."""
    doc = Document()
    z = _chain(doc)
    doc.set_retains_grad(z, True)
    out = _mean(doc, z)
    doc.add_action("backward", {"target": out})
    doc.lesson = example_lesson(
        "## Autograd tutorial\n\n"
        "`x` is a leaf created with `requires_grad=True`, so everything computed from it "
        "carries a `grad_fn`: `y` shows `AddBackward0`, `z` `MulBackward0` and `out` "
        "`MeanBackward0`. `out.backward()` applies the chain rule back through those "
        "functions: `out` is the mean of 3 (x + 2)² over 4 elements, so d out/dx = "
        "6 (x + 2) / 4 = 4.5 in every element of `x.grad`. `z` is not a leaf, so PyTorch "
        "keeps its gradient only because of `z.retain_grad()`: `z.grad` is 1/4 = 0.25 "
        "everywhere, the mean's share for each element.")
    return doc


def requires_grad_on_computed():
    """a = (3 r) / (r - 1) is computed without gradients; a.requires_grad_(True) turns it
    into a leaf, so b = (a * a).sum() can send a gradient (2 a) back to it."""
    doc = Document()
    r = doc.add_node("randn", {"shape": (2, 2)}, label="r")
    r3 = _op(doc, "mul", r, params={"other": 3}, label="r_times_3")
    rm1 = _op(doc, "sub", r, params={"other": 1}, label="r_minus_1")
    a = _op(doc, "div", r3, rm1, label="a", watched=True)
    tracked = _op(doc, "requires_grad_", a, params={"requires_grad": True})
    aa = _op(doc, "mul", tracked, tracked, label="a_times_a")
    b = _op(doc, "sum", aa, label="b", watched=True)
    doc.add_action("backward", {"target": b})
    doc.lesson = example_lesson(
        "## requires_grad_ on a computed tensor\n\n"
        "`a = (r * 3) / (r - 1)` is computed from `r = torch.randn(2, 2)`, which does not "
        "require grad, so `a` has no `grad_fn` and `a.requires_grad` is False. "
        "`a.requires_grad_(True)` switches the flag on in place, and `a` becomes a leaf that "
        "autograd tracks from then on: `b = (a * a).sum()` shows `grad_fn=<SumBackward0>`. "
        "After `b.backward()`, `a.grad` is the derivative of the sum of a², 2 a element by "
        "element (8.5453 in `a` gives 17.0907 in `a.grad`).")
    return doc


def _doublings(seed, limit=1000.0):
    """How many times the tutorial's loop doubles y = 2 x for x = randn(3) (seeded)."""
    gen = torch.Generator().manual_seed(seed)      # the document draws x first
    y = torch.randn(3, generator=gen) * 2
    n = 0
    while float(y.norm()) < limit:
        y = y * 2
        n += 1
    return n


def vector_jacobian_product():
    """x = randn(3); y = x * 2, doubled while its norm is below 1000 (the loop unrolled,
    as autograd records it); y.backward(v) gives the vector-Jacobian product v^T J = v * 2^k.
    Seed 7 draws an x that needs the notebook's 10 doublings: x.grad = v * 1024."""
    doc = Document()
    doc.set_seed(7)
    x = doc.add_node("randn", {"shape": (3,), "requires_grad": True}, label="x", watched=True)
    y = _op(doc, "mul", x, params={"other": 2}, label="y")
    for i in range(_doublings(doc.seed)):
        y = _op(doc, "mul", y, params={"other": 2}, label=f"y_{i + 2}")
    doc.set_watched(y, True)
    v = doc.add_node("tensor", {"value": [0.1, 1.0, 0.0001]}, label="v")
    doc.add_action("backward", {"target": y, "gradient": v})
    doc.lesson = example_lesson(
        "## Vector-Jacobian product\n\n"
        "`y_10` is `x` doubled ten times (the notebook's `while` loop, unrolled as autograd "
        "records it: ten `MulBackward0`), so it is 1024 x. It is not a one-element tensor, so "
        "`backward()` needs a `gradient` argument of its shape: `y_10.backward(v)` computes "
        "the vector-Jacobian product vᵀJ without ever building J. Here J is 1024 times the "
        "identity, so `x.grad` = 1024 v = `[102.4, 1024, 0.1024]`. Seed 7 draws an `x` that "
        "needs exactly the notebook's ten doublings before the norm passes 1000.")
    return doc


def detach_and_no_grad():
    """x ** 2 tracks x; the same inside torch.no_grad() does not; x.detach() shares x's
    values (x.eq(x_detached).all() is True) but no gradient flows through it."""
    doc = Document()
    x = doc.add_node("randn", {"shape": (3,), "requires_grad": True}, label="x", watched=True)
    sq = _op(doc, "pow", x, params={"exponent": 2}, label="x_squared", watched=True)
    sq_off = _op(doc, "pow", x, params={"exponent": 2}, label="x_squared_no_grad",
                 watched=True)
    doc.add_region([sq_off])
    det = _op(doc, "detach", x, label="x_detached", watched=True)
    same = _op(doc, "eq", x, det, label="same")
    _op(doc, "all", same, label="all_same", watched=True)
    total = _op(doc, "sum", sq, label="total", watched=True)
    doc.add_action("backward", {"target": total})
    doc.lesson = example_lesson(
        "## detach and no_grad\n\n"
        "`x_squared = x ** 2` is recorded (`grad_fn=<PowBackward0>`), but the same "
        "expression inside `with torch.no_grad():` gives `x_squared_no_grad`, which has no "
        "`grad_fn` and does not require grad. `x.detach()` returns a tensor that shares "
        "`x`'s values (`(x == x_detached).all()` prints `tensor(True)`) but has no history, "
        "so no gradient can flow through it. Only the recorded branch reaches `total`, so "
        "`total.backward()` leaves `x.grad` = 2 x.")
    return doc


def retain_graph():
    """Backward frees the graph's saved tensors unless retain_graph=True: the second
    backward accumulates into x.grad (9 = 4.5 + 4.5), the third fails as in PyTorch."""
    doc = Document()
    z = _chain(doc)
    out = _mean(doc, z)
    doc.add_action("backward", {"target": out, "retain_graph": True})
    doc.add_action("backward", {"target": out})
    doc.add_action("backward", {"target": out})
    doc.lesson = example_lesson(
        "## retain_graph\n\n"
        "A backward pass frees the tensors the graph saved for it (here the two `y`s that "
        "`y * y`'s `MulBackward0` keeps) unless it is called with `retain_graph=True`. The "
        "first `out.backward(retain_graph=True)` keeps them and leaves 4.5 in every element "
        "of `x.grad`; the second may run and adds another 4.5, so `x.grad` is 9: gradients "
        "accumulate. The third finds the saved tensors freed and raises `RuntimeError: "
        "Trying to backward through the graph a second time`, leaving `x.grad` at 9.")
    return doc


def broadcasting():
    """m (2x3) + row (3) + scaling by col (2x1): shapes broadcast forward, and backward
    sums each gradient back down to its input's shape."""
    doc = Document()
    m = doc.add_node("tensor", {"value": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],
                                "requires_grad": True}, label="m", watched=True)
    row = doc.add_node("tensor", {"value": [10.0, 20.0, 30.0], "requires_grad": True},
                       label="row", watched=True)
    col = doc.add_node("tensor", {"value": [[1.0], [2.0]], "requires_grad": True},
                       label="col", watched=True)
    s = _op(doc, "add", m, row, label="shifted", watched=True)
    p = _op(doc, "mul", s, col, label="scaled", watched=True)
    total = _op(doc, "sum", p, label="total", watched=True)
    doc.add_action("backward", {"target": total})
    doc.lesson = example_lesson(
        "## Broadcasting\n\n"
        "`m + row` adds the row (shape 3) to both rows of `m` (2×3), and `* col` (2×1) "
        "scales each row by its own number; `AddBackward0` and `MulBackward0` remember the "
        "inputs' shapes. Backward sums each gradient back down to its input's shape: "
        "`m.grad` is `col` spread along each row, `[[1, 1, 1], [2, 2, 2]]`; `row.grad` sums "
        "that over the two rows, 1 + 2 = 3 per element; `col.grad` is each row of "
        "`shifted` summed, 11 + 22 + 33 = 66 and 14 + 25 + 36 = 75.")
    return doc


def matmul():
    """A linear layer by hand: h = x @ w + b, loss = mean(relu(h)^2); backward gives
    w.grad = x^T @ dloss/dh and b.grad its column sums."""
    doc = Document()
    x = doc.add_node("randn", {"shape": (2, 3)}, label="x", watched=True)
    w = doc.add_node("randn", {"shape": (3, 4), "requires_grad": True}, label="w",
                     watched=True)
    b = doc.add_node("zeros", {"shape": (4,), "requires_grad": True}, label="b", watched=True)
    xw = _op(doc, "matmul", x, w, label="xw")
    h = _op(doc, "add", xw, b, label="h", watched=True)
    act = _op(doc, "relu", h, label="act")
    sq = _op(doc, "pow", act, params={"exponent": 2}, label="act_squared")
    loss = _mean(doc, sq, "loss")
    doc.add_action("backward", {"target": loss})
    doc.lesson = example_lesson(
        "## Matrix product (matmul)\n\n"
        "`h = x @ w + b` is a linear layer written by hand (`MmBackward0`, then "
        "`AddBackward0`), and `loss` is the mean of `relu(h) ** 2` over its 8 elements. The "
        "gradient arriving at `h` is g = 2 relu(h) / 8; `MmBackward0` sends `x.T @ g` to `w`, "
        "so `w.grad` has `w`'s shape (3×4), and `b.grad` is g summed over the batch's two "
        "rows. The last column of both is 0: `h[:, 3]` is negative in both rows, so relu "
        "lets no gradient through there.")
    return doc


def softmax():
    """softmax turns logits into probabilities along dim 1; the loss -log p[0, 2] has
    gradient softmax - one_hot in row 0. autograd.grad returns it without touching
    .grad; backward then stores the same in logits.grad."""
    doc = Document()
    logits = doc.add_node("tensor", {"value": [[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]],
                                     "requires_grad": True}, label="logits", watched=True)
    _op(doc, "softmax", logits, params={"dim": 1}, label="probs", watched=True)
    logp = _op(doc, "log_softmax", logits, params={"dim": 1}, label="log_probs")
    pick = _op(doc, "index", logp, params={"key": "0, 2"}, label="log_p_target")
    loss = _op(doc, "neg", pick, label="loss", watched=True)
    doc.add_action("grad", {"outputs": [loss], "inputs": [logits], "retain_graph": True})
    doc.add_action("backward", {"target": loss})
    doc.lesson = example_lesson(
        "## Softmax\n\n"
        "`logits.softmax(dim=1)` turns each row into probabilities: `[0.0900, 0.2447, "
        "0.6652]` for the first row, a third each for the equal logits of the second. The "
        "loss is -log p of class 2 in row 0 (`-log_probs[0, 2]` = 0.4076), and its gradient "
        "with respect to the logits is softmax minus one-hot in that row and 0 in the other: "
        "`[0.0900, 0.2447, -0.3348]`. `torch.autograd.grad` returns that gradient without "
        "touching `.grad` (`logits.grad` is still `None`); the `loss.backward()` after it "
        "stores the same numbers in `logits.grad`.")
    return doc


# file stem -> builder, in menu order (the tutorial first)
EXAMPLES = {
    "01_autograd_tutorial": autograd_tutorial,
    "02_requires_grad_on_a_computed_tensor": requires_grad_on_computed,
    "03_vector_jacobian_product": vector_jacobian_product,
    "04_detach_and_no_grad": detach_and_no_grad,
    "05_retain_graph": retain_graph,
    "06_broadcasting": broadcasting,
    "07_matmul": matmul,
    "08_softmax": softmax,
    "09_linear_regression": linear_regression,
    "10_forgetting_zero_grad": forgot_zero_grad,
    "11_logistic_regression_sgd": logistic_regression,
    "12_linear_layer_fit": linear_layer_fit,
    "13_xor_mlp_adam": xor_mlp,
    **EXERCISES,
    "18_playground_xor": xor_playground,
    "19_playground_circles": circles_playground,
    "20_playground_spirals": spirals_playground,
    "21_playground_moons": moons_playground,
}


# file stem -> the example's title in the menu and the window title, spelling PyTorch's
# names as PyTorch does
TITLES = {
    "01_autograd_tutorial": "Autograd tutorial",
    "02_requires_grad_on_a_computed_tensor": "requires_grad_ on a computed tensor",
    "03_vector_jacobian_product": "Vector-Jacobian product",
    "04_detach_and_no_grad": "detach and no_grad",
    "05_retain_graph": "retain_graph",
    "06_broadcasting": "Broadcasting",
    "07_matmul": "Matrix product (matmul)",
    "08_softmax": "Softmax",
    "09_linear_regression": "Training: linear regression",
    "10_forgetting_zero_grad": "Training: forgetting zero_grad",
    "11_logistic_regression_sgd": "Training: logistic regression with optim.SGD",
    "12_linear_layer_fit": "Training: nn.Linear and MSE loss",
    "13_xor_mlp_adam": "Training: XOR network with Adam",
    **EXERCISE_TITLES,
    "18_playground_xor": "Playground: XOR",
    "19_playground_circles": "Playground: circles",
    "20_playground_spirals": "Playground: spirals",
    "21_playground_moons": "Playground: two moons",
}


WRAP_COLUMNS = 6    # a longer chain (the unrolled loop) wraps to stay readable on screen


def build(name) -> Document:
    """A fresh, laid-out document for the example ``name`` (a key of ``EXAMPLES``)."""
    doc = EXAMPLES[name]()
    apply_layered_layout(doc, max_columns=WRAP_COLUMNS)
    return doc


def write_examples(folder=EXAMPLES_DIR):
    """Writes every example as ``<name>.gsg`` into ``folder``; returns the paths."""
    from .files import EXTENSION, dumps
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in EXAMPLES:
        path = folder / f"{name}{EXTENSION}"
        path.write_text(dumps(build(name)), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_examples():
        print(p)
