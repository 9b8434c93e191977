"""Parameter updates written by hand (part of the tracing child): ``w -= lr * w.grad``
under ``torch.no_grad()``, ``w.sub_(lr * w.grad)``, ``w.data -= lr * w.grad`` and
``w.data = w.data - lr * w.grad`` (``w.grad * lr`` too, and ``w.grad`` alone for lr 1)
are one action of the document (the record claiming the trace point ``p -= lr *
p.grad``: ``update``), which computes exactly that.

The step ``lr * w.grad`` the script computed first was recorded as nodes (the gradient
as a literal, marked, and the product); the update consumes them (``Recorder.drop_tail``),
so they must be the last nodes made and nothing else may use them. Anything else that
changes a leaf that requires grad in place (``w -= lr * w.grad / n``, a clipped gradient,
``lr`` read from a tensor) is refused in one sentence: the document could only draw a
different program. Consecutive updates with the same settings (``w -= ...; b -= ...``)
are one action over both tensors, as the document's Train command writes them.
A parameter changed by a plain number under ``torch.no_grad()`` (``w.clamp_(-1, 1)``,
``p.mul_(0.99)``, ``p.add_(c)``, ``p.div_(c)``, ``p *= c``), or through ``.data``
(``p.data.clamp_(-0.01, 0.01)``), is a ``param_edit`` action.
A tensor sharing the leaf's memory (``w.detach()``, ``w.data``, a view) changes with
it in the document's run as in the script's, as after an optimizer's step.

Part of the tracing child (``child.py``); imports only the engine's public API, the
action records (``gradstudio.timeline``) and its sibling modules.
"""
import dis
import sys

from gradstudio.engine import inspect as raw
from gradstudio.timeline import Seen, traced
from gradstudio.words import QT_TRANSLATE_NOOP

from . import reinit
from .momentum import momentum_step
from .values import SCALAR_FED_BACK, TraceError, _number, has_marked

LEAF_UPDATE = QT_TRANSLATE_NOOP("TraceRefusal",
    "an in-place update of a leaf that requires grad can be drawn only as a training step"
    " of the form w -= lr * w.grad (or w.data -= lr * w.grad, or w.sub_(lr * w.grad)) "
    "with lr a plain number")
DATA_WRITE = QT_TRANSLATE_NOOP("TraceRefusal",
    "writing through .data (such as w.data.zero_() or w.data = ...) cannot be drawn yet, "
    "except as a training step w.data -= lr * w.grad or a parameter's change by a plain "
    "number (w.data.clamp_(-1, 1), w.data.mul_(0.99)): it changes a tensor without "
    "autograd seeing it")
OTHER_WRITE = QT_TRANSLATE_NOOP("TraceRefusal",
    "an in-place {method} of a leaf that requires grad (a parameter) cannot be drawn yet: "
    "the graph draws an in-place change of a parameter only as a training step "
    "w -= lr * w.grad")
# the in-place ops a script may run on a parameter under no_grad, as it wrote them
_METHODS = {"_copy": "copy_", "_fill": "fill_", "_fill_tensor": "fill_", "_zero": "zero_",
            "add": "add_ (+=)", "mul": "mul_ (*=)", "div": "div_ (/=)", "clamp": "clamp_",
            "_uniform": "uniform_", "_normal": "normal_"}

_opnames = {}


def trainable(t):
    return raw.requires_grad(t) and raw.grad_fn(t) is None


def inplace_update(rec, t, direct, op, operands, params):
    """An in-place ``op`` (already run) on ``t``, a leaf that requires grad (``direct``)
    or what ``x.data`` returned: records the ``update`` it is, or raises TraceError.
    ``nn.init.zeros_``/``constant_`` of a parameter nothing used yet is a new source
    (``reinit``)."""
    if direct and op.name in ("_zero", "_fill") and _refilled(rec, t, op, params):
        return
    if direct and op.name == "_copy" and _copied(rec, t, operands):
        return
    if direct:
        leaf, style = t, _call_style(rec)
    else:
        leaf = rec.data_source.get(id(t))
        if leaf is not None and trainable(leaf) and _edit(rec, leaf, op, operands, params,
                                                          through=t):
            return
        if leaf is None or not trainable(leaf) or op.name not in ("sub", "add"):
            raise TraceError(DATA_WRITE)
        style = "data"
    step = operands[1] if len(operands) == 2 else None
    if direct and _edit(rec, t, op, operands, params):
        return
    added = op.name == "add" and rec.is_tensor(step)        # w.data += -lr * w.grad
    if direct and op.name in _METHODS and not added:
        raise TraceError(OTHER_WRITE, method=_METHODS[op.name])
    if op.name not in ("sub", "add") or (params or {}).get("alpha", 1) != 1 or \
            not rec.is_tensor(step):
        raise TraceError(LEAF_UPDATE)
    found = _scaled_grad(rec, step, leaf, negated=added)
    if found is None and direct and op.name == "sub" and momentum_step(rec, t, step, style):
        return
    if found is None and added and direct:
        raise TraceError(OTHER_WRITE, method=_METHODS[op.name])
    if found is None:
        raise TraceError(LEAF_UPDATE)
    lr, chain = found
    alias = rec.node_of.get(id(t))
    if not direct and alias is not None and alias == min(chain) - 1:
        chain = [alias] + chain
    _record(rec, leaf, lr, style, chain)


