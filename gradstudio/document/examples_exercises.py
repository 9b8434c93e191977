"""The bundled exercises: tutorial graphs whose answers a student predicts, then checks.

Each is an example graph (built with the same helpers as ``examples``) carrying an
``exercise.Exercise`` and a short lesson that asks without telling.
"""
from .exercise import Exercise, Question
from .lesson import example_lesson
from .model import Document

__all__ = ["EXERCISES", "EXERCISE_TITLES"]

_HOW = ("\n\nType each prediction in the Exercise panel and press Check; the run of the "
        "graph says whether it is right. The values you predict stay hidden (?) until "
        "then.")


def _exercise(*questions, title):
    return Exercise(tuple(Question(f"q{i + 1}", *q) for i, q in enumerate(questions)),
                    title=title)


def tutorial_x_grad():
    """The tutorial's chain: predict y's grad_fn, out's value and x.grad."""
    from .examples import _chain, _mean
    doc = Document()
    out = _mean(doc, _chain(doc))
    doc.add_action("backward", {"target": out})
    x, y = doc.node_ids[:2]
    doc.exercise = _exercise(("grad_fn", y), ("value", out), ("grad", x, -1, 1e-3),
                             title="The tutorial's x.grad")
    doc.lesson = example_lesson(
        "## Exercise: the tutorial's x.grad\n\n"
        "`x = torch.ones(2, 2, requires_grad=True)`, `y = x + 2`, `z = y * y * 3`, "
        "`out = z.mean()`, then `out.backward()`. Predict `y.grad_fn`, the value of `out` "
        "and `x.grad` (any 2×2 list of numbers, within 0.001)." + _HOW)
    return doc


def retain_graph_exercise():
    """Two backward passes with retain_graph, then one without, then one more."""
    from .examples import _chain, _mean
    doc = Document()
    out = _mean(doc, _chain(doc))
    doc.add_action("backward", {"target": out, "retain_graph": True})
    doc.add_action("backward", {"target": out})
    doc.add_action("backward", {"target": out})
    x = doc.node_ids[0]
    doc.exercise = _exercise(("grad", x, 1), ("grad", x, 2), ("raises",),
                             title="retain_graph")
    doc.lesson = example_lesson(
        "## Exercise: retain_graph\n\n"
        "The tutorial's `out` is backpropagated three times: "
        "`out.backward(retain_graph=True)`, `out.backward()`, `out.backward()`. Predict "
        "`x.grad` after the first step and after the second, and which step raises, with "
        "a part of its message (as in `3: RuntimeError: …`)." + _HOW)
    return doc


def zero_grad_exercise():
    """Gradients accumulate until zeroed."""
    from .examples import _chain, _mean
    doc = Document()
    out = _mean(doc, _chain(doc))
    x = doc.node_ids[0]
    doc.add_action("backward", {"target": out, "retain_graph": True})
    doc.add_action("backward", {"target": out, "retain_graph": True})
    doc.add_action("zero_grad", {"tensor": x})
    doc.add_action("backward", {"target": out})
    doc.exercise = _exercise(("grad", x, 2), ("grad", x, 3), ("grad", x, 4),
                             title="zero_grad")
    doc.lesson = example_lesson(
        "## Exercise: zero_grad\n\n"
        "Two `out.backward(retain_graph=True)`, then `x.grad.zero_()`, then "
        "`out.backward()`. Predict `x.grad` after step 2, step 3 and step 4." + _HOW)
    return doc


def detach_exercise():
    """What detach and no_grad keep and drop."""
    from .examples import _op
    doc = Document()
    x = doc.add_node("ones", {"shape": (3,), "requires_grad": True}, label="x")
    sq = _op(doc, "pow", x, params={"exponent": 2}, label="x_squared")
    det = _op(doc, "detach", x, label="x_detached")
    off = _op(doc, "mul", det, params={"other": 3}, label="tripled")
    total = _op(doc, "sum", sq, label="s", watched=True)
    doc.add_action("backward", {"target": total})
    doc.exercise = _exercise(("requires_grad", det), ("grad_fn", off),
                             ("requires_grad", sq), ("grad", x),
                             title="detach")
    doc.lesson = example_lesson(
        "## Exercise: detach\n\n"
        "`x = torch.ones(3, requires_grad=True)`, `x_squared = x ** 2`, "
        "`x_detached = x.detach()`, `tripled = x_detached * 3`, `s = x_squared.sum()`, "
        "`s.backward()`. Predict whether `x_detached` and `x_squared` require grad, "
        "`tripled.grad_fn` and `x.grad`." + _HOW)
    return doc


EXERCISES = {
    "14_exercise_tutorial_x_grad": tutorial_x_grad,
    "15_exercise_retain_graph": retain_graph_exercise,
    "16_exercise_zero_grad": zero_grad_exercise,
    "17_exercise_detach": detach_exercise,
}

EXERCISE_TITLES = {
    "14_exercise_tutorial_x_grad": "Exercise: the tutorial's x.grad",
    "15_exercise_retain_graph": "Exercise: retain_graph",
    "16_exercise_zero_grad": "Exercise: zero_grad",
    "17_exercise_detach": "Exercise: detach",
}
