"""An optimizer's parameter groups, the ``groups`` setting of the ``optimizer`` action:
``torch.optim.SGD([{'params': [w1, b1]}, {'params': [w2, b2], 'lr': 0.001}], lr=0.1)``.

The action's ``params`` list every tensor the optimizer takes, in order; ``groups`` (empty:
one list of tensors, no groups) says how they are grouped: each group takes the next
``size`` tensors of ``params`` and the settings it gives itself, in the order the script
wrote them (``{"size": 2, "lr": 0.001, "weight_decay": 0.0}``), every other setting being
the optimizer's own (its ``lr``, ``momentum`` ...). Keeping the tensors in ``params``
alone keeps every place that follows a node (the trace's ids, the file's checks, an edit
of the graph) as it was. ``group_arguments`` builds the list ``torch.optim`` is given,
``groups_code`` writes it, ``groups_words`` says it; ``check_groups`` is the file's and
the editor's check of the setting (the document's ``groups`` type)."""
import math

from gradstudio.words import Number, translate

from .settings import OPTIMIZER_SETTINGS

__all__ = ["GROUP_KEYS", "MAX_GROUPS", "check_groups", "group_keys", "group_arguments",
           "groups_code", "groups_words", "group_problem"]

MAX_GROUPS = 1000
# the settings a group may give itself, whatever the algorithm (each algorithm takes
# those of ``group_keys``)
GROUP_KEYS = ("lr", "momentum", "nesterov", "weight_decay", "betas", "alpha", "lr_decay",
              "initial_accumulator_value", "momentum_decay", "rho")


def group_keys(algorithm):
    """The settings a group of ``algorithm``'s optimizer may give itself."""
    return ("lr",) + tuple(dict.fromkeys(k for _, k, _ in OPTIMIZER_SETTINGS[algorithm]))


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) \
        and abs(v) <= 1e30


def _value(key, v):
    """A group's setting as the document keeps it, or None when it cannot be one."""
    if key == "nesterov":
        return v if isinstance(v, bool) else None
    if key == "betas":
        ok = isinstance(v, (list, tuple)) and len(v) == 2 and all(_number(b) for b in v)
        return [float(b) for b in v] if ok else None
    return float(v) if _number(v) and v >= 0 else None


def check_groups(value):
    """``value`` as the ``groups`` setting keeps it (fresh dicts, the script's order of
    settings); raises ``ValueError`` in plain words when it cannot be one."""
    bad = ValueError(translate(
        "Actions", "'groups' must list the optimizer's parameter groups, each the number "
        "of tensors it takes ('size', from 1) and the settings it gives itself (lr, "
        "momentum, nesterov, weight_decay and betas as two numbers, alpha and the rest of its "
        "algorithm's settings: numbers from 0)."))
    if not isinstance(value, (list, tuple)) or len(value) > MAX_GROUPS:
        raise bad
    out = []
    for group in value:
        if not isinstance(group, dict) or getattr(group, "duplicate", None) is not None:
            raise bad
        size = group.get("size")
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 1_000_000:
            raise bad
        kept = {"size": size}
        for key, v in group.items():
            if key == "size":
                continue
            if key not in GROUP_KEYS or _value(key, v) is None:
                raise bad
            kept[key] = _value(key, v)
        out.append(kept)
    return out


def group_problem(params):
    """Why an ``optimizer`` action's ``groups`` do not fit its tensors and algorithm, in
    words, or None."""
    groups = params.get("groups") or []
    if not groups:
        return None
    taken, listed = sum(g["size"] for g in groups), len(params["params"])
    if taken != listed:
        return translate(
            "Actions", "The optimizer's parameter groups take {taken} tensors but it lists "
            "{listed}: make the groups' sizes add up to the tensors it trains.").format(
            taken=Number(taken), listed=Number(listed))
    allowed = group_keys(params["algorithm"])
    for k, g in enumerate(groups):
        wrong = [key for key in g if key != "size" and key not in allowed]
        if wrong:
            return translate(
                "Actions", "Group {k} of the optimizer sets {key}, which "
                "torch.optim.{algorithm} does not take.").format(
                k=k, key=wrong[0], algorithm=params["algorithm"])
    return None


def _setting(key, v):
    return tuple(v) if key == "betas" else v


def group_arguments(params, tensors):
    """What ``torch.optim`` is given as its parameters: ``tensors`` (the action's
    ``params``' tensors) as they are, or one dict per group (``group_problem`` first)."""
    groups = params.get("groups") or []
    if not groups:
        return tensors
    out, at = [], 0
    for g in groups:
        group = {"params": tensors[at:at + g["size"]]}
        group.update((k, _setting(k, v)) for k, v in g.items() if k != "size")
        out.append(group)
        at += g["size"]
    return out


def groups_code(params, names, number):
    """The optimizer's parameters as its code writes them: ``[w, b]``, or
    ``[{'params': [w]}, {'params': [b], 'lr': 0.001}]`` (``names``: the tensors' names;
    ``number(v)``: a setting as the script writes it)."""
    groups = params.get("groups") or []
    if not groups:
        return f"[{', '.join(names)}]"
    parts, at = [], 0
    for g in groups:
        settings = "".join(f", {k!r}: {number(_setting(k, v))}" for k, v in g.items()
                           if k != "size")
        parts.append(f"{{'params': [{', '.join(names[at:at + g['size']])}]{settings}}}")
        at += g["size"]
    return f"[{', '.join(parts)}]"


def groups_words(params, names):
    """The groups in words, for the step-through (empty without groups)."""
    groups = params.get("groups") or []
    if not groups:
        return ""
    lines, at = [], 0
    for k, g in enumerate(groups):
        own = ", ".join(f"{key} {_shown(v)}" for key, v in g.items() if key != "size")
        lines.append(translate("Actions", "group {k}: {tensors}, {settings}").format(
            k=k, tensors=", ".join(names[at:at + g["size"]]) or "?",
            settings=own or translate("Actions", "the optimizer's own settings")))
        at += g["size"]
    return translate("Actions", "Its parameters are in {count} groups, each with its own "
                     "settings where it gives them:").format(count=Number(len(groups))) + \
        "\n" + "\n".join(lines)


def _shown(v):
    if isinstance(v, (list, tuple)):
        return "(" + ", ".join(f"{b:g}" for b in v) + ")"
    return str(v) if isinstance(v, bool) else f"{v:g}"
