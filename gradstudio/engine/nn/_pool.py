"""``torch.nn.functional``'s pooling: ``max_pool2d`` (``return_indices``),
``avg_pool2d``, ``adaptive_avg_pool2d`` (a mean when the output is 1 x 1, as PyTorch
computes it), ``adaptive_max_pool2d`` (``return_indices``), and ``max_pool1d`` /
``avg_pool1d`` / ``adaptive_avg_pool1d`` (the 2-d op on an unsqueezed input, squeezed
back, as PyTorch records them); PyTorch's checks and words. Each is one op of the table
(``_ops.table_pool``)."""
from .._ops.dispatch import apply
from .._ops.record import OPS
from .._ops.table_pool import adaptive_max_indices, max_pool_indices, pool_out
from .._tensor_class.core import TensorCore
from .._types import dtype as D
from ..observer import observed
from ._pool_args import (check_max_pool1d, one, one_d_list, output_shape_checks, pair,
                         shape_checks)

__all__ = ["max_pool2d", "avg_pool2d", "adaptive_avg_pool2d", "max_pool1d", "avg_pool1d",
           "adaptive_avg_pool1d", "adaptive_max_pool2d"]


def _input_dims(input, name):
    if input.dim() not in (3, 4):
        raise RuntimeError(f"{name}: Expected 3D or 4D (batch mode) tensor for input, but got "
                           f"{list(input.shape)}"
                           if name != "max_pool2d" else
                           "non-empty 3D or 4D (batch mode) tensor expected for input")


def _check_pool(input, kernel_size, stride, padding, dilation, ceil_mode, name="max_pool2d"):
    output_shape_checks(kernel_size, stride, padding, dilation)
    shape_checks(kernel_size, stride, dilation)
    h, w = input.shape[-2:]
    oh, ow = (pool_out(n, k, s, p, d, ceil_mode) for n, k, s, p, d in
              zip((h, w), kernel_size, stride, padding, dilation))
    if oh < 1 or ow < 1:
        c = input.shape[-3]
        raise RuntimeError(f"Given input size: ({c}x{h}x{w}). Calculated output size: "
                           f"({c}x{oh}x{ow}). Output size is too small")
    if input.dtype is D.bool_:
        raise NotImplementedError(f"\"{name}\" not implemented for 'Bool'")
    if not input.dtype.is_floating_point:
        raise NotImplementedError("GradStudio's engine pools floating-point tensors only, not "
                                  f"{input.dtype}")


@observed("torch.nn.functional.max_pool2d")
def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    k = pair("max_pool2d", "kernel_size", kernel_size)
    s = pair("max_pool2d", "stride", stride, k)
    p, d = pair("max_pool2d", "padding", padding), pair("max_pool2d", "dilation", dilation)
    _input_dims(input, "max_pool2d")
    _check_pool(input, k, s, p, d, ceil_mode)
    _, flat = max_pool_indices(input._data, k, s, p, d, ceil_mode)
    indices = TensorCore._make(flat.astype("int64"), D.int64)
    out = apply(OPS["max_pool2d"], (input,), {"kernel_size": k, "stride": s, "padding": p,
                                              "dilation": d, "ceil_mode": bool(ceil_mode),
                                              "indices": indices})
    return (out, indices) if return_indices else out


@observed("torch.nn.functional.avg_pool2d")
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    k = pair("avg_pool2d", "kernel_size", kernel_size)
    s = pair("avg_pool2d", "stride", stride, k)
    p = pair("avg_pool2d", "padding", padding)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    if 0 < input.dim() < 3:
        raise IndexError(f"Dimension out of range (expected to be in range of "
                         f"[{-input.dim()}, {input.dim() - 1}], but got -3)")
    _input_dims(input, "avg_pool2d")
    _check_pool(input, k, s, p, (1, 1), ceil_mode, "avg_pool2d")
    return apply(OPS["avg_pool2d"], (input,), {
        "kernel_size": k, "stride": s, "padding": p, "ceil_mode": bool(ceil_mode),
        "count_include_pad": bool(count_include_pad), "divisor_override": divisor_override})


def _output_pair(output_size, input):
    """``_list_with_default``: None takes the input's size there."""
    if isinstance(output_size, int):
        return (int(output_size),) * 2
    if input.dim() <= len(output_size):
        raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
    return tuple(int(d if v is None else v)
                 for v, d in zip(output_size, input.shape[-len(output_size):]))


@observed("torch.nn.functional.adaptive_avg_pool2d")
def adaptive_avg_pool2d(input, output_size):
    size = _output_pair(output_size, input)
    if len(size) != 2:
        raise RuntimeError("adaptive_avg_pool2d: output_size must be 2")
    if size[0] < 0 or size[1] < 0:
        raise RuntimeError("adaptive_avg_pool2d: elements of output_size must be greater than "
                           f"or equal to 0 but received {{{size[0]}, {size[1]}}}")
    if input.dim() not in (3, 4):
        raise RuntimeError("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                           f"{list(input.shape)}")
    if size == (1, 1):
        return input.mean((-1, -2), keepdim=True)
    return apply(OPS["adaptive_avg_pool2d"], (input,), {"output_size": size})


@observed("torch.nn.functional.adaptive_max_pool2d")
def adaptive_max_pool2d(input, output_size, return_indices=False):
    """``F.adaptive_max_pool2d``: PyTorch's checks and words, then one op of the table."""
    size = _output_pair(output_size, input)
    if input.dim() not in (3, 4):
        raise RuntimeError("adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: "
                           f"{list(input.shape)}")
    for i in range(1, input.dim()):
        if input.shape[i] == 0:
            raise RuntimeError("adaptive_max_pool2d(): Expected input to have non-zero size "
                               "for non-batch dimensions, but input has sizes "
                               f"{list(input.shape)} with dimension {i} being empty")
    if len(size) != 2:
        raise RuntimeError("adaptive_max_pool2d(): internal error: output_size.size() must "
                           "be 2")
    if min(size) < 0:
        shape = list(input.shape[:-2]) + list(size)
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(size)}: "
                           f"{shape}")
    _, flat = adaptive_max_indices(input._data, size)
    indices = TensorCore._make(flat, D.int64)
    out = apply(OPS["adaptive_max_pool2d"], (input,), {"output_size": size,
                                                       "indices": indices})
    return (out, indices) if return_indices else out


@observed("torch.nn.functional.max_pool1d")
def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    k, s, p, d = check_max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode)
    out = max_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), (1, d), ceil_mode, True)
    if return_indices:
        return out[0].squeeze(-2), out[1].squeeze(-2)
    return out[0].squeeze(-2)


@observed("torch.nn.functional.avg_pool1d")
def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    k = one("avg_pool1d", "kernel_size", kernel_size)
    s = k if stride is None or stride == [] or stride == () else \
        one("avg_pool1d", "stride", stride)
    p = one("avg_pool1d", "padding", padding)
    one_d_list(input, "avg_pool1d")
    return avg_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), ceil_mode,
                      count_include_pad).squeeze(-2)


@observed("torch.nn.functional.adaptive_avg_pool1d")
def adaptive_avg_pool1d(input, output_size):
    size = one("adaptive_avg_pool1d", "output_size", output_size)
    one_d_list(input, "adaptive_avg_pool1d")
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1, size)).squeeze(-2)
