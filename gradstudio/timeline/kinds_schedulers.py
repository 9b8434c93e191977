"""Learning-rate schedulers' actions, one entry each: ``scheduler``
(``torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)`` and the other
schedules of ``SCHEDULER_SETTINGS``) and ``scheduler_step`` (its ``step()``, or
``ReduceLROnPlateau``'s ``step(metric)``)."""
import gradstudio.engine as torch

from gradstudio.words import QT_TRANSLATE_NOOP, translate

from .formula import FormulaError, formula_function, uses_math
from .record import ActionError, defaction
from .settings import SCHEDULER_SETTINGS, scheduler_arguments

# what each schedule does at a step, for the step-through
_RULES = {
    "StepLR": QT_TRANSLATE_NOOP(
        "Actions", "multiplies the learning rate by gamma every step_size steps"),
    "MultiStepLR": QT_TRANSLATE_NOOP(
        "Actions", "multiplies the learning rate by gamma at each milestone"),
    "ExponentialLR": QT_TRANSLATE_NOOP(
        "Actions", "multiplies the learning rate by gamma at every step"),
    "CosineAnnealingLR": QT_TRANSLATE_NOOP(
        "Actions", "lowers the learning rate along a cosine to eta_min over T_max steps"),
    "CosineAnnealingWarmRestarts": QT_TRANSLATE_NOOP(
        "Actions", "lowers the learning rate along a cosine to eta_min, starting again "
        "after T_0 steps (then T_0 * T_mult)"),
    "LinearLR": QT_TRANSLATE_NOOP(
        "Actions", "scales the learning rate from start_factor to end_factor over "
        "total_iters steps"),
    "ConstantLR": QT_TRANSLATE_NOOP(
        "Actions", "scales the learning rate by factor until total_iters steps have passed"),
    "PolynomialLR": QT_TRANSLATE_NOOP(
        "Actions", "lowers the learning rate to zero over total_iters steps, by a "
        "polynomial of the given power"),
    "ReduceLROnPlateau": QT_TRANSLATE_NOOP(
        "Actions", "multiplies the learning rate by factor when the metric it is given has "
        "not improved for patience steps"),
    "LambdaLR": QT_TRANSLATE_NOOP(
        "Actions", "sets the learning rate to the first one times lr_lambda of the number "
        "of steps taken"),
    "MultiplicativeLR": QT_TRANSLATE_NOOP(
        "Actions", "multiplies the learning rate by lr_lambda of the number of steps taken"),
    "OneCycleLR": QT_TRANSLATE_NOOP(
        "Actions", "raises the learning rate from max_lr / div_factor to max_lr over the "
        "first pct_start of total_steps steps, then lowers it to max_lr / div_factor / "
        "final_div_factor (and moves the momentum the other way)"),
}


