"""Keeping Python's cyclic garbage collector off the edit path, and off the start-up.

Everything the window lives on — the modules (numpy, Qt, pyqtgraph), the widgets, the
open document — is hundreds of thousands of objects that the collector's full collection
would walk every few edits, tens of milliseconds each time on a 1,000-node graph. When
the user pauses (the window calls it after ``HEAP_IDLE_MS`` without
an edit or a new document), ``settle`` brings back what it froze before
(``gc.unfreeze``), collects what is garbage by then (the previous document, earlier
runs), and moves everything alive out of the collector's sight (``gc.freeze``): the next
edits' collections walk only what those edits make. The pause costs one full collection
(100-250 ms) while nobody is typing.

Starting the window makes the same objects, and garbage hardly any: the collections
that would run meanwhile (a full one among them, some 50 ms in all) walk them for
nothing. ``hold`` stops the collector from the command's start, and ``release``, called
once the window is shown, freezes what the start made (the first ``settle`` looks at it
again) and lets the collector run as it did before.
"""
import gc

__all__ = ["settle", "hold", "release"]

_resume = None      # while the start-up holds the collector: whether it was enabled


def settle():
    """Collects once, then freezes what survives (call when a document is open)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def hold():
    """No collection until ``release`` (a second hold is the first one)."""
    global _resume
    if _resume is None:
        _resume = gc.isenabled()
        gc.disable()


def release(freeze=True):
    """Ends ``hold``: what was made since is frozen (unless ``freeze`` is false: the start
    failed), the collector runs again if it ran before. Nothing when nothing is held."""
    global _resume
    if _resume is not None:
        resume, _resume = _resume, None
        if freeze:
            gc.freeze()
        if resume:
            gc.enable()
