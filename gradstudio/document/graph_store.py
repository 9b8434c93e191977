"""The document's graph store: a ``networkx.MultiDiGraph``, and its searches networkx's.

networkx's import takes about as long as building the whole window on a slow machine, so
nothing imports it at start-up: a ``Document`` makes its graph at its first node (an
empty document has none), and the window starts ``import_in_background`` before it
builds itself, so the import overlaps the window's own work and the first file it opens
finds networkx loaded (had the import not finished, that file waits for it: Python's
import lock). ``benchmarks/startup.py`` measures the start-up with it.
"""
import sys
import threading

__all__ = ["GraphParts", "import_in_background", "networkx"]

_started = []           # the background import's thread, once started


def networkx():
    """The ``networkx`` module, imported now if it is not yet."""
    import networkx as nx
    return nx


def import_in_background():
    """Starts importing networkx in a daemon thread, once per process (not at all if it is
    loaded): whatever needs it first then waits at most for the rest of that import. A
    failed import there is not reported: the first real use imports it again and fails
    in its own place."""
    if "networkx" in sys.modules or _started:
        return
    thread = threading.Thread(target=_import_quietly, name="import networkx", daemon=True)
    _started.append(thread)
    thread.start()


def _import_quietly():
    try:
        import networkx  # noqa: F401
    except Exception:        # (reported where networkx is used)
        pass


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
