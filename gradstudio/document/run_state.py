"""What a run leaves for the views: every tensor's state at every step (``TensorState``),
the backward passes step by step and the autograd graph behind each tensor
(``RunResult``). Views read these; nothing here computes autograd."""
import contextlib
from dataclasses import dataclass
from functools import cached_property

import numpy as np

import gradstudio.engine as torch
from gradstudio.engine import inspect as raw
from gradstudio.engine.autograd import AccumulateGrad

from .graph_store import networkx
from .run_late import LatePlan

__all__ = ["RunResult", "TensorState", "BackwardStepState", "BackwardGraphPart", "snapshot",
           "result_state", "step_states", "nearest_grad_fns", "DEFAULT_PRINT_OPTIONS"]

# how a run's prints start: PyTorch's defaults, whatever the process's options are
DEFAULT_PRINT_OPTIONS = {"precision": 4, "threshold": 1000, "edgeitems": 3,
                         "linewidth": 80, "sci_mode": None}


@contextlib.contextmanager
def _printing_as(options):
    """Tensors print with ``options`` (a ``set_printoptions`` step's) inside the block.
    The process's options are changed only when they differ (a window formatting texts
    while a run goes on in another thread changes nothing of a document without such a
    step)."""
    saved = torch.get_printoptions()
    if options is None or options == saved:
        yield
        return
    torch.set_printoptions(**options)
    try:
        yield
    finally:
        torch.set_printoptions(**saved)


@dataclass
class _Snap:
    grad: np.ndarray | None
    grad_dtype: object
    requires_grad: bool
    is_leaf: bool
    grad_fn: object
    retains_grad: bool
    grad_requires_grad: bool = False   # the .grad tensor's own flags (create_graph=True)
    grad_grad_fn: str | None = None
    value: object = None               # the tensor's array at this step

    @property
    def grad_fn_name(self):
        return None if self.grad_fn is None else type(self.grad_fn).__name__


class TensorState:
    """A tensor at one step: everything the panels show, and no engine object. ``text``
    and ``grad_text`` are exactly what PyTorch's ``print`` gives. ``value`` is the
    tensor's array as the run left it: read it, never write to it."""

    pending = False        # True: computed at a later timeline step (``error`` says which)
    print_options = None   # how it prints at its step (None: as the process prints now)
    step = None            # the timeline step a compute step computes it at (1-based), if any

    def __init__(self, node_id, tensor, snap, error=None):
        self.node_id = node_id
        self.error = error
        self._snap = snap
        self.value = None if tensor is None else \
            snap.value if snap is not None and snap.value is not None else raw.data(tensor)
        self._dtype = None if tensor is None else tensor.dtype

    @property
    def ok(self):
        return self.error is None

    def flags(self):
        """``(requires_grad, is_leaf, grad_fn, retains_grad, has a .grad)`` in one call
        (a view showing a run asks every node's after every edit)."""
        snap = self._snap
        if not snap:
            return False, False, None, False, False
        fn = snap.grad_fn
        return (bool(snap.requires_grad), bool(snap.is_leaf),
                None if fn is None else type(fn).__name__, bool(snap.retains_grad),
                snap.grad is not None)

    @property
    def dtype(self):
        return None if self._dtype is None else self._dtype.name

    @property
    def shape(self):
        return None if self.value is None else tuple(self.value.shape)

    @property
    def requires_grad(self):
        return bool(self._snap and self._snap.requires_grad)

    @property
    def is_leaf(self):
        return bool(self._snap and self._snap.is_leaf)

    @property
    def grad_fn(self):
        """The grad_fn class name (``MulBackward0``) or None."""
        return self._snap.grad_fn_name if self._snap else None

    @property
    def retains_grad(self):
        return bool(self._snap and self._snap.retains_grad)

    @property
    def grad(self):
        return self._snap.grad if self._snap else None

    @cached_property
    def text(self):
        if self.value is None:
            return ""
        with _printing_as(self.print_options):
            return raw.format_tensor(self.value, self._dtype,
                                     requires_grad=self.requires_grad,
                                     grad_fn_name=self.grad_fn)

    @cached_property
    def grad_text(self):
        g = self.grad
        if g is None:
            return "None"
        with _printing_as(self.print_options):
            return raw.format_tensor(g, self._snap.grad_dtype,
                                     requires_grad=self._snap.grad_requires_grad,
                                     grad_fn_name=self._snap.grad_grad_fn)


