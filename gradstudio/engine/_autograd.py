"""The backward graph and the engine that runs it.

A ``Node`` is one ``grad_fn`` (``MulBackward0`` ...): it knows its op, the tensors that
op saved, and ``next_functions``, the edges to the nodes of its inputs. Leaves that
require grad are reached through an ``AccumulateGrad`` node that holds the leaf.

``run_backward`` is iterative (no recursion, so a 100,000-node chain is fine) and executes
ready nodes in PyTorch's order: among the nodes whose gradients are complete, the most
recently created first, ``AccumulateGrad`` before all. Without ``create_graph`` gradients
flow as plain numpy arrays; with it they are tensors and every VJP is itself recorded.

Observers (``observe``) see every executed node; with none attached the only cost is one
truthiness test per node.
"""
import heapq
import re
import sys
from itertools import count

import numpy as np

from . import _dtype as D, _grad_mode
from ._ops import NP, TF
from .observer import observed

__all__ = ["Node", "AccumulateGrad", "node_class", "BackwardStep", "observe", "run_backward"]

_SEQ = count()
try:  # numpy >= 2 keeps its error state in a context variable: setting it directly costs a
    # fifth of entering a new ``np.errstate(all="ignore")``, which costs more than a small op.
    from numpy._core._ufunc_config import _extobj_contextvar as _ERRSTATE, _make_extobj
    _QUIET = _make_extobj(all="ignore")
except ImportError:  # numpy 1.x: apply and run_backward enter np.errstate instead
    _ERRSTATE = _QUIET = None
_FREED_MSG = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


_CPP_NODES = frozenset(("CopySlices", "CopyBackwards"))  # named by their C++ namespace


class Meta:
    """Stands in for an input a VJP did not need to save: only shape and dtype."""
    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype

    @property
    def ndim(self):
        return len(self.shape)


class Node:
    """A node of the backward graph; ``type(node).__name__`` is PyTorch's class name.

    Most nodes have one output. A node of an op returning several views (``split``,
    ``unbind``) has ``_outputs`` > 0 of them: edges reach it as ``(node, output_nr)``, its
    gradient is a list with one entry per output (None for an output no gradient reached),
    ``_retain`` maps output numbers to retained tensors and its tensor hooks are
    ``(output_nr, hook)`` pairs.

    A node whose VJPs read the op's result keeps ``_result = (data, version counter,
    version, view_fn)``, ``view_fn`` a weak reference to the grad_fn of the view the
    result was written through (an in-place op on a view), else None."""
    __slots__ = ("next_functions", "_op", "_params", "_saved", "_versions", "_meta", "_result",
                 "_seq", "_freed", "_pre_hooks", "_hooks", "_retain", "_plan", "_outputs",
                 "__weakref__")

    def name(self):
        n = type(self).__name__
        return "torch::autograd::" + n if n in _CPP_NODES else n

    # No __repr__: like torch's grad_fn classes (module ``builtins``, default repr) they
    # print as ``<MulBackward0 object at 0x...>`` and IPython shows ``<MulBackward0 at 0x...>``.

    @property
    def metadata(self):
        return {}

    @observed("Node.register_hook")
    def register_hook(self, fn):
        """``fn(grad_inputs, grad_outputs)`` runs after this node; it may return new
        ``grad_inputs``."""
        if self._hooks is None:
            self._hooks = {}
        return _Handle(self._hooks, fn)

    @observed("Node.register_prehook")
    def register_prehook(self, fn):
        """``fn(grad_outputs)`` runs before this node; it may return new ``grad_outputs``."""
        if self._pre_hooks is None:
            self._pre_hooks = {}
        if self._outputs:
            return _Handle(self._pre_hooks, (None, fn))
        return _Handle(self._pre_hooks, lambda g, fn=fn: _first(fn((g,))))

    @property
    def saved_names(self):
        """Names of the tensors this node saved for backward (``self``, ``other``,
        ``result`` ...), in PyTorch's ``_saved_<name>`` spelling: its plan's, until freed."""
        if self._freed or self._plan is None:
            return ()
        return self._plan.names

    @property
    def freed(self):
        """True once backward released this node's saved tensors."""
        return bool(self._freed)

    @property
    def saved_tensor_names(self):
        """Names of what this node saved, still known after the buffers were freed."""
        return self._freed or self.saved_names

    def __getattr__(self, item):
        # ``grad_fn._saved_self`` and friends, as in PyTorch.
        if item.startswith("_saved_"):
            key = item[7:]
            op = object.__getattribute__(self, "_op")
            if key in op.arg_names and not op.variadic:
                i = op.arg_names.index(key)
                v = self._saved[i] if self._saved else None
                if v is not None:
                    if hasattr(v, "_vc"):
                        return v
                    # a number operand is saved as PyTorch's wrapped-number tensor
                    return _tensor.Tensor._make(np.asarray(v, np.bool_ if isinstance(v, bool) else
                                                   np.int64 if isinstance(v, int) else
                                                   np.float64))
                plan = self._plan
                if self._freed and plan is not None and i in plan.save:
                    raise RuntimeError(_FREED_MSG)
                if any(i in gr.needs for gr in op.grads if gr is not None):
                    return None  # a field of this node that this call did not need
            elif key in self._params:
                return self._params[key]
            if key == "result" and any("out" in gr.needs for gr in op.grads if gr is not None):
                if self._freed:
                    raise RuntimeError(_FREED_MSG)
                return None if self._result is None else _result_tensor(self)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{item}'")


