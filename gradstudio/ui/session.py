"""The session: one open document, its undo stack, its latest run, the selection and the
timeline step being viewed. Views read from it and never compute; every edit is an undo
command pushed onto ``undo_stack``; after every push, undo or redo the document is run
again and ``run_finished`` tells every view. ``document_replaced`` (New/Open) is always
followed by ``run_finished``: views drop what belonged to the old document on the first
and show the new one on the second.

After every edit (push, undo, redo) the new run's end state is compared with the previous
one node by node, and ``autograd_changed`` says which nodes gained or lost a ``grad_fn``
or a ``.grad`` (``change_summary()`` says it in one line); New/Open and a scrub of the
timeline compare nothing and emit it empty.

Inside a loop the views show one iteration, ``iteration(loop)``: the last by default,
another after ``set_iteration`` (which runs the document again keeping that iteration's
steps: a run keeps one iteration's full state, and every iteration's small values).

A backward pass can be stepped through: ``walk`` is ``(action index, k)`` while the views
show the action's backward pass after its first ``k`` engine steps (0: none has run yet),
None otherwise; ``set_walk`` moves it and ``walk_changed`` tells the views. The timeline
step is then the one before the action until its last engine step, and after it at the
end; moving the timeline elsewhere ends the walk."""
import weakref
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gradstudio.document import Document, run
from gradstudio.document.actions import loop_structure
from gradstudio.document.data_view import prepare
from gradstudio.document.exercise import hides_errors, shown_state
from gradstudio.document.walk import walk as walk_of
from gradstudio.timeline import ACTIONS
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate
from gradstudio.ui.run_worker import RunWorker

__all__ = ["Session", "NodeChange", "summarize_changes", "CHANGE_SIGNALS"]


