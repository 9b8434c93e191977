"""Showing a new run on a big graph's cards a slice at a time.

A big document's cards are made only as they come into view (``sparse``); once many
have been made (more than ``EAGER_NODES``), a new run (or another timeline step) is shown
on them by ``BatchApply``, a slice of about ``SLICE_SECONDS`` per turn of the event loop,
so that the window keeps painting and answering meanwhile."""
import time

from PySide6.QtCore import QObject, QTimer

__all__ = ["BatchApply", "BATCH", "EAGER_NODES", "SLICE_SECONDS"]

BATCH = 500           # cards shown at most per turn of the event loop (times four)
EAGER_NODES = 2000    # a run is shown on up to this many cards in one go
SLICE_SECONDS = 0.05  # ... else on cards for about this long per turn


class BatchApply(QObject):
    """Shows a new run (or another timeline step) on a big graph's cards a slice at a
    time: each card takes some tens of microseconds, which
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
