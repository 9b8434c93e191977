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
from ._conv import ntuple

__all__ = ["max_pool2d", "avg_pool2d", "adaptive_avg_pool2d", "max_pool1d", "avg_pool1d",
           "adaptive_avg_pool1d", "adaptive_max_pool2d"]


def _input_dims(input, name):
    if input.dim() not in (3, 4):
        raise RuntimeError(f"{name}: Expected 3D or 4D (batch mode) tensor for input, but got "
                           f"{list(input.shape)}"
                           if name != "max_pool2d" else
                           "non-empty 3D or 4D (batch mode) tensor expected for input")


def _check_pool(input, kernel_size, stride, padding, dilation, ceil_mode, name="max_pool2d"):
    if any(k <= 0 for k in kernel_size):
        raise RuntimeError("kernel size should be greater than zero, but got kH: "
                           f"{kernel_size[0]} kW: {kernel_size[1]}")
    if any(s <= 0 for s in stride):
        raise RuntimeError(f"stride should be greater than zero, but got dH: {stride[0]} dW: "
                           f"{stride[1]}")
    if any(p > (d * (k - 1) + 1) // 2 for p, k, d in zip(padding, kernel_size, dilation)):
        raise RuntimeError("pad should be at most half of effective kernel size, but got "
                           f"pad={padding[1]}, kernel_size={kernel_size[1]} and "
                           f"dilation={dilation[1]}")
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


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    _input_dims(input, "max_pool2d")
    k = ntuple(kernel_size, 2)
    s = k if stride is None or stride == [] or stride == () else ntuple(stride, 2)
    p, d = ntuple(padding, 2), ntuple(dilation, 2)
    _check_pool(input, k, s, p, d, ceil_mode)
    _, flat = max_pool_indices(input._data, k, s, p, d, ceil_mode)
    indices = TensorCore._make(flat.astype("int64"), D.int64)
    out = apply(OPS["max_pool2d"], (input,), {"kernel_size": k, "stride": s, "padding": p,
                                              "dilation": d, "ceil_mode": bool(ceil_mode),
                                              "indices": indices})
    return (out, indices) if return_indices else out


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    _input_dims(input, "avg_pool2d")
    k = ntuple(kernel_size, 2)
    s = k if stride is None or stride == [] or stride == () else ntuple(stride, 2)
    p = ntuple(padding, 2)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    _check_pool(input, k, s, p, (1, 1), ceil_mode, "avg_pool2d")
    return apply(OPS["avg_pool2d"], (input,), {
        "kernel_size": k, "stride": s, "padding": p, "ceil_mode": bool(ceil_mode),
        "count_include_pad": bool(count_include_pad), "divisor_override": divisor_override})


def adaptive_avg_pool2d(input, output_size):
    if input.dim() not in (3, 4):
        raise RuntimeError("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                           f"{list(input.shape)}")
    size = ntuple(output_size, 2)
    size = tuple(input.shape[-2 + i] if v is None else v for i, v in enumerate(size))
    if size == (1, 1):
        return input.mean((-1, -2), keepdim=True)
    return apply(OPS["adaptive_avg_pool2d"], (input,), {"output_size": size})


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """``F.adaptive_max_pool2d``: PyTorch's checks and words, then one op of the table."""
    if not isinstance(output_size, int):
        if input.dim() <= len(output_size):
            raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
        output_size = tuple(d if v is None else v
                            for v, d in zip(output_size, input.shape[-len(output_size):]))
    if input.dim() not in (3, 4):
        raise RuntimeError("adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: "
                           f"{list(input.shape)}")
    for i in range(1, input.dim()):
        if input.shape[i] == 0:
            raise RuntimeError("adaptive_max_pool2d(): Expected input to have non-zero size "
                               "for non-batch dimensions, but input has sizes "
                               f"{list(input.shape)} with dimension {i} being empty")
    size = ntuple(output_size, 2)
    _, flat = adaptive_max_indices(input._data, size)
    indices = TensorCore._make(flat, D.int64)
    out = apply(OPS["adaptive_max_pool2d"], (input,), {"output_size": size,
                                                       "indices": indices})
    return (out, indices) if return_indices else out


def _one_d(input, name):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"{name}() Expected 2D or 3D input tensor, but got "
                           f"{list(input.shape)}" if name != "max_pool1d" else
                           f"max_pool1d() Expected 2D or 3D input tensor, but got "
                           f"{list(input.shape)}")
    return input.unsqueeze(-2)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    x = _one_d(input, "max_pool1d")
    k = ntuple(kernel_size, 1)[0]
    s = k if stride is None or stride == [] or stride == () else ntuple(stride, 1)[0]
    out = max_pool2d(x, (1, k), (1, s), (0, ntuple(padding, 1)[0]),
                     (1, ntuple(dilation, 1)[0]), ceil_mode, True)
    if return_indices:
        return out[0].squeeze(-2), out[1].squeeze(-2)
    return out[0].squeeze(-2)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    x = _one_d(input, "avg_pool1d")
    k = ntuple(kernel_size, 1)[0]
    s = k if stride is None or stride == [] or stride == () else ntuple(stride, 1)[0]
    return avg_pool2d(x, (1, k), (1, s), (0, ntuple(padding, 1)[0]), ceil_mode,
                      count_include_pad).squeeze(-2)


def adaptive_avg_pool1d(input, output_size):
    x = _one_d(input, "adaptive_avg_pool1d")
    return adaptive_avg_pool2d(x, (1, ntuple(output_size, 1)[0])).squeeze(-2)
