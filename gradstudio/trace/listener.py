"""The tracer: a listener of the engine's forward observer (``gradstudio.engine.observer``)
that turns what a script does into the nodes and actions of a ``Recorder``.

Every op of the table reaches ``op`` (and the pieces of ``split``/``unbind`` reach
``views``); the public calls the engine marks ``@observed`` reach ``call``, which looks up
how to record them in one table, ``Tracer.handlers``, made of the tables of ``handlers``
(one module per family of calls):

- *composite* calls (``Tensor.matmul``, ``Tensor.reshape``, ``Tensor.__getitem__``,
  ``torch.where``, the losses) are one node when their arguments fit the node kind, else
  the ops they ran;
- *special* calls (factories, ``manual_seed``, ``detach``, ``requires_grad_`` ...) are
  recorded from their arguments and result, nothing inside them;
- *actions* (``backward``, ``autograd.grad``) are recorded before they run, then what they
  did;
- reads of autograd state keep a node alive, numbers read out of tensors are marked, and
  what the graph cannot show (hooks, writes through ``.data``) is refused in plain words;
- a training step written by hand (``w -= lr * w.grad``, ``w.data -= lr * w.grad``) is an
  ``update`` action (``updates``); ``torch.optim``'s calls are ``optim``'s.

Part of the tracing child (``child.py``); imports only the engine's public API, the
action records (``gradstudio.timeline``: which action a trace point is) and its sibling
modules.
"""
import contextlib

from gradstudio.engine.observer import Listener

from .cut import made_in_part, tick
from .handlers import handlers
from .ops import view_records
from .values import SCALAR_FED_BACK, TraceError, has_marked


class Tracer(Listener):
    """Records what a script does with the engine into ``rec`` (a ``Recorder``)."""

    def __init__(self, rec):
        self.rec = rec
        self.handlers = handlers(rec)     # observed name -> handler (see ``handlers``)

    # ------------------------------------------------------------ the observer's events
    def op(self, op, operands, params, out):
        rec = self.rec
        if rec.quiet:
            return
        if len(rec.frames) == 1:
            tick(rec)
        if rec.cut is None:
            try:        # (``refusals``, without a context manager made for every op)
                rec.emit((op, operands, params, out))
            except TraceError as exc:
                self._keep_refusal(exc)
                raise
        elif rec.part is not None:
            made_in_part(rec, out)

    def views(self, op, src, params, outs):
        # the pieces share one multi-output node in the engine; each is drawn as the
        # single-output select/slice it views (see ops.view_records)
        rec = self.rec
        if rec.quiet:
            return
        if len(rec.frames) == 1:
            tick(rec)
        if rec.cut is not None:
            if rec.part is not None:
                made_in_part(rec, outs)
            return
        with self.refusals():
            for r in view_records(op, src, params, outs):
                if has_marked(params):
                    r.taint = (rec.line(), SCALAR_FED_BACK)
                rec.emit(r)

    def call(self, name, func, args, kwargs):
        rec = self.rec
        if not rec.quiet and len(rec.frames) == 1:
            tick(rec)
        handler = self.handlers.get(name) if rec.cut is None else None
        if handler is None:
            out = func(*args, **kwargs)
            if rec.part is not None and not rec.quiet:
                made_in_part(rec, out)
            return out
        with self.refusals():
            return handler(func, args, kwargs)

    @contextlib.contextmanager
    def refusals(self):
        """Keeps the first refusal raised into the script, with its count (``cut``):
        code between may catch it (``load_state_dict`` turns every error into its own)."""
        try:
            yield
        except TraceError as exc:
            self._keep_refusal(exc)
            raise

    def _keep_refusal(self, exc):
        rec = self.rec
        if rec.refusal is None and rec.cut is None:
            rec.refusal, rec.refusal_clock = exc, rec.clock
            if exc.line is None:
                exc.line = rec.line()
