"""How the nodes of an op are recorded: its ``Plan`` (worked out once per op and set of
operands with grad edges: which VJPs run, which operands and whether the result are
saved, how many ``next_functions`` entries), ``new_node`` and the shared ``Meta``
stand-ins (``stand_in``) a node keeps for the shape and dtype of what it did not save."""
from .nodes import _SEQ, Meta, expose, node_class

__all__ = ["Plan", "edge_ports", "plan_for", "new_node", "stand_in"]


class Plan:
    """How nodes of one op are recorded and run when a given set of its operands has grad
    edges: worked out once per (op, edges) and shared by all such nodes.

    ``edges`` are the operand indices with an edge, ``fns`` the VJP per operand (None
    where no gradient flows), ``save`` the operand indices those VJPs read, ``save_out``
    whether they read the result, ``names`` what the node frees (``saved_names``), ``cls``
    the node class when it does not depend on the params, ``kept`` how many leading operands
    have a ``next_functions`` entry (``edge_ports``), ``save_all`` whether every operand is
    saved (the node then keeps the operands' tuple itself)."""
    __slots__ = ("edges", "fns", "save", "save_out", "names", "cls", "kept", "save_all")

    def __init__(self, op, mask, n):
        grads = op.grads
        self.edges = tuple(i for i in range(n) if mask >> i & 1)
        self.fns = [None] * n
        needs = set()
        for i in self.edges:
            gr = grads[i]
            if gr is not None:
                self.fns[i] = gr.fn
                needs.update(gr.needs)
        self.save = tuple(i for i in range(n) if i in needs)
        self.save_out = "out" in needs
        arg_names = op.arg_names
        names = [arg_names[min(i, len(arg_names) - 1)] for i in self.save]
        if self.save_out:
            names.append("result")
        self.names = tuple(names) + getattr(op, "saved_params", ())
        self.cls = node_class(op.grad_fn) if isinstance(op.grad_fn, str) else None
        self.kept = _EDGE_PORTS.get(op) or edge_ports(op, n)
        expose(arg_names)
        expose(p.name for p in getattr(op, "params", ()))
        expose(getattr(op, "saved_params", ()))
        self.save_all = n > 0 and self.save == tuple(range(n))


_EDGE_PORTS = {}


def edge_ports(op, n):
    """How many leading inputs have a ``next_functions`` entry: PyTorch has none for the
    trailing inputs it does not differentiate (an index, a mask, a loss's weight), which
    the table declares last, without a VJP."""
    grads = None if op.variadic else op.grads
    kept = n if not grads else max((i + 1 for i, g in enumerate(grads) if g is not None),
                                   default=n)
    if not op.variadic:
        _EDGE_PORTS[op] = kept
    return kept


_PLANS = {}


def plan_for(op, mask, n):
    """The ``Plan`` for ``op`` with grad edges at the set bits of ``mask`` (``n``
    operands); cached except for variadic ops, whose operand count varies."""
    plan = _PLANS.get((op, mask))
    if plan is None:
        plan = Plan(op, mask, n)
        if not op.variadic:
            _PLANS[op, mask] = plan
    return plan


def new_node(cls, op, params, next_functions, plan=None):
    if params:
        expose(params)
    n = cls.__new__(cls)
    n.next_functions = next_functions
    n._op = op
    n._params = params
    n._saved = None
    n._versions = None
    n._meta = None
    n._result = None
    n._seq = next(_SEQ)
    n._freed = False
    n._pre_hooks = None
    n._hooks = None
    n._retain = None
    n._plan = plan
    n._outputs = 0
    return n


_STAND_INS = {}


def stand_in(shape, dtype):
    """The ``Meta`` for ``shape`` and ``dtype``. They never change, so one is shared by every
    node that needs it (the cache is emptied if a program makes very many shapes)."""
    m = _STAND_INS.get((shape, dtype))
    if m is None:
        if len(_STAND_INS) > 4096:
            _STAND_INS.clear()
        m = _STAND_INS[shape, dtype] = Meta(shape, dtype)
    return m
