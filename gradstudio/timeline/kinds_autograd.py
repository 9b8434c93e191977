"""The autograd lesson's actions, one entry each: ``backward``, ``zero_grad``
(``x.grad.zero_()``), ``set_grad_none`` (``x.grad = None``) and ``grad``
(``torch.autograd.grad``)."""
import gradstudio.engine as torch
from gradstudio.engine import inspect as raw

from gradstudio.words import QT_TRANSLATE_NOOP, translate

from gradstudio.hook_text import check_list_name, remove_handle

from .record import ActionError, defaction

_FLAGS = ("retain_graph", "create_graph")


def _flags(p):
    return [f"{k}=True" for k in _FLAGS if p.get(k)]


# ----------------------------------------------------------------------------- backward
def _backward_run(ctx, action):
    p = action.params
    target = ctx.tensor(p["target"], "target")
    grad = None if p.get("gradient") is None else ctx.tensor(p["gradient"], "gradient")
    target.backward(grad, retain_graph=p["retain_graph"] or None,
                    create_graph=p["create_graph"])


def _backward_code(action, spell):
    p = action.params
    args = ([spell.node(p["gradient"])] if p.get("gradient") is not None else []) + _flags(p)
    return [f"{spell.node(p['target'])}.backward({', '.join(args)})"], []


def _backward_explain(action, spell):
    p = action.params
    name = spell.node(p["target"])
    seed = (translate("Actions", "with {gradient} as the vector v of vᵀJ").format(
        gradient=spell.node(p["gradient"])) if p.get("gradient") is not None else
        translate("Actions", "starting from 1 (a one-element tensor)"))
    if p["retain_graph"]:
        keep = translate("Actions", "It keeps the saved tensors (retain_graph=True).")
    else:
        keep = translate("Actions", "It frees the saved tensors as it goes: a second "
                         "backward through them fails.")
    return translate("Actions", "{name}.backward() runs the backward pass from {name}, "
                     "{seed}: each grad_fn passes its gradient on, and every leaf that "
                     "requires grad adds its part to its .grad.").format(
        name=name, seed=seed) + " " + keep


def _backward_walk(params):
    return ([params["target"]] if params.get("target") else []), \
        params.get("gradient") is not None


def _backward_title(action, name, root_name):
    return f"{root_name}.backward({name(action.params.get('gradient')) or ''})"


def _backward_traced(seen):
    """``t.backward(gradient, retain_graph, create_graph)`` in a script."""
    return _backward_params(seen, *seen.args, **seen.kwargs)


def _backward_params(seen, t, gradient=None, retain_graph=None, create_graph=False,
                     inputs=None):
    if inputs is not None:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", "backward(inputs=...) cannot be drawn"))
    target = seen.index(t)
    if gradient is not None and not raw.is_tensor(gradient):
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", "backward's gradient must be a tensor to be "
                                      "drawn"))
    return {"target": target,
            "gradient": None if gradient is None else seen.index(gradient),
            "retain_graph": bool(retain_graph), "create_graph": bool(create_graph)}


def _autograd_backward_traced(seen):
    """``torch.autograd.backward(t, gradient, ...)``: one tensor, as ``t.backward``."""
    return _autograd_backward_params(seen, *seen.args, **seen.kwargs)


def _autograd_backward_params(seen, tensors, grad_tensors=None, retain_graph=None,
                              create_graph=False, inputs=None, **k):
    ts = [tensors] if raw.is_tensor(tensors) else list(tensors)
    gs = [grad_tensors] if grad_tensors is None or raw.is_tensor(grad_tensors) \
        else list(grad_tensors)
    if len(ts) != 1 or len(gs) != 1:
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "torch.autograd.backward with several tensors cannot be drawn; call backward on "
            "each"))
    return _backward_params(seen, ts[0], gs[0], retain_graph, create_graph, inputs)


defaction("backward", (("target", "node", None), ("gradient", "node?", None),
                       ("retain_graph", "bool", False), ("create_graph", "bool", False)),
          "backward()", _backward_code, run=_backward_run, explain=_backward_explain,
          aim=lambda k: {"target": k.picked or k.last}, target="target",
          walk=_backward_walk, walk_title=_backward_title,
          traced={"Tensor.backward": _backward_traced,
                  "torch.autograd.backward": _autograd_backward_traced})