def result_state(t):
    """A tensor an action returned (``autograd.grad``'s gradients), as a state."""
    if t is None:
        return None
    return TensorState(None, t, _Snap(None, None, t.requires_grad, t.is_leaf, t.grad_fn,
                                      t.retains_grad))


@dataclass(frozen=True)
class BackwardStepState:
    """One node a backward pass executed, in the document's terms: ``name`` is its
    grad_fn class and ``key`` its node in ``RunResult.backward_graph``; ``grad_output`` the
    gradient it received and ``grad_inputs`` those it sent along each ``next_functions``
    entry (numpy arrays, None where nothing flows); ``freed`` the saved tensors released
    after it ran. An ``AccumulateGrad`` step names the leaf's document node (``variable``,
    None for a tensor the document does not hold) and its new ``.grad``
    (``accumulated``)."""
    index: int
    name: str
    key: str
    grad_output: object
    grad_inputs: tuple
    freed: tuple
    variable: str | None = None
    accumulated: object = None


class RunResult:
    """The outcome of one run. Step 0 is the state after the forward pass; step i is
    after the i-th timeline action. ``step=-1`` (the default) is the end."""

    def __init__(self, doc):
        self.order = []
        self._tensors = {}         # node id -> engine Tensor (live, end state; never shown)
        self.errors = {}           # node id -> message
        self.outcomes = []         # one ActionOutcome per timeline action
        self._snaps = []           # per step: node id -> _Snap
        self._freed_at = {}        # grad_fn node -> step at which its buffers were freed
        self._names = {n: doc.display_name(n) for n in doc.node_ids}
        self._fn_keys = {}         # id(grad_fn) -> (key, grad_fn kept alive: ids stay unique)
        self._fn_by_key = {}       # key -> grad_fn
        self._producers_at = {}    # step -> id(grad_fn) -> producing node ids (lazily)
        self.stopped = None        # why the run stopped early (its memory limit), or None
        self.histories = {}        # loop action id -> LoopHistory
        self.forward_nodes = []    # what a forward action computes again (none without one)
        self.refocus = {}          # loop id -> iteration to keep instead (a loop that broke)
        self.stopped_at = {}       # loop id -> the iteration at which the clock stopped it
        self.retain_left_out = set()  # nodes marked retain_grad whose tensor did not
        #                               require grad: the call is left out (``retain``)
        self.printed = []          # lines printing hooks wrote during the forward pass
        self.kept = {}             # list name -> what keeping hooks kept (hook_text.keeping)
        self.late = LatePlan()     # nodes computed at a timeline step (``run_late``)
        self.held_out = {}         # data node id -> its test rows (numpy), if it splits
        self.prepared = {}         # what views show of it, computed where it ran (the
        #                            data view: ``data_view.prepare``)
        self._digests = {}         # id(snapshot) -> (snapshot, sizes, its digest): the last

    @property
    def step_count(self):
        """Number of steps: 1 + number of actions."""
        return len(self._snaps)

    def _step(self, step):
        if step is None or step < 0:
            step = len(self._snaps) + (step if step is not None else -1)
        return max(0, min(step, len(self._snaps) - 1))

    def state(self, node_id, step=-1) -> TensorState:
        step = self._step(step)
        late = self.late if node_id in self.late.step else None
        pending = late and node_id not in self.errors and late.pending(node_id, step)
        if pending:
            state = TensorState(node_id, None, None, pending)
            state.pending = True
        else:
            state = TensorState(node_id, self._tensors.get(node_id),
                                self._snaps[step].get(node_id) if self._snaps else None,
                                self.errors.get(node_id))
        if late:
            state.step = late.step[node_id] + 1
        state.print_options = self.print_options_at(step)
        return state

    def print_options_at(self, step=-1):
        """How tensors print at ``step``: the print options a ``set_printoptions`` step
        before it left, else PyTorch's defaults (never the process's own)."""
        step = self._step(step)
        for outcome in reversed(self.outcomes[:step]):
            if outcome.print_options is not None:
                return outcome.print_options
        return DEFAULT_PRINT_OPTIONS

    def states(self, node_ids, step=-1):
        """``{node id: state(node id, step)}`` for ``node_ids``, made in one pass (a view
        showing a run asks for every node's state after every edit)."""
        step = self._step(step)
        snaps = self._snaps[step] if self._snaps else {}
        tensors, errors = self._tensors, self.errors
        states = {n: TensorState(n, tensors.get(n), snaps.get(n), errors.get(n))
                  for n in node_ids}
        if self.late:
            for n in states:
                if n in self.late:
                    states[n] = self.state(n, step)
        options = self.print_options_at(step)
        for state in states.values():
            state.print_options = options
        return states

    def digest(self, step=-1):
        """``{node id: (failed, grad_fn name or None, has a .grad)}`` at ``step`` for the
        nodes of the order: ``(not s.ok, s.grad_fn, s.grad is not None)`` of each
        ``s = state(node, step)``, without making the states (a session compares two
        runs' digests after every edit)."""
        snaps = self._snaps[self._step(step)] if self._snaps else {}
        errors = self.errors
        known = self._digests.get(id(snaps))
        if known is not None and known[0] is snaps and known[1] == (len(errors), len(self.order)):
            return known[2]
        out = {}
        for n in self.order:
            snap = snaps.get(n)
            out[n] = (errors.get(n) is not None,
                      None if snap is None else snap.grad_fn_name,
                      snap is not None and snap.grad is not None)
        # kept for the next call (a big run's digest is made in the thread that ran it):
        # a step's snapshot is never changed once taken, so the same one gives the same
        self._digests = {id(snaps): (snaps, (len(errors), len(self.order)), out)}
        return out

    def computed(self, node_id):
        """Whether the run computed a tensor for ``node_id``."""
        return node_id in self._tensors

    def distinct_tensors(self, node_ids):
        """``node_ids`` without those holding the same tensor as an earlier one (a
        ``requires_grad_`` node passes its input's tensor on): one name per tensor."""
        seen, kept = set(), []
        for n in node_ids:
            t = self._tensors.get(n)
            if t is None or id(t) not in seen:
                seen.add(id(t))
                kept.append(n)
        return kept

    def outcome(self, action_id):
        for o in self.outcomes:
            if o.action_id == action_id:
                return o
        return None

    def action_error(self, action_id):
        o = self.outcome(action_id)
        return None if o is None else o.error

    # ------------------------------------------------------------------ backward graph
    def _fn_key(self, fn):
        entry = self._fn_keys.get(id(fn))
        if entry is None:
            entry = self._fn_keys[id(fn)] = (f"g{len(self._fn_keys) + 1}", fn)
            self._fn_by_key[entry[0]] = fn
        return entry[0]

    def grad_fn_key(self, node_id, step=-1):
        """The key (as in ``backward_graph``) of the node's grad_fn at ``step``, or None."""
        snap = self._snaps[self._step(step)].get(node_id) if self._snaps else None
        return None if snap is None or snap.grad_fn is None else self._fn_key(snap.grad_fn)

    def derivative(self, key):
        """How the grad_fn ``key`` (of ``backward_graph``) computes what it sends: the
        engine's ``Derivative`` (its forward, inputs and one rule per input), or None for
        a key this run never gave out."""
        fn = self._fn_by_key.get(key)
        return None if fn is None else raw.derivative(fn)

    def _producers(self, step):
        """``id(grad_fn) -> [document nodes whose tensor it produced]`` at ``step``, built
        once per step (views ask for the backward graph on every selection and step)."""
        producers = self._producers_at.get(step)
        if producers is None:
            producers = self._producers_at[step] = {}
            snaps = self._snaps[step]
            for nid in self.order:
                s = snaps.get(nid)
                if s is not None and s.grad_fn is not None:
                    producers.setdefault(id(s.grad_fn), []).append(nid)
        return producers

    @cached_property
    def _leaves(self):
        """``id(tensor) -> the first document node holding it`` (the end state's tensors)."""
        leaves = {}
        for nid in self.order:
            t = self._tensors.get(nid)
            if t is not None:
                leaves.setdefault(id(t), nid)
        return leaves

    def _root_fn(self, node_id, step):
        """The grad_fn of the node's tensor at ``step`` (a step index), or None."""
        snap = self._snaps[step].get(node_id) if self._snaps else None
        root = snap.grad_fn if snap else None
        return None if self._tensors.get(node_id) is None else root

    def _fn_attrs(self, fn, step, producers, leaves):
        """A grad_fn's attributes in ``backward_graph``."""
        acc = isinstance(fn, AccumulateGrad)
        freed_step = self._freed_at.get(fn)
        freed = freed_step is not None and freed_step <= step
        return dict(name=type(fn).__name__, accumulate=acc,
                    variable=leaves.get(id(fn.variable)) if acc else None,
                    tensors=tuple(producers.get(id(fn), ())),
                    saved=() if acc else tuple(fn.saved_tensor_names),
                    freed=freed, freed_at=freed_step if freed else None)

    def backward_graph(self, node_id, step=-1):
        """The backward graph behind a node's tensor as PyTorch holds it, as a
        ``networkx.MultiDiGraph``: one graph node per grad_fn (attributes ``name``,
        ``accumulate`` (bool), ``variable``: the document node a leaf comes from, ``tensors``: document
        nodes whose tensor it produced, ``saved``: names of saved tensors, ``freed``:
        released at or before ``step``, ``freed_at``: the step that released them, or None
        while they are kept) and one edge per non-None ``next_functions`` entry, keyed by
        its index ``input_nr`` (also an attribute; ``output_nr``: which output of the
        next grad_fn it is, for a custom Function of several outputs). ``y * y`` gives two edges from its
        ``MulBackward0`` to the same ``AddBackward0``, keys 0 and 1, as PyTorch's
        ``next_functions`` holds two entries. (``backward_graph_part``: only the grad_fns
        nearest the root, for a view that draws no more.)"""
        step = self._step(step)
        g = networkx().MultiDiGraph()
        root = self._root_fn(node_id, step)
        if root is None:
            return g
        producers, leaves = self._producers(step), self._leaves
        stack = [root]
        seen = {id(root)}
        while stack:
            fn = stack.pop()
            key = self._fn_key(fn)
            g.add_node(key, **self._fn_attrs(fn, step, producers, leaves))
            for i, (nxt, output_nr) in enumerate(fn.next_functions):
                if nxt is None:
                    continue
                g.add_edge(key, self._fn_key(nxt), key=i, input_nr=i, output_nr=output_nr)
                if id(nxt) not in seen:
                    seen.add(id(nxt))
                    stack.append(nxt)
        return g

    def _walk_fns(self, root):
        """The grad_fns ``backward_graph`` holds, met and given their keys in its order,
        without building it: ``fns[key] = grad_fn``, in the graph's node order."""
        fn_key, known = self._fn_key, self._fn_keys.get
        fns = {fn_key(root): root}
        stack = [root]
        while stack:
            for nxt, _ in stack.pop().next_functions:
                if nxt is None:
                    continue
                entry = known(id(nxt))
                k = fn_key(nxt) if entry is None else entry[0]
                if k not in fns:
                    fns[k] = nxt
                    stack.append(nxt)
        return fns

    def backward_graph_part(self, node_id, step=-1, most=None):
        """What a view drawing at most ``most`` grad_fns of ``backward_graph(node_id,
        step)`` needs, without building the rest: a ``BackwardGraphPart`` equal to
        ``BackwardGraphPart.of(self.backward_graph(node_id, step), most)`` (the same
        grad_fns, attributes, entries, keys and order; the same keys given out)."""
        step = self._step(step)
        root = self._root_fn(node_id, step)
        if root is None:
            return BackwardGraphPart(networkx().MultiDiGraph(), 0, {}, ())
        fns = self._walk_fns(root)
        succ = _Entries(fns, self._fn_keys)     # (made only for the grad_fns searched)
        keep = fns if most is None or len(fns) <= most else \
            nearest_grad_fns(succ, next(iter(fns)), most)
        producers, leaves = self._producers(step), self._leaves
        graph, hidden = _drawn(fns, succ, keep,
                               lambda key: self._fn_attrs(fns[key], step, producers, leaves),
                               lambda u, v, k: {"input_nr": k, "output_nr":
                                                fns[u].next_functions[k][1]})
        freed_at = self._freed_at
        freed = {s for s in map(freed_at.get, fns.values()) if s is not None and s <= step}
        return BackwardGraphPart(graph, len(fns), hidden, tuple(sorted(freed)))


