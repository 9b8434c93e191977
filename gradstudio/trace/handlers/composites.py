"""Composite calls (``Tensor.matmul``, ``Tensor.reshape``, ``Tensor.__getitem__``,
``torch.where``, ``F.linear``, the losses): one node when their arguments fit the node
kind, else the ops they ran (``kinds.composite``). ``MAPPERS`` maps each observed name to
its mapper ``mapper(rec, out, *args, **kwargs)``, which gives the node's record or None."""
from functools import partial

from gradstudio.engine import inspect as raw
from gradstudio.words import QT_TRANSLATE_NOOP, Said

from ..ops import _index_key_text
from ..values import TraceError, _number, _Record, fed_back, has_marked
from ..writes import setitem
from .inplace import inplace
from .kinds import at_top, composite


def _holds_tensor(key):
    """Whether an index key has a tensor anywhere in it (``x[[t, 1]]`` too)."""
    stack = [key]
    while stack:
        k = stack.pop()
        if raw.is_tensor(k):
            return True
        if isinstance(k, (tuple, list)):
            stack.extend(k)
    return False


def _reduction(size_average, reduce, reduction):
    """The reduction a loss ran with: ``reduction``, unless the deprecated ``size_average``
    or ``reduce`` were given (then what PyTorch's ``_Reduction.legacy_get_string`` makes of
    them)."""
    if size_average is None and reduce is None:
        return reduction
    size_average = size_average is None or size_average
    reduce = reduce is None or reduce
    return "mean" if size_average and reduce else "sum" if reduce else "none"


def matmul_map(rec, out, a, b):
    if raw.is_tensor(a) and raw.is_tensor(b):
        return _Record("matmul", {}, {"self": a, "other": b}, out)
    return None


def reshape_map(rec, out, a, *shape):
    if not raw.is_tensor(a):
        return None
    return _Record("reshape", {"shape": list(out.shape)}, {"self": a}, out)


def contiguous_map(rec, out, a, memory_format=None):
    # (a copy only where a is not contiguous: else no op ran and out is a)
    if out is a or memory_format is not None:
        return None
    return _Record("contiguous", {}, {"self": a}, out)


def getitem_map(rec, out, a, key):
    text, ports = _index_key_text(key, raw.is_tensor)
    if text is None:
        if _holds_tensor(key):
            # the ops inside would draw the index's values, not its node
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
                "this indexing with a tensor cannot be drawn yet; use at most two tensors "
                "with integers, slices and lists (x[mask], x[:, idx], x[rows, cols])"))
        return None
    taint = (rec.line(), fed_back(key, rec.loading)) if has_marked(key) else None
    return _Record("index", {"key": text}, {"self": a, **ports}, out, taint=taint)


def where_map(rec, out, condition, input=None, other=None):
    """torch.where(c, x, y), and with a number for x or y (torch.where(c, x, 0.0)):
    the number is the where node's param of that name."""
    if not raw.is_tensor(condition) or input is None or other is None:
        return None
    ports, params = {"condition": condition}, {}
    for name, v in (("input", input), ("other", other)):
        if raw.is_tensor(v):
            ports[name] = v
        else:
            params[name] = _number(v, Said("TraceRefusal", QT_TRANSLATE_NOOP(
                "TraceRefusal", "the {name} of torch.where"), name=name))
    return _Record("where", params, ports, out)


def loss_map(kind, rec, out, input, target, weight=None, size_average=None,
             ignore_index=-100, reduce=None, reduction="mean", label_smoothing=0.0):
    """cross_entropy / nll_loss (``kind``) as one node with input and target ports (the
    target's own node, not the int64 copy the op keeps); cross_entropy's inner nll_loss
    call is left to it."""
    outermost = len(rec.frames) == 1
    if not raw.is_tensor(input) or not raw.is_tensor(target):
        return None
    if raw.data(target).dtype.kind == "f" or (weight is not None and not raw.is_tensor(weight)):
        if not outermost:
            return None
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
            "{kind} with class probabilities as the target cannot be drawn yet"), kind=kind)
    params = {"ignore_index": int(ignore_index),
              "reduction": _reduction(size_average, reduce, reduction)}
    if kind == "cross_entropy":
        params["label_smoothing"] = float(_number(label_smoothing, "label_smoothing"))
    ports = {"input": input, "target": target}
    if weight is not None:
        ports["weight"] = weight
    return _Record(kind, params, ports, out)


def mse_map(rec, out, input, target, size_average=None, reduce=None, reduction="mean",
            weight=None):
    # (with a weight it is PyTorch's composite: its own ops are drawn instead)
    if not raw.is_tensor(input) or not raw.is_tensor(target) or weight is not None:
        return None
    return _Record("mse_loss",
                   {"reduction": _reduction(size_average, reduce, reduction)},
                   {"input": input, "target": target}, out)


def bce_logits_map(rec, out, input, target, weight=None, size_average=None, reduce=None,
                   reduction="mean", pos_weight=None):
    """binary_cross_entropy_with_logits: its own op, drawn as it is; when it weighs
    (``BCEWithLogitsLoss(pos_weight=...)``: the module's buffer is the tensor the script
    gave it) one node with the weights on ports of their own."""
    if weight is None and pos_weight is None:
        return None
    if not all(raw.is_tensor(t) for t in (input, target)):
        return None
    ports = {"self": input, "target": target}
    ports.update((k, v) for k, v in (("weight", weight), ("pos_weight", pos_weight))
                 if v is not None)
    return _Record("binary_cross_entropy_with_logits",
                   {"reduction": _reduction(size_average, reduce, reduction)}, ports, out)


def linear_map(rec, out, input, weight, bias=None):
    if not (raw.is_tensor(input) and raw.is_tensor(weight)) or \
            (bias is not None and not raw.is_tensor(bias)):
        return None
    ports = {"input": input, "weight": weight}
    if bias is not None:
        ports["bias"] = bias
    return _Record("linear", {}, ports, out)


MAPPERS = {
    "torch.nn.functional.linear": linear_map,
    "Tensor.matmul": matmul_map,
    "Tensor.reshape": reshape_map,
    "Tensor.contiguous": contiguous_map,
    "Tensor.__getitem__": getitem_map,
    "torch.where": where_map,
    "torch.nn.functional.cross_entropy": partial(loss_map, "cross_entropy"),
    "torch.nn.functional.nll_loss": partial(loss_map, "nll_loss"),
    "torch.nn.functional.mse_loss": mse_map,
    "torch.nn.functional.binary_cross_entropy_with_logits": bce_logits_map,
}


def _setitem(rec, func, args, kwargs):
    return setitem(rec, func, *args, **kwargs)


def handlers(rec):
    """The composite calls' handlers for ``rec``, by observed name; also an op made in
    place (``inplace``) and ``x[key] = v`` (``writes.setitem``)."""
    h = {name: composite(rec, partial(mapper, rec)) for name, mapper in MAPPERS.items()}
    h["inplace"] = partial(inplace, rec)
    h["Tensor.__setitem__"] = at_top(rec, partial(_setitem, rec))
    return h
