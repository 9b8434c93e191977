"""Anomaly mode (``torch.autograd.detect_anomaly``, ``set_detect_anomaly``): while it is
on, every recorded node remembers the Python stack that made it (``remember``, from
``_ops.dispatch.record``); a backward step whose node returns nan fails with PyTorch's
message (``check``), and a node whose backward fails warns with that stack first
(``report``), as PyTorch's ``python_anomaly_mode.cpp`` does. The engine's own frames are
left out of the stack (PyTorch's are C++, and not in it)."""
import os
import traceback
import warnings
import weakref

import numpy as np

__all__ = ["detect_anomaly", "set_detect_anomaly", "is_anomaly_enabled",
           "is_anomaly_check_nan_enabled", "set_anomaly_enabled"]

ENABLED = False
CHECK_NAN = True
_STACKS = weakref.WeakKeyDictionary()    # node -> the stack that recorded it (text)
_ENGINE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def is_anomaly_enabled():
    return ENABLED


def is_anomaly_check_nan_enabled():
    return CHECK_NAN


def set_anomaly_enabled(enabled, check_nan=True):
    global ENABLED, CHECK_NAN
    ENABLED, CHECK_NAN = bool(enabled), bool(check_nan)


def remember(node):
    frames = [f for f in traceback.extract_stack()[:-1]
              if not os.path.abspath(f.filename).startswith(_ENGINE)]
    _STACKS[node] = "".join(traceback.format_list(frames))


def check(node, grads):
    """PyTorch's check of a node's outputs for nan (after its hooks ran)."""
    if not CHECK_NAN:
        return
    for i, g in enumerate(grads):
        if g is None:
            continue
        a = getattr(g, "_data", g)
        if a.dtype.kind == "f" and np.isnan(a).any():
            raise RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th "
                               "output.")


def report(node):
    """The warning PyTorch gives when a node's backward fails in anomaly mode."""
    warnings.warn(f"Error detected in {node.name()}. Traceback of forward call that caused "
                  f"the error:\n{_STACKS.get(node, '')} (Triggered internally at "
                  "/__w/pytorch/pytorch/torch/csrc/autograd/python_anomaly_mode.cpp:122.)",
                  UserWarning, stacklevel=2)


class detect_anomaly:
    """Context manager: anomaly mode on inside (see the module)."""
    __module__ = "torch.autograd.anomaly_mode"

    def __init__(self, check_nan=True):
        self.prev = ENABLED
        self.check_nan = check_nan
        self.prev_check_nan = CHECK_NAN
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the "
                      "runtime and should only be enabled for debugging.", stacklevel=2)

    def __enter__(self):
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args):
        set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly:
    """Anomaly mode on or off: at once when called, back as it was on leaving a ``with``."""
    __module__ = "torch.autograd.anomaly_mode"

    def __init__(self, mode, check_nan=True):
        self.prev = ENABLED
        self.prev_check_nan = CHECK_NAN
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *args):
        set_anomaly_enabled(self.prev, self.prev_check_nan)
