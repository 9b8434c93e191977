"""Training that plays live: a document's loop run iteration by iteration, its settings
changed while it runs, and what keeping it makes of the document.

A ``LiveRun`` is the document's own run (``run.start``: the same forward pass, the same
``TimelineRun``) driven one batch of iterations at a time by ``advance``, which returns
the run so far as a ``RunResult`` the views show like any other: the loop's history up to
the last iteration, that iteration's snapshots, and the steps after the loop not run yet.
A learning rate changed meanwhile (``request``) takes effect from the next iteration: a
``LiveChange`` the run applies before that iteration's first step.

The exact re-run stays what the document means: ``plan()`` is what the live run did so
far (where its loop is, the changes it made), and ``run(doc, live=plan)`` computes the
same numbers from scratch (the session shows that run when the live run pauses, and
when the user scrubs). ``keep_edits`` says how the document changes to mean the same
run: each change an optimizer's ``change_lr`` step at its iteration, the count the
iterations played."""
import collections
import copy
import time
from dataclasses import dataclass

import gradstudio.engine as torch
from gradstudio import gc_policy
from gradstudio.timeline import ACTIONS
from gradstudio.timeline.kinds_training import set_lr
from gradstudio.words import Number, translate

from .actions import loop_structure
from .data_view import prepare
from .run import start
from .run_actions import ActionOutcome

__all__ = ["LiveRun", "LiveChange", "LivePlan", "live_setting", "keep_edits", "lr_marks"]

NOT_YET = "Not run yet: the loop above is playing."


@dataclass(frozen=True)
class LiveChange:
    """A setting of action ``action`` (an optimizer, or an update step) set to ``value``
    before iteration ``at`` (from 0) of loop ``loop``."""
    loop: str
    at: int
    action: str
    setting: str
    value: float

    def apply(self, run):
        """Makes the change in ``run`` (a ``TimelineRun``) before that iteration."""
        if ACTIONS[run.doc.action(self.action).kind].makes == "optimizer":
            optimizer = run.optimizers.get(self.action)
            if optimizer is not None:          # (else its steps say why already)
                set_lr(optimizer, self.value)
        else:
            run.overrides.setdefault(self.action, {})[self.setting] = self.value


@dataclass(frozen=True)
class LivePlan:
    """What a live run did so far: ``limits`` (loop id -> iterations run) and
    ``changes`` (``LiveChange``s); ``run(doc, live=plan)`` runs it again exactly."""
    limits: tuple
    changes: tuple


def first_loop(doc):
    """``(loop action, index)`` of the document's first loop, or (None, None)."""
    ends, _ = loop_structure(doc.timeline)
    for i in sorted(ends):
        return doc.timeline[i], i
    return None, None


def live_setting(doc, loop_id):
    """``(action id, "lr", value)``: the learning rate a live run of loop ``loop_id`` can
    change (the optimizer its first step uses, else its first update), or None."""
    ends, _ = loop_structure(doc.timeline)
    start_ = next((i for i in ends if doc.timeline[i].id == loop_id), None)
    if start_ is None:
        return None
    for action in doc.timeline[start_ + 1:ends[start_]]:
        if action.kind == "step":
            opt = action.params.get("optimizer")
            if opt is not None and doc.has_action(opt):
                return opt, "lr", doc.action(opt).params["lr"]
        if action.kind == "update":
            return action.id, "lr", action.params["lr"]
    return None