def _argument(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return repr(list(value) if isinstance(value, tuple) else value)
    return repr(value)


def _scheduler_run(ctx, action):
    p = action.params
    optimizer = ctx.optimizer(p["optimizer"])
    cls = getattr(torch.optim.lr_scheduler, p["schedule"])
    args = dict(scheduler_arguments(p))
    if "lr_lambda" in args:
        try:
            args["lr_lambda"] = formula_function(args["lr_lambda"])
        except FormulaError as exc:
            raise ActionError(str(exc)) from None
    ctx.keep(lambda: cls(optimizer, **args))


def _scheduler_code(action, spell):
    p = action.params
    args = "".join(f", {k}={v.strip() if k == 'lr_lambda' else _argument(v)}"
                   for k, v in scheduler_arguments(p))
    return [f"{spell.optimizer(action.id)} = torch.optim.lr_scheduler.{p['schedule']}("
            f"{spell.optimizer(p['optimizer'])}{args})"], []


def _scheduler_applies(params, name):
    """A scheduler shows only its schedule's settings."""
    return name in ("schedule", "optimizer") or any(
        name == s for s, _ in SCHEDULER_SETTINGS[params["schedule"]]) or (
        name == "max_lrs" and params["schedule"] == "OneCycleLR")


defaction("scheduler",
          (("schedule", "choice", "StepLR"), ("optimizer", "action", None),
           ("step_size", "int", 10), ("milestones", "counts", []), ("gamma", "float", 0.1),
           ("T_max", "int", 10), ("T_0", "int", 10), ("T_mult", "int", 1),
           ("eta_min", "float", 0.0), ("start_factor", "float?", None),
           ("end_factor", "float", 1.0), ("total_iters", "count", 5), ("power", "float", 1.0),
           ("factor", "float?", None), ("mode", "choice", "min"), ("patience", "count", 10),
           ("threshold", "float", 1e-4), ("threshold_mode", "choice", "rel"),
           ("cooldown", "count", 0), ("min_lr", "float", 0.0), ("eps", "float", 1e-8),
           ("lr_lambda", "formula", "lambda epoch: 0.95 ** epoch"), ("max_lr", "float", 0.1),
           ("total_steps", "int", 100), ("pct_start", "float", 0.3),
           ("anneal_strategy", "choice", "cos"), ("cycle_momentum", "bool", True),
           ("base_momentum", "float", 0.85), ("max_momentum", "float", 0.95),
           ("div_factor", "float", 25.0), ("final_div_factor", "float", 1e4),
           ("three_phase", "bool", False), ("max_lrs", "floats", [])),
          "make a learning-rate scheduler", _scheduler_code, run=_scheduler_run,
          group="training", makes="scheduler", applies=_scheduler_applies, sparse=("max_lrs",),
          aim=lambda k: {"optimizer": k.optimizers[-1] if k.optimizers else None},
          imports=lambda p: ("math",) if p["schedule"] in ("LambdaLR", "MultiplicativeLR") \
          and uses_math(p["lr_lambda"]) else (),
          traced={"torch.optim.lr_scheduler.LRScheduler(...)": lambda seen: seen.params},
          explain=lambda a, spell: translate(
              "Actions", "Makes torch.optim.lr_scheduler.{schedule} over {optimizer}: from "
              "here on each of its step() {rule}.").format(
              schedule=a.params["schedule"], optimizer=spell.optimizer(a.params["optimizer"]),
              rule=translate("Actions", _RULES[a.params["schedule"]])))


# ------------------------------------------------------------------------------ step
def _recorded_metric(ctx, p):
    """The number this step hands ``step()``: its ``value``, or the value of this
    iteration (an epoch's, at an epoch's end) of its ``values``, the numbers the script
    computed each epoch (recorded)."""
    values = p.get("values") or []
    if not values:
        return p["value"]
    k = ctx.iteration or 0
    if k >= len(values):
        raise ActionError(translate(
            "Actions", "This step holds the metric the script computed for {count} "
            "iterations, and this is iteration {at}: lower the loop's count, or give the "
            "step a tensor as its metric.").format(count=len(values), at=k + 1))
    return values[k]


def _scheduler_step_run(ctx, action):
    p = action.params
    scheduler = ctx.scheduler(p["scheduler"])
    metric = ctx.tensor(p["metric"], "metric") if p["metric"] is not None else \
        _recorded_metric(ctx, p)
    plateau = isinstance(scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau)
    if plateau and metric is None:
        raise ActionError(translate(
            "Actions", "ReduceLROnPlateau's step needs the metric it watches: choose a "
            "tensor (the loss) or give a number."))
    if not plateau and metric is not None:
        raise ActionError(translate(
            "Actions", "Only ReduceLROnPlateau's step takes a metric: clear the metric and "
            "the value."))
    scheduler.step(metric) if plateau else scheduler.step()


def _scheduler_step_code(action, spell):
    p = action.params
    name = spell.optimizer(p["scheduler"])
    if p["metric"] is not None:
        return [f"{name}.step({spell.node(p['metric'])})"], []
    if p["value"] is not None:
        return [f"{name}.step({p['value']!r})" + spell.recorded(p.get("line"))], []
    values, var = p.get("values") or [], spell.loop_var
    if values:                # (moved out of its loop: what its first iteration had)
        chosen = repr(values[0]) if var is None else f"{tuple(values)!r}[{var}]"
        return [f"{name}.step({chosen})" + spell.recorded(p.get("line"))], []
    return [f"{name}.step()"], []


defaction("scheduler_step",
          (("scheduler", "action", None), ("metric", "node?", None), ("value", "float?", None),
           ("values", "floats", []), ("line", "line", None)),
          "scheduler.step()", _scheduler_step_code, run=_scheduler_step_run,
          group="training",
          applies=lambda params, name: name not in ("line", "values"),    # (the trace's)
          aim=lambda k: {"scheduler": k.schedulers[-1] if k.schedulers else None},
          traced={"scheduler.step()": lambda seen: dict(seen.params,
                                                        scheduler=seen.optimizer)},
          explain=lambda a, spell: (translate(
              "Actions", "{scheduler}.step() sets the learning rate of its optimizer for the "
              "steps after it, by its schedule and the metric it is given.")
              if a.params["metric"] is not None or a.params["value"] is not None or
              a.params.get("values") else
              translate("Actions", "{scheduler}.step() sets the learning rate of its "
                        "optimizer for the steps after it, by its schedule.")).format(
              scheduler=spell.optimizer(a.params["scheduler"])))
