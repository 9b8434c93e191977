"""The bundled examples: the checked-in files are exactly what the builders make, every
example opens and runs cleanly, and each shows what its notebook shows. (That each
prints the same as its exported script under PyTorch is checked in test_export.py.)
Each carries a short lesson: a ``## `` title and a few sentences whose numbers are the
run's."""
import re

import numpy as np
import pytest

from gradstudio.document import run
from gradstudio.document.examples import EXAMPLES, EXAMPLES_DIR, TITLES, WRAP_COLUMNS, build
from gradstudio.document.export import transcript
from gradstudio.document.files import EXTENSION, dumps, load
from gradstudio.document.layout import layered_positions


def _by_label(doc):
    return {n.label: n.id for n in doc.nodes() if n.label}


def test_every_example_is_checked_in_and_current():
    files = sorted(p.stem for p in EXAMPLES_DIR.glob(f"*{EXTENSION}"))
    assert files == sorted(EXAMPLES)
    for name in EXAMPLES:
        text = (EXAMPLES_DIR / f"{name}{EXTENSION}").read_text(encoding="utf-8")
        assert text == dumps(build(name)), \
            f"{name}{EXTENSION} is stale: run python -m gradstudio.document.examples"


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_example_opens_and_runs(name):
    doc = load(EXAMPLES_DIR / f"{name}{EXTENSION}")
    result = run(doc)
    assert result.errors == {}
    assert any(n.watched for n in doc.nodes())
    assert doc.timeline
    positions = [n.position for n in doc.nodes()]
    assert len(set(positions)) == len(positions)            # laid out, nothing stacked
    assert {n.id: n.position for n in doc.nodes()} == layered_positions(
        doc, max_columns=WRAP_COLUMNS)


def _grad(doc, result, label, step=-1):
    return result.state(_by_label(doc)[label], step).grad


def test_tutorial_gradients():
    doc = build("01_autograd_tutorial")
    result = run(doc)
    assert result.outcomes[0].error is None
    np.testing.assert_allclose(_grad(doc, result, "x"), np.full((2, 2), 4.5))
    z = _by_label(doc)["z"]
    assert doc.node(z).retains_grad and result.state(z).retains_grad
    np.testing.assert_allclose(result.state(z).grad, np.full((2, 2), 0.25))
    assert result.state(_by_label(doc)["y"]).grad_fn == "AddBackward0"


def test_requires_grad_on_a_computed_tensor():
    doc = build("02_requires_grad_on_a_computed_tensor")
    result = run(doc)
    a = _by_label(doc)["a"]
    assert result.state(_by_label(doc)["r_times_3"]).requires_grad is False
    assert result.state(a).is_leaf and result.state(a).requires_grad
    np.testing.assert_allclose(result.state(a).grad, 2 * result.state(a).value, rtol=1e-6)
    assert result.state(_by_label(doc)["b"]).grad_fn == "SumBackward0"


def test_vector_jacobian_product_matches_the_notebook():
    doc = build("03_vector_jacobian_product")
    result = run(doc)
    final = [n for n in doc.nodes() if n.kind == "mul"][-1]
    assert np.linalg.norm(result.state(final.id).value) >= 1000
    assert np.linalg.norm(result.state(doc.source_of(final.id, "self")).value) < 1000
    assert result.state(_by_label(doc)["x"]).grad is not None
    assert run(doc).state(_by_label(doc)["x"]).grad_text == \
        "tensor([1.0240e+02, 1.0240e+03, 1.0240e-01])"


def test_detach_and_no_grad():
    doc = build("04_detach_and_no_grad")
    result = run(doc)
    ids = _by_label(doc)
    assert result.state(ids["x_squared"]).requires_grad
    assert not result.state(ids["x_squared_no_grad"]).requires_grad
    assert not result.state(ids["x_detached"]).requires_grad
    assert result.state(ids["all_same"]).text == "tensor(True)"
    np.testing.assert_allclose(result.state(ids["x"]).grad, 2 * result.state(ids["x"]).value,
                               rtol=1e-6)


