"""The graph read aloud: code lines and states in words."""
from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.exercise import Exercise, Question, shown_state
from gradstudio.document.run import run
from gradstudio.document.spoken import spoken_code, spoken_node, spoken_state


def test_code_lines_in_words():
    assert spoken_code("y = x + 2") == "y equals x plus 2"
    assert spoken_code("out = z.mean()") == "out equals z dot mean"
    assert spoken_code("p = a ** 2 @ w") == "p equals a to the power of 2 matrix times w"
    assert spoken_code("x = torch.ones(2, 2, requires_grad=True)") == \
        "x equals torch dot ones of 2, 2, requires_grad equals True"


def test_states_in_words_and_hidden_ones_stay_hidden():
    doc = autograd_tutorial()
    result = run(doc)
    assert spoken_node("y = x + 2", result.state("n2")) == \
        "y equals x plus 2, requires grad, grad_fn AddBackward0, has no grad"
    assert spoken_state(result.state("n1")) == "requires grad, no grad_fn, has a grad"
    ex = Exercise((Question("q1", "grad_fn", "n2"),))
    said = spoken_state(shown_state(ex, result.state("n2")))
    assert "AddBackward0" not in said and "grad_fn unknown until checked" in said
