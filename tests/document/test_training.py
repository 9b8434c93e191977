"""Training in the program: parameter updates, optimizers, forward again and loops.

The timeline replays a training loop as PyTorch runs it; these tests check what the run
keeps (one iteration's snapshots, every iteration's small values), where PyTorch's errors
land, and that the exported script, run under real PyTorch, prints exactly what the
document's run prints (random training documents included)."""
import random

import numpy as np
import pytest

from gradstudio.document import Document, run
from gradstudio.document.actions import loop_structure
from gradstudio.document.export import export_script, transcript
from gradstudio.document.files import dumps, loads
from gradstudio.document.model import DocumentError
from gradstudio.document.training import add_linear, add_train_loop, trainable_leaves

from line_fit import line_fit
from script_runner import run_scripts, torch_available

needs_torch = pytest.mark.skipif(not torch_available(), reason="PyTorch is not installed")


def regression(count=5, lr=0.01, **settings):
    """pred = x * w + b against y, mean squared error, the loop of ``add_train_loop``."""
    d, n = line_fit([1.0, 2.0, 3.0, 4.0], [2.0, 4.1, 5.9, 8.2])
    d.set_watched(n["w"], True)
    d.set_watched(n["loss"], True)
    ids = add_train_loop(d, [n["w"], n["b"]], n["loss"], count=count, lr=lr, **settings)
    return d, dict(w=n["w"], b=n["b"], loss=n["loss"], pred=n["pred"]), ids


def _kinds(doc):
    return [a.kind for a in doc.timeline]


# ----------------------------------------------------------------------------- the model
def test_train_loop_is_the_tutorials_loop():
    doc, n, _ = regression()
    assert _kinds(doc) == ["loop", "forward", "backward", "update", "zero_grad", "zero_grad",
                           "end_loop"]
    doc, n, ids = regression(optimizer="Adam")
    assert _kinds(doc) == ["optimizer", "loop", "forward", "backward", "step",
                           "optimizer_zero_grad", "end_loop"]
    assert doc.action(ids[4]).params["optimizer"] == ids[0]


def test_trainable_leaves_are_the_leaves_that_require_grad_upstream():
    doc, n, _ = regression()
    assert trainable_leaves(doc, run(doc), n["loss"]) == [n["w"], n["b"]]
    assert trainable_leaves(doc, run(doc), n["pred"]) == [n["w"], n["b"]]


@pytest.mark.parametrize("kind, name, value, message", [
    ("loop", "count", 0, "whole number from 1 to 10,000"),
    ("loop", "count", 10_001, "whole number from 1 to 10,000"),
    ("loop", "count", 2.0, "whole number"),
    ("update", "lr", float("nan"), "finite number"),
    ("update", "lr", "0.1", "finite number"),
    ("update", "style", "+=", "one of -=, data, sub_"),
    ("optimizer", "algorithm", "LBFGS", "one of SGD, Adam, AdamW, RMSprop"),
    ("optimizer", "momentum", True, "finite number"),
    ("step", "optimizer", 3, "optimizer step of the timeline"),
])
def test_bad_settings_are_refused_in_words(kind, name, value, message):
    doc = Document()
    with pytest.raises(DocumentError, match=message):
        doc.add_action(kind, {name: value})


def test_loop_markers_that_cannot_work_say_why_and_their_steps_run_once():
    doc, n, _ = regression(count=3)
    doc.remove_action(doc.timeline[-1].id)                     # no end
    result = run(doc)
    assert "has no end" in result.outcomes[0].error
    assert result.outcomes[2].error is None                   # backward ran, once
    np.testing.assert_allclose(result.state(n["w"]).value, [0.30349997])
    doc.add_action("end_loop")
    doc.add_action("end_loop")
    ends, problems = loop_structure(doc.timeline)
    assert ends == {0: 6} and "closes no loop" in problems[7]
    doc.add_action("loop", {"count": 2}, index=2)
    ends, problems = loop_structure(doc.timeline)
    assert "inside a loop" in problems[2]


# ----------------------------------------------------------------------------- the run
def test_a_loop_keeps_one_iterations_snapshots_and_every_iterations_values():
    doc, n, _ = regression(count=200)
    result = run(doc)
    assert result.step_count == len(doc.timeline) + 1           # not 200 x the actions
    history = result.histories[doc.timeline[0].id]
    assert history.iterations == 200 and history.losses == [n["loss"]]
    losses = history.scalar(n["loss"])
    assert losses.shape == (200,) and losses[-1] < losses[0] / 100
    # each iteration's w is the value after that iteration's update
    short, _, _ = regression(count=7)
    np.testing.assert_array_equal(history.values[n["w"]][6],
                                  run(short).state(n["w"]).value)