_EDITS = {"clamp": "clamp_", "mul": "mul_", "add": "add_", "div": "div_"}


def _plain(value):
    return not isinstance(value, bool) and type(value) in (int, float) and \
        abs(value) != float("inf") and value == value


def _edit(rec, t, op, operands, params, through=None):
    """``w.clamp_(-1, 1)``, ``p.mul_(0.99)``, ``p.add_(c)``, ``p.div_(c)`` (or ``p *= c``)
    under ``torch.no_grad()`` with plain numbers: a ``param_edit`` action (consecutive ones
    with the same settings, ``for p in model.parameters(): p.mul_(0.99)``, are one over
    every tensor); False for anything else. ``through``: the ``t.data`` it was made on
    (``p.data.clamp_(-0.01, 0.01)``), whose node, made just before, it consumes."""
    edit, params = _EDITS.get(op.name), dict(params or {})
    data = through is not None
    node = rec.node_of.get(id(t))
    if edit is None or node is None or (rec.torch.is_grad_enabled() and not data):
        return False
    if has_marked((operands[1:], params)):
        raise TraceError(SCALAR_FED_BACK)
    if edit == "clamp_":
        lo, hi = params.get("min"), params.get("max")
        if len(operands) != 1 or any(v is not None and not _plain(v) for v in (lo, hi)):
            return False
        settings = {"edit": edit, "value": 1.0, "min": None if lo is None else float(lo),
                    "max": None if hi is None else float(hi), "data": data}
    else:
        value = operands[1] if len(operands) == 2 else None
        if not _plain(value) or params.get("alpha", 1) != 1 or \
                params.get("rounding_mode") is not None:
            return False
        settings = {"edit": edit, "value": float(value), "min": None, "max": None,
                    "data": data}
    alias = rec.node_of.get(id(through)) if data else None
    if alias is not None:
        last_action = rec.actions[-1]["after"] if rec.actions else 0
        n = rec.nodes[alias]
        if alias != len(rec.nodes) - 1 or last_action > alias or n["label"] or \
                n["watched"] or n["keep"]:
            return False
        rec.drop_tail([alias])
    _join_or_add(rec, "p.clamp_() under no_grad", node, settings)
    return True


def _join_or_add(rec, seen, node, settings):
    """The step the tracer makes of ``seen`` for the tensor ``node``: the last step itself
    (one more tensor) when it is the same step with the same ``settings`` made just
    before (``for p in model.parameters(): ...``), else a new one."""
    kind, made = traced(seen, Seen(params=dict(settings, tensors=[node])))
    last = rec.actions[-1] if rec.actions else None
    if last is not None and last["kind"] == kind and last["after"] == len(rec.nodes) \
            and not last.get("failed") and node not in last["params"]["tensors"] and \
            all(last["params"][k] == v for k, v in settings.items()):
        last["params"]["tensors"].append(node)
    else:
        rec.action(kind, made)
    tensors = rec.actions[-1]["params"]["tensors"]
    rec.action_done(values=[(k, rec.objects[k]) for k in tensors])


def _refilled(rec, t, op, params):
    from .handlers.factories import dtype_param
    i = reinit.fresh(rec, t)
    if i is None:
        return False
    kind, values = ("zeros", {"shape": list(t.shape)}) if op.name == "_zero" else \
        ("full", {"shape": list(t.shape),
                  "fill_value": _number((params or {}).get("value"), "the fill value")})
    reinit.refill(rec, i, t, kind, dtype_param(t, kind, values))
    return True


# the sources a parameter may be copied from (copy_): made again the same by the graph
_COPIED = frozenset({"tensor", "ones", "zeros", "full", "eye", "arange", "linspace"})


