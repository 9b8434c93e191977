"""Issue 32 on training loops that keep a value of every iteration
(``corpus_collect_programs.py``: 16 scripts with ``losses.append(loss.item())``,
``loss.detach()`` and ``float(loss)``, a dict of histories, the best loss so far, early
stopping with ``break``, an accuracy computed only in the printing epochs, a running loss
over mini-batches, a training function returning its list). Every program opens, the
export run under real torch prints exactly what the program printed, and the programs of
``WHOLE`` open drawn whole, nothing recorded: the list is a ``collect`` node computed in
the loop's body and what is made of it after the loop (``torch.tensor(losses)``,
``torch.stack(losses)``) a ``collected`` node."""

from corpus_collect_programs import NOTEBOOKS, PROGRAMS
from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)

NOTEBOOK_BYTES = None
NAMES = list(PROGRAMS)

# drawn whole: no part cut, no tensor recorded (the mini-batch loop over slices of the
# data is not folded: its batches differ; recorded, with the reason)
WHOLE = [n for n in NAMES if n != "minibatch_running_loss_per_epoch"]

# none of these prints last digits of the engine's own kernels on this machine
ENGINE_DIGITS = {}

# name -> (the kinds of the collect nodes, how each collected node makes its tensor)
COLLECTS = {
    "losses_item_list_summary": (["item"], ["tensor"]),
    "losses_detach_stack_every_25": (["detach"], ["stack"]),
    "float_loss_tensor_slice": (["float"], ["tensor"]),
    "detached_losses_mean_and_print_every": (["detach"], ["stack"]),
    "accuracy_list_per_epoch": (["item", "item"], []),
    "train_function_returns_losses": (["item"], ["tensor"]),
    "early_stopping_patience_val_losses": (["item"], ["tensor"]),
}


def test_the_corpus_has_sixteen_scripts():
    assert len(PROGRAMS) == 16 and not NOTEBOOKS
    assert set(COLLECTS) <= set(PROGRAMS)


def _loops(doc):
    return [a.params["count"] for a in doc.timeline if a.kind == "loop"]


def test_the_lists_are_collect_nodes_in_one_folded_loop(traced):
    for name, (forms, makes) in COLLECTS.items():
        doc = traced[name]
        nodes = [doc.node(n) for n in doc.node_ids]
        assert [n.params["form"] for n in nodes if n.kind == "collect"] == forms, name
        assert [n.params["make"] for n in nodes if n.kind == "collected"] == makes, name
        assert len(_loops(doc)) == 1, (name, _loops(doc))


def test_the_accuracy_of_the_printing_epochs_folds_into_one_loop(traced):
    """Computed after the step in every tenth epoch only: one loop of 50, its print the
    text of each epoch (until this corpus: a loop per print, five of ten)."""
    doc = traced["accuracy_in_printing_epochs"]
    assert _loops(doc) == [50]
    assert not any(doc.node(n).kind == "argmax" for n in doc.node_ids)


def test_early_stopping_folds_the_iterations_it_ran(traced):
    assert _loops(traced["early_stopping_patience_val_losses"]) == [24]


def test_a_list_changed_otherwise_is_not_taken_for_what_was_collected():
    """``losses.pop()`` before ``torch.tensor(losses)``: the list is not what the loop
    collected, so its tensor is recorded, not drawn from the collect node (never
    wrong)."""
    from trace_jobs import check_round_trip, outcomes
    source = PROGRAMS["losses_item_list_summary"].replace(
        "print(losses[0], losses[-1]", "losses.pop()\nprint(losses[0], losses[-1]")
    (doc,) = outcomes([source])
    assert all(doc.node(n).kind != "collected" for n in doc.node_ids)
    assert doc.trace_note is not None and "line 21" in doc.trace_note, doc.trace_note
    check_round_trip([doc], [source])


def test_a_print_reading_the_list_is_drawn_from_it(traced):
    """``print(losses[0], losses[-1], len(losses), min(losses))`` prints from the
    collected list (no recorded text); an f-string of it stays the text it printed."""
    from gradstudio.document.export import export_script
    doc = traced["losses_item_list_summary"]
    says = [a for a in doc.timeline if a.kind == "say"]
    assert says[0].params["parts"] == [{"list": ["losses", 0]}, {"list": ["losses", -1]},
                                       {"list": ["losses", "len"]},
                                       {"list": ["losses", "min"]}]
    text = export_script(doc).text
    assert "print(losses[0], losses[-1], len(losses), min(losses))\n" in text
    assert "text" in says[2].params["parts"][0]
    doc = traced["early_stopping_patience_val_losses"]
    assert {"list": ["val_losses", "len"]} in next(
        a for a in doc.timeline if a.kind == "say" and a.params["line"] == 31).params["parts"]


def test_a_random_draw_of_the_printing_epochs_keeps_them_apart():
    """What the printing epochs compute after the step is left out only when it is
    plain computation: a random draw there (it moves the generator the next epochs draw
    from) keeps the epochs as they were, and the export still prints what the script
    printed."""
    from trace_jobs import check_round_trip, outcomes
    source = PROGRAMS["accuracy_in_printing_epochs"].replace(
        "acc = (model(X).argmax(1) == y).float().mean()",
        "acc = (model(X + 0.01 * torch.randn(90, 2)).argmax(1) == y).float().mean()")
    assert source != PROGRAMS["accuracy_in_printing_epochs"]
    (doc,) = outcomes([source])
    assert _loops(doc) != [50]
    check_round_trip([doc], [source])


def test_a_dict_of_histories_is_a_list_per_key(traced):
    """``history["loss"].append(loss.item())``: a list named after the dict and key,
    ``len(history["loss"])`` printed from it."""
    from gradstudio.document.export import export_script
    doc = traced["history_dict_train_and_val"]
    assert sorted(doc.node(n).params["into"] for n in doc.node_ids
                  if doc.node(n).kind == "collect") == ["history_loss", "history_val_loss"]
    assert "print(len(history_loss), len(history_val_loss))\n" in export_script(doc).text