def test_retain_graph_error_at_the_third_backward():
    doc = build("05_retain_graph")
    result = run(doc)
    errors = [o.error for o in result.outcomes]
    assert errors[:2] == [None, None]
    assert errors[2].startswith("RuntimeError: Trying to backward through the graph a "
                                "second time")
    assert [_grad(doc, result, "x", step)[0, 0] for step in (1, 2, 3)] == [4.5, 9.0, 9.0]


def test_broadcasting_sums_gradients_back_to_shape():
    doc = build("06_broadcasting")
    result = run(doc)
    np.testing.assert_allclose(_grad(doc, result, "row"), [3.0, 3.0, 3.0])
    np.testing.assert_allclose(_grad(doc, result, "col"), [[66.0], [75.0]])
    np.testing.assert_allclose(_grad(doc, result, "m"), [[1.0] * 3, [2.0] * 3])


def test_matmul_gradient_is_x_transposed_times_upstream():
    doc = build("07_matmul")
    result = run(doc)
    ids = _by_label(doc)
    x, h = result.state(ids["x"]).value, result.state(ids["h"]).value
    upstream = 2 * np.maximum(h, 0) / h.size
    np.testing.assert_allclose(_grad(doc, result, "w"), x.T @ upstream, rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(_grad(doc, result, "b"), upstream.sum(0), rtol=1e-5)


def test_softmax_gradient_is_probs_minus_one_hot():
    doc = build("08_softmax")
    result = run(doc)
    probs = result.state(_by_label(doc)["probs"]).value
    expected = np.zeros_like(probs)
    expected[0] = probs[0] - np.eye(3)[2]
    grad_result = result.outcomes[0].results[0]
    np.testing.assert_allclose(grad_result.value, expected, atol=1e-6)
    assert _grad(doc, result, "logits", 1) is None           # autograd.grad leaves .grad
    np.testing.assert_allclose(_grad(doc, result, "logits", 2), expected, atol=1e-6)


# ----------------------------------------------------------------------------- lessons
_QUOTED = re.compile(r"(?<![\d.])-?\d+\.\d{4}(?!\d)")
_PRINTED = re.compile(r"-?\d+\.\d+(?:e[+-]\d+)?|-?\d+(?:e[+-]\d+)?")


def _printed_numbers(doc, result):
    """Every number the run shows: what the exported script prints, and every node's
    value and gradient at the start and at the end of the timeline."""
    texts = [transcript(doc, result)]
    for nid in result.order:
        for step in (0, -1):
            state = result.state(nid, step)
            if state.ok:
                texts.append(state.text)
                if state.grad is not None:
                    texts.append(state.grad_text)
    return [float(m) for m in _PRINTED.findall("\n".join(texts))]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_has_a_lesson_with_a_title(name):
    for doc in (build(name), load(EXAMPLES_DIR / f"{name}{EXTENSION}")):
        lesson = doc.lesson
        assert lesson is not None and len(lesson.cells) == 1
        (cell,) = lesson.cells
        assert cell.kind == "markdown"
        title, blank, body = cell.source.split("\n", 2)
        assert title.startswith("## ") and len(title) > 4 and blank == ""
        assert TITLES[name].split(": ")[-1].split(" (")[0].lower() in title.lower()
        sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[`A-Z])", body) if s.strip()]
        assert 2 <= len(sentences) <= 5, sentences


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_the_numbers_a_lesson_quotes_are_the_runs(name):
    """Every number a lesson quotes to four decimals is one the run shows (a value or a
    gradient, printed or in the graph), so the text cannot drift from the graph."""
    doc = build(name)
    result = run(doc)
    shown = _printed_numbers(doc, result)
    quoted = [float(q) for q in _QUOTED.findall(doc.lesson.cells[0].source)]
    for q in quoted:
        assert any(abs(abs(q) - abs(v)) < 5.1e-5 for v in shown), \
            f"{name}: the lesson quotes {q}, which the run never shows"
