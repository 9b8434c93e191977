"""``nn.Parameter(t)`` in a traced script (part of the tracing child).

A parameter is a leaf that requires grad, sharing ``t``'s memory; to autograd it is
exactly ``t.detach().requires_grad_()``. When ``t`` is a tensor the script made for it
(a literal or a factory such as ``torch.randn(3)``, not computed with yet), the node that
made ``t`` becomes the parameter's: its ``requires_grad`` set as the parameter's, the
parameter standing for it from then on, as ``nn.Linear``'s weight is a ``uniform`` leaf.
``t`` itself is let go: it shares the parameter's memory (training the parameter changes
it), which a graph cannot show, so using it again is refused. The graph prints the
parameter as the tensor it is, without PyTorch's ``Parameter containing:`` line.

A parameter of a tensor the script computed for it (``torch.randn(3, 1) * 0.1``) and uses
for nothing else is that tensor's ``detach()`` made a leaf that requires grad. Anything
else (a parameter of a tensor already computed with, or of no tensor) is refused in one
sentence.

Imports only the engine's public API and its sibling modules.
"""
from gradstudio.engine import inspect as raw
from gradstudio.words import QT_TRANSLATE_NOOP

from .values import TraceError, _Record
from .writes import emit_write

__all__ = ["parameter", "embedding_layer", "used"]

AGAIN = QT_TRANSLATE_NOOP("TraceRefusal",
    "the tensor an nn.Parameter was made from is used again, which cannot be drawn yet: "
    "it shares the parameter's memory, so training the parameter changes it too; use the "
    "parameter itself")
USED = QT_TRANSLATE_NOOP("TraceRefusal",
    "nn.Parameter of a tensor the script already computes with cannot be drawn yet: make "
    "the parameter from a new tensor, as nn.Parameter(torch.randn(3)) does")


def parameter(rec, func, args, kwargs):
    """``torch.nn.Parameter(data, requires_grad)`` made by the script."""
    rec.quiet += 1                  # (what it does inside, data.detach(), is not drawn)
    try:
        p = func(*args, **kwargs)
    finally:
        rec.quiet -= 1
    data = args[1] if len(args) > 1 else kwargs.get("data")
    if not raw.is_tensor(data):
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
            "nn.Parameter() without a tensor cannot be drawn yet: give it the tensor it "
            "starts from, as nn.Parameter(torch.zeros(3))"))
    i = rec.node_index(data)
    node = rec.nodes[i]
    if used(rec, i):
        raise TraceError(USED)
    if "requires_grad" not in node["params"] or node["inputs"]:
        return _computed_parameter(rec, data, p)
    requires_grad = bool(raw.requires_grad(p))
    node["params"]["requires_grad"] = requires_grad
    node["leaf_rg"] = requires_grad
    node["label"] = None          # (named after what holds the parameter, if anything)
    del rec.node_of[id(data)]
    rec.retired[id(data)] = AGAIN
    rec.grad_holders.pop(id(data), None)
    rec.node_of[id(p)] = i
    rec.objects[i] = p
    rec.keep.append(p)
    if requires_grad:
        rec.grad_holders[id(p)] = p
    return p


def _computed_parameter(rec, data, p):
    """``nn.Parameter(torch.randn(3, 1) * 0.1)``: a parameter of a tensor the script
    computed for it and uses for nothing else is that tensor's ``detach()`` made a leaf
    that requires grad (``requires_grad_``), which is what it is to autograd; ``data``
    is let go, as below (it shares the parameter's memory)."""
    rec.retired[id(data)] = AGAIN
    rec.emit(_Record("detach", {}, {"self": data}, p))
    if raw.requires_grad(p):
        rec.emit(_Record("requires_grad_", {"requires_grad": True}, {"self": p}, p,
                         alias=True))
    rec.keep.append(p)
    return p


def used(rec, i):
    """Whether node ``i`` feeds another node or a step already."""
    if any(i in node["inputs"].values() for node in rec.nodes):
        return True
    for a in rec.actions:
        for v in a["params"].values():
            if v == i or (isinstance(v, list) and i in v):
                return True
    return False


def embedding_layer(rec, result, layer, num_embeddings, embedding_dim, *args, **kwargs):
    """``nn.Embedding(n, d)``: its weight is a ``randn`` leaf of shape (n, d), drawn from
    the generator as PyTorch's ``normal_(0, 1)`` draws it; its calls are ``embedding``
    nodes of F.embedding (with its ``padding_idx``). With ``padding_idx=k`` PyTorch then
    zeroes row k under no_grad (``reset_parameters``): drawn as that write, ``weight[k] =
    0.0`` in place (``writes``), as the script's ``with torch.no_grad(): w[k] = 0``."""
    p = layer.weight
    if kwargs.get("_weight") is not None or len(args) > 6 and args[6] is not None:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
            "an nn.Embedding made from a given weight cannot be drawn yet: let it draw its "
            "own, or use F.embedding with a tensor of yours"))
    params = {"shape": [int(num_embeddings), int(embedding_dim)],
              "requires_grad": bool(raw.requires_grad(p))}
    if p.dtype.name != "float32":
        params["dtype"] = p.dtype.name
    rec.emit(_Record("randn", params, {}, p))
    rec.name_node(rec.node_of[id(p)], "weight")
    if layer.padding_idx is not None:
        # PyTorch zeroes the padding row under no_grad once drawn: a write in place, in
        # a no_grad block of its own (as ``with torch.no_grad(): weight[k] = 0.0``)
        rec.blocks += 1
        rec.block_stack.append(f"b{rec.blocks}")
        try:
            with rec.torch.no_grad():
                emit_write(rec, _Record("setitem", {"key": str(int(layer.padding_idx)),
                                                    "value": 0.0}, {"self": p}, p), True,
                           new=True)
        finally:
            rec.block_stack.pop()
