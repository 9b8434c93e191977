"""Training's actions, one entry each: ``update`` (``p -= lr * p.grad``), ``optimizer``
(``torch.optim.SGD([...], lr=...)``), ``step`` and ``optimizer_zero_grad`` (its calls),
``forward`` (the forward pass again) and ``loop`` ... ``end_loop``."""
import contextlib

import gradstudio.engine as torch

from gradstudio.words import Number, translate

from .groups import group_arguments, group_problem, groups_code, groups_words
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
        raise ActionError(translate("Actions", "Choose the tensors this update changes."))
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
          explain=lambda a, spell: (translate(
              "Actions", "Gradient descent by hand: each of {tensors} moves {lr} times its "
              "gradient against it, in place, outside the graph (torch.no_grad()).")
              if a.params["no_grad"] else translate(
              "Actions", "Gradient descent by hand: each of {tensors} moves {lr} times its "
              "gradient against it, in place.")).format(
              tensors=", ".join(spell.node(n) for n in a.params["tensors"]) or "?",
              lr=f"{a.params['lr']:g}"))


# ----------------------------------------------------------------------------- optimizers
def _optimizer_run(ctx, action):
    """``torch.optim.SGD([w, b], lr=0.1)``, or over parameter groups
    (``[{'params': [w]}, {'params': [b], 'lr': 0.001}]``: ``timeline/groups.py``)."""
    p = action.params
    params = [ctx.tensor(n, "parameter") for n in p["params"]]
    cls = getattr(torch.optim, p["algorithm"])

    def make():
        problem = group_problem(p)
        if problem is not None:
            raise ActionError(problem)
        return cls(group_arguments(p, params), **dict(optimizer_arguments(p)))
    ctx.keep(make)


def _optimizer_applies(params, name):
    """An optimizer shows only its algorithm's settings (and its groups, when it has
    some)."""
    return name in ("algorithm", "params", "lr") or (
        name == "groups" and bool(params.get("groups"))) or any(
        name == s for s, _, _ in OPTIMIZER_SETTINGS[params["algorithm"]])


def _optimizer_code(action, spell):
    p = action.params
    params = groups_code(p, [spell.node(n) for n in p["params"]], number)
    args = "".join(f", {k}={number(v)}" for k, v in optimizer_arguments(p))
    return [f"{spell.optimizer(action.id)} = torch.optim.{p['algorithm']}({params}"
            f"{args})"], []


def _optimizer_explain(action, spell):
    p = action.params
    names = [spell.node(n) for n in p["params"]]
    text = translate(
        "Actions", "Makes torch.optim.{algorithm} over {tensors}: its state (momentum, "
        "running averages) lives from this step on.").format(
        algorithm=p["algorithm"], tensors=", ".join(names) or "?")
    groups = groups_words(p, names)
    return text + ("\n" + groups if groups else "")


defaction("optimizer", (("algorithm", "choice", "SGD"), ("params", "nodes", []),
                        ("lr", "float", 0.01), ("momentum", "float?", None),
                        ("nesterov", "bool", False), ("weight_decay", "float?", None),
                        ("beta1", "float?", None), ("beta2", "float?", None),
                        ("alpha", "float?", None), ("lr_decay", "float?", None),
                        ("initial_accumulator_value", "float?", None),
                        ("momentum_decay", "float?", None), ("rho", "float?", None),
                        ("groups", "groups", [])),
          "make an optimizer", _optimizer_code, run=_optimizer_run, group="training",
          aim=lambda k: {"params": k.leaves}, changes="params", makes="optimizer",
          traced={"torch.optim.Optimizer(...)": lambda seen: seen.params},
          applies=_optimizer_applies, explain=_optimizer_explain,
          sparse=("groups", "lr_decay", "initial_accumulator_value", "momentum_decay", "rho"))


