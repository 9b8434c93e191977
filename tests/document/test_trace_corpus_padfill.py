"""Issue 32: a parameter whose rows the script (or PyTorch) writes under no_grad
(``corpus_padfill_programs.py``). ``nn.Embedding(n, d, padding_idx=k)`` is drawn as the
``randn`` leaf PyTorch draws, the write ``weight[k] = 0.0`` in place in a no_grad region,
and ``embedding`` nodes with that ``padding_idx``; ``w[k].fill_(v)`` and ``w[k].zero_()``
of a parameter under no_grad are drawn as the write ``w[k] = v`` they are, before the
first use and after a training step. Every program opens, its export prints under torch
what the program printed, and the ``WHOLE`` ones open with nothing recorded; the views
kept or used before their fill are refused (the names below)."""

import pytest
from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)
from corpus_padfill_programs import PROGRAMS

from gradstudio.document import export
from gradstudio.document.files import dumps, loads

NOTEBOOKS = {}
NOTEBOOK_BYTES = None
NAMES = list(PROGRAMS)
REFUSED_FILL = {
    "row_view_kept_in_a_name_then_filled": 7,   # row = w[1]; row.fill_(2.0)
    "row_view_used_then_filled": 8,             # first = w[0]; s = first.sum(); first.fill_
    "fill_through_a_view_of_a_view": 6}         # w[0][1].fill_(7.0): a write into w[0]
WHOLE = [n for n in NAMES if n not in REFUSED_FILL]
ENGINE_DIGITS = {}


def _kinds(doc, kind):
    return [n for n in doc.nodes() if n.kind == kind]


def _in_a_region(doc, node):
    return any(node.id in r.nodes for r in doc.regions.values())


@pytest.mark.parametrize("name, row, count", [
    ("embedding_lm_padded_batches_adam", 0, 1),
    ("embedding_padding_idx_minus_one", 5, 1),      # (-1 of 6 rows: PyTorch's 5)
    ("word_and_position_embeddings", 0, 1),
    ("embedding_made_after_a_training_step", 2, 1)])     # (its write: no later step)
def test_an_embedding_with_padding_is_a_randn_leaf_with_its_row_zeroed(traced, name, row,
                                                                       count):
    doc = traced[name]
    writes = [w for w in _kinds(doc, "setitem")             # (not the batch's own)
              if doc.node(doc.inputs_of(w.id)["self"]).params.get("requires_grad")]
    assert [(w.params["key"], w.params["value"], w.params["in_place"]) for w in writes] == \
        [(str(row), 0.0, True)] * count
    weight = doc.node(doc.inputs_of(writes[0].id)["self"])
    assert weight.kind == "randn" and weight.params["shape"][0] > row
    assert all(_in_a_region(doc, w) for w in writes)
    pads = [e.params["padding_idx"] for e in _kinds(doc, "embedding")]
    assert row in pads and set(pads) <= {row, -1}, pads


def test_row_fills_of_a_parameter_are_drawn_as_the_writes_they_are(traced):
    doc = traced["leaf_row_filled_and_column_set"]
    assert [(w.params["key"], w.params["value"]) for w in _kinds(doc, "setitem")] == \
        [("0", 0.0), (":, 1", 0.5)]
    doc = traced["linear_weight_row_and_bias_tail_zeroed"]
    assert [(w.params["key"], w.params["value"]) for w in _kinds(doc, "setitem")] == \
        [("0", 0.0), ("1:", 0.0)]
    assert not _kinds(doc, "index")     # (the view w[0] the fill went through is gone)


@pytest.mark.parametrize("name, line", sorted(REFUSED_FILL.items()))
def test_a_row_view_kept_or_used_before_its_fill_is_refused(traced, name, line):
    """``row = w[1]; row.fill_(2.0)``: the view stays a tensor of the script, changing
    with ``w`` (the graph draws no such view); a view already computed with holds the
    values from before; ``w[0][1].fill_(7.0)`` would write into the node of ``w[0]``, not
    into ``w``: all refused at the fill, with what came before drawn."""
    note = traced[name].trace_note
    assert note.startswith(f"Not drawn: lines 5–8 from line {line} on (an in-place fill_ "
                           "of a leaf that requires grad"), note


@pytest.mark.parametrize("name", ["embedding_lm_padded_batches_adam",
                                  "leaf_row_filled_and_column_set",
                                  "weight_column_zeroed_after_every_step"])
def test_the_drawn_writes_survive_a_save_and_a_load(traced, name):
    doc = traced[name]
    text = dumps(doc)
    again = loads(text)
    assert dumps(again) == text
    assert export.export_script(again).text == export.export_script(doc).text
