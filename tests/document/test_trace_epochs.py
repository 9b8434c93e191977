"""A loop over epochs around a loop over batches (issue 32): ``for epoch in range(E): for
xb, yb in loader: ...`` with a scheduler step, an evaluation or a print once per epoch
opens as one loop over every batch split into epochs by an ``epoch_end`` step, where it
was one loop per epoch each with its own copy of the graph; the export writes it as the
script did, ``for epoch ...: for step ...:``, and prints under torch what the program
printed. Epochs that are not the same steps stay one loop each (never wrong). The
``epoch_end`` step itself: how it runs, exports and is checked, without a trace."""
import numpy as np
import pytest

from gradstudio.document import Document, run
from gradstudio.document.actions import loop_structure
from gradstudio.document.export import export_script, transcript

from epoch_programs import NESTED, a_loop_per_epoch
from script_runner import run_scripts, torch_available
from trace_jobs import check_exports, dedent, outcomes

ORACLE = pytest.mark.skipif(not torch_available(), reason="torch is the oracle")


@pytest.fixture(scope="module")
def traced():
    return dict(zip(NESTED, outcomes([source for source, *_ in NESTED.values()])))


def marks(doc):
    return [a.params["every"] for a in doc.timeline if a.kind == "epoch_end"]


@pytest.mark.parametrize("name", list(NESTED))
def test_the_epochs_open_as_one_loop_over_every_batch_split_into_epochs(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    assert doc.trace_note is None          # (nothing recorded: the graph computes it all)
    _, counts, every, most, _ = NESTED[name]
    assert [a.params["count"] for a in doc.timeline if a.kind == "loop"] == counts
    assert marks(doc) == ([] if every is None else every if isinstance(every, list)
                          else [every])
    kinds = [doc.node(n).kind for n in doc.node_ids]
    assert len(kinds) <= most              # (20, 16, 12: 41, 30, 26 with a loop per epoch)
    assert kinds.count("loader_batch") == len(counts) and kinds.count("stack") == 0
    assert kinds.count("tensor") <= 1      # (the program's own literal; no recorded value)
    if every is not None:                  # what runs once per epoch comes after the mark
        timeline = [a.kind for a in doc.timeline]
        mark = timeline.index("epoch_end")
        end = timeline.index("end_loop", mark)
        assert "scheduler_step" in timeline[mark:end] and "step" in timeline[:mark]


@ORACLE
def test_every_export_prints_under_torch_what_the_program_printed(traced):
    codes = [export_script(traced[n]).text for n in NESTED]
    for code, (_, _, every, _, _) in zip(codes, NESTED.values()):
        every = every[0] if isinstance(every, list) else every
        assert ("for epoch in range(" in code and
                f"    for step in range(epoch * {every}, (epoch + 1) * {every}):" in code) \
            == (every is not None), code
    sources = [dedent(source) for source, *_ in NESTED.values()]
    got = run_scripts(sources + codes, "torch")
    for (want, error), (out, export_error), code in zip(got, got[len(codes):], codes):
        assert error is None and export_error is None, (error, export_error, code)
        assert want and out == want, code


@ORACLE
def test_the_loss_of_each_iteration_is_the_loss_torch_computed_for_each_batch(traced):
    doc = traced["evaluation_per_epoch"]
    src = dedent(NESTED["evaluation_per_epoch"][0]).replace(
        "opt.step()\n", "opt.step(); print(repr(loss.item()))\n")
    (out, error), = run_scripts([src], "torch")
    assert error is None
    per_batch = [float(line) for line in out.splitlines()
                 if " " not in line and not line.startswith("tensor")]
    result = run(doc)
    loop = next(a for a in doc.timeline if a.kind == "loop")
    loss = next(n for n in doc.node_ids if doc.node(n).label == "loss")
    history = result.histories[loop.id]
    assert history.iterations == 15 and len(per_batch) == 15
    np.testing.assert_allclose(history.scalar(loss), per_batch, rtol=1e-6, atol=0)


# ------------------------------------------------------------- the epoch_end step alone
def _accumulating(count=6, every=3, retain=True):
    """w.grad accumulated by a backward every iteration, printed at each epoch's end
    (without ``retain``, the second backward fails)."""
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="w")
    s = doc.add_node("sum", None, label="s")
    sq = doc.add_node("mul", None, label="sq")
    doc.connect(w, sq, "self")
    doc.connect(w, sq, "other")
    doc.connect(sq, s, "self")
    doc.add_action("loop", {"count": count})
    doc.add_action("backward", {"target": s, "retain_graph": retain})
    mark = doc.add_action("epoch_end", {"every": every})
    say = doc.add_action("say", {"tensors": [w], "parts": [{"texts": ["a", "b"]},
                                                           {"grad": 0}]})
    doc.add_action("end_loop")
    return doc, mark, say


