"""Issue 32 on the seventh corpus (``corpus7_programs.py`` and ``corpus7_more.py``: 30
scripts written as students write them right after the autograd tutorial: linear
regression by hand then with ``torch.optim``, blobs classified with ``CrossEntropyLoss``,
an autoencoder, gradient accumulation, frozen layers, a ``LambdaLR`` warmup, weight
tying, Huber and focal losses by hand, masks, ``gather``/``scatter``/``index_select``,
``F.one_hot``, a bag of words, a character bigram sampled with ``torch.multinomial``,
``BCEWithLogitsLoss(pos_weight=)``, polynomial features, a softmax temperature, k-fold
splits, parameter counts, ``nn.init``, early stopping with patience, a ``state_dict`` in
``io.BytesIO``, gradient norms per layer, momentum by hand, finite differences, Newton's
method through ``create_graph``, print options, dtype promotion, errors caught and
``label_smoothing``). Every program opens (drawn whole, or with what the graph cannot show
recorded: the tracer's self-check passed), and the export run under real torch prints
exactly what the program printed under torch. The programs of ``WHOLE`` open drawn whole,
nothing recorded.

The originals and the exports run in one request to the shared torch child
(``script_runner``); the counts per program (drawn and recorded tensors) are in the
report of the branch that added this corpus."""

import corpus7_more  # noqa: F401  (the second half registers its programs)
from corpus7_programs import NOTEBOOKS, PROGRAMS
from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)

NOTEBOOK_BYTES = None
NAMES = list(PROGRAMS)

# drawn whole: no part cut, no tensor recorded
WHOLE = ["blobs_three_classes_accuracy_per_epoch", "embedding_bag_of_words_sentiment",
         "focal_loss_binary_by_hand", "freeze_backbone_filter_requires_grad",
         "grad_norms_per_layer_each_epoch", "gradient_accumulation_micro_batches",
         "huber_loss_by_hand_vs_builtin", "lambda_lr_linear_warmup_steps",
         "linreg_module_by_hand_then_optim", "masks_where_and_masked_fill",
         "named_parameters_shapes_and_counts", "set_printoptions_precision_tensors",
         "softmax_temperature_entropy", "tiny_autoencoder_per_sample_error",
         "weight_tying_embedding_output",
         # (gather(...).squeeze(1): SqueezeBackward1 in the export since this corpus)
         "gather_scatter_index_select",
         # (the tracer failed on its item prints after two autograd.grad calls)
         "one_hot_targets_mse_vs_cross_entropy",
         # (BCEWithLogitsLoss(pos_weight=): the loss node's port since this corpus)
         "bce_pos_weight_imbalanced",
         # (cross_entropy with weight= and label_smoothing=: drawn since this corpus)
         "log_softmax_nll_vs_cross_entropy_smoothing",
         # (out.mul_(2) after a backward: in place, so the graph's backward fails too)
         "runtime_errors_caught_messages",
         # (velocity = mu * velocity + w.grad; w -= lr * velocity: a momentum_update since
         # the corpus of momentum by hand, test_trace_corpus8)
         "momentum_sgd_by_hand_vs_optim"]

# the character bigram's training step W.data += -10 * W.grad is drawn since this corpus
# (its sampling, an index read with .item(), is recorded); nn.init of a parameter an op
# already used, torch.empty filled on the next line and torch.eye(3, 5) are drawn since
# this corpus (a view of the bias printed before the bias is zeroed stays recorded)

# The engine follows the last bits of PyTorch's CPU kernels as they run on the reference
# machine (docs/engine.md); on another CPU a program printing a number the engine computed
# may differ in a last digit there. None of this corpus did on this branch's machine.
ENGINE_DIGITS = {}


def test_the_corpus_has_thirty_scripts():
    assert len(PROGRAMS) == 30 and not NOTEBOOKS
    assert all(20 <= len(s.splitlines()) <= 80 for s in PROGRAMS.values())
    assert set(WHOLE) <= set(PROGRAMS) and set(ENGINE_DIGITS) <= set(PROGRAMS)


def test_the_bigram_training_step_and_the_inits_are_drawn(traced):
    doc = traced["char_bigram_multinomial_sampling"]
    assert "lines 16–26" not in (doc.trace_note or ""), doc.trace_note
    assert [a.params["style"] for a in doc.timeline if a.kind == "update"] == ["data"]
    doc = traced["nn_init_calls_and_statistics"]
    assert doc.trace_note.startswith("Not drawn: line 18 ("), doc.trace_note
    kinds = [doc.node(n).kind for n in doc.node_ids]
    assert "eye" in kinds and kinds.count("uniform") >= 3
