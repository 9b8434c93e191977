"""``torch.nn.functional``: the activation and loss functions tutorials use."""
import numpy as np

from .. import _dtype as D
from .._oprecord import OPS
from .._dispatch import apply
from .._core import TensorCore, _list
from ..observer import observed
from .._tensor_arith import _renamed
from .._functions import log_softmax, relu, sigmoid, softmax, tanh

__all__ = ["relu", "sigmoid", "tanh", "softmax", "log_softmax", "mse_loss", "nll_loss",
           "cross_entropy"]
_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


def mse_loss(input, target, reduction="mean"):
    d = (input - target) ** 2
    if reduction == "mean":
        return d.mean()
    if reduction == "sum":
        return d.sum()
    return d


@observed("torch.nn.functional.nll_loss")
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    """The negative log likelihood of class-index targets, from log-probabilities
    ``input`` of shape (C,), (N, C) or (N, C, d1, ...)."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    shape, tshape = input._data.shape, target._data.shape
    if input._data.ndim >= 2 and tshape[:1] != shape[:1]:
        raise ValueError(f"Expected input batch_size ({shape[0]}) to match target batch_size "
                         f"({tshape[0] if tshape else 0}).")
    if input._data.ndim > 2 and tshape != shape[:1] + shape[2:]:
        raise RuntimeError(f"Expected target size {_list(shape[:1] + shape[2:])}, got "
                           f"{_list(tshape)}")
    if target._dtype not in (D.int64, D.uint8):
        raise RuntimeError("expected target dtype to be Long or Byte, but got "
                           f"{D.scalar_type(target._dtype)}")
    classes = shape[1] if input._data.ndim >= 2 else shape[0]
    if weight is not None:
        if weight._data.shape != (classes,):
            raise RuntimeError(f"weight tensor should be defined either for all {classes} "
                               "classes or no classes but got weight tensor of shape: "
                               f"{_list(weight._data.shape)}")
        if weight._dtype is not input._dtype:
            raise RuntimeError(f"expected scalar type {D.scalar_type(input._dtype)} but found "
                               f"{D.scalar_type(weight._dtype)}")
    t = target._data.reshape(()) if input._data.ndim == 1 and target._data.size == 1 \
        else target._data
    counted = t[t != ignore_index]
    bad = counted[(counted < 0) | (counted >= classes)]
    if bad.size:
        raise IndexError(f"Target {bad.flat[0]} is out of bounds.")
    code = _REDUCTIONS[reduction]
    if code == 0:
        total = 0.0
    else:
        total = counted.size if weight is None else weight._data[counted].sum()
    # PyTorch's nll_loss_nd: images (N, C, H, W) take nll_loss2d, other shapes with
    # extra dimensions are viewed as (N, C, 1, -1) for it (and a 'none' result viewed back)
    ndim, n = input._data.ndim, shape[0] if shape else 0
    if ndim == 3 or ndim > 4:
        input = input.contiguous().view(n, classes, 1, -1)
        t = t.reshape(n, 1, -1)
    out = apply(OPS["nll_loss"], (input,), {
        "target": TensorCore._make(t.astype(np.int64)), "weight": weight, "reduction": code,
        "ignore_index": ignore_index % 2 ** 64,
        "total_weight": TensorCore._make(np.asarray(total, input._dtype.np), input._dtype)})
    if ndim > 2:
        out = _renamed(out, "NllLoss2DBackward0")
        if code == 0 and ndim != 4:
            out = out.view(shape[:1] + shape[2:])
    return out


@observed("torch.nn.functional.cross_entropy")
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    """``nll_loss(log_softmax(input, 1), target)``: the loss of class-index targets given
    unnormalised scores (logits)."""
    if target._dtype.is_floating_point or (input._data.ndim == 0):
        if input._data.ndim == 0 or target._data.shape == input._data.shape:
            if not target._dtype.is_floating_point:
                raise RuntimeError("Expected floating point type for target with class "
                                   f"probabilities, got {D.scalar_type(target._dtype)}")
            raise RuntimeError("cross_entropy with class probabilities as the target is not "
                               "supported by GradStudio's engine; give class indices (a long "
                               "tensor) instead.")
    if label_smoothing != 0.0:
        raise RuntimeError("cross_entropy's label_smoothing is not supported by GradStudio's "
                           "engine; leave it at 0.")
    scores = log_softmax(input, 1 if input._data.ndim >= 2 else 0)
    return nll_loss(scores, target, weight, ignore_index=ignore_index, reduction=reduction)
