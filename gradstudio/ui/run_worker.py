"""Document runs off the GUI thread.

Every run of every session goes to one worker thread, one run at a time: the engine
keeps global state (grad mode, the random generator a run seeds), so two runs must never
overlap. ``RunWorker.submit`` hands a run over and waits up to ``WAIT_SECONDS`` for it:
a run that finishes in that time (nearly every document) is returned at once and shown in
the same turn of the event loop, exactly as if it had been run in place; a longer one is
left running while the window goes on, and ``finished(job)`` brings it back to the GUI
thread when it is done.

A newer submission supersedes an older one: a run waiting to start is then dropped
without running, and ``current`` tells the owner whether a finished job is still the one
it wants (its result is never shown otherwise)."""
import collections
import threading

from PySide6.QtCore import QObject, Signal

__all__ = ["RunWorker", "RunJob", "WAIT_SECONDS"]

WAIT_SECONDS = 0.15    # a run finished within this is shown at once, as if run in place


class RunJob:
    """One run handed to the worker: ``fn()`` gives ``result`` or raises ``error``;
    ``generation`` orders the jobs of one ``RunWorker``; ``info`` is the owner's."""

    __slots__ = ("generation", "fn", "info", "result", "error", "done", "relay")

    def __init__(self, generation, fn, info, relay):
        self.generation, self.fn, self.info, self.relay = generation, fn, info, relay
        self.result = self.error = None
        self.done = threading.Event()


class _Thread:
    """The one worker thread (a daemon: quitting never waits for a run) and its queue."""

    def __init__(self):
        self.jobs = collections.deque()
        self.ready = threading.Condition()
        self.thread = threading.Thread(target=self._loop, name="gradstudio-run", daemon=True)
        self.thread.start()

    def put(self, job):
        with self.ready:
            self.jobs.append(job)
            self.ready.notify()

    def _loop(self):
        while True:
            with self.ready:
                while not self.jobs:
                    self.ready.wait()
                job = self.jobs.popleft()
            if job.relay.generation != job.generation:
                job.done.set()        # superseded before it started: never run
                continue
            try:
                job.result = job.fn()
            except BaseException as exc:  # (handed to the GUI thread, raised there)
                job.error = exc
            job.fn = None
            job.done.set()
            try:
                job.relay.finished.emit(job)
            except RuntimeError:      # its owner has gone meanwhile
                pass


_THREAD = None
_THREAD_LOCK = threading.Lock()


def _thread():
    global _THREAD
    with _THREAD_LOCK:
        if _THREAD is None:
            _THREAD = _Thread()
        return _THREAD


class RunWorker(QObject):
    """Hands runs to the worker thread for one owner (a session). ``finished(job)``
    arrives in the GUI thread for every job that ran and was not already returned by
    ``submit``; ``current(job)`` says whether it is the newest."""

    finished = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.generation = 0
        self.returned = 0            # the generation submit() returned already

    def submit(self, fn, info=None, wait=None):
        """Runs ``fn()`` in the worker thread, superseding every earlier job; returns the
        finished ``RunJob`` when it is done within ``wait`` seconds (``WAIT_SECONDS``),
        else None (then ``finished`` brings it)."""
        wait = WAIT_SECONDS if wait is None else wait
        self.generation += 1
        job = RunJob(self.generation, fn, info, self)
        _thread().put(job)
        if job.done.wait(wait):
            self.returned = job.generation
            return job
        return None

    def supersede(self):
        """Drops every job handed over so far (the owner shows a run it made itself)."""
        self.generation += 1
        self.returned = self.generation

    @property
    def pending(self):
        """Whether the newest job is still running or waiting."""
        return self.returned != self.generation

    def current(self, job):
        """Whether ``job`` (from ``finished``) is the newest and not yet returned."""
        if job.generation != self.generation or self.returned == job.generation:
            return False
        self.returned = job.generation
        return True
