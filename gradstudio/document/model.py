"""The document: a PyTorch program drawn as a graph.

Nodes (kind, params, position, label) are tensors and operations; an edge joins a node's
output to an input port of another node; no-grad regions are sets of nodes evaluated
under ``torch.no_grad()``; the timeline is an ordered list of imperative actions
(``backward``, ``grad.zero_()``, parameter updates, optimizer steps, loops: ``actions``).

Every edit goes through a method here, is checked at once (unknown kinds, ports or
nodes, wrongly typed params, cycles are refused with a ``DocumentError``), and is
announced to subscribers as a ``Change``. Views mirror the document by node id.
"""
import keyword
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from gradstudio.vocabulary import RESERVED_NAMES
from gradstudio.words import QT_TRANSLATE_NOOP, translate

from .actions import ACTION_KINDS, ActionParamError, check_action_param
from .catalogue import CATALOGUE, returns_input
from .graph_store import GraphParts, networkx
from .model_classroom import ClassroomParts
from .params import check_param

__all__ = ["Document", "DocumentError", "NodeData", "Region", "Action", "Change", "ACTION_KINDS",
           "check_label", "check_seed"]



class DocumentError(ValueError):
    """An edit or a file the document refuses; the message is written for the user."""


# what the document says when an edit cannot be made (in the window's language)
_SAID = {
    "no node": QT_TRANSLATE_NOOP("Model", "There is no node '{node_id}'."),
    "no kind": QT_TRANSLATE_NOOP("Model", "'{kind}' is not a kind of node GradStudio knows."),
    "node exists": QT_TRANSLATE_NOOP("Model", "A node with id '{node_id}' already exists."),
    "recorded line": QT_TRANSLATE_NOOP("Model", "A recorded value's line must be a line "
                                       "number."),
    "disconnect first": QT_TRANSLATE_NOOP("Model", "Disconnect input '{port}' before "
                                          "lowering the number of inputs."),
    "no input": QT_TRANSLATE_NOOP("Model", "'{value}' has no input named '{port}'."),
    "cycle": QT_TRANSLATE_NOOP("Model", "Connecting '{value}' to '{value2}' would make a "
                               "cycle: a tensor cannot depend on itself."),
    "region exists": QT_TRANSLATE_NOOP("Model", "A region with id '{region_id}' already "
                                       "exists."),
    "no region": QT_TRANSLATE_NOOP("Model", "There is no region '{region_id}'."),
    "no action kind": QT_TRANSLATE_NOOP("Model", "'{kind}' is not a timeline action. Use "
                                        "one of: {value}."),
    "action exists": QT_TRANSLATE_NOOP("Model", "An action with id '{id}' already exists."),
    "no action": QT_TRANSLATE_NOOP("Model", "There is no timeline action '{action_id}'."),
}


def _error(key, **fields):
    """The ``DocumentError`` saying ``_SAID[key]`` with its ``fields``."""
    return DocumentError(translate("Model", _SAID[key]).format(**fields))


@dataclass
class NodeData:
    id: str
    kind: str
    params: dict
    position: tuple = (0.0, 0.0)
    label: str | None = None
    watched: bool = False
    retains_grad: bool = False      # marked with retain_grad(): see Document.set_retains_grad
    recorded: int | None = None     # a traced script's line whose value it holds, as the
    #                                 script had it there (not computed by the graph)


@dataclass
class Region:
    """A set of nodes evaluated inside ``with torch.no_grad():``."""
    id: str
    nodes: set = field(default_factory=set)
    label: str = "no_grad"


@dataclass
class Action:
    id: str
    kind: str
    params: dict


@dataclass(frozen=True)
class Change:
    """What changed: ``kind`` is one of node_added, node_removed, node_changed,
    edge_added, edge_removed, region_changed, timeline_changed, settings_changed,
    reset; ``target`` is the node/region/action id (or an edge tuple)."""
    kind: str
    target: Any = None


@dataclass
class RemovedNode:
    """Everything needed to put a removed node back exactly (for undo); ``emptied``
    holds ``(index, Region)`` for each region that went with its last node."""
    node: NodeData
    index: int
    edges: list
    regions: list
    emptied: list = field(default_factory=list)


def _least_first_order(graph, created):
    """networkx's lexicographical topological order of ``graph``, ties broken by the order
    of ``created``. That order itself when every edge runs along it, as in files and
    traces (the least ready node is then always the next one created): one pass over the
    edges instead of networkx's heap."""
    rank = {n: i for i, n in enumerate(created)}
    if all(rank[u] < rank[v] for u, v in graph.edges()):
        return tuple(created)
    return tuple(networkx().lexicographical_topological_sort(graph, key=rank.__getitem__))


