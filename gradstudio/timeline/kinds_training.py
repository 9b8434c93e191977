"""Training's actions, one entry each: ``update`` (``p -= lr * p.grad``), ``optimizer``
(``torch.optim.SGD([...], lr=...)``), ``step`` and ``optimizer_zero_grad`` (its calls),
``forward`` (the forward pass again) and ``loop`` ... ``end_loop``."""
import contextlib

import gradstudio.engine as torch

from .record import ActionError, defaction
from .settings import OPTIMIZER_SETTINGS, optimizer_arguments

_INDENT = "    "
_FORMS = {"-=": "{t} -= {lr} * {t}.grad", "sub_": "{t}.sub_({lr} * {t}.grad)",
          "data": "{t}.data -= {lr} * {t}.grad"}


def number(value):
    """A setting as the script writes it: ``0.1``, ``(0.9, 0.99)``, ``True``."""
    return repr(float(value)) if not isinstance(value, (tuple, bool)) else repr(value)


# ----------------------------------------------------------------------------- update
def _update_run(ctx, action):
    """``p -= lr * p.grad`` (or ``p.data -= ...``, ``p.sub_(...)``) for each tensor, in
    ``torch.no_grad()`` when the action says so (``.data`` needs none)."""
    p = action.params
    params = [ctx.tensor(n, "tensor") for n in p["tensors"]]
    if not params:
        raise ActionError("Choose the tensors this update changes.")
    lr, style = p["lr"], p["style"]
    mode = torch.no_grad() if p["no_grad"] and style != "data" else contextlib.nullcontext()
    with mode:
        for t in params:
            if style == "-=":
                t -= lr * t.grad
            elif style == "sub_":
                t.sub_(lr * t.grad)
            else:
                data = t.data
                data -= lr * t.grad
                t.data = data


def _update_code(action, spell):
    p = action.params
    lr = number(p["lr"])
    targets = [spell.node(n) for n in p["tensors"]] or ["?"]
    stmts = [_FORMS[p["style"]].format(t=t, lr=lr) for t in targets]
    if p["no_grad"] and p["style"] != "data":
        return ["with torch.no_grad():"] + [_INDENT + s for s in stmts], []
    return stmts, []


defaction("update", (("tensors", "nodes", []), ("lr", "float", 0.1), ("style", "choice", "-="),
                     ("no_grad", "bool", True)),
          "update: p -= lr * p.grad", _update_code, run=_update_run, group="training",
          aim=lambda k: {"tensors": [k.picked] if k.picked in k.leaves else k.leaves},
          changes="tensors", traced={"p -= lr * p.grad": lambda seen: seen.params},
          trains=True,
          # (.data needs no no_grad block)
          enabled=lambda p, name: name != "no_grad" or p["style"] != "data",
          explain=lambda a, spell: (
              f"Gradient descent by hand: each of "
              f"{', '.join(spell.node(n) for n in a.params['tensors']) or '?'} moves "
              f"{a.params['lr']:g} times its gradient against it, in place"
              + (", outside the graph (torch.no_grad())." if a.params["no_grad"] else ".")))


# ----------------------------------------------------------------------------- optimizers
def _optimizer_run(ctx, action):
    p = action.params
    params = [ctx.tensor(n, "parameter") for n in p["params"]]
    cls = getattr(torch.optim, p["algorithm"])
    ctx.keep(lambda: cls(params, **dict(optimizer_arguments(p))))


def _optimizer_applies(params, name):
    """An optimizer shows only its algorithm's settings."""
    return name in ("algorithm", "params", "lr") or any(
        name == s for s, _, _ in OPTIMIZER_SETTINGS[params["algorithm"]])


def _optimizer_code(action, spell):
    p = action.params
    params = ", ".join(spell.node(n) for n in p["params"])
    args = "".join(f", {k}={number(v)}" for k, v in optimizer_arguments(p))
    return [f"{spell.optimizer(action.id)} = torch.optim.{p['algorithm']}([{params}]"
            f"{args})"], []


defaction("optimizer", (("algorithm", "choice", "SGD"), ("params", "nodes", []),
                        ("lr", "float", 0.01), ("momentum", "float?", None),
                        ("nesterov", "bool", False), ("weight_decay", "float?", None),
                        ("beta1", "float?", None), ("beta2", "float?", None),
                        ("alpha", "float?", None)),
          "make an optimizer", _optimizer_code, run=_optimizer_run, group="training",
          aim=lambda k: {"params": k.leaves}, changes="params", makes="optimizer",
          traced={"torch.optim.Optimizer(...)": lambda seen: seen.params},
          applies=_optimizer_applies,
          explain=lambda a, spell: (
              f"Makes torch.optim.{a.params['algorithm']} over "
              f"{', '.join(spell.node(n) for n in a.params['params']) or '?'}: its state "
              "(momentum, running averages) lives from this step on."))


def _optimizer_aim(picks):
    return {"optimizer": picks.optimizers[-1] if picks.optimizers else None}


def _step_run(ctx, action):
    ctx.optimizer(action.params["optimizer"]).step()


def _optimizer_zero_run(ctx, action):
    ctx.optimizer(action.params["optimizer"]).zero_grad(
        set_to_none=action.params["set_to_none"])


def _optimizer_zero_code(action, spell):
    arg = "" if action.params["set_to_none"] else "set_to_none=False"
    return [f"{spell.optimizer(action.params['optimizer'])}.zero_grad({arg})"], []


defaction("step", (("optimizer", "action", None),), "optimizer.step()",
          lambda a, spell: ([f"{spell.optimizer(a.params['optimizer'])}.step()"], []),
          run=_step_run, group="training", aim=_optimizer_aim, trains=True,
          traced={"optimizer.step()": lambda seen: {"optimizer": seen.optimizer}},
          explain=lambda a, spell: (
              f"{spell.optimizer(a.params['optimizer'])}.step() moves every parameter of "
              "the optimizer by its rule, from the gradients in their .grad."))

defaction("optimizer_zero_grad",
          (("optimizer", "action", None), ("set_to_none", "bool", True)),
          "optimizer.zero_grad()", _optimizer_zero_code, run=_optimizer_zero_run,
          group="training", aim=_optimizer_aim,
          traced={"optimizer.zero_grad()": lambda seen: {
              "optimizer": seen.optimizer,
              "set_to_none": bool(seen.params.get("set_to_none", True))}},
          explain=lambda a, spell: (
              f"{spell.optimizer(a.params['optimizer'])}.zero_grad() clears the gradient "
              "of each of its parameters (" + ("sets .grad to None" if
                                              a.params["set_to_none"] else
                                              "fills .grad with zeros") +
              ") so that the next backward does not add to it."))


# ----------------------------------------------------------------------------- the loop
defaction("forward", (), "forward again",
          lambda a, spell: (["# forward again: every node after the parameters"], []),
          run=lambda ctx, a: ctx.forward(), group="training", recomputes="forward",
          listed=lambda a, spell: "forward again",
          explain=lambda a, spell: (
              "Computes again every node after the parameters, from their values now: a "
              "new graph, as the next iteration of a training loop builds."))

defaction("loop", (("count", "int", 100),), "loop: repeat the steps below",
          lambda a, spell: ([f"for {spell.loop_var} in range({a.params['count']}):"], []),
          group="training", loop="opens",
          explain=lambda a, spell: (
              f"Repeats the steps up to its end {a.params['count']:,} times."))

defaction("end_loop", (), "end of loop", lambda a, spell: (["# end of the loop"], []),
          group="training", loop="closes", listed=lambda a, spell: "end of loop",
          explain=lambda a, spell: "The end of the steps the loop above repeats.")
