"""``torch.autograd``: ``backward``, ``grad``, grad-mode switches, and the studio's own
addition, ``observe``, which records a backward pass step by step."""
from ._autograd import AccumulateGrad, BackwardStep, Node, observe
from ._backward import backward, grad
from ._gradcheck import GradcheckError, gradcheck, gradgradcheck
from . import _grad_mode as grad_mode
from ._grad_mode import enable_grad, inference_mode, is_grad_enabled, no_grad, set_grad_enabled

__all__ = ["backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled",
           "observe", "BackwardStep", "Node", "AccumulateGrad", "set_detect_anomaly",
           "detect_anomaly", "gradcheck", "gradgradcheck", "GradcheckError"]


class set_detect_anomaly:
    """Accepted for compatibility; the engine's error messages already name the node."""

    def __init__(self, mode, check_nan=True):
        self.mode = mode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


detect_anomaly = set_detect_anomaly
