"""Timeline actions: what each kind takes, how its settings are checked, and how loops
nest.

A timeline action is one imperative step of the program after the forward pass:

- ``backward``, ``zero_grad`` (``x.grad.zero_()``), ``set_grad_none`` (``x.grad = None``),
  ``grad`` (``torch.autograd.grad``): the autograd lesson's steps;
- ``update``: a manual parameter update, ``p -= lr * p.grad`` for each chosen tensor (or
  ``p.data -= ...``, or ``p.sub_(...)``), inside ``torch.no_grad()`` unless unticked;
- ``optimizer``: makes a ``torch.optim`` optimizer over the chosen tensors (its state lives
  from this step on, as the Python object does in a script); ``step`` and
  ``optimizer_zero_grad`` call it;
- ``forward``: computes again every node downstream of a leaf that requires grad, from the
  leaves' values now (a new autograd graph, as the next loop iteration builds);
- ``loop`` ... ``end_loop``: the actions between them repeated ``count`` times;
- ``compute``: computes the chosen nodes at this moment instead of in the forward pass
  (``x.grad - by_hand`` after the backward, ``w.detach()`` after training), and with
  them every node that uses one of them and is chosen by no later step
  (``run_late``);
- ``print``: ``print(x)`` of a tensor at that moment (after a training loop, its trained
  values); inside a loop it prints nothing (the loop prints its one-element tensors).

Each kind lists its settings as ``(name, type, default)``. Types: ``node`` (a node id),
``node?`` (a node id or None), ``nodes`` (a list of node ids), ``nodes?`` (a list of
node ids or None, one per entry of another list: autograd.grad's ``grad_outputs``, one
per output, None for a scalar output's implicit 1; empty when none is given), ``bool``,
``float``
(finite), ``float?`` (finite or None: PyTorch's default), ``int`` (1 to ``MAX_COUNT``),
``action`` (the id of an ``optimizer`` action) and ``choice`` (one of ``CHOICES``).
"""
import math

from gradstudio.vocabulary import MAX_LOOP_COUNT

__all__ = ["ACTION_KINDS", "ActionParamError", "CHOICES", "OPTIMIZER_SETTINGS", "MAX_COUNT", "check_action_param",
           "loop_structure", "NODE_TYPES", "optimizer_arguments"]

MAX_COUNT = MAX_LOOP_COUNT  # iterations of one loop

ACTION_KINDS = {
    "backward": (("target", "node", None), ("gradient", "node?", None),
                 ("retain_graph", "bool", False), ("create_graph", "bool", False)),
    "zero_grad": (("tensor", "node", None),),
    "set_grad_none": (("tensor", "node", None),),
    "grad": (("outputs", "nodes", []), ("inputs", "nodes", []),
             ("retain_graph", "bool", False), ("create_graph", "bool", False),
             ("grad_outputs", "nodes?", [])),
    "update": (("tensors", "nodes", []), ("lr", "float", 0.1), ("style", "choice", "-="),
               ("no_grad", "bool", True)),
    "optimizer": (("algorithm", "choice", "SGD"), ("params", "nodes", []),
                  ("lr", "float", 0.01), ("momentum", "float?", None),
                  ("nesterov", "bool", False), ("weight_decay", "float?", None),
                  ("beta1", "float?", None), ("beta2", "float?", None),
                  ("alpha", "float?", None)),
    "step": (("optimizer", "action", None),),
    "optimizer_zero_grad": (("optimizer", "action", None), ("set_to_none", "bool", True)),
    "forward": (),
    "loop": (("count", "int", 100),),
    "end_loop": (),
    "print": (("tensor", "node", None),),
    "compute": (("nodes", "nodes", []),),
}

NODE_TYPES = ("node", "node?", "nodes", "nodes?")

# the values a "choice" setting takes, by setting name
CHOICES = {
    "style": ("-=", "data", "sub_"),
    "algorithm": ("SGD", "Adam", "AdamW", "RMSprop"),
}