class _Entries(dict):
    """``key -> {key: [input_nr, ...]}``: where a grad_fn's non-None next_functions entries
    lead, in their order (as ``backward_graph``'s edges), each made when first asked for.
    ``fns``: key -> grad_fn; ``fn_keys``: ``RunResult._fn_keys`` (every one given out)."""

    def __init__(self, fns, fn_keys):
        super().__init__()
        self.fns, self.fn_keys = fns, fn_keys

    def __missing__(self, key):
        out, keys = {}, self.fn_keys
        for i, (nxt, _) in enumerate(self.fns[key].next_functions):
            if nxt is None:
                continue
            k = keys[id(nxt)][0]
            nrs = out.get(k)
            if nrs is None:
                out[k] = [i]
            else:
                nrs.append(i)
        self[key] = out
        return out


def nearest_grad_fns(succ, root, most):
    """The grad_fns the fewest next_functions steps from ``root``, whole steps at a time,
    at most ``most`` of them (but always the root and its next ones): a set. ``succ[key]``
    iterates the grad_fns ``key``'s entries lead to, each once, in next_functions order
    (a ``networkx.MultiDiGraph``'s ``succ`` does). The search stops at the first step
    that does not fit."""
    keep, level, depth = {root}, [root], 0
    while level:
        depth += 1
        nxt = {}                # (a dict: the next step's grad_fns, in the order found)
        for u in level:
            for v in succ[u]:
                if v not in keep:
                    nxt[v] = None
        if len(keep) + len(nxt) > most and depth > 1:
            break
        keep.update(nxt)
        level = list(nxt)
    return keep