def _first(r):
    return None if r is None else r[0]


class _Handle:
    """A removable hook handle (``handle.remove()``)."""
    _ids = count()
    __module__ = "torch.utils.hooks"

    def __init__(self, table, fn):
        self.id = next(self._ids)
        self._table = table
        table[self.id] = fn

    def remove(self):
        self._table.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


_Handle.__name__ = _Handle.__qualname__ = "RemovableHandle"  # as PyTorch's prints


class AccumulateGrad(Node):
    """Accumulates the incoming gradient into ``variable.grad`` (a leaf tensor)."""
    __slots__ = ("variable",)
    __module__ = "builtins"

    def name(self):
        return "torch::autograd::AccumulateGrad"

    def __init__(self, variable):
        self.variable = variable
        self.next_functions = ()
        self._op = _ACC_OP
        self._params = {}
        self._saved = None
        self._result = None
        self._seq = float("inf")  # runs as soon as it is ready, as in PyTorch
        self._freed = False
        self._pre_hooks = None
        self._hooks = None
        self._retain = None
        self._plan = None
        self._outputs = 0


class _AccOp:
    name = "accumulate_grad"
    arg_names = ()
    grads = ()


_ACC_OP = _AccOp()
_CLASSES = {}


def node_class(name):
    """The Node subclass named ``name`` (one class per PyTorch grad_fn name)."""
    cls = _CLASSES.get(name)
    if cls is None:
        cls = _CLASSES[name] = type(name, (Node,), {"__slots__": (), "__module__": "builtins"})
    return cls


class Plan:
    """How nodes of one op are recorded and run when a given set of its operands has grad
    edges: worked out once per (op, edges) and shared by all such nodes.

    ``edges`` are the operand indices with an edge, ``fns`` the VJP per operand (None
    where no gradient flows), ``save`` the operand indices those VJPs read, ``save_out``
    whether they read the result, ``names`` what the node frees (``saved_names``), ``cls``
    the node class when it does not depend on the params."""
    __slots__ = ("edges", "fns", "save", "save_out", "names", "cls")

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


def short_name(node):
    return re.sub(r"Backward\d*$", "", node.name())


