"""Grad mode: ``no_grad``, ``enable_grad``, ``set_grad_enabled``, ``is_grad_enabled``."""
import functools
import threading

from ..observer import observed

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "inference_mode",
           "is_inference_mode_enabled"]


class _GradState(threading.local):
    """Grad mode, one per thread as in PyTorch: a ``no_grad`` block in one thread leaves
    every other thread's mode alone, and a new thread starts with grad enabled."""

    def __init__(self):
        self.enabled = True


STATE = _GradState()


def is_grad_enabled():
    return STATE.enabled


class _Mode:
    """Base of the grad-mode context managers; each also works as a decorator."""
    _target = True

    @observed("torch.autograd.grad_mode.__enter__")
    def __enter__(self):
        self._prev = STATE.enabled
        STATE.enabled = self._target

    @observed("torch.autograd.grad_mode.__exit__")
    def __exit__(self, *exc):
        STATE.enabled = self._prev
        return False

    def __call__(self, fn):
        # each call enters a fresh copy of the mode, as torch's decorators do
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.clone():
                return fn(*args, **kwargs)
        return wrapper

    def clone(self):
        return type(self)()


class no_grad(_Mode):
    """Operations inside record no graph: results have ``requires_grad=False``."""
    __module__ = "torch.autograd.grad_mode"  # repr as PyTorch's
    _target = False

    def __new__(cls, orig_func=None):
        # ``@no_grad`` without parentheses decorates directly, as in torch.
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class enable_grad(_Mode):
    """Re-enables graph recording inside a ``no_grad`` block."""
    __module__ = "torch.autograd.grad_mode"  # repr as PyTorch's
    _target = True


INFERENCE_TENSORS_MADE = False   # whether an inference_mode() block ever ran (is_inference)


_INFERENCE = []                  # the inference_mode blocks entered: whether each is on


def is_inference_mode_enabled():
    return bool(_INFERENCE) and _INFERENCE[-1]


class inference_mode(_Mode):
    """Like ``no_grad`` (the engine has no separate inference tensors, so once a block
    has run, ``Tensor.is_inference()`` refuses to answer)."""
    __module__ = "torch.autograd.grad_mode"  # repr as PyTorch's

    def __enter__(self):
        global INFERENCE_TENSORS_MADE
        if not self._target:
            INFERENCE_TENSORS_MADE = True
        _INFERENCE.append(not self._target)
        return super().__enter__()

    def __exit__(self, *exc):
        _INFERENCE.pop()
        return super().__exit__(*exc)

    def __init__(self, mode=True):
        self._target = not mode

    def clone(self):
        return inference_mode(not self._target)


class set_grad_enabled(_Mode):
    """``set_grad_enabled(False)`` switches grad mode at once; used with ``with`` it
    restores the previous mode on exit."""
    __module__ = "torch.autograd.grad_mode"  # repr as PyTorch's

    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError(f"set_grad_enabled(): argument 'mode' must be bool, not "
                            f"{type(mode).__name__}")
        self._prev = STATE.enabled
        self._target = mode
        STATE.enabled = mode

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        STATE.enabled = self._prev
        return False

    def __call__(self, fn):
        STATE.enabled = self._prev  # as a decorator it switches only inside fn
        return super().__call__(fn)

    def clone(self):
        return set_grad_enabled(self._target)

    def __repr__(self):
        return f"torch.autograd.grad_mode.set_grad_enabled(mode={self._target})"
