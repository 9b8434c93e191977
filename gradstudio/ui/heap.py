"""Keeping Python's cyclic garbage collector off the edit path.

Everything the window lives on — the modules (numpy, Qt, pyqtgraph), the widgets, the
open document — is hundreds of thousands of objects that the collector's full collection
would walk every few edits, tens of milliseconds each time on a 1,000-node graph. When
the user pauses (the window calls it after ``HEAP_IDLE_MS`` without
an edit or a new document), ``settle`` brings back what it froze before
(``gc.unfreeze``), collects what is garbage by then (the previous document, earlier
runs), and moves everything alive out of the collector's sight (``gc.freeze``): the next
edits' collections walk only what those edits make. The pause costs one full collection
(100-250 ms) while nobody is typing.
"""
import gc

__all__ = ["settle"]


def settle():
    """Collects once, then freezes what survives (call when a document is open)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
