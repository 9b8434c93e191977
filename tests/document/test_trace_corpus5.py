"""Issue 32 on the fifth corpus (``corpus5_programs.py``: 24 scripts and 6 notebooks that
mix what students write after the autograd tutorial: custom modules and datasets, seeded
DataLoaders, OneCycle / warm-restart / sequential / plateau schedules, clipping,
checkpoints, param groups, hooks, custom Functions, torch.func, recurrent and
convolutional layers, double backward, in-place errors). Every program opens (drawn whole,
or with what the graph cannot show recorded: the tracer's self-check passed), no notebook
cell fails under the engine, and the export run under real torch prints exactly what the
program printed (a notebook: what its cells printed and displayed) under torch. The
programs of ``WHOLE`` open drawn whole, nothing recorded.

The originals and the exports run in one request to the shared torch child
(``script_runner``); the counts per program (drawn and recorded tensors) are in the
report of the branch that added this corpus."""

from corpus5_programs import NOTEBOOKS, PROGRAMS, notebook_bytes
from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)

NOTEBOOK_BYTES = notebook_bytes
NAMES = list(PROGRAMS) + list(NOTEBOOKS)

# drawn whole: no part cut, no tensor recorded
WHOLE = ["gelu_net_onecycle_lr_trace", "custom_dataset_class_uneven_batches",
         "warm_restarts_cosine_schedule", "plateau_on_accuracy_mode_max",
         "clip_norm_returned_and_clip_value", "accumulate_micro_batches_vs_full",
         "func_grad_vmap_jacrev_regression", "functional_jacobian_hessian_quadratic",
         "gru_sequence_sum_regression", "lstm_cell_unrolled_by_hand",
         "confusion_matrix_precision_recall", "nb_onecycle_mlp_reassigned",
         "nb_func_vmap_jacrev", "nb_embedding_gru_shapes", "four_optimizers_same_bowl",
         "double_backward_retain_graph_twice", "param_groups_backbone_head",
         "embedding_layernorm_bag_classifier"]


# The engine follows the last bits of PyTorch's CPU kernels as they run on the reference
# machine (AMD EPYC: docs/engine.md). Measured on an Intel CPU, PyTorch's MKL took other
# paths there: float32 products of nn.Linear added in another order, sqrt (Adam's
# denominator) rounded otherwise, and these programs printed a last digit apart. Where
# the engine itself prints what torch prints for the program, its export must too.
ENGINE_DIGITS = {
    "clip_norm_returned_and_clip_value": "the gradients of Linear(3, 5) over 10 rows "
    "(MKL's sgemm order): 'largest grad now' a last digit apart",
    "param_groups_backbone_head": "Linear(4, 8) over 24 rows (MKL's sgemm order): "
    "'backbone moved by' a last digit apart",
    "four_optimizers_same_bowl": "Adam's float32 sqrt (MKL's vsSqrt): AdamW's p a last "
    "digit apart",
}


def test_the_corpus_has_thirty_programs_six_of_them_notebooks():
    assert len(PROGRAMS) == 24 and len(NOTEBOOKS) == 6
    assert all(20 <= len(s.splitlines()) <= 80 for s in PROGRAMS.values())
    assert all(any(c.startswith("#md") for c in cells) for cells in NOTEBOOKS.values())
