"""Issue 32 on the third course corpus (``tests/engine/test_parity_course3.py``): every
program opens as a graph (drawn whole, or with the parts the graph cannot show recorded),
the graph's own run prints what its exported script prints, and the export run under real
torch prints exactly what the program printed under torch (object addresses aside: a
``grad_fn``'s differs from run to run). The programs listed in ``WHOLE`` open drawn whole,
with nothing recorded.

The exported scripts run in one shared torch child (``script_runner``), the originals in
the same request."""
import re
import sys
from pathlib import Path

import pytest
from trace_jobs import outcomes, printed_programs

from gradstudio.document import Document

_ENGINE_TESTS = str(Path(__file__).resolve().parents[1] / "engine")
if _ENGINE_TESTS not in sys.path:
    sys.path.insert(0, _ENGINE_TESTS)
import test_parity_course3 as course3  # noqa: E402
from cpu_paths import same_print

SOURCES = {p.name: p.code for p in course3.PROGRAMS}
NAMES = list(SOURCES)
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

# drawn whole: no part cut, no tensor recorded
WHOLE = ["per_sample_grads_vmap", "confusion_matrix_eval_no_grad", "weight_decay_vs_manual_l2",
         "reduce_lr_on_plateau_param_groups", "autograd_functional_jacobian_hessian",
         "lstm_short_sequence", "where_and_masked_loss", "mse_learning_rate_sweep",
         "print_options_report", "custom_dataset_dataloader_generator",
         "init_apply_normal_then_train", "bce_logits_threshold_accuracy"]


@pytest.fixture(scope="module")
def traced():
    return dict(zip(NAMES, outcomes([SOURCES[n] for n in NAMES])))


@pytest.fixture(scope="module")
def printed(traced):
    """name -> (original under torch, export under torch, the graph's transcript)."""
    return printed_programs(traced, SOURCES)


@pytest.mark.parametrize("name", NAMES)
def test_every_program_opens(traced, name):
    got = traced[name]
    assert isinstance(got, Document), f"{name} is refused: {got}"
    assert got.node_ids, f"{name} drew nothing: {got.trace_note}"


@pytest.mark.parametrize("name", WHOLE)
def test_these_programs_open_drawn_whole(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)


@pytest.mark.parametrize("name", NAMES)
def test_the_export_prints_under_torch_what_the_program_printed(traced, printed, name):
    assert isinstance(traced[name], Document), traced[name]
    (original, original_error), (out, error), _ = printed[name]
    assert original_error is None, original_error
    assert error is None, error
    assert same_print(ADDRESS.sub("0x?", out), ADDRESS.sub("0x?", original))


@pytest.mark.parametrize("name", NAMES)
def test_the_graphs_own_run_prints_what_its_export_prints(traced, printed, name):
    assert isinstance(traced[name], Document), traced[name]
    _, (out, error), transcript = printed[name]
    assert error is None, error
    assert same_print(ADDRESS.sub("0x?", transcript), ADDRESS.sub("0x?", out))
