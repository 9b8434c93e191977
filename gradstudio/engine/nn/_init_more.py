"""More of ``torch.nn.init``: ``trunc_normal_``, ``eye_``, ``dirac_``, ``orthogonal_`` and
``sparse_``, written as PyTorch's ``torch/nn/init.py`` writes them, with the same tensor
calls in the same order, so they draw the same numbers from the same seed."""
import math
import warnings

from .._autograd.grad_mode import no_grad
from .._torch_functions.factory import empty_like, eye, randperm
from .._torch_functions.general import where
from ..linalg import qr

__all__ = ["trunc_normal_", "eye_", "dirac_", "orthogonal_", "sparse_"]


def _norm_cdf(x):
    return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0


def _by_rejection(tensor, mean, std, lo, hi, generator):
    result = tensor.normal_(mean, std, generator=generator)
    while True:
        mask = (result < lo) | (result > hi)
        if not mask.any():
            break
        result = where(mask, empty_like(result).normal_(mean, std, generator=generator),
                       result)
    if tensor is not result:
        tensor.copy_(result)


def _by_uniform_proposals(tensor, mean, std, a, b, generator):
    mode = max(a, min(mean, b))
    log_peak = -0.5 * ((mode - mean) / std) ** 2
    candidates, accept_buf = empty_like(tensor), empty_like(tensor)
    tensor.uniform_(a, b, generator=generator)
    candidates.copy_(tensor)
    candidates.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
    pending = accept_buf.uniform_(generator=generator).log_().gt(candidates)
    if not pending.any():
        return
    result = tensor
    while True:
        candidates.uniform_(a, b, generator=generator)
        result = where(pending, candidates, result)
        candidates.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
        pending = where(pending, accept_buf.uniform_(generator=generator).log_().gt(candidates),
                        pending)
        if not pending.any():
            break
    tensor.copy_(result)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    if (mean < a - 2 * std) or (mean > b + 2 * std):
        warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
                      "The distribution of values may be incorrect.", stacklevel=1)
    with no_grad():
        p = _norm_cdf((b - mean) / std) - _norm_cdf((a - mean) / std)
        if p > 0.3:
            lo = tensor.new_tensor(a).item()
            hi = tensor.new_tensor(b).item()
            _by_rejection(tensor, mean, std, lo, hi, generator)
        else:
            _by_uniform_proposals(tensor, mean, std, a, b, generator)
        return tensor


def eye_(tensor):
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with no_grad():
        tensor.copy_(eye(*tensor.shape, dtype=tensor.dtype))
    return tensor


def dirac_(tensor, groups=1):
    dimensions = tensor.dim()
    if dimensions not in [3, 4, 5]:
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.size()
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    per_group = sizes[0] // groups
    min_dim = min(per_group, sizes[1])
    centre = tuple(s // 2 for s in sizes[2:])
    with no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min_dim):
                tensor[(g * per_group + d, d) + centre] = 1
    return tensor


def orthogonal_(tensor, gain=1, generator=None):
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = tensor.new_empty((rows, cols)).normal_(0, 1, generator=generator)
    if rows < cols:
        flattened = flattened.t()
    with no_grad():
        q, r = qr(flattened)
        q = q * r.diagonal().sign()
        if rows < cols:
            q = q.t()
        tensor.view_as(q).copy_(q)
        tensor.mul_(gain)
    return tensor


def sparse_(tensor, sparsity, std=0.01, generator=None):
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = tensor.shape
    num_zeros = math.ceil(sparsity * rows)
    with no_grad():
        tensor.normal_(0, std, generator=generator)
        for col_idx in range(cols):
            row_indices = randperm(rows)
            zero_indices = row_indices[:num_zeros]
            tensor[zero_indices, col_idx] = 0
    return tensor
