"""Compare two runs: what changed when requires_grad is switched off or zero_grad is
forgotten, in short lines."""
import numpy as np

from gradstudio.document.compare import differences, keep, short_numbers, step_errors
from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.exercise import Exercise, Question, shown_state
from gradstudio.document.run import run


def _states(doc, step=-1):
    result = run(doc)
    return result.states(result.order, step)


def test_short_numbers():
    assert short_numbers(np.full((2, 2), 4.5)) == "[[4.5, 4.5]…]"
    assert short_numbers(np.float32(27.0)) == "27"
    assert short_numbers(np.array([2.0, 2.0, 2.0])) == "[2, 2, 2]"
    assert short_numbers(np.arange(6.0)) == "[0, 1, 2, 3, …]"
    assert short_numbers(None) == "None"


def test_a_second_backward_doubles_x_grad():
    doc = autograd_tutorial()
    kept = keep(doc, _states(doc))
    out = doc.node_ids[-1]
    doc.set_action_param(doc.timeline[0].id, "retain_graph", True)
    doc.add_action("backward", {"target": out})
    lines = [d.text for d in differences(kept, doc, _states(doc))]
    assert "x.grad: [[4.5, 4.5]…] → [[9, 9]…]" in lines
    assert "z.grad: [[0.25, 0.25]…] → [[0.5, 0.5]…]" in lines
    assert not any(line.startswith("y:") for line in lines)       # values unchanged


def test_switching_off_requires_grad():
    doc = autograd_tutorial()
    result = run(doc)
    kept = keep(doc, result.states(result.order), errors=step_errors(doc, result))
    doc.set_param("n1", "requires_grad", False)
    result = run(doc)
    lines = [d.text for d in differences(kept, doc, result.states(result.order),
                                         step_errors(doc, result))]
    assert "x.requires_grad: True → False" in lines
    assert "y.grad_fn: AddBackward0 → None" in lines
    assert "x.grad: [[4.5, 4.5]…] → None" in lines
    assert lines[-1] == ("step 1 (backward) raises: None → RuntimeError: element 0 of tensors "
                         "does not require grad and does not have a grad_fn")


def test_hidden_answers_are_not_compared():
    doc = autograd_tutorial()
    ex = Exercise((Question("q1", "grad", "n1"),))
    result = run(doc)
    masked = {n: shown_state(ex, s) for n, s in result.states(result.order).items()}
    kept = keep(doc, masked)
    doc.set_action_param(doc.timeline[0].id, "retain_graph", True)
    doc.add_action("backward", {"target": doc.node_ids[-1]})
    result = run(doc)
    masked = {n: shown_state(ex, s) for n, s in result.states(result.order).items()}
    lines = [d.text for d in differences(kept, doc, masked)]
    assert not any(line.startswith("x.grad") for line in lines)
    assert any(line.startswith("z.grad") for line in lines)