class LiveRun:
    """The live run of ``doc``'s first loop. ``done``: the iterations completed;
    ``finished``: the whole timeline ran; ``changes`` the changes made so far. Its
    methods run the engine, one caller at a time (the worker thread)."""

    def __init__(self, doc):
        self.doc = doc
        loop, self.index = first_loop(doc)
        self.loop = None if loop is None else loop.id
        self.count = 0 if loop is None else loop.params["count"]
        self.done = 0
        self.finished = False
        self.changes = []
        self.seconds = 0.0             # the engine's time per iteration, last measured
        self.halting = False           # (see halt)
        self._pending = collections.deque()
        self._timeline = self._steps = self._rng = None

    def request(self, action, setting, value):
        """Asks for a change from the next iteration run (from any thread)."""
        self._pending.append((action, setting, float(value)))

    def halt(self):
        """Ends the ``advance`` running now after its iteration in progress (from any
        thread: a pause). Its result is then the run so far; the next call of
        ``advance`` runs again as asked."""
        self.halting = True

    def setting(self, action, setting):
        """The value the setting has now in this run (the last change, else the
        document's)."""
        for a, s, v in reversed(self._pending):
            if (a, s) == (action, setting):
                return v
        for c in reversed(self.changes):
            if (c.action, c.setting) == (action, setting):
                return c.value
        return self.doc.action(action).params[setting]

    def plan(self):
        """``LivePlan`` of the run so far (its first iteration before it ran one)."""
        return LivePlan(((self.loop, max(self.done, 1)),) if self.loop and not self.finished
                        else (), tuple(self.changes))

    def advance(self, iterations=1):
        """Runs up to ``iterations`` more iterations of the loop (past its last: the rest
        of the timeline) and returns the run so far (``RunResult``)."""
        with gc_policy.paused():
            if self._steps is None:
                self._start()
            else:
                torch.set_rng_state(self._rng)
            while self._pending:
                action, setting, value = self._pending.popleft()
                self.changes.append(LiveChange(self.loop, self.done, action, setting, value))
            self._timeline.changes = self.changes
            self._timeline.focus[self.loop] = min(self.done + iterations, self.count) - 1
            began, ran = time.perf_counter(), 0
            while not self.finished and ran < iterations and not (ran and self.halting):
                k = next(self._steps, None)
                state = self._timeline.loop_state
                if k is None:
                    self.finished = True
                elif state is not None and state.loop.id == self.loop:
                    self.done, ran = k + 1, ran + 1
            if self.done == self.count and not self.finished:
                for _ in self._steps:          # the steps after the loop
                    pass
                self.finished = True
            if ran:
                self.seconds = (time.perf_counter() - began) / ran
            self.halting = False
            self._rng = torch.get_rng_state()     # (before the boundary's forward draws)
            result = self._timeline.result if self.finished else self._so_far()
            return prepare(self.doc, result)

    def _start(self):
        loops = {a.id: a.params["count"] for a in self.doc.timeline
                 if ACTIONS[a.kind].loop == "opens"}
        self._timeline = start(self.doc, {}, loops, self.changes, live=True)
        self._steps = self._timeline.steps()

    def _so_far(self):
        """The run up to now, as a result of its own (the live run goes on with its own)."""
        run, state = self._timeline, self._timeline.loop_state
        r = copy.copy(run.result)
        r.outcomes, r._snaps = list(r.outcomes), list(r._snaps)
        r.errors, r._tensors = dict(r.errors), dict(r._tensors)
        r._fn_keys, r._fn_by_key = dict(r._fn_keys), dict(r._fn_by_key)
        r._freed_at, r._producers_at, r.prepared = dict(r._freed_at), {}, {}
        r.histories = dict(r.histories)
        history = r.histories[self.loop] = copy.copy(r.histories[self.loop])
        history.printed = dict(history.printed)
        note = translate("Live", "Playing live: {done} of {count} iterations so far.").format(
            done=Number(self.done), count=Number(self.count))
        r.outcomes.append(ActionOutcome(self.loop, None, [], note=note))
        last = state.start_snap if state.start_snap is not None else r._snaps[-1]
        r._snaps.append(last)
        for j, action in enumerate(state.body):
            outcome = state.outcomes[j]
            r.outcomes.append(outcome if outcome is not None else
                              ActionOutcome(action.id, None, [], note=NOT_YET))
            last = state.snaps[j] if state.snaps[j] is not None else last
            r._snaps.append(last)
        for action in self.doc.timeline[self.index + 1 + len(state.body):]:
            r.outcomes.append(ActionOutcome(action.id, None, [], note=NOT_YET))
            r._snaps.append(last)
        return r


def keep_edits(doc, plan):
    """How ``doc`` changes to mean the live run ``plan`` (of its first loop): a list of
    edits, ``("set", action id, setting, value)`` and ``("add", kind, params, index)``
    in order, and a sentence for the user when a change could not be kept as made."""
    loop, index = first_loop(doc)
    edits, notes = [], []
    limits = dict(plan.limits)
    if loop is not None and loop.id in limits and limits[loop.id] != loop.params["count"]:
        edits.append(("set", loop.id, "count", max(1, limits[loop.id])))
    at_index = index + 1 if loop is not None else 0
    last = {}
    for change in plan.changes:
        kind = ACTIONS[doc.action(change.action).kind]
        if change.at == 0 or kind.makes != "optimizer":
            if change.at:
                last[change.action] = change
            else:
                edits.append(("set", change.action, change.setting, change.value))
            continue
        edits.append(("add", "change_lr", {"optimizer": change.action, "lr": change.value,
                                           "at": change.at}, at_index))
        at_index += 1
    for change in last.values():
        edits.append(("set", change.action, change.setting, change.value))
        notes.append(translate("Live", "The update's learning rate cannot change in the "
                               "middle of the loop: the document keeps the last one, lr = "
                               "{lr}, for every iteration.").format(lr=f"{change.value:g}"))
    return edits, " ".join(notes)


def lr_marks(doc, loop_id, changes=()):
    """``[(iteration, text)]``: where loop ``loop_id``'s learning rate changes, by its
    ``change_lr`` steps and by the live ``changes``."""
    ends, _ = loop_structure(doc.timeline)
    start_ = next((i for i in ends if doc.timeline[i].id == loop_id), None)
    marks = []
    if start_ is not None:
        marks += [(a.params["at"], f"lr {a.params['lr']:g}")
                  for a in doc.timeline[start_ + 1:ends[start_]] if a.kind == "change_lr"]
    marks += [(c.at, f"{c.setting} {c.value:g}") for c in changes if c.loop == loop_id]
    return sorted(marks)
