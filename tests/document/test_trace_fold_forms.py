"""Mini-batch loops of the forms students write (issue 32, part 2), traced: a ``Subset``
of the student's own rows, ``sampler=SubsetRandomSampler(rows)`` and ``RandomSampler``,
a smaller last batch, a print, a validation pass or a scheduler step every k epochs, and
training continued in a second notebook cell open as one loop over the batches
(``fold_programs.FOLDS``), where a ``Subset`` or a sampler was drawn unrolled (hundreds of
per-row selects and stacks) or recorded. What still does not fold (``NOT_FOLDED``)
opens recorded or unrolled, never different from the script. Torch is the oracle: every
export prints what the program printed, and the loss of each iteration of a sampler's
loop is the loss torch computed for each batch."""

import numpy as np
import pytest

from gradstudio.document import Document, run
from gradstudio.document.export import export_script

from corpus4_programs import notebook_bytes
from fold_programs import (EDGES, FOLDS, LR_BY_HAND, LR_EXPECTED, MORE, NOT_FOLDED, NOTEBOOKS,
                           PROGRAMS)
from script_runner import run_scripts, torch_available
from trace_jobs import as_jupyter, corpus_documents, dedent, outcomes

ORACLE = pytest.mark.skipif(not torch_available(), reason="torch is the oracle")
SCRIPTS = {**PROGRAMS, **EDGES, **MORE, **LR_BY_HAND}
NAMES = list(SCRIPTS) + list(NOTEBOOKS)



@pytest.fixture(scope="module")
def traced():
    return corpus_documents(SCRIPTS, NOTEBOOKS, notebook_bytes)


def _kinds(doc):
    return [doc.node(n).kind for n in doc.node_ids]


def test_every_program_is_either_folded_or_known_not_to_be():
    assert sorted(FOLDS) + sorted(NOT_FOLDED) != [] and \
        set(FOLDS) | set(NOT_FOLDED) <= set(NAMES) and not set(FOLDS) & set(NOT_FOLDED)
    # (subset_stepped_rows alternates two subsets each epoch: a loop per subset and epoch)
    assert set(NAMES) - set(FOLDS) - set(NOT_FOLDED) - set(LR_EXPECTED) == \
        {"subset_stepped_rows"}


