"""The action record: ``ActionKind`` (one per kind of timeline action), ``defaction`` and
the registries ``ACTIONS`` (name -> record), ``ACTION_KINDS`` (name -> its settings) and
``TRACED`` (trace point -> the record the tracer makes of it).

A timeline action is one imperative statement after the forward pass. Its record holds
everything about it, and every layer looks it up instead of branching on its name:

- ``settings``: ``(name, type, default)`` per setting (the types are listed in
  ``document/actions.py``), which the model, the file reader and the editors read;
- ``title`` and ``group``: its entry in the timeline's Add menu ("autograd" or
  "training") and the title of its editor box; ``aim(picks)``: the settings a new one
  starts with, from what the window has selected (``Picks``); the editor box has one
  editor per setting (by its type), shown while ``applies(params, name)`` and usable
  while ``enabled(params, name)``;
- ``run(ctx, action)``: does it with the engine, exactly as its code spells it, through a
  ``RunContext`` (never the replay itself); a kind with ``returns`` (the setting listing
  the inputs: ``autograd.grad``'s) returns their gradients, one per input;
- ``code(action, spell)``: its PyTorch statements and the names they bind, spelled with a
  ``Spell``; ``listed(action, spell)`` the line the timeline lists (its code by default);
- ``explain(action, spell)``: what it does, in words, for the step-through;
- ``traced``: the trace points it is recognised by, each with ``params(seen)`` making its
  settings from what the tracer saw (``Seen``): the name of an observed call of the
  engine (``"Tensor.backward"``: the action is recorded before the call runs, then what
  it did), an in-place call on a ``.grad`` (``"x.grad.zero_()"``), ``"x.grad = None"``
  (see ``trace/listener.py``) or an optimizer's (``"optimizer.step()"``, see
  ``trace/optim.py``).

Structural kinds say what they are with flags: ``loop`` ("opens"/"closes" a loop),
``recomputes`` ("forward": the nodes after the parameters; "late": the nodes a compute
step lists), ``target`` (the setting naming a backward pass's target: the loop's loss),
``changes`` (the setting listing the tensors it changes in place), ``carries`` (the
setting listing more tensors it changes in place that carry a state from one iteration
to the next, such as a momentum's velocities: never computed again by ``forward``),
``grads`` (the setting
listing the tensors whose ``.grad`` it changes in place: clipping), ``makes`` ("optimizer":
other actions refer to it by id), ``walk`` (``walk(params) -> (roots, seeded)`` for an
action running a backward pass the step-through can follow, and ``walk_title``),
``prints`` (the setting naming a tensor it prints; nothing printed inside a loop) and
``then_grads`` (False: the watched gradients are not printed after it), ``returns`` (see
``run``), ``imports(params)`` (the modules its code needs: ``("math",)``) and
``trains`` (it changes the parameters' values: an update, an optimizer's step) and
``sparse`` (settings added to a kind later, which a file holds only when they differ from
their default, so the files written before stay as they were).

Imports nothing of GradStudio: the document, the tracer and the window all read it.
"""
from dataclasses import dataclass, field
from typing import Callable

__all__ = ["ActionKind", "ACTIONS", "ACTION_KINDS", "TRACED", "defaction", "traced",
           "grad_points", "calls", "ActionError", "RunContext", "Spell", "Picks", "Seen",
           "one_statement"]

ACTIONS = {}          # name -> ActionKind, in the Add menu's order
ACTION_KINDS = {}     # name -> its settings ((name, type, default), ...)
TRACED = {}           # trace point -> ActionKind


class ActionError(Exception):
    """A step the document cannot run; the message is written for the user."""


def _nothing(ctx, action):
    return None


def one_statement(stmts):
    """Statements on one line, as lists show them (``with torch.no_grad(): w -= ...``)."""
    if len(stmts) > 1 and stmts[0].endswith(":"):
        return stmts[0] + " " + "; ".join(s.strip() for s in stmts[1:])
    return stmts[0]


