"""Compare two runs: keep one (``keep``), edit, and list what changed (``differences``):
each node's values, gradient, grad_fn, requires_grad and error, as lines such as
``x.grad: [[4.5, 4.5]…] → [[9, 9]…]``. Works on states (``TensorState``, or one an
exercise hides parts of: a hidden field is never compared, so nothing is given away)."""
from dataclasses import dataclass

import numpy as np

__all__ = ["KeptRun", "Difference", "keep", "differences", "short_numbers", "step_errors"]

FIELDS = ("error", "value", "grad", "grad_fn", "requires_grad")


def short_numbers(arr):
    """A short text for an array: ``27``, ``[2, 2, 2]``, ``[[4.5, 4.5]…]`` (the first row
    of up to 4 numbers, ``…`` for the rest); ``None`` for None."""
    if arr is None:
        return "None"
    a = np.asarray(arr)
    if a.ndim == 0 or a.size == 1 and a.ndim == 0:
        return _num(a.item())
    if a.size == 0:
        return "[]"
    first = a.reshape(-1, a.shape[-1])[0]
    body = ", ".join(_num(v) for v in first[:4]) + (", …" if first.size > 4 else "")
    more = a.size > first.size
    inner = f"[{body}]"
    for _ in range(a.ndim - 1):
        inner = f"[{inner}…]" if more else f"[{inner}]"
        more = False
    return inner


def _num(v):
    if isinstance(v, (bool, np.bool_)):
        return str(bool(v))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    return f"{float(v):.4g}"


def _fields(state):
    """What is compared of one state: ``{field: value}``, hidden fields left out."""
    if state is None:
        return {}
    hidden = getattr(state, "hidden", frozenset())
    if not state.ok:
        return {"error": str(state.error)}
    out = {"error": None}
    for name in ("value", "grad", "grad_fn", "requires_grad"):
        if name in hidden:
            continue
        v = getattr(state, name)
        out[name] = None if v is None else np.array(v, copy=True) \
            if name in ("value", "grad") else v
    return out


@dataclass(frozen=True)
class KeptRun:
    """A run kept for comparing: each node's name and compared fields at one step."""
    names: dict
    fields: dict
    label: str = ""
    errors: dict = None          # timeline step name -> the error it raised, or None


def step_errors(doc, result, hidden=False):
    """``{"step 2 (backward)": error or None}`` for the timeline of ``result``; with
    ``hidden`` (an exercise asks which step raises) nothing is compared."""
    if hidden or result is None:
        return {}
    return {f"step {i} ({a.kind})": o.error
            for i, (a, o) in enumerate(zip(doc.timeline, result.outcomes), start=1)}


def keep(doc, states, label="", errors=None):
    """Keeps ``states`` (node id -> state) of ``doc``'s run, and its ``step_errors``."""
    return KeptRun({n: doc.display_name(n) for n in states},
                   {n: _fields(s) for n, s in states.items()}, label, dict(errors or {}))


@dataclass(frozen=True)
class Difference:
    """One change: ``node_id``, ``name``, ``what`` (a field, or "added"/"removed") and
    the ``before``/``after`` texts; ``text`` is the line a view lists."""
    node_id: str
    name: str
    what: str
    before: str
    after: str

    @property
    def text(self):
        if self.what in ("added", "removed"):
            return f"{self.name}: {self.what}"
        label = {"value": self.name, "grad": f"{self.name}.grad",
                 "grad_fn": f"{self.name}.grad_fn", "requires_grad":
                 f"{self.name}.requires_grad", "error": f"{self.name} error"}[self.what]
        if self.what == "error" and self.node_id is None:
            label = f"{self.name} raises"
        return f"{label}: {self.before} → {self.after}"


def _text(field, v):
    if field in ("value", "grad"):
        return short_numbers(v)
    return "None" if v is None else str(v)


def _same(field, a, b):
    if field in ("value", "grad"):
        if a is None or b is None:
            return a is None and b is None
        return a.shape == b.shape and np.array_equal(a, b, equal_nan=True)
    return a == b


def differences(kept, doc, states, errors=None):
    """What changed between ``kept`` and ``states`` (node id -> state) of ``doc``'s run,
    in the current nodes' order, then the nodes that are gone, then the timeline steps
    whose error changed (``errors``: ``step_errors`` of the new run)."""
    out = []
    for n, state in states.items():
        name = doc.display_name(n)
        if n not in kept.fields:
            out.append(Difference(n, name, "added", "", ""))
            continue
        before, after = kept.fields[n], _fields(state)
        for field in FIELDS:
            if field not in before or field not in after:
                continue
            if not _same(field, before[field], after[field]):
                out.append(Difference(n, name, field, _text(field, before[field]),
                                      _text(field, after[field])))
    for n in kept.fields:
        if n not in states:
            out.append(Difference(n, kept.names[n], "removed", "", ""))
    old_errors = kept.errors or {}
    for step, error in (errors or {}).items():
        if step in old_errors and old_errors[step] != error:
            out.append(Difference(None, step, "error", str(old_errors[step]), str(error)))
    return out
