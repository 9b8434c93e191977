"""Gradient clipping's actions, one entry each: ``clip_grad_norm``
(``torch.nn.utils.clip_grad_norm_([w, b], max_norm=1.0)``) and ``clip_grad_value``
(``torch.nn.utils.clip_grad_value_([w, b], clip_value=0.5)``): both change the ``.grad``
of the tensors they are given, in place, between a backward pass and a step."""
import math

import gradstudio.engine as torch

from gradstudio.words import QT_TRANSLATE_NOOP, translate

from .record import ActionError, defaction

_NORMS = {"2": 2.0, "1": 1.0, "inf": math.inf}      # (the choice -> norm_type)
_NORM_WORDS = {"2": QT_TRANSLATE_NOOP("Actions", "2-norm"),
               "1": QT_TRANSLATE_NOOP("Actions", "1-norm"),
               "inf": QT_TRANSLATE_NOOP("Actions", "largest absolute value")}


def _tensors(ctx, action):
    tensors = [ctx.tensor(n, "tensor") for n in action.params["params"]]
    if not tensors:
        raise ActionError(translate("Actions", "Choose the tensors whose gradients this "
                                    "step clips."))
    return tensors


def _listed(action, spell):
    return "[" + ", ".join(spell.node(n) for n in action.params["params"]) + "]"


def _plain(value, what, seen):
    """A setting the script gave as a plain, finite number, or its refusal."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            type(value) not in (int, float) or not math.isfinite(value):
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", "{what} cannot be drawn unless it is a plain, "
                                      "finite number"), what=what)
    return float(value)


def _parameters(seen, parameters):
    """The nodes of the tensors a clipping call was given (one tensor, or a list)."""
    if hasattr(parameters, "grad") and hasattr(parameters, "shape"):
        parameters = [parameters]
    if not isinstance(parameters, (list, tuple)) or not parameters:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "gradient clipping cannot be drawn unless it is given a tensor or a list of "
            "tensors (such as model.parameters())"))
    return [seen.index(p) for p in parameters]


# ----------------------------------------------------------------------------- by norm
def _norm_run(ctx, action):
    p = action.params
    torch.nn.utils.clip_grad_norm_(_tensors(ctx, action), p["max_norm"],
                                   norm_type=_NORMS[p["norm_type"]],
                                   error_if_nonfinite=p["error_if_nonfinite"])


def _norm_code(action, spell):
    p = action.params
    args = f"max_norm={p['max_norm']!r}"
    if p["norm_type"] != "2":
        args += ", norm_type=" + ("float('inf')" if p["norm_type"] == "inf" else "1.0")
    if p["error_if_nonfinite"]:
        args += ", error_if_nonfinite=True"
    return [f"torch.nn.utils.clip_grad_norm_({_listed(action, spell)}, {args})"], []


def _norm_traced(seen):
    return _norm_params(seen, *seen.args, **seen.kwargs)


def _norm_params(seen, parameters, max_norm, norm_type=2.0, error_if_nonfinite=False,
                 foreach=None):
    if foreach is not None:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", "clip_grad_norm_(..., foreach=...) cannot be "
                                      "drawn yet"))
    norm = {v: k for k, v in _NORMS.items()}.get(norm_type if isinstance(
        norm_type, (int, float)) and not isinstance(norm_type, bool) else None)
    if norm is None:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "clip_grad_norm_ with norm_type={norm} cannot be drawn yet: a document clips "
            "by the 2-norm, the 1-norm or the largest value (inf)"), norm=repr(norm_type))
    return {"params": _parameters(seen, parameters),
            "max_norm": _plain(max_norm, "clip_grad_norm_'s max_norm", seen),
            "norm_type": norm, "error_if_nonfinite": bool(error_if_nonfinite)}


defaction("clip_grad_norm",
          (("params", "nodes", []), ("max_norm", "float", 1.0), ("norm_type", "choice", "2"),
           ("error_if_nonfinite", "bool", False)),
          "clip the gradients' norm", _norm_code, run=_norm_run, group="training",
          aim=lambda k: {"params": k.leaves}, distinct=("params",), grads="params",
          traced={"torch.nn.utils.clip_grad_norm_": _norm_traced},
          explain=lambda a, spell: translate(
              "Actions", "Scales the gradients of {tensors} together, in place, so that "
              "their {norm} (all of them as one vector) is at most {max_norm}; gradients "
              "already within it stay as they are.").format(
              tensors=_listed(a, spell),
              norm=translate("Actions", _NORM_WORDS[a.params["norm_type"]]),
              max_norm=f"{a.params['max_norm']:g}"))


# ----------------------------------------------------------------------------- by value
def _value_run(ctx, action):
    torch.nn.utils.clip_grad_value_(_tensors(ctx, action), action.params["clip_value"])


def _value_traced(seen):
    return _value_params(seen, *seen.args, **seen.kwargs)


def _value_params(seen, parameters, clip_value, foreach=None):
    if foreach is not None:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", "clip_grad_value_(..., foreach=...) cannot be "
                                      "drawn yet"))
    return {"params": _parameters(seen, parameters),
            "clip_value": _plain(clip_value, "clip_grad_value_'s clip_value", seen)}


defaction("clip_grad_value", (("params", "nodes", []), ("clip_value", "float", 1.0)),
          "clip the gradients' values",
          lambda a, spell: ([f"torch.nn.utils.clip_grad_value_({_listed(a, spell)}, "
                             f"clip_value={a.params['clip_value']!r})"], []),
          run=_value_run, group="training", aim=lambda k: {"params": k.leaves},
          distinct=("params",), grads="params",
          traced={"torch.nn.utils.clip_grad_value_": _value_traced},
          explain=lambda a, spell: translate(
              "Actions", "Clamps every element of the gradients of {tensors} to "
              "[-{value}, {value}], in place.").format(
              tensors=_listed(a, spell), value=f"{a.params['clip_value']:g}"))
