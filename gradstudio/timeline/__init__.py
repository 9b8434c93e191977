"""The timeline's actions as records, one entry per kind (``record.ActionKind``), below
the document, the tracer and the window, which all look them up: ``ACTIONS``,
``defaction``. Imports only the engine's public API."""
from .record import (ACTION_KINDS, ACTIONS, TRACED, ActionError, ActionKind, Picks,
                     RunContext, Seen, Spell, calls, defaction, grad_points, one_statement,
                     traced)
from .settings import (CHOICES, OPTIMIZER_SETTINGS, SCHEDULER_SETTINGS, optimizer_arguments,
                       scheduler_arguments)
from . import (kinds_autograd, kinds_training, kinds_clipping,  # noqa: F401  (the entries)
               kinds_loading, kinds_schedulers, kinds_steps, kinds_printing,
               kinds_param_edit, kinds_momentum)

__all__ = ["ACTIONS", "ACTION_KINDS", "TRACED", "ActionError", "ActionKind", "Picks",
           "RunContext", "Seen", "Spell", "calls", "defaction", "grad_points",
           "one_statement", "traced", "CHOICES",
           "OPTIMIZER_SETTINGS", "optimizer_arguments", "SCHEDULER_SETTINGS",
           "scheduler_arguments"]
