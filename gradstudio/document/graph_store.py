"""The document's graph store: a ``networkx.MultiDiGraph``, and its searches networkx's.

networkx's import takes about 0.2 s (more once PySide6 is loaded: its import hook looks at
every module), so nothing imports it before the window's first frame: a ``Document``
makes its graph at its first node (an empty document has none; ask ``has_node``, not
``in graph``), and the window opens the tutorial once it has painted (``main_window``).
A thread importing it meanwhile would not help: the import holds the interpreter lock.
``benchmarks/startup.py`` measures the start-up.
"""
__all__ = ["GraphParts", "networkx"]


def networkx():
    """The ``networkx`` module, imported now if it is not yet."""
    import networkx as nx
    return nx


class GraphParts:
    """Mixed into ``Document``: the graph store, made at the first node, and the searches
    the document and its views ask of it. ``graph`` is a ``networkx.MultiDiGraph`` whose
    node attribute ``data`` is the ``NodeData`` and whose edge keys are destination port
    names (``y * y`` is two edges from ``y`` into one node)."""

    _graph = None           # the MultiDiGraph, once made

    @property
    def graph(self):
        """The program graph (a ``networkx.MultiDiGraph``; read it, change the document
        only through its methods)."""
        if self._graph is None:
            self._graph = networkx().MultiDiGraph()
        return self._graph

    def has_node(self, node_id) -> bool:
        """Whether ``node_id`` is a node (without making the graph of an empty document)."""
        return self._graph is not None and node_id in self._graph

    def has_path(self, source, target) -> bool:
        """Whether a path (maybe empty) leads from node ``source`` to node ``target``."""
        return networkx().has_path(self.graph, source, target)

    def ancestors(self, node_id) -> set:
        """The nodes from which a path reaches ``node_id`` (itself excluded)."""
        return networkx().ancestors(self.graph, node_id)

    def descendants(self, node_id) -> set:
        """The nodes a path from ``node_id`` reaches (itself excluded)."""
        return networkx().descendants(self.graph, node_id)
