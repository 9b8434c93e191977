"""Replaying the timeline: actions in order, loops repeated, the forward pass computed
again, a snapshot of every tensor after each step the views can show."""
import time
from dataclasses import replace
import warnings

import numpy as np

import gradstudio.engine as torch
from gradstudio.engine import inspect as raw
from gradstudio.function_text import MAX_OUTPUTS
from gradstudio.timeline import ACTIONS
from gradstudio.vocabulary import HISTORY_ELEMENTS
from gradstudio.words import Number, translate

from .actions import epoch_split, loop_structure
from .catalogue import CATALOGUE, returns_input
from .catalogue_autograd import NotComputable
from .catalogue_norm import BUFFERS, writes_buffers
from .limits import MAX_ELEMENTS, check_tensor, may_grow, planned_elements, too_large
from .run_actions import DEFAULT_PRINT_OPTIONS, ActionError, ActionOutcome, message, perform
from .run_state import result_state, snapshot, step_states

__all__ = ["TimelineRun", "LoopHistory", "LoopState", "compute", "NodeFailure", "MAX_RUN_SECONDS"]


class NodeFailure(Exception):
    """Why a node could not be computed, in words (PyTorch's error when it raised:
    ``exception`` is then that error)."""

    def __init__(self, text, exception=None):
        super().__init__(text)
        self.exception = exception


def compute(doc, nid, tensors, names, data=None, no_grad=None):
    """One node's tensor from its inputs' tensors in ``tensors``; raises ``NodeFailure``.
    ``data`` and ``no_grad``: ``doc.node(nid)`` and ``doc.in_no_grad(nid)``, when the
    caller has them already (a run reads them once for every node)."""
    if data is None:
        data = doc.node(nid)
    spec = CATALOGUE[data.kind]
    params = data.params
    inputs = doc.inputs_of(nid)
    ports = spec.input_names(params)
    kwargs = {}
    for p in ports:
        src = inputs.get(p)
        if src is not None:
            t = tensors.get(src)
            if t is None:
                break
            kwargs[p] = t
    if (len(kwargs) != len(ports) or len(inputs) != len(ports)) and (
            spec.variadic or len(kwargs) != len(inputs) or
            any(p not in kwargs for p in spec.required_inputs)):
        # not every input's tensor there, an edge into a port the kind no longer has, or
        # a required port not connected: the checks in full. (Else nothing is missing and
        # nothing failed, and ``kwargs`` is what they would give: an optional port left
        # free, such as add's ``other`` given as a number, needs no more.)
        kwargs = _checked_inputs(doc, nid, inputs, ports, tensors, names)
    if may_grow(spec, len(kwargs)):
        planned = planned_elements(spec, params,
                                   {p: raw.data(v).shape for p, v in kwargs.items()})
        if planned is not None and planned > MAX_ELEMENTS:
            raise NodeFailure(too_large(planned))     # before the engine allocates it
    if no_grad is None:
        no_grad = doc.in_no_grad(nid)
    evaluate = evaluator(doc, nid, spec, tensors)
    try:
        if no_grad:
            with torch.no_grad():
                t = evaluate(params, **kwargs)
        else:
            t = evaluate(params, **kwargs)
    except NotComputable as exc:    # (said in words for the user: no exception name)
        raise NodeFailure(str(exc)) from None
    except Exception as exc:  # the user's program failed: show it on the node
        raise NodeFailure(message(exc), exc) from None
    if not isinstance(t, torch.Tensor):
        raise NodeFailure(translate(
                "Run", "{kind} did not produce a tensor.").format(
                kind=data.kind))
    problem = check_tensor(raw.data(t).shape)
    if problem is not None:
        raise NodeFailure(problem)
    if data.retains_grad:
        retain(t)
    return t


def evaluator(doc, nid, spec, tensors):
    """How node ``nid`` (of kind ``spec``) is evaluated: its kind's ``evaluate``, except
    for the outputs of a custom Function of several (``_keeping_outputs``, ``_picker``)."""
    evaluate = spec.evaluate if not spec.output_of else _picker(doc, nid, tensors)
    if spec.outputs is not None:
        evaluate = _keeping_outputs(evaluate, nid, tensors)
    return evaluate


