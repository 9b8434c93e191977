"""``F.ctc_loss`` as ATen's ``ctc_loss``: its checks and messages, the per-sequence loss
(``_ctc_loss``, ``CtcLossBackward0``: ``_ops.table_ctc``), ``zero_infinity`` (a
``where``), and the reductions (``mean`` divides each loss by its target length, at least
1, before the mean)."""
from .._ops.dispatch import apply
from .._ops.record import OPS
from .._tensor_class.core import TensorCore
from .._torch_functions.factory import tensor, zeros
from .._torch_functions.general import where

__all__ = ["ctc_loss"]

_WHERE = " (while checking arguments for ctc_loss_allocate_outputs)"


def _lengths(x):
    if isinstance(x, TensorCore):
        return tuple(int(v) for v in x._data.reshape(-1))
    return tuple(int(v) for v in x)


def _check(log_probs, targets, input_lengths, target_lengths, blank):
    num_labels, batch = log_probs.shape[2], log_probs.shape[1]
    if not (0 <= blank < num_labels):
        raise RuntimeError("blank must be in label range")
    if len(input_lengths) != batch:
        raise RuntimeError("input_lengths must be of size batch_size")
    if len(target_lengths) != batch:
        raise RuntimeError("target_lengths must be of size batch_size")
    if targets.dim() != 1:
        longest = max(target_lengths, default=0)
        if targets.shape[1] < longest:
            raise RuntimeError(f"Expected tensor to have size at least {longest} at dimension "
                               f"1, but got size {targets.shape[1]} for argument #2 'targets'"
                               + _WHERE)
    for length in input_lengths:
        if length > log_probs.shape[0]:
            raise RuntimeError(f"Expected input_lengths to have value at most "
                               f"{log_probs.shape[0]}, but got value {length}" + _WHERE)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    tg = targets if batched else targets.unsqueeze(0)
    il, tl = _lengths(input_lengths), _lengths(target_lengths)
    _check(lp, tg, il, tl, blank)
    res = apply(OPS["_ctc_loss"], (lp, tg), {"input_lengths": il, "target_lengths": tl,
                                             "blank": int(blank),
                                             "zero_infinity": bool(zero_infinity)})
    if zero_infinity:
        res = where(res == float("inf"), zeros((), dtype=res.dtype), res)
    if reduction == "mean":
        return (res / tensor(list(tl), dtype=res.dtype).clamp_min(1)).mean()
    if reduction == "sum":
        return res.sum()
    return res if batched else res.squeeze(0)