# ----------------------------------------------------------------------------- .grad
def _tensor_aim(picks):
    return {"tensor": picks.picked or (picks.leaves[0] if picks.leaves else picks.last)}


def _zero_run(ctx, action):
    ctx.tensor(action.params["tensor"], "tensor").grad.zero_()


def _none_run(ctx, action):
    ctx.tensor(action.params["tensor"], "tensor").grad = None


defaction("zero_grad", (("tensor", "node", None),), "grad.zero_()",
          lambda a, spell: ([f"{spell.node(a.params['tensor'])}.grad.zero_()"], []),
          run=_zero_run, aim=_tensor_aim,
          explain=lambda a, spell: translate(
              "Actions", "{name}.grad.zero_() sets every element of the gradient to 0, in "
              "place: the next backward adds to zeros instead of to this backward's "
              "gradient.").format(name=spell.node(a.params["tensor"])),
          traced={"x.grad.zero_()": lambda seen: {"tensor": seen.node}})

defaction("set_grad_none", (("tensor", "node", None),), "set grad to None",
          lambda a, spell: ([f"{spell.node(a.params['tensor'])}.grad = None"], []),
          run=_none_run, aim=_tensor_aim,
          explain=lambda a, spell: translate(
              "Actions", "{name}.grad = None drops the gradient: the next backward stores "
              "a fresh one instead of adding to it.").format(name=spell.node(a.params["tensor"])),
          traced={"x.grad = None": lambda seen: {"tensor": seen.node}})



def _set_run(ctx, action):
    ctx.tensor(action.params["tensor"], "tensor").grad = ctx.tensor(action.params["grad"],
                                                                    "grad")


def _set_explain(action, spell):
    return translate(
        "Actions", "{name}.grad = {grad} makes {grad} the gradient of {name} (the same "
        "tensor, not a copy): the next backward adds to it.").format(
        name=spell.node(action.params["tensor"]), grad=spell.node(action.params["grad"]))


defaction("set_grad", (("tensor", "node", None), ("grad", "node", None)), "set grad",
          lambda a, spell: ([f"{spell.node(a.params['tensor'])}.grad = "
                             f"{spell.node(a.params['grad'])}"], []),
          run=_set_run, explain=_set_explain, changes="grad",   # (backward adds into it)
          aim=lambda picks: dict(_tensor_aim(picks), grad=picks.last),
          traced={"x.grad = tensor": lambda seen: {"tensor": seen.node,
                                                   "grad": seen.operands[0]}})


# ----------------------------------------------------------------------------- hooks
def _remove_hook_run(ctx, action):
    ctx.tensor(action.params["hook"], "hook")       # (its hook node computed)
    if not remove_handle(action.params["handle"]):
        raise ActionError(translate(
            "Actions", "No hook has the handle {handle} here: give a hook node of the graph "
            "that handle's name.").format(handle=action.params["handle"]))


defaction("remove_hook", (("hook", "node", None), ("handle", "name", "handle")),
          "handle.remove()",
          lambda a, spell: ([f"{check_list_name(a.params['handle'])}.remove()"], []),
          run=_remove_hook_run,
          aim=lambda picks: {"hook": picks.picked or picks.last},
          explain=lambda a, spell: translate(
              "Actions", "{handle}.remove() removes the hook registered on {name}: later "
              "backward passes no longer call it.").format(
              handle=a.params["handle"], name=spell.node(a.params["hook"])),
          traced={"handle.remove()": lambda seen: {"hook": seen.node,
                                                   "handle": seen.operands[0]}})


# ----------------------------------------------------------------------------- autograd.grad
def _grad_run(ctx, action):
    p = action.params
    outs = [ctx.tensor(n, "output") for n in p["outputs"]]
    ins = [ctx.tensor(n, "input") for n in p["inputs"]]
    if not outs or not ins:
        raise ActionError(translate("Actions", "Choose at least one output and one input."))
    given = p.get("grad_outputs") or []
    vs = [None if n is None else ctx.tensor(n, "grad_outputs") for n in given] \
        if any(n is not None for n in given) else None
    return list(torch.autograd.grad(outs, ins, grad_outputs=vs,
                                    retain_graph=p["retain_graph"] or None,
                                    create_graph=p["create_graph"], allow_unused=True))


def _grad_code(action, spell):
    p = action.params
    ref = spell.node
    flags = _flags(p)
    outs = ", ".join(ref(n) for n in p["outputs"])
    ins = ", ".join(ref(n) for n in p["inputs"])
    given = p.get("grad_outputs") or []
    if any(n is not None for n in given):     # (None: a scalar output's implicit 1)
        vs = ", ".join("None" if n is None else ref(n) for n in given)
        flags = [f"grad_outputs=[{vs}]"] + flags
    call = (f"torch.autograd.grad([{outs}], [{ins}]{''.join(', ' + f for f in flags)}, "
            "allow_unused=True)")
    if spell.claim is None:
        return [call], []
    results = [spell.claim(f"grad_{ref(n)}".replace("?", "")) for n in p["inputs"]]
    if len(results) == 1:
        return [f"{results[0]} = {call}[0]"] + [f"print({results[0]})"], results
    if not results:
        return [call], []
    return [f"{', '.join(results)} = {call}"] + [f"print({r})" for r in results], results


def _grad_walk(params):
    return [n for n in params.get("outputs", ()) if n], \
        any(n is not None for n in params.get("grad_outputs") or ())


def _grad_title(action, name, root_name):
    p = action.params
    ins = ", ".join(name(n) for n in p.get("inputs", ()) if name(n))
    given = p.get("grad_outputs") or []
    vs = ", ".join(name(n) or "None" for n in given)
    tail = f", grad_outputs=[{vs}]" if any(n is not None for n in given) else ""
    return f"torch.autograd.grad([{root_name}], [{ins}]{tail})"


def _grad_explain(action, spell):
    p = action.params
    ins = ", ".join(spell.node(n) for n in p["inputs"]) or "?"
    outs = ", ".join(spell.node(n) for n in p["outputs"]) or "?"
    return translate("Actions", "torch.autograd.grad runs the backward pass from "
                     "{outputs} and returns the gradients with respect to {inputs}, "
                     "without touching any .grad.").format(outputs=outs, inputs=ins)


def _grad_traced(seen):
    """``torch.autograd.grad(outputs, inputs, grad_outputs, ...)`` in a script."""
    return _grad_params(seen, *seen.args, **seen.kwargs)


def _grad_params(seen, outputs, inputs, grad_outputs=None, retain_graph=None,
                 create_graph=False, only_inputs=True, allow_unused=None, **k):
    outs = [outputs] if raw.is_tensor(outputs) else list(outputs)
    ins = [inputs] if raw.is_tensor(inputs) else list(inputs)
    given = [] if grad_outputs is None else [grad_outputs] \
        if raw.is_tensor(grad_outputs) else list(grad_outputs)
    if all(v is None for v in given):
        given = []       # grad_outputs=[None] is the implicit 1 of a scalar output
    elif not all(v is None or raw.is_tensor(v) for v in given):
        seen.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "torch.autograd.grad's grad_outputs can be drawn only as one tensor or None per "
            "output"))
    return {"outputs": [seen.index(t) for t in outs], "inputs": [seen.index(t) for t in ins],
            "retain_graph": bool(retain_graph), "create_graph": bool(create_graph),
            "grad_outputs": [None if v is None else seen.index(v) for v in given]}


defaction("grad", (("outputs", "nodes", []), ("inputs", "nodes", []),
                   ("retain_graph", "bool", False), ("create_graph", "bool", False),
                   ("grad_outputs", "nodes?", [])),
          "torch.autograd.grad()", _grad_code, run=_grad_run, explain=_grad_explain,
          aim=lambda k: {"outputs": [k.picked or k.last] if (k.picked or k.last) else [],
                         "inputs": k.leaves[:1]},
          walk=_grad_walk, walk_title=_grad_title, returns="inputs",
          traced={"torch.autograd.grad": _grad_traced})
