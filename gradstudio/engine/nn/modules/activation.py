"""The activation modules of ``torch/nn/modules/activation.py`` that wrap the engine's
functions."""
from .. import functional as F
from ..module import Module

__all__ = ["ReLU", "Tanh", "Sigmoid", "Softmax", "LogSoftmax"]


class ReLU(Module):
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["inplace"]

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return input.relu_() if self.inplace else F.relu(input)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Tanh(Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.tanh(input)


class Sigmoid(Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.sigmoid(input)


class _AlongDim(Module):
    __module__ = "torch.nn.modules.activation"
    __constants__ = ["dim"]
    _fn = None

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        if self.dim is None:
            raise RuntimeError(f"{type(self).__name__}() without dim is not supported by "
                               f"GradStudio's engine (PyTorch guesses one and warns): give "
                               f"it, e.g. {type(self).__name__}(dim=1).")
        return type(self)._fn(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class Softmax(_AlongDim):
    _fn = staticmethod(F.softmax)


class LogSoftmax(_AlongDim):
    _fn = staticmethod(F.log_softmax)