def _keeping_outputs(evaluate, nid, tensors):
    """``evaluate`` of a node of several outputs: its first output is its tensor, the
    others are kept in ``tensors`` under ``(nid, k)`` for its ``function_output`` nodes
    (those of an earlier call dropped first, so a failed call leaves none behind)."""
    def run(params, **kwargs):
        for k in range(1, MAX_OUTPUTS):
            tensors.pop((nid, k), None)
        out = evaluate(params, **kwargs)
        if isinstance(out, tuple) and out:
            for k, o in enumerate(out[1:], 1):
                tensors[(nid, k)] = o
            out = out[0]
        return out
    return run


def _picker(doc, nid, tensors):
    """The evaluation of ``function_output`` node ``nid``: output ``index`` of the very
    call its Function node made (kept by ``_keeping_outputs``)."""
    def pick(params, function):
        src = doc.source_of(nid, "function")
        names = CATALOGUE[doc.node(src).kind].outputs
        names = names(doc.node(src).params) if names is not None else ()
        k = params["index"]
        if len(names) < 2:
            raise NotComputable(translate(
                "Run", "A Function output takes a custom Function that returns several "
                "tensors (return y, aux) on its port."))
        if not 1 <= k < len(names):
            raise NotComputable(translate(
                "Run", "Its Function has {n} outputs, numbered 0 to {last}: output {k} "
                "does not exist.").format(n=Number(len(names)), last=Number(len(names) - 1),
                                          k=k))
        if (src, k) not in tensors:
            raise NotComputable(translate("Run", "Not computed: its Function has an "
                                          "error."))
        return tensors[(src, k)]
    return pick


def _checked_inputs(doc, nid, inputs, ports, tensors, names):
    """The inputs of a node (port -> tensor), or ``NodeFailure`` saying which one is
    not connected or has no tensor."""
    missing = doc.missing_inputs(nid, inputs)
    if missing:
        raise NodeFailure(translate(
                "Run", "Connect an input to '{missing}' to compute this node.").format(
                missing=missing[0]))
    failed = [p for p, src in inputs.items() if src not in tensors]
    if failed:
        raise NodeFailure(translate(
                "Run", "Not computed: its input '{name}' has an error.").format(
                name=names[inputs[failed[0]]]))
    return {p: tensors[inputs[p]] for p in ports if p in inputs}


def retain(t):
    """A node's retain_grad mark: ``t.retain_grad()`` where PyTorch accepts it (``t``
    requires grad); elsewhere the program leaves the call out (see the export)."""
    if t.requires_grad:
        t.retain_grad()


MAX_RUN_SECONDS = 10.0       # a loop still running after this long stops (at an iteration)


class LoopHistory:
    """What every iteration of one loop left: for each tracked node (the loop's backward
    targets, the watched nodes and the tensors its updates change, up to
    ``HISTORY_ELEMENTS`` elements) its value at the end of the iteration and its
    ``.grad`` just after the iteration's last backward (NaN where there was none), as
    float64 arrays of shape ``(count, *shape)``. ``iterations`` is how many completed;
    ``failed`` the iteration that raised, or None; ``losses`` the backward targets;
    ``dtypes`` each tracked node's dtype name."""

    def __init__(self, loop_id, count, tensors, tracked, losses, budget):
        self.loop_id, self.count = loop_id, count
        self.iterations = 0
        self.failed = None
        self.printed = {}          # iteration -> the lines printing hooks wrote in it
        self._losses = list(losses)
        self._computed = {n for n in losses if n in tensors}
        self.dtypes, self.values, self.grads = {}, {}, {}
        self._budget = budget
        self._later = []        # tracked nodes a compute step of the loop makes (run_late)
        for nid in tracked:
            t = tensors.get(nid)
            if t is None:
                self._later.append(nid)
            else:
                self._track(nid, t)

    def _track(self, nid, t):
        if t.numel() > HISTORY_ELEMENTS or t.dtype.is_complex:
            return
        self.dtypes[nid] = t.dtype.name
        self.values[nid] = np.full((self.count,) + tuple(t.shape), np.nan)
        self.grads[nid] = np.full((self.count,) + tuple(t.shape), np.nan)
        self._budget.add(self.values[nid])
        self._budget.add(self.grads[nid])

    @property
    def nodes(self):
        return list(self.values)

    @property
    def losses(self):
        """The backward targets the loop's run computed (a loss a compute step of the
        loop makes too, once it has)."""
        return [n for n in self._losses if n in self._computed or n in self.values]

    def scalar(self, node_id):
        """The node's value per completed iteration (one-element nodes only), or None."""
        v = self.values.get(node_id)
        if v is None or v[0].size != 1:
            return None
        return v[:self.iterations].reshape(-1)

    def _sample(self, arrays, k, tensors, of):
        for nid, store in arrays.items():
            t = tensors.get(nid)
            x = None if t is None else of(t)
            if x is not None and x.shape == store.shape[1:]:
                store[k] = x
            else:
                store[k] = np.nan

    def sample_grads(self, k, tensors):
        self._sample(self.grads, k, tensors,
                     lambda t: None if raw.grad(t) is None else raw.data(raw.grad(t)))

    def sample_values(self, k, tensors):
        if self._later:         # (computed during the iteration: tracked from the first)
            for nid in [n for n in self._later if n in tensors]:
                self._later.remove(nid)
                self._track(nid, tensors[nid])
        self._sample(self.values, k, tensors, raw.data)
        self.iterations = k + 1


