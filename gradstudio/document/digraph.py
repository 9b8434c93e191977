"""A small directed multigraph: what the document and the backward-graph views need of a
graph, in place of networkx (whose import alone took a third of the start-up).

``MultiDiGraph`` is the subset of ``networkx.MultiDiGraph`` GradStudio uses, with the same
meaning and the same orders: nodes in the order they were added, a node's successors and
predecessors in the order of their first edge, parallel edges by key in the order added.
Its searches (``has_path``, ``ancestors``, ``descendants``, ``topological_generations``,
``topological_sort``, ``lexicographical_topological_sort``, ``find_cycle``) give exactly
what networkx's functions of those names give, orders included, so files, layouts and the
autograd view come out as they did (``tests/document/test_digraph.py`` compares them).
"""
import heapq

__all__ = ["MultiDiGraph", "CycleError"]


class CycleError(ValueError):
    """The graph has a cycle, so it has no topological order."""


class _Nodes:
    """``graph.nodes``: ``nodes[n]`` is the node's attribute dict (``nodes.get(n)``: or
    None), ``n in nodes``, ``len``, iteration in order, and ``nodes(data=True)``: the
    ``(node, attributes)`` pairs."""
    __slots__ = ("_attrs",)

    def __init__(self, attrs):
        self._attrs = attrs

    def __getitem__(self, n):
        return self._attrs[n]

    def get(self, n, default=None):
        return self._attrs.get(n, default)

    def __contains__(self, n):
        return n in self._attrs

    def __iter__(self):
        return iter(self._attrs)

    def __len__(self):
        return len(self._attrs)

    def __call__(self, data=False):
        return iter(self._attrs.items()) if data else iter(self._attrs)


