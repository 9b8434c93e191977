"""The two ways of ``cross_entropy`` beyond ``nll_loss(log_softmax(input))``: class
probabilities as the target, and label smoothing (each with or without a weight per
class), composed as PyTorch's
``aten/src/ATen/native/LossNLL.cpp`` composes them (so the same grad_fn nodes appear).
``nn.functional`` passes in its ``log_softmax`` and ``nll_loss``."""
from .._tensor_class.operands import _renamed

__all__ = ["with_probabilities", "smoothed"]


def _class_dim(input):
    return 0 if input.dim() == 1 else 1


def _check_smoothing(label_smoothing):
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: "
                           f"{label_smoothing:g}")


def _broadcast_weight(weight, input, class_dim):
    """The weight viewed with one dimension per input dimension (its classes along
    class_dim), as PyTorch views it."""
    if input.dim() <= 1:
        return weight
    shape = [1] * input.dim()
    shape[class_dim] = weight.shape[0]
    return weight.view(*shape)


def with_probabilities(input, target, weight, ignore_index, reduction, label_smoothing,
                       log_softmax):
    """``-(log_softmax(input) * target)`` summed over the classes, then reduced: PyTorch's
    ``cross_entropy_loss_prob_target``."""
    if ignore_index >= 0:
        raise RuntimeError("ignore_index is not supported for floating point target")
    class_dim = _class_dim(input)
    n_classes = input.shape[class_dim]
    scores = log_softmax(input, class_dim)
    if label_smoothing > 0.0:
        _check_smoothing(label_smoothing)
        target = target * (1 - label_smoothing) + (label_smoothing / n_classes)
    if weight is not None:
        weighted = scores * target * _broadcast_weight(weight, input, class_dim)
        if reduction == "mean":
            if input.numel() == 0:
                return (-weighted.sum()).fill_(float("nan"))
            return _renamed(-weighted.sum() / (input.numel() // n_classes), "DivBackward1")
        return -weighted.sum() if reduction == "sum" else -weighted.sum(class_dim)
    if reduction == "mean":
        if input.numel() == 0:
            return _renamed(-(scores * target).sum() / 0, "DivBackward1")
        return _renamed(-(scores * target).sum() / (input.numel() // n_classes),
                        "DivBackward1")
    if reduction == "sum":
        return -(scores * target).sum()
    return -(scores * target).sum(class_dim)


def smoothed(input, target, weight, ignore_index, reduction, label_smoothing, nll_loss,
             log_softmax):
    """``(1 - s) * nll_loss + s / C * (the loss against the uniform distribution)``:
    PyTorch's ``cross_entropy_loss_label_smoothing``."""
    _check_smoothing(label_smoothing)
    class_dim = _class_dim(input)
    scores = log_softmax(input, class_dim)
    loss = nll_loss(scores, target, weight, ignore_index=ignore_index, reduction=reduction)
    n_classes = input.shape[class_dim]
    if weight is not None:
        smooth = -(scores * _broadcast_weight(weight, input, class_dim)).sum(class_dim)
    else:
        smooth = -scores.sum(class_dim)
    ignored = target == ignore_index
    smooth.masked_fill_(ignored, 0.0)
    if reduction == "mean" and weight is not None:
        kept = target.masked_select(~ignored).flatten()
        rest = smooth.sum() / weight.gather(0, kept).sum()
    elif reduction == "mean":
        rest = smooth.sum() / (~ignored).sum()
    elif reduction == "sum":
        rest = smooth.sum()
    else:
        rest = smooth
    return (1 - label_smoothing) * loss + rest * (label_smoothing / n_classes)
