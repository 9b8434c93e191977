"""The convolution and pooling kinds: ``conv1d`` and ``conv2d`` (ports input, weight and
an optional bias, as ``torch.nn.functional.conv2d(x, w, b, stride=2)``), ``max_pool1d`` /
``max_pool2d``, ``avg_pool1d`` / ``avg_pool2d``, ``adaptive_avg_pool1d`` /
``adaptive_avg_pool2d`` and ``adaptive_max_pool2d`` (one input).

A node runs the very ``torch.nn.functional`` call its export writes, with its settings
as they are (an int for every dimension, or a tuple), so a wrong setting fails the node
with PyTorch's own error (a padding larger than half the window, a weight whose channels
do not match the input's). Only the settings that differ from the defaults are written.
The engine records each call as PyTorch does (ConvolutionBackward0,
MaxPool2DWithIndicesBackward0; a 1-d pooling as the 2-d op between an unsqueeze and a
squeeze: SqueezeBackward1); the tracer reads a call back into its kind
(``gradstudio.trace.handlers.composites``) and a table op reached another way
(``gradstudio.trace.ops``). Registered into the catalogue by ``catalogue`` itself.
"""
import gradstudio.engine as torch

from .spelling import dims, number

__all__ = ["register", "CONV_KINDS", "POOL_KINDS"]

CONV_KINDS = ("conv1d", "conv2d")
POOL_KINDS = ("max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d",
              "adaptive_avg_pool2d", "adaptive_max_pool2d")

_F = "torch.nn.functional."


def _written(value):
    """A setting as the call writes it: ``2``, ``(2, 1)``, ``True``."""
    if isinstance(value, (tuple, list)):
        return dims(tuple(value))
    return number(value)


def _tail(p, defaults):
    """``, stride=2, padding=1``: every setting that differs from its default."""
    return "".join(f", {name}={_written(p[name])}" for name, default in defaults
                   if p.get(name) != default and p.get(name) is not None)


def _conv_kind(name, n, NodeKind, Port, ParamSpec):
    fn = getattr(torch.nn.functional, name)
    defaults = (("stride", 1), ("padding", 0), ("dilation", 1), ("groups", 1))

    def evaluate(p, input, weight, bias=None):
        return fn(input, weight, bias, stride=p["stride"], padding=p["padding"],
                  dilation=p["dilation"], groups=p["groups"])

    def code(p, a):
        bias = f", {a['bias']}" if "bias" in a else ""
        return f"{_F}{name}({a['input']}, {a['weight']}{bias}{_tail(p, defaults)})"
    what = "windows" if n == 1 else "patches"
    return NodeKind(
        name, "convolution",
        f"A {n}-d convolution, as nn.Conv{n}d computes it: each output channel is the "
        f"weighted sum of the input's {what}, plus its bias.",
        (Port("input"), Port("weight"), Port("bias", optional=True)),
        (ParamSpec("stride", "dims", 1, "the step between the kernel's places"),
         ParamSpec("padding", "dims", 0, "the zeros added on both sides of every dimension"),
         ParamSpec("dilation", "dims", 1, "the spacing between the kernel's elements"),
         ParamSpec("groups", "int", 1, "the channels split into this many groups, each "
                   "convolved on its own")),
        evaluate, f"{_F}{name}({{input}}, {{weight}}, {{bias}})", "ConvolutionBackward0",
        code=code, ops=("convolution",))


_KERNEL = ("kernel_size", "dims", 2, "the size of each window")
_STRIDE = ("stride", "dims", None, "the step between windows (None: the window's size)")
_PADDING = ("padding", "dims", 0, "the padding added on both sides (at most half a window)")
_DILATION = ("dilation", "dims", 1, "the spacing between a window's elements")
_CEIL = ("ceil_mode", "bool", False, "round the output's size up instead of down")
_COUNT_PAD = ("count_include_pad", "bool", True, "count the padding's zeros in each "
              "window's mean")
_DIVISOR = ("divisor_override", "int", None, "divide each window's sum by this number "
            "instead of its size")
_OUTPUT = ("output_size", "dims", 2, "the size of the output: windows that tile the input")

# name -> (settings, their defaults after the first (written by keyword), doc, grad_fn)
_POOLS = {
    "max_pool1d": ((_KERNEL, _STRIDE, _PADDING, _DILATION, _CEIL),
                   "The largest value of each window along the last dimension "
                   "(nn.MaxPool1d).", "SqueezeBackward1", ()),
    "max_pool2d": ((_KERNEL, _STRIDE, _PADDING, _DILATION, _CEIL),
                   "The largest value of each window over the last two dimensions "
                   "(nn.MaxPool2d).", "MaxPool2DWithIndicesBackward0", ("max_pool2d",)),
    "avg_pool1d": ((_KERNEL, _STRIDE, _PADDING, _CEIL, _COUNT_PAD),
                   "The mean of each window along the last dimension (nn.AvgPool1d).",
                   "SqueezeBackward1", ()),
    "avg_pool2d": ((_KERNEL, _STRIDE, _PADDING, _CEIL, _COUNT_PAD, _DIVISOR),
                   "The mean of each window over the last two dimensions (nn.AvgPool2d).",
                   "AvgPool2DBackward0", ("avg_pool2d",)),
    "adaptive_avg_pool1d": ((_OUTPUT,), "The mean of each of output_size windows that tile "
                            "the last dimension (nn.AdaptiveAvgPool1d).", "SqueezeBackward1",
                            ()),
    "adaptive_avg_pool2d": ((_OUTPUT,), "The mean of each of output_size windows that tile "
                            "the last two dimensions (nn.AdaptiveAvgPool2d).",
                            "AdaptiveAvgPool2DBackward0", ("adaptive_avg_pool2d",)),
    "adaptive_max_pool2d": ((_OUTPUT,), "The largest value of each of output_size windows "
                            "that tile the last two dimensions (nn.AdaptiveMaxPool2d).",
                            "AdaptiveMaxPool2DBackward0", ("adaptive_max_pool2d",)),
}


def _pool_kind(name, NodeKind, Port, ParamSpec):
    settings, doc, grad_fn, ops = _POOLS[name]
    fn = getattr(torch.nn.functional, name)
    first, rest = settings[0][0], tuple((s[0], s[2]) for s in settings[1:])

    def evaluate(p, input):
        return fn(input, p[first], **{n: p[n] for n, _ in rest})

    def code(p, a):
        return f"{_F}{name}({a['input']}, {_written(p[first])}{_tail(p, rest)})"
    params = tuple(ParamSpec(n, k, default, text, optional=default is None)
                   for n, k, default, text in settings)
    return NodeKind(name, "convolution", doc, (Port("input"),), params, evaluate,
                    f"{_F}{name}({{input}}, {{{first}}})", grad_fn, code=code, ops=ops)


def register(add, NodeKind, Port, ParamSpec):
    """Adds the convolution and pooling kinds with the catalogue's ``add``."""
    for n, name in enumerate(CONV_KINDS, 1):
        add(_conv_kind(name, n, NodeKind, Port, ParamSpec))
    for name in POOL_KINDS:
        add(_pool_kind(name, NodeKind, Port, ParamSpec))