def _add_group_run(ctx, action):
    """``optimizer.add_param_group({'params': [w2], 'lr': 0.001})``."""
    p = action.params
    optimizer = ctx.optimizer(p["optimizer"])
    tensors = [ctx.tensor(n, "parameter") for n in p["params"]]
    group = dict(p, algorithm=type(optimizer).__name__,
                 groups=p["groups"] or [{"size": len(tensors)}])
    problem = group_problem(group) if group["algorithm"] in OPTIMIZER_SETTINGS else None
    if problem is not None or len(group["groups"]) != 1:
        raise ActionError(problem or translate(
            "Actions", "add_param_group adds one group: give its settings once."))
    optimizer.add_param_group(group_arguments(group, tensors)[0])


def _add_group_code(action, spell):
    p = action.params
    names = [spell.node(n) for n in p["params"]]
    group = groups_code({"groups": p["groups"] or [{"size": len(names)}]}, names, number)
    return [f"{spell.optimizer(p['optimizer'])}.add_param_group({group[1:-1]})"], []


defaction("add_param_group", (("optimizer", "action", None), ("params", "nodes", []),
                              ("groups", "groups", [])),
          "optimizer.add_param_group()", _add_group_code, run=_add_group_run,
          group="training", aim=lambda k: dict(_optimizer_aim(k), params=[]),
          changes="params",
          traced={"optimizer.add_param_group()": lambda seen: dict(
              seen.params, optimizer=seen.optimizer)},
          explain=lambda a, spell: translate(
              "Actions", "{optimizer}.add_param_group() adds a parameter group of {tensors} "
              "to the optimizer: its step() moves them too from here on, by the group's "
              "settings ({settings}).").format(
              optimizer=spell.optimizer(a.params["optimizer"]),
              tensors=", ".join(spell.node(n) for n in a.params["params"]) or "?",
              settings=", ".join(f"{k} {v}" for k, v in (a.params["groups"] or [{}])[0].items()
                                 if k != "size") or translate(
                  "Actions", "the optimizer's own settings")))


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
          explain=lambda a, spell: translate(
              "Actions", "{optimizer}.step() moves every parameter of the optimizer by its "
              "rule, from the gradients in their .grad.").format(
              optimizer=spell.optimizer(a.params["optimizer"])))

defaction("optimizer_zero_grad",
          (("optimizer", "action", None), ("set_to_none", "bool", True)),
          "optimizer.zero_grad()", _optimizer_zero_code, run=_optimizer_zero_run,
          group="training", aim=_optimizer_aim,
          traced={"optimizer.zero_grad()": lambda seen: {
              "optimizer": seen.optimizer,
              "set_to_none": bool(seen.params.get("set_to_none", True))}},
          explain=lambda a, spell: (translate(
              "Actions", "{optimizer}.zero_grad() clears the gradient of each of its "
              "parameters (sets .grad to None) so that the next backward does not add to "
              "it.") if a.params["set_to_none"] else translate(
              "Actions", "{optimizer}.zero_grad() clears the gradient of each of its "
              "parameters (fills .grad with zeros) so that the next backward does not add "
              "to it.")).format(optimizer=spell.optimizer(a.params["optimizer"])))


# ----------------------------------------------------------------------------- the loop
defaction("forward", (), "forward again",
          lambda a, spell: (["# forward again: every node after the parameters"], []),
          run=lambda ctx, a: ctx.forward(), group="training", recomputes="forward",
          listed=lambda a, spell: "forward again",
          explain=lambda a, spell: translate(
              "Actions", "Computes again every node after the parameters, from their values "
              "now: a new graph, as the next iteration of a training loop builds."))

defaction("loop", (("count", "int", 100),), "loop: repeat the steps below",
          lambda a, spell: ([f"for {spell.loop_var} in range({a.params['count']}):"], []),
          group="training", loop="opens",
          explain=lambda a, spell: translate(
              "Actions", "Repeats the steps up to its end {count} times.").format(
              count=Number(a.params['count'])))