# ----------------------------------------------------------------------------- observing
class BackwardStep:
    """One executed node of a backward pass, as seen by an observer.

    ``grad_output`` is the gradient the node received (numpy array), ``grad_inputs`` the
    gradients it sent along each of ``node.next_functions`` (None where nothing flows),
    ``freed`` the names of the saved tensors released after it ran. For an
    ``AccumulateGrad`` step ``variable`` is the leaf and ``accumulated`` its new ``.grad``.
    """
    __slots__ = ("index", "node", "grad_output", "grad_inputs", "freed", "variable",
                 "accumulated", "captured")

    def __init__(self, index, node, grad_output, grad_inputs=(), freed=(), variable=None,
                 accumulated=None, captured=False):
        self.index = index
        self.node = node
        self.grad_output = grad_output
        self.grad_inputs = grad_inputs
        self.freed = freed
        self.variable = variable
        self.accumulated = accumulated
        self.captured = captured

    @property
    def name(self):
        return type(self.node).__name__

    def __repr__(self):
        return f"BackwardStep({self.index}, {self.name}, freed={list(self.freed)})"


_OBSERVERS = []


class observe:
    """Context manager that records every node a backward pass executes::

        with observe() as steps:
            loss.backward()
        for s in steps: print(s.name, s.grad_output, s.grad_inputs, s.freed)

    ``callback(step)``, if given, is also called as each step happens.
    """

    def __init__(self, callback=None):
        self.steps = []
        self._callback = callback

    def _emit(self, step):
        self.steps.append(step)
        if self._callback is not None:
            self._callback(step)

    def __enter__(self):
        _OBSERVERS.append(self._emit)
        return self.steps

    def __exit__(self, *exc):
        _OBSERVERS.remove(self._emit)
        return False


def _emit(**kw):
    kw = {k: _plain(v) for k, v in kw.items()}
    step = BackwardStep(**kw)
    for fn in list(_OBSERVERS):
        fn(step)


def _plain(v):
    if isinstance(v, tuple):
        return tuple(_plain(x) for x in v)
    d = getattr(v, "_data", None)
    if d is not None:
        return np.array(d)
    if isinstance(v, np.ndarray):
        return v.copy()
    return v


# ----------------------------------------------------------------------------- saved values
def _first_modified(node):
    """The saved value PyTorch reports as modified: it unpacks a node's saved variables in
    the alphabetical order of their names (``other`` before ``self``, ``exponent`` before
    ``result``)."""
    names = node._op.arg_names
    found = []
    for i, v in enumerate(node._saved or ()):
        if v is not None and hasattr(v, "_vc") and v._vc[0] != node._versions[i]:
            found.append((names[min(i, len(names) - 1)], v, node._versions[i], False))
    if node._result is not None and node._result[1][0] != node._result[2]:
        found.append(("result", _result_tensor(node), node._result[2], True))
    return min(found, key=lambda f: f[0])[1:] if found else None


def _check_version(node, t, saved_version, is_output=False):
    if t._vc[0] != saved_version:
        t, saved_version, is_output = _first_modified(node) or (t, saved_version, is_output)
        desc = f"[torch.{D.tensor_type(t._dtype)} [{', '.join(map(str, t._data.shape))}]]"
        if is_output:
            # an output written through a view names the view's grad_fn while it lives
            # (PyTorch keeps a weak reference to it), else the node itself
            ref = node._result[3]
            src = (ref() if ref is not None else None) or node
        else:  # (a view whose memory changed gets a new grad_fn here, AsStridedBackward0)
            src = t.grad_fn
        if src is not None:
            desc += f", which is output 0 of {short_name(src)},"
        raise RuntimeError(
            "one of the variables needed for gradient computation has been modified by an "
            f"inplace operation: {desc} is at version {t._vc[0]}; expected version "
            f"{saved_version} instead. Hint: enable anomaly detection to find the operation "
            "that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True, check_nan=False).")


def _result_tensor(node):
    """The saved output, rebuilt as a tensor whose grad_fn is the node (as PyTorch does)."""
    data, vc, _, _ = node._result
    t = _tensor.Tensor._make(data, node._meta[0].dtype, True)
    t._grad_fn = node
    t._vc = vc
    return t


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


