"""Gradient descent with momentum written by hand, one entry: ``momentum_update``. Each
tensor ``p`` has a velocity ``v`` (a tensor the graph made before the loop, such as
``torch.zeros_like(p)``), which the step carries from one iteration to the next::

    with torch.no_grad():
        v.mul_(0.9).add_(p.grad)        # (form "mul_add"), or v = 0.9 * v + p.grad
        p -= 0.05 * v                   # (or p.sub_(0.05 * v), or p.data -= 0.05 * v)

or, a Nesterov step (``nesterov``), ``p -= 0.05 * (p.grad + 0.9 * v)``: the formula of
``torch.optim.SGD(..., nesterov=True)``, written by hand.

The form ``v = mu * v + p.grad`` binds a new tensor to the name; the document keeps the
velocity's node and changes its tensor in place instead, which gives the same numbers
(``mu * v`` then ``+ p.grad``, each rounded once, in both)."""
import contextlib

import gradstudio.engine as torch

from gradstudio.words import translate

from .record import ActionError, defaction

_INDENT = "    "
_STEPS = {"-=": "{t} -= {lr} * {v}", "sub_": "{t}.sub_({lr} * {v})",
          "data": "{t}.data -= {lr} * {v}"}
_VELOCITY = {"mul_add": "{v}.mul_({mu}).add_({t}.grad)", "assign": "{v} = {mu} * {v} + {t}.grad"}


def _pairs(ctx, p):
    tensors = [ctx.tensor(n, "tensor") for n in p["tensors"]]
    velocities = [ctx.tensor(n, "velocity") for n in p["velocities"]]
    if not tensors:
        raise ActionError(translate("Actions", "Choose the tensors this update changes."))
    if len(velocities) != len(tensors):
        raise ActionError(translate("Actions", "Give each tensor this update changes one "
                                    "velocity: {tensors} tensors, {velocities} velocities.")
                          .format(tensors=len(tensors), velocities=len(velocities)))
    for t, v in zip(tensors, velocities):
        if v.requires_grad or v.shape != t.shape or v.dtype != t.dtype:
            raise ActionError(translate(
                "Actions", "A velocity must be a tensor that does not require grad, of its "
                "tensor's shape and dtype."))
    return zip(tensors, velocities)


def _run(ctx, action):
    p = action.params
    pairs = list(_pairs(ctx, p))
    mu, lr, style, nesterov = p["momentum"], p["lr"], p["style"], p["nesterov"]
    mode = torch.no_grad() if p["no_grad"] and style != "data" else contextlib.nullcontext()
    with mode:
        for t, v in pairs:
            if t.grad is None:
                raise ActionError(translate("Actions", "A tensor this update changes has no "
                                            "gradient yet: run a backward pass first."))
            v.mul_(mu).add_(t.grad)
            step = t.grad + mu * v if nesterov else v
            if style == "-=":
                t -= lr * step
            elif style == "sub_":
                t.sub_(lr * step)
            else:
                data = t.data
                data -= lr * step


def _number(value):
    return repr(float(value))


def _code(action, spell):
    p = action.params
    names = [(spell.node(t), spell.node(v)) for t, v in
             zip(p["tensors"], p["velocities"])] or [("?", "?")]
    fill = {"mu": _number(p["momentum"]), "lr": _number(p["lr"])}
    velocity = [_VELOCITY[p["form"]].format(t=t, v=v, **fill) for t, v in names]
    steps = [_STEPS[p["style"]].format(t=t, v=f"({t}.grad + {fill['mu']} * {v})" if
                                       p["nesterov"] else v, **fill) for t, v in names]
    if p["form"] == "assign":
        stmts = velocity + steps
    else:
        stmts = [s for pair in zip(velocity, steps) for s in pair]
    if p["no_grad"] and p["style"] != "data":
        return ["with torch.no_grad():"] + [_INDENT + s for s in stmts], []
    return stmts, []


def _explain(action, spell):
    p = action.params
    return translate(
        "Actions", "Gradient descent with momentum by hand: each velocity of {velocities} "
        "is multiplied by {momentum} and its tensor's gradient added; then each of "
        "{tensors} moves {lr} times its velocity against it, in place, outside the "
        "graph.").format(
        velocities=", ".join(spell.node(n) for n in p["velocities"]) or "?",
        tensors=", ".join(spell.node(n) for n in p["tensors"]) or "?",
        momentum=f"{p['momentum']:g}", lr=f"{p['lr']:g}")


defaction("momentum_update",
          (("tensors", "nodes", []), ("velocities", "nodes", []), ("lr", "float", 0.01),
           ("momentum", "float", 0.9), ("form", "choice", "mul_add"),
           ("style", "choice", "-="), ("nesterov", "bool", False), ("no_grad", "bool", True)),
          "momentum by hand: v.mul_(mu).add_(p.grad); p -= lr * v", _code, run=_run,
          group="training",
          aim=lambda k: {"tensors": [k.picked] if k.picked in k.leaves else k.leaves},
          changes="tensors", carries="velocities", trains=True,
          distinct=("tensors", "velocities"),
          traced={"p -= lr * v": lambda seen: seen.params},
          enabled=lambda p, name: name != "no_grad" or p["style"] != "data",
          explain=_explain)
