"""Training that plays live (``document.live``): a loop run iteration by iteration gives
exactly the numbers the exact re-run gives, a learning rate changed while it runs takes
effect from the next iteration, and keeping the live run makes a document whose run (and
whose export under PyTorch) is the live run."""
import numpy as np
import pytest

from gradstudio.document import run
from gradstudio.document.data_view import data_view
from gradstudio.document.examples_playground import playground
from gradstudio.document.export import export_script, transcript
from gradstudio.document.files import dumps, loads
from gradstudio.document.live import LiveRun, keep_edits, live_setting, lr_marks

from script_runner import run_scripts, torch_available
from test_training import regression

needs_torch = pytest.mark.skipif(not torch_available(), reason="PyTorch is not installed")


def _xor(count=12):
    return playground("make_xor", hidden=(4,), count=count, lr=0.05, points=40)


def _same_histories(a, b, loop):
    ha, hb = a.histories[loop], b.histories[loop]
    assert ha.iterations == hb.iterations
    n = ha.iterations
    assert set(ha.nodes) == set(hb.nodes)
    for node in ha.nodes:
        assert np.array_equal(ha.values[node][:n], hb.values[node][:n], equal_nan=True), node
        assert np.array_equal(ha.grads[node][:n], hb.grads[node][:n], equal_nan=True), node


def _kept(doc, plan):
    """``doc`` (a copy) with the live run ``plan`` kept."""
    kept = loads(dumps(doc))
    edits, note = keep_edits(kept, plan)
    for edit in edits:
        if edit[0] == "set":
            kept.set_action_param(*edit[1:])
        else:
            kept.add_action(edit[1], edit[2], index=edit[3])
    return kept, note


def test_each_batch_of_a_live_run_is_the_exact_run_up_to_there():
    doc = _xor()
    live = LiveRun(doc)
    shown = []
    for batch in (1, 3, 1, 2):
        result = live.advance(batch)
        exact = run(doc, live=live.plan())
        _same_histories(result, exact, live.loop)
        a, b = data_view(doc, result), data_view(doc, exact)
        assert np.array_equal(a.image, b.image) and a.loss == b.loss
        assert result.outcome(live.loop).note.startswith(f"Playing live: {live.done} of 12")
        shown.append((result, result.histories[live.loop].iterations, a.image))
    assert live.done == 7
    for result, iterations, image in shown:      # later batches change no earlier result
        assert result.histories[live.loop].iterations == iterations
        assert np.array_equal(data_view(doc, result).image, image)
    result = live.advance(100)                   # to the end: the document's own run
    assert live.finished and live.done == 12
    _same_histories(result, run(doc), live.loop)


def test_a_learning_rate_changed_while_playing_takes_effect_from_the_next_iteration():
    doc = _xor()
    live = LiveRun(doc)
    optimizer, name, lr = live_setting(doc, live.loop)
    assert (doc.action(optimizer).kind, name, lr) == ("optimizer", "lr", 0.05)
    live.advance(4)
    live.request(optimizer, "lr", 0.5)
    assert live.setting(optimizer, "lr") == 0.5
    result = live.advance(4)
    assert [(c.at, c.value) for c in live.changes] == [(4, 0.5)]
    loss = doc.node_ids[[n.label for n in doc.nodes()].index("loss")]
    plain = run(doc).histories[live.loop].scalar(loss)
    played = result.histories[live.loop].scalar(loss)
    # iteration 4's loss is computed before its step: the first to differ is the 6th
    assert np.array_equal(played[:5], plain[:5]) and not np.array_equal(played[5:], plain[5:8])
    _same_histories(result, run(doc, live=live.plan()), live.loop)
    assert lr_marks(doc, live.loop, live.changes) == [(4, "lr 0.5")]


def test_keeping_a_live_run_makes_the_document_run_it_exactly():
    doc = _xor()
    live = LiveRun(doc)
    optimizer = live_setting(doc, live.loop)[0]
    live.advance(3)
    live.request(optimizer, "lr", 0.3)
    result = live.advance(5)
    kept, note = _kept(doc, live.plan())
    assert note == ""
    loop = kept.action(live.loop)
    assert loop.params["count"] == 8                  # the iterations played
    change = next(a for a in kept.timeline if a.kind == "change_lr")
    assert change.params == {"optimizer": optimizer, "lr": 0.3, "at": 3, "group": None}
    assert kept.timeline.index(change) == kept.timeline.index(loop) + 1
    _same_histories(result, run(kept), live.loop)
    assert lr_marks(kept, live.loop) == [(3, "lr 0.3")]
    assert dumps(loads(dumps(kept))) == dumps(kept)
    assert "if epoch == 3:" in export_script(kept).text


def test_a_change_before_the_first_iteration_sets_the_optimizers_rate():
    doc = _xor()
    live = LiveRun(doc)
    optimizer = live_setting(doc, live.loop)[0]
    live.request(optimizer, "lr", 0.2)
    result = live.advance(12)
    kept, _ = _kept(doc, live.plan())
    assert kept.action(optimizer).params["lr"] == 0.2
    assert not any(a.kind == "change_lr" for a in kept.timeline)
    assert kept.action(live.loop).params["count"] == 12
    _same_histories(result, run(kept), live.loop)


def test_an_updates_rate_changed_mid_loop_is_kept_as_the_last_with_a_sentence():
    doc, n, ids = regression(count=10, lr=0.01)
    live = LiveRun(doc)
    update, name, lr = live_setting(doc, live.loop)
    assert doc.action(update).kind == "update" and lr == 0.01
    live.advance(4)
    live.request(update, "lr", 0.05)
    result = live.advance(10)
    plain = run(doc).histories[live.loop].scalar(n["loss"])
    assert np.array_equal(result.histories[live.loop].scalar(n["loss"])[:5], plain[:5])
    assert not np.array_equal(result.histories[live.loop].scalar(n["loss"]), plain)
    _same_histories(result, run(doc, live=live.plan()), live.loop)
    kept, note = _kept(doc, live.plan())
    assert kept.action(update).params["lr"] == 0.05
    assert note.startswith("The update's learning rate cannot change in the middle")


@needs_torch
def test_a_kept_live_run_prints_the_same_under_pytorch():
    docs = []
    for lr in (0.3, 0.01):
        doc = _xor(count=10)
        live = LiveRun(doc)
        live.advance(2)
        live.request(live_setting(doc, live.loop)[0], "lr", lr)
        live.advance(6)
        docs.append(_kept(doc, live.plan())[0])
    scripts = [export_script(d).text for d in docs]
    for doc, script, (out, error) in zip(docs, scripts, run_scripts(scripts)):
        assert error is None, script + error
        assert out == transcript(doc), script


def test_a_live_run_draws_the_random_numbers_the_exact_run_draws():
    """Dropout draws from the generator every iteration; whatever else runs between two
    batches (the boundary's forward through the dropout, another run), the live run goes
    on with its own generator's state."""
    doc = _xor(count=9)
    h1 = next(n.id for n in doc.nodes() if n.label == "h1")
    layer = next(n.id for n in doc.nodes() if n.label == "logits")
    drop = doc.add_node("dropout", {"p": 0.3}, label="drop")
    doc.connect(h1, drop, "self")
    doc.connect(drop, layer, "input")          # (in place of h1)
    live = LiveRun(doc)
    for batch in (2, 1, 3):
        result = live.advance(batch)
        run(doc)                                     # (another run reseeds meanwhile)
    _same_histories(result, run(doc, live=live.plan()), live.loop)
    result = live.advance(9)
    _same_histories(result, run(doc), live.loop)
