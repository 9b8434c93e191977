"""Issue 32: an optimizer of several parameter groups (``groups_programs.py``: fourteen
programs with SGD / Adam / AdamW / RMSprop groups, per-group settings, schedulers over
groups, learning rates set by hand in one group, ``add_param_group``) opens drawn whole,
its ``optimizer`` action holding the groups as the script wrote them; the export run under
torch prints what the program printed under torch; the file keeps the groups, and a file
with bad groups gets one sentence. What the graph still cannot show (a group's setting
read from a tensor, a group holding a key of its own: ``test_trace_training.py``) stays
recorded with its reason in words.

The originals and the exports run in one request to the shared torch child."""
import json

import pytest
from cpu_paths import same_print
from groups_programs import PROGRAMS
from trace_jobs import corpus_documents, corpus_printed, dedent, outcomes

from gradstudio.document import Document, DocumentError, export, files, run
from gradstudio.document.walk import explain_action

WHOLE = list(PROGRAMS)


@pytest.fixture(scope="module")
def traced():
    return corpus_documents(PROGRAMS, {}, None)


@pytest.fixture(scope="module")
def printed(traced):
    """name -> ((original under torch), (export under torch)), in one request."""
    return corpus_printed(traced, PROGRAMS, {})


def _optimizer(doc):
    (a,) = [a for a in doc.timeline if a.kind == "optimizer"]
    return a


def test_the_corpus_holds_fourteen_programs():
    assert len(PROGRAMS) == 14
    assert all(12 <= len(s.splitlines()) <= 50 for s in PROGRAMS.values())


