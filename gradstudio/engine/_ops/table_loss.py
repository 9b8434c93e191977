"""Losses for the op table: ``nll_loss`` (NllLossBackward0), which ``cross_entropy`` applies
to ``log_softmax``'s output (the package imports this module after ``_ops.table``).

Its params are what PyTorch's node saves: the class-index ``target`` (a tensor),
``weight`` (a tensor or None), ``reduction`` (0 none, 1 mean, 2 sum), ``ignore_index``
(as PyTorch shows it: an unsigned 64-bit number, so -100 is 2**64 - 100) and
``total_weight`` (a 0-d tensor: the weight of the targets that count).
"""
import numpy as np

from .._cpu_kernels.nll_kernel import nll_cascade_sum, nll_cascade_sum_ignoring
from .record import INTEGRAL, Grad, Param, defop, no_kernel

NONE, MEAN, SUM = 0, 1, 2


def signed(ignore_index):
    return ignore_index - 2 ** 64 if ignore_index >= 2 ** 63 else ignore_index


def picks(shape, target, ignore_index):
    """Where each target picks its class in an input of ``shape`` ((C,), (N, C) or (N, C,
    d1, ...)): the numpy key, and which targets count (not ``ignore_index``)."""
    t = target._data
    counts = t != signed(ignore_index)
    safe = np.where(counts, t, 0)
    if len(shape) == 1:
        return (safe,), counts
    key = list(np.indices(t.shape, sparse=True))
    key.insert(1, safe)
    return tuple(key), counts


def class_weights(target, weight, counts, dtype):
    """Each target's weight (0 where it is ignored)."""
    if weight is None:
        return counts.astype(dtype)
    return np.where(counts, weight._data[np.where(counts, target._data, 0)], 0).astype(dtype)


def _nll_fwd(a, target=None, weight=None, reduction=MEAN, ignore_index=-100, total_weight=None):
    key, counts = picks(a.shape, target, ignore_index)
    w = class_weights(target, weight, counts, a.dtype)
    losses = np.where(counts, -a[key] * w, 0).astype(a.dtype)
    if reduction == NONE:
        return losses
    # (PyTorch's nll_loss_out_frame, and nll_loss2d_forward_out_frame for (N, C, H, W)
    # over the targets in their order: the same cascade)
    flat = losses.reshape(-1)
    total = nll_cascade_sum(flat) if counts.all() else \
        nll_cascade_sum_ignoring(flat, counts.reshape(-1))
    return total / total_weight._data if reduction == MEAN else total


def _nll_grad(F, g, out, a, target=None, weight=None, reduction=MEAN, ignore_index=-100,
              total_weight=None):
    # PyTorch's nll_loss_backward: at each counted target's class, -weight * grad (divided
    # by the total weight for a mean); zeros elsewhere
    key, counts = picks(a.shape, target, ignore_index)
    w = F.array(class_weights(target, weight, counts, g.dtype.np if F.is_tensor else g.dtype))
    if reduction == NONE:
        vals = -w * g
    elif reduction == MEAN:
        vals = w * -(g / F.array(total_weight._data))
    else:
        vals = w * -g
    return F.embed(F.where(F.array(counts), vals, 0.0), a.shape, key)


_NLL_LOSS_RULE = ("-grad * one_hot(target) * (target != ignore_index) "
                  "* (1 if weight is None else weight) "
                  "/ (total_weight if reduction == 1 else 1)")   # (reduction 1: mean)
defop("nll_loss", "NllLossBackward0", _nll_fwd, Grad(_nll_grad, (0,), formula=_NLL_LOSS_RULE),
      params=(Param("target", "tensor", None, "class indices"),
              Param("weight", "tensor", None, "a weight per class"),
              Param("reduction", "int", MEAN, "0: none, 1: mean, 2: sum"),
              Param("ignore_index", "int", 2 ** 64 - 100, "a target class that is skipped"),
              Param("total_weight", "tensor", None)),
      dtype="keep", category="loss", code="torch.nn.functional.nll_loss({self}, {target})",
      refuses=no_kernel("nll_loss_out_frame", INTEGRAL),
      doc="Negative log likelihood of the target classes, from log-probabilities.")
