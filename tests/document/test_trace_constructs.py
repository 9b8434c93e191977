"""Issue 32, the constructs students write that were recorded (``construct_programs.py``,
27 programs): what is now drawn whole opens with no part recorded, and its graph holds
the construct as the program wrote it (a hook reading grad_input on a copy of the
module's input, a Function's ``once`` setting, the buffers a load_state_dict loads, a
Subset's rows taken with the permutation's own node); what is still not drawn stays
recorded with a sentence saying why, never drawn wrong. Every program opens, and its
export prints under torch exactly what the program printed under torch. The originals
and the exports run in one request to the shared torch child."""
import re

import pytest
from construct_programs import PROGRAMS
from trace_jobs import assert_loads_and_prints_the_same, corpus_documents, corpus_printed

from gradstudio.document import Document, export, run
from gradstudio.document.walk import explain_text

ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

WHOLE = ["hook_gi_scale", "hook_gi_norms", "hook_gi_residual", "hook_gi_print_norm",
         "hook_gi_double_first_layer", "hook_gi_saved_by_name", "hook_go_then_gi",
         "fn_once_diff", "fn_once_double", "fn_once_training",
         "fn_two_outputs", "fn_mark_nondiff", "fn_split_halves",
         "sd_register_buffer", "sd_buffer_strict_false",
         "subset_tolist", "subset_slice", "subset_shuffle_loader",
         # (BatchNorm1d, its running statistics drawn as buffers it moves)
         "sd_strict_false"]
# drawn with no part cut, BatchNorm1d and its buffers too; the values of ``{k: v.clone()
# for k, v in model.state_dict().items()}`` are recorded (a state_dict's tensors are
# detached aliases the graph does not draw), one per entry
DRAWN_WITH_VALUES = {"sd_buffer_checkpoint": None, "sd_batchnorm": 9}

# not drawn: the words of the note saying why
RECORDED = {
    # prints grad_input's line before grad_output's: the graph's grad_output hook runs
    # first (hook_go_then_gi, the other order, is drawn)
    "hook_gi_shape": "that prints grad_input[0] and grad_output[0] can be drawn when each "
                     "print reads one of them and grad_output's come first",
    "hook_gi_lambda": "and reads nothing else; this one does more",
    "hook_gi_first_layer": "is called here with 0 input tensors that require grad",
    "hook_gi_bilinear": "is called here with 2 input tensors that require grad",
    # (PyTorch runs both at the input, in order; the graph's grad_output hook runs at
    # the output, first: the check finds the lines in another order)
    "hook_gi_after_hook_go": "its hooks would print other lines",
    # the list reversed after tolist(): its rows are no longer the permutation's
    "subset_list_changed": "a number read from a tensor",
}


@pytest.fixture(scope="module")
def traced():
    return corpus_documents(PROGRAMS, {}, None)


@pytest.fixture(scope="module")
def printed(traced):
    """name -> ((original under torch), (export under torch)), in one request."""
    return corpus_printed(traced, PROGRAMS, {})


def test_every_program_is_whole_or_recorded_and_no_other():
    assert set(WHOLE) | set(RECORDED) | set(DRAWN_WITH_VALUES) == set(PROGRAMS)
    assert not set(WHOLE) & set(RECORDED)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_program_opens_and_its_export_prints_what_it_printed(traced, printed, name):
    assert isinstance(traced[name], Document), traced[name]
    (original, original_error), (out, error) = printed[name]
    assert original_error is None and error is None, (original_error, error)
    assert original and ADDRESS.sub("0x?", out) == ADDRESS.sub("0x?", original)


@pytest.mark.parametrize("name", WHOLE)
def test_these_open_drawn_whole(traced, name):
    doc = traced[name]
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_what_is_not_drawn_stays_recorded_and_says_why(traced, name):
    note = traced[name].trace_note
    assert note is not None and RECORDED[name] in note, note


def test_batchnorm_s_state_dict_copy_is_the_one_recorded_part(traced):
    doc = traced["sd_batchnorm"]
    assert doc.trace_note is None, doc.trace_note
    recorded = [n for n in doc.node_ids if doc.node(n).recorded is not None]
    assert len(recorded) == DRAWN_WITH_VALUES["sd_batchnorm"]
    norms = [n for n in doc.node_ids if doc.node(n).kind == "batch_norm"]
    assert {doc.node(n).params["training"] for n in norms} == {True, False}
    assert all(doc.node(doc.source_of(n, "running_mean")).recorded is None for n in norms)


