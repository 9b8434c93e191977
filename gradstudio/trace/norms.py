"""``nn.BatchNorm1d`` / ``nn.BatchNorm2d`` in a traced script (part of the tracing child).

Made: its ``weight`` and ``bias`` are ``ones`` and ``zeros`` leaves that require grad
(PyTorch fills its ``torch.empty`` parameters so; the student wrote no ``torch.empty``),
its buffers ``running_mean`` (``zeros``), ``running_var`` (``ones``) and
``num_batches_tracked`` (``torch.tensor(0)``) leaves of their own, named after them.

Called: one ``batch_norm`` node (``document/catalogue_norm``) with the module's tensors
on its ports and its mode as the node's ``training`` (``F.batch_norm(x, rm, rv,
training=True)`` of running averages of the script's own is one such node too). In
training it adds one to ``num_batches_tracked`` and writes the running averages into the
buffers' tensors, so it is *stateful*: computed exactly once for each call of the
script. Before any timeline action it is computed in the forward pass (the buffers'
recorded values are taken again after it, as the document shows them after its forward
pass); after an action at a ``compute`` step at that moment (``late``), and so is what
reads a buffer it moved (``MOVED``: ``bn.running_mean.sum()``, the module in eval mode);
inside a folded training loop at a compute step of the loop's body, every iteration
(``fold``). In eval mode it reads the buffers.

Imports only the engine's public API and its sibling modules.
"""
from gradstudio.engine import inspect as raw
from gradstudio.vocabulary import DTYPES
from gradstudio.words import QT_TRANSLATE_NOOP

from .values import TraceError, _number, _Record

__all__ = ["batch_norm_layer", "batch_norm_forward", "committed", "STATEFUL", "MOVED"]

BUFFERS = ("running_mean", "running_var", "num_batches_tracked")

STATEFUL = "stateful"        # a node's mark: computing it changes a tensor (a buffer)
MOVED = "moved"              # a buffer's mark: a stateful node writes into it

_DTYPE = QT_TRANSLATE_NOOP("TraceRefusal", "a {dtype} nn.BatchNorm cannot be drawn")


def _leaf(rec, t, kind, params, name):
    if t.dtype.name != ("int64" if kind == "tensor" else "float32"):
        if t.dtype.name not in DTYPES:
            raise TraceError(_DTYPE, dtype=t.dtype.name)
        params["dtype"] = t.dtype.name
    params["requires_grad"] = bool(raw.requires_grad(t))
    rec.emit(_Record(kind, params, {}, t))
    rec.name_node(rec.node_of[id(t)], name)


def batch_norm_layer(rec, result, layer, *args, **kwargs):
    """``nn.BatchNorm1d(C, ...)``: its parameters and buffers as leaves (see above)."""
    shape = [int(layer.num_features)]
    for name, kind in (("weight", "ones"), ("bias", "zeros"), ("running_mean", "zeros"),
                       ("running_var", "ones")):
        t = getattr(layer, name)
        if t is not None:
            _leaf(rec, t, kind, {"shape": list(shape)}, name)
    if layer.num_batches_tracked is not None:
        _leaf(rec, layer.num_batches_tracked, "tensor", {"value": 0}, "num_batches_tracked")


def batch_norm_forward(rec, func, args, kwargs):
    """``bn(x)``: one ``batch_norm`` node (see above)."""
    layer = args[0]
    x = args[1] if len(args) > 1 else kwargs.get("input")
    counts = layer.training and layer.track_running_stats and \
        layer.num_batches_tracked is not None
    momentum = layer.momentum
    use_batch = layer.training or (layer.running_mean is None and layer.running_var is None)
    tracked = not layer.training or layer.track_running_stats
    rec.quiet += 1             # (its count, its op: one batch_norm node)
    try:
        out = func(*args, **kwargs)
    finally:
        rec.quiet -= 1
    inputs = {"input": x, "weight": layer.weight, "bias": layer.bias}
    if tracked:
        inputs.update(running_mean=layer.running_mean, running_var=layer.running_var)
    if counts:
        inputs["num_batches_tracked"] = layer.num_batches_tracked
    else:
        momentum = 0.0 if momentum is None else momentum
    params = {"training": bool(use_batch),
              "momentum": None if momentum is None else _number(momentum, "momentum"),
              "eps": _number(layer.eps, "eps")}
    inputs = {k: v for k, v in inputs.items() if v is not None}
    rec.emit(_Record("batch_norm", params, inputs, out))
    return out


def committed(rec, i, record):
    """Node ``i`` was committed from ``record``: a ``batch_norm`` in training, the
    module's or ``F.batch_norm``'s with running averages of the script's, writes into
    them (see above)."""
    if record.kind != "batch_norm" or not record.params.get("training"):
        return
    written = [record.inputs[k] for k in BUFFERS if record.inputs.get(k) is not None]
    if not written:
        return
    rec.nodes[i][STATEFUL] = True
    rec.nodes[i]["keep"] = True
    for t in written:
        rec.nodes[rec.node_of[id(t)]][MOVED] = True
    if rec.actions:
        rec.nodes[i]["late"] = rec.last_uid()
    else:
        for t in written:
            rec.retake(rec.node_of[id(t)])
