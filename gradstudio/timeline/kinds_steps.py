"""The actions that show nodes at a moment of the timeline, one entry each: ``print``
(``print(x)``: inside a loop it prints nothing, the loop prints its one-element tensors)
and ``compute`` (the chosen nodes computed at this step instead of in the forward pass,
``document/run_late.py``)."""
from gradstudio.hook_text import collected_values
from gradstudio.words import translate

from .record import defaction


def _print_run(ctx, action):          # (the step's snapshot is what it prints)
    ctx.tensor(action.params["tensor"], "tensor")


defaction("print", (("tensor", "node", None),), "print(tensor)",
          lambda a, spell: ([f"print({spell.node(a.params['tensor'])})"], []),
          run=_print_run, aim=lambda k: {"tensor": k.picked or k.last}, prints="tensor",
          then_grads=False,
          explain=lambda a, spell: translate(
              "Actions", "Prints {name} as it is at this moment.").format(
              name=spell.node(a.params["tensor"])))


def _compute_listed(action, spell):
    return "compute " + (", ".join(spell.node(n) for n in action.params["nodes"])
                         or "(nothing)")


def _compute_code(action, spell):
    return [f"# compute {', '.join(spell.node(n) for n in action.params['nodes']) or '?'}"], []


defaction("compute", (("nodes", "nodes", []),), "compute nodes here", _compute_code,
          run=lambda ctx, a: ctx.compute_late(), aim=lambda k: {"nodes": list(k.selection)},
          recomputes="late", then_grads=False, listed=_compute_listed, distinct=("nodes",),
          explain=lambda a, spell: translate(
              "Actions", "Computes {names} at this moment, from the tensors as they are now "
              "(and every node built on them that no later step computes).").format(
              names=", ".join(spell.node(n) for n in a.params["nodes"])
              or translate("Actions", "nothing")))


# ------------------------------------------------------------------------------ say
# ``print(...)`` as the script wrote it: its arguments in order, each a part of
# ``parts``: ``{"tensor": k}`` (the node ``tensors[k]`` as it is at this moment),
# ``{"grad": k}`` (that node's ``.grad``), ``{"text": s}`` (text the trace recorded: a
# string, a number, an f-string, a model's repr) or ``{"texts": [s0, s1, ...]}`` (what
# was recorded in each iteration of the loop the step is in) or ``{"list": [name, read]}``
# (what a collect node's list holds at this moment, read as the script read it:
# ``len(losses)``, ``min``, ``max``, ``sum`` or ``losses[k]``). A document with a say
# step prints what its say steps print (see ``document/export.py``), nothing else.
LIST_READS = ("len", "min", "max", "sum")


def _list_code(name, read):
    return f"{name}[{read}]" if isinstance(read, int) else f"{read}({name})"


def _list_value(name, read):
    values = collected_values(name)
    if isinstance(read, int):
        return values[read] if -len(values) <= read < len(values) else ""
    return len(values) if read == "len" else \
        {"min": min, "max": max, "sum": sum}[read](values) if values else ""



def _part_code(part, tensors, spell):
    if "tensor" in part or "grad" in part:
        k = part.get("tensor", part.get("grad"))
        node = tensors[k] if 0 <= k < len(tensors) else None
        return spell.node(node) + (".grad" if "grad" in part else "")
    if "text" in part:
        return repr(part["text"])
    if "list" in part:
        return _list_code(*part["list"])
    texts, var = part["texts"], spell.loop_var
    if var is None:               # (moved out of its loop: what its first iteration printed)
        return repr(texts[0] if texts else "")
    # past the iterations recorded (the loop's count raised), nothing more
    return f"{tuple(texts)!r}[{var}] if {var} < {len(texts)} else ''"


def _say_code(action, spell):
    p = action.params
    args = [_part_code(part, p["tensors"], spell) for part in p["parts"]]
    if p["sep"] != " ":
        args.append(f"sep={p['sep']!r}")
    if p["end"] != "\n":
        args.append(f"end={p['end']!r}")
    code = f"print({', '.join(args)})"
    if any("text" in part or "texts" in part for part in p["parts"]):
        code += spell.recorded(p.get("line"))
    return [code], []


def _say_run(ctx, action):
    p = action.params
    out = _say_parts(ctx, action)
    ctx.say(p["sep"].join(out) + p["end"], out)


def _say_parts(ctx, action):
    """What each of the step's parts prints now."""
    p = action.params
    out = []
    for part in p["parts"]:
        if "text" in part:
            out.append(part["text"])
        elif "list" in part:
            out.append(str(_list_value(*part["list"])))
        elif "texts" in part:
            texts, k = part["texts"], ctx.iteration
            k = 0 if k is None else k     # (outside a loop: its first iteration's)
            out.append(texts[k] if k < len(texts) else "")
        else:
            k = part.get("tensor", part.get("grad"))
            node = p["tensors"][k] if 0 <= k < len(p["tensors"]) else None
            t = ctx.tensor(node, "printed tensor")
            out.append(str(t.grad if "grad" in part else t))
    return out


def _say_listed(action, spell):
    return _say_code(action, spell)[0][0].split("  # recorded")[0]


defaction("say", (("tensors", "nodes?", []), ("parts", "parts", []), ("sep", "text", " "),
                  ("end", "text", "\n"), ("line", "line", None)),
          "print(...) as the script did", _say_code,
          run=_say_run,
          aim=lambda k: {"tensors": [k.picked or k.last], "parts": [{"tensor": 0}]},
          then_grads=False, listed=_say_listed, transcript=True,
          applies=lambda params, name: name in ("sep", "end"),
          explain=lambda a, spell: (
              translate("Actions", "Prints what the script printed here: {printed}").format(
                  printed=_say_listed(a, spell))
              + (" " + translate("Actions", "(text GradStudio recorded from the script, "
                                 "which edits do not change)")
                 if any("text" in q or "texts" in q for q in a.params["parts"]) else "")))