def _listed(action, spell):
    return one_statement(ACTIONS[action.kind].code(action, spell)[0])


def _no_explanation(action, spell):
    return ""


@dataclass(frozen=True, eq=False)
class ActionKind:
    """One kind of timeline action (see the module docstring for each field)."""
    name: str
    settings: tuple
    title: str
    code: Callable
    run: Callable = _nothing
    explain: Callable = _no_explanation
    group: str = "autograd"
    aim: Callable = lambda picks: {}
    applies: Callable = lambda params, name: True
    enabled: Callable = lambda params, name: True
    listed: Callable = _listed
    traced: dict = field(default_factory=dict)
    loop: str | None = None
    recomputes: str | None = None
    target: str | None = None
    changes: str | None = None
    carries: str | None = None
    grads: str | None = None
    makes: str | None = None
    walk: Callable | None = None
    returns: str | None = None
    walk_title: Callable | None = None
    prints: str | None = None
    then_grads: bool = True
    distinct: tuple = ()          # node-list settings that name each node once
    trains: bool = False          # it changes the parameters' values (an update, a step)
    transcript: bool = False      # its steps print what the script printed: a document
    #                               with one prints nothing else (``document/export.py``)
    imports: Callable = lambda params: ()   # the modules its code imports (``("math",)``)
    sparse: tuple = ()            # settings a file holds only when set (added later: the
    #                               files written before stay as they were)

    def __repr__(self):
        return f"ActionKind({self.name!r})"

    def changed(self, params):
        """The node ids it changes in place (its ``changes`` setting: a list of nodes, or
        one node, then its ``carries`` setting's), or ()."""
        found = params.get(self.changes) if self.changes else None
        found = () if found is None else \
            tuple(found) if isinstance(found, (list, tuple)) else (found,)
        return found + self.carried(params)

    def carried(self, params):
        """The node ids of its ``carries`` setting (a state it keeps changing), or ()."""
        return tuple(params.get(self.carries) or ()) if self.carries else ()

    def grads_changed(self, params):
        """The node ids whose ``.grad`` it changes in place (its ``grads`` setting), or
        ()."""
        found = params.get(self.grads) if self.grads else None
        return tuple(found) if found else ()


def defaction(name, settings, title, code, **fields):
    """Declares an action kind: its one entry, looked up by every layer (see the module
    docstring). Returns the ``ActionKind``. A name or a trace point is taken once."""
    kind = ActionKind(name, tuple(settings), title, code, **fields)
    if name in ACTIONS:
        raise ValueError(f"The action kind '{name}' is already defined.")
    taken = [p for p in kind.traced if p in TRACED]
    if taken:
        raise ValueError(f"The trace point '{taken[0]}' is already {TRACED[taken[0]].name}'s.")
    ACTIONS[name] = kind
    ACTION_KINDS[name] = kind.settings
    for point in kind.traced:
        TRACED[point] = kind
    return kind


def traced(point, seen):
    """``(kind, params)``: the action the tracer records at trace ``point``, its settings
    made from ``seen`` (a ``Seen``); None when no kind is recognised by that point."""
    kind = TRACED.get(point)
    return None if kind is None else (kind.name, kind.traced[point](seen))


def grad_points():
    """The in-place calls on a ``.grad`` some kind is recognised by
    (``x.grad.zero_()``), in words."""
    return ", ".join(p for p in TRACED if p.startswith("x.grad.") and p.endswith("_()"))


