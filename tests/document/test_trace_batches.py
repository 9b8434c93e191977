"""Mini-batch loops drawn as one loop over the batches (issue 32, item 2): a training
loop ``for epoch ...: for xb, yb in DataLoader(TensorDataset(X, y), ...)`` opens as one
iteration's graph (a ``loader_batch`` node drawing the loader's next batch, ``X[idx]``)
and a loop block whose iterations are every epoch's batches in order, where it was drawn
unrolled (hundreds of per-row selects and stacks). Torch is the oracle: the export prints
what the program printed, and the loss per iteration is the loss torch computed for each
batch. What cannot be folded still opens, computing what the script computed."""
import numpy as np
import pytest

from gradstudio.document.export import export_script
from gradstudio.document.run import run

from batch_programs import EPOCH_LOOPS, FOLDED, NOT_FOLDED
from script_runner import run_scripts, torch_available
from trace_jobs import dedent, outcomes
from cpu_paths import same_print

ORACLE = pytest.mark.skipif(not torch_available(), reason="torch is the oracle")


@pytest.fixture(scope="module")
def folded():
    names = list(FOLDED)
    return dict(zip(names, outcomes([FOLDED[n][0] for n in names])))


@pytest.fixture(scope="module")
def not_folded():
    names = list(NOT_FOLDED) + list(EPOCH_LOOPS)
    sources = list(NOT_FOLDED.values()) + [s for s, _ in EPOCH_LOOPS.values()]
    return dict(zip(names, outcomes(sources)))


def the_loop(doc):
    loops = [a for a in doc.timeline if a.kind == "loop"]
    assert len(loops) == 1
    return loops[0]


@pytest.mark.parametrize("name", list(FOLDED))
def test_a_loader_loop_opens_as_one_iteration_and_a_loop_over_every_batch(folded, name):
    doc = folded[name]
    assert not isinstance(doc, Exception), doc
    assert doc.trace_note is None          # (nothing recorded: the graph computes it all)
    iterations = FOLDED[name][1]
    assert the_loop(doc).params["count"] == iterations
    kinds = [doc.node(n).kind for n in doc.node_ids]
    assert kinds.count("loader_batch") == 1
    # one batch's nodes, not one select per row and a stack per batch and tensor
    assert kinds.count("stack") == 0 and len(kinds) < 20
    compute = next(a for a in doc.timeline if a.kind == "compute")
    assert [doc.node(n).kind for n in compute.params["nodes"]] == ["loader_batch"]


@ORACLE
def test_every_export_prints_under_torch_what_the_program_printed(folded, not_folded):
    docs = [folded[n] for n in FOLDED] + [not_folded[n] for n in [*NOT_FOLDED, *EPOCH_LOOPS]]
    sources = [dedent(FOLDED[n][0]) for n in FOLDED] + [
        dedent(s) for s in [*NOT_FOLDED.values(), *(s for s, _ in EPOCH_LOOPS.values())]]
    codes = [export_script(d).text for d in docs]
    assert all(("DataLoader(range(" in c) != ("torch.randperm(" in c) and
               "for step in range(" in c for c in codes[:len(FOLDED)])
    originals = run_scripts(sources, "torch")
    exports = run_scripts(codes, "torch")
    for (want, error), (got, export_error), code in zip(originals, exports, codes):
        assert error is None and export_error is None, (error, export_error, code)
        assert same_print(got, want), code


@ORACLE
def test_the_loss_of_each_iteration_is_the_loss_torch_computed_for_each_batch(folded):
    doc = folded["shuffle_generator"]
    src = dedent(FOLDED["shuffle_generator"][0]).replace(
        "opt.step()\n", "opt.step(); print(repr(loss.item()))\n")
    (out, error), = run_scripts([src], "torch")
    assert error is None
    per_batch = [float(line) for line in out.splitlines() if " " not in line][:16]
    assert len(per_batch) == 16
    result = run(doc)
    loss = next(n for n in doc.node_ids if doc.node(n).label == "loss")
    history = result.histories[the_loop(doc).id]
    assert history.iterations == 16
    # (to the last bit of float32: the engine's BCE-with-logits on some batches is one
    # unit in the last place off torch's, the script run by the engine too)
    np.testing.assert_allclose(history.scalar(loss), per_batch, rtol=2 ** -23, atol=0)


def test_a_loader_the_graph_cannot_draw_as_batches_still_opens(not_folded):
    dataset_class, peeked = not_folded["dataset_class"], not_folded["peeked"]
    used_whole = not_folded["randperm_used_whole"]
    assert "randperm" in [used_whole.node(n).kind for n in used_whole.node_ids]
    for doc in (dataset_class, peeked, used_whole):
        assert not isinstance(doc, Exception), doc
        assert doc.trace_note is None
        assert not any(a.kind == "loop" for a in doc.timeline)       # (unrolled)
    for doc in (dataset_class, used_whole):
        assert "loader_batch" not in [doc.node(n).kind for n in doc.node_ids]
    # the peek is the loader's first batch; once it is started again before its epoch
    # ran out, each batch is the rows it took, written out
    assert [peeked.node(n).kind for n in peeked.node_ids].count("loader_batch") == 1
    keys = [peeked.node(n).params["key"] for n in peeked.node_ids
            if peeked.node(n).kind == "index"]
    assert any(k.startswith("[") for k in keys)


def test_a_run_draws_the_batches_from_the_start_each_time(folded):
    doc = folded["drop_last"]
    first, again = run(doc), run(doc)
    loss = next(n for n in doc.node_ids if doc.node(n).kind == "mse_loss")
    history_a = first.histories[the_loop(doc).id].scalar(loss)
    history_b = again.histories[the_loop(doc).id].scalar(loss)
    assert len(history_a) == 15 and np.array_equal(history_a, history_b)


@pytest.mark.parametrize("name", ["shuffle_generator", "randperm_batches"])
def test_the_data_panel_shows_every_row_of_the_data_the_batches_come_from(folded, name):
    from gradstudio.document.data_view import data_view
    doc = folded[name]
    result = run(doc)
    view = data_view(doc, result)
    assert view.message == ""
    named = {doc.node(n).label: n for n in doc.node_ids}
    assert np.array_equal(view.inputs, result.state(named["X"], 0).value)
    assert np.array_equal(view.targets, result.state(named["y"], 0).value[:, 0])
    # the model as in the iteration shown: the batch's own outputs are the run's
    batch = next(n for n in doc.node_ids if doc.node(n).kind == "loader_batch")
    idx = result.state(batch, view.step).value
    output = result.state(view.nodes["output"], view.step).value
    np.testing.assert_array_equal(view.outputs[idx], output)
    assert view.image is not None and np.isfinite(view.loss)


@pytest.mark.parametrize("name", list(EPOCH_LOOPS))
def test_a_test_loader_between_epochs_is_computed_at_the_end_of_each_epoch(not_folded, name):
    doc = not_folded[name]
    assert not isinstance(doc, Exception), doc
    assert doc.trace_note is None
    assert [a.params["count"] for a in doc.timeline if a.kind == "loop"] == \
        EPOCH_LOOPS[name][1]
    assert [a.params["every"] for a in doc.timeline if a.kind == "epoch_end"] == [4]
    assert len(list(doc.node_ids)) < 30         # (311 drawn unrolled, 45 a loop per epoch)
