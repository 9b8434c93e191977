"""Issue 32 on the eighth corpus: 30 scripts (``corpus8_programs.py``, ``corpus8_more.py``)
and 10 notebooks (``corpus_nb8.py``) of the kind students write right after the autograd
tutorial, each mixing several constructs: ``nn.Module`` classes, ``OrderedDict``
``Sequential``s, ``random_split`` + ``DataLoader`` (seeded shuffles, ``drop_last``), every
learning-rate scheduler with ``get_last_lr()``, clipping, weight decay, checkpoints
through ``io.BytesIO``, hooks on modules and tensors, custom ``autograd.Function``s,
``eval()`` + ``no_grad`` accuracy, freezing, masks, ``detach``/``clone``, gradient
accumulation, ``retain_grad``, ``autograd.grad`` with ``create_graph``; the notebooks with
Markdown between code cells, displayed expressions, names reassigned across cells and a
training continued in a later cell. Every program opens (drawn whole, or with what the
graph cannot show recorded: the tracer's self-check passed), and the export run under
real torch prints exactly what the program printed (the notebooks: what their cells
printed and displayed) under torch. The programs of ``WHOLE`` open drawn whole.

The originals and the exports run in one request to the shared torch child; the counts
per program (drawn and recorded tensors) are in the report of the branch that added this
corpus."""

import corpus8_more  # noqa: F401  (the second half registers its programs)
import pytest
from corpus8_programs import PROGRAMS
from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)
from corpus_nb8 import NOTEBOOKS, notebook_bytes

from gradstudio.document import Document

NOTEBOOK_BYTES = notebook_bytes
NAMES = list(PROGRAMS) + list(NOTEBOOKS)

# drawn whole: no part cut, no tensor recorded (the rest, and why, below)
WHOLE = [n for n in NAMES if n not in (
    "lambda_lr_inverse_sqrt_warmup",     # lr_lambda a def of two statements
    "checkpoint_bytesio_model_and_optimizer",   # opt2.load_state_dict (momentum)
    "freeze_then_unfreeze_requires_grad_counts",  # training after an unfreeze
    "detach_clone_shared_storage",       # c[0] = 100.0 writes into b through c
    "where_piecewise_function_and_grad",  # masked_fill(..., float("nan"))
    "early_stopping_cloned_state_dict",  # load_state_dict of cloned tensors: recorded
    "input_gradient_penalty_create_graph",  # a leaf made in the loop: its .grad
    "saliency_input_requires_grad",      # scores[0, cls] with cls from .item()
    "nb8_autograd_grad_create_graph",    # x -= df / d2f: a Newton step in place
    "nb8_freeze_then_fine_tune",         # training after an unfreeze
    "nb8_random_split_loader_accuracy",  # a training loop in a function, called
    "nb8_state_dict_bytesio_reload")]    # load_state_dict of a loaded state: recorded

# The engine follows the last bits of PyTorch's CPU kernels as they run on the reference
# machine (docs/engine.md); none of this corpus printed otherwise on this branch's machine.
ENGINE_DIGITS = {}


def test_the_corpus_has_thirty_scripts_and_ten_notebooks():
    assert len(PROGRAMS) == 30 and len(NOTEBOOKS) == 10
    assert all(20 <= len(s.splitlines()) <= 70 for s in PROGRAMS.values())
    for cells in NOTEBOOKS.values():
        assert any(c.startswith("#md") for c in cells)
    assert set(WHOLE) <= set(NAMES) and set(ENGINE_DIGITS) <= set(NAMES)


def test_a_layer_unfrozen_after_a_training_keeps_that_training_drawn(traced):
    """``requires_grad_(True)`` after a timeline step undoes a freeze at that moment: the
    training with the layer frozen, and the optimizer made after the unfreeze, are drawn
    (they were recorded as text from the freeze on); only the training after the
    unfreeze is not drawn yet (its forward is computed from the unfrozen tensor)."""
    note = traced["freeze_then_unfreeze_requires_grad_counts"].trace_note
    assert note.startswith("Not drawn: lines 33–37 from line 35 on ("), note
    assert "line 21" not in note and "line 23" not in note, note
    note = traced["nb8_freeze_then_fine_tune"].trace_note
    assert note.startswith("Not drawn: lines 18–22 from cell 6, line 5 on ("), note
    assert "line 17" not in note and "optimizer" not in note, note


TARGET_NETWORK = '''
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Linear(2, 1)
target = nn.Linear(2, 1)
sd = net.state_dict()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
x = torch.randn(8, 2)
y = x.sum(1, keepdim=True)
for step in range(6):
    opt.zero_grad()
    loss = ((net(x) - target(x).detach() - y) ** 2).mean()
    loss.backward()
    opt.step()
    if step % 2 == 1:
        target.load_state_dict(net.state_dict())
    print(f"{step}: {loss.item():.5f}")
target.load_state_dict(sd)
print(target.weight, net.weight)
'''


def test_a_state_dict_loaded_into_another_module_reads_the_parameters_themselves(traced):
    """``other.load_state_dict(model.state_dict())`` loads the parameters' values as they
    are at that step (a ``state_dict()`` holds their memory): the step's sources are the
    parameters' nodes, not values recorded when it ran; a target network synced every
    other step, and a ``state_dict`` taken before the training and loaded after it (it
    then holds the trained values, as in PyTorch), are drawn whole and print as torch."""
    import script_runner
    from trace_jobs import outcomes

    from gradstudio.document import export
    doc = traced["shared_layer_applied_twice_grad_accumulates"]
    loads = [a.params["sources"] for a in doc.timeline if a.kind == "load_values"]
    assert len(loads) == 2 and loads[0] == loads[1], loads
    assert [doc.node(n).kind for n in loads[0]] == ["uniform", "uniform"]
    (doc,) = outcomes([TARGET_NETWORK])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    (original, error), (out, export_error) = script_runner.run_scripts(
        [TARGET_NETWORK, export.export_script(doc).text])
    assert error is None and export_error is None and original
    assert out == original
