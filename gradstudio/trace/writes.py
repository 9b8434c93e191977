"""Writes into a tensor (part of the tracing child): ``x[key] = v``, ``x.fill_(v)``,
``x.zero_()``, ``x.copy_(src)``, and ``x[1:] += 1``.

Each is drawn as a node of the write kind (``setitem``, ``fill_``, ``zero_``, ``copy_``)
that writes *in place* (the kinds' ``in_place`` param): the node writes into its input
tensor itself and is that same tensor (an alias node, as ``requires_grad_`` is), exactly
as the script's write: a tensor that requires grad gets PyTorch's ``CopySlices`` and a
new version, so a backward that saved it fails as the script's does.

- before the script's first timeline action, the write is part of the forward pass:
  the nodes that are the written tensor show the written values in the document's run,
  so their recorded values are taken again after the write
  (``Recorder.written_in_place``) for the check to compare;
- after an action, the write is computed by a compute step at that moment (the node
  is ``late``, see ``late``): the nodes before it keep their values until then. Folded
  into a loop, whose forward writes it every iteration, they hold the written values
  (``Recorder.written``, for the loop's check).

An arithmetic update (``y.add_(1)``, ``y *= 2``) of a tensor autograd tracks (it requires
grad, is no view and no leaf) is drawn in place as well (``add``, ``sub``, ``mul`` and
``div`` have the ``in_place`` param), before the script's first timeline action as part
of the forward pass, after one computed at its moment as a write is: a backward through
a node that saved ``y`` then fails as the script's does; drawn as a new tensor it would
succeed where the script's raised. Any other is drawn as a new node.

``x[1:] += 1`` (below) is the one write drawn *into a copy*: the node copies its input
and the tensor stands for the new node from then on, as an in-place operation such as
``y.mul_(2)`` stands for a new ``mul`` node; into a tensor that requires grad the copy
would add a ``CloneBackward0`` the script's graph does not have, so that is refused.

Writes into a ``.grad``, through ``.data``, and into a view (they change another tensor
too) are refused, except the one Python makes for ``x[key] += v``, always drawn into a
copy:

``x[1:] += 1`` runs as ``v = x[1:]; v += 1; x[1:] = v``. The in-place add on the view
``v`` changes ``x``'s memory, which a graph cannot show by itself; it is drawn as a new
node for ``v`` and kept *pending* (``Recorder.pending_view``) until the assignment that
writes ``v`` back into ``x`` with the same key arrives, which draws the write. Anything
else the script does first refuses the in-place update of the view.

Imports only the engine's public API and its sibling modules.
"""
from gradstudio.engine import inspect as raw

from .ops import _index_key_text
from .values import SCALAR_FED_BACK, TraceError, _number, _Record, has_marked
from gradstudio.words import QT_TRANSLATE_NOOP, Said

__all__ = ["setitem", "view_written", "write_refusal", "emit_write", "VIEW_WRITE",
           "WRITE_OPS", "SHARED", "arithmetic_in_place", "view_fill"]

# the engine's in-place ops that write values (rather than compute from the old ones)
WRITE_OPS = frozenset({"_setitem", "_fill", "_fill_tensor", "_zero", "_copy"})
# the arithmetic a node makes in place too (the document's ``catalogue.IN_PLACE_KINDS``)
ARITHMETIC_OPS = frozenset({"add", "sub", "mul", "div"})


def arithmetic_in_place(rec, t, op):
    """Whether the arithmetic ``op`` made in place on ``t`` is drawn in place (see the
    module's docstring)."""
    return op.name in ARITHMETIC_OPS and raw.requires_grad(t) and \
        raw.grad_fn(t) is not None and not raw.is_view(t)

VIEW_WRITE = QT_TRANSLATE_NOOP("TraceRefusal",
    "an in-place update of a view (such as v = x[1:]; v += 5, or x[1:].mul_(3)) cannot be"
    " drawn: it changes the tensor it views; compute a new tensor instead, or write x[1:]"
    " += 5")
GRAD_VIEW_WRITE = QT_TRANSLATE_NOOP("TraceRefusal",
    "an in-place update of a part of a tensor that requires grad (such as y[0] += 5 or "
    "y[1:].mul_(3)) cannot be drawn yet; compute a new tensor instead (for example with "
    "torch.cat)")
INTO_GRAD = QT_TRANSLATE_NOOP("TraceRefusal",
    "assigning into a .grad (x.grad[0] = 0) cannot be drawn yet")
INTO_DATA = QT_TRANSLATE_NOOP("TraceRefusal",
    "assigning through .data (x.data[0] = 0) cannot be drawn: it changes a tensor without"
    " autograd seeing it")
SHARED = QT_TRANSLATE_NOOP("TraceRefusal",
    "an in-place update of a tensor that shares its memory with another (through "
    "x.detach() or x.data) cannot be drawn: it changes both; compute a new tensor instead")


class PendingView:
    """An in-place update of the view ``view`` of ``base`` (``x[key]``), drawn as a new
    node for the view, waiting for ``base[key] = view``."""
    __slots__ = ("base", "view", "key", "line")

    def __init__(self, base, view, key, line):
        self.base, self.view, self.key, self.line = base, view, key, line


def write_refusal(rec, t):
    """Why a write into ``t`` cannot be drawn, or None. (Into a leaf that requires grad,
    PyTorch's own error stops the script first, unless under no_grad, where the write is
    what the script does.)"""
    if id(t) in rec.grad_of:
        return INTO_GRAD
    if id(t) in rec.data_aliases:
        return INTO_DATA
    return None


