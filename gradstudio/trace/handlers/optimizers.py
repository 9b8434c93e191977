"""``torch.optim``'s calls (making an optimizer, its ``step()``, ``zero_grad()`` and
``load_state_dict()``, a learning-rate scheduler) and a module's ``zero_grad()``: observed
calls of the engine like every other, recorded by ``optim.OptimizerWatch`` from their
arguments, nothing inside them (the recorder is quiet until the call returns). ``CALLS``
maps each observed name to the watch's method that records it."""
import inspect
from functools import partial

from ..optim import OptimizerWatch

CALLS = {
    "torch.optim.Optimizer": "created",
    "torch.optim.Optimizer.step": "step",
    "torch.optim.Optimizer.zero_grad": "zero_grad",
    "torch.optim.Optimizer.load_state_dict": "load_state",
    "torch.optim.Optimizer.add_param_group": "add_group",
    "torch.nn.Module.zero_grad": "module_zero_grad",
    "torch.optim.lr_scheduler.LRScheduler": "scheduler",
    "torch.optim.lr_scheduler.LRScheduler.step": "scheduler_step",
}


def watched(rec, on_call, func, args, kwargs):
    """A call the script makes itself: ``on_call(arguments)`` (by name, defaults
    included) before it runs returns None or ``done(raised)``, called after it."""
    if rec.quiet or len(rec.frames) > 1:
        return func(*args, **kwargs)
    try:
        bound = inspect.signature(func).bind(*args, **kwargs)
    except TypeError:                  # (the call itself says what is wrong)
        return func(*args, **kwargs)
    bound.apply_defaults()
    done = on_call(dict(bound.arguments))
    rec.quiet += 1
    raised = True
    try:
        result = func(*args, **kwargs)
        raised = False
    finally:
        rec.quiet -= 1
        if done is not None:
            done(raised)
    return result


def handlers(rec):
    """The optimizers' handlers for ``rec``, by observed name."""
    watch = OptimizerWatch(rec, rec.torch)
    return {name: partial(watched, rec, getattr(watch, method))
            for name, method in CALLS.items()}
