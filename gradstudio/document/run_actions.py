"""Performing one timeline action during a run, as the PyTorch statement it stands for.

Every action is done by its record (``gradstudio.timeline``: its ``run``, given a
``RunContext`` onto this run) with the engine exactly as the exported script spells it
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
from gradstudio.hook_text import keeping, printing, say
from gradstudio.timeline import ACTIONS, ActionError, RunContext
from gradstudio.words import translate

from .run_state import DEFAULT_PRINT_OPTIONS

__all__ = ["ActionOutcome", "ActionError", "perform", "message", "DEFAULT_PRINT_OPTIONS"]


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
    ``printed`` are the lines printing hooks wrote during the step, in order;
    ``print_options`` how tensors print after it (``torch.set_printoptions``'s settings
    as ``get_printoptions`` gives them; None: as after the step before); ``said_parts``
    what each argument of a ``say`` step printed (None for any other step)."""
    action_id: str
    error: str | None
    steps: list
    results: list | None = None
    error_type: str | None = None
    warnings: tuple = ()
    iteration: int | None = None
    print_options: dict | None = None
    note: str | None = None
    printed: tuple = ()
    said_parts: tuple | None = None


def message(exc):
    return f"{type(exc).__name__}: {exc}"


class _Tensors:
    """Finds an action's tensors in the run, or says in words why it cannot."""

    def __init__(self, tensors, names, late=None):
        self.tensors, self.names, self.late = tensors, names, late

    def __call__(self, node_id, role):
        if node_id is None:
            raise ActionError(translate("Run", "Choose the {role} of this action.").format(
                role=role))
        if node_id not in self.names:
            raise ActionError(translate("Run", "The {role} node '{node}' no longer exists.").format(
                role=role, node=node_id))
        t = self.tensors.get(node_id)
        if t is None and self.late and node_id in self.late.step:
            raise ActionError(translate("Run", "Its {role} '{node}' is computed later, at "
                                        "{when}: move this step after that one.").format(
                role=role, node=self.names[node_id], when=self.late.when(node_id)))
        if t is None:
            raise ActionError(translate("Run", "Its {role} '{node}' has an error; fix that "
                                        "node first.").format(role=role,
                                                              node=self.names[node_id]))
        return t


def perform(action, run, steps, iteration=None):
    """Does ``action`` in ``run`` (a ``run.TimelineRun``), the engine's backward steps
    going to ``steps``; returns its ``ActionOutcome`` with the warnings PyTorch would
    have printed. With ``steps`` None the step is neither observed nor are its warnings
    kept (a loop's iterations the views do not show: the caller silences them)."""
    with printing([]) as printed, _print_options(run), keeping(run.result.kept):
        if steps is None:
            outcome = _perform(action, run, steps, iteration)
        else:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                outcome = _perform(action, run, steps, iteration)
            outcome.warnings = tuple(f"{w.category.__name__}: {w.message}" for w in caught)
    outcome.printed = tuple(printed)
    outcome.iteration = iteration
    outcome.print_options = run.print_options
    return outcome


@contextlib.contextmanager
def _print_options(run):
    """The run's own print options while an action runs (a ``set_printoptions`` step
    changes them for the later steps: ``run.print_options``); the process's come back
    after it, so that no document's options reach another document, run or view."""
    saved = torch.get_printoptions()
    if run.print_options != saved:          # (only then: see ``run_state._printing_as``)
        torch.set_printoptions(**run.print_options)
    try:
        yield
    finally:
        run.print_options = torch.get_printoptions()
        if run.print_options != saved:
            torch.set_printoptions(**saved)


class _Context(RunContext):
    """The run as an action's ``run`` sees it (``timeline.RunContext``): its tensors, its
    optimizers, and the forward and compute steps, for the action ``action_id``."""

    def __init__(self, run, action_id, iteration=None):
        self._run, self._id = run, action_id
        self.tensor = _Tensors(run.tensors, run.names, run.result.late)
        self.iteration = iteration
        self.said_parts = None

    def made(self, action_id, what):
        return self._run.made(action_id, what)

    def keep(self, make):
        self._run.optimizers[self._id] = None      # made (or failed) here
        self._run.optimizers[self._id] = make()

    def forward(self):
        self._run.forward()

    def compute_late(self):
        self._run.compute_late(self._id)

    def say(self, text, parts=None):
        say(text)
        self.said_parts = None if parts is None else tuple(parts)


def _perform(action, run, steps, iteration=None):
    results = None
    watch = observe(steps.append) if steps is not None else contextlib.nullcontext()
    try:
        with watch:
            kind = ACTIONS[action.kind]
            ctx = _Context(run, action.id, iteration)
            returned = kind.run(ctx, action)
            results = list(returned) if kind.returns else None
    except ActionError as exc:
        return ActionOutcome(action.id, str(exc), steps or [])
    except Exception as exc:  # PyTorch's own error for this step, shown at the step
        return ActionOutcome(action.id, message(exc), steps or [], results,
                             type(exc).__name__)
    return ActionOutcome(action.id, None, steps or [], results,
                         said_parts=ctx.said_parts)
