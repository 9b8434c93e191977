"""``torch.nn.functional``'s further activations: ``selu``, ``celu``, ``hardswish``,
``hardsigmoid``, ``mish``, ``threshold``, ``hardshrink``, ``softshrink``, ``rrelu``,
``glu`` and ``prelu``, with PyTorch's checks and words, each one op of the table (and
their in-place forms where PyTorch has them)."""
import numpy as np

from .._ops.dispatch import apply, inplace as _inplace
from .._ops.record import OPS
from .._tensor_class.core import TensorCore
from .._cpu_kernels.generator import default_generator
from .._types import dtype as D

__all__ = ["selu", "celu", "hardswish", "hardsigmoid", "mish", "threshold", "hardshrink",
           "softshrink", "rrelu", "glu", "prelu"]


def _call(name, input, inplace=False, **params):
    if inplace:
        op = OPS.get(name + "_inplace", OPS[name])
        return _inplace(input, op, (input,), params or None)
    return apply(OPS[name], (input,), params or None)


def selu(input, inplace=False):
    return _call("selu", input, inplace)


def celu(input, alpha=1.0, inplace=False):
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError")
    return _call("celu", input, inplace, alpha=alpha)


def hardswish(input, inplace=False):
    return _call("hardswish", input, inplace)


def hardsigmoid(input, inplace=False):
    return _call("hardsigmoid", input, inplace)


def mish(input, inplace=False):
    return _call("mish", input, inplace)


def threshold(input, threshold, value, inplace=False):
    return _call("threshold", input, inplace, threshold=threshold, value=value)


def hardshrink(input, lambd=0.5):
    return _call("hardshrink", input, lambd=lambd)


def softshrink(input, lambd=0.5):
    top = {D.float64: 1.79769e+308, D.float16: 65504.0}.get(input.dtype, 3.40282e+38)
    if input.dtype.is_floating_point and not 0 <= lambd <= top:
        raise RuntimeError(f"lambda must be in range [0, {top:g}] for input dtype "
                           f"{D.scalar_type(input.dtype)}, but found {lambd:g}")
    return _call("softshrink", input, lambd=lambd)


def _draw_slopes(input, lower, upper):
    """PyTorch's ``_rrelu_with_noise_train``: for each element at or below zero, in order,
    a slope drawn uniformly from [lower, upper) (both as the input's dtype) in double
    precision (the draws of ``torch.rand(n, dtype=torch.float64)``), rounded to the input's
    dtype; 1 elsewhere."""
    a = input._data.reshape(-1)
    low = a <= 0
    lo, hi = (float(a.dtype.type(v)) for v in (lower, upper))   # (in the input's dtype)
    draws = default_generator.rand((int(low.sum()),), np.float64) * (hi - lo) + lo
    noise = np.ones(a.shape, a.dtype)
    noise[low] = draws.astype(a.dtype)
    return TensorCore._make(noise.reshape(input._data.shape), input.dtype)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if not training:
        return _call("rrelu", input, inplace, lower=lower, upper=upper)
    if input.dtype not in (D.float32, D.float64):
        raise NotImplementedError(f'"rrelu_with_noise_out_cpu" not implemented for '
                                  f"'{D.scalar_type(input.dtype)}'")
    noise = _draw_slopes(input, lower, upper)
    return _call("rrelu_train", input, inplace, lower=lower, upper=upper,
                 noise=noise)


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = dim + input.dim() if dim < 0 else dim
    if not 0 <= d < input.dim():
        raise IndexError(f"Dimension out of range (expected to be in range of "
                         f"[{-input.dim()}, {input.dim() - 1}], but got {dim})")
    size = input.shape[d]
    if size % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size {size}")
    return _call("glu", input, dim=d)


def prelu(input, weight):
    """PyTorch's ``at::prelu``: its checks, then the weight reshaped to broadcast over the
    channels (dimension 1) and ``_prelu_kernel``."""
    if input.dtype is not weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got "
                           f"{D.scalar_type(input.dtype)} and {D.scalar_type(weight.dtype)}")
    if weight.numel() != 1:
        if input.dim() == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.dim() > 1 else 1
        if channels != weight.numel():
            raise RuntimeError("Mismatch of parameter numbers and input channel size. Found "
                               f"parameter numbers = {weight.numel()} and channel size = "
                               f"{channels}.")
    if weight.dim() > 1:
        raise RuntimeError("prelu: Expected `weight` to be a scalar or 1D tensor, but got: "
                           f"ndim = {weight.dim()}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f'"prelu_cpu" not implemented for '
                                  f"'{D.scalar_type(input.dtype)}'")
    w = weight
    if input.dim() != weight.dim():
        shape = [1] * input.dim()
        if input.dim() > 1:
            shape[1] = weight.numel()
        w = weight.reshape(shape)
    return apply(OPS["prelu"], (input, w), None)