def _drawn(keys, succ, keep, node_attrs, edge_attrs):
    """The graph of the grad_fns ``keep`` (of ``keys``, in their order) and the entries
    between them (``succ[u][v]``: their input_nrs; in ``succ``'s order), and per kept
    grad_fn the number of its entries leading to grad_fns not kept (when there are any)."""
    nodes, entries, hidden = [], [], {}
    for key in keys:
        if key not in keep:
            continue
        nodes.append((key, node_attrs(key)))
        count = 0
        for v, nrs in succ[key].items():
            if v in keep:
                entries.extend((key, v, k) for k in nrs)
            else:
                count += len(nrs)
        if count:
            hidden[key] = count
    g = networkx().MultiDiGraph()
    g.add_nodes_from(nodes)
    for u, v, k in entries:
        g.add_edge(u, v, k, **edge_attrs(u, v, k))
    return g, hidden


@dataclass(frozen=True)
class BackwardGraphPart:
    """The part of a backward graph a view draws when it draws at most so many grad_fns
    (those nearest its root, ``nearest_grad_fns``), and what it says of the rest.
    ``graph``: the grad_fns drawn and the entries between them, attributes and order as
    in the whole graph; ``total``: how many grad_fns the whole graph has; ``hidden[key]``:
    how many entries of a drawn grad_fn lead to grad_fns not drawn (only those with some);
    ``freed_steps``: the steps (sorted) that freed buffers of any of the whole graph's
    grad_fns (``freed_at`` of those ``freed``)."""
    graph: object           # a networkx.MultiDiGraph (or, for none, an empty tuple)
    total: int
    hidden: dict
    freed_steps: tuple

    @classmethod
    def of(cls, graph, most=None):
        """The part of a whole backward ``graph`` (``RunResult.backward_graph``, or a union
        of them: then the search starts at its first root) drawn at most ``most``
        grad_fns at a time."""
        if most is None or len(graph) <= most:
            keep = graph
        else:
            root = next(k for k in graph if not graph.in_degree(k))
            keep = nearest_grad_fns(graph.succ, root, most)
        nodes, adj = graph.nodes, graph.adj
        drawn, hidden = _drawn(graph, graph.succ, keep, nodes.__getitem__,
                               lambda u, v, k: adj[u][v][k])
        freed = {a["freed_at"] for _, a in graph.nodes(data=True) if a["freed"]}
        return cls(drawn, len(graph), hidden, tuple(sorted(freed)))


