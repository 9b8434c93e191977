"""``torch.autograd``: ``backward``, ``grad``, grad-mode switches, and the studio's own
addition, ``observe``, which records a backward pass step by step."""
import warnings

from ._autograd.api import backward, grad
from ._autograd import functional, custom_function as function
from ._autograd.custom_function import Function
from ._autograd.observe import BackwardStep, observe
from ._autograd.nodes import AccumulateGrad, Node
from ._autograd.gradcheck import GradcheckError, gradcheck, gradgradcheck
from ._autograd import grad_mode
from ._forward import forward_ad
from ._autograd import graph
from ._autograd.anomaly import detect_anomaly, set_detect_anomaly
from ._tensor_class.tensor import Tensor
from ._autograd.grad_mode import (enable_grad, inference_mode, is_grad_enabled, no_grad,
                                  set_grad_enabled)

__all__ = ["backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled",
           "observe", "BackwardStep", "Node", "AccumulateGrad", "set_detect_anomaly",
           "detect_anomaly", "gradcheck", "gradgradcheck", "GradcheckError", "Variable",
           "Function", "function", "functional", "forward_ad", "graph"]


class _VariableType(type):
    def __instancecheck__(cls, other):
        return isinstance(other, Tensor)


class Variable(metaclass=_VariableType):
    """The legacy ``Variable(data, requires_grad=False)``: now just a tensor sharing
    ``data``'s memory (``isinstance(t, Variable)`` holds for every tensor)."""
    __module__ = "torch.autograd.variable"

    def __new__(cls, data, requires_grad=False, volatile=False):
        if volatile:
            warnings.warn("volatile was removed and now has no effect. Use `with "
                          "torch.no_grad():` instead.", UserWarning, stacklevel=2)
        t = data.detach()
        return t.requires_grad_(True) if requires_grad else t

from ._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