class Session(QObject):
    document_changed = Signal(object)     # a gradstudio.document.Change (any of them)
    # ... and each change again as its own typed signal (``CHANGE_SIGNALS``), first the one
    # above: connect the one a view mirrors, with one handler each
    node_added = Signal(str)              # node id
    node_removed = Signal(str)
    node_changed = Signal(str)
    edge_added = Signal(str, str, str)    # source, target, port
    edge_removed = Signal(str, str, str)
    region_changed = Signal(str)          # region id (added, changed or removed)
    timeline_changed = Signal(str)        # action id
    settings_changed = Signal(str)        # the setting's name ("seed")
    note_changed = Signal(str)            # note id (added, changed or removed)
    exercise_changed = Signal()           # the exercise's questions or answers
    document_reset = Signal()             # everything may have changed
    document_replaced = Signal()          # a new document object (New/Open), not yet run
    run_finished = Signal(object)         # RunResult
    selection_changed = Signal(list)      # selected node ids
    step_changed = Signal(int)            # timeline step shown (-1: the end)
    path_changed = Signal(str)
    autograd_changed = Signal(dict)       # node id -> NodeChange, after every edit
    walk_changed = Signal()               # the backward step being stepped through
    run_pending_changed = Signal(bool)    # a run is going on off the GUI thread (or ended)
    iteration_asked = Signal(str)         # a view asked for an iteration of this loop

    def __init__(self, document=None, parent=None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.indexChanged.connect(self._on_index_changed)
        self.document = None
        self.result = None
        self.selection = []
        self.step = -1
        self.focus = {}                   # loop action id -> the iteration the views show
        self.path = ""
        self.changes = {}                 # what the last edit changed (node id -> NodeChange)
        self.walk = None                  # (action index, engine steps done) or None
        self.answers_shown = False        # an exercise's answers shown (the teacher's view)
        self.live = None                  # a live run (document.live.LiveRun) not yet kept
        #                                   or discarded: runs are its exact re-run
        self.hint_shown = False           # the student opened the step-through as a hint
        self._walks = {}                  # action index -> document.walk.Walk of this run
        self._data_view_shown = False     # a Data panel shows the runs: made with each
        self._ends = None                 # self.result.digest(): what the next edit compares
        self._unsubscribe = None
        self._runs = RunWorker(self)
        self._runs.finished.connect(self._on_run_arrived)
        self.set_document(document or Document())

    # ------------------------------------------------------------------ document
    def set_document(self, document, path="", unsaved=False, result=None):
        """Replaces the open document (after New/Open); clears undo history. An
        ``unsaved`` document (an imported script's graph) counts as modified until it
        is saved, even with nothing to undo. ``result`` is ``run(document)`` when it was
        already computed (off the GUI thread, say)."""
        self._never_saved = bool(unsaved)
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.document = document
        self.result = None                # the old document's run belongs to no node here
        self._ends = None
        self._unsubscribe = document.subscribe(_forward_changes(self))
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.selection = []
        self.step = -1
        self.answers_shown = False        # an exercise opens with its answers out of sight
        self.hint_shown = False
        self.focus = {}
        self.path = path
        self.document_replaced.emit()
        self.path_changed.emit(path)
        self.rerun(result)
        self._set_changes({})

    def push(self, command):
        """Performs an edit (a QUndoCommand) and records it for undo. An edit the
        document refuses changes nothing, leaves no undo step and raises its
        DocumentError here."""
        self.undo_stack.push(command)
        refused = getattr(command, "refused", None)
        if refused is not None:
            raise refused

    def _on_index_changed(self, _index):
        self.rerun(compare=True)

    def _set_changes(self, changes):
        self.changes = changes
        self.autograd_changed.emit(changes)

    def change_summary(self, changes=None):
        """The last edit's (or ``changes``') effect on grad_fn and .grad in plain words,
        e.g. "y, z and out lost their grad_fn · x lost its .grad"; "" when none."""
        return summarize_changes(self.changes if changes is None else changes,
                                 self.document.display_name, self.document.node_ids)

    @property
    def run_pending(self):
        """Whether a run of the document is still going on off the GUI thread: the views
        show the previous run meanwhile, and ``run_finished`` follows."""
        return self._runs.pending

    def rerun(self, result=None, compare=False):
        """Runs the document from scratch (unless given its ``result``) and tells every
        view; with ``compare``, ``autograd_changed`` then says what changed since the
        run shown. A run that takes longer than ``run_worker.WAIT_SECONDS`` goes on off the
        GUI thread: this returns None at once (``run_pending`` is then true) and the run
        is shown when it arrives, unless a newer run has superseded it."""
        self.focus = {k: v for k, v in self.focus.items() if self.document.has_action(k)}
        if result is None:
            was_pending = self.run_pending
            document, focus = self.document, dict(self.focus)
            live = None if self.live is None else self.live.plan()
            data = self._data_view_shown
            job = self._runs.submit(lambda: _ran(document, focus, live, data), info=compare)
            if job is None:
                if not was_pending:
                    self.run_pending_changed.emit(True)
                return None
            if was_pending:
                self.run_pending_changed.emit(False)
            if job.error is not None:
                raise job.error
            result = job.result
        elif self.run_pending:
            self._runs.supersede()
            self.run_pending_changed.emit(False)
        return self._show(result, compare)

    def _on_run_arrived(self, job):
        if not self._runs.current(job):
            return                    # superseded by a newer edit: never shown
        self.run_pending_changed.emit(False)
        if job.error is not None:
            raise job.error
        self._show(job.result, job.info)

    def _show(self, result, compare):
        before = self._ends
        self.result = result
        self._ends = self.result.digest()
        self._walks = {}
        if self.step >= self.result.step_count:
            self.step = -1
        walk = self.walk
        if walk is not None:             # the same action, as far as it still goes
            n = self.walk_length(walk[0])
            self.walk = (walk[0], min(walk[1], n)) if n else None
        self.run_finished.emit(self.result)
        if walk != self.walk:
            self.walk_changed.emit()
        if compare:
            self._set_changes({} if before is None else _compare(before, self._ends))
        return self.result

    def show_data_view(self, shown):
        """Whether a Data panel is on screen: while one is, each run makes the data view
        (``document.data_view.prepare``: a batched forward over the input plane) where
        it ran; while none is, no run does (a panel shown later makes it for the run it
        shows, once)."""
        self._data_view_shown = bool(shown)

    # ------------------------------------------------------------------ selection & step
    def select(self, node_ids):
        ids = [n for n in node_ids if self.document.has_node(n)]
        if ids != self.selection:
            self.selection = ids
            self.selection_changed.emit(list(ids))

    def set_step(self, step):
        if step != self.step:
            self.step = step
            if self.walk is not None and self._walk_step(*self.walk) != step:
                self.walk = None
                self.walk_changed.emit()
            self.step_changed.emit(step)

    # ------------------------------------------------------------------ stepping through
    def walk_record(self, index):
        """The step-through (``document.walk.Walk``) of the timeline action at ``index``
        in this run, or None when it is not a backward or autograd.grad action."""
        if self.result is None or not 0 <= index < len(self.document.timeline) or \
                ACTIONS[self.document.timeline[index].kind].walk is None:
            return None
        w = self._walks.get(index)
        if w is None:
            w = self._walks[index] = walk_of(self.document, self.result, index)
        return w

    def walk_length(self, index):
        """How many engine steps the step-through of the action at ``index`` has (0 when
        it has none or cannot be stepped through), read from the run's own record of the
        pass: no ``Walk`` is built (explaining every step is a panel's work, done when a
        panel shows it)."""
        if self.result is None or not 0 <= index < len(self.document.timeline) or \
                ACTIONS[self.document.timeline[index].kind].walk is None:
            return 0
        outcomes = self.result.outcomes
        return len(outcomes[index].steps or ()) if index < len(outcomes) else 0

    def current_walk(self):
        """The ``Walk`` being stepped through, or None."""
        return None if self.walk is None else self.walk_record(self.walk[0])

    def set_walk(self, index, k):
        """Shows the backward pass of action ``index`` after its first ``k`` engine steps
        (clamped to 0..its step count); ``index`` None ends the walk."""
        if index is None:
            if self.walk is not None:
                self.walk = None
                self.walk_changed.emit()
            return
        if self.walk_record(index) is None:
            return
        walk = (index, max(0, min(int(k), self.walk_length(index))))
        if walk == self.walk:
            return
        self.walk = walk
        step = self._walk_step(*walk)
        if step != self.step:
            self.step = step
            self.step_changed.emit(step)
        self.walk_changed.emit()

    def _walk_step(self, index, k):
        """The timeline step shown at engine step ``k`` of action ``index``: before the
        action until its pass is complete."""
        n = self.walk_length(index)
        return index + 1 if n and k >= n else index

    def iteration(self, loop_id):
        """The iteration (from 0) of loop ``loop_id`` the views show: the chosen one, else
        the last that ran; None when the loop did not run."""
        history = self.result.histories.get(loop_id) if self.result is not None else None
        if history is None:
            return None
        ran = max(history.iterations - 1, 0) if history.failed is None else history.failed
        return min(self.focus.get(loop_id, ran), ran)

    def set_iteration(self, loop_id, iteration):
        """Shows iteration ``iteration`` (from 0) of the loop ``loop_id``: the document is
        run again keeping that iteration's steps (nothing is edited, nothing to undo).
        A live run that is playing pauses first (``iteration_asked``)."""
        self.iteration_asked.emit(loop_id)
        inside = self._loop_steps(loop_id)
        if self.iteration(loop_id) == iteration and loop_id in self.focus and \
                self.step in inside:
            return
        self.focus[loop_id] = int(iteration)
        if inside and self.step not in inside:
            # outside the loop the views would show the end of all iterations: show the
            # end of the chosen one
            self.step = inside[-1]
            self.rerun()
            self.step_changed.emit(self.step)
        else:
            self.rerun()

    def _loop_steps(self, loop_id):
        """The timeline steps inside loop ``loop_id`` (after each action of its body)."""
        ends, _ = loop_structure(self.document.timeline)
        for start, end in ends.items():
            if self.document.timeline[start].id == loop_id:
                return list(range(start + 2, end + 1))
        return []

    def state(self, node_id):
        """The selected step's state of a node (or None before the first run)."""
        if self.result is None or not self.document.has_node(node_id):
            return None
        return shown_state(self.exercise, self.result.state(node_id, self.step))

    def states(self, node_ids):
        """``{node id: state(node id)}`` for nodes of the document, in one pass (empty
        before the first run)."""
        if self.result is None:
            return {}
        has = self.document.has_node     # (an empty document has no graph: none made)
        states = self.result.states([n for n in node_ids if has(n)], self.step)
        exercise = self.exercise
        if exercise is not None:
            states = {n: shown_state(exercise, st) for n, st in states.items()}
        return states

    @property
    def exercise(self):
        """The document's exercise while its answers are kept out of sight (views show
        states through it: ``state``/``states``), None otherwise."""
        doc = self.document
        return None if self.answers_shown or doc is None else doc.exercise

    def errors_hidden(self):
        """Whether views keep the timeline's errors out of sight (an open exercise asks
        which step raises)."""
        return hides_errors(self.exercise)

    @property
    def is_modified(self):
        return self._never_saved or not self.undo_stack.isClean()

    def mark_saved(self):
        """The document was written: it is clean from here."""
        self._never_saved = False
        self.undo_stack.setClean()



# ---------------------------------------------------------------------- what an edit changed
def _forward_changes(session):
    """A document subscriber that re-emits each change as ``session.document_changed``.
    It refers to the session weakly: the session owns its document, and a document that
    held its session would make a reference cycle through a Qt wrapper, which only the
    cyclic collector could free, in an order Qt does not survive."""
    ref = weakref.ref(session)

    def forward(change):
        s = ref()
        if s is not None:
            s.document_changed.emit(change)
            target = change.target
            args = target if isinstance(target, tuple) else () if target is None else (target,)
            getattr(s, CHANGE_SIGNALS[change.kind]).emit(*args)
    return forward


# a document Change's kind -> the Session signal that carries it
CHANGE_SIGNALS = {"node_added": "node_added", "node_removed": "node_removed",
                  "node_changed": "node_changed", "edge_added": "edge_added",
                  "edge_removed": "edge_removed", "region_changed": "region_changed",
                  "timeline_changed": "timeline_changed",
                  "settings_changed": "settings_changed", "note_changed": "note_changed",
                  "exercise_changed": "exercise_changed", "reset": "document_reset"}


@dataclass(frozen=True)
class NodeChange:
    """How one node's end state differs from the previous run's. Each field is None when
    unchanged: ``grad_fn`` is (old name, new name) when the node gained or lost one,
    ``grad`` (had, has) when its ``.grad`` appeared or vanished, ``error`` (had, has) when
    it started or stopped failing (its grad_fn and .grad are then not compared)."""
    grad_fn: tuple | None = None
    grad: tuple | None = None
    error: tuple | None = None

    @property
    def gained(self):
        return bool((self.grad_fn and self.grad_fn[1]) or (self.grad and self.grad[1]))

    @property
    def lost(self):
        return bool((self.grad_fn and not self.grad_fn[1]) or (self.grad and not self.grad[1]))


def _ran(document, focus, live, data_view=False):
    """``run(document, ...)`` with what the views take from it made in the same thread:
    the data view (``prepare``) when a Data panel shows it, and the digest that ``_show``
    compares."""
    result = run(document, focus, live)
    if data_view:
        prepare(document, result)
    result.digest()
    return result


def _compare(old, new):
    """``{node id: NodeChange}`` for nodes of both digests whose grad_fn or .grad came or
    went, or that started or stopped failing."""
    changes = {}
    for n, (failed, fn, grad) in new.items():
        if n not in old:
            continue
        was_failed, old_fn, had = old[n]
        if failed != was_failed:
            changes[n] = NodeChange(error=(was_failed, failed))
        elif not failed and ((old_fn is None) != (fn is None) or had != grad):
            changes[n] = NodeChange(
                grad_fn=(old_fn, fn) if (old_fn is None) != (fn is None) else None,
                grad=(had, grad) if had != grad else None)
    return changes


def _names(ids, name_of, most=4):
    if len(ids) > most:        # (only the names said are looked up: 100,000 may change)
        names = [name_of(n) for n in ids[:most - 1]] + [translate("Session", "{n} more").format(
            n=len(ids) - most + 1)]
    else:
        names = [name_of(n) for n in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + translate(
        "Session", " and ") + names[-1]


def summarize_changes(changes, name_of, order=()):
    """One line in plain words for a status bar (``name_of`` gives a node's name; nodes
    are listed in ``order``, the document's order)."""
    rank = {n: i for i, n in enumerate(order)}
    ids = sorted(changes, key=lambda n: rank.get(n, len(rank)))

    def pick(test):
        return [n for n in ids if test(changes[n])]

    parts = []
    for chosen, one, many in (
            (pick(lambda c: c.grad_fn and not c.grad_fn[1]), QT_TRANSLATE_NOOP("Session", "lost its grad_fn"),
             QT_TRANSLATE_NOOP("Session", "lost their grad_fn")),
            (pick(lambda c: c.grad_fn and c.grad_fn[1]), QT_TRANSLATE_NOOP("Session", "gained a grad_fn"),
             QT_TRANSLATE_NOOP("Session", "gained a grad_fn")),
            (pick(lambda c: c.grad and not c.grad[1]), QT_TRANSLATE_NOOP("Session", "lost its .grad"), QT_TRANSLATE_NOOP("Session", "lost their .grad")),
            (pick(lambda c: c.grad and c.grad[1]), QT_TRANSLATE_NOOP("Session", "gained a .grad"), QT_TRANSLATE_NOOP("Session", "gained a .grad")),
            (pick(lambda c: c.error and c.error[1]), QT_TRANSLATE_NOOP("Session", "now fails"), QT_TRANSLATE_NOOP("Session", "now fail")),
            (pick(lambda c: c.error and not c.error[1]), QT_TRANSLATE_NOOP("Session", "no longer fails"),
             QT_TRANSLATE_NOOP("Session", "no longer fail"))):
        if chosen:
            said = translate("Session", one if len(chosen) == 1 else many)
            text = f"{_names(chosen, name_of)} {said}"
            if one == QT_TRANSLATE_NOOP("Session", "gained a grad_fn") and len(chosen) == 1:
                text += f" ({changes[chosen[0]].grad_fn[1]})"
            parts.append(text)
    return " · ".join(parts)
