"""Issue 32 on the patterns its last measure still recorded (``after_step_programs.py``):
an epoch loop with a training and a validation pass in each epoch, lists of losses,
hooks registered after a backward, parameters changed in place after an optimizer step,
forward-mode AD. Every program opens, its export run under real torch prints exactly what
the program printed under torch, and each draws the number of recorded tensors
``RECORDED`` says (0: drawn whole). What is still cut says why in words naming what the
script wrote, on its line."""
import pytest
from after_step_programs import PROGRAMS
from trace_jobs import (assert_export_prints_as_torch, check_exports, check_refused,
                        corpus_documents, corpus_printed, dedent, engine_outputs, outcomes)

from gradstudio.document import Document, export, run

NAMES = list(PROGRAMS)

# name -> the tensors recorded (0: every tensor is a node the graph computes)
RECORDED = {name: 0 for name in NAMES}
# the programs drawn whole: no part cut (before this branch: 9 of the first 15 programs)
WHOLE = [n for n in NAMES if not n.startswith(("forward_ad_", "hook_registered_before"))]
# cut, and why (the words of the note, and the line the cut starts at)
CUT = {
    "forward_ad_jvp": ("forward-mode AD (torch.autograd.forward_ad.make_dual) cannot be "
                       "drawn yet", 7),
    "forward_ad_function_directional": ("forward-mode AD (torch.autograd.forward_ad."
                                        "make_dual) cannot be drawn yet", 12),
    # (a hook registered between a first backward and a folded loop is registered with
    # the forward pass, as before: the first backward is recorded, the loop drawn)
    "hook_registered_before_training_loop": ("would differ from the script from line 7 "
                                             "(loss.backward())", 7),
}
RECORDED["hook_registered_before_training_loop"] = 1

# (see test_trace_corpus6: the engine's own last digits on an Intel CPU, where MKL
# takes kernels of its own)
ENGINE_DIGITS = {
    "manual_sgd_mixed_with_optimizer": "X @ w over 10 rows (MKL's sgemv order): a loss "
    "printed with all its digits a last digit apart",
}


@pytest.fixture(scope="module")
def traced():
    return corpus_documents(PROGRAMS, {}, None)


@pytest.fixture(scope="module")
def printed(traced):
    return corpus_printed(traced, PROGRAMS, {})


@pytest.fixture(scope="module")
def engine_printed():
    return engine_outputs(PROGRAMS, ENGINE_DIGITS)


def _recorded(doc):
    return sum(doc.node(n).recorded is not None for n in doc.node_ids)


def test_the_corpus():
    assert len(PROGRAMS) == 19 and set(CUT) | set(WHOLE) == set(NAMES)
    assert not set(CUT) & set(WHOLE) and set(ENGINE_DIGITS) <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_program_opens_with_the_tensors_it_records(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), f"{name} is refused: {doc}"
    assert doc.node_ids and _recorded(doc) == RECORDED[name]


@pytest.mark.parametrize("name", WHOLE)
def test_these_programs_are_drawn_whole(traced, name):
    assert traced[name].trace_note is None, traced[name].trace_note


@pytest.mark.parametrize("name", sorted(CUT))
def test_what_is_cut_says_why_on_its_line(traced, name):
    words, line = CUT[name]
    note = traced[name].trace_note
    assert note is not None and words in note, note
    assert f"from line {line} on" in note or note.startswith(f"Not drawn: line {line} "), note


@pytest.mark.parametrize("name", NAMES)
def test_the_export_prints_under_torch_what_the_program_printed(traced, printed,
                                                                engine_printed, name):
    assert isinstance(traced[name], Document), traced[name]
    assert_export_prints_as_torch(name, printed, ENGINE_DIGITS, engine_printed)


# ------------------------------------------------------------------ parameters by hand
def _edits(doc):
    return [a for a in doc.timeline if a.kind == "param_edit"]


def test_a_clamp_after_the_step_is_a_step_of_the_loop(traced):
    doc = traced["clamp_weights_after_step"]
    (edit,) = _edits(doc)
    assert (edit.params["edit"], edit.params["min"], edit.params["max"]) == \
        ("clamp_", -1.0, 1.0)
    kinds = [a.kind for a in doc.timeline]
    assert kinds.index("step") < kinds.index("param_edit") < kinds.index("end_loop")
    code = export.export_script(doc).text
    assert "    with torch.no_grad():\n        weight.clamp_(-1.0, 1.0)\n" in code, code
    weight = next(n for n in doc.node_ids if doc.node(n).label == "weight")
    assert float(abs(run(doc).state(weight).value).max()) <= 1.0


