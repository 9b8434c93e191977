"""``torch.nn.functional`` functions that PyTorch composes of other ops (in Python, or in
ATen's composite kernels), composed here of the same ops in the same order so that their
values and ``grad_fn`` chains are PyTorch's: ``softsign``, ``tanhshrink`` and
``margin_ranking_loss`` (``softmin`` is in ``functional``, beside ``softmax``)."""
from ._elementwise_losses import _legacy_reduction, _reduction_enum

__all__ = ["softsign", "tanhshrink", "margin_ranking_loss"]


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