def test_scrubbing_to_an_iteration_shows_that_iteration():
    doc, n, _ = regression(count=10)
    loop = doc.timeline[0].id
    focused = run(doc, focus={loop: 2})
    short, _, _ = regression(count=3)
    ended = run(short)
    for step in range(1, len(doc.timeline)):
        for node in n.values():
            a, b = focused.state(node, step), ended.state(node, step)
            np.testing.assert_array_equal(a.value, b.value)
            assert a.grad_text == b.grad_text and a.grad_fn == b.grad_fn
    # and the end of the loop is the end of all ten iterations
    np.testing.assert_array_equal(focused.state(n["w"]).value, run(doc).state(n["w"]).value)
    assert focused.outcome(doc.timeline[2].id).iteration == 2


def test_gradients_pile_up_without_zero_grad():
    doc, n, _ = regression(count=4, zero_grad=False)
    for a in list(doc.timeline):
        if a.kind == "update":
            doc.remove_action(a.id)
    grads = run(doc).histories[doc.timeline[0].id].grads[n["w"]]
    np.testing.assert_allclose(grads[:, 0], grads[0, 0] * np.arange(1, 5), rtol=1e-6)
    with_zero, _, _ = regression(count=4)
    for a in list(with_zero.timeline):
        if a.kind == "update":
            with_zero.remove_action(a.id)
    grads = run(with_zero).histories[with_zero.timeline[0].id].grads[n["w"]]
    assert np.all(grads == grads[0])


def test_an_update_outside_no_grad_keeps_pytorchs_error_and_ends_the_loop():
    doc, n, ids = regression(count=5)
    doc.set_action_param(ids[3], "no_grad", False)
    result = run(doc)
    outcome = result.outcome(ids[3])
    assert outcome.error == ("RuntimeError: a leaf Variable that requires grad is being used "
                             "in an in-place operation.")
    assert outcome.iteration == 0
    history = result.histories[ids[0]]
    assert history.failed == 0 and history.iterations == 0
    assert "Not reached in iteration 1" in result.outcome(ids[4]).note
    assert result.outcome(ids[4]).error is None


def test_backward_twice_without_forward_fails_in_the_second_iteration():
    doc, n, ids = regression(count=5)
    doc.remove_action(ids[1])                                    # no forward again
    result = run(doc)
    outcome = result.outcome(ids[2])
    assert outcome.error.startswith("RuntimeError: Trying to backward through the graph a "
                                    "second time")
    assert outcome.iteration == 1                               # shown where it failed
    assert result.histories[ids[0]].iterations == 1


def test_an_optimizer_must_be_made_before_its_steps():
    doc, n, ids = regression(count=2, optimizer="SGD")
    doc.move_action(ids[0], len(doc.timeline))                   # after the loop
    result = run(doc)
    assert "made at a later step" in result.outcome(ids[4]).error
    doc.remove_action(ids[0])
    assert "no longer exists" in run(doc).outcome(ids[4]).error


def test_an_optimizer_pytorch_refuses_fails_at_its_step():
    doc, n, ids = regression(count=2, optimizer="SGD", lr=-0.5)
    result = run(doc)
    assert result.outcome(ids[0]).error == "ValueError: Invalid learning rate: -0.5"
    assert "could not be made" in result.outcome(ids[4]).error


def test_forward_computes_only_what_the_parameters_change():
    doc, n, _ = regression()
    noise = doc.add_node("randn", {"shape": (4,)}, label="noise")
    result = run(doc)
    xw = doc.inputs_of(n["pred"])["self"]
    assert result.forward_nodes == [xw, n["pred"], n["loss"]]
    assert noise not in result.forward_nodes


def test_a_training_document_saves_and_loads_byte_for_byte():
    doc, n, ids = regression(count=3, optimizer="Adam")
    doc.set_action_param(ids[0], "beta1", 0.8)
    text = dumps(doc)
    assert dumps(loads(text)) == text
    assert transcript(loads(text)) == transcript(doc)


# ----------------------------------------------------------------------------- parity
def _variants():
    docs = {}
    for style in ("-=", "data", "sub_"):
        docs[f"manual {style}"] = regression(count=6)[0]
        docs[f"manual {style}"].set_action_param(docs[f"manual {style}"].timeline[3].id,
                                                 "style", style)
    docs["no zero_grad"] = regression(count=6, zero_grad=False)[0]
    docs["update outside no_grad"] = regression(count=3)[0]
    docs["update outside no_grad"].set_action_param(
        docs["update outside no_grad"].timeline[3].id, "no_grad", False)
    settings = {"SGD": dict(momentum=0.9, nesterov=True, weight_decay=0.01),
                "Adam": dict(beta1=0.8, weight_decay=0.1), "AdamW": dict(beta2=0.99),
                "RMSprop": dict(momentum=0.5, alpha=0.9),
                "Adagrad": dict(lr_decay=0.01, initial_accumulator_value=0.1, weight_decay=0.01),
                "Adamax": dict(beta1=0.8), "NAdam": dict(momentum_decay=0.01, weight_decay=0.1),
                "RAdam": dict(beta2=0.99, weight_decay=0.01), "Adadelta": dict(rho=0.8)}
    for alg, extra in settings.items():
        doc, _, ids = regression(count=12, lr=0.05, optimizer=alg)
        for k, v in extra.items():
            doc.set_action_param(ids[0], k, v)
        docs[alg] = doc
    doc, _, ids = regression(count=4, optimizer="SGD")
    doc.set_action_param(ids[5], "set_to_none", False)
    docs["zero_grad keeps zeros"] = doc
    # a watched value computed under no_grad from the parameters: forward again computes
    # it inside the loop, in its no_grad block
    doc, n, _ = regression(count=5)
    error = doc.add_node("sub", label="error", watched=True)
    doc.connect(n["pred"], error, "self")
    doc.connect(doc.inputs_of(n["loss"])["target"], error, "other")
    worst = doc.add_node("amax", label="worst", watched=True)
    doc.connect(error, worst, "self")
    doc.add_region([error, worst])
    docs["no_grad region in the loop"] = doc
    return docs


VARIANTS = _variants()


@needs_torch
def test_every_form_of_training_prints_the_same_under_pytorch():
    docs = list(VARIANTS.values()) + [_random_training_doc(random.Random(s)) for s in range(30)]
    scripts = [export_script(d).text for d in docs]
    for doc, script, (out, error) in zip(docs, scripts, run_scripts(scripts)):
        assert error is None, script + error
        assert out == transcript(doc), script


def _random_training_doc(rng):
    """A small model (one or two parameters, a few ops, a layer now and then), a loss, and
    a random loop: manual or optimizer update (over two parameter groups now and then),
    with or without zero_grad or forward."""
    d = Document()
    x = d.add_node("tensor", {"value": [round(rng.uniform(-2, 2), 2) for _ in range(3)]},
                   label="x")
    target = d.add_node("tensor", {"value": [round(rng.uniform(-1, 1), 2) for _ in range(3)]},
                        label="target")
    params = []
    h = x
    for i in range(rng.randint(1, 2)):
        p = d.add_node(rng.choice(["ones", "randn", "rand"]),
                       {"shape": (3,), "requires_grad": True}, label=f"p{i}", watched=i == 0)
        params.append(p)
        op = d.add_node(rng.choice(["mul", "add", "sub"]))
        d.connect(h, op, "self")
        d.connect(p, op, "other")
        h = op
        if rng.random() < 0.5:
            act = d.add_node(rng.choice(["tanh", "sigmoid"]))
            d.connect(h, act, "self")
            h = act
    if rng.random() < 0.3:
        w, b, h2 = add_linear(d, h, 3, 3, "layer")
        params += [w, b]
        h = h2
    loss = d.add_node(rng.choice(["mse_loss", "huber_loss", "smooth_l1_loss"]), label="loss", watched=True)
    d.connect(h, loss, "input" if d.node(loss).kind == "mse_loss" else "self")
    d.connect(target, loss, "target")
    optimizer = rng.choice([None, "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adamax",
                            "NAdam", "RAdam", "Adadelta"])
    ids = add_train_loop(d, params, loss, count=rng.randint(1, 8),
                         lr=rng.choice([0.01, 0.1, 0.3]), optimizer=optimizer,
                         zero_grad=rng.random() < 0.8)
    if optimizer is None:
        d.set_action_param(ids[3], "style", rng.choice(["-=", "data", "sub_"]))
    if optimizer is None and rng.random() < 0.8:    # momentum by hand instead
        shapes = {n: d.node(n).params["shape"] for n in params}
        velocities = [d.add_node("zeros", {"shape": shapes[n]}, label=f"v{k}")
                      for k, n in enumerate(params)]
        at = [a.id for a in d.timeline].index(ids[3])
        style = d.action(ids[3]).params["style"]
        d.remove_action(ids[3])
        d.add_action("momentum_update", {
            "tensors": params, "velocities": velocities, "lr": rng.choice([0.01, 0.05]),
            "momentum": rng.choice([0.5, 0.9]), "form": rng.choice(["mul_add", "assign"]),
            "style": style, "nesterov": rng.random() < 0.5}, index=at)
    elif optimizer in ("SGD", "RMSprop") and rng.random() < 0.5:
        d.set_action_param(ids[0], "momentum", 0.9)
    if rng.random() < 0.15:
        d.remove_action(next(a.id for a in d.timeline if a.kind == "forward"))
    count = d.action(ids[1]).params["count"] if optimizer else 0
    groups = optimizer and len(params) > 1 and rng.random() < 0.5
    if groups:                                     # parameter groups, settings of their own
        k = rng.randint(1, len(params) - 1)
        own = rng.choice([{}, {"lr": 0.05}, {"weight_decay": 0.01}, {"lr": 0.2,
                                                                     "weight_decay": 0.0}])
        d.set_action_param(ids[0], "groups", [{"size": k}, dict({"size": len(params) - k},
                                                                 **own)])
    if count > 1 and rng.random() < 0.4:          # a learning rate a live run changed
        d.add_action("change_lr", {"optimizer": ids[0], "lr": rng.choice([0.02, 0.5]),
                                   "at": rng.randint(1, count - 1),
                                   "group": rng.choice([None, 1]) if groups else None},
                     index=rng.choice([2, len(d.timeline) - 1]))
    if rng.random() < 0.3:                         # a parameter changed by hand after a step
        edit = rng.choice(["clamp_", "mul_", "add_", "div_"])
        bounds = rng.choice([(-0.5, 0.5), (None, 0.3), (0.0, None)])
        end = next(k for k, a in enumerate(d.timeline) if a.kind == "end_loop")
        d.add_action("param_edit", {"tensors": params[:rng.randint(1, len(params))],
                                    "edit": edit, "value": rng.choice([0.99, 0.5, 2.0]),
                                    "min": bounds[0], "max": bounds[1],
                                    "data": rng.random() < 0.3}, index=end)
    if rng.random() < 0.25:                        # gradients clamped by hand before it
        at = next(k for k, a in enumerate(d.timeline)
                  if a.kind in ("step", "update", "momentum_update"))
        bounds = rng.choice([(-0.05, 0.05), (None, 0.1), (-0.2, None)])
        d.add_action("grad_clamp", {"tensors": params[:rng.randint(1, len(params))],
                                    "min": bounds[0], "max": bounds[1]}, index=at)
    return d


def test_memory_stays_bounded_with_the_number_of_iterations(monkeypatch):
    """A run keeps one iteration's snapshots whatever the loop's count: with a 64 x 64
    parameter, 2,000 iterations keep about what 20 keep (every iteration's snapshots
    would be 2,000 x 16 KiB per tensor). (Under tracemalloc on a busy machine the 2,000
    iterations can take longer than a loop may run; that clock is tested on its own.)"""
    import tracemalloc
    from gradstudio.document import run_timeline
    monkeypatch.setattr(run_timeline, "MAX_RUN_SECONDS", 600.0)

    def kept(count):
        d = Document()
        w = d.add_node("randn", {"shape": (64, 64), "requires_grad": True}, label="w")
        sq = d.add_node("mul", label="sq")
        d.connect(w, sq, "self")
        d.connect(w, sq, "other")
        loss = d.add_node("mean", label="loss", watched=True)
        d.connect(sq, loss, "self")
        add_train_loop(d, [w], loss, count=count, lr=0.1, optimizer="Adam")
        tracemalloc.start()
        result = run(d)
        size = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert result.histories[d.timeline[1].id].iterations == count
        return size
    small, large = kept(20), kept(2000)
    assert large - small < 512 * 1024, (small, large)


def test_a_loop_that_runs_too_long_stops_at_an_iteration_and_says_so(monkeypatch):
    from gradstudio.document import run_timeline
    monkeypatch.setattr(run_timeline, "MAX_RUN_SECONDS", 0.2)
    doc, n, ids = regression(count=10_000)
    result = run(doc)
    history = result.histories[ids[0]]
    assert 0 < history.iterations < 10_000
    note = result.outcome(ids[0]).note
    assert note.startswith(f"Stopped after {history.iterations:,} of 10,000 iterations")
    assert result.stopped == note
    # the views show the last iteration that ran, in full
    assert result.outcome(ids[2]).error is None and result.outcome(ids[2]).steps
