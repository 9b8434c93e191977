"""Convolutions and poolings as node records (part of the tracing child): a call of
``F.conv1d`` / ``F.conv2d`` or of a pooling function is one node of the kind of its name
(``document.catalogue_conv``), with the call's settings; a table op reached another way
(``torch.convolution``, the 2-d op inside a module's call) is the node of the kind that
computes it (``convolution`` with a (out, in, k) weight is ``conv1d``). A setting the
same for every dimension is drawn as one number (``padding=(1, 1)`` as ``padding=1``),
which PyTorch reads the same.

Imports only its sibling modules."""
from gradstudio.words import QT_TRANSLATE_NOOP

from .values import TraceError, _Record

__all__ = ["conv_call", "pool_call", "EXPLICIT"]


def _setting(value):
    """An int, or a tuple of ints as a list; one number when they are all the same."""
    if isinstance(value, (tuple, list)):
        v = [int(x) for x in value]
        return v[0] if v and len(set(v)) == 1 else v
    return int(value)


def _same_padding(weight, dilation, n):
    """``padding='same'`` as the numbers it pads with (the engine pads evenly only)."""
    d = dilation if isinstance(dilation, (tuple, list)) else (dilation,) * n
    d = tuple(d) * n if len(d) == 1 else tuple(d)
    return [dd * (k - 1) // 2 for dd, k in zip(d, weight.shape[2:])]


def _ports(input, weight, bias, is_tensor):
    if not (is_tensor(input) and is_tensor(weight)) or \
            (bias is not None and not is_tensor(bias)):
        return None
    return {"input": input, "weight": weight, **({"bias": bias} if bias is not None else {})}


def conv_call(kind, is_tensor, out, input, weight, bias=None, stride=1, padding=0,
              dilation=1, groups=1):
    """``F.conv1d(...)`` / ``F.conv2d(...)`` as one node, or None (then the ops it ran)."""
    ports = _ports(input, weight, bias, is_tensor)
    if ports is None or not is_tensor(out):
        return None
    if isinstance(padding, str):
        padding = 0 if padding == "valid" else _same_padding(weight, dilation,
                                                             int(kind[-2]))
    return _Record(kind, {"stride": _setting(stride), "padding": _setting(padding),
                          "dilation": _setting(dilation), "groups": int(groups)},
                   ports, out)


# each pooling function's settings after its input, in its signature's order, with the
# defaults of the ones it may leave out
_SIGNATURES = {
    "max_pool1d": (("kernel_size", None), ("stride", None), ("padding", 0),
                   ("dilation", 1), ("ceil_mode", False)),
    "avg_pool1d": (("kernel_size", None), ("stride", None), ("padding", 0),
                   ("ceil_mode", False), ("count_include_pad", True)),
    "avg_pool2d": (("kernel_size", None), ("stride", None), ("padding", 0),
                   ("ceil_mode", False), ("count_include_pad", True),
                   ("divisor_override", None)),
    "adaptive_avg_pool1d": (("output_size", None),),
    "adaptive_max_pool2d": (("output_size", None),),
}
_SIGNATURES["max_pool2d"] = _SIGNATURES["max_pool1d"]
_SIGNATURES["adaptive_avg_pool2d"] = _SIGNATURES["adaptive_avg_pool1d"]
_BOOLS = {"ceil_mode", "count_include_pad"}


def pool_call(kind, is_tensor, out, input, *args, **kwargs):
    """A pooling function's call as one node, or None: its indices asked for too
    (``return_indices=True``), or a size left to the input (``None``)."""
    names = _SIGNATURES[kind]
    if not is_tensor(input) or not is_tensor(out) or kwargs.pop("return_indices", False) \
            or len(args) > len(names):
        return None
    given = dict(zip((n for n, _ in names), args), **kwargs)
    params = {}
    for name, default in names:
        v = given.get(name, default)
        if name == "stride" and v in ((), []):
            v = None
        if isinstance(v, (tuple, list)) and None in v:
            return None
        params[name] = bool(v) if name in _BOOLS else None if v is None else _setting(v)
    return _Record(kind, params, {"input": input}, out)


# ----------------------------------------------------------------------------- table ops
def _convolution(name, operands, p, output):
    x, w, b = (tuple(operands) + (None,))[:3]
    kinds = {3: "conv1d", 4: "conv2d"}
    if w.dim() not in kinds:
        raise TraceError(QT_TRANSLATE_NOOP(
            "TraceRefusal", "a {n}-d convolution cannot be drawn yet; conv1d and conv2d "
            "can"), n=w.dim() - 2)
    ports = {"input": x, "weight": w, **({"bias": b} if b is not None else {})}
    return _Record(kinds[w.dim()], {"stride": _setting(p["stride"]),
                                    "padding": _setting(p["padding"]),
                                    "dilation": _setting(p["dilation"]),
                                    "groups": int(p["groups"])}, ports, output)


def _pool(name, operands, p, output):
    names = _SIGNATURES[name]
    params = {}
    for n, default in names:
        v = p.get(n, default)
        params[n] = bool(v) if n in _BOOLS else None if v is None else _setting(v)
    return _Record(name, params, {"input": operands[0]}, output)


EXPLICIT = {"convolution": _convolution, "max_pool2d": _pool, "avg_pool2d": _pool,
            "adaptive_avg_pool2d": _pool, "adaptive_max_pool2d": _pool}