@pytest.mark.parametrize("name", WHOLE)
def test_a_program_with_parameter_groups_opens_drawn_whole(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert doc.node_ids and all(doc.node(n).recorded is None for n in doc.node_ids)


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_the_export_prints_under_torch_what_the_program_printed(traced, printed, name):
    (original, original_error), (out, error) = printed[name]
    assert original_error is None and error is None, (original_error, error)
    assert original and same_print(out, original), (out, original)


def test_the_groups_are_kept_and_exported_as_the_script_wrote_them(traced):
    doc = traced["sgd_body_head_momentum"]
    a = _optimizer(doc)
    assert a.params["groups"] == [{"size": 2}, {"size": 2, "lr": 0.001}]
    assert (a.params["lr"], a.params["momentum"]) == (0.1, 0.9)
    code = export.export_script(doc).text
    assert "torch.optim.SGD([{'params': [weight, bias]}, {'params': [weight_2, bias_2], " \
        "'lr': 0.001}], lr=0.1, momentum=0.9)" in code
    words = explain_action(doc, a)
    assert "2 groups" in words and "group 1: weight_2, bias_2, lr 0.001" in words
    a = _optimizer(traced["adamw_no_decay_on_biases"])
    assert a.params["groups"] == [{"size": 2, "weight_decay": 0.0001},
                                  {"size": 2, "weight_decay": 0.0}]
    a = _optimizer(traced["adam_per_group_lr_and_betas"])
    assert a.params["groups"][1] == {"size": 1, "lr": 0.05, "betas": [0.8, 0.99],
                                     "weight_decay": 0.01}
    assert "'betas': (0.8, 0.99)" in export.export_script(
        traced["adam_per_group_lr_and_betas"]).text
    # one dict of one group is a group too: its lr is not the optimizer's
    a = _optimizer(traced["one_dict_group_and_nesterov"])
    assert a.params["lr"] == 0.5 and a.params["groups"] == [
        {"size": 1, "lr": 0.05, "nesterov": True}]


def test_a_learning_rate_set_in_one_group_is_a_step_of_that_group(traced):
    doc = traced["head_lr_cut_by_hand"]
    (change,) = [a for a in doc.timeline if a.kind == "change_lr"]
    assert change.params["group"] == 1 and change.params["lr"] == 0.1 * 0.1
    assert 'optimizer.param_groups[1]["lr"] = 0.010000000000000002' in \
        export.export_script(doc).text
    doc = traced["every_group_decayed_each_epoch"]
    (change,) = [a for a in doc.timeline if a.kind == "change_lr"]
    assert change.params["group"] is None and change.params["lr"] == 0.05


def test_add_param_group_is_a_step_holding_the_group(traced):
    doc = traced["add_param_group_to_unfreeze"]
    (add,) = [a for a in doc.timeline if a.kind == "add_param_group"]
    assert add.params["optimizer"] == _optimizer(doc).id
    assert [doc.node(n).label for n in add.params["params"]] == ["weight", "bias"]
    assert add.params["groups"] == [{"size": 2, "lr": 0.001}]
    code = export.export_script(doc).text
    assert "optimizer.add_param_group({'params': [weight, bias], 'lr': 0.001})" in code
    assert "add_param_group() adds a parameter group of weight, bias" in \
        explain_action(doc, add)
    # its tensors are trained from there on: without the step they end where drawn
    trained = run(doc).state(add.params["params"][0]).value
    doc = files.loads(files.dumps(doc))
    (add,) = [a for a in doc.timeline if a.kind == "add_param_group"]
    doc.remove_action(add.id)
    assert (run(doc).state(add.params["params"][0]).value != trained).any()


def test_schedulers_over_groups_keep_one_setting_per_group(traced):
    (s,) = [a for a in traced["lambdalr_one_lambda_per_group"].timeline
            if a.kind == "scheduler"]
    assert s.params["lr_lambda"] == \
        "[lambda epoch: min(1.0, (epoch + 1) / 3), lambda epoch: 0.9 ** epoch]"
    (s,) = [a for a in traced["onecycle_max_lr_per_group"].timeline
            if a.kind == "scheduler"]
    assert s.params["max_lrs"] == [0.05, 0.2]
    assert "max_lr=[0.05, 0.2]" in export.export_script(
        traced["onecycle_max_lr_per_group"]).text


def test_an_edited_group_lr_changes_the_run_and_the_file_keeps_it(traced):
    doc = files.loads(files.dumps(traced["sgd_body_head_momentum"]))
    a = _optimizer(doc)
    assert a.params["groups"] == [{"size": 2}, {"size": 2, "lr": 0.001}]
    head = a.params["params"][2]
    before = run(doc).state(head).value.copy()
    doc.set_action_param(a.id, "groups", [{"size": 2}, {"size": 2, "lr": 0.0}])
    result = run(doc)
    assert all(o.error is None for o in result.outcomes)
    assert (result.state(head).value != before).any()
    # at lr 0 the head stays where it was drawn: as after one iteration instead of eight
    (loop,) = [x for x in doc.timeline if x.kind == "loop" and x.params["count"] == 8]
    doc.set_action_param(loop.id, "count", 1)
    assert (run(doc).state(head).value == result.state(head).value).all()
    doc.set_action_param(loop.id, "count", 8)
    again = files.loads(files.dumps(doc))
    assert _optimizer(again).params["groups"][1] == {"size": 2, "lr": 0.0}


def test_groups_that_do_not_fit_the_tensors_say_so_at_the_step(traced):
    doc = files.loads(files.dumps(traced["sgd_body_head_momentum"]))
    a = _optimizer(doc)
    doc.set_action_param(a.id, "groups", [{"size": 1}, {"size": 2, "lr": 0.001}])
    result = run(doc)
    assert "take 3 tensors but it lists 4" in result.outcome(a.id).error
    doc.set_action_param(a.id, "groups", [{"size": 2}, {"size": 2, "alpha": 0.9}])
    assert "Group 1 of the optimizer sets alpha, which torch.optim.SGD does not take" in \
        run(doc).outcome(a.id).error


def test_an_old_file_without_groups_loads_with_none(traced):
    data = json.loads(files.dumps(traced["sgd_body_head_momentum"]))
    for a in data["timeline"]:
        a["params"].pop("groups", None)
        a["params"].pop("group", None)
    doc = files.loads(json.dumps(data))
    a = _optimizer(doc)
    assert a.params["groups"] == []
    # saved again, it stays as it was: no groups, no group of a learning-rate change
    assert '"groups"' not in files.dumps(doc) and '"group"' not in files.dumps(doc)
    assert "torch.optim.SGD([weight, bias, weight_2, bias_2], lr=0.1" in \
        export.export_script(doc).text


@pytest.mark.parametrize("groups", [
    5, "all", [{"size": "2"}, {"size": 2}], [{"size": 0}, {"size": 4}],
    [{"size": 2, "lr": -1.0}, {"size": 2}], [{"size": 2, "eps": 1e-8}, {"size": 2}],
    [{"size": 2, "betas": [0.9]}, {"size": 2}], [{"size": 2, "nesterov": 1}, {"size": 2}],
    [{"size": 2, "lr": 1e400}, {"size": 2}], [[2], {"size": 2}]])
def test_a_file_with_bad_groups_gets_one_sentence(traced, groups):
    data = json.loads(files.dumps(traced["sgd_body_head_momentum"]))
    (a,) = [a for a in data["timeline"] if a["kind"] == "optimizer"]
    a["params"]["groups"] = groups
    text = json.dumps(data).replace("Infinity", "1e400")
    with pytest.raises((files.FileError, DocumentError)) as caught:
        files.loads(text)
    message = str(caught.value)
    assert "groups" in message and "Traceback" not in message and len(message) < 600


def test_groups_the_trace_cannot_hold_are_recorded_in_words():
    """Never drawn wrong: a group's lr read from a tensor, and groups given by a generator
    (whose dicts the trace cannot read before the optimizer fills them in), stay
    recorded, the reason in words."""
    head = """
        import torch
        w = torch.zeros(2, requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        start = (w + 1).sum()
    """
    tail = """
        for epoch in range(3):
            loss = ((w - 1) ** 2).sum() + ((b - 2) ** 2).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(w, b)
    """
    made = {"torch.optim.SGD's lr must be a plain number to be drawn":
            """opt = torch.optim.SGD([{"params": [w]}, {"params": [b], "lr": start.item() / 10}],
                                  lr=0.1)""",
            "parameter groups given other than as a list of dicts cannot be drawn yet":
            """opt = torch.optim.SGD((g for g in [{"params": [w], "lr": 0.5}, {"params": [b]}]),
                                  lr=0.1)"""}
    got = outcomes([dedent(head) + line + "\n" + dedent(tail) for line in made.values()])
    for words, doc in zip(made, got):
        assert isinstance(doc, Document), doc
        assert words in doc.trace_note, doc.trace_note