@pytest.mark.parametrize("name", WHOLE + list(DRAWN_WITH_VALUES))
def test_a_saved_document_loads_and_prints_the_same(traced, tmp_path, name):
    assert_loads_and_prints_the_same(traced[name], tmp_path / "d.gsg")


def _kinds(doc):
    return [doc.node(n).kind for n in doc.node_ids]


# ------------------------------------------------------------------------------ hooks
def test_a_hook_returning_grad_input_is_a_hook_on_a_copy_of_the_input(traced):
    doc = traced["hook_gi_scale"]
    (hook,) = [n for n in doc.node_ids if doc.node(n).kind == "register_hook"]
    assert doc.node(hook).params["hook"] == "grad * 0.5"
    copy = doc.source_of(hook, "self")
    assert doc.node(copy).kind == "clone"
    assert doc.node(doc.source_of(copy, "self")).kind == "relu"
    text = export.export_script(doc).text
    assert ".register_hook(lambda grad: grad * 0.5)" in text
    assert "BackwardHookFunction" not in text


def test_grad_input_is_the_part_through_the_module_not_the_inputs_whole_grad(traced,
                                                                             printed):
    # (h feeds outer and the sum: h.grad is both parts, grad_input only outer's)
    doc = traced["hook_gi_residual"]
    assert "clone" in _kinds(doc) and "register_hook" in _kinds(doc)
    (original, _), _ = printed["hook_gi_residual"]
    said = float(original.splitlines()[0].split(": ")[1])
    h_grad = original.split("\n", 1)[1]
    assert said > 0 and f"{said:.5f}" not in h_grad


def test_a_hook_keeping_grad_input_norms_keeps_them_each_step(traced):
    doc = traced["hook_gi_norms"]
    keeps = [n for n in doc.node_ids if doc.node(n).kind == "keep_grad"]
    assert len(keeps) == 2 and all(doc.node(n).params["keep"] == "grad.norm()"
                                   for n in keeps)
    assert all(doc.node(doc.source_of(n, "self")).kind == "clone" for n in keeps)


# ------------------------------------------------------------------------------ functions
@pytest.mark.parametrize("name", ["fn_once_diff", "fn_once_double", "fn_once_training"])
def test_once_differentiable_is_the_functions_setting_and_is_exported(traced, name):
    doc = traced[name]
    fns = [doc.node(n) for n in doc.node_ids if doc.node(n).kind == "custom_function"]
    assert fns and all(f.params["once"] is True for f in fns)
    assert "    @torch.autograd.function.once_differentiable\n    def backward" in \
        export.export_script(doc).text


def test_the_step_through_says_the_backward_is_once_differentiable(traced):
    doc = traced["fn_once_diff"]
    index = next(i for i, a in enumerate(doc.timeline) if a.kind == "backward")
    assert "It is marked @once_differentiable" in explain_text(doc, run(doc), index)


def test_a_once_differentiable_backwards_gradient_is_not_differentiable(traced):
    # (its backward ran without recording: the gradient has no grad_fn, as under torch)
    doc = traced["fn_once_double"]
    text = export.transcript(doc, run(doc))
    assert "False None\nsecond derivative: element 0 of tensors does not require grad" \
        in text


# ------------------------------------------------------------------------------ buffers
def test_load_state_dict_loads_the_buffers_and_what_is_computed_after_sees_them(traced):
    doc = traced["sd_buffer_strict_false"]
    (load_step,) = [a for a in doc.timeline if a.kind == "load_values"]
    loaded = [doc.display_name(n) for n in load_step.params["tensors"]]
    # strict=False: the keys the dict holds, in the module's order (the buffer mean,
    # named after its buffer, then fc.weight); std and fc.bias keep their values
    assert loaded == ["mean", "weight"]
    assert any(a.kind == "compute" for a in doc.timeline)


# ------------------------------------------------------------------------------ subsets
def test_a_subset_of_perm_tolist_takes_the_rows_with_the_permutations_node(traced):
    doc = traced["subset_tolist"]
    perm = next(n for n in doc.node_ids if doc.node(n).kind == "randperm")
    slices = {n for n in doc.node_ids if doc.node(n).kind == "index"
              and doc.source_of(n, "self") == perm}
    taken = [n for n in doc.node_ids if doc.node(n).kind == "index"
             and doc.source_of(n, "i") in slices]
    assert len(slices) == 2 and len(taken) == 4