def _copied(rec, t, operands):
    """``p.copy_(torch.tensor([0.25]))`` (or ``torch.eye(2)``, ...) under no_grad, of a
    parameter nothing used yet (``reinit.fresh``), from a source of the same shape and
    dtype that a factory made from plain numbers: the parameter is drawn as that factory
    (requiring grad) from then on; False for anything else."""
    i = reinit.fresh(rec, t)
    src = operands[1] if len(operands) > 1 else None
    j = rec.node_of.get(id(src)) if i is not None and rec.is_tensor(src) else None
    if j is None:
        return False
    node = rec.nodes[j]
    if node["kind"] not in _COPIED or node["inputs"] or node["taint"] or node["alias"] or \
            raw.requires_grad(src) or tuple(src.shape) != tuple(t.shape) or \
            src.dtype != t.dtype or has_marked(node["params"]):
        return False
    reinit.refill(rec, i, t, node["kind"], dict(node["params"], requires_grad=True))
    return True


def data_assignment(rec, t, value):
    """``t.data = value`` (already run): ``w.data = w.data - lr * w.grad`` (or ``w -
    ...``) is recorded as an ``update``; anything else is refused."""
    i = rec.node_of.get(id(value)) if rec.is_tensor(value) else None
    if i is None or not trainable(t):
        raise TraceError(DATA_WRITE)
    node = rec.nodes[i]
    if node["kind"] != "sub":
        raise TraceError(DATA_WRITE)
    if node["params"] or set(node["inputs"]) != {"self", "other"}:
        raise TraceError(LEAF_UPDATE)
    base = node["inputs"]["self"]
    src = rec.objects[base]
    if src is not t and rec.data_source.get(id(src)) is not t:
        raise TraceError(LEAF_UPDATE)
    found = _scaled_grad(rec, rec.objects[node["inputs"]["other"]], t)
    if found is None:
        raise TraceError(LEAF_UPDATE)
    lr, chain = found
    chain = chain + [i]
    if src is not t and base == min(chain) - 1:
        chain = [base] + chain
    _record(rec, t, lr, "data", chain)


def _scaled_grad(rec, step, leaf, negated=False):
    """``(lr, nodes)`` when ``step`` is ``lr * leaf.grad`` (or the gradient itself), as
    the last nodes made; else None. ``negated``: the step is added (``w.data += -lr *
    w.grad``), so it must be ``-lr * leaf.grad`` with lr > 0, and the update it is
    subtracts ``lr * leaf.grad``: the same bits, as ``-(lr * g)`` rounds to ``(-lr) * g``
    and ``w + (-s)`` is ``w - s``."""
    i = rec.node_of.get(id(step))
    if i is None:
        return None
    node = rec.nodes[i]
    if node["kind"] == "mul" and list(node["inputs"]) == ["self"] and \
            list(node["params"]) == ["other"]:
        lr, g = node["params"]["other"], node["inputs"]["self"]
        chain = [g, i]
        if negated:
            if has_marked(lr):
                raise TraceError(SCALAR_FED_BACK)
            if not isinstance(lr, (int, float)) or isinstance(lr, bool) or not lr < 0:
                return None
            lr = -lr
    elif negated:
        return None
    elif node.get("grad_owner") is not None:
        lr, g, chain = 1, i, [i]
    else:
        return None
    owner = rec.nodes[g].get("grad_owner")
    grad, now = rec.objects[g], raw.grad(leaf)
    if owner is None or rec.objects[owner] is not leaf or now is None or \
            (grad is not now and rec.grad_alias.get(id(grad)) is not now):
        return None
    if has_marked(lr):
        raise TraceError(SCALAR_FED_BACK)
    return lr, chain


def _record(rec, leaf, lr, style, chain):
    first = min(chain)
    last_action = rec.actions[-1]["after"] if rec.actions else 0
    if sorted(chain) != list(range(first, len(rec.nodes))) or last_action > first or any(
            rec.nodes[k]["label"] or rec.nodes[k]["watched"] or rec.nodes[k]["keep"]
            for k in chain):
        raise TraceError(LEAF_UPDATE)
    rec.drop_tail(chain)
    node = rec.node_of[id(leaf)]
    settings = {"lr": float(lr), "style": style, "no_grad": not rec.torch.is_grad_enabled()}
    _join_or_add(rec, "p -= lr * p.grad", node, settings)


def _call_style(rec):
    """``"-="`` for ``w -= ...`` (an in-place operator), ``"sub_"`` for ``w.sub_(...)``,
    read from the instruction the script's frame is running."""
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename != rec.filename:
        f = f.f_back
    if f is None:
        return "-="
    names = _opnames.get(f.f_code)
    if names is None:
        names = _opnames[f.f_code] = {ins.offset: ins.opname
                                      for ins in dis.get_instructions(f.f_code)}
    return "-=" if names.get(f.f_lasti, "").startswith(("BINARY_OP", "INPLACE_")) else "sub_"
