"""The pooling functions' arguments as PyTorch reads and checks them, in its order and
words: a 2-d pooling's sizes (one int, or one or two in a list), ``pooling_output_shape``
per dimension, ``pool2d_shape_check``, and ``max_pool1d``'s checks of its own."""
from .._ops.table_pool import pool_out

__all__ = ["pair", "one", "output_shape_checks", "shape_checks", "check_max_pool1d",
           "one_d_list"]

_WHAT = {"kernel_size": "either be a single int, or a tuple of two ints",
         "stride": "either be omitted, a single int, or a tuple of two ints",
         "padding": "either be a single int, or a tuple of two ints",
         "dilation": "be either a single int, or a tuple of two ints"}


def _ints(value):
    return (int(value),) if not isinstance(value, (tuple, list)) else \
        tuple(int(v) for v in value)


def pair(fn, name, value, default=None):
    """A 2-d pooling's ``name``: one int for both dimensions, or a list of one or two
    (``stride`` omitted, None or empty: ``default``)."""
    if name == "stride" and (value is None or value == [] or value == ()):
        return default
    v = _ints(value)
    if len(v) not in (1, 2):
        raise RuntimeError(f"{fn}: {name} must {_WHAT[name]}")
    return v * 2 if len(v) == 1 else v


def output_shape_checks(kernel_size, stride, padding, dilation):
    """``pooling_output_shape``'s checks, the height's first."""
    for k, s, p, d in zip(kernel_size, stride, padding, dilation):
        if s == 0:
            raise RuntimeError("stride should not be zero")
        if p < 0:
            raise RuntimeError(f"pad must be non-negative, but got pad: {p}")
        if p > ((k - 1) * d + 1) // 2:
            raise RuntimeError("pad should be at most half of effective kernel size, but "
                               f"got pad={p}, kernel_size={k} and dilation={d}")


def shape_checks(kernel_size, stride, dilation):
    """``pool2d_shape_check``'s checks of the sizes."""
    if any(k <= 0 for k in kernel_size):
        raise RuntimeError("kernel size should be greater than zero, but got kH: "
                           f"{kernel_size[0]} kW: {kernel_size[1]}")
    if any(s <= 0 for s in stride):
        raise RuntimeError(f"stride should be greater than zero, but got dH: {stride[0]} "
                           f"dW: {stride[1]}")
    if any(d <= 0 for d in dilation):
        raise RuntimeError("dilation should be greater than zero, but got dilationH: "
                           f"{dilation[0]} dilationW: {dilation[1]}")


def one(fn, name, value):
    """An argument PyTorch's binding reads as a list of one int (``avg_pool1d``'s)."""
    v = _ints(value)
    if len(v) != 1:
        raise RuntimeError(f"{fn}() argument '{name}' should contain one int (got {len(v)})")
    return v[0]


def one_d_list(input, fn):
    """``avg_pool1d`` / ``adaptive_avg_pool1d``'s ``check_dim_size`` of the input."""
    if input.dim() not in (2, 3):
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.dim()}-dimensional "
                           f"tensor for argument #1 'self' (while checking arguments for "
                           f"{fn})")


def check_max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode):
    """PyTorch's ``check_max_pool1d``; returns (kernel, stride, padding, dilation)."""
    if input.dim() not in (2, 3):
        raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional "
                           f"0 dim batch size for input, but got:{list(input.shape)}")
    k, p, d = _ints(kernel_size), _ints(padding), _ints(dilation)
    s = () if stride is None else _ints(stride)
    for name, v, words in (("kernel_size", k, "an int, list of ints or"),
                           ("stride", s, "None, an int, list of ints, or"),
                           ("padding", p, "an int, list of ints, or"),
                           ("dilation", d, "an int, list of ints or")):
        if len(v) != 1 and not (name == "stride" and not v):
            raise RuntimeError(f"max_pool1d() {name} must be {words} tuple of ints of size 1 "
                               f"but got size {len(v)}")
    k, p, d = k[0], p[0], d[0]
    s = s[0] if s else k
    for ok, text in ((k > 0, f"kernel_size must be greater than zero, but got {k}"),
                     (s > 0, f"stride must be greater than zero, but got {s}"),
                     (p >= 0, f"padding must be non-negative, but got {p}"),
                     (p <= k // 2, "padding should be at most half of kernel size, but got "
                                   f"padding={p} and kernel_size={k}"),
                     (d > 0, f"dilation must be greater than zero, but got {d}")):
        if not ok:
            raise RuntimeError(f"max_pool1d() {text}")
    out = pool_out(input.shape[-1], k, s, p, d, ceil_mode)
    if out <= 0:
        raise RuntimeError(f"max_pool1d() Invalid computed output size: {out}")
    return k, s, p, d
