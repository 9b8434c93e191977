"""A ``LambdaLR``'s (or ``MultiplicativeLR``'s) ``lr_lambda`` is held as checked text
(``timeline/formula.py``, issue 32 item 2): it gives the numbers Python's own lambda
gives, a text outside its small language is refused in words (in the document, in a file,
in the tracer) and nothing in such a text ever runs."""
import math

import pytest

from gradstudio.document import Document, run
from gradstudio.document.actions import ActionParamError, check_action_param
from gradstudio.document.export import export_script
from gradstudio.document.files import dumps
from gradstudio.document.reader import FileError, read
from gradstudio.timeline.formula import FormulaError, formula_function, uses_math

from trace_jobs import check_exports

LAMBDAS = [
    "lambda epoch: 0.95 ** epoch",
    "lambda e: 0.5 ** (e // 2)",
    "lambda e: min(1.0, (e + 1) / 5)",
    "lambda e: 0.5 * (1 + math.cos(math.pi * e / 12))",
    "lambda step: 1.0 if step < 4 else 0.1 if step < 8 else 0.01",
    "lambda e: max(0.0, 1 - e / 30) ** 0.9",
    "lambda e: math.exp(-0.1 * e) + abs(-e % 3) / 10",
    "lambda e: round(1 / math.sqrt(e + 1), 3) * float(int(e > 2) + 1)",
    "lambda e: 1 <= e < 5 and 2 or 0.5",
]


@pytest.mark.parametrize("text", LAMBDAS[:-1])
def test_a_lambda_gives_the_numbers_pythons_own_lambda_gives(text):
    ours = formula_function(text)
    python = eval(text, {"math": math})              # (the test's own text: the oracle)
    for epoch in range(40):
        got, want = ours(epoch), python(epoch)
        assert type(got) is type(want) and (got == want or got != got and want != want), \
            (epoch, got, want)


@pytest.mark.parametrize("text, words", [
    (LAMBDAS[-1], "cannot use '1 <= e < 5 and 2 or 0.5'"),
    ("lambda e: __import__('os').system('echo hi')", "cannot use '__import__('os')"),
    ("lambda e: e.__class__", "cannot use 'e.__class__'"),
    ("lambda e: lr", "not the name 'lr'"),
    ("lambda e: 'fast'", "can use numbers, not 'fast'"),
    ("lambda e, f: e", "is not a lambda of one epoch"),
    ("lambda e=3: e", "is not a lambda of one epoch"),
    ("0.95 ** epoch", "is not a lambda of one epoch"),
    ("lambda e: " + "-" * 40 + "e", "nests more than 30 operations"),
    ("lambda e: " + "1 + " * 100 + "e", "at most 300 characters"),
    ("lambda e: math.system(e)", "cannot use 'math.system(e)'"),
])
def test_a_text_outside_the_language_is_refused_in_words(text, words):
    with pytest.raises(FormulaError, match=None) as caught:
        formula_function(text)
    assert words in str(caught.value)
    with pytest.raises(ActionParamError):
        check_action_param("scheduler", "lr_lambda", text)


def test_a_step_that_fails_says_at_which_epoch():
    with pytest.raises(FormulaError, match=r"lambda e: 1 / \(e - 2\) failed at epoch 2: "
                                           "division by zero"):
        formula_function("lambda e: 1 / (e - 2)")(2)
    with pytest.raises(FormulaError, match="is too large"):
        formula_function("lambda e: (e + 7) ** 10 ** 6")(1)      # (not computed: bounded)


def _document(schedule, text):
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="w")
    sq = doc.add_node("pow", {"exponent": 2.0}, label="sq")
    doc.connect(w, sq, "self")
    loss = doc.add_node("sum", label="loss")
    doc.connect(sq, loss, "self")
    opt = doc.add_action("optimizer", {"algorithm": "SGD", "params": [w], "lr": 0.1})
    doc.add_action("scheduler", {"optimizer": opt, "schedule": schedule, "lr_lambda": text})
    doc.add_action("loop", {"count": 5})
    doc.add_action("optimizer_zero_grad", {"optimizer": opt})
    doc.add_action("forward")
    doc.add_action("backward", {"target": loss})
    doc.add_action("step", {"optimizer": opt})
    doc.add_action("scheduler_step", {"scheduler": doc.timeline[1].id})
    doc.add_action("end_loop")
    doc.add_action("print", {"tensor": w})
    return doc, w


@pytest.mark.parametrize("schedule", ["LambdaLR", "MultiplicativeLR"])
def test_a_lambda_schedule_runs_exports_and_survives_the_file(schedule):
    text = "lambda e: 0.5 * (1 + math.cos(math.pi * e / 4))"
    doc, w = _document(schedule, text)
    result = run(doc)
    assert all(o.error is None for o in result.outcomes)
    # the same steps by hand: SGD with the lr the schedule gives after each step
    value, lr, base = [1.0, -2.0], 0.1, 0.1
    for epoch in range(1, 6):
        value = [v - lr * 2 * v for v in value]
        factor = 0.5 * (1 + math.cos(math.pi * epoch / 4))
        lr = base * factor if schedule == "LambdaLR" else lr * factor
    assert result.state(w).value.tolist() == pytest.approx(value, rel=1e-6)
    script = export_script(doc, result).text
    assert "\nimport math\nimport torch\n" in script
    assert f"torch.optim.lr_scheduler.{schedule}(optimizer, lr_lambda={text})" in script
    again = read(dumps(doc))
    assert again.timeline[1].params["lr_lambda"] == text
    check_exports([doc])


def test_only_a_lambda_using_math_imports_it():
    assert uses_math("lambda e: math.pi * e") and not uses_math("lambda e: 0.9 ** e")
    doc, _ = _document("LambdaLR", "lambda e: 0.9 ** e")
    assert "import math" not in export_script(doc).text


def test_a_file_with_a_hostile_lambda_is_refused_and_runs_nothing(tmp_path):
    doc, _ = _document("LambdaLR", "lambda e: 0.9 ** e")
    mark = tmp_path / "ran"
    text = dumps(doc).replace("lambda e: 0.9 ** e",
                              f"lambda e: __import__('pathlib').Path('{mark}').touch()")
    with pytest.raises(FileError, match="cannot use"):
        read(text)
    assert not mark.exists()