def test_a_weight_decay_by_hand_over_every_parameter_is_one_step(traced):
    doc = traced["manual_weight_decay_mul"]
    (edit,) = _edits(doc)
    assert edit.params["edit"] == "mul_" and edit.params["value"] == 0.99
    assert len(edit.params["tensors"]) == 4        # (for p in model.parameters())
    assert export.export_script(doc).text.count(".mul_(0.99)") == 4


def test_a_clamp_through_data_is_one_step_of_a_folded_loop(traced):
    """``p.data.clamp_(-0.05, 0.05)`` for each parameter, 30 iterations (a WGAN's critic):
    one loop block, the ``.data`` alias consumed by the step (it was cut: 'writing
    through .data ... cannot be drawn yet')."""
    doc = traced["wgan_critic_data_clamp"]
    assert [a.params["count"] for a in doc.timeline if a.kind == "loop"] == [30]
    (edit,) = _edits(doc)
    assert edit.params["data"] and len(edit.params["tensors"]) == 4
    code = export.export_script(doc).text
    assert "    weight.data.clamp_(-0.05, 0.05)\n" in code and "no_grad" not in code, code


def test_gradients_clamped_by_hand_are_one_step_before_the_optimizers(traced):
    """``p.grad.data.clamp_(-0.1, 0.1)`` for each parameter between the backward and the
    step: one ``grad_clamp`` step over the four (cut before: 'changing a .grad in place
    ... cannot be drawn yet')."""
    doc = traced["grad_clamp_by_hand_per_parameter"]
    kinds = [a.kind for a in doc.timeline]
    assert kinds.index("backward") < kinds.index("grad_clamp") < kinds.index("step")
    (clamp,) = [a for a in doc.timeline if a.kind == "grad_clamp"]
    assert len(clamp.params["tensors"]) == 4
    assert (clamp.params["min"], clamp.params["max"]) == (-0.1, 0.1)
    assert "    weight.grad.clamp_(-0.1, 0.1)\n" in export.export_script(doc).text


def test_a_decay_by_hand_after_an_update_by_hand_is_its_own_step(traced):
    doc = traced["manual_sgd_and_decay_by_hand"]
    kinds = [a.kind for a in doc.timeline]
    assert kinds.index("update") < kinds.index("param_edit") < kinds.index("end_loop")
    edits = _edits(doc)     # (p -= ...; p *= ... alternate for each p: a step each)
    assert len(edits) == 2 and all(e.params["edit"] == "mul_" and
                                   e.params["value"] == 1 - 0.1 * 0.01 for e in edits)
    assert [a.kind for a in doc.timeline].count("update") == 2


def test_an_edit_upstream_reaches_the_clamped_weights(traced):
    """The clamp is computed by the document: a lower bound edited changes the run."""
    from gradstudio.document.files import dumps, loads
    doc = loads(dumps(traced["clamp_weights_after_step"]))
    (edit,) = _edits(doc)
    doc.set_action_param(edit.id, "min", 0.0)
    weight = next(n for n in doc.node_ids if doc.node(n).label == "weight")
    assert float(run(doc).state(weight).value.min()) >= 0.0


PARAM = """
    import torch
    w = torch.tensor([1.5, -0.5, 2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    loss = (w * w).sum()
    loss.backward()
    opt.step()
    with torch.no_grad():
        {line}
    print(w)
"""


@pytest.mark.parametrize("line, form", [
    ("w.clamp_(min=0)", ("clamp_", 1.0, 0.0, None)),
    ("w.clamp_(max=1.25)", ("clamp_", 1.0, None, 1.25)),
    ("w *= 0.5", ("mul_", 0.5, None, None)),
    ("w.add_(1)", ("add_", 1.0, None, None)),
    ("w /= 4", ("div_", 4.0, None, None)),
    ("w.data.clamp_(-0.5, 0.5)", ("clamp_", 1.0, -0.5, 0.5)),
])
def test_each_form_of_a_parameter_changed_by_a_number_is_drawn(line, form):
    from trace_jobs import check_round_trip, traced_documents
    source = PARAM.format(line=line)
    (doc,) = traced_documents([source])
    assert doc.trace_note is None, doc.trace_note
    (edit,) = _edits(doc)
    p = edit.params
    assert (p["edit"], p["value"], p["min"], p["max"]) == form
    check_round_trip([doc], [source])


