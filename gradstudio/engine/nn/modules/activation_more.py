"""More activation modules of ``torch/nn/modules/activation.py``: ``Softsign``,
``Tanhshrink`` and ``Softmin``."""
from .. import functional as F
from ..module import Module
from .activation import _AlongDim

__all__ = ["Softsign", "Tanhshrink", "Softmin"]


class Softsign(Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.tanhshrink(input)


class Softmin(_AlongDim):
    _fn = staticmethod(F.softmin)