defaction("epoch_end", (("every", "int", 10),), "at the end of each epoch",
          lambda a, spell: ([f"# at the end of each epoch of {a.params['every']} steps"], []),
          group="training", loop="epoch",
          listed=lambda a, spell: f"at the end of each epoch ({a.params['every']} steps):",
          explain=lambda a, spell: translate(
              "Actions", "Splits the loop into epochs of {every} iterations: the steps "
              "above it run every iteration (for step in the epoch), the steps below it "
              "once at the end of each epoch, as a loop over a loader's batches inside a "
              "loop over epochs does.").format(every=Number(a.params["every"])))

defaction("end_loop", (), "end of loop", lambda a, spell: (["# end of the loop"], []),
          group="training", loop="closes", listed=lambda a, spell: "end of loop",
          explain=lambda a, spell: translate(
              "Actions", "The end of the steps the loop above repeats."))


# ----------------------------------------------------------------------------- lr changes
def set_lr(optimizer, lr):
    """``for group in optimizer.param_groups: group["lr"] = lr``: the optimizer's next
    step uses ``lr`` (what a live run's learning-rate change does, and ``change_lr``)."""
    for group in optimizer.param_groups:
        group["lr"] = lr


def _change_lr_run(ctx, action):
    p = action.params
    if ctx.iteration is None or ctx.iteration == p["at"]:     # (outside a loop: always)
        optimizer = ctx.optimizer(p["optimizer"])
        if p["group"] is None:
            set_lr(optimizer, p["lr"])
        elif p["group"] < len(optimizer.param_groups):
            optimizer.param_groups[p["group"]]["lr"] = p["lr"]
        else:
            raise ActionError(translate(
                "Actions", "The optimizer has no parameter group {group}: it has {count} "
                "(numbered from 0).").format(group=p["group"],
                                             count=len(optimizer.param_groups)))


def _change_lr_code(action, spell):
    p = action.params
    name = spell.optimizer(p["optimizer"])
    if p["group"] is None:
        stmts = [f"for group in {name}.param_groups:",
                 f'{_INDENT}group["lr"] = {number(p["lr"])}']
    else:
        stmts = [f'{name}.param_groups[{p["group"]}]["lr"] = {number(p["lr"])}']
    if spell.loop_var is None:
        return stmts, []
    return [f"if {spell.loop_var} == {p['at']}:"] + [_INDENT + s for s in stmts], []


def _change_lr_listed(action, spell):
    p = action.params
    when = f"if {spell.loop_var} == {p['at']}: " if spell.loop_var else ""
    group = "" if p["group"] is None else f" group {p['group']}"
    return f"{when}{spell.optimizer(p['optimizer'])}{group} lr = {number(p['lr'])}"


def _change_lr_explain(action, spell):
    p = action.params
    optimizer = spell.optimizer(p["optimizer"])
    if p["group"] is not None:
        optimizer = translate("Actions", "parameter group {group} of {optimizer}").format(
            group=p["group"], optimizer=optimizer)
    return (translate(
        "Actions", "Sets the learning rate of {optimizer} to {lr} at iteration {at} "
        "of the loop (the loop variable's value), before its other steps: every step "
        "after it uses the new rate.") if spell.loop_var else translate(
        "Actions", "Sets the learning rate of {optimizer} to {lr}: every step after "
        "it uses the new rate.")).format(optimizer=optimizer, lr=f"{p['lr']:g}", at=p["at"])


defaction("change_lr", (("optimizer", "action", None), ("lr", "float", 0.01), ("at", "int", 1),
                        ("group", "group", None)),
          "change the learning rate", _change_lr_code, run=_change_lr_run,
          group="training", aim=_optimizer_aim, listed=_change_lr_listed,
          traced={"optimizer.param_groups[0]['lr'] = ...": lambda seen: {
              "optimizer": seen.optimizer, "lr": seen.params["lr"], "at": 1,
              "group": seen.params.get("group")}},
          explain=_change_lr_explain, sparse=("group",))