@pytest.mark.parametrize("line, words", [
    # a bound read from a tensor: the graph would hold it as a constant
    ("w.clamp_(-w.abs().max().item(), 1.0)", "a number read from a tensor"),
    # a tensor operand: not a number the step can hold
    ("w.mul_(torch.tensor([1.0, 0.5, 0.25]))", "an in-place mul_ (*=) of a leaf that "
                                               "requires grad"),
    ("w.clamp_(min=torch.zeros(3))", "an in-place clamp_ of a leaf that requires grad"),
])
def test_what_a_parameter_edit_cannot_hold_is_cut_on_its_line(line, words):
    check_refused(PARAM.format(line=line), words, 8)


def test_a_gradient_clamped_by_a_number_read_from_a_tensor_is_cut_on_its_line():
    source = PARAM.replace("    opt.step()\n", "").format(
        line="w.grad.clamp_(-w.abs().max().item(), 1.0)")
    check_refused(source, "p.grad.clamp_() can be drawn when its bounds are plain "
                  "numbers", 7)


# ------------------------------------------------------------------ hooks
def test_a_hook_registered_after_a_backward_is_registered_at_that_step(traced):
    doc = traced["tensor_hook_after_backward"]
    kinds = [a.kind for a in doc.timeline if a.kind != "say"]
    assert kinds[:4] == ["backward", "set_grad_none", "compute", "backward"], kinds
    assert "remove_hook" in kinds
    code = export.export_script(doc).text.splitlines()
    assert code.index("h = x.register_hook(lambda grad: grad * 2)") == \
        code.index("x.grad = None") + 1


def test_a_hook_registered_in_the_third_iteration_is_drawn_there(traced):
    doc = traced["grad_hook_clip_registered_later"]
    code = export.export_script(doc).text
    lines = code.splitlines()
    hook = lines.index("hook = w.register_hook(lambda grad: grad.clamp(-0.5, 0.5))")
    assert [k for k, line in enumerate(lines) if line.endswith(".backward()")][2] > hook
    assert code.count(".backward()") == 4


# ------------------------------------------------------------------ what is still cut
LOSSES = """
    import torch
    torch.manual_seed(6)
    X = torch.randn(16, 4)
    t = torch.randint(0, 3, (16,))
    model = torch.nn.Linear(4, 3)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for step in range(30):
        loss = torch.nn.functional.cross_entropy(model(X), t)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
    print(torch.stack(losses).mean())
"""


def test_a_list_of_detached_losses_over_a_long_loop_folds_and_collects():
    """``losses.append(loss.detach())`` after the step in 30 iterations: the loop folds,
    the append is a collect node computed by a compute step of the loop's body and
    ``torch.stack(losses)`` a collected node after it (until the collect kind, the loop
    was recorded with a note naming this line)."""
    (got,) = outcomes([LOSSES])
    assert isinstance(got, Document), got
    assert got.trace_note is None, got.trace_note
    kinds = [a.kind for a in got.timeline]
    assert kinds.count("loop") == 1 and got.timeline[kinds.index("loop")].params["count"] == 30
    collect = [n for n in got.node_ids if got.node(n).kind == "collect"]
    assert len(collect) == 1 and got.node(collect[0]).params == {"into": "losses",
                                                                 "form": "detach"}
    body = got.timeline[kinds.index("loop"):kinds.index("end_loop")]
    assert any(a.kind == "compute" and collect[0] in a.params["nodes"] for a in body)
    check_exports([got])


def test_an_epochs_list_of_detached_losses_over_batches_is_recorded_not_wrong():
    """The same per epoch (``losses = []`` each epoch, its mean printed) over slices of
    the data, 25 epochs: the batches differ, so the loop over them is not folded, and
    more than 20 steps are not drawn unrolled: recorded, with the reason."""
    source = PROGRAMS["losses_detach_stack_mean"].replace("range(3)", "range(25)")
    (got,) = outcomes([source])
    assert isinstance(got, Document), got
    assert "not the same steps each time" in got.trace_note, got.trace_note


def test_forward_mode_ad_is_cut_at_make_dual_not_at_an_internal_op(traced):
    for name in ("forward_ad_jvp", "forward_ad_function_directional"):
        note = traced[name].trace_note
        assert "'_alias'" not in note and "tangents a dual tensor carries" in note, note


def test_unpack_dual_alone_names_itself():
    source = dedent("""
        import torch
        import torch.autograd.forward_ad as fwAD
        x = torch.tensor([1.0, 2.0])
        y = x * 3
        print(fwAD.unpack_dual(y).primal)
    """)
    (got,) = outcomes([source])
    assert isinstance(got, Document), got
    assert "(torch.autograd.forward_ad.unpack_dual)" in got.trace_note, got.trace_note