def emit_write(rec, record, in_place, new=False):
    """Commits the write node ``record`` (a ``_Record`` whose output is the written
    tensor), in place or into a copy. ``new``: the tensor was made just now and nothing
    has seen it (an nn.Embedding's padding row): part of the forward pass, as a write
    before the first action is, even after one."""
    if in_place:
        record.params["in_place"] = True
        record.alias = True              # (the same tensor: it keeps its input's name)
    rec.emit(record)
    if in_place:
        i = rec.node_of[id(record.output)]
        rec.nodes[i]["keep"] = True      # (it changed a tensor the graph keeps)
        if rec.actions and not new:
            # after a timeline action: written by a compute step at this moment (``late``),
            # the nodes before it keeping their values until then; folded into a loop,
            # where the loop's forward writes it, they hold the written values
            rec.nodes[i]["late"] = rec.last_uid()
            if rec.record_values:
                for k in rec.same_tensor(i):
                    rec.written[k] = raw.data(record.output).copy()
            rec.written_in_place(i, late=rec.nodes[i]["late"])
        else:
            rec.written_in_place(i)


def view_written(rec, t):
    """Before an in-place op on the view ``t`` (not a write: ``t += 1``) is drawn as a
    new node: the view's node must be ``base[key]`` of a tensor whose node is still
    current, else the update is refused. Returns the ``PendingView`` to keep."""
    i = rec.node_of.get(id(t))
    node = None if i is None else rec.nodes[i]
    if node is None or node["kind"] != "index" or "self" not in node["inputs"]:
        raise TraceError(VIEW_WRITE)      # (x[t, p] += 1: its key's tensors are inputs too)
    base = rec.objects[node["inputs"]["self"]]
    if rec.node_of.get(id(base)) != node["inputs"]["self"]:
        raise TraceError(VIEW_WRITE)
    problem = write_refusal(rec, base)       # (y[0] += 5 writes into y)
    if problem is None and raw.requires_grad(base):
        problem = GRAD_VIEW_WRITE            # (the copy would add a CloneBackward0)
    if problem is not None:
        raise TraceError(problem)
    return PendingView(base, t, node["params"]["key"], rec.line())


def setitem(rec, func, t, key, value):
    """``t[key] = value`` made by the script: a ``setitem`` node, or a refusal."""
    pending, rec.pending_view = rec.pending_view, None
    in_place = pending is None              # (x[1:] += 1 writes into a copy)
    problem = write_refusal(rec, t)
    if problem is None and raw.is_view(t):
        problem = VIEW_WRITE
    text, ports = _index_key_text(key, raw.is_tensor)
    if problem is None and text is None:
        problem = QT_TRANSLATE_NOOP(
            "TraceRefusal", "this assignment cannot be drawn yet; index with integers, "
            "slices, lists and at most two tensors (x[mask] = 0, x[:, idx] = v)")
    if pending is not None and not (pending.base is t and pending.view is value and
                                    pending.key == text):
        raise TraceError(VIEW_WRITE, line=pending.line)
    if problem is not None:
        raise TraceError(problem)
    params, inputs = {"key": text, "value": 0.0}, {"self": t, **ports}
    if raw.is_tensor(value):
        inputs["value"] = value
    else:
        params["value"] = _number(value, Said("TraceRefusal", QT_TRANSLATE_NOOP(
            "TraceRefusal", "the value written")))
    for tensor in inputs.values():       # their nodes hold what they were before the write
        rec.node_index(tensor)
    taint = (rec.line(), SCALAR_FED_BACK) if has_marked(key) or has_marked(params) else None
    rec.quiet += 1
    try:
        out = func(t, key, value)
    finally:
        rec.quiet -= 1
    rec.taint_sharers(t, SHARED)
    emit_write(rec, _Record("setitem", params, inputs, t, taint=taint), in_place)
    if pending is not None:
        # the view is a view of the tensor as written now (its node before the write
        # stays the value the write used)
        rec.emit(_Record("index", {"key": text}, {"self": t, **ports}, value))
    return out


def view_fill(rec, t, op, params):
    """``w[0].fill_(0.5)`` or ``w[:, 1:].zero_()`` under no_grad (already run), ``t`` a
    view of a leaf that requires grad (a parameter), made just before by ``w[key]`` and
    used for nothing else (not kept in a name either): the same write as ``w[key] =
    0.5``, drawn as that ``setitem`` in place (the view's node, made before the write, is
    dropped; the view stands for ``w[key]`` as written from then on). False for anything
    else (refused by the caller)."""
    if op.name not in ("_fill", "_zero") or not raw.is_view(t):
        return False
    i = rec.node_of.get(id(t))
    node = None if i is None else rec.nodes[i]
    if node is None or node["kind"] != "index" or list(node["inputs"]) != ["self"] or \
            i != len(rec.nodes) - 1 or node["label"] or node["watched"] or \
            node["keep"] or node["taint"] or has_marked(node["params"]):
        return False
    last_action = rec.actions[-1]["after"] if rec.actions else 0
    base = rec.objects[node["inputs"]["self"]]
    if last_action > i or rec.node_of.get(id(base)) != node["inputs"]["self"] or \
            raw.is_view(base) or write_refusal(rec, base) is not None:     # (w[0][1])
        return False
    value = 0.0 if op.name == "_zero" else (params or {}).get("value")
    if has_marked(value):
        raise TraceError(SCALAR_FED_BACK)
    value = _number(value, Said("TraceRefusal", QT_TRANSLATE_NOOP(
        "TraceRefusal", "the value written")))
    key = node["params"]["key"]
    rec.drop_tail([i])
    rec.absorbed.discard(id(t))
    emit_write(rec, _Record("setitem", {"key": key, "value": value}, {"self": base}, base),
               True)
    rec.emit(_Record("index", {"key": key}, {"self": base}, t))
    return True
