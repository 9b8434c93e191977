"""When Python's cyclic garbage collector runs: the one module that turns it.

GradStudio makes hundreds of thousands of long-lived objects (the modules, the widgets, the
open document, what a trace keeps) and, while it computes, many short-lived ones that
reference counting frees (a run leaves no cycles). The collector would walk the first again
and again and promote the second for nothing, so every layer asks here instead of calling
``gc`` itself; the policy is read in one place:

- ``paused()``: no collection while a block computes (a run of the document); left alone
  when something else has already paused the collector.
- ``stop()`` / ``restart(ran)``: the same pause across calls (while runs are out on the
  worker thread): ``stop`` says whether the collector ran, ``restart`` gives that back.
- ``hold()`` / ``release(freeze=True)``: no collection while the window starts; what the
  start made is frozen out of the collector's sight once the window is shown.
- ``settle()``: when the user pauses, collect once and freeze what survives, so the next
  edits' collections walk only what those edits make (the previous freeze is undone
  first, so the previous document can be collected).
- ``frozen()`` and ``freeze_survivors()``: for a trace, which keeps everything it sees to
  the end: what exists when it starts, and what it has kept so far, is frozen.

It imports nothing of GradStudio, so every layer may import it (the tracer's child too).
"""
import contextlib
import gc

__all__ = ["paused", "stop", "restart", "hold", "release", "settle", "frozen",
           "freeze_survivors"]

_resume = None      # while the start-up holds the collector: whether it was enabled


@contextlib.contextmanager
def paused():
    """The collector disabled for the block, enabled again after it; nothing is done when it
    is disabled already (whoever disabled it enables it)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def stop():
    """Disables the collector; returns whether it ran before (for ``restart``)."""
    ran = gc.isenabled()
    gc.disable()
    return ran


def restart(ran):
    """Ends ``stop``: the collector runs again if ``ran`` (what ``stop`` returned)."""
    if ran:
        gc.enable()


def hold():
    """No collection until ``release`` (a second hold is the first one)."""
    global _resume
    if _resume is None:
        _resume = stop()


def release(freeze=True):
    """Ends ``hold``: what was made since is frozen (unless ``freeze`` is false: the start
    failed), the collector runs again if it ran before. Nothing when nothing is held."""
    global _resume
    if _resume is not None:
        resume, _resume = _resume, None
        if freeze:
            gc.freeze()
        restart(resume)


def settle():
    """Collects once, then freezes what survives (call when a document is open and the user
    pauses): brings back what an earlier settle froze first, so it can be collected."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


@contextlib.contextmanager
def frozen():
    """What exists on entry is frozen out of the collector's sight during the block (the
    modules a traced script imported are not garbage); unfrozen again after it."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def freeze_survivors():
    """Freezes everything alive now (what a trace keeps lives to its end: the collector's
    full collections then walk only what came since)."""
    gc.freeze()