def _vjps(node, g, F, tensors, need):
    """The gradient the node sends along each of its edges (None where nothing flows),
    cast to each input's dtype and summed down to its shape.

    ``node._meta`` holds the ``Meta`` of the result and then of each operand, in the order
    of a VJP's arguments ``(out, *inputs)``; what was saved (arrays, or tensors when
    recording a graph) replaces its stand-in."""
    if node._freed:
        raise RuntimeError(_FREED_MSG)
    plan = node._plan
    fns = plan.fns
    if fns is None:  # CopySlices, which runs the backward of the node it wraps
        return _views.copy_slices_vjps(node, g, F, tensors, need)
    meta = node._meta
    args = meta
    saved = node._saved
    if saved is not None:
        args = list(meta)
        versions = node._versions
        for i, v in enumerate(saved):
            if v is None:
                continue
            if hasattr(v, "_vc"):
                if v._vc[0] != versions[i]:
                    _check_version(node, v, versions[i])
                v = v if tensors else v._data
            args[i + 1] = v  # (or a Python scalar operand)
    if node._result is not None:
        data, vc, ver, _ = node._result
        if vc[0] != ver:
            _check_version(node, _result_tensor(node), ver, is_output=True)
        if args is meta:
            args = list(meta)
        args[0] = _result_tensor(node) if tensors else data
    params = node._params
    nexts = node.next_functions
    grad_ins = [None] * len(nexts)
    for i in plan.edges:
        fn = fns[i]
        if fn is None or (need is not None and nexts[i][0] not in need):
            continue
        gi = fn(F, g, *args, **params) if params else fn(F, g, *args)
        if gi is None:
            continue
        m = meta[i + 1]
        if tensors:
            if gi._dtype is not m.dtype:
                gi = gi.to(m.dtype)
        else:
            if type(gi) is not np.ndarray:
                gi = np.asarray(gi)
            want = m.dtype.np
            if gi.dtype is not want and gi.dtype != want:
                gi = gi.astype(want)
        if gi.shape != m.shape:
            gi = _sum_to(gi, m.shape)
        grad_ins[i] = gi
    return grad_ins


def _wrap_grad(g):
    return _tensor.Tensor._wrap_grad(g)


def _run_hooks(hooks, g, create_graph):
    """Runs a tensor's hooks in order on its gradient (shown as a tensor); a hook that
    returns a tensor replaces the gradient."""
    for fn in list(hooks.values()):
        r = fn(g if create_graph else _wrap_grad(g))
        if r is not None:
            g = r if create_graph else r._data
    return g


def _run_output_hooks(node, gs, create_graph):
    """A multi-output node's hooks, in order: a tensor hook on its output's gradient (where
    one arrived), a node pre-hook on all of them; each may replace what it saw."""
    for k, fn in list(node._pre_hooks.values()):
        if k is None:
            r = fn(tuple(None if x is None else (x if create_graph else _wrap_grad(x))
                         for x in gs))
            if r is not None:
                gs = [None if x is None else (x if create_graph else x._data) for x in r]
        elif gs[k] is not None:
            gs[k] = _run_hooks({0: fn}, gs[k], create_graph)
    return gs


def _retain_outputs(node, gs, create_graph):
    for k, ref in node._retain.items():
        t = ref()
        if t is not None and gs[k] is not None:
            t._accumulate_grad(gs[k], create_graph)


def _add_output_grad(buffers, node, nr, g):
    """Adds ``g`` to the gradient of output ``nr`` of a multi-output ``node``."""
    gs = buffers.get(node)
    if gs is None:
        gs = buffers[node] = [None] * node._outputs
    gs[nr] = g if gs[nr] is None else gs[nr] + g


# An array whose only reference is one local variable shows this count to ``_refcount``;
# a leaf may then keep the gradient array as its ``.grad`` instead of copying it, as
# PyTorch's AccumulateGrad does. Without ``sys.getrefcount`` gradients are always copied.
def _refcount(a):
    return sys.getrefcount(a)


