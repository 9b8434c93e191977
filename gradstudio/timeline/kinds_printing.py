"""How tensors print, one entry: ``print_options``, ``torch.set_printoptions(precision=2,
sci_mode=False)``. Its settings are torch's arguments; a number left empty (None) and
the profile "none" are not passed, and sci_mode "None" is torch's default (choose by the
values). It changes how every later print of the document prints, as in the script; a
run starts from PyTorch's defaults and leaves the options as it found them
(``document/run_actions.py``)."""
import math

import gradstudio.engine as torch

from gradstudio.words import QT_TRANSLATE_NOOP, translate

from .record import ActionError, defaction

_WHOLE = ("precision", "threshold", "edgeitems", "linewidth")     # (in torch's order)
_SCI = {"None": None, "True": True, "False": False}
_DOES = {"precision": QT_TRANSLATE_NOOP("Actions", "{v} digits after the point"),
         "threshold": QT_TRANSLATE_NOOP(
             "Actions", "every element of a tensor up to {v} elements (past that, the edges)"),
         "edgeitems": QT_TRANSLATE_NOOP(
             "Actions", "{v} elements at each edge of a summarised dimension"),
         "linewidth": QT_TRANSLATE_NOOP("Actions", "lines of at most {v} characters")}


def arguments(params):
    """``[(keyword, value)]``: the arguments the step passes to ``torch.set_printoptions``,
    in torch's order (numbers as whole numbers)."""
    args = [(name, _whole(params[name])) for name in _WHOLE if params.get(name) is not None]
    if params.get("profile", "none") != "none":
        args.insert(0, ("profile", params["profile"]))
    if _SCI[params.get("sci_mode", "None")] is not None:
        args.append(("sci_mode", _SCI[params["sci_mode"]]))
    return args


def _whole(value):
    return int(value) if float(value).is_integer() else value


def _run(ctx, action):
    for name, value in arguments(action.params):
        if name in _WHOLE and name != "threshold" and (not isinstance(value, int)
                                                         or value < 0):
            raise ActionError(translate(
                "Actions", "'{name}' must be a whole number of at least 0.").format(name=name))
    torch.set_printoptions(**dict(arguments(action.params)))


def _code(action, spell):
    return ["torch.set_printoptions(" + ", ".join(f"{k}={v!r}" for k, v in
                                                  arguments(action.params)) + ")"], []


def _traced(seen):
    return _params(seen, *seen.args, **seen.kwargs)


def _params(seen, precision=None, threshold=None, edgeitems=None, linewidth=None,
            profile=None, sci_mode=None):
    params = {"profile": "none", "sci_mode": _sci(seen, sci_mode)}
    if profile is not None:
        if profile not in ("default", "short", "full"):
            seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "torch.set_printoptions(profile={profile}) cannot be drawn: a profile is "
                "'default', 'short' or 'full'"), profile=repr(profile))
        params["profile"] = profile
    for name, value in zip(_WHOLE, (precision, threshold, edgeitems, linewidth)):
        if value is not None and (isinstance(value, bool) or not isinstance(
                value, (int, float)) or not math.isfinite(value) or abs(value) > 1e30):
            seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "torch.set_printoptions({name}={value}) cannot be drawn unless {name} is "
                "a plain, finite number"), name=name, value=repr(value))
        params[name] = None if value is None else float(value)
    return params


def _sci(seen, sci_mode):
    for word, value in _SCI.items():
        if sci_mode is value:
            return word
    seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
        "torch.set_printoptions(sci_mode={value}) cannot be drawn unless sci_mode is True, "
        "False or None"), value=repr(sci_mode))


def _explain(action, spell):
    p = action.params
    said = [translate("Actions", "the '{profile}' profile").format(profile=p["profile"])] \
        if p.get("profile", "none") != "none" else []
    said += [translate("Actions", _DOES[k]).format(v=v) for k, v in arguments(p) if k in _DOES]
    sci = _SCI[p.get("sci_mode", "None")]
    said.append(translate("Actions", "scientific notation always") if sci else
                translate("Actions", "scientific notation never") if sci is not None
                else translate("Actions", "scientific notation chosen by the values"))
    return translate("Actions", "Changes how every later print shows a tensor: {said}. The "
                     "values themselves do not change.").format(said=", ".join(said))


defaction("print_options",
          (("precision", "float?", None), ("threshold", "float?", None),
           ("edgeitems", "float?", None), ("linewidth", "float?", None),
           ("sci_mode", "choice", "None"), ("profile", "choice", "none")),
          "torch.set_printoptions(...)", _code, run=_run, then_grads=False,
          aim=lambda picks: {"precision": 2.0},
          traced={"torch.set_printoptions": _traced}, explain=_explain)
