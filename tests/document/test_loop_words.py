"""What a loop marker that cannot work says (a loop inside a loop, an end of loop that
closes none, a loop without its end, an epoch's end in the wrong place) is written in the
window's language: each sentence goes through ``gradstudio.words.translate`` and the
shipped German and Spanish translations hold it, so the Timeline shows the step's reason
and the run's outcome in the language chosen, not in English."""
import xml.etree.ElementTree as ET

import pytest

from gradstudio import words
from gradstudio.document import Document, run
from gradstudio.document.actions import loop_structure
from gradstudio.ui.i18n_update import ts_path


def _translations(code):
    """``{(context, source): translation}`` of the shipped ``.ts`` of language ``code``,
    its finished entries only."""
    table = {}
    for context in ET.parse(ts_path(code)).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            tr = message.find("translation")
            if tr is not None and tr.get("type") is None and tr.text:
                table[(name, message.findtext("source"))] = tr.text
    return table


def _problems(doc):
    return loop_structure(doc.timeline)[1]


def _document_with(kinds):
    d = Document()
    x = d.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    y = d.add_node("sum", label="y")
    d.connect(x, y, "self")
    for kind, params in kinds:
        if kind == "backward":
            params = {"target": y, "retain_graph": True}
        d.add_action(kind, params)
    return d


# each timeline, the index of the step whose marker cannot work, and the English reason
BROKEN = {
    "nested": ([("loop", {"count": 2}), ("loop", {"count": 2}), ("backward", None),
                ("end_loop", {})], 1, "A loop inside a loop"),
    "no_loop_to_close": ([("backward", None), ("end_loop", {})], 1, "closes no loop"),
    "no_end": ([("loop", {"count": 2}), ("backward", None)], 0, "This loop has no end"),
    "epoch_end_outside": ([("epoch_end", {"every": 2}), ("backward", None)], 0,
                          "in no loop"),
    "two_epoch_ends": ([("loop", {"count": 4}), ("backward", None),
                        ("epoch_end", {"every": 2}), ("epoch_end", {"every": 2}),
                        ("end_loop", {})], 3, "one epoch's end"),
    "epochs_do_not_divide": ([("loop", {"count": 5}), ("backward", None),
                              ("epoch_end", {"every": 2}), ("end_loop", {})], 2,
                             "not a whole number of epochs"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_loop_marker_that_cannot_work_says_why_in_english_by_default(name):
    kinds, at, words_ = BROKEN[name]
    doc = _document_with(kinds)
    problems = _problems(doc)
    assert list(problems) == [at] and words_ in problems[at]
    if name in ("no_loop_to_close", "no_end", "epoch_end_outside"):  # (outside a loop)
        assert words_ in run(doc).outcomes[at].error      # (the run's outcome says it)


@pytest.mark.parametrize("code", ["de", "es"])
def test_every_loop_marker_problem_is_said_in_the_language_installed(code):
    table = _translations(code)
    words.install(lambda context, text: table.get((context, text), text))
    try:
        said = {}
        for name, (kinds, at, english) in BROKEN.items():
            said[name] = _problems(_document_with(kinds))[at]
    finally:
        words.install(None)
    for name, (kinds, at, english) in BROKEN.items():
        text = said[name]
        english_text = _problems(_document_with(kinds))[at]
        assert english in english_text and english not in text, (name, text)
        assert text == table[("Actions", english_text)]   # (the shipped translation)
