"""``F.kl_div`` as PyTorch's ``torch/nn/functional.py`` and ATen compose it:
``xlogy(target, target) - target * input`` (or ``exp(target) * (target - input)`` with
``log_target``), reduced, with ``batchmean`` dividing the sum by the batch size."""
from .._messages.warn import warn

__all__ = ["kl_div"]


def kl_div(input, target, size_average, reduce, reduction, log_target, legacy, enum):
    if size_average is not None or reduce is not None:
        reduction = legacy(size_average, reduce, reduction)
    elif reduction == "mean":
        warn("reduction: 'mean' divides the total loss by both the batch size and the "
             "support size.'batchmean' divides only by the batch size, and aligns with the KL "
             "div math definition.'mean' will be changed to behave the same as 'batchmean' in "
             "the next major release.")
    code = enum("sum" if reduction == "batchmean" else reduction)
    if log_target:
        output = target.exp() * (target - input)
    else:
        output = target.xlogy(target) - target * input
    reduced = output if code == 0 else output.mean() if code == 1 else output.sum()
    if reduction == "batchmean" and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced
