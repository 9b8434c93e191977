"""``torch.optim`` in a trace (part of the tracing child): making an optimizer, its
``step()`` and ``zero_grad()``, and a module's ``zero_grad()`` become the timeline
actions whose records claim the trace points ``torch.optim.Optimizer(...)``,
``optimizer.step()`` and ``optimizer.zero_grad()``, and a module's ``zero_grad()`` the
actions of ``x.grad = None`` (or ``x.grad.zero_()``) for each parameter.

The engine marks these calls ``@observed`` (``torch.optim.Optimizer``,
``torch.optim.Optimizer.step`` ...), so they reach the ``Tracer`` like every other
observed call; ``handlers.optimizers`` hands each the method of ``OptimizerWatch`` that
records it from its arguments, nothing inside it is recorded (the recorder is quiet until
the call returns).

A document's optimizer is ``torch.optim.SGD``, ``Adam``, ``AdamW``, ``RMSprop``,
``Adagrad``, ``Adamax``, ``NAdam``, ``RAdam`` or ``Adadelta`` over one list of tensors or over parameter groups (each group its tensors and the settings the
script wrote in it: the action's ``groups``, ``timeline/groups.py``), with the settings its
``optimizer`` action has (lr; momentum, nesterov and weight_decay; betas; alpha; lr_decay,
initial_accumulator_value, momentum_decay, rho); anything
else the call was given (``amsgrad``,
``eps``, ``foreach``, a closure) or a change of an optimizer's settings after it was made
(but by a scheduler the trace drew: ``schedulers.py``, and a learning rate set by hand to
a plain number, a ``change_lr`` step) is refused in one sentence
(``Recorder.refuse``:
the trace is refused at the end, the script runs on untouched).

Imports only the engine's public API, the action records (``gradstudio.timeline``)
and its sibling modules.
"""
import math

from gradstudio.engine import inspect as raw

from gradstudio.timeline import Seen, traced
from gradstudio.words import QT_TRANSLATE_NOOP, Said

from gradstudio.timeline.groups import group_keys
from gradstudio.timeline.settings import has_betas

from .schedulers import SchedulerWatch
from .values import ActionRef, has_marked

def _said(text):
    return Said("TraceRefusal", text)        # (translated where the window shows it)


# per algorithm: its document settings as (setting, key of the parameter group, PyTorch's
# default), the keys that must keep PyTorch's default, and the settings in words
_SETTINGS = {
    "SGD": ((("momentum", "momentum", 0.0), ("weight_decay", "weight_decay", 0.0)),
            {"dampening": 0, "maximize": False, "foreach": None, "differentiable": False,
             "fused": None},
            _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, momentum, nesterov and weight_decay"))),
    "Adam": ((("weight_decay", "weight_decay", 0.0),),
             {"eps": 1e-8, "amsgrad": False, "maximize": False, "foreach": None,
              "capturable": False, "differentiable": False, "fused": None,
              "decoupled_weight_decay": False},
             _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, betas and weight_decay"))),
    "AdamW": ((("weight_decay", "weight_decay", 0.01),),
              {"eps": 1e-8, "amsgrad": False, "maximize": False, "foreach": None,
               "capturable": False, "differentiable": False, "fused": None,
               "decoupled_weight_decay": True},
              _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, betas and weight_decay"))),
    "RMSprop": ((("alpha", "alpha", 0.99), ("momentum", "momentum", 0.0),
                 ("weight_decay", "weight_decay", 0.0)),
                {"eps": 1e-8, "centered": False, "capturable": False, "foreach": None,
                 "maximize": False, "differentiable": False},
                _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, alpha, momentum and weight_decay"))),
    "Adagrad": ((("lr_decay", "lr_decay", 0.0), ("weight_decay", "weight_decay", 0.0),
                 ("initial_accumulator_value", "initial_accumulator_value", 0.0)),
                {"eps": 1e-10, "foreach": None, "maximize": False, "differentiable": False,
                 "fused": None},
                _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, lr_decay, weight_decay and "
                                        "initial_accumulator_value"))),
    "Adamax": ((("weight_decay", "weight_decay", 0.0),),
               {"eps": 1e-8, "foreach": None, "maximize": False, "differentiable": False,
                "capturable": False},
               _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, betas and weight_decay"))),
    "NAdam": ((("weight_decay", "weight_decay", 0.0),
               ("momentum_decay", "momentum_decay", 0.004)),
              {"eps": 1e-8, "decoupled_weight_decay": False, "maximize": False,
               "foreach": None, "capturable": False, "differentiable": False},
              _said(QT_TRANSLATE_NOOP("TraceRefusal",
                                      "lr, betas, weight_decay and momentum_decay"))),
    "RAdam": ((("weight_decay", "weight_decay", 0.0),),
              {"eps": 1e-8, "maximize": False, "foreach": None, "capturable": False,
               "decoupled_weight_decay": False, "differentiable": False},
              _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, betas and weight_decay"))),
    "Adadelta": ((("rho", "rho", 0.9), ("weight_decay", "weight_decay", 0.0)),
                 {"eps": 1e-6, "maximize": False, "capturable": False, "foreach": None,
                  "differentiable": False},
                 _said(QT_TRANSLATE_NOOP("TraceRefusal", "lr, rho and weight_decay"))),
}
_KNOWN = tuple(_SETTINGS)


def _plain_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and \
        math.isfinite(v) and not has_marked(v)


def _differs(value, default):
    """Whether a setting is not PyTorch's default (``None``, ``False`` exactly)."""
    if default is None or isinstance(default, bool):
        return value is not default
    return isinstance(value, bool) or value != default


class OptimizerWatch:
    """Turns the script's optimizer calls into actions of ``rec`` (a ``Recorder``)."""

    def __init__(self, rec, engine):
        self.rec = rec
        optim = engine.optim
        self.algorithms = {getattr(optim, name): name for name in _KNOWN}
        self.engine_classes = {getattr(optim, name) for name in optim.__all__}
        self.made = {}         # id(optimizer) -> (action uid, settings, [(node, tensor)])
        self.objects = {}      # id(optimizer) -> the optimizer (kept by ``rec.keep``)
        self.parts_seen = {}   # id(optimizer) -> recorded parts ended when its rate was known
        rec.before_event = self.lr_check
        self.Tensor = engine.Tensor
        self.schedulers = SchedulerWatch(self, engine)

    # ------------------------------------------------------------------ optimizers
    def created(self, args):
        optimizer = args.get("self")
        written = _written(args.get("params"))     # (before the call fills the groups in)

        def done(raised):
            if not raised:
                self._record(optimizer, written)
        return done

    def _record(self, optimizer, written):
        rec = self.rec
        cls = type(optimizer)
        algorithm = self.algorithms.get(cls)
        if algorithm is None:
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "torch.optim.{name} cannot be drawn yet: a document's optimizer is SGD, "
                "Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam or Adadelta")
                if cls in self.engine_classes else QT_TRANSLATE_NOOP("TraceRefusal",
                "an optimizer class of your own ({name}) cannot be drawn yet: a document's "
                "optimizer is torch.optim's SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, "
                "NAdam, RAdam or Adadelta"), name=cls.__name__)
            return
        if not all(self._group_ok(algorithm, g) for g in [optimizer.defaults] +
                   optimizer.param_groups):
            return
        params = [(rec.node_of.get(id(p)), p) for g in optimizer.param_groups
                  for p in g["params"]]
        if any(i is None for i, _ in params):
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "an optimizer over a tensor the trace did not see made cannot be drawn"))
            return
        groups = self._groups(algorithm, optimizer, written)
        if groups is None:
            return
        p = dict(_top_settings(algorithm, optimizer.defaults),
                 params=[i for i, _ in params], groups=groups)
        action = rec.action(*traced("torch.optim.Optimizer(...)", Seen(params=p)))
        rec.action_done()
        rec.keep.append(optimizer)
        self.made[id(optimizer)] = (action["uid"], _settings(optimizer), params)
        self.objects[id(optimizer)] = optimizer
        self.parts_seen[id(optimizer)] = len(rec.parts)

    def _group_ok(self, algorithm, group):
        """Whether the optimizer's defaults, or one of its parameter groups, hold only
        what a document's optimizer takes (else refused in words)."""
        rec = self.rec
        settings, fixed, words = _SETTINGS[algorithm]
        for key, default in fixed.items():
            if _differs(group.get(key, default), default):
                rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                    "torch.optim.{algorithm}(..., {key}={value}) cannot be drawn yet: a "
                    "document's {algorithm} takes {words}"), algorithm=algorithm, key=key,
                    value=repr(group[key]), words=words)
                return False
        own = [k for k in group if k not in fixed and k not in group_keys(algorithm) and
               k != "params"]
        if own:
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal",
                "a parameter group holding '{key}' cannot be drawn yet: a document's "
                "parameter group holds its tensors and {words}"), key=str(own[0]),
                words=words)
            return False
        numbers = [("lr", group["lr"])] + [(key, group[key]) for _, key, _ in settings]
        if has_betas(algorithm):
            numbers += [("betas", b) for b in group["betas"]]
        for key, value in numbers:
            if not _plain_number(value):
                rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                    "torch.optim.{algorithm}'s {key} must be a plain number to be drawn"),
                    algorithm=algorithm, key=key)
                return False
        return True

    def _groups(self, algorithm, optimizer, written):
        """The ``groups`` setting (``timeline/groups.py``): [] for one list of tensors,
        else each group's size and the settings the script wrote in it, in its order;
        None when refused."""
        allowed = group_keys(algorithm)
        if written is None:        # (a list of tensors; groups another way are refused)
            if len(optimizer.param_groups) == 1 and all(
                    optimizer.param_groups[0][k] == optimizer.defaults[k] for k in allowed):
                return []
            self.rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal",
                "parameter groups given other than as a list of dicts cannot be drawn yet: "
                "write them as a list, [{'params': ...}, ...]"))
            return None
        if len(written) != len(optimizer.param_groups) or \
                any(not g["params"] for g in optimizer.param_groups):
            self.rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal",
                "a parameter group without tensors cannot be drawn: give each group at "
                "least one"))
            return None
        groups = []
        for keys, group in zip(written, optimizer.param_groups):
            g = {"size": len(group["params"])}
            for key in keys:
                if key in allowed:
                    g[key] = _group_value(group[key])
            groups.append(g)
        return groups

    def lr_check(self):
        """Before the script's next node or action: a learning rate set by hand since
        (``_lr_set``) becomes a ``change_lr`` step there, where the script set it, so the
        loop after it repeats from its first iteration."""
        rec = self.rec
        if rec.action_lines is not None or rec.part is not None:   # (an action or a part
            return                                                  # is running)
        for key, optimizer in list(self.objects.items()):
            made = self.made[key]
            now = _settings(optimizer)
            if _lrs(now) == _lrs(made[1]):
                self.parts_seen[key] = len(rec.parts)
            elif now != made[1]:
                self._lr_set(optimizer, made)     # (anything else: refused at its call)

    def _known(self, optimizer, what):
        """The record of ``optimizer`` for one of its calls, or None (refused)."""
        made = self.made.get(id(optimizer))
        if made is None:
            self.rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "optimizer.{what}() of an optimizer the trace could not draw cannot be "
                "drawn"), what=what)
        elif _settings(optimizer) != made[1]:
            made = self._lr_set(optimizer, made)
            if made is None:
                self.rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal",
                    "changing an optimizer's settings or parameters after making it (such as "
                    "add_param_group, or a learning rate computed from a tensor) cannot be "
                    "drawn yet"))
        return made

    def _lr_set(self, optimizer, made):
        """Learning rates set by hand since the optimizer's last call (``for g in
        opt.param_groups: g["lr"] = 0.01``, ``opt.param_groups[1]["lr"] *= 0.1``, plain
        numbers): ``change_lr`` steps here, before the call that uses them (one for every
        group when all groups took one rate, else one per group changed); its record with
        the new settings. None when anything else changed."""
        now, before = _settings(optimizer), made[1]
        if self.parts_seen.get(id(optimizer), 0) != len(self.rec.parts) or \
                self.rec.part is not None:
            return None        # (set in a recorded part, maybe from a tensor's value)
        if len(now) != len(before) or any(
                ids != ids_before or _but_lr(g) != _but_lr(g_before)
                for (ids, g), (ids_before, g_before) in zip(now, before)):
            return None
        lrs = [g.get("lr") for _, g in now]
        if not all(type(lr) in (float, int) and not has_marked(lr) and math.isfinite(lr)
                   and lr >= 0 for lr in lrs):
            return None
        made = self.made[id(optimizer)] = (made[0], now, made[2])
        changed = [k for k, (lr, old) in enumerate(zip(lrs, _lrs(before))) if lr != old]
        if len(changed) == len(lrs) and len(set(lrs)) == 1:
            changed = [None]             # (every group: for g in opt.param_groups)
        for k in changed:
            self.rec.action(*traced("optimizer.param_groups[0]['lr'] = ...", Seen(
                optimizer=ActionRef(made[0]),
                params={"lr": float(lrs[k or 0]), "group": k})))
            self.rec.action_done()
        return made

    def step(self, args):
        rec = self.rec
        if args.get("closure") is not None:
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "optimizer.step(closure) cannot be drawn yet: call loss.backward() and "
                "optimizer.step() instead"))
            return None
        made = self._known(args.get("self"), "step")
        if made is None:
            return None
        rec.action(*traced("optimizer.step()", Seen(optimizer=ActionRef(made[0]))))
        return lambda raised: rec.action_done(failed=raised, values=made[2])

    def zero_grad(self, args):
        rec = self.rec
        made = self._known(args.get("self"), "zero_grad")
        if made is None:
            return None
        rec.action(*traced("optimizer.zero_grad()",
                           Seen(optimizer=ActionRef(made[0]), params=dict(args))))
        return lambda raised: rec.action_done(failed=raised)

    def add_group(self, args):
        """``optimizer.add_param_group({...})`` of an optimizer the trace drew: an
        ``add_param_group`` step holding the group's tensors and the settings the script
        wrote in it; its later steps train those tensors too."""
        optimizer, rec = args.get("self"), self.rec
        made = self._known(optimizer, "add_param_group")
        if made is None:
            return None
        (written,) = _written([args.get("param_group")]) or [None]

        def done(raised):
            if raised or written is None:
                return
            group, algorithm = optimizer.param_groups[-1], self.algorithms[type(optimizer)]
            if not self._group_ok(algorithm, group):
                return
            params = [(rec.node_of.get(id(p)), p) for p in group["params"]]
            if any(i is None for i, _ in params):
                rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal",
                    "an optimizer over a tensor the trace did not see made cannot be drawn"))
                return
            g = {"size": len(params)}
            g.update((k, _group_value(group[k])) for k in written if k in group_keys(algorithm))
            self.made[id(optimizer)] = (made[0], _settings(optimizer), made[2] + params)
            rec.action(*traced("optimizer.add_param_group()", Seen(
                optimizer=ActionRef(made[0]),
                params={"params": [i for i, _ in params], "groups": [g] if len(g) > 1 else []})))
            rec.action_done()
        return done

    def load_state(self, args):
        self.rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
            "loading an optimizer's state (load_state_dict) cannot be drawn yet"))

    def scheduler(self, args):
        return self.schedulers.created(args)

    def scheduler_step(self, args):
        return self.schedulers.step(args)

    def settled(self, optimizer):
        """After a scheduler drawn in the graph set ``optimizer``'s learning rate: its
        settings as they now are become the ones its later calls are checked against."""
        made = self.made.get(id(optimizer))
        if made is not None:
            self.made[id(optimizer)] = (made[0], _settings(optimizer), made[2])

    # ------------------------------------------------------------------ modules
    def module_zero_grad(self, args):
        """``model.zero_grad()``: ``p.grad = None`` for each parameter (a no-op for one
        without a gradient), or with ``set_to_none=False``, ``p.grad.zero_()`` for each
        that has one."""
        rec = self.rec
        set_to_none = bool(args.get("set_to_none", True))
        params = list(args["self"].parameters())
        nodes = [rec.node_of.get(id(p)) for p in params]
        if any(i is None for i in nodes):
            rec.refuse(QT_TRANSLATE_NOOP("TraceRefusal", 
                "zero_grad() of a module with a parameter the trace did not see made cannot "
                "be drawn"))
            return None
        made = 0
        for i, p in zip(nodes, params):
            if set_to_none or raw.grad(p) is not None:
                rec.action(*traced("x.grad = None" if set_to_none else "x.grad.zero_()",
                                   Seen(i)))
                made += 1
        return (lambda raised: rec.action_done(failed=raised)) if made else None


