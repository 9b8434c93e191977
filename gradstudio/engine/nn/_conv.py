"""``torch.nn.functional``'s small convolutions: ``conv1d``, ``conv2d`` (an unbatched input
is unsqueezed and the result squeezed, as PyTorch records it), ``unfold`` and ``fold``,
with PyTorch's checks in its order and words; each one op of the table
(``_ops.table_conv``)."""
import math

from .._ops.dispatch import apply
from .._ops.record import OPS
from .._types import dtype as D
from ..observer import observed

__all__ = ["conv1d", "conv2d", "unfold", "fold", "ntuple"]


def ntuple(value, n):
    if isinstance(value, (tuple, list)):
        return tuple(int(v) for v in value)
    return (int(value),) * n


def _shape(size):
    return "[" + ", ".join(str(int(s)) for s in size) + "]"


def _same_padding(kernel_size, dilation, stride):
    if any(s != 1 for s in stride):
        raise ValueError("padding='same' is not supported for strided convolutions")
    total = [d * (k - 1) for k, d in zip(kernel_size, dilation)]
    if any(t % 2 for t in total):
        raise NotImplementedError("GradStudio's engine does not yet pad unevenly for "
                                  "padding='same' (an even kernel size); pad the input or "
                                  "pick an odd kernel size.")
    return tuple(t // 2 for t in total)


def _padding(padding, n, kernel_size, dilation, stride):
    if isinstance(padding, str):
        if padding == "valid":
            return (0,) * n
        if padding == "same":
            return _same_padding(kernel_size, dilation, stride)
        raise ValueError(f"Invalid padding string '{padding}'")
    return ntuple(padding, n)


def _check(input, weight, bias, stride, padding, dilation, groups):
    """PyTorch's ``check_shape_forward`` and friends, in its order."""
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(d <= 0 for d in dilation):
        raise RuntimeError("non-positive dilation is not supported")
    if weight.dim() != input.dim():
        raise RuntimeError(f"Expected {weight.dim()}-dimensional input for {weight.dim()}-"
                           f"dimensional weight {_shape(weight.shape)}, but got "
                           f"{input.dim()}-dimensional input of size {_shape(input.shape)} "
                           "instead")
    if input.dtype is not weight.dtype:
        # (PyTorch's mkldnn path, which it takes for some sizes, words this as "Input
        # type (torch.FloatTensor) and weight type ... should be the same")
        raise RuntimeError(f"expected scalar type {D.scalar_type(input.dtype)} but found "
                           f"{D.scalar_type(weight.dtype)}")
    w = tuple(weight.shape)
    if w[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by "
                           f"{groups} at dimension 0, but got weight of size [{_shape(w)}] "
                           "instead")
    if input.shape[1] != w[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {_shape(w)}, expected "
                           f"input{_shape(input.shape)} to have {w[1] * groups} channels, but "
                           f"got {input.shape[1]} channels instead")
    if bias is not None and (bias.dim() != 1 or bias.shape[0] != w[0]):
        raise RuntimeError(f"Given weight of size {_shape(w)}, expected bias to be "
                           f"1-dimensional with {w[0]} elements, but got bias of size "
                           f"{_shape(bias.shape)} instead")
    spatial = input.shape[2:]
    padded = [n + 2 * p for n, p in zip(spatial, padding)]
    kernel = [d * (k - 1) + 1 for k, d in zip(w[2:], dilation)]
    if any(k > n for k, n in zip(kernel, padded)):
        raise RuntimeError("Calculated padded input size per channel: ("
                           f"{' x '.join(map(str, padded))}). Kernel size: ("
                           f"{' x '.join(map(str, kernel))}). Kernel size can't be greater "
                           "than actual input size")
    if input.dtype is D.bool_:
        raise NotImplementedError("\"slow_conv2d_cpu\" not implemented for 'Bool'")
    if not input.dtype.is_floating_point:
        raise NotImplementedError("GradStudio's engine convolves floating-point tensors only, "
                                  f"not {input.dtype}")


def _expand(value, name, dim):
    """PyTorch's ``expand_param_if_needed``: one value for every spatial dimension, or
    exactly one per dimension."""
    if len(value) == 1:
        return value * dim
    if len(value) != dim:
        raise RuntimeError(f"expected {name} to be a single integer value or a list of {dim} "
                           "values to match the convolution dimensions, but got "
                           f"{name}={list(value)}")
    return value


def _conv(name, n, input, weight, bias, stride, padding, dilation, groups):
    if input.dim() not in (n + 1, n + 2):
        raise RuntimeError(f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to "
                           f"{name}, but got input of size: {_shape(input.shape)}")
    batched = input.dim() == n + 2
    x = input if batched else input.unsqueeze(0)
    if weight.dim() < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    dim = weight.dim() - 2
    stride, dilation = ntuple(stride, n), ntuple(dilation, n)
    if isinstance(padding, str):
        padding = _padding(padding, n, tuple(weight.shape[2:]), dilation, stride)
    stride = _expand(stride, "stride", dim)
    padding = _expand(ntuple(padding, n), "padding", dim)
    dilation = _expand(dilation, "dilation", dim)
    _expand((0,) * n, "output_padding", dim)
    _check(x, weight, bias, stride, padding, dilation, groups)
    out = apply(OPS["convolution"], (x, weight, bias),
                {"stride": stride, "padding": padding, "dilation": dilation,
                 "groups": groups})
    return out if batched else out.squeeze(0)


@observed("torch.nn.functional.conv1d")
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


@observed("torch.nn.functional.conv2d")
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


def _geometry(kernel_size, dilation, padding, stride):
    return {"kernel_size": ntuple(kernel_size, 2), "dilation": ntuple(dilation, 2),
            "padding": ntuple(padding, 2), "stride": ntuple(stride, 2)}


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """``im2col``: a (N, C, H, W) or (C, H, W) image's patches as columns."""
    if input.dim() not in (3, 4):
        raise NotImplementedError(f"Input Error: Only 3D or 4D input Tensors are supported "
                                  f"(got {input.dim()}D)")
    geo = _geometry(kernel_size, dilation, padding, stride)
    batched = input.dim() == 4
    x = input if batched else input.unsqueeze(0)
    out = apply(OPS["im2col"], (x,), geo)
    return out if batched else out.squeeze(0)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """``col2im``: columns (N, C * kh * kw, L) or (C * kh * kw, L) added back into images."""
    if input.dim() not in (2, 3):
        raise NotImplementedError(f"Input Error: Only unbatched (2D) or batched (3D) input "
                                  f"Tensors are supported (got {input.dim()}D)")
    geo = _geometry(kernel_size, dilation, padding, stride)
    k = math.prod(geo["kernel_size"])
    batched = input.dim() == 3
    x = input if batched else input.unsqueeze(0)
    if x.shape[1] % k:
        raise RuntimeError(f"Expected size of input's dimension 1 to be divisible by the "
                           f"product of kernel_size, but got input.size(1)={x.shape[1]} and "
                           f"kernel_size=({', '.join(map(str, geo['kernel_size']))})")
    out = apply(OPS["col2im"], (x,), dict(geo, output_size=ntuple(output_size, 2)))
    return out if batched else out.squeeze(0)
