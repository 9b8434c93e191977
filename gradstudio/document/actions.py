"""Timeline actions' settings: how each is checked, and how loops nest.

Every kind is one record (``gradstudio.timeline``: ``ACTIONS``, ``defaction``) that holds
its settings, how it runs, its code, its title and editor, how the tracer recognises it
and its explanation; ``ACTION_KINDS`` maps each kind to its settings.

Each kind lists its settings as ``(name, type, default)``. Types: ``node`` (a node id),
``node?`` (a node id or None), ``nodes`` (a list of node ids), ``nodes?`` (a list of
node ids or None, one per entry of another list: autograd.grad's ``grad_outputs``, one
per output, None for a scalar output's implicit 1; empty when none is given), ``bool``,
``float``
(finite), ``float?`` (finite or None: PyTorch's default), ``int`` (1 to ``MAX_COUNT``),
``count`` (0 to ``MAX_COUNT``), ``counts`` (a list of those: a scheduler's milestones),
``floats`` (a list of finite numbers: the metric a scheduler's step was given each epoch),
``action`` (the id of the action making the optimizer or scheduler the setting is named
after), ``choice`` (one of ``CHOICES``),
``text`` (a short string: a print's ``sep``), ``formula`` (a learning-rate lambda's
text: ``timeline/formula.py``), ``line`` (a script's line number, or None), ``parts`` (what a ``say`` step prints: see ``timeline/kinds_steps.py``), ``groups``
(an optimizer's parameter groups: ``timeline/groups.py``) and ``group`` (the number of
one of them, from 0, or None for every group).
"""
import math

from gradstudio.timeline import (ACTION_KINDS, ACTIONS, CHOICES, OPTIMIZER_SETTINGS,
                                 optimizer_arguments)
from gradstudio.hook_text import check_list_name
from gradstudio.timeline.formula import FormulaError, parse_formula
from gradstudio.timeline.groups import MAX_GROUPS, check_groups
from gradstudio.timeline.kinds_steps import LIST_READS
from gradstudio.vocabulary import MAX_LOOP_COUNT
from gradstudio.words import QT_TRANSLATE_NOOP, translate

__all__ = ["ACTION_KINDS", "ActionParamError", "CHOICES", "OPTIMIZER_SETTINGS", "MAX_COUNT", "check_action_param",
           "loop_structure", "epoch_split", "NODE_TYPES", "optimizer_arguments"]

MAX_COUNT = MAX_LOOP_COUNT  # iterations of one loop
MAX_TEXT = 1000             # characters of a text setting (a print's sep or end)
MAX_PARTS = 1000            # arguments of one print
MAX_SAID = 2_000_000        # characters of recorded text one print step holds

NODE_TYPES = ("node", "node?", "nodes", "nodes?")


class ActionParamError(ValueError):
    """A setting an action cannot take; the message is written for the user."""


def _refused(text, name, **fields):
    """The ``ActionParamError`` saying ``text`` (a sentence about the setting ``name``)."""
    return ActionParamError(translate("Actions", text).format(
        name=name, MAX_COUNT=MAX_COUNT, MAX_TEXT=MAX_TEXT, **fields))


def check_action_param(kind, name, value):
    """``value`` as the setting ``name`` of a ``kind`` action keeps it; raises
    ``ActionParamError`` in plain words when it cannot be one."""
    specs = {n: t for n, t, _ in ACTION_KINDS[kind]}
    if name not in specs:
        raise _refused(QT_TRANSLATE_NOOP("Actions", "A {kind} action has no setting '{name}'."),
                       name, kind=kind)
    t = specs[name]
    if t in _CHECKED:       # (the types with a checker of their own)
        return _CHECKED[t](name, value)
    if t == "bool":
        if not isinstance(value, bool):
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be true or false."), name)
    elif t in ("node", "action") or (t == "node?" and value is not None):
        if not isinstance(value, str) and not (t != "node?" and value is None):
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must name a node.")
                           if t != "action" else QT_TRANSLATE_NOOP(
                               "Actions", "'{name}' must name an optimizer step of the "
                               "timeline."), name)
    elif t in ("nodes", "nodes?"):
        if not isinstance(value, (list, tuple)) or not all(
                isinstance(v, str) or (t == "nodes?" and v is None) for v in value):
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be a list of nodes."), name)
        value = list(value)
        if name in ACTIONS[kind].distinct:   # (listed twice, a node is there once)
            value = list(dict.fromkeys(value))
    elif t == "float" or (t == "float?" and value is not None):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not math.isfinite(value) or abs(value) > 1e30:
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be a finite number."), name)
        value = float(value)
    elif t in ("int", "count"):
        low = 1 if t == "int" else 0
        if isinstance(value, bool) or not isinstance(value, int) or \
                not low <= value <= MAX_COUNT:
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be a whole number from "
                                             "{low} to {MAX_COUNT:,}."), name, low=low)
    elif t == "counts":
        if not isinstance(value, (list, tuple)) or len(value) > MAX_PARTS or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT
                for v in value):
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must list whole numbers from 0 "
                                             "to {MAX_COUNT:,}."), name)
        value = list(value)
    elif t == "text":
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be a text of at most "
                                             "{MAX_TEXT:,} characters."), name)
    elif t == "line":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be a line number."), name)
    elif t == "choice":
        if value not in CHOICES[name]:
            raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be one of {value}."), name,
                           value=", ".join(CHOICES[name]))
    return value


