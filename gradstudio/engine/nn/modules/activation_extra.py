"""The remaining activation modules of ``torch/nn/modules/activation.py``: ``Threshold``,
``RReLU``, ``SELU``, ``CELU``, ``GLU``, ``Hardshrink``, ``Softshrink``, ``Hardswish``,
``Hardsigmoid``, ``Mish`` and ``PReLU``, with PyTorch's constructors and reprs."""
from ..._torch_functions.factory import empty
from .. import functional as F, init
from ..module import Module
from ..parameter import Parameter

__all__ = ["Threshold", "RReLU", "SELU", "CELU", "GLU", "Hardshrink", "Softshrink",
           "Hardswish", "Hardsigmoid", "Mish", "PReLU"]


def _inplace_text(module, first=False):
    if not module.inplace:
        return ""
    return "inplace=True" if first else ", inplace=True"


class _Inplace(Module):
    """An activation whose only setting is ``inplace``."""
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["inplace"]
    _fn = None
    _shows_inplace = True

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return type(self)._fn(input, self.inplace)

    def extra_repr(self):
        return _inplace_text(self, True) if self._shows_inplace else ""


class SELU(_Inplace):
    __module__ = "torch.nn.modules.activation"
    _fn = staticmethod(F.selu)


class Hardswish(_Inplace):
    __module__ = "torch.nn.modules.activation"
    _fn = staticmethod(F.hardswish)
    _shows_inplace = False


class Hardsigmoid(_Inplace):
    __module__ = "torch.nn.modules.activation"
    _fn = staticmethod(F.hardsigmoid)
    _shows_inplace = False


class Mish(_Inplace):
    __module__ = "torch.nn.modules.activation"
    _fn = staticmethod(F.mish)


class Threshold(Module):
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["threshold", "value", "inplace"]

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return f"threshold={self.threshold}, value={self.value}{_inplace_text(self)}"


class RReLU(Module):
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["lower", "upper", "inplace"]

    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower, self.upper, self.inplace = lower, upper, inplace

    def forward(self, input):
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        return f"lower={self.lower}, upper={self.upper}{_inplace_text(self)}"


class CELU(Module):
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["alpha", "inplace"]

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def forward(self, input):
        return F.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f"alpha={self.alpha}{_inplace_text(self)}"


class GLU(Module):
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["dim"]

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.glu(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class Hardshrink(Module):
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["lambd"]

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.hardshrink(input, self.lambd)

    def extra_repr(self):
        return f"{self.lambd}"


class Softshrink(Hardshrink):
    __module__ = "torch.nn.modules.activation"
    def forward(self, input):
        return F.softshrink(input, self.lambd)


class PReLU(Module):
    """A learned slope left of zero, one per channel (``num_parameters``), starting at
    ``init``."""
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["num_parameters"]

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        init.constant_(self.weight, self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"
