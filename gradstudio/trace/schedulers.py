"""``torch.optim.lr_scheduler`` in a trace (part of the tracing child): making a
scheduler of an optimizer the trace drew, and its ``step()``, become the ``scheduler``
and ``scheduler_step`` actions (``timeline/kinds_schedulers.py``), whose records claim the
trace points ``torch.optim.lr_scheduler.LRScheduler(...)`` and ``scheduler.step()``.

The engine marks each schedule's constructor ``@observed`` as
``torch.optim.lr_scheduler.LRScheduler`` and its ``step`` as
``torch.optim.lr_scheduler.LRScheduler.step``; ``handlers.optimizers`` hands them here
through the ``OptimizerWatch`` (``optim.py``): the constructor is recognised from its
arguments, the step from its own (for ``ReduceLROnPlateau``, the metric: a tensor of the
graph, or a number, recorded with its line). A scheduler changes its optimizer's learning rate, which the optimizer's record
then takes as its own (``OptimizerWatch.settled``); ``OneCycleLR``'s ``epochs`` and
``steps_per_epoch`` are drawn as the ``total_steps`` they stand for. ``CyclicLR``,
composite schedules, ``last_epoch`` and ``step(epoch)`` are refused in one sentence.
A ``LambdaLR`` or ``MultiplicativeLR`` is drawn when its ``lr_lambda`` is a lambda (or a
``def`` of one ``return``) of the script in ``timeline/formula.py``'s language, or a list
of them (one per parameter group); the numbers it reads from the script's variables are
written into its text. ``OneCycleLR``'s ``max_lr`` may be a list, one per group.

Imports only the engine's public API, the action records and its sibling modules.
"""
import ast

from gradstudio.timeline import CHOICES, SCHEDULER_SETTINGS, Seen, traced
from gradstudio.timeline.formula import FormulaError, parse_formula
from gradstudio.words import QT_TRANSLATE_NOOP

from .hooks import function_node
from .values import ActionRef, TraceError, plain

_WHOLE = ("step_size", "T_max", "T_0", "T_mult", "total_iters", "patience", "cooldown",
          "total_steps")
_AT_LEAST_ONE = ("step_size", "T_max", "T_0", "T_mult", "total_steps")
_FLAGS = ("cycle_momentum", "three_phase")
_MOST = 1_000_000        # the largest whole number a document's setting takes