def _lrs(settings):
    return [g.get("lr") for _, g in settings]


def _but_lr(group):
    return {k: v for k, v in group.items() if k != "lr"}


def _written(params):
    """The settings the script wrote in each parameter group it gave (its keys but
    ``params``, in its order), or None when it gave a list of tensors."""
    if not isinstance(params, (list, tuple)) or not params or \
            not all(isinstance(g, dict) for g in params):
        return None
    return [tuple(k for k in g if k != "params") for g in params]


def _group_value(v):
    return bool(v) if isinstance(v, bool) else \
        [float(b) for b in v] if isinstance(v, (list, tuple)) else float(v)


def _top_settings(algorithm, defaults):
    """The optimizer action's own settings, from the optimizer's defaults."""
    p = {"algorithm": algorithm, "lr": float(defaults["lr"])}
    for name, key, default in _SETTINGS[algorithm][0]:
        p[name] = None if defaults[key] == default else float(defaults[key])
    if algorithm == "SGD":
        p["nesterov"] = bool(defaults["nesterov"])
    if has_betas(algorithm) and tuple(defaults["betas"]) != (0.9, 0.999):
        p["beta1"], p["beta2"] = (float(b) for b in defaults["betas"])
    return p


def _settings(optimizer):
    return [([id(p) for p in g["params"]], {k: v for k, v in g.items() if k != "params"})
            for g in optimizer.param_groups]
