"""A parameter filled again before anything used it (part of the tracing child):
``nn.init.xavier_uniform_(layer.weight)``, ``nn.init.normal_(w, std=0.01)``,
``nn.init.zeros_(layer.bias)``, ``nn.init.constant_(w, 0.5)`` right after
``nn.Linear(...)`` made them, or ``nn.init``'s fill of a module's
``Parameter(torch.empty(...))`` (``nn.Conv2d``, ``nn.LSTM``).

PyTorch fills the tensor in place under ``no_grad``; autograd never sees it. A graph
shows the same as a new source node the parameter stands for from then on (``uniform``
with the new bounds, ``normal``, ``zeros``, ``full``), made where the fill was; the node
that made the first values stays as what it was when it drew random numbers (the
generator moved: the document's run draws them too, in the same order), no longer the
parameter's. A parameter already used by an op (``layer.weight.std()`` printed before
the fill) is filled the same way: what was computed from its first values keeps the old
node, a leaf as it was. A fill of a parameter a step already used (a backward, an
optimizer) is refused by the caller, as any in-place update of a leaf is.

Imports only the engine's public API and its sibling modules.
"""
from .parameters import used
from .values import RANDOM_KINDS, _Record

__all__ = ["fresh", "refill"]

_SOURCES = frozenset({"empty", "uniform", "normal", "randn", "rand", "zeros", "ones",
                      "full"})


def fresh(rec, t):
    """The node of ``t`` when ``t`` is a leaf a factory made (a module's parameter) and
    nothing has used it yet, else None."""
    i = rec.node_of.get(id(t))
    if i is None or rec.quiet or len(rec.frames) > 1:
        return None
    node = rec.nodes[i]
    if node["kind"] not in _SOURCES or node["inputs"] or node["alias"] or \
            node["params"].get("generator") is not None or _stepped(rec, i):
        return None
    return i


def _stepped(rec, i):
    """Whether a step (an optimizer's, a backward's, a print's) already uses node ``i``."""
    return any(v == i or (isinstance(v, list) and i in v)
               for a in rec.actions for v in a["params"].values())


def _draws_between(rec, i, kind):
    """Whether a random fill made now as node ``i`` would draw out of turn: a node made
    after ``i`` drew numbers (``nn.MultiheadAttention``'s ``in_proj_weight`` is an empty
    tensor filled by xavier_uniform_ after its ``out_proj`` Linear drew its weight), so
    the document's run, drawing in node order, would hand the fill numbers drawn before
    them."""
    return kind in RANDOM_KINDS and any(n["kind"] in RANDOM_KINDS for n in rec.nodes[i + 1:])


def refill(rec, i, t, kind, params):
    """Node ``i`` (``fresh``) refilled as a ``kind`` node with ``params``: the old node
    made no values anyone sees (``torch.empty``'s) or drew nothing: it becomes the new
    node; else a new node stands for ``t`` and the old one stays a random source only."""
    old = rec.nodes[i]
    seen = used(rec, i)
    if old["kind"] not in RANDOM_KINDS and not seen and not _draws_between(rec, i, kind):
        rec.refill(i, kind, params)
        return
    label, old["label"], old["keep"] = old["label"], None, False
    if old["kind"] not in RANDOM_KINDS:
        old["taint"] = None            # (torch.empty's node, left unused: not drawn)
    if not seen:
        old["params"]["requires_grad"] = False
        old["leaf_rg"] = False
    # (else what the script computed from the first values keeps them: its node stays
    # the leaf they were computed from, as the tensor was then)
    rec.emit(_Record(kind, params, {}, t))
    new = rec.nodes[rec.node_of[id(t)]]
    new["region"] = None              # (nn.init fills under no_grad: a source all the same)
    new["label"] = label
