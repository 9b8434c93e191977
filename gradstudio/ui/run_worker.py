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
import weakref

from PySide6.QtCore import QObject, Signal

from gradstudio import gc_policy

__all__ = ["RunWorker", "RunJob", "WAIT_SECONDS", "ENGINE_LOCK"]

WAIT_SECONDS = 0.25    # a run finished within this is shown at once, as if run in place
# held while a document runs off the GUI thread (here, or opening a big file in
# ``loading``): the engine's global state allows one run at a time
ENGINE_LOCK = threading.Lock()


class RunJob:
    """One run handed to the worker: ``fn()`` gives ``result`` or raises ``error``;
    ``generation`` orders the jobs of one ``RunWorker``; ``info`` is the owner's;
    ``ran`` is false for a job superseded before it started."""

    __slots__ = ("generation", "fn", "info", "result", "error", "done", "ran", "owner",
                 "current")

    def __init__(self, generation, fn, info, owner, current):
        self.generation, self.fn, self.info = generation, fn, info
        self.owner, self.current = owner, current     # weakref, generation now wanted
        self.result = self.error = None
        self.ran = False
        self.done = threading.Event()


class _Thread:
    """The one worker thread (a daemon: quitting never waits for a run) and its queue.

    Python's cyclic collector must never run in this thread: it could free a cycle of
    Qt wrappers there, which Qt does not survive. So the collector is off from the moment
    a job is handed over until every job handed over has come back to the GUI thread and
    the worker waits again (it allocates nothing while it waits); ``_Relay`` turns it
    back on, in the GUI thread."""

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
        with self.ready:
            while True:
                while not self.jobs:
                    self.ready.wait()
                job = self.jobs.popleft()
                self.ready.release()      # (others may queue jobs while this one runs)
                try:
                    self._run(job)
                finally:
                    self.ready.acquire()
                _relay().arrived.emit(job)  # (queued to the GUI thread)
                job.done.set()

    @staticmethod
    def _run(job):
        if job.current() != job.generation:
            return                    # superseded before it started: never run
        job.ran = True
        try:
            with ENGINE_LOCK:
                job.result = job.fn()
        except BaseException as exc:  # (handed to the GUI thread, raised there)
            job.error = exc
        job.fn = None


class _Relay(QObject):
    """Lives in the GUI thread for good: brings each finished job back there, turns the
    collector on again once none is out, and hands the job to its owner if it still
    exists."""

    arrived = Signal(object)

    def __init__(self):
        super().__init__()
        self.out = set()              # ids of the jobs handed over and not back yet
        self.resume = None            # whether the collector ran before the first went
        self.arrived.connect(self._on_arrived)

    def handed(self, job):
        if not self.out:
            self.resume = gc_policy.stop()
        self.out.add(id(job))

    def back(self, job):
        """``job`` is back in the GUI thread (again: nothing)."""
        if id(job) not in self.out:
            return
        self.out.discard(id(job))
        if not self.out:
            with _thread().ready:     # the worker waits for work: it allocates nothing
                gc_policy.restart(self.resume)

    def _on_arrived(self, job):
        self.back(job)
        owner = job.owner()
        if owner is not None and job.ran:
            try:
                owner.job_arrived(job)
            except RuntimeError:      # its Qt object has gone meanwhile
                pass


_THREAD = None
_RELAY = None


def _thread():
    global _THREAD
    if _THREAD is None:
        _THREAD = _Thread()
    return _THREAD


def _relay():
    global _RELAY
    if _RELAY is None:                # (made by the first submit, in the GUI thread)
        _RELAY = _Relay()
    return _RELAY


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
        ref = weakref.ref(self)
        job = RunJob(self.generation, fn, info, ref,
                     lambda: getattr(ref(), "generation", None))
        relay = _relay()
        relay.handed(job)
        _thread().put(job)
        if job.done.wait(wait):
            relay.back(job)
            self.returned = job.generation
            return job
        return None

    def job_arrived(self, job):
        """A job that ran, back in the GUI thread: ``finished`` tells the owner."""
        self.finished.emit(job)

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
