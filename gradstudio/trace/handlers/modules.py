"""``torch.nn``'s layers and parameters: ``nn.Linear``, ``nn.Conv1d`` and ``nn.Conv2d``
(their weight and bias drawn as PyTorch draws them), ``nn.Embedding``, ``nn.Parameter`` (``parameters``) and
``F.dropout`` (one dropout node, not its mask and multiplication)."""
import math
from functools import partial

from gradstudio.engine.nn import init as nn_init

from gradstudio.vocabulary import DTYPES
from gradstudio.words import QT_TRANSLATE_NOOP

from ..norms import batch_norm_forward, batch_norm_layer
from ..parameters import embedding_layer, parameter
from ..values import TraceError, _number, _Record
from .kinds import at_top, special


def _kaiming_leaves(rec, layer, fan_in, refusal):
    """A layer's weight and bias as leaves drawn from the generator as PyTorch draws them
    (``uniform_`` within Kaiming's bound, then within 1/sqrt(fan_in)), so the document's
    ``uniform`` nodes, run in the same order, draw the same numbers."""
    gain = nn_init.calculate_gain("leaky_relu", math.sqrt(5))    # kaiming_uniform_'s
    bounds = [math.sqrt(3.0) * (gain / math.sqrt(fan_in)) if fan_in else 0.0]
    params = [layer.weight]
    if layer.bias is not None:
        bounds.append(1 / math.sqrt(fan_in) if fan_in > 0 else 0)
        params.append(layer.bias)
    for p, bound, name in zip(params, bounds, ("weight", "bias")):
        values = {"shape": list(p.shape), "low": -bound, "high": bound,
                  "requires_grad": True}
        if p.dtype.name != "float32":
            if p.dtype.name not in DTYPES:
                raise TraceError(refusal, dtype=p.dtype.name)
            values["dtype"] = p.dtype.name
        rec.emit(_Record("uniform", values, {}, p))
        rec.name_node(rec.node_of[id(p)], name)


def linear_layer(rec, result, layer, in_features, out_features, bias=True, device=None,
                 dtype=None):
    """``nn.Linear(...)``: its weight and bias are leaves drawn as PyTorch draws them;
    its calls are the ``linear`` nodes of F.linear."""
    _kaiming_leaves(rec, layer, int(in_features), QT_TRANSLATE_NOOP(
        "TraceRefusal", "a {dtype} nn.Linear cannot be drawn"))


def conv_layer(rec, result, layer, *args, **kwargs):
    """``nn.Conv1d(...)`` / ``nn.Conv2d(...)``: its weight and bias are leaves drawn as
    PyTorch draws them (the fan-in is in_channels / groups times the kernel's size); its
    calls are the ``conv1d`` / ``conv2d`` nodes of F.conv1d / F.conv2d."""
    fan_in = math.prod(layer.weight.shape[1:])
    _kaiming_leaves(rec, layer, fan_in, QT_TRANSLATE_NOOP(
        "TraceRefusal", "a {dtype} convolution layer cannot be drawn"))


def dropout(rec, func, args, kwargs):
    x = args[0] if args else kwargs.get("input")
    p = args[1] if len(args) > 1 else kwargs.get("p", 0.5)
    training = args[2] if len(args) > 2 else kwargs.get("training", True)
    if training and p and (args[3] if len(args) > 3 else kwargs.get("inplace")):
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
            "dropout(inplace=True) cannot be drawn yet: it writes its mask into the "
            "tensor; use inplace=False"))
    rec.quiet += 1             # (its mask and multiplication: one dropout node)
    try:
        out = func(*args, **kwargs)
    finally:
        rec.quiet -= 1
    if out is not x:           # (in eval mode, or p = 0, it is x itself)
        rec.emit(_Record("dropout", {"p": _number(p, "dropout's p")}, {"self": x}, out))
    return out


def handlers(rec):
    """The layers' and parameters' handlers for ``rec``, by observed name."""
    return {
        "torch.nn.functional.dropout": at_top(rec, partial(dropout, rec)),
        "torch.nn.Parameter": at_top(rec, partial(parameter, rec)),
        "torch.nn.Linear": special(rec, partial(linear_layer, rec)),
        "torch.nn.Conv1d": special(rec, partial(conv_layer, rec)),
        "torch.nn.Conv2d": special(rec, partial(conv_layer, rec)),
        "torch.nn.Embedding": special(rec, partial(embedding_layer, rec)),
        "torch.nn.BatchNorm": special(rec, partial(batch_norm_layer, rec)),
        "torch.nn.BatchNorm.forward": at_top(rec, partial(batch_norm_forward, rec)),
    }