class MultiDiGraph:
    """Nodes (any hashable, each with an attribute dict) and directed edges between them,
    several between one pair told apart by their key (the document's are input port names,
    a backward graph's ``next_functions`` indices), each with an attribute dict.

    ``succ[u][v]`` and ``pred[v][u]`` are the one dict ``{key: edge attributes}`` of the
    edges from ``u`` to ``v`` (``adj`` is ``succ``): read them, never write to them."""

    def __init__(self):
        self._node = {}           # node -> attribute dict
        self._succ = {}           # u -> v -> key -> edge attribute dict
        self._pred = {}           # v -> u -> the same key dict
        self.nodes = _Nodes(self._node)

    # ------------------------------------------------------------------ reading
    @property
    def succ(self):
        return self._succ

    @property
    def pred(self):
        return self._pred

    adj = succ

    def __contains__(self, n):
        try:
            return n in self._node
        except TypeError:          # (unhashable: not a node)
            return False

    def __len__(self):
        return len(self._node)

    def __iter__(self):
        return iter(self._node)

    def successors(self, n):
        return iter(self._succ[n])

    def predecessors(self, n):
        return iter(self._pred[n])

    def out_degree(self, n):
        """The number of edges leaving ``n`` (parallel ones each counted)."""
        return sum(map(len, self._succ[n].values()))

    def in_degree(self, n):
        """The number of edges reaching ``n`` (parallel ones each counted)."""
        return sum(map(len, self._pred[n].values()))

    def has_edge(self, u, v, key=None):
        """Whether an edge leads from ``u`` to ``v`` (with ``key``, that edge)."""
        keys = self._succ.get(u, {}).get(v)
        return keys is not None and (key is None or key in keys)

    def number_of_edges(self, u=None, v=None):
        """The number of edges from ``u`` to ``v``; without them, of the whole graph."""
        if u is None:
            return sum(self.out_degree(n) for n in self._succ)
        return len(self._succ.get(u, {}).get(v, ()))

    def edges(self, keys=False, data=False):
        """Every edge as ``(u, v)``, plus its key with ``keys`` and its attribute dict with
        ``data``: by ``u`` in node order, then as ``out_edges`` gives them."""
        for u in self._succ:
            yield from self.out_edges(u, keys, data)

    def out_edges(self, n, keys=False, data=False):
        """The edges leaving ``n`` (as ``edges`` gives them), by successor then key."""
        for v, kd in self._succ[n].items():
            for k, d in kd.items():
                yield (n, v) + ((k,) if keys else ()) + ((d,) if data else ())

    def in_edges(self, n, keys=False, data=False):
        """The edges reaching ``n`` (as ``edges`` gives them), by predecessor then key."""
        for u, kd in self._pred[n].items():
            for k, d in kd.items():
                yield (u, n) + ((k,) if keys else ()) + ((d,) if data else ())

    # ------------------------------------------------------------------ changing
    def add_node(self, n, **attrs):
        """Adds ``n`` (if new) and updates its attributes with ``attrs``."""
        if n not in self._node:
            self._succ[n], self._pred[n], self._node[n] = {}, {}, {}
        self._node[n].update(attrs)

    def add_nodes_from(self, nodes):
        """``add_node`` for each of ``nodes``: a node, or a ``(node, attribute dict)`` pair
        (whose dict is copied)."""
        for n in nodes:
            if isinstance(n, tuple) and len(n) == 2 and isinstance(n[1], dict):
                self.add_node(n[0], **n[1])
            else:
                self.add_node(n)

    def add_edge(self, u, v, key=None, **attrs):
        """Adds the edge ``key`` from ``u`` to ``v`` (and the nodes, if new) or updates its
        attributes with ``attrs``; returns the key. Without a key the edge gets the
        smallest whole number from the pair's edge count up that is not taken."""
        self.add_node(u)
        self.add_node(v)
        keys = self._succ[u].get(v)
        if keys is None:
            keys = self._succ[u][v] = self._pred[v][u] = {}
        if key is None:
            key = len(keys)
            while key in keys:
                key += 1
        d = keys.get(key)
        if d is None:
            d = keys[key] = {}
        d.update(attrs)
        return key

    def remove_edge(self, u, v, key):
        """Removes the edge ``key`` from ``u`` to ``v`` (KeyError if there is none)."""
        keys = self._succ[u][v]
        del keys[key]
        if not keys:
            del self._succ[u][v], self._pred[v][u]

    def remove_node(self, n):
        """Removes ``n`` and its edges (KeyError if there is no such node)."""
        del self._node[n]
        for v in self._succ.pop(n):
            del self._pred[v][n]
        for u in self._pred.pop(n):
            del self._succ[u][n]

    def clear(self):
        """Removes every node and edge."""
        self._node.clear()
        self._succ.clear()
        self._pred.clear()

    # ------------------------------------------------------------------ searches
    def _check(self, n):
        if n not in self:
            raise KeyError(f"There is no node {n!r} in the graph.")

    def has_path(self, source, target):
        """Whether a path (maybe empty) leads from ``source`` to ``target``: a search from
        both ends at once, one level at a time on the smaller front, so a node with few
        ancestors or few descendants is answered at once."""
        self._check(source)
        self._check(target)
        if source == target:
            return True
        ahead, behind = {source}, {target}    # reached from source, reaching target
        forward, backward = [source], [target]
        while forward and backward:
            if len(forward) <= len(backward):
                front, step, mine, other = forward, self._succ, ahead, behind
            else:
                front, step, mine, other = backward, self._pred, behind, ahead
            grown = []
            for u in front:
                for v in step[u]:
                    if v in other:
                        return True
                    if v not in mine:
                        mine.add(v)
                        grown.append(v)
            if front is forward:
                forward = grown
            else:
                backward = grown
        return False

    def _reach(self, n, step):
        self._check(n)
        seen, stack = {n}, [n]
        while stack:
            for v in step[stack.pop()]:
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
        seen.discard(n)
        return seen

    def descendants(self, n):
        """The nodes a path from ``n`` reaches, ``n`` itself excluded: a set."""
        return self._reach(n, self._succ)

    def ancestors(self, n):
        """The nodes from which a path reaches ``n``, ``n`` itself excluded: a set."""
        return self._reach(n, self._pred)

    def _in_degrees(self):
        return {v: d for v, d in ((v, self.in_degree(v)) for v in self._node) if d}

    def topological_generations(self):
        """The nodes layer by layer (lists): the first those nothing leads to, each next
        one those whose every predecessor is in an earlier one (so a node's layer is the
        length of the longest path reaching it). In a layer, nodes come in the order their
        last edge was taken, the sources in node order. Raises ``CycleError`` (after the
        layers before the cycle) if there is a cycle."""
        waiting = self._in_degrees()
        ready = [v for v in self._node if v not in waiting]
        while ready:
            layer, ready = ready, []
            for u in layer:
                for v, keys in self._succ[u].items():
                    waiting[v] -= len(keys)
                    if not waiting[v]:
                        ready.append(v)
                        del waiting[v]
            yield layer
        if waiting:
            raise CycleError("The graph has a cycle.")

    def topological_sort(self):
        """Every node after all its predecessors: the ``topological_generations`` one after
        the other. Raises ``CycleError`` if there is a cycle."""
        for layer in self.topological_generations():
            yield from layer

    def lexicographical_topological_sort(self, key):
        """Every node after all its predecessors, and of the nodes that could come next the
        one with the smallest ``key(node)`` (ties by node order). Raises ``CycleError`` if
        there is a cycle."""
        place = {n: i for i, n in enumerate(self._node)}
        waiting = self._in_degrees()
        ready = [(key(v), place[v], v) for v in self._node if v not in waiting]
        heapq.heapify(ready)
        while ready:
            u = heapq.heappop(ready)[2]
            for v, keys in self._succ[u].items():
                waiting[v] -= len(keys)
                if not waiting[v]:
                    heapq.heappush(ready, (key(v), place[v], v))
                    del waiting[v]
            yield u
        if waiting:
            raise CycleError("The graph has a cycle.")

    def find_cycle(self):
        """The first cycle a depth-first search finds (from each node in order not yet
        reached, successors in order), as its edges ``[(u, v), ...]`` from where it
        closes; None if there is none."""
        done = set()
        for start in self._node:
            if start in done:
                continue
            seen, on_path, path = {start}, {start}, []   # path: the edges to the top
            stack = [(start, iter(self._succ[start]))]
            while stack:
                u, rest = stack[-1]
                for v in rest:
                    if v in on_path:
                        tails = [a for a, _ in path]
                        return path[tails.index(v):] + [(u, v)] if v in tails else [(u, v)]
                    if v not in seen and v not in done:
                        seen.add(v)
                        on_path.add(v)
                        path.append((u, v))
                        stack.append((v, iter(self._succ[v])))
                        break
                else:
                    stack.pop()
                    on_path.discard(u)
                    if path:
                        path.pop()
            done |= seen
        return None
