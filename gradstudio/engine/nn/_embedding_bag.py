"""``torch.nn.functional.embedding_bag``: PyTorch's checks and words, the bags worked out
from a 2-D input or from ``offsets``, then the ``embedding_bag`` op."""
import numpy as np

from .._ops.dispatch import apply
from .._ops.record import OPS
from .._autograd.grad_mode import no_grad
from .._types import dtype as D

__all__ = ["embedding_bag", "_embedding_renorm_"]

_MODES = {"sum": 0, "mean": 1, "max": 2}


def _bags(input, offsets, include_last_offset):
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated "
                             "is a mini-batch of fixed length sequences. However, found "
                             f"offsets of type {type(offsets)}")
        rows, n = input._data, input._data.shape[1]
        return tuple(np.asarray(r, np.int64) for r in rows), tuple(b * n for b in
                                                                     range(len(rows)))
    if input.dim() != 1:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension "
                         f"{input.dim()}")
    if offsets is None:
        raise ValueError("offsets has to be a 1D Tensor but got None")
    if offsets.dim() != 1:
        raise ValueError("offsets has to be a 1D Tensor")
    idx, starts = input._data.astype(np.int64), [int(o) for o in offsets._data]
    if starts and starts[0] != 0:
        raise RuntimeError(f"offsets[0] has to be 0, i.e., the first sequence in the "
                           f"mini-batch has to start from position 0. However, got "
                           f"{starts[0]}")
    ends = starts[1:] + [len(idx)]
    if include_last_offset:
        starts, ends = starts[:-1], starts[1:]
    return tuple(idx[a:b] for a, b in zip(starts, ends)), tuple(starts)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2,
                  scale_grad_by_freq=False, mode="mean", sparse=False,
                  per_sample_weights=None, include_last_offset=False, padding_idx=None):
    if per_sample_weights is not None and input.shape != per_sample_weights.shape:
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) "
                         "is not None, then it must have the same shape as the input "
                         f"({input.shape})")
    if weight.dim() != 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension "
                         f"{weight.dim()}")
    if not weight.dtype.is_floating_point:
        kind = "CPUBoolType" if weight.dtype is D.bool_ else D.type_string(weight.dtype)
        raise RuntimeError("Expected tensor for argument #1 'weight' to have one of the "
                           "following scalar types: Half, BFloat16, Float, Double; but got "
                           f"{kind} instead (while checking arguments for embedding_bag)")
    bags, starts = _bags(input, offsets, include_last_offset)
    if mode not in _MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    if scale_grad_by_freq or sparse:
        raise NotImplementedError("GradStudio's embedding_bag has no scale_grad_by_freq or "
                                  "sparse yet")
    if input.dtype not in (D.int64, D.int32):
        raise RuntimeError("expected scalar type Long but found "
                           f"{D.scalar_type(input.dtype)}")
    flat = input._data.reshape(-1)
    bad = np.nonzero((flat < 0) | (flat >= weight.shape[0]))[0]
    if len(bad):
        raise RuntimeError(f"Index {bad[0]} of input takes value {flat[bad[0]]} which is not "
                           f"in the valid range [0, {weight.shape[0]})")
    if max_norm is not None:
        _embedding_renorm_(weight, input, max_norm, norm_type)
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    if per_sample_weights is not None:
        return _weighted(weight, per_sample_weights, bags, starts, mode, padding_idx)
    return apply(OPS["embedding_bag"], (weight,), {"bags": bags, "mode": _MODES[mode],
                                                   "padding_idx": padding_idx})


def _weighted(weight, per_sample_weights, bags, starts, mode, padding_idx):
    if mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. "
                                  "per_sample_weights is only supported for mode='sum' "
                                  f"(got mode='{mode}'). Please open a feature request on "
                                  "GitHub.")
    if per_sample_weights.dtype is not weight.dtype:
        raise RuntimeError("Expected tensor for argument #1 'weight' to have the same type as "
                           "tensor for argument #1 'per_sample_weights'; but type "
                           f"{D.type_string(weight.dtype)} does not equal "
                           f"{D.type_string(per_sample_weights.dtype)} (while checking "
                           "arguments for embedding_bag)")
    return apply(OPS["embedding_bag_weighted"], (weight, per_sample_weights),
                 {"bags": bags, "starts": starts, "padding_idx": padding_idx})


def _embedding_renorm_(weight, input, max_norm, norm_type):
    """PyTorch's ``embedding_renorm_`` (under no_grad, one in-place op: the weight's
    version goes up once): each row the input names, once, in sorted order, scaled by
    max_norm / (norm + 1e-7) where its norm exceeds max_norm."""
    with no_grad():
        table = weight.detach().clone()
        for row in sorted(set(int(i) for i in input._data.reshape(-1))):
            norm = float(table[row].norm(norm_type).item())
            if norm > max_norm:
                table[row] = table[row] * (max_norm / (norm + 1e-7))
        weight.copy_(table)
