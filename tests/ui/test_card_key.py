"""A card's display key read in one call (``TensorState.flags``) is the key its fields
give one by one, for every state of a run (leaves, non-leaves, retained grads, a grad,
no grad, an error), and an exercise's hidden state still takes its own fields."""
from gradstudio.document import Document, run
from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.exercise import HiddenState
from gradstudio.document.run_state import TensorState
from gradstudio.ui.canvas.card import display_key


def by_fields(state, in_no_grad, value):
    return (in_no_grad, "ok", None, state.requires_grad, state.is_leaf, state.grad_fn,
            state.retains_grad, state.grad is not None,
            None if value is None else value.shape, state.dtype, state.step,
            getattr(state, "hidden", frozenset()))


def test_the_key_in_one_call_is_the_key_field_by_field():
    doc = autograd_tutorial()
    bad = doc.add_node("reshape", {"shape": (7,)})        # fails: 4 elements into 7
    doc.connect(doc.node_ids[0], bad, "self")
    result = run(doc)
    seen = set()
    for step in range(result.step_count):
        for n, state in result.states(doc.node_ids, step).items():
            assert type(state) is TensorState
            for in_no_grad in (False, True):
                key = display_key(state, in_no_grad, state.value)
                if state.error is None:
                    assert key == by_fields(state, in_no_grad, state.value)
                seen.add(key[1:8])
    assert len(seen) >= 5 and any(k[0] == "error" for k in seen)   # (the states differ)


def test_a_hidden_state_keeps_its_question_marks():
    doc = autograd_tutorial()
    result = run(doc)
    state = result.state(doc.node_ids[-1])
    hidden = HiddenState(state, {"grad_fn", "requires_grad"})
    key = display_key(hidden, False, state.value)
    assert key == by_fields(hidden, False, state.value)
    assert key[-1] == frozenset({"grad_fn", "requires_grad"})