@pytest.mark.parametrize("name", list(FOLDS))
def test_the_loop_opens_as_one_loop_over_its_batches(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None          # (nothing recorded: the graph computes it all)
    counts, every = FOLDS[name]
    assert [a.params["count"] for a in doc.timeline if a.kind == "loop"] == counts
    assert [a.params["every"] for a in doc.timeline if a.kind == "epoch_end"] == \
        ([] if every is None else [every])
    kinds = _kinds(doc)
    assert kinds.count("stack") == 0 and kinds.count("select") == 0
    assert "loader_batch" in kinds and len(kinds) <= 25
    assert all(doc.node(n).recorded is None for n in doc.node_ids)


@pytest.mark.parametrize("name", ["subset_indices", "subset_tensor_rows_nested",
                                  "subset_numpy_rows"])
def test_a_subset_is_its_rows_of_each_tensor_where_it_is_made(traced, name):
    doc = traced[name]
    batches = [doc.node(n) for n in doc.node_ids if doc.node(n).kind == "loader_batch"]
    assert len(batches) == 1 and batches[0].params["source"] == "DataLoader"
    keys = {doc.node(n).params["key"] for n in doc.node_ids if doc.node(n).kind == "index"}
    wanted = {"subset_indices": "0:40", "subset_numpy_rows": "0:8",
              "subset_tensor_rows_nested": "i"}[name]
    assert wanted in keys


@pytest.mark.parametrize("name, seed", [("subset_random_sampler", 0),
                                        ("sampler_global_then_draws", None),
                                        ("train_and_valid_samplers", None)])
def test_a_subset_random_sampler_is_a_loader_batch_of_its_own_source(traced, name, seed):
    doc = traced[name]
    batches = [doc.node(n).params for n in doc.node_ids
               if doc.node(n).kind == "loader_batch"]
    assert batches and all(p["source"] == "SubsetRandomSampler" and p["seed"] == seed and
                           p["shuffle"] for p in batches)
    code = export_script(doc).text
    assert "sampler=torch.utils.data.SubsetRandomSampler(range(" in code


@pytest.mark.parametrize("name", list(NOT_FOLDED))
def test_what_does_not_fold_opens_recorded_or_unrolled(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    kinds = _kinds(doc)
    assert "loader_batch" not in kinds
    if name == "subset_long_row_list":
        assert "torch.stack of more than 64 tensors cannot be drawn yet" in doc.trace_note
    if NOT_FOLDED[name] == "recorded":
        assert doc.trace_note is not None and "Not drawn: line" in doc.trace_note
        assert any(doc.node(n).recorded is not None for n in doc.node_ids)
    else:
        assert doc.trace_note is None and not any(a.kind == "loop" for a in doc.timeline)
        assert kinds.count("stack") > 0       # (each batch the loader's selects and stack)


@ORACLE
def test_every_export_prints_under_torch_what_the_program_printed(traced):
    originals = [dedent(SCRIPTS[n]) for n in SCRIPTS] + \
        [as_jupyter(NOTEBOOKS[n]) for n in NOTEBOOKS]
    codes = [export_script(traced[n]).text for n in NAMES]
    results = run_scripts(originals + codes, "torch")
    for name, (want, error), (got, export_error), code in zip(
            NAMES, results, results[len(NAMES):], codes):
        assert error is None and export_error is None, (name, error, export_error, code)
        assert got == want, (name, code)


@ORACLE
@pytest.mark.parametrize("name, batches", [("subset_random_sampler", 9),
                                           ("subset_indices", 12)])
def test_the_loss_of_each_iteration_is_the_loss_torch_computed_for_each_batch(
        traced, name, batches):
    doc = traced[name]
    src = dedent(SCRIPTS[name]).replace(
        "opt.step()\n", "opt.step(); print(repr(loss.item()))\n", 1)
    (out, error), = run_scripts([src], "torch")
    assert error is None
    per_batch = [float(line) for line in out.splitlines() if " " not in line][:batches]
    assert len(per_batch) == batches
    loop = next(a for a in doc.timeline if a.kind == "loop")
    loss = next(n for n in doc.node_ids if doc.node(n).label == "loss")
    history = run(doc).histories[loop.id]
    # (the same batches: a float32 product of the engine's may differ from torch's in its
    # last bit, docs/engine.md, and training carries it on; another batch differs by far)
    np.testing.assert_allclose(history.scalar(loss), per_batch, rtol=1e-6, atol=0)


def _sampler_doc(**params):
    doc = Document()
    settings = {"loader": 1, "size": 10, "batch_size": 4, "shuffle": True,
                "drop_last": False, "seed": 3, "source": "SubsetRandomSampler", **params}
    return doc, doc.add_node("loader_batch", settings)


def test_a_sampler_source_that_does_not_shuffle_says_so():
    doc, node = _sampler_doc(shuffle=False)
    result = run(doc)
    assert "turn shuffle on" in result.errors[node]


def test_a_plateau_step_holds_the_metric_of_each_epoch(traced):
    """ReduceLROnPlateau's ``step(total)`` with a Python number per epoch is one step at
    the epoch's end holding each epoch's number (recorded with its line); a loop run for
    more epochs than were recorded says so at that step instead of reusing a number."""
    doc = traced["plateau_per_epoch"]
    step = next(a for a in doc.timeline if a.kind == "scheduler_step")
    assert step.params["value"] is None and len(step.params["values"]) == 4
    assert len(set(step.params["values"])) == 4 and step.params["line"] == 15
    code = export_script(doc).text
    assert f"scheduler.step({tuple(step.params['values'])!r}[epoch])  # recorded (line 15)" \
        in code
    loop = next(a for a in doc.timeline if a.kind == "loop")
    from gradstudio.document.files import dumps, loads
    longer = loads(dumps(doc))
    longer.set_action_param(loop.id, "count", 20)
    result = run(longer)
    errors = [o.error for o in result.outcomes if o.error]
    assert any("metric the script computed for 4 iterations, and this is iteration 5"
               in e for e in errors), errors


@pytest.mark.parametrize("value", [[1.0, float("nan")], "1, 2", [True], [1.0] * 100_001])
def test_a_scheduler_steps_numbers_are_checked(value):
    from gradstudio.document.actions import ActionParamError, check_action_param
    with pytest.raises(ActionParamError, match="must list at most"):
        check_action_param("scheduler_step", "values", value)
    assert check_action_param("scheduler_step", "values", [1, 2.5]) == [1.0, 2.5]


def test_a_plateau_steps_numbers_are_marked_once_the_graph_is_edited(traced):
    from gradstudio.document.files import dumps, loads
    from gradstudio.document.recorded import is_stale, recorded_parts
    doc = loads(dumps(traced["plateau_per_epoch"]))
    step = next(a for a in doc.timeline if a.kind == "scheduler_step")
    assert recorded_parts(step) and not is_stale(doc)
    optimizer = next(a for a in doc.timeline if a.kind == "optimizer")
    doc.set_action_param(optimizer.id, "lr", 0.05)
    assert is_stale(doc)
    line = next(t for t in export_script(doc).text.splitlines() if "scheduler.step(" in t)
    assert line.endswith("# recorded (line 15), before the graph was edited: it may no "
                         "longer match")


@pytest.mark.parametrize("name", list(LR_EXPECTED))
def test_a_learning_rate_set_by_hand_is_a_change_lr_step_where_the_script_set_it(traced, name):
    """``g["lr"] = 0.01`` (a plain number) between two cells, at an epoch, or every
    iteration is a change_lr step before what the script did next, so the training before
    and after it stay loops; a rate computed from a tensor's value is recorded."""
    doc = traced[name]
    assert isinstance(doc, Document), doc
    expected = LR_EXPECTED[name]
    changes = [a for a in doc.timeline if a.kind == "change_lr"]
    if expected is None:
        assert not changes and "learning rate computed from a tensor" in doc.trace_note
        return
    counts, steps = expected
    assert doc.trace_note is None and len(changes) == steps
    assert [a.params["count"] for a in doc.timeline if a.kind == "loop"] == counts
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    kinds = [a.kind for a in doc.timeline]
    if counts:              # (between the loops, not inside one)
        first_end = kinds.index("end_loop")
        assert kinds.index("change_lr") == first_end + 1 + kinds[first_end + 1:].index(
            "change_lr") and kinds.index("change_lr") < kinds.index("loop", first_end)
    code = export_script(doc).text
    assert code.count('group["lr"] = ') == steps