def _sole_refcount():
    a = np.empty(0)
    return _refcount(a)


_SOLE = _sole_refcount() if hasattr(sys, "getrefcount") else -1


# ----------------------------------------------------------------------------- engine
def _sum_to(g, shape):
    """Reduces a broadcast gradient back to ``shape`` (numpy or tensor)."""
    gshape = g.shape
    if tuple(gshape) == tuple(shape):
        return g
    lead = len(gshape) - len(shape)
    dims = tuple(range(lead)) + tuple(i + lead for i, s in enumerate(shape)
                                      if s == 1 and gshape[i + lead] != 1)
    if dims:
        g = np.add.reduce(g, dims, keepdims=True) if isinstance(g, np.ndarray) else \
            g.sum(dims, keepdim=True)
    if lead or tuple(g.shape) != tuple(shape):
        g = g.reshape(shape) if isinstance(g, np.ndarray) else g.reshape(tuple(shape))
    return g


def _graph(roots):
    """Dependency counts (how many edges point at each node) of everything reachable from
    ``roots``; a node is a key exactly when some edge reaches it."""
    deps = {}
    stack = [n for n in roots if n is not None]
    rootset = set(stack)
    get = deps.get
    while stack:
        for nxt, _ in stack.pop().next_functions:
            if nxt is None:
                continue
            d = get(nxt)
            if d is None:
                deps[nxt] = 1
                if nxt not in rootset:
                    stack.append(nxt)
            else:
                deps[nxt] = d + 1
    return deps


def _needed(seen, targets):
    """Nodes from which some target node can be reached (for ``autograd.grad``)."""
    parents = {}
    for n in seen:
        for nxt, _ in n.next_functions:
            if nxt is not None:
                parents.setdefault(nxt, []).append(n)
    need = set(t for t in targets if t in seen)
    stack = list(need)
    while stack:
        for p in parents.get(stack.pop(), ()):
            if p not in need:
                need.add(p)
                stack.append(p)
    return need


