"""``torch.nn.functional``'s margin losses: ``soft_margin_loss``, ``multi_margin_loss`` and
``multilabel_margin_loss`` (one op each), and ``cosine_embedding_loss``,
``triplet_margin_loss`` and ``pairwise_distance``, which ATen composes of other ops (here
the same ops in the same order, so values and ``grad_fn`` chains are PyTorch's)."""
from .._ops.dispatch import apply
from .._ops.record import OPS
from .._torch_functions.factory import zeros_like
from .._torch_functions.general import where
from .._types import dtype as D
from ._elementwise_losses import _broadcast_pair, _legacy_reduction, _reduction_enum

__all__ = ["soft_margin_loss", "multi_margin_loss", "multilabel_margin_loss",
           "cosine_embedding_loss", "triplet_margin_loss", "pairwise_distance",
           "triplet_margin_with_distance_loss"]


def _code(size_average, reduce, reduction):
    return _reduction_enum(_legacy_reduction(size_average, reduce, reduction))


def _reduced(output, code):
    return output if code == 0 else output.mean() if code == 1 else output.sum()


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    code = _code(size_average, reduce, reduction)
    if target.requires_grad:
        raise RuntimeError("The function 'soft_margin_loss' is not differentiable with "
                           "respect to argument 'target'. This input cannot have "
                           "requires_grad True.")
    if input.dtype is D.bool_:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If "
                           "you are trying to invert a mask, use the `~` or `logical_not()` "
                           "operator instead.")
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"result type Float can't be cast to the desired output type "
                           f"{D.scalar_type(input.dtype)}")
    input, target = _broadcast_pair(input, target)
    return apply(OPS["soft_margin_loss"], (input,), {"target": target, "reduction": code})


def _no_half(input, kernel):
    if input.dtype is D.float16:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Half\'')


def _class_targets(input, target, what):
    if target.dtype is not D.int64:
        raise RuntimeError(f"expected scalar type Long but found {D.scalar_type(target.dtype)}")
    dim = input.shape[-1] if input.dim() else 1
    if what == "multi" and ((target._data < 0) | (target._data >= dim)).any():
        raise RuntimeError("target out of range")
    if what == "multilabel" and ((target._data < -1) | (target._data >= dim)).any():
        raise RuntimeError("argument #2 'target' is out of range")


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None,
                      reduce=None, reduction="mean"):
    code = _code(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    n = input.shape[0] if input.dim() == 2 else 1
    if input.dim() > 2 or target.numel() != n or target.dim() > 1:
        raise RuntimeError(f"inconsistent target size, expected {n} but got "
                           f"{list(target.shape)}")
    _class_targets(input, target, "multi")
    _no_half(input, "multi_margin_loss_cpu_kernel")
    return apply(OPS["multi_margin_loss"], (input,),
                 {"target": target, "p": p, "margin": margin, "weight": weight,
                  "reduction": code})


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    code = _code(size_average, reduce, reduction)
    if target.dtype is not D.int64:
        raise RuntimeError(f"expected scalar type Long but found {D.scalar_type(target.dtype)}")
    if tuple(target.shape) != tuple(input.shape):
        raise RuntimeError(f"inconsistent target size: {list(target.shape)} for input of "
                           f"size: {list(input.shape)}")
    _class_targets(input, target, "multilabel")
    _no_half(input, "multilabel_margin_loss_forward_out_frame")
    return apply(OPS["multilabel_margin_loss"], (input,), {"target": target,
                                                           "reduction": code})


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                          reduction="mean"):
    """ATen's composite: 1 - cos where the target is 1, (cos - margin) clamped at 0
    where it is -1, reduced."""
    code = _code(size_average, reduce, reduction)
    tdim = target.dim()
    if tdim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if tdim == 1 and (input1.dim() != 2 or input2.dim() != 2):
        raise RuntimeError("1D target tensor expects 2D input tensors, but found inputs with "
                           f"sizes {list(input1.shape)} and {list(input2.shape)}.")
    if tdim == 0 and (input1.dim() != 1 or input2.dim() != 1):
        raise RuntimeError("0D target tensor expects 1D input tensors, but found inputs with "
                           f"sizes {list(input1.shape)} and {list(input2.shape)}.")
    prod_sum = (input1 * input2).sum(tdim)
    mag_square1 = (input1 * input1).sum(tdim) + 1e-12
    mag_square2 = (input2 * input2).sum(tdim) + 1e-12
    denom = (mag_square1 * mag_square2).sqrt_()
    cos = prod_sum / denom
    zeros = zeros_like(cos)
    pos = 1 - cos
    neg = (cos - margin).clamp_min_(0)
    output_pos = where(target == 1, pos, zeros)
    output_neg = where(target == -1, neg, zeros)
    return _reduced(output_pos + output_neg, code)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """ATen's ``norm(x1 - x2 + eps, p, last dim, keepdim)``."""
    dim = max(x1.dim(), x2.dim())
    diff = x1 - x2 + eps
    return apply(OPS["norm_p_dim"], (diff,), {"p": float(p), "dim": dim - 1 if dim else None,
                                               "keepdim": keepdim})


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    code = _code(size_average, reduce, reduction)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    dims = (anchor.dim(), positive.dim(), negative.dim())
    if len(set(dims)) != 1:
        raise RuntimeError("The anchor, positive, and negative tensors are expected to have "
                           f"the same number of dimensions, but got: anchor {dims[0]}D, "
                           f"positive {dims[1]}D, and negative {dims[2]}D inputs")
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_swap = pairwise_distance(positive, negative, p, eps)
        dist_neg = dist_neg.minimum(dist_swap)
    output = (margin + dist_pos - dist_neg).clamp_min(0)
    return _reduced(output, code)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean"):
    """PyTorch's Python composite: ``clamp_min(margin + d(a, p) - d(a, n), 0)``, reduced."""
    from .._torch_functions.general import minimum
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError("The anchor, positive, and negative tensors are expected to have "
                           f"the same number of dimensions, but got: anchor {a_dim}D, "
                           f"positive {p_dim}D, and negative {n_dim}D inputs")
    if distance_function is None:
        distance_function = pairwise_distance
    dist_pos = distance_function(anchor, positive)
    dist_neg = distance_function(anchor, negative)
    if swap:
        dist_neg = minimum(dist_neg, distance_function(positive, negative))
    loss = (margin + dist_pos - dist_neg).clamp_min(0)
    if reduction == "sum":
        return loss.sum()
    return loss.mean() if reduction == "mean" else loss