class LoopState:
    """The loop a run is in: its action, index and body, and what the iteration kept so
    far left (``kept``, from 0; None before one is): the snapshot at its start and each
    body step's outcome and snapshot."""

    def __init__(self, loop, start, body):
        self.loop, self.start, self.body = loop, start, body
        self.kept = self.start_snap = None
        self.outcomes, self.snaps = [None] * len(body), [None] * len(body)


class TimelineRun:
    """The timeline of one run: the tensors the actions work on (the forward pass's, then
    those a ``forward`` action computes again), the optimizers made so far, and the
    snapshots and outcomes left in ``result``."""

    def __init__(self, doc, result, budget, focus, limits=None, changes=(), live=False):
        self.doc, self.result, self.budget, self.focus = doc, result, budget, focus
        self.deadline = time.perf_counter() + MAX_RUN_SECONDS
        self.limits = limits or {}      # loop id -> iterations a timed-out run reached
        self.changes = list(changes)    # settings changed at an iteration (a live run's)
        self.live = live                # a live session's run: its limits are where it is
        self.overrides = {}             # action id -> {setting: value} a change set
        self.loop_state = None          # the loop being run (``LoopState``), or None
        self._kept_base = {}            # loop id -> what was kept before it kept any
        self.tensors, self.names = result._tensors, result._names
        self.optimizers = {}
        self.print_options = dict(DEFAULT_PRINT_OPTIONS)   # (a set_printoptions step's)
        self.copied = {}
        self._plan = None           # how ``forward`` computes each forward node
        timeline = doc.timeline
        named = {n for a in timeline for n in ACTIONS[a.kind].changed(a.params)}
        self.mutable = {id(self.tensors[n]) for n in named if n in self.tensors}
        for nid in result.late.step:    # a write a compute step makes into a tensor
            source = doc.source_of(nid, "self") if returns_input(doc.node(nid)) else None
            if source in self.tensors:
                self.mutable.add(id(self.tensors[source]))
        for nid, data in zip(doc.node_ids, doc.nodes()):   # the buffers a batch_norm moves
            if writes_buffers(data):
                self.mutable.update(id(self.tensors[s]) for s in (
                    doc.source_of(nid, port) for port in BUFFERS) if s in self.tensors)
        if any(ACTIONS[a.kind].recomputes == "forward" for a in timeline):  # (a walk)
            result.forward_nodes = self._forward_nodes()

    # ------------------------------------------------------------------ helpers
    def _forward_nodes(self):
        """The nodes downstream of a leaf that requires grad (what a parameter update
        changes), except the nodes holding such a leaf itself and the states a step
        carries from one iteration to the next (a momentum's velocities): they are
        computed again by ``forward``, in the run's order."""
        params = {n for n, t in self.tensors.items() if t.is_leaf and t.requires_grad}
        carried = {n for a in self.doc.timeline for n in ACTIONS[a.kind].carried(a.params)}
        param_ids = {id(self.tensors[n]) for n in params}
        again = set()
        late = self.result.late       # (computed by their own step, never again)
        for nid in self.result.order:
            t = self.tensors.get(nid)
            if nid in params or (t is not None and id(t) in param_ids) or nid in late or \
                    nid in carried:
                continue
            if any(src in params or src in again for src in self.doc.inputs_of(nid).values()):
                again.add(nid)
        return [n for n in self.result.order if n in again]

    def forward(self):
        """Computes the forward nodes again from the tensors now; PyTorch's error of a
        node that fails ends the step. The nodes computed at step 0 passed every check
        of ``compute`` with tensors of the same shapes, so a loop's forward only calls
        their kinds' ``evaluate`` (planned once)."""
        if self._plan is None:
            self._plan = []
            for nid in self.result.forward_nodes:
                if nid in self.result.errors or nid not in self.tensors:
                    continue
                data = self.doc.node(nid)
                spec = CATALOGUE[data.kind]
                inputs = self.doc.inputs_of(nid)
                ports = [(p, inputs[p]) for p in spec.input_names(data.params) if p in inputs]
                self._plan.append((nid, evaluator(self.doc, nid, spec, self.tensors),
                                   data.params, ports,
                                   self.doc.in_no_grad(nid), data.retains_grad))
        tensors = self.tensors
        for nid, evaluate, params, ports, no_grad, retains in self._plan:
            kwargs = {p: tensors[src] for p, src in ports}
            if no_grad:
                with torch.no_grad():
                    tensors[nid] = evaluate(params, **kwargs)
            else:
                tensors[nid] = evaluate(params, **kwargs)
            if retains:
                retain(tensors[nid])

    def compute_late(self, action_id):
        """Computes the nodes of the ``compute`` action ``action_id`` from the tensors
        now (``run_late``); a node that fails keeps its error, as in the forward pass.
        Their values are copied at every snapshot: ``x.grad`` is the very tensor later
        backward passes accumulate into."""
        result, tensors = self.result, self.tensors
        for nid in result.late.at.get(action_id, ()):
            if nid in result.late.problems:
                continue
            try:
                t = compute(self.doc, nid, tensors, self.names)
            except NodeFailure as exc:
                result.errors[nid] = str(exc)
                tensors.pop(nid, None)
                continue
            result.errors.pop(nid, None)      # (a loop's earlier iteration may have failed)
            tensors[nid] = t
            self.mutable.add(id(t))

    def made(self, action_id, what):
        """The optimizer or scheduler (``what``) the action ``action_id`` made so far in
        this run, or ``ActionError`` saying why there is none."""
        if action_id is None:
            raise ActionError(translate("Run", "Choose the {what} of this step.").format(
                what=what))
        if action_id not in self.optimizers or \
                ACTIONS[self.doc.action(action_id).kind].makes != what:
            if self.doc.has_action(action_id) and \
                    ACTIONS[self.doc.action(action_id).kind].makes == what:
                raise ActionError(translate("Run", "Its {what} is made at a later step: move "
                                            "the {what} before this step.").format(what=what))
            raise ActionError(translate("Run", "Its {what} no longer exists: choose "
                                        "another.").format(what=what))
        made = self.optimizers[action_id]
        if made is None:
            raise ActionError(translate("Run", "Its {what} could not be made: see the error "
                                        "at its step.").format(what=what))
        return made

    def snapshot(self):
        return snapshot(self.result.order, self.tensors, self.copied, self.budget,
                        self.mutable)

    def _do(self, action, step, observed=True, iteration=None):
        """Performs ``action`` (timeline step ``step``); an ``observed`` action's backward
        steps and returned gradients are counted in the budget."""
        outcome = perform(action, self, [] if observed else None, iteration)
        outcome.steps, arrays = step_states(outcome.steps, self.result, step)
        if outcome.results is not None:
            outcome.results = [result_state(g) for g in outcome.results]
            for state in outcome.results:       # (printed as the step's options say)
                if state is not None:
                    state.print_options = outcome.print_options
        if observed:        # (the arrays: what ``add(outcome.steps)`` would count)
            self.budget.add((arrays, outcome.results))
        return outcome

    def _not_run(self, action):
        return ActionOutcome(action.id, "Not run: " + self.budget.message(), [])

    # ------------------------------------------------------------------ replay
    def run(self):
        """Replays the whole timeline."""
        for _ in self.steps():
            pass

    def steps(self):
        """The replay, pausing after each iteration of a loop: yields the iteration (from
        0) that just completed, ``loop_state`` holding its loop (a live run goes on from
        there; ``run`` goes on at once)."""
        result, timeline = self.result, self.doc.timeline
        result._snaps.append(self.snapshot())
        ends, problems = loop_structure(timeline)
        i = 0
        while i < len(timeline):
            action = timeline[i]
            if self.budget.exceeded:
                result.stopped = result.stopped or "Stopped early: " + self.budget.message()
                result.outcomes.append(self._not_run(action))
                result._snaps.append(result._snaps[-1])
            elif i in problems:
                result.outcomes.append(ActionOutcome(action.id, problems[i], []))
                result._snaps.append(result._snaps[-1])
            elif ACTIONS[action.kind].loop == "opens":
                iterations = self._loop(i, ends[i])
                while True:
                    with warnings.catch_warnings():     # iterations not shown warn nowhere
                        warnings.simplefilter("ignore")
                        k = next(iterations, None)
                    if k is None:
                        break
                    yield k
                i = ends[i]                         # the end of the loop: after it all
                result.outcomes.append(ActionOutcome(timeline[i].id, None, []))
                result._snaps.append(self.snapshot())
            else:
                outcome = self._do(action, i + 1)
                result.outcomes.append(outcome)
                result._snaps.append(self.snapshot())
            i += 1

    def _loop(self, start, end):
        """Runs the loop at ``start`` (its body up to ``end``), keeping the outcomes and
        snapshots of one iteration: the focused one, else the last. An action PyTorch
        rejects ends the loop there, as the exception ends a script's loop. A generator:
        it yields each iteration once it completed. Before iteration ``k``, the settings
        ``changes`` (``LiveChange``) name for it take effect."""
        loop, body = self.doc.timeline[start], self.doc.timeline[start + 1:end]
        count = loop.params["count"]
        history = self._loop_history(loop, body, count)
        state = self.loop_state = LoopState(loop, start, body)
        failed = stopped = None
        limit = self.limits.get(loop.id)
        for k in range(count):
            if k and (k == limit or limit is None and time.perf_counter() > self.deadline):
                stopped = k                 # a run stays interactive: the loop ends here
                break
            for change in self.changes:
                if change.loop == loop.id and change.at == k:
                    change.apply(self)
            keep = k == max(0, min(self.focus.get(loop.id, count - 1), count - 1))
            if keep:
                self._forget_kept(loop.id)
                state.start_snap = self.snapshot()
                state.outcomes, state.snaps = [None] * len(body), [None] * len(body)
            failed = self._iteration(body, start, k, keep, history, state.outcomes,
                                     state.snaps)
            if failed is not None:
                break
            history.sample_values(k, self.tensors)
            state.kept = k if keep else state.kept
            yield k
        shown = max(0, min(self.focus.get(loop.id, count - 1), count - 1))
        note = self._loop_stopped(loop, history, shown, failed, stopped)
        self._keep_loop(loop, body, state.start_snap, state.outcomes, state.snaps, failed,
                        note)
        self.loop_state = None

    def _forget_kept(self, loop_id):
        """Before an iteration is kept: what the run had counted and registered before
        the loop kept any (a live run keeps one iteration after another, each instead of
        the one before, so what it keeps stays bounded)."""
        result, budget = self.result, self.budget
        base = self._kept_base.get(loop_id)
        if base is None:
            self._kept_base[loop_id] = (budget.used, set(budget._seen), dict(result._freed_at),
                                        dict(result._fn_keys), dict(result._fn_by_key))
            return
        budget.used, seen, freed, keys, by_key = base
        budget._seen = set(seen)
        result._freed_at, result._fn_keys, result._fn_by_key = dict(freed), dict(keys), \
            dict(by_key)
        result._producers_at = {}

    def _loop_history(self, loop, body, count):
        """The loop's ``LoopHistory``: its losses, the watched nodes and what the body
        changes in place, sampled every iteration."""
        result = self.result
        losses = [a.params[ACTIONS[a.kind].target] for a in body if ACTIONS[a.kind].target]
        tracked = list(dict.fromkeys(
            losses + [n for n in result.order if self.doc.node(n).watched] +
            [n for n in result.order if id(self.tensors.get(n)) in self.mutable]))
        history = LoopHistory(loop.id, count, self.tensors, tracked, losses, self.budget)
        result.histories[loop.id] = history
        return history

    def _iteration(self, body, start, k, keep, history, outcomes, snaps):
        """Iteration ``k`` of the loop's ``body`` (its outcomes and snapshots kept when
        ``keep``); returns ``(k, j)`` when action ``j`` ended the loop, else None."""
        overrides = self.overrides
        every, at = epoch_split(body, history.count)
        for j, action in enumerate(body):
            if self.budget.exceeded:
                outcomes[j] = self._not_run(action)
                return (k, j)
            if j >= at and (k + 1) % every:          # (an epoch's end: not this iteration)
                if keep:
                    outcomes[j], snaps[j] = ActionOutcome(action.id, None, [], note=translate(
                        "Run", "Runs at the end of each epoch: not in this iteration.")), \
                        self.snapshot()
                continue
            if action.id in overrides:
                action = replace(action, params={**action.params, **overrides[action.id]})
            outcome = self._do(action, start + 2 + j, keep, k if j < at else k // every)
            if outcome.printed:
                history.printed.setdefault(k, []).extend(outcome.printed)
            if ACTIONS[action.kind].target:          # (a backward pass)
                history.sample_grads(k, self.tensors)
            if keep:
                outcomes[j], snaps[j] = outcome, self.snapshot()
            if outcome.error_type is not None:
                outcomes[j] = outcome
                return (k, j)
        return None

    def _loop_stopped(self, loop, history, shown, failed, stopped):
        """Where the views look after a loop that failed or ran out of time; the note
        on the loop's row (None: it ran to its end or failed)."""
        result = self.result
        if failed is not None:
            history.failed = failed[0]
            if failed[0] != shown:
                result.refocus[loop.id] = failed[0]
            return None
        if stopped is None:
            return None
        count = loop.params["count"]
        if self.live:
            note = translate("Run", "Live run: {stopped:,} of {count:,} iterations so far "
                             "(Keep makes it the document's loop, Discard goes back to the "
                             "document's run).").format(stopped=Number(stopped), count=Number(count))
        else:
            note = translate("Run", "Stopped after {stopped:,} of {count:,} iterations: the "
                             "run took longer than {seconds} s. Lower the count to see the "
                             "end.").format(stopped=Number(stopped), count=Number(count),
                                            seconds=f"{MAX_RUN_SECONDS:g}")
            result.stopped = result.stopped or note
        result.stopped_at[loop.id] = stopped
        if shown >= stopped:
            result.refocus[loop.id] = stopped - 1
        return note

    def _keep_loop(self, loop, body, start_snap, outcomes, snaps, failed, note):
        """The outcomes and snapshots of the loop's row and its body's rows (the kept
        iteration's; a row not reached says why)."""
        result = self.result
        last = start_snap if start_snap is not None else self.snapshot()
        result.outcomes.append(ActionOutcome(loop.id, None, [], note=note))
        result._snaps.append(last)
        for j, action in enumerate(body):
            if outcomes[j] is None:
                outcomes[j] = ActionOutcome(
                    action.id, None, [], iteration=failed[0] if failed else None,
                    note=translate("Run", "Not reached in iteration {number}: the loop "
                                   "stopped at the error above.").format(
                                       number=failed[0] + 1) if failed else
                    translate("Run", "Not run in the iteration asked for: the loop stopped "
                              "early."))
            if snaps[j] is not None:
                last = snaps[j]
            result.outcomes.append(outcomes[j])
            result._snaps.append(last)