def run_backward(roots, grads, retain_graph=False, create_graph=False, targets=None,
                 capture=False):
    """Runs the backward pass from ``roots`` (edges: ``(node, output_nr)``) seeded with
    ``grads`` (arrays, or tensors when ``create_graph``). With ``targets`` (nodes) only what
    leads to them runs:
    with ``capture`` the gradient arriving at each target is returned and nothing is
    accumulated (``autograd.grad``); without, only those leaves accumulate
    (``backward(inputs=...)``)."""
    roots, root_nrs = [n for n, _ in roots], [nr for _, nr in roots]
    deps = _graph(roots)
    buffers = {}
    for n, nr, g in zip(roots, root_nrs, grads):
        if n._outputs:
            _add_output_grad(buffers, n, nr, g)
        elif n in buffers:
            buffers[n] = buffers[n] + g
        else:
            buffers[n] = g
    need = None
    captured = None
    if targets is not None:
        seen = set(deps)
        seen.update(n for n in roots if n is not None)
        need = _needed(seen, targets)
        if capture:
            captured = {n: None for n in targets}
        # Only nodes with a needed input run (and free their buffers), as in PyTorch: a
        # captured target runs only when another target lies beyond it.
        runs_set = {n for n in need
                    if any(c is not None and c in need for c, _ in n.next_functions)}
    heap = [(-n._seq, id(n), n) for n in buffers if n not in deps]
    heapq.heapify(heap)
    heappop, heappush, heappushpop = heapq.heappop, heapq.heappush, heapq.heappushpop
    ready = None  # a node that became ready and is not on the heap (spares a chain the heap)
    pop_buffer, get_buffer = buffers.pop, buffers.get
    observing = bool(_OBSERVERS)
    step_no = 0
    wrap = _wrap_grad
    F = TF if create_graph else NP

    prev_mode = _grad_mode.STATE.enabled
    _grad_mode.STATE.enabled = create_graph
    # VJPs never warn about inf or nan (nor does PyTorch)
    if _ERRSTATE is not None:
        quiet = _ERRSTATE.set(_QUIET)
    else:
        quiet = np.errstate(all="ignore")
        quiet.__enter__()
    try:
        while True:
            if ready is not None:
                node = heappushpop(heap, (-ready._seq, id(ready), ready))[2] if heap else ready
                ready = None
            elif heap:
                node = heappop(heap)[2]
            else:
                break
            g = pop_buffer(node, None)
            if g is not None:
                if node._outputs:  # (a list: one gradient per output)
                    if node._pre_hooks:
                        g = _run_output_hooks(node, g, create_graph)
                    if node._retain is not None:
                        _retain_outputs(node, g, create_graph)
                else:
                    if node._pre_hooks:
                        g = _run_hooks(node._pre_hooks, g, create_graph)
                    if node._retain is not None:
                        t = node._retain()
                        if t is not None:
                            t._accumulate_grad(g, create_graph)
            if captured is not None and node in captured:
                captured[node] = g  # (each node runs once: its gradient is complete)
                if observing:
                    _emit(index=step_no, node=node, grad_output=g, captured=True)
                    step_no += 1
            if type(node) is AccumulateGrad:
                if g is not None and captured is None and (need is None or node in need):
                    v = node.variable
                    if v._hooks:
                        g = _run_hooks(v._hooks, g, create_graph)
                    owned = _refcount(g) <= _SOLE  # (not inside the call: its arguments count)
                    v._accumulate_grad(g, create_graph, owned)
                    if v._post_acc_hooks:
                        for fn in list(v._post_acc_hooks.values()):
                            fn(v)
                    if observing:
                        _emit(index=step_no, node=node, grad_output=g, variable=v,
                              accumulated=v._grad)
                        step_no += 1
                continue
            nexts = node.next_functions
            runs = need is None or node in runs_set
            if g is not None and runs:
                grad_ins = _vjps(node, g, F, create_graph, need)
                if node._hooks:
                    outs = tuple(None if x is None else (x if create_graph else wrap(x))
                                 for x in grad_ins)
                    seen = tuple(None if x is None else (x if create_graph else wrap(x))
                                 for x in (g if node._outputs else (g,)))
                    for fn in list(node._hooks.values()):
                        r = fn(outs, seen)
                        if r is not None:
                            outs = tuple(r)
                    grad_ins = [None if x is None else (x if create_graph else x._data)
                                for x in outs]
                    outs = r = None
            else:
                grad_ins = [None] * len(nexts)
            if retain_graph or not runs:
                freed = ()
            else:  # release what the node saved
                freed = () if node._freed else node._plan.names
                node._saved = node._result = node._versions = None
                if freed:
                    node._freed = freed   # a non-empty tuple: what was released
            if observing:
                _emit(index=step_no, node=node, grad_output=tuple(g) if node._outputs and g
                      is not None else g, grad_inputs=tuple(grad_ins), freed=freed)
                step_no += 1
            for i in node._plan.edges:
                nxt, nr = nexts[i]
                gi = grad_ins[i]
                if gi is not None:
                    if nxt._outputs:
                        _add_output_grad(buffers, nxt, nr, gi)
                    else:
                        prev = get_buffer(nxt)
                        buffers[nxt] = gi if prev is None else prev + gi
                d = deps[nxt] - 1
                deps[nxt] = d
                if d == 0:
                    if ready is None:
                        ready = nxt
                    else:
                        heappush(heap, (-nxt._seq, id(nxt), nxt))
            # Hold no gradient past its node, so a leaf can adopt it (see ``_SOLE``).
            grad_ins = gi = prev = None
    finally:
        if _ERRSTATE is not None:
            _ERRSTATE.reset(quiet)
        else:
            quiet.__exit__(None, None, None)
        _grad_mode.STATE.enabled = prev_mode
    return captured


# ``_tensor`` and ``_views`` import this module, so they are bound last, once (not inside
# each function)
from . import _tensor, _views  # noqa: E402
