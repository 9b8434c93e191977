"""Running a document: always from scratch, like a notebook restarted and run top to bottom.

1. Forward: the RNG is seeded, every node is evaluated by the engine in a deterministic
   topological order (inside ``no_grad`` for nodes in a no-grad region). A node that fails
   keeps its error; only what depends on it is skipped.
2. Timeline (``run_timeline``): the actions are replayed in order, loops repeated, the
   forward pass computed again where the timeline says so, the nodes of a ``compute``
   step computed there (``run_late``); each backward pass is observed
   step by step, and an action PyTorch would reject keeps PyTorch's error at its step.
3. After the forward pass and after every action a snapshot of every tensor's state is
   kept, so views can show any moment (``run_state``). Inside a loop, the snapshots are
   those of one iteration (the last by default, any other on request); every iteration
   leaves its small values and gradients in the loop's ``LoopHistory`` for the curves.

What a run may compute and keep is bounded (``limits``): a node whose tensor would pass
the element limit fails before anything is allocated, and once the run keeps more than
``limits.MAX_RUN_BYTES`` the remaining nodes and actions are not run, each saying why.
"""
import warnings

import gradstudio.engine as torch
from gradstudio import gc_policy
from gradstudio.engine import inspect as raw
from gradstudio.hook_text import keeping, printing

from . import batches, generators
from .catalogue_data import held_out
from .limits import RunBudget
from .run_actions import ActionOutcome
from .run_late import plan_late
from .run_state import BackwardStepState, RunResult, TensorState
from .run_timeline import NodeFailure, TimelineRun, compute

__all__ = ["run", "RunResult", "TensorState", "ActionOutcome", "BackwardStepState", "compute",
           "NodeFailure"]


def run(doc, focus=None, live=None) -> RunResult:
    """Runs ``doc`` from scratch and returns every node's state at every step.
    ``focus`` maps a loop action's id to the iteration (from 0) whose steps the result
    keeps for the views (by default the last one each loop ran). ``live`` (a
    ``live.LivePlan``): the run of a live session so far, its loop stopped where the
    session is and its settings changed where the session changed them."""
    focus = dict(focus or {})
    limits, changes = (None, ()) if live is None else (dict(live.limits), live.changes)
    # a run leaves no cycles (its tensors, grad_fns and snapshots are freed by reference
    # counting): the collections its allocations would trigger only walk its new objects
    with gc_policy.paused():
        result = _run(doc, focus, limits, changes, live is not None)
        if result.refocus:            # a loop ended early, before the iteration to keep
            focus.update(result.refocus)
            # loops the clock stopped run again exactly as far, not as far as time allows
            result = _run(doc, focus, {**result.stopped_at, **(limits or {})}, changes,
                          live is not None)
            result.refocus = {}
    return result


def _run(doc, focus, limits=None, changes=(), live=False):
    timeline = start(doc, focus, limits, changes, live)
    timeline.run()
    return timeline.result


def start(doc, focus, limits=None, changes=(), live=False):
    """The forward pass of a run of ``doc``; returns the ``TimelineRun`` that replays its
    timeline (``run()`` at once, or ``steps()`` iteration by iteration)."""
    result = RunResult(doc)
    if doc.seed is not None:
        torch.manual_seed(doc.seed)
    generators.fresh()               # (no torch.Generator made yet)
    batches.fresh()                  # (no loader's epoch begun yet)
    order = doc.topological_order()
    result.order = order
    late = result.late = plan_late(doc, order)     # nodes computed at a timeline step
    result.errors.update(late.problems)
    tensors = result._tensors
    budget = RunBudget()
    data = dict(zip(doc.node_ids, doc.nodes()))         # (each node read once)
    no_grad = set().union(*(r.nodes for r in doc.regions.values()))    # doc.in_no_grad
    with warnings.catch_warnings(), printing(result.printed), keeping(result.kept):
        warnings.simplefilter("ignore")
        for nid in order:
            if late and nid in late:
                continue
            if budget.exceeded:
                result.errors[nid] = "Not computed: " + budget.message()
                continue
            d = data[nid]
            try:
                t = compute(doc, nid, tensors, result._names, d, nid in no_grad)
            except NodeFailure as exc:
                result.errors[nid] = str(exc)
                continue
            tensors[nid] = t
            test = held_out(t)
            if test is not None:           # a data node's test rows, for the Data panel
                result.held_out[nid] = raw.data(test).copy()
            if d.retains_grad and not t.requires_grad:
                result.retain_left_out.add(nid)
            budget.add_array(raw.data(t))      # (what ``add(t)`` counts)
            if budget.exceeded:
                result.stopped = "Stopped early: " + budget.message()
    return TimelineRun(doc, result, budget, focus, limits, changes, live)


