"""Performing one timeline action during a run, as the PyTorch statement it stands for.

Every action is done with the engine exactly as the exported script spells it
(``w -= 0.1 * w.grad`` inside ``torch.no_grad()``, ``torch.optim.SGD([w, b], lr=0.1)``,
``optimizer.step()``), so a run and the script agree bit for bit. PyTorch's own error
at a step is kept as the step's outcome (``error_type`` names its class); a step the
document cannot run (no target, a deleted node, an optimizer made later) says so in
words and has no ``error_type``.
"""
import contextlib
import warnings
from dataclasses import dataclass

import gradstudio.engine as torch
from gradstudio.engine.autograd import observe
from gradstudio.hook_text import printing

from .actions import optimizer_arguments

__all__ = ["ActionOutcome", "ActionError", "perform", "message"]


@dataclass
class ActionOutcome:
    """What one timeline action did: its error (PyTorch's message) or None, the backward
    pass step by step (``BackwardStepState``), and for ``grad`` the returned gradients
    (``TensorState``, None for an unused input).
    ``error_type`` is the exception class name when PyTorch itself raised (None when the
    action succeeded or was not run because of the document, e.g. a missing target).
    ``warnings`` are the warnings PyTorch would have printed at this step, as
    ``"UserWarning: ..."`` lines; they are kept here instead of reaching the caller.
    ``iteration`` is, inside a loop, the iteration (from 0) this outcome comes from;
    ``note`` says why a step of a loop did not run in the iteration shown.
    ``printed`` are the lines printing hooks wrote during the step, in order."""
    action_id: str
    error: str | None
    steps: list
    results: list | None = None
    error_type: str | None = None
    warnings: tuple = ()
    iteration: int | None = None
    note: str | None = None
    printed: tuple = ()


class ActionError(Exception):
    """A step the document cannot run; the message is written for the user."""


def message(exc):
    return f"{type(exc).__name__}: {exc}"


class _Tensors:
    """Finds an action's tensors in the run, or says in words why it cannot."""

    def __init__(self, tensors, names, late=None):
        self.tensors, self.names, self.late = tensors, names, late

    def __call__(self, node_id, role):
        if node_id is None:
            raise ActionError(f"Choose the {role} of this action.")
        if node_id not in self.names:
            raise ActionError(f"The {role} node '{node_id}' no longer exists.")
        t = self.tensors.get(node_id)
        if t is None and self.late and node_id in self.late.step:
            raise ActionError(f"Its {role} '{self.names[node_id]}' is computed later, at "
                              f"{self.late.when(node_id)}: move this step after that one.")
        if t is None:
            raise ActionError(f"Its {role} '{self.names[node_id]}' has an error; fix that "
                              "node first.")
        return t


def perform(action, run, steps, iteration=None):
    """Does ``action`` in ``run`` (a ``run.TimelineRun``), the engine's backward steps
    going to ``steps``; returns its ``ActionOutcome`` with the warnings PyTorch would
    have printed. With ``steps`` None the step is neither observed nor are its warnings
    kept (a loop's iterations the views do not show: the caller silences them)."""
    with printing([]) as printed:
        if steps is None:
            outcome = _perform(action, run, steps)
        else:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                outcome = _perform(action, run, steps)
            outcome.warnings = tuple(f"{w.category.__name__}: {w.message}" for w in caught)
    outcome.printed = tuple(printed)
    outcome.iteration = iteration
    return outcome


def _perform(action, run, steps):
    p = action.params
    find = _Tensors(run.tensors, run.names, run.result.late)
    results = None
    watch = observe(steps.append) if steps is not None else contextlib.nullcontext()
    try:
        with watch:
            kind = action.kind
            if kind == "backward":
                target = find(p["target"], "target")
                grad = None if p.get("gradient") is None else find(p["gradient"], "gradient")
                target.backward(grad, retain_graph=p["retain_graph"] or None,
                                create_graph=p["create_graph"])
            elif kind == "zero_grad":
                find(p["tensor"], "tensor").grad.zero_()
            elif kind == "set_grad_none":
                find(p["tensor"], "tensor").grad = None
            elif kind == "grad":
                outs = [find(n, "output") for n in p["outputs"]]
                ins = [find(n, "input") for n in p["inputs"]]
                if not outs or not ins:
                    raise ActionError("Choose at least one output and one input.")
                given = p.get("grad_outputs") or []
                vs = [None if n is None else find(n, "grad_outputs") for n in given] \
                    if any(n is not None for n in given) else None
                results = list(torch.autograd.grad(outs, ins, grad_outputs=vs,
                                                   retain_graph=p["retain_graph"] or None,
                                                   create_graph=p["create_graph"],
                                                   allow_unused=True))
            elif kind == "update":
                _update([find(n, "tensor") for n in p["tensors"]], p)
            elif kind == "optimizer":
                params = [find(n, "parameter") for n in p["params"]]
                cls = getattr(torch.optim, p["algorithm"])
                run.optimizers[action.id] = None      # made (or failed) here
                run.optimizers[action.id] = cls(params, **dict(optimizer_arguments(p)))
            elif kind in ("step", "optimizer_zero_grad"):
                optimizer = run.optimizer(p["optimizer"])
                if kind == "step":
                    optimizer.step()
                else:
                    optimizer.zero_grad(set_to_none=p["set_to_none"])
            elif kind == "forward":
                run.forward()
            elif kind == "compute":
                run.compute_late(action.id)
            elif kind == "print":        # (the step's snapshot is what it prints)
                find(p["tensor"], "tensor")
    except ActionError as exc:
        return ActionOutcome(action.id, str(exc), steps or [])
    except Exception as exc:  # PyTorch's own error for this step, shown at the step
        return ActionOutcome(action.id, message(exc), steps or [], results,
                             type(exc).__name__)
    return ActionOutcome(action.id, None, steps or [], results)


def _update(params, p):
    """``p -= lr * p.grad`` (or ``p.data -= ...``, ``p.sub_(...)``) for each tensor, in
    ``torch.no_grad()`` when the action says so (``.data`` needs none)."""
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
