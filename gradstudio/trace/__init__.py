"""The tracer: runs a PyTorch script in a child process with the engine as ``torch`` and
records what it does as the nodes and actions of a graph (``child.py``, run by path).

A training loop that repeats the same forward, backward and update is folded into one
graph and a loop block (``fold.py``; the updates: ``updates.py``, ``optim.py``).

It observes the engine through its public forward observer and changes nothing in it;
it imports only the engine's public API, numpy and the standard library, never the
document or the UI. ``gradstudio.document.trace`` starts the child and builds a
Document from the JSON it writes.
"""
