"""Building the canvas of a big document a batch at a time.

A document of more than ``EAGER_NODES`` nodes is not mirrored in one go when it is opened:
``BatchBuild`` makes at most ``BATCH`` items (cards, then edges) per turn of the event
loop, and no more than it makes in ``SLICE_SECONDS`` (a card takes a millisecond or so), so
the window keeps painting and answering meanwhile, and the scene reports its progress
(``CanvasScene.build_progressed``) until it has every item (``build_finished``). Each
card shows the run as it is made (a run arriving meanwhile reaches the cards made so far,
as always). ``cancel`` stops it where it is.

Edits made meanwhile reach the scene as usual: an added node gets its card at once (the
build skips it), a removed one is skipped, and the edges are read from the document only
once every card exists, so none is missed or made twice."""
import time

from PySide6.QtCore import QObject, QTimer

__all__ = ["BatchBuild", "BATCH", "EAGER_NODES", "SLICE_SECONDS"]

BATCH = 500           # items made per turn of the event loop
EAGER_NODES = 2000    # a document with up to this many nodes is built in one go
SLICE_SECONDS = 0.05  # ... and items are made for about this long per turn


class BatchBuild(QObject):
    """Makes the items of its scene's document over the next turns of the event loop. A
    child of the scene, which it reaches as ``parent()`` (it keeps no reference)."""

    def __init__(self, scene, batch=None):
        super().__init__(scene)
        doc = scene.document
        self.batch = BATCH if batch is None else batch
        self._nodes = list(reversed(doc.node_ids))     # popped from the end: in order
        self._edges = None                             # read once every card exists
        self.done = 0
        self.total = len(self._nodes) + doc.graph.number_of_edges()
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    def start(self):
        self._timer.start()

    def cancel(self):
        """Stops making items (those made stay until the scene is cleared)."""
        self._timer.stop()

    @property
    def running(self):
        return self._timer.isActive()

    def _step(self):
        scene = self.parent()
        made = self._make(scene, scene.document)
        self.done = min(self.done + made, self.total)
        if self._nodes or self._edges is None or self._edges:
            scene.build_progressed.emit(self.done, self.total)
            return
        self._timer.stop()
        scene.batch_built(shown=True)

    def _make(self, scene, doc):
        made = 0
        graph, nodes = doc.graph, scene.nodes
        end = time.perf_counter() + SLICE_SECONDS
        new = []
        while made < self.batch and self._nodes and (made % 16 or time.perf_counter() < end):
            node_id = self._nodes.pop()
            if node_id in graph and node_id not in nodes:
                scene.add_node_item(node_id)
                new.append(node_id)
            made += 1
        if new:                  # (a new run meanwhile reaches the cards already made)
            scene.apply_run(new)
        if self._nodes:
            return made
        if self._edges is None:
            self._edges = list(doc.edges())
            self._edges.reverse()
        while made < self.batch and self._edges and (made % 16 or time.perf_counter() < end):
            scene.add_edge_item(*self._edges.pop())
            made += 1
        return made


class BatchApply(QObject):
    """Shows a new run (or another timeline step) on a big graph's cards a slice at a
    time, as ``BatchBuild`` makes them: each card takes some tens of microseconds, which
    on 100,000 cards would hold the window for seconds after every edit. A child of the
    scene; a newer run starts a new one (the scene cancels this one)."""

    def __init__(self, scene, batch=None):
        super().__init__(scene)
        self.batch = BATCH * 4 if batch is None else batch
        self._ids = list(reversed(scene.nodes))
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    def start(self):
        self._timer.start()

    def cancel(self):
        self._timer.stop()

    def _step(self):
        scene = self.parent()
        chosen, end = [], time.perf_counter() + SLICE_SECONDS
        while self._ids and len(chosen) < self.batch and \
                (len(chosen) % 64 or time.perf_counter() < end):
            chosen.append(self._ids.pop())
            if len(chosen) % 64 == 0:
                scene.apply_run(chosen[-64:])
        rest = len(chosen) % 64
        if rest:
            scene.apply_run(chosen[-rest:])
        if not self._ids:
            self._timer.stop()
            scene.run_applied()