def _source_at(graph, target, port):
    """The node connected to ``target``'s input ``port``, or None (without the document's
    cached inputs, which a file's many connects would rebuild each time)."""
    for u, keys in graph.pred[target].items():
        if port in keys:
            return u
    return None


class Document(ClassroomParts, GraphParts):
    """A graph program. Nodes and edges live in ``graph``, a ``networkx.MultiDiGraph``
    made at the first node (``graph_store.GraphParts`` says what it holds)."""

    def __init__(self):
        self.regions: dict[str, Region] = {}
        self.timeline: list[Action] = []
        self.seed: int | None = 0
        self.view: dict = {}
        self.lesson = None              # lesson.Lesson: the notebook it was traced from
        self.exercise = None            # exercise.Exercise: what a student predicts
        self.notes = {}                 # note id -> notes.Note, in the order added
        self.trace_note = None          # a trace's word on what it recorded (not saved)
        self.recorded_against = None    # what it computed when traced (``recorded.py``)
        self._order: list[str] = []     # creation order: ties in the topological sort
        self._shape = 0                 # bumped by every change of nodes or edges
        self._known = (None, None, {})  # (shape, topological order, inputs) as of then
        self._subscribers = []
        self._counter = 0

    # ------------------------------------------------------------------ events
    def subscribe(self, callback):
        """``callback(change)`` after every edit; returns a function that unsubscribes."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def _emit(self, kind, target=None):
        if not self._subscribers:
            return                      # (a file being read: 200,000 changes nobody hears)
        change = Change(kind, target)
        for cb in list(self._subscribers):
            cb(change)

    # ------------------------------------------------------------------ ids
    def new_id(self, prefix="n"):
        while True:
            self._counter += 1
            candidate = f"{prefix}{self._counter}"
            if not self.has_node(candidate) and candidate not in self.regions and candidate \
                    not in self.notes and all(a.id != candidate for a in self.timeline):
                return candidate

    # ------------------------------------------------------------------ nodes
    @property
    def node_ids(self):
        return list(self._order)

    def node(self, node_id) -> NodeData:
        try:
            return self._graph.nodes[node_id]["data"]
        except (KeyError, AttributeError):      # (AttributeError: no graph, no node yet)
            raise _error("no node", node_id=node_id) from None

    def nodes(self):
        return [self.graph.nodes[n]["data"] for n in self._order] if self._order else []

    def add_node(self, kind, params=None, position=(0.0, 0.0), label=None, node_id=None,
                 watched=False, index=None, retains_grad=False, recorded=None):
        """Adds a node of ``kind`` (defaults filled in) and returns its id."""
        spec = CATALOGUE.get(kind)
        if spec is None:
            raise _error("no kind", kind=kind)
        full = spec.defaults()
        if params:
            for name, value in params.items():
                full[name] = check_param(spec, name, value)
        node_id = node_id or self.new_id()
        if self.has_node(node_id):
            raise _error("node exists", node_id=node_id)
        if recorded is not None and (isinstance(recorded, bool) or
                                     not isinstance(recorded, int) or recorded < 1):
            raise _error("recorded line")
        data = NodeData(node_id, kind, full, _position(position),
                        None if label is None else check_label(label), bool(watched),
                        bool(retains_grad), recorded)
        self.graph.add_node(node_id, data=data)
        self._shape += 1
        if index is None:
            self._order.append(node_id)
        else:
            self._order.insert(index, node_id)
        self._emit("node_added", node_id)
        return node_id

    def remove_node(self, node_id) -> RemovedNode:
        """Removes a node with its edges and region memberships; returns what
        ``restore_node`` needs to undo it. Timeline actions that name the node stay and
        report the missing node at their step."""
        data = self.node(node_id)
        edges = [(u, v, k) for u, v, k in self.graph.in_edges(node_id, keys=True)] + \
                [(u, v, k) for u, v, k in self.graph.out_edges(node_id, keys=True)]
        for e in edges:
            self._emit("edge_removed", e)
        regions = [r.id for r in self.regions.values() if node_id in r.nodes]
        for rid in regions:
            self.regions[rid].nodes.discard(node_id)
        # a region whose last node goes goes with it (nothing would show or remove it)
        emptied = [(self.region_index(rid), self.regions[rid]) for rid in regions
                   if not self.regions[rid].nodes]
        index = self._order.index(node_id)
        self._order.remove(node_id)
        self.graph.remove_node(node_id)
        self._shape += 1
        self._emit("node_removed", node_id)
        for _, region in emptied:
            del self.regions[region.id]
        for rid in regions:
            self._emit("region_changed", rid)
        return RemovedNode(replace(data, params=dict(data.params)), index, edges, regions,
                           [(i, replace(r, nodes=set())) for i, r in emptied])

    def restore_node(self, removed: RemovedNode):
        """Undoes ``remove_node``."""
        d = removed.node
        self.add_node(d.kind, d.params, d.position, d.label, d.id, d.watched, removed.index,
                      d.retains_grad, d.recorded)
        for u, v, k in removed.edges:
            self.connect(u, v, k)
        for index, region in removed.emptied:
            self.add_region((), region.label, region.id, index)
        for rid in removed.regions:
            if rid in self.regions:
                self.regions[rid].nodes.add(d.id)
                self._emit("region_changed", rid)

    def set_param(self, node_id, name, value):
        """Sets one parameter (checked against the kind's spec); returns the old value."""
        data = self.node(node_id)
        spec = CATALOGUE[data.kind]
        value = check_param(spec, name, value)
        old = data.params.get(name)
        if spec.variadic and name == "count":
            for port in spec.input_names(data.params)[value:]:
                if self.source_of(node_id, port) is not None:
                    raise _error("disconnect first", port=port)
        data.params[name] = value
        self._emit("node_changed", node_id)
        return old

    def move_node(self, node_id, position):
        """Moves a node to ``position`` (x, y); returns the old position."""
        return self._set_field(node_id, "position", position, _position)

    def set_label(self, node_id, label):
        """Names a node (None or "" for no name); returns the old label."""
        return self._set_field(node_id, "label", label, check_label)

    def set_watched(self, node_id, watched):
        """Marks a node as watched (or not); returns the old flag."""
        return self._set_field(node_id, "watched", watched, bool)

    def set_retains_grad(self, node_id, retains):
        """Marks a node's tensor with ``retain_grad()`` (or not); returns the old flag.
        The mark is the program's ``t.retain_grad()`` right after ``t`` is computed. It
        takes effect only where PyTorch accepts it: on a tensor that requires grad (on a
        leaf it changes nothing). On a tensor that does not require grad the run and the
        exported code leave the call out, so the program fails, if at all, where it
        would fail without the mark (``backward()``'s "does not require grad")."""
        return self._set_field(node_id, "retains_grad", retains, bool)

    def _set_field(self, node_id, name, value, check):
        data = self.node(node_id)
        old = getattr(data, name)
        setattr(data, name, check(value))
        self._emit("node_changed", node_id)
        return old

    # ------------------------------------------------------------------ edges
    def inputs_of(self, node_id):
        """``{port: source node id}`` of a node's connected inputs."""
        inputs = self._shape_known()[2]
        found = inputs.get(node_id)
        if found is None:
            found = inputs[node_id] = {k: u for u, keys in
                                       self.graph.pred.get(node_id, {}).items() for k in keys}
        return dict(found)

    def _shape_known(self):
        """What is known of the graph's shape now: (shape, topological order or None,
        inputs by node), forgotten at every change of nodes or edges (runs ask often)."""
        if self._known[0] != self._shape:
            self._known = (self._shape, None, {})
        return self._known

    def source_of(self, node_id, port):
        return self.inputs_of(node_id).get(port)

    def consumers_of(self, node_id):
        return [(v, k) for _, v, k in self.graph.out_edges(node_id, keys=True)]

    def edges(self):
        """All edges as ``(source, target, port)``, in a stable order."""
        rank = {n: i for i, n in enumerate(self._order)}
        return sorted(self._graph.edges(keys=True) if self._graph is not None else (),
                      key=lambda e: (rank[e[1]], e[2], rank[e[0]]))

    def connect(self, source, target, port):
        """Connects ``source``'s output to ``target``'s input ``port``. Returns the source
        that was connected there before (it is replaced), or None."""
        if source not in self.graph:
            self.node(source)               # (says there is no such node)
        tdata = self.node(target)
        spec = CATALOGUE[tdata.kind]
        if port not in spec.input_names(tdata.params):
            raise _error("no input", value=_name(tdata), port=port)
        # (a target nothing reads yet cannot reach its source: no search)
        if source == target or self.graph.succ[target] and \
                self.has_path(target, source):
            raise _error("cycle", value=_name(self.node(source)), value2=_name(tdata))
        previous = _source_at(self.graph, target, port)
        if previous is not None:
            self.graph.remove_edge(previous, target, port)
            self._shape += 1
            self._emit("edge_removed", (previous, target, port))
        kept = previous is None and self._shape_known()[1]    # (the order before, if known)
        self.graph.add_edge(source, target, key=port)
        self._shape += 1
        if kept and kept.index(source) < kept.index(target):  # (topological_order)
            self._known = (self._shape, kept, {})
        self._emit("edge_added", (source, target, port))
        return previous

    def disconnect(self, target, port):
        """Removes the edge into ``target``'s ``port``; returns its source (or None)."""
        source = self.source_of(target, port)
        if source is not None:
            self.graph.remove_edge(source, target, port)
            self._shape += 1
            self._emit("edge_removed", (source, target, port))
        return source

    def missing_inputs(self, node_id, connected=None):
        """Required input ports with nothing connected (``connected``: the node's
        ``inputs_of``, when the caller has it already)."""
        data = self.node(node_id)
        spec = CATALOGUE[data.kind]
        if connected is None:
            connected = self.inputs_of(node_id)
        if spec.variadic:
            return [p for p in spec.input_names(data.params) if p not in connected]
        return [p.name for p in spec.inputs if not p.optional and p.name not in connected]

    def topological_order(self):
        """A deterministic topological order, ties broken by creation order (networkx's
        lexicographical one; an edge added along it keeps it, the least still)."""
        shape, order, inputs = self._shape_known()
        if order is None:
            order = _least_first_order(self.graph, self._order) if self._order else ()
            self._known = (shape, order, inputs)
        return list(order)

    # ------------------------------------------------------------------ regions
    def add_region(self, nodes=(), label="no_grad", region_id=None, index=None):
        """Adds a region (at the end of the order, or at ``index``, as undo puts one
        back); returns its id."""
        region_id = region_id or self.new_id("r")
        if region_id in self.regions:
            raise _error("region exists", region_id=region_id)
        for n in nodes:
            self.node(n)
        region = Region(region_id, set(nodes), check_label(label) or "no_grad")
        items = list(self.regions.items())
        items.insert(len(items) if index is None else index, (region_id, region))
        self.regions = dict(items)
        self._emit("region_changed", region_id)
        return region_id

    def region_index(self, region_id):
        """The region's place in the document's order (files list regions in it)."""
        return list(self.regions).index(region_id)

    def remove_region(self, region_id):
        region = self._region(region_id)
        del self.regions[region_id]
        self._emit("region_changed", region_id)
        return region

    def set_region_nodes(self, region_id, nodes):
        region = self._region(region_id)
        for n in nodes:
            self.node(n)
        old = set(region.nodes)
        region.nodes = set(nodes)
        self._emit("region_changed", region_id)
        return old

    def in_no_grad(self, node_id):
        return any(node_id in r.nodes for r in self.regions.values())

    def _region(self, region_id):
        try:
            return self.regions[region_id]
        except KeyError:
            raise _error("no region", region_id=region_id) from None

    # ------------------------------------------------------------------ timeline
    def add_action(self, kind, params=None, index=None, action_id=None):
        """Adds a timeline action (at the end, or at ``index``); returns its id."""
        if kind not in ACTION_KINDS:
            raise _error("no action kind", kind=kind, value=", ".join(ACTION_KINDS))
        full = {name: (list(d) if isinstance(d, list) else d) for name, _, d in ACTION_KINDS[kind]}
        for name, value in (params or {}).items():
            full[name] = _check_action_param(kind, name, value)
        action = Action(action_id or self.new_id("a"), kind, full)
        if any(a.id == action.id for a in self.timeline):
            raise _error("action exists", id=action.id)
        self.timeline.insert(len(self.timeline) if index is None else index, action)
        self._emit("timeline_changed", action.id)
        return action.id

    def has_action(self, action_id) -> bool:
        return any(a.id == action_id for a in self.timeline)

    def action(self, action_id) -> Action:
        for a in self.timeline:
            if a.id == action_id:
                return a
        raise _error("no action", action_id=action_id)

    def remove_action(self, action_id):
        """Removes an action; returns ``(index, action)`` for undo."""
        a = self.action(action_id)
        index = self.timeline.index(a)
        self.timeline.remove(a)
        self._emit("timeline_changed", action_id)
        return index, a

    def insert_action(self, index, action: Action):
        self.timeline.insert(index, action)
        self._emit("timeline_changed", action.id)

    def move_action(self, action_id, index):
        """Moves an action to position ``index``; returns its old position."""
        a = self.action(action_id)
        old = self.timeline.index(a)
        self.timeline.remove(a)
        self.timeline.insert(max(0, min(index, len(self.timeline))), a)
        self._emit("timeline_changed", action_id)
        return old

    def set_action_param(self, action_id, name, value):
        a = self.action(action_id)
        old = a.params.get(name)
        a.params[name] = _check_action_param(a.kind, name, value)
        self._emit("timeline_changed", action_id)
        return old

    # ------------------------------------------------------------------ settings
    def set_seed(self, seed):
        """Sets the seed given to ``torch.manual_seed`` before a run (None: unseeded);
        returns the old one."""
        old, self.seed = self.seed, check_seed(seed)
        self._emit("settings_changed", "seed")
        return old

    def clear(self):
        """Empties the document (a fresh, unsaved program)."""
        self._graph = None              # (made again at the next node)
        self._shape += 1
        self.regions.clear()
        self.timeline.clear()
        self._order.clear()
        self.seed = 0
        self.view = {}
        self.lesson = None
        self.exercise = None
        self.notes = {}
        self._counter = 0
        self._emit("reset")

    def same_tensor(self, node_id):
        """``(origin, members)``: the nodes whose output is the very tensor ``node_id``
        outputs. requires_grad_ nodes (and writes made in place) return their input
        itself, so a chain of them shares one tensor with the node it starts from
        (``origin``); ``members`` are the chain's nodes after the origin, upstream first."""
        origin = node_id
        while returns_input(self.node(origin)):
            source = self.source_of(origin, "self")
            if source is None:
                break
            origin = source
        members, frontier = [], [origin]
        while frontier:
            n = frontier.pop(0)
            for v, port in self.consumers_of(n):
                if port == "self" and returns_input(self.node(v)) and v not in members:
                    members.append(v)
                    frontier.append(v)
        return origin, members

    def display_name(self, node_id):
        """The name a node has in exported code and in the UI (label, else kind + id)."""
        return _name(self.node(node_id))

    def auto_name(self, node_id):
        """The name a node goes by without a label: its kind and id joined by one ``_``
        (``requires_grad_n5``, not ``requires_grad__n5``)."""
        return _auto_name(self.node(node_id))


def _auto_name(data):
    return f"{data.kind.rstrip('_')}_{data.id}"


def _name(data):
    return data.label or _auto_name(data)


def _position(pos):
    try:
        x, y = pos
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise DocumentError(translate("Model", "A position is a pair of numbers (x, y).")) from None
    if not (abs(x) < 1e9 and abs(y) < 1e9):
        raise DocumentError(translate(
                "Model", "A position must be a finite pair of numbers within ±1e9."))
    return (x, y)




def check_label(label):
    """The name ``label`` gives a node or region, None for no name; raises
    ``DocumentError`` in plain words when it cannot be one. A name is a Python
    identifier of at most 64 characters that is not reserved, in the form Python itself
    reads it (NFKC: ``ﬁ`` is ``fi`` and ``ｔｏｒｃｈ`` is ``torch`` to Python, so the
    exported code would otherwise use one variable for two names)."""
    if label is None or label == "":
        return None
    if not isinstance(label, str) or not label.isidentifier() or len(label) > 64:
        raise DocumentError(translate(
                "Model", "'{label}' cannot be a name: use letters, digits and _, not "
                "starting with a digit (at most 64 characters).").format(
                label=label))
    name = unicodedata.normalize("NFKC", label)
    if keyword.iskeyword(name) or name in RESERVED_NAMES:
        said = f"'{label}'" if name == label else f"'{label}' (which Python reads as '{name}')"
        raise DocumentError(translate(
                "Model", "{said} is reserved in Python; choose another name.").format(
                said=said))
    return name


def check_seed(seed):
    """``seed`` when it can seed a run (a whole number in [0, 2**63) or None); raises
    ``DocumentError`` in plain words otherwise."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed < 2 ** 63):
        raise DocumentError(translate(
                "Model", "The seed must be a whole number from 0 to 2**63 - 1, or none."))
    return seed


def _check_action_param(kind, name, value):
    try:
        return check_action_param(kind, name, value)
    except ActionParamError as exc:
        raise DocumentError(str(exc)) from None