def _checked_floats(name, value):
    """A list of finite numbers (a scheduler step's metric per epoch), as floats."""
    if not isinstance(value, (list, tuple)) or len(value) > MAX_COUNT or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            for v in value):
        raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must list at most "
                                         "{MAX_COUNT:,} finite numbers."), name)
    return [float(v) for v in value]


def _checked_formula(name, value):
    """A learning-rate lambda's text (``timeline/formula.py``), stripped."""
    try:
        parse_formula(value)
    except FormulaError as exc:
        raise ActionParamError(str(exc)) from None
    return value.strip()


def _list_read(v):
    """Whether ``v`` is a say part's ``[list name, read]`` (``timeline/kinds_steps.py``)."""
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        return False
    name, read = v
    try:
        check_list_name(name)
    except ValueError:
        return False
    return read in LIST_READS if isinstance(read, str) else \
        isinstance(read, int) and not isinstance(read, bool) and abs(read) < 10 ** 9


def _checked_parts(name, value):
    """A say step's ``parts`` (see ``timeline/kinds_steps.py``), as a fresh list."""
    bad = ActionParamError(translate(
            "Actions", "'{name}' must list what is printed: tensors (by their place in "
            "'tensors') and recorded texts.").format(
            name=name))
    if not isinstance(value, (list, tuple)) or len(value) > MAX_PARTS:
        raise bad
    out, size = [], 0
    for part in value:
        if not isinstance(part, dict) or len(part) != 1:
            raise bad
        (key, v), = part.items()
        if key in ("tensor", "grad"):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < MAX_PARTS:
                raise bad
        elif key == "text" and isinstance(v, str):
            size += len(v)
        elif key == "texts" and isinstance(v, (list, tuple)) and \
                all(isinstance(x, str) for x in v):
            v = list(v)
            size += sum(len(x) for x in v)
        elif key == "list" and _list_read(v):
            v = list(v)
        else:
            raise bad
        out.append({key: v})
    if size > MAX_SAID:
        raise ActionParamError(translate(
                "Actions", "'{name}' holds more than {MAX_SAID:,} characters of recorded "
                "text.").format(
                name=name, MAX_SAID=MAX_SAID))
    return out


def loop_structure(timeline):
    """``(ends, problems)``: ``ends`` maps the index of each ``loop`` action to the index
    of the ``end_loop`` closing it; ``problems`` maps the index of a loop marker that
    cannot work to the reason (written for the user). The actions of a loop with a
    problem run once, in place."""
    ends, problems, open_at, epochs = {}, {}, None, None
    for i, action in enumerate(timeline):
        loop = ACTIONS[action.kind].loop
        if loop == "epoch":
            problem = _epoch_problem(timeline, open_at, epochs, action)
            if problem is not None:
                problems[i] = problem
            epochs = open_at
        elif loop == "opens":
            if open_at is not None:
                problems[i] = translate(
                    "Actions", "A loop inside a loop is not supported: end the loop above "
                    "before starting another.")
            else:
                open_at = i
        elif loop == "closes":
            if open_at is None:
                problems[i] = translate(
                    "Actions", "This 'end of loop' closes no loop: add a loop before it.")
            else:
                ends[open_at] = i
                open_at = None
    if open_at is not None:
        problems[open_at] = translate(
            "Actions", "This loop has no end: add an 'end of loop' after the steps it repeats.")
    return ends, problems


def epoch_split(body, count):
    """``(every, at)`` for the ``body`` of a loop of ``count`` iterations: the iterations
    per epoch and the place of its ``epoch_end`` step (the steps from there run at each
    epoch's end, with the epoch as their iteration); ``(1, len(body))`` when it has none
    (or one that does not divide ``count``: ``loop_structure`` says so)."""
    for j, action in enumerate(body):
        if ACTIONS[action.kind].loop == "epoch":
            every = action.params["every"]
            return (every, j) if count % every == 0 else (1, len(body))
    return 1, len(body)


def _epoch_problem(timeline, open_at, epochs, action):
    """Why an ``epoch_end`` step cannot split the loop open at ``open_at`` (``epochs``:
    the loop an earlier one split), or None."""
    if open_at is None:
        return translate("Actions", "This epoch's end is in no loop: move it inside a loop.")
    if epochs == open_at:
        return translate("Actions", "A loop has one epoch's end: remove this one.")
    if timeline[open_at].params["count"] % action.params["every"]:
        return translate("Actions", "The loop's count is not a whole number of epochs of "
                         "this many steps: make it a multiple of the steps per epoch.")
    return None


def _checked_name(name, value):
    """A Python name the step's code uses (a hook's handle: ``h.remove()``)."""
    try:
        return check_list_name(value)
    except ValueError as exc:
        raise ActionParamError(str(exc)) from None


def _checked_groups(name, value):
    """An optimizer's parameter groups (``timeline/groups.py``), as fresh dicts."""
    try:
        return check_groups(value)
    except ValueError as exc:
        raise ActionParamError(str(exc)) from None


def _checked_group(name, value):
    """The parameter group a learning-rate change sets (None: every group)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or
                              not 0 <= value < MAX_GROUPS):
        raise _refused(QT_TRANSLATE_NOOP("Actions", "'{name}' must be the number of a "
                                         "parameter group, from 0, or none for every "
                                         "group."), name)
    return value


_CHECKED = {"parts": _checked_parts, "formula": _checked_formula, "name": _checked_name,
            "floats": _checked_floats, "groups": _checked_groups, "group": _checked_group}
