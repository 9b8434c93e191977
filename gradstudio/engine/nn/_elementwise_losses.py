"""The losses of ``torch.nn.functional`` that compare an input with a target of its
shape (``mse_loss``, ``l1_loss``, ``smooth_l1_loss``, ``huber_loss``, the binary cross
entropies), with PyTorch's reductions, legacy ``size_average``/``reduce`` arguments,
warnings and messages; ``functional`` holds them under their public names."""
import warnings

import numpy as np

from .._types import dtype as D
from .._ops.record import OPS
from .._ops.dispatch import apply
from .._tensor_class.core import TensorCore
from ..observer import observed
from .._tensor_class.operands import _broadcast_shapes
from .._messages.warn import warn

__all__ = ["mse_loss", "l1_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits",
           "smooth_l1_loss", "huber_loss"]
_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


def _reduction_enum(reduction):
    """PyTorch's ``_Reduction.get_enum``: 0 none, 1 mean, 2 sum."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS[reduction]


def _broadcast_pair(input, target):
    """``torch.broadcast_tensors(input, target)``: each expanded only where its shape
    differs (an ExpandBackward0 then), as PyTorch's expand_outplace does."""
    shape = _broadcast_shapes(input._data.shape, target._data.shape)
    return tuple(t if t._data.shape == shape else t.expand(shape) for t in (input, target))


def _target_size_warning(input, target):
    if target.size() != input.size():
        warn(f"Using a target size ({target.size()}) that is different to the input size "
             f"({input.size()}). This will likely lead to incorrect results due to "
             "broadcasting. Please ensure they have the same size.")


@observed("torch.nn.functional.mse_loss")
def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """The mean (or sum, or each) of the squared differences, as one MseLossBackward0."""
    _target_size_warning(input, target)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    a, b = _broadcast_pair(input, target)
    if weight is not None:
        return _weighted(input, (a - b).pow(2), weight, reduction)
    return apply(OPS["mse_loss"], (a, b), {"reduction": _reduction_enum(reduction)})


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """The mean (or sum, or each) of the absolute differences: ``(input - target).abs()``
    reduced, as PyTorch composes it."""
    _target_size_warning(input, target)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    a, b = _broadcast_pair(input, target)
    if weight is not None:
        return _weighted(input, (a - b).abs(), weight, reduction)
    code = _reduction_enum(reduction)
    d = (a - b).abs()
    return d if code == 0 else d.mean() if code == 1 else d.sum()


def _legacy_reduction(size_average, reduce, reduction):
    """``reduction``, or what the deprecated ``size_average`` and ``reduce`` ask for (with
    PyTorch's warning), as ``_Reduction.legacy_get_string``."""
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    reduction = "mean" if size_average and reduce else "sum" if reduce else "none"
    warnings.warn("size_average and reduce args will be deprecated, please use "
                  f"reduction='{reduction}' instead.")
    return reduction


def _weighted(input, losses, weight, reduction, mean_of_weighted=False):
    """PyTorch's weighted mse_loss / l1_loss / huber_loss: each loss times its weight,
    summed, and for the mean divided by the weights' sum (huber: the plain mean)."""
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    weighted = losses * weight
    if reduction == "none":
        return weighted
    if reduction == "sum":
        return weighted.sum()
    if reduction == "mean":
        return weighted.mean() if mean_of_weighted else weighted.sum() / weight.sum()
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', "
                     "'sum'.")


@observed("torch.nn.functional.binary_cross_entropy")
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _reduction_enum(reduction)
    if target.size() != input.size():
        raise ValueError(f"Using a target size ({target.size()}) that is different to the "
                         f"input size ({input.size()}) is deprecated. Please ensure they have "
                         "the same size.")
    # (a dtype PyTorch has no kernel for is refused before the range is checked, and the
    # target's dtype must be the input's)
    OPS["binary_cross_entropy"].refuses(D.result_type(input, target).name)
    if target._dtype is not input._dtype:
        raise RuntimeError(f"Found dtype {D.scalar_type(target._dtype)} but expected "
                           f"{D.scalar_type(input._dtype)}")
    a = input._data
    if not ((a >= 0) & (a <= 1)).all():
        raise RuntimeError("all elements of input should be between 0 and 1")
    if weight is not None:
        weight = weight.expand(_broadcast_shapes(target._data.shape, weight._data.shape))
        return apply(OPS["_bce_weighted"], (input, target, weight), {"reduction": reduction})
    return apply(OPS["binary_cross_entropy"], (input, target), {"reduction": reduction})


@observed("torch.nn.functional.binary_cross_entropy_with_logits")
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None,
                                     reduce=None, reduction="mean", pos_weight=None):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _reduction_enum(reduction)
    if target.size() != input.size():
        raise ValueError(f"Target size ({target.size()}) must be the same as input size "
                         f"({input.size()})")
    _logits_target_check(input, target)
    if weight is None and pos_weight is None:
        return apply(OPS["binary_cross_entropy_with_logits"], (input, target),
                     {"reduction": reduction})
    one = TensorCore._make(np.ones((), input._data.dtype), input._dtype)
    return apply(OPS["_bce_logits_weighted"],
                 (input, target, one if weight is None else weight,
                  one if pos_weight is None else pos_weight),
                 {"reduction": reduction, "weighted": weight is not None,
                  "positive": pos_weight is not None})


@observed("torch.nn.functional.smooth_l1_loss")
def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean",
                   beta=1.0):
    _target_size_warning(input, target)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _reduction_enum(reduction)
    a, b = _broadcast_pair(input, target)
    if beta == 0.0:
        return l1_loss(a, b, reduction=reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    return apply(OPS["smooth_l1_loss"], (a, b), {"reduction": reduction, "beta": beta})


@observed("torch.nn.functional.huber_loss")
def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _target_size_warning(input, target)
    a, b = _broadcast_pair(input, target)
    if weight is not None:
        losses = apply(OPS["huber_loss"], (a, b), {"reduction": "none", "delta": delta})
        return _weighted(input, losses, weight, reduction, mean_of_weighted=True)
    _reduction_enum(reduction)
    # (PyTorch's huber writes into a loss of the input's dtype: a float64 target beside a
    # float32 input gives a float32 loss, where mse_loss and smooth_l1_loss promote)
    return apply(OPS["huber_loss"], (a, b), {"reduction": reduction, "delta": delta},
                 out_dtype=input._dtype if input._dtype.is_floating_point and
                 D.result_type(a, b) is not input._dtype else None)


def _logits_target_check(input, target):
    """PyTorch computes ``(1 - target).mul_(input)``: an integer target cannot take the
    float product in place, and a bool one cannot be subtracted from (an input without a
    kernel is refused first)."""
    OPS["binary_cross_entropy_with_logits"].refuses(input._dtype.name)
    if target._dtype is D.bool_:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    if not target._dtype.is_floating_point and input._dtype.is_floating_point:
        raise RuntimeError(f"result type {D.scalar_type(D.result_type(input, target))} can't "
                           f"be cast to the desired output type "
                           f"{D.scalar_type(target._dtype)}")
