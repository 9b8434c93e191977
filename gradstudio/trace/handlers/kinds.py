"""The kinds of observed calls: each wraps a family's function into a handler
``handler(func, args, kwargs)`` that the ``Tracer`` calls in place of the engine's
``func(*args, **kwargs)`` (see ``Tracer.call``).

- ``composite``: a call with a node kind of its own (``x @ w``, ``x[0]``): one node when
  its mapper gives one, else the ops it ran;
- ``special``: recorded from its arguments and result, nothing inside it;
- ``at_top``: a call the script makes itself, not one inside another recorded call;
- ``recorded_first``: an action, recorded before it runs, then what it did.
"""
from types import GeneratorType


def composite(rec, mapper):
    """A public call with a node kind of its own (``x @ w``, ``x[0]``): one node when
    ``mapper(result, *args, **kwargs)`` gives one, else the ops it ran."""

    def handle(func, args, kwargs):
        if rec.quiet:
            return func(*args, **kwargs)
        rec.frames.append([])
        try:
            result = func(*args, **kwargs)
        finally:
            children = rec.frames.pop()
        mapped = mapper(result, *args, **kwargs)
        for r in children if mapped is None else (mapped,):
            rec.emit(r)
        return result
    return handle


def special(rec, handler):
    """A call recorded by ``handler(result, *args, **kwargs)`` at the top level only;
    nothing inside it is recorded."""

    def handle(func, args, kwargs):
        if rec.quiet or len(rec.frames) > 1:
            return func(*args, **kwargs)
        rec.quiet += 1
        try:
            result = func(*args, **kwargs)
        finally:
            rec.quiet -= 1
        handler(result, *args, **kwargs)
        return result
    return handle


def at_top(rec, handler):
    """``handler(func, args, kwargs)`` for a call the script makes itself (not one
    inside another recorded call)."""

    def handle(func, args, kwargs):
        if rec.quiet or len(rec.frames) > 1:
            return func(*args, **kwargs)
        return handler(func, args, kwargs)
    return handle


def recorded_first(rec, handler, returns_grads=False):
    """An action: recorded, then made. One that raises (caught by the script, as in
    ``try: out.backward() except RuntimeError: ...``) is still a step. What it did
    (raised or not, the gradients it returned, every .grad after it) is kept for the
    check that the document does the same."""

    def handle(func, args, kwargs):
        # (a generator, model.parameters(), is read once: here, for both)
        args = tuple(list(a) if isinstance(a, GeneratorType) else a for a in args)
        handler(None, *args, **kwargs)
        rec.quiet += 1
        rec.action_lines = printed = []      # (what printing hooks write meanwhile)
        try:
            result = func(*args, **kwargs)
        except Exception:
            rec.action_done(failed=True, printed=printed)
            raise
        finally:
            rec.quiet -= 1
            rec.action_lines = None
        if returns_grads:
            rec.grads_returned(result)
        rec.action_done(results=result if returns_grads else None, printed=printed)
        return result
    return at_top(rec, handle)
