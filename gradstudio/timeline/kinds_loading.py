"""Loading saved values into tensors, one entry: ``load_values``, each tensor's
``copy_`` of its source inside ``torch.no_grad()``, exactly what ``load_state_dict``
does to a module's parameters (restoring a checkpoint, keeping the best model of an
early stop). The sources are nodes of the graph: a tensor the trace did not see made (a
``copy.deepcopy`` of a ``state_dict``, what ``torch.load`` read) is a literal node holding
the values it had when they were loaded."""
import gradstudio.engine as torch
from gradstudio.engine.inspect import saved_state

from gradstudio.words import QT_TRANSLATE_NOOP, translate

from .record import ActionError, defaction

_INDENT = "    "


def _pairs(action, spell):
    p = action.params
    return [(spell.node(t), spell.node(s)) for t, s in zip(p["tensors"], p["sources"])]


def _run(ctx, action):
    p = action.params
    if not p["tensors"]:
        raise ActionError(translate("Actions", "Choose the tensors this step loads values into."))
    if len(p["sources"]) != len(p["tensors"]):
        raise ActionError(translate(
            "Actions", "Choose one source for each tensor this step loads values into."))
    pairs = [(ctx.tensor(t, "tensor"), ctx.tensor(s, "source"))
             for t, s in zip(p["tensors"], p["sources"])]
    with torch.no_grad():
        for target, source in pairs:
            target.copy_(source)


def _code(action, spell):
    return ["with torch.no_grad():"] + [f"{_INDENT}{t}.copy_({s})"
                                         for t, s in _pairs(action, spell) or [("?", "?")]], []


def _traced(seen):
    """``module.load_state_dict(state_dict, strict=True, assign=False)``: each
    parameter and buffer the module saves (its ``state_dict`` keys) takes the value
    saved under its name; with ``strict=False`` those the state_dict holds, the others
    keeping theirs and its other keys ignored, as PyTorch does."""
    return _params(seen, *seen.args, **seen.kwargs)


def _params(seen, module, state_dict, strict=True, assign=False):
    if assign:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "load_state_dict(..., assign=True) cannot be drawn yet: it replaces the "
            "parameters instead of loading values into them"))
    held = saved_state(module)            # its parameters and saved buffers, by key
    if not hasattr(state_dict, "keys") or (strict and set(state_dict.keys()) != set(held)):
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "load_state_dict cannot be drawn unless the state_dict holds exactly the "
            "module's parameters and buffers, by name (or strict=False)"))
    tensors, sources = [], []
    for name in (k for k in held if k in state_dict.keys()):
        source, target = state_dict[name], held[name]
        if not hasattr(source, "shape") or tuple(source.shape) != tuple(target.shape):
            seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "load_state_dict cannot be drawn unless {name} is a tensor of the "
                "parameter's shape"), name=name)
        tensors.append(seen.index(target))
        # (model.state_dict() holds its parameters' memory: the value is the
        # parameter's as it is now, which the step reads where it is)
        sources.append((seen.memory or seen.index)(source))
    return {"tensors": tensors, "sources": sources}


defaction("load_values", (("tensors", "nodes", []), ("sources", "nodes", [])),
          "load values into tensors (load_state_dict)", _code, run=_run, group="training",
          aim=lambda k: {"tensors": k.leaves, "sources": []}, changes="tensors", trains=True,
          traced={"torch.nn.Module.load_state_dict": _traced},
          explain=lambda a, spell: translate(
              "Actions", "Copies, in place and outside the graph (torch.no_grad()), the "
              "values of {pairs}, as model.load_state_dict does: each keeps its own .grad "
              "and requires_grad.").format(pairs=", ".join(
                  translate("Actions", "{source} into {target}").format(source=s, target=t)
                  for t, s in _pairs(a, spell)) or translate("Actions", "nothing")))
