"""Parameters and gradients changed in place by hand, one entry each: ``param_edit``
(``with torch.no_grad(): w.clamp_(-1.0, 1.0)``, ``p.mul_(0.99)`` for a weight decay
written by hand, ``p.add_(c)``, ``p.div_(c)``; or through ``.data``: ``w.data.clamp_(-0.01,
0.01)``): each of its tensors, a leaf that requires grad, changed by a plain number,
outside the graph; ``grad_clamp`` (``p.grad.clamp_(-0.1, 0.1)`` for each parameter between
a backward and a step: a gradient clipping written by hand)."""
import contextlib

import gradstudio.engine as torch

from gradstudio.words import QT_TRANSLATE_NOOP, translate

from .record import ActionError, defaction

_INDENT = "    "
METHODS = ("clamp_", "mul_", "add_", "div_")      # (the ``edit`` choice)


def _number(value):
    return "None" if value is None else repr(float(value))


def _call(p):
    """The call as the script spells it: ``clamp_(-1.0, 1.0)``, ``clamp_(min=0.0)``,
    ``mul_(0.99)``."""
    if p["edit"] != "clamp_":
        return f"{p['edit']}({_number(p['value'])})"
    if p["max"] is None:
        return f"clamp_(min={_number(p['min'])})"
    if p["min"] is None:
        return f"clamp_(max={_number(p['max'])})"
    return f"clamp_({_number(p['min'])}, {_number(p['max'])})"


def _run(ctx, action):
    p = action.params
    tensors = [ctx.tensor(n, "tensor") for n in p["tensors"]]
    if not tensors:
        raise ActionError(translate("Actions", "Choose the tensors this step changes."))
    if p["edit"] == "clamp_" and p["min"] is None and p["max"] is None:
        raise ActionError(translate("Actions", "clamp_ needs a lowest or a highest value."))
    with torch.no_grad() if not p["data"] else contextlib.nullcontext():
        for t in tensors:
            t = t.data if p["data"] else t
            if p["edit"] == "clamp_":
                t.clamp_(p["min"], p["max"])
            else:
                getattr(t, p["edit"])(p["value"])


def _code(action, spell):
    targets = [spell.node(n) for n in action.params["tensors"]] or ["?"]
    call = _call(action.params)
    if action.params["data"]:                  # (p.data.clamp_(): no no_grad block)
        return [f"{t}.data.{call}" for t in targets], []
    return ["with torch.no_grad():"] + [f"{_INDENT}{t}.{call}" for t in targets], []


_WORDS = {
    "clamp_": QT_TRANSLATE_NOOP("Actions", "Limits every element of {tensors} to [{min}, "
                                "{max}], in place, outside the graph (torch.no_grad())."),
    "mul_": QT_TRANSLATE_NOOP("Actions", "Multiplies {tensors} by {value}, in place, outside "
                              "the graph (torch.no_grad()): a weight decay written by hand."),
    "add_": QT_TRANSLATE_NOOP("Actions", "Adds {value} to every element of {tensors}, in "
                              "place, outside the graph (torch.no_grad())."),
    "div_": QT_TRANSLATE_NOOP("Actions", "Divides {tensors} by {value}, in place, outside "
                              "the graph (torch.no_grad())."),
}


def _explain(action, spell):
    p = action.params
    words = translate("Actions", _WORDS[p["edit"]])
    edge = lambda v, none: none if v is None else f"{v:g}"   # noqa: E731
    if p["data"]:                          # (p.data.clamp_(): no no_grad block)
        words = words.replace("(torch.no_grad())", "(.data)")
    return words.format(tensors=", ".join(spell.node(n) for n in p["tensors"]) or "?",
                        value=f"{p['value']:g}", min=edge(p["min"], "-inf"),
                        max=edge(p["max"], "inf"))


defaction("param_edit",
          (("tensors", "nodes", []), ("edit", "choice", "clamp_"), ("value", "float", 1.0),
           ("min", "float?", -1.0), ("max", "float?", 1.0), ("data", "bool", False)),
          "change in place: p.clamp_(), p.mul_()", _code, run=_run, group="training",
          aim=lambda k: {"tensors": [k.picked] if k.picked in k.leaves else k.leaves},
          changes="tensors", trains=True, distinct=("tensors",),
          applies=lambda p, name: name in ("tensors", "edit", "data") or (
              (name in ("min", "max")) == (p["edit"] == "clamp_")),
          traced={"p.clamp_() under no_grad": lambda seen: seen.params},
          explain=_explain)


# ----------------------------------------------------------------------------- grads
def _bound(value, seen):
    """A bound of ``p.grad.clamp_`` as the script gave it: None or a plain number."""
    if value is None:
        return None
    if isinstance(value, bool) or type(value) not in (int, float) or value != value:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", "p.grad.clamp_() can be drawn when its "
                                      "bounds are plain numbers, such as "
                                      "p.grad.clamp_(-1.0, 1.0)"))
    return float(value)


def _grad_traced(seen):
    lo, hi = seen.params.get("min"), seen.params.get("max")
    return {"tensors": [seen.node], "min": _bound(lo, seen), "max": _bound(hi, seen)}


def _grad_run(ctx, action):
    p = action.params
    tensors = [ctx.tensor(n, "tensor") for n in p["tensors"]]
    if not tensors:
        raise ActionError(translate("Actions", "Choose the tensors this step changes."))
    if p["min"] is None and p["max"] is None:
        raise ActionError(translate("Actions", "clamp_ needs a lowest or a highest value."))
    for t in tensors:
        t.grad.clamp_(p["min"], p["max"])


def _grad_code(action, spell):
    call = _call(dict(action.params, edit="clamp_"))
    targets = [spell.node(n) for n in action.params["tensors"]] or ["?"]
    return [f"{t}.grad.{call}" for t in targets], []


defaction("grad_clamp",
          (("tensors", "nodes", []), ("min", "float?", -1.0), ("max", "float?", 1.0)),
          "clamp the gradients: p.grad.clamp_()", _grad_code, run=_grad_run,
          group="training", aim=lambda k: {"tensors": k.leaves}, grads="tensors",
          distinct=("tensors",), traced={"x.grad.clamp_()": _grad_traced},
          explain=lambda a, spell: translate(
              "Actions", "Limits every element of the gradients of {tensors} to [{min}, "
              "{max}], in place: a gradient clipping written by hand.").format(
              tensors=", ".join(spell.node(n) for n in a.params["tensors"]) or "?",
              min="-inf" if a.params["min"] is None else f"{a.params['min']:g}",
              max="inf" if a.params["max"] is None else f"{a.params['max']:g}"))