def test_the_steps_after_an_epochs_end_run_once_per_epoch_with_the_epoch_as_iteration():
    doc, _, say = _accumulating()
    result = run(doc)
    assert transcript(doc, result) == "a tensor([  6., -12.])\nb tensor([ 12., -24.])\n"
    # the iteration shown is not an epoch's end: the step says why it did not run
    first = run(doc, focus={doc.timeline[0].id: 0})
    outcome = next(o for o in first.outcomes if o.action_id == say)
    assert "end of each epoch" in outcome.note
    code = export_script(doc, result).text
    assert "for epoch in range(2):\n    for step in range(epoch * 3, (epoch + 1) * 3):" in code
    check_exports([doc])                   # (prints the transcript, engine and torch)


def test_a_step_that_fails_in_an_epoch_ends_the_whole_loop_in_the_export_too():
    doc, _, say = _accumulating(retain=False)
    result = run(doc)
    assert next(o for o in result.outcomes if o.error_type is not None)
    code = export_script(doc, result).text
    assert "    else:\n" in code and "        continue\n    break\n" in code, code
    check_exports([doc])                   # (the loop over epochs left at the error)


def test_an_epochs_end_outside_a_loop_or_not_dividing_its_count_is_a_problem():
    doc, mark, _ = _accumulating(count=7)
    index = [a.id for a in doc.timeline].index(mark)
    assert "multiple" in loop_structure(doc.timeline)[1][index]
    assert transcript(doc, run(doc)).count("\n") == 7      # (every iteration, unsplit)
    check_exports([doc])
    alone = Document()
    alone.add_action("epoch_end", {"every": 2})
    assert "in no loop" in loop_structure(alone.timeline)[1][0]


# ------------------------------------------------------------- merging, and its guard
def test_a_loop_per_epoch_merges_into_one_loop_split_into_epochs():
    from gradstudio.document.epochs import nest_epochs
    doc = a_loop_per_epoch()
    merged = nest_epochs(doc)
    assert [a.kind for a in merged.timeline] == [
        "loop", "compute", "backward", "epoch_end", "say", "end_loop"]
    assert merged.timeline[0].params["count"] == 4 and len(list(merged.node_ids)) == 3
    assert transcript(merged, run(merged)) == transcript(doc, run(doc)) == \
        "tensor([ 4., -8.])\ntensor([  8., -16.])\n"


def test_a_merge_that_would_not_run_as_traced_is_not_kept(monkeypatch):
    from gradstudio.document import epochs
    real = epochs._merge

    def off_by_a_value(*args):
        merged, body = real(*args)
        w = next(n for n in merged.node_ids if merged.node(n).label == "w")
        merged.set_param(w, "value", [1.0, -2.5])
        return merged, body
    monkeypatch.setattr(epochs, "_merge", off_by_a_value)
    assert epochs.nest_epochs(a_loop_per_epoch()) is None


def test_loops_too_long_to_run_twice_more_stay_a_loop_per_epoch(monkeypatch):
    from gradstudio.document import epochs
    assert epochs.nest_epochs(a_loop_per_epoch()) is not None
    monkeypatch.setattr(epochs, "MAX_NESTED_ITERATIONS", 3)       # (4 iterations here)
    assert epochs.nest_epochs(a_loop_per_epoch()) is None
