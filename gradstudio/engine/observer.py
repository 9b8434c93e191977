"""The forward observer: the twin of ``autograd.observe()`` for the forward pass.

A ``Listener`` sees what a program does with the engine, as it happens:

- ``op(op, operands, params, out)``: each op of the table that ran (``apply``), with the
  operands and params exactly as the caller gave them (numbers may be subclasses of
  ``float`` or ``int``: the engine computes with the plain number);
- ``views(op, source, params, outs)``: each multi-output view op (``split``, ``unbind``);
- ``call(name, func, args, kwargs)``: each call of a public function marked
  ``@observed(name)``: the composite calls that are one node to a reader (``Tensor.matmul``,
  ``Tensor.__getitem__``, ``torch.nn.functional.cross_entropy``), the factories
  (``torch.ones``), the autograd state (``Tensor.detach``, ``Tensor.grad``'s getter and
  setter, ``Tensor.backward``, ``torch.autograd.grad``), grad-mode blocks and
  ``torch.optim``'s calls (``torch.optim.Optimizer`` for making one, ``...Optimizer.step``,
  ``zero_grad``, ``load_state_dict``, ``torch.nn.Module.zero_grad``, a scheduler, and a
  ``DataLoader``'s next batch, ``DataLoader.__next__``, whose iterator tells its ``loader``
  and the ``index`` it drew). The listener
  makes the call itself (``func(*args, **kwargs)``) and returns its result, so it can see
  what happens inside it and what it returned, as PyTorch's ``TorchFunctionMode`` does.

The engine tests ``LISTENER`` once per event when nobody listens, and changes nothing
else. One listener at a time (``listen`` refuses a second); while ``op`` runs, the
listener is not called again.

    with observer.listen(my_listener):
        exec(script)
"""
import contextlib
import functools

__all__ = ["Listener", "listen", "observed", "LISTENER"]

LISTENER = None   # the active listener; None when nobody listens (the engine tests this)


class Listener:
    """Does nothing: subclass it and override what you want to see.

    ``op_runner``, when set, is a callable ``runner(fn, *args)`` that must return
    ``fn(*args)``: each op's run and its ``op`` event go through it, so a listener can
    wrap both in one call (the tracing child sets its line tracer aside there: the op's
    own frames are the engine's and its own, never the script's)."""

    op_runner = None

    def op(self, op, operands, params, out):
        pass

    def views(self, op, source, params, outs):
        pass

    def call(self, name, func, args, kwargs):
        return func(*args, **kwargs)


@contextlib.contextmanager
def listen(listener):
    """Makes ``listener`` see every event of the block."""
    global LISTENER
    if LISTENER is not None:
        raise RuntimeError("a listener is already observing the engine")
    LISTENER = listener
    try:
        yield listener
    finally:
        LISTENER = None


def observed(name):
    """Marks a public function (or a property's getter or setter) as one call a listener
    sees under ``name``, such as ``"Tensor.matmul"`` or ``"torch.ones"``."""
    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            listener = LISTENER
            if listener is None:
                return func(*args, **kwargs)
            return listener.call(name, func, args, kwargs)
        wrapper.observed_name = name
        return wrapper
    return decorate


def _plain(v):
    """A number as the engine computes with it: numpy would treat a subclass of float as
    a float64 array, where a Python float is a weak scalar."""
    t = type(v)
    if t is float or t is int or t is bool:
        return v
    if isinstance(v, bool):
        return bool(v)
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return float(v)
    return v


def op_applied(listener, run, op, operands, params, out_dtype):
    """Runs ``run`` (the engine's ``apply``) with plain numbers and the listener set
    aside, then reports the op to it (through its ``op_runner``, if it has one)."""
    runner = listener.op_runner
    if runner is not None:
        return runner(_op_applied, listener, run, op, operands, params, out_dtype)
    return _op_applied(listener, run, op, operands, params, out_dtype)


def _op_applied(listener, run, op, operands, params, out_dtype):
    global LISTENER
    plain_operands = tuple(_plain(o) for o in operands)
    plain_params = params if not params else {k: _plain(v) for k, v in params.items()}
    LISTENER = None
    try:
        out = run(op, plain_operands, plain_params, out_dtype)
    finally:
        LISTENER = listener
    listener.op(op, operands, params, out)
    return out
