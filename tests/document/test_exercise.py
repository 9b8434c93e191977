"""Predict, then check: the exercise's checking against the run, and its file form."""
import json

import pytest

from gradstudio.document.examples import build
from gradstudio.document.exercise import (Attempt, Exercise, Question, check, hidden,
                                          parse_numbers)
from gradstudio.document.files import FileError, dumps, loads
from gradstudio.document.run import run


@pytest.fixture(scope="module")
def tutorial():
    doc = build("14_exercise_tutorial_x_grad")
    return doc, run(doc)


def _q(doc, asks):
    return next(q for q in doc.exercise.questions if q.asks == asks)


@pytest.mark.parametrize("typed, right", [
    ("[[4.5, 4.5], [4.5, 4.5]]", True),
    ("tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])", True),
    ("[[4.5004, 4.5], [4.5, 4.4991]]", True),     # within the teacher's 0.001
    ("[[4.502, 4.5], [4.5, 4.5]]", False),        # just outside
    ("[[9, 9], [9, 9]]", False),
    ("[4.5, 4.5, 4.5, 4.5]", False),              # the shape differs
    ("4.5", False),
    ("four and a half", False),
    ("None", False),
])
def test_a_grad_is_right_within_the_tolerance_only(tutorial, typed, right):
    doc, result = tutorial
    verdict = check(_q(doc, "grad"), typed, result)
    assert verdict.correct is right
    assert "4.5000" in verdict.expected


def test_names_and_flags(tutorial):
    doc, result = tutorial
    q = _q(doc, "grad_fn")
    assert check(q, "AddBackward0", result).correct
    assert check(q, "<AddBackward0 object at 0x7f>", result).correct
    assert not check(q, "MulBackward0", result).correct
    value = _q(doc, "value")
    assert check(value, "27", result).correct and not check(value, "27.1", result).correct
    detach = build("17_exercise_detach")
    r = run(detach)
    requires = [q for q in detach.exercise.questions if q.asks == "requires_grad"]
    assert [check(q, "False", r).correct for q in requires] == [True, False]
    assert [check(q, "yes", r).correct for q in requires] == [False, True]
    assert check(_q(detach, "grad_fn"), "None", r).correct


def test_which_step_raises_and_what():
    doc = build("15_exercise_retain_graph")
    q, r = _q(doc, "raises"), run(doc)
    assert check(q, "3: RuntimeError: Trying to backward through the graph", r).correct
    assert check(q, "step 3 - trying to backward through THE graph a second time", r).correct
    assert not check(q, "2: Trying to backward through the graph", r).correct
    assert not check(q, "3: error", r).correct          # too little of the message
    assert not check(q, "3: Something else entirely went wrong", r).correct
    assert not check(q, "none", r).correct


def test_answers_are_hidden_until_answered_right():
    q = Question("q1", "grad", "n1")
    ex = Exercise((q, Question("q2", "requires_grad", "n2")))
    assert hidden(ex, "n1") == {"grad"} and hidden(ex, "n2") == {"requires_grad", "is_leaf"}
    ex = ex.with_attempt("q1", Attempt("[1]", False))
    assert hidden(ex, "n1") == {"grad"}
    ex = ex.with_attempt("q1", Attempt("[4.5]", True))
    assert hidden(ex, "n1") == frozenset() and hidden(None, "n1") == frozenset()


def test_an_exercise_and_its_progress_are_saved_and_read_back():
    doc = build("14_exercise_tutorial_x_grad")
    doc.exercise = doc.exercise.with_attempt("q1", Attempt("AddBackward0", True))
    text = dumps(doc)
    again = loads(text)
    assert again.exercise == doc.exercise and dumps(again) == text
    assert json.loads(text)["exercise"]["attempts"] == {
        "q1": {"answer": "AddBackward0", "correct": True}}


@pytest.mark.parametrize("edit, message", [
    (lambda e: e["questions"][0].update(asks="guess"), r"questions\[0\]\.asks: must be one"),
    (lambda e: e["questions"][0].update(node="n99"), r"questions\[0\]\.node: node 'n99'"),
    (lambda e: e["questions"][0].update(tolerance=-1), r"questions\[0\]\.tolerance"),
    (lambda e: e["questions"][1].update(id="q1"), r"questions\[1\]\.id: 'q1' is used twice"),
    (lambda e: e["attempts"].update(q9={"answer": "", "correct": True}),
     r"exercise\.attempts: unknown field 'q9'"),
    (lambda e: e["attempts"].update(q1={"answer": 3, "correct": True}),
     r"attempts\.q1\.answer: must be a text"),
    (lambda e: e.update(secret=1), r"exercise: unknown field 'secret'"),
])
def test_a_bad_exercise_is_refused_with_its_place(edit, message):
    data = json.loads(dumps(build("14_exercise_tutorial_x_grad")))
    edit(data["exercise"])
    with pytest.raises(FileError, match=message):
        loads(json.dumps(data))


def test_questions_about_a_deleted_node_are_not_saved():
    doc = build("17_exercise_detach")
    doc.remove_node(doc.exercise.questions[0].node)
    assert len(loads(dumps(doc)).exercise.questions) == len(doc.exercise.questions) - 1


def test_parse_numbers():
    assert parse_numbers("tensor([1., nan, -inf], requires_grad=True)").tolist()[1:] != []
    assert parse_numbers("__import__('os')") is None
    assert parse_numbers("[[1, 2], [3]]") is None


def test_a_verdict_is_written_in_the_language_the_window_installed(tutorial):
    """What Check says (right, how many numbers differ, a step that does not raise) goes
    through the translation hook, its numbers through the number writer."""
    from gradstudio import words
    doc, result = tutorial
    words.install(lambda context, text: {"Right.": "Richtig.",
                                         "{wrong} of {count} numbers differ by more than "
                                         "{tolerance}.": "{wrong} von {count} Zahlen "
                                         "weichen um mehr als {tolerance} ab."}.get(text, text))
    words.install_number(lambda value, decimals=None: str(value).replace(".", ","))
    try:
        q = _q(doc, "grad")
        assert check(q, "[[4.5, 4.5], [4.5, 4.5]]", result).message == "Richtig."
        assert check(q, "[[9, 9], [9, 4.5]]", result).message == \
            "3 von 4 Zahlen weichen um mehr als 0,001 ab."
    finally:
        words.install(None)
        words.install_number(None)
