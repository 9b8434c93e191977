"""``torch.nn.functional`` functions that PyTorch composes of other ops (in Python, or in
ATen's composite kernels), composed here of the same ops in the same order so that their
values and ``grad_fn`` chains are PyTorch's: ``softsign``, ``tanhshrink``,
``margin_ranking_loss``, ``hinge_embedding_loss``, ``poisson_nll_loss`` and
``gaussian_nll_loss`` (``softmin``
is in ``functional``, beside ``softmax``)."""
import math

from .._autograd.grad_mode import no_grad
from .._torch_functions.factory import ones_like, zeros_like
from .._torch_functions.general import where
from ._elementwise_losses import _legacy_reduction, _reduction_enum

__all__ = ["softsign", "tanhshrink", "margin_ranking_loss", "hinge_embedding_loss",
           "poisson_nll_loss", "gaussian_nll_loss"]


def softsign(input):
    """``input / (input.abs() + 1)``."""
    return input / (input.abs() + 1)


def tanhshrink(input):
    """``input - input.tanh()``."""
    return input - input.tanh()


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                        reduction="mean"):
    """``(-target * (input1 - input2) + margin).clamp_min(0)``, reduced (ATen's
    composite)."""
    code = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError("margin_ranking_loss : All input tensors should have same "
                           f"dimension but got sizes: input1: {input1.size()}, input2: "
                           f"{input2.size()}, target: {target.size()} ")
    output = (-target * (input1 - input2) + margin).clamp_min(0)
    return output if code == 0 else output.mean() if code == 1 else output.sum()


def _reduced(output, code):
    """ATen's ``apply_loss_reduction``."""
    return output if code == 0 else output.mean() if code == 1 else output.sum()


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    """``margin - input`` clamped at 0 where the target is not 1, plus ``input`` where it
    is not -1, reduced (ATen's composite)."""
    code = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    zeros = zeros_like(input)
    margin_clamp = (margin - input).clamp_min_(0)
    output_margin = where(target != 1, margin_clamp, zeros)
    output_self = where(target != -1, input, zeros)
    return _reduced(output_margin + output_self, code)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    """``exp(input) - target * input`` (or ``input - target * log(input + eps)``), plus
    Stirling's term where the target is above 1 when ``full``, reduced (ATen's
    composite)."""
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not a valid value for reduction")
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        stirling = target * target.log() - target + 0.5 * (2 * math.pi * target).log()
        loss += stirling.masked_fill(target <= 1, 0)
    return _reduced(loss, _reduction_enum(reduction))


def _checked_var(input, var):
    """``var`` as a tensor broadcastable to ``input`` (PyTorch's checks and words)."""
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * ones_like(input)
    elif (var < 0).any():
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = var.unsqueeze(-1)
        elif input.ndim == var.ndim and \
                sum(y for x, y in zip(input.size(), var.size()) if x != y) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    return var


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """``0.5 * (log(var) + (input - target) ** 2 / var)`` (plus ``0.5 * log(2 pi)`` when
    ``full``), var clamped at ``eps`` outside the graph, reduced (PyTorch's Python)."""
    var = _checked_var(input, var)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss
