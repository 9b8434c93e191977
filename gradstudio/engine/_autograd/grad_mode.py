"""Grad mode: ``no_grad``, ``enable_grad``, ``set_grad_enabled``, ``is_grad_enabled``."""
import functools
import threading

from ..observer import observed

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "inference_mode",
           "is_inference_mode_enabled"]


# how many threads have grad mode off. 0 means it is on in every thread, so a hot path
# (``_ops.fast``) need not read its own thread's mode, a dictionary lookup of a
# ``threading.local``; a thread that ends with it off keeps the count up (then the mode
# is read, as before)
OFF_ANYWHERE = [0]
_OFF_LOCK = threading.Lock()


class _GradState(threading.local):
    """Grad mode, one per thread as in PyTorch: a ``no_grad`` block in one thread leaves
    every other thread's mode alone, and a new thread starts with grad enabled."""

    def __init__(self):
        self.enabled = True

    def __setattr__(self, name, value):
        if name != "enabled":
            return super().__setattr__(name, value)
        with _OFF_LOCK:
            if not self.__dict__.get("enabled", True) != (not value):   # (switched)
                OFF_ANYWHERE[0] += -1 if value else 1
            super().__setattr__(name, value)


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


_INFERENCE = []                  # the inference_mode blocks entered: whether each is on
INFERENCE_ON = [False]           # is_inference_mode_enabled(), read where tensors are made
INFERENCE_MADE = [False]         # whether an inference tensor was ever made (the saved check)

_INPLACE = ("Inplace update to inference tensor outside InferenceMode is not allowed.You can "
            "make a clone to get a normal tensor before doing inplace update.See "
            "https://github.com/pytorch/rfcs/pull/17 for more details.")
SAVED = ("Inference tensors cannot be saved for backward. Please do not use Tensors created "
         "in inference mode in computation tracked by autograd. To work around this, you can "
         "make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` "
         "instead of `torch.inference_mode()`.")
REQUIRES_GRAD = ("Setting requires_grad=True on inference tensor outside InferenceMode is not "
                 "allowed.")


class InferenceVersion(list):
    """The version counter of an inference tensor (one made inside ``inference_mode``;
    a view shares its base's counter, so a view of one is one too, a view of a normal
    tensor is not): bumping it outside inference mode raises PyTorch's error, after the
    in-place op has written, as PyTorch's ``VariableVersion::bump`` does."""
    __slots__ = ()

    def __setitem__(self, index, value):
        list.__setitem__(self, index, value)
        if not INFERENCE_ON[0]:
            raise RuntimeError(_INPLACE)


def new_version():
    """A new tensor's version counter: an inference tensor's inside inference mode."""
    if INFERENCE_ON[0]:
        INFERENCE_MADE[0] = True
        return InferenceVersion((0,))
    return [0]


def check_saved(tensors):
    """PyTorch's ``SavedVariable`` check: an inference tensor cannot be saved for backward."""
    for t in tensors:
        if type(getattr(t, "_vc", None)) is InferenceVersion:
            raise RuntimeError(SAVED)


def check_requires_grad(t):
    if type(t._vc) is InferenceVersion and not INFERENCE_ON[0]:
        raise RuntimeError(REQUIRES_GRAD)


def is_inference_mode_enabled():
    return bool(_INFERENCE) and _INFERENCE[-1]


class inference_mode(_Mode):
    """Like ``no_grad``, and the tensors made inside are inference tensors
    (``Tensor.is_inference()``): outside, they cannot be saved for backward, updated in
    place or made to require grad."""
    __module__ = "torch.autograd.grad_mode"  # repr as PyTorch's

    def __enter__(self):
        _INFERENCE.append(not self._target)
        INFERENCE_ON[0] = not self._target
        return super().__enter__()

    def __exit__(self, *exc):
        _INFERENCE.pop()
        INFERENCE_ON[0] = bool(_INFERENCE) and _INFERENCE[-1]
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