class RunContext:
    """What an action's ``run`` may use of the run it is in, and nothing else
    (``document/run_actions.py`` gives one per action)."""

    def tensor(self, node_id, role):
        """The node's tensor now, or ``ActionError`` saying in words why there is none
        (``role`` names it: "target", "tensor", ...)."""
        raise NotImplementedError

    def made(self, action_id, what):
        """The object (``what``: "optimizer", "scheduler") the action ``action_id``
        made, or ``ActionError`` saying in words why there is none."""
        raise NotImplementedError

    def optimizer(self, action_id):
        """The optimizer the action ``action_id`` made, or ``ActionError``."""
        return self.made(action_id, "optimizer")

    def scheduler(self, action_id):
        """The learning-rate scheduler the action ``action_id`` made, or ``ActionError``."""
        return self.made(action_id, "scheduler")

    def keep(self, make):
        """The object this action makes (an optimizer, a scheduler): ``make()``, kept
        under its id (even when it fails, so that its steps say so)."""
        raise NotImplementedError

    def forward(self):
        """The forward nodes computed again from the tensors now."""
        raise NotImplementedError

    def compute_late(self):
        """This compute step's nodes computed now."""
        raise NotImplementedError

    def say(self, text, parts=None):
        """Writes ``text`` to what the run prints at this step (``print`` as the script
        wrote it: ``text`` ends with the print's ``end``); ``parts``: what each of the
        print's arguments printed, kept for the trace's check (which compares them one
        by one)."""
        raise NotImplementedError

    #: inside a loop, the iteration (from 0) this step runs in; None outside one
    iteration = None


@dataclass
class Spell:
    """How an action's ``code`` spells what it refers to: ``node(id)`` and
    ``optimizer(action_id)`` name them (``?`` for a missing one); ``claim(wanted)`` (None
    when the statement binds no name) gives a fresh script name; ``loop_var`` is the
    loop's variable; ``stale``: the document was edited since the trace recorded what its
    steps hold (``recorded`` writes the comment saying so)."""
    node: Callable
    optimizer: Callable = lambda action_id: "?"
    claim: Callable | None = None
    loop_var: str | None = "epoch"    # (None: the export writes a step outside any loop)
    stale: bool = False               # the graph was edited since its text was recorded

    def recorded(self, line):
        """The comment after a statement holding data the trace recorded at ``line``."""
        where = f" (line {line})" if line else ""
        return f"  # recorded{where}" + (", before the graph was edited: it may no longer "
                                         "match" if self.stale else "")


@dataclass
class Picks:
    """What a new action can aim at: ``picked`` (the selected node or None),
    ``selection`` (every selected node), ``last`` (the last node), ``leaves`` (the leaves
    that require grad), ``optimizers`` and ``schedulers`` (the actions before it making
    one)."""
    picked: str | None
    selection: list
    last: str | None
    leaves: list
    optimizers: list
    schedulers: list = field(default_factory=list)


def _refused(text, **fields):
    raise ValueError(text.format(**fields) if fields else text)


@dataclass
class Seen:
    """What the tracer saw at a trace point: ``node`` (the index of the tensor whose
    ``.grad`` it was) and the in-place op's ``operands`` (after the tensor) and
    ``params``; at an observed call, its ``args`` and ``kwargs``; at an optimizer's call,
``optimizer`` (the action that made it) and ``params`` (the call's arguments, or the
settings the tracer read off a new optimizer). ``index(tensor)`` is the
    node holding a tensor; ``memory(tensor)`` the node of the parameter whose memory the
    tensor is, whole (a ``state_dict()``'s detached value), else ``index(tensor)``
    (for a value read where it is, as ``copy_`` reads it); ``refuse(text, **fields)`` raises the tracer's error (the
    script line cannot be drawn: ``text``, marked ``QT_TRANSLATE_NOOP("TraceRefusal", ...)``
    with its fields by name, says why; the window translates it)."""
    node: int | None = None
    operands: tuple = ()
    params: dict = field(default_factory=dict)
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    index: Callable = None
    memory: Callable = None
    refuse: Callable = _refused
    optimizer: object = None      # at an optimizer's call: the action that made it


def calls():
    """The trace points naming an observed call of the engine (``Tensor.backward``),
    with their kinds: ``{point: ActionKind}``."""
    return {p: k for p, k in TRACED.items() if not p.startswith("x.grad")}
