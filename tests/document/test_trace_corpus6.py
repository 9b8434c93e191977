"""Issue 32 on the sixth corpus (``corpus6_programs.py`` and ``corpus6_more.py``: 30
scripts written as students write them right after the autograd tutorial: module classes
with ``__init__`` arguments, ``train_one_epoch`` / ``evaluate`` helpers, train and eval
mode, Dropout and BatchNorm1d, seeded DataLoaders, StepLR / ExponentialLR / cosine /
plateau / LambdaLR schedules, clipping, early stopping with ``copy.deepcopy``, checkpoints
in a temporary file, hooks, custom Functions, ``ModuleList``, ``OrderedDict``
Sequentials, ``model.apply(init_fn)``, ``while`` loops stopped on a tolerance, errors
provoked and caught). Every program opens (drawn whole, or with what the graph cannot
show recorded: the tracer's self-check passed), and the export run under real torch
prints exactly what the program printed under torch. The programs of ``WHOLE`` open
drawn whole, nothing recorded.

The originals and the exports run in one request to the shared torch child
(``script_runner``); the counts per program (drawn and recorded tensors) are in the
report of the branch that added this corpus."""

import corpus6_more  # noqa: F401  (the second half registers its programs)
from corpus6_programs import NOTEBOOKS, PROGRAMS
from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)

NOTEBOOK_BYTES = None
NAMES = list(PROGRAMS)

# drawn whole: no part cut, no tensor recorded
WHOLE = ["xor_ordered_sequential_apply_init_while",
         "exponential_lr_linear_regression_min_loss", "cosine_annealing_clip_grad_norm",
         "lambda_lr_warmup_then_decay", "forward_hook_activation_stats",
         "custom_function_clamp_ste", "print_model_params_named_parameters_freeze",
         "modulelist_residual_depth_sweep", "set_to_none_and_accumulated_grads",
         "logistic_regression_bce_correct_count", "polynomial_fit_by_hand_until_tolerance",
         "blobs_enumerate_loader_running_loss", "adam_vs_sgd_compare_with_helper",
         "manual_update_versus_optim_sgd", "tiny_autoencoder_bottleneck",
         "learning_rate_sweep_fresh_models", "huber_versus_mse_with_outliers",
         "custom_function_inside_module",
         # (ReduceLROnPlateau.step(val) of a number each epoch: folded since this corpus)
         "plateau_scheduler_on_val_loss",
         # (y.unique(), out[out != 0].unique(): a unique node since this corpus)
         "two_moons_mlp_train_eval_helpers", "dropout_train_versus_eval",
         # (BatchNorm1d's running statistics: buffers a batch_norm node moves, since
         # branch bn)
         "batchnorm1d_train_eval_running_stats"]

# finite_differences_check_by_hand draws its loop of writes after a backward since this
# corpus; gradcheck's own tensor(1.0) stays a recorded value

# The engine follows the last bits of PyTorch's CPU kernels as they run on the reference
# machine (AMD EPYC: docs/engine.md). On an Intel CPU PyTorch's MKL takes kernels of its
# own for matrix products, and these programs printed a number the engine computed (an
# .item() in an f-string, a tensor of a part the graph records) a last digit apart.
# Measured on this branch's Intel Xeon: with each of the engine's float32 and float64
# products computed by torch.matmul (MKL, same operands and layout), the engine printed
# exactly torch's text for all four. Where the engine itself prints what torch prints for
# the program, its export must too.
ENGINE_DIGITS = {
    "batchnorm1d_train_eval_running_stats": "Linear(3, 6) over 32 rows (MKL's sgemm "
    "order): a prediction a last digit apart",
    "finite_differences_check_by_hand": "float64 x @ w (MKL's dgemv order): the finite "
    "differences' 'max abs error' 4.79e-11 where torch's is 1.76e-10",
    "learning_rate_sweep_fresh_models": "Linear(12, 1) over 40 rows (MKL's sgemm order): "
    "a final loss printed with all its digits a last digit apart",
    "plateau_scheduler_on_val_loss": "Linear(4, 1) over 40 rows (MKL's sgemm order): "
    "'bias' printed with all its digits a last digit apart",
}


def test_the_corpus_has_thirty_scripts():
    assert len(PROGRAMS) == 30 and not NOTEBOOKS
    assert all(20 <= len(s.splitlines()) <= 80 for s in PROGRAMS.values())
    assert set(WHOLE) <= set(PROGRAMS) and set(ENGINE_DIGITS) <= set(PROGRAMS)


def test_the_finite_differences_after_a_backward_are_drawn(traced):
    # numeric[i] = (f(w + e) - f(w - e)) / (2 * eps) for each i, after value.backward():
    # recorded before this corpus (the trace's check found the first write holding the
    # later ones' values); gradcheck runs quietly, so its own tensor(1.0) is no longer
    # recorded either
    doc = traced["finite_differences_check_by_hand"]
    assert doc.trace_note is None, doc.trace_note
    writes = [n for n in doc.node_ids if doc.node(n).kind == "setitem"]
    assert len(writes) == 6 and all(doc.node(n).recorded is None for n in writes)
    assert sum(doc.node(n).recorded is not None for n in doc.node_ids) == 0