class SchedulerWatch:
    """Turns the script's schedulers into actions, for ``watch`` (an ``OptimizerWatch``)."""

    def __init__(self, watch, engine):
        self.watch, self.rec = watch, watch.rec
        lr_scheduler = engine.optim.lr_scheduler
        self.known = {getattr(lr_scheduler, name): name for name in SCHEDULER_SETTINGS}
        self.plateau = lr_scheduler.ReduceLROnPlateau
        self.made = {}          # id(scheduler) -> its action's uid

    def _other(self, args):
        self.rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "a learning-rate scheduler (torch.optim.lr_scheduler.{name}) cannot be drawn "
            "yet: a document's scheduler is one of {known}"),
            name=type(args.get('self')).__name__, known=", ".join(SCHEDULER_SETTINGS))

    def created(self, args):
        """A scheduler's constructor (its arguments by name): None, or ``done(raised)``."""
        scheduler, rec = args.get("self"), self.rec
        name = self.known[type(scheduler)] if type(scheduler) in self.known else None
        if name is None:
            return self._other(args)
        if args.get("last_epoch", -1) != -1:
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "torch.optim.lr_scheduler.{name}(..., last_epoch=...) cannot be drawn yet: "
                "a document's scheduler starts from its optimizer's first step"), name=name)
            return None
        made = self.watch.made.get(id(args.get("optimizer")))
        if made is None:
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "a {name} over an optimizer the trace could not draw cannot be drawn"),
                name=name)
            return None
        params = self._settings(name, args)
        if params is None:
            return None
        params.update(schedule=name, optimizer=ActionRef(made[0]))

        def done(raised):
            if raised:
                return
            action = rec.action(*traced("torch.optim.lr_scheduler.LRScheduler(...)",
                                        Seen(params=params)))
            rec.action_done()
            rec.keep.append(scheduler)
            self.made[id(scheduler)] = action["uid"]
            self.watch.settled(scheduler.optimizer)
        return done

    def _settings(self, name, args):
        """The action's settings from the constructor's arguments, or None (refused)."""
        params = {}
        for setting, default in SCHEDULER_SETTINGS[name]:
            if setting == "lr_lambda":
                params[setting] = self._lambda_text(name, args.get(setting))
                if params[setting] is None:
                    return None
                continue
            value = plain(args.get(setting, default))
            if setting == "max_lr" and isinstance(value, (list, tuple)):   # (per group)
                params["max_lrs"] = [plain(v) for v in value]
                value = params["max_lrs"][0] if all(map(_number, params["max_lrs"])) \
                    and value else value
            if setting == "total_steps" and args.get("total_steps") is None:
                value = _steps_of_epochs(args)      # (OneCycleLR's epochs * steps_per_epoch)
            if setting == "milestones":
                value = [plain(v) for v in value] if isinstance(value, (list, tuple)) else None
                ok = value is not None and all(_whole(v, 0) for v in value)
            elif setting in CHOICES:
                ok = value in CHOICES[setting]
            elif setting in _FLAGS:
                ok = isinstance(value, bool)
            elif setting in _WHOLE:
                ok = _whole(value, 1 if setting in _AT_LEAST_ONE else 0)
            elif setting in ("factor", "start_factor"):
                value = None if value == default else value
                ok = value is None or _number(value)
            else:
                ok = _number(value)
            if not ok:
                self.rec.refuse(
                    QT_TRANSLATE_NOOP("TraceRefusal", "torch.optim.lr_scheduler.{name}'s {setting} "
                                      "cannot be drawn as {value}: give it a plain list of "
                                      "whole numbers") if setting == "milestones" else
                    QT_TRANSLATE_NOOP("TraceRefusal", "torch.optim.lr_scheduler.{name}'s {setting} "
                                      "cannot be drawn as {value}: give it a plain whole "
                                      "number") if setting in _WHOLE else
                    QT_TRANSLATE_NOOP("TraceRefusal", "torch.optim.lr_scheduler.{name}'s {setting} "
                                      "cannot be drawn as {value}: give it True or False")
                    if setting in _FLAGS else
                    QT_TRANSLATE_NOOP("TraceRefusal", "torch.optim.lr_scheduler.{name}'s {setting} "
                                      "cannot be drawn as {value}: give it a plain number"),
                    name=name, setting=setting, value=repr(value))
                return None
            keep = value is None or setting in _WHOLE or setting in CHOICES or \
                setting in _FLAGS or setting == "milestones"
            params[setting] = value if keep else float(value)
        return params

    def _lambda_text(self, name, fn):
        """The text of the script's ``lr_lambda`` ``fn`` in the formula language, or None
        (refused in words)."""
        try:
            if isinstance(fn, (list, tuple)):      # (one per parameter group)
                text = "[" + ", ".join(self._one_text(f) for f in fn) + "]"
            else:
                text = self._one_text(fn)
            parse_formula(text)
            return text
        except (FormulaError, TraceError, RecursionError):
            self.rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal",
                "torch.optim.lr_scheduler.{name}'s lr_lambda cannot be drawn yet: it can be "
                "drawn when it is a lambda of the epoch computing with numbers, arithmetic, "
                "min, max, abs, round and math's functions, such as lambda epoch: 0.95 ** "
                "epoch"), name=name)
            return None

    def _one_text(self, fn):
        """The text of one lambda (or ``def`` of one ``return``) of the script, the
        numbers it reads written in; ``FormulaError`` when it is something else."""
        code = getattr(fn, "__code__", None)
        if code is None or code.co_filename != self.rec.filename:
            raise FormulaError("")
        node = function_node(code, self.rec.source)
        if not isinstance(node, ast.Lambda):       # a def of one return
            body = [s for s in node.body if not (isinstance(s, ast.Expr) and
                                                 isinstance(s.value, ast.Constant))]
            if len(body) != 1 or not isinstance(body[0], ast.Return) or \
                    body[0].value is None:
                raise FormulaError("")
            node = ast.Lambda(node.args, body[0].value)
        node = _Numbers(fn, node.args.args[0].arg).visit(node)
        return ast.unparse(ast.fix_missing_locations(node))

    def step(self, args):
        """A scheduler's ``step`` (its arguments by name): None, or ``done(raised)``."""
        scheduler, rec = args.get("self"), self.rec
        uid = self.made.get(id(scheduler))
        if uid is None:
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "scheduler.step() of a scheduler the trace could not draw cannot be drawn"))
            return None
        if args.get("epoch") is not None:
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "scheduler.step(epoch) cannot be drawn: call scheduler.step() without an "
                "epoch, once per epoch"))
            return None
        params = {"metric": None, "value": None, "line": None}
        if isinstance(scheduler, self.plateau):
            metric = args.get("metrics")
            if isinstance(metric, self.watch.Tensor):
                params["metric"] = rec.node_of.get(id(metric))
                if params["metric"] is None:
                    rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                        "ReduceLROnPlateau.step() of a tensor the trace did not see made "
                        "cannot be drawn"))
                    return None
            elif _number(plain(metric)):
                params["value"], params["line"] = float(plain(metric)), rec.line()
            else:
                rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                    "ReduceLROnPlateau.step() cannot be drawn unless its metric is a number "
                    "or a tensor"))
                return None
        rec.action(*traced("scheduler.step()", Seen(optimizer=ActionRef(uid), params=params)))

        def done(raised):
            rec.action_done(failed=raised)
            self.watch.settled(scheduler.optimizer)
        return done


def _steps_of_epochs(args):
    """OneCycleLR's ``total_steps`` when the script gave ``epochs`` and
    ``steps_per_epoch`` instead (PyTorch multiplies them), or None."""
    epochs, per_epoch = plain(args.get("epochs")), plain(args.get("steps_per_epoch"))
    if _whole(epochs, 1) and _whole(per_epoch, 1):
        return epochs * per_epoch
    return None


def _whole(v, low):
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= _MOST


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and \
        abs(v) <= 1e30 and v == v


class _Numbers(ast.NodeTransformer):
    """Writes the numbers a lambda reads from the script's variables into its text (the
    values they hold when the scheduler is made)."""

    def __init__(self, fn, param):
        self.param = param
        cells = fn.__closure__ or ()
        self.values = dict(fn.__globals__)
        self.values.update((n, c.cell_contents) for n, c in zip(fn.__code__.co_freevars, cells)
                           if _filled(c))

    def visit_Name(self, node):
        value = self.values.get(node.id)
        if node.id != self.param and type(value) in (int, float):
            return ast.copy_location(ast.Constant(value), node)
        return node

    def visit_Attribute(self, node):     # (math.pi stays math.pi)
        return node


def _filled(cell):
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True