def memory_of(array):
    """The array whose memory ``array`` (a numpy array) is, or views."""
    while isinstance(array.base, np.ndarray):
        array = array.base
    return array


def snapshot(order, tensors, copied, budget, mutable=frozenset()):
    """Every tensor's state now. ``copied`` maps a node to its ``.grad`` tensor, that
    tensor's version and the array last copied from it: an unchanged ``.grad`` shares that
    array, a changed one is copied again (and counted in ``budget``). The value of a
    tensor in ``mutable`` (ids of the tensors parameter updates change in place, through
    ``.data`` too, which no version counts), or sharing the memory of one (``w.detach()``,
    a view of ``w``: the update changes it too), is copied; any other value is the
    tensor's own array, which nothing changes afterwards."""
    snaps = {}
    get = tensors.get
    shared = {id(memory_of(raw.data(t))) for t in tensors.values() if id(t) in mutable}
    for nid in order:
        t = get(nid)
        if t is None:
            continue
        g = raw.grad(t)              # not t.grad: no non-leaf warning to silence
        if g is None:
            copied.pop(nid, None)
            data = None
        else:
            last = copied.get(nid)
            if last is not None and last[0] is g and last[1] == raw.version(g):
                data = last[2]
            else:
                data = np.array(raw.data(g))
                budget.add_array(data)
                copied[nid] = (g, raw.version(g), data)
        value = raw.data(t)
        if id(t) in mutable or id(memory_of(value)) in shared:
            value = np.array(value)
            budget.add_array(value)
        requires_grad = t.requires_grad
        fn = t.grad_fn                   # (t.is_leaf is ``t.grad_fn is None``)
        if g is None:
            snaps[nid] = _Snap(None, None, requires_grad, fn is None, fn, t.retains_grad,
                               False, None, value)
        else:
            gfn = g.grad_fn
            snaps[nid] = _Snap(data, g.dtype, requires_grad, fn is None, fn, t.retains_grad,
                               g.requires_grad, None if gfn is None else type(gfn).__name__,
                               value)
    return snaps


def step_states(steps, result, step):
    """An action's engine ``BackwardStep``s in the document's terms (``BackwardStepState``),
    and the arrays they hold, flat (what ``RunBudget.add`` counts of them). A step that
    freed saved tensors records ``step`` (the timeline step) as the one that freed its
    grad_fn's buffers, unless an earlier one did."""
    freed_at, fn_key = result._freed_at, result._fn_key
    states, arrays = [], []
    for s in steps:
        if s.freed:
            freed_at.setdefault(s.node, step)
        variable = s.variable
        state = BackwardStepState(
            s.index, type(s.node).__name__, fn_key(s.node), s.grad_output, s.grad_inputs,
            s.freed, None if variable is None else result._leaves.get(id(variable)),
            s.accumulated)
        states.append(state)
        arrays += (state.grad_output, state.grad_inputs, state.accumulated)
    return states, arrays