# per algorithm: the settings it takes, as (setting, keyword of torch.optim, torch's
# default); beta1 and beta2 are one keyword, ``betas``
OPTIMIZER_SETTINGS = {
    "SGD": (("momentum", "momentum", 0.0), ("nesterov", "nesterov", False),
            ("weight_decay", "weight_decay", 0.0)),
    "Adam": (("beta1", "betas", 0.9), ("beta2", "betas", 0.999),
             ("weight_decay", "weight_decay", 0.0)),
    "AdamW": (("beta1", "betas", 0.9), ("beta2", "betas", 0.999),
              ("weight_decay", "weight_decay", 0.01)),
    "RMSprop": (("alpha", "alpha", 0.99), ("momentum", "momentum", 0.0),
                ("weight_decay", "weight_decay", 0.0)),
}


class ActionParamError(ValueError):
    """A setting an action cannot take; the message is written for the user."""


def check_action_param(kind, name, value):
    """``value`` as the setting ``name`` of a ``kind`` action keeps it; raises
    ``ActionParamError`` in plain words when it cannot be one."""
    specs = {n: t for n, t, _ in ACTION_KINDS[kind]}
    if name not in specs:
        raise ActionParamError(f"A {kind} action has no setting '{name}'.")
    t = specs[name]
    if t == "bool":
        if not isinstance(value, bool):
            raise ActionParamError(f"'{name}' must be true or false.")
    elif t in ("node", "action") or (t == "node?" and value is not None):
        if not isinstance(value, str) and not (t != "node?" and value is None):
            raise ActionParamError(f"'{name}' must name a node." if t != "action" else
                                   f"'{name}' must name an optimizer step of the timeline.")
    elif t in ("nodes", "nodes?"):
        if not isinstance(value, (list, tuple)) or not all(
                isinstance(v, str) or (t == "nodes?" and v is None) for v in value):
            raise ActionParamError(f"'{name}' must be a list of nodes.")
        value = list(value)
        if kind == "compute":       # (a node is computed once: listed twice, it is once)
            value = list(dict.fromkeys(value))
    elif t == "float" or (t == "float?" and value is not None):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not math.isfinite(value) or abs(value) > 1e30:
            raise ActionParamError(f"'{name}' must be a finite number.")
        value = float(value)
    elif t == "int":
        if isinstance(value, bool) or not isinstance(value, int) or \
                not 1 <= value <= MAX_COUNT:
            raise ActionParamError(f"'{name}' must be a whole number from 1 to {MAX_COUNT:,}.")
    elif t == "choice":
        if value not in CHOICES[name]:
            raise ActionParamError(f"'{name}' must be one of {', '.join(CHOICES[name])}.")
    return value


def loop_structure(timeline):
    """``(ends, problems)``: ``ends`` maps the index of each ``loop`` action to the index
    of the ``end_loop`` closing it; ``problems`` maps the index of a loop marker that
    cannot work to the reason (written for the user). The actions of a loop with a
    problem run once, in place."""
    ends, problems, open_at = {}, {}, None
    for i, action in enumerate(timeline):
        if action.kind == "loop":
            if open_at is not None:
                problems[i] = ("A loop inside a loop is not supported: end the loop above "
                               "before starting another.")
            else:
                open_at = i
        elif action.kind == "end_loop":
            if open_at is None:
                problems[i] = "This 'end loop' closes no loop: add a loop before it."
            else:
                ends[open_at] = i
                open_at = None
    if open_at is not None:
        problems[open_at] = ("This loop has no end: add an 'end loop' after the steps it "
                             "repeats.")
    return ends, problems


def optimizer_arguments(params):
    """The keyword arguments an ``optimizer`` action passes to ``torch.optim``, after the
    parameters: ``lr`` always, then each setting of its algorithm that differs from
    PyTorch's default (``betas`` as one pair), as ``[(keyword, value)]``."""
    args = [("lr", params["lr"])]
    settings = OPTIMIZER_SETTINGS[params["algorithm"]]
    defaults = {name: default for name, _, default in settings}
    betas = None
    for name, keyword, default in settings:
        value = params.get(name)
        if keyword == "betas":
            if params.get("beta1") is not None or params.get("beta2") is not None:
                betas = tuple(defaults[b] if params.get(b) is None else params[b]
                              for b in ("beta1", "beta2"))
            if name == "beta2" and betas is not None:
                args.append(("betas", betas))
        elif value is not None and value != default:
            args.append((keyword, value))
    return args
