"""More activation modules of ``torch/nn/modules/activation.py``: ``Softsign``,
``Tanhshrink`` and ``Softmin``."""
from .. import functional as F
from ..module import Module
from .activation import _AlongDim

__all__ = ["Softsign", "Tanhshrink", "Softmin", "Softmax2d"]


class Softsign(Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        return F.tanhshrink(input)


class Softmin(_AlongDim):
    __module__ = "torch.nn.modules.activation"
    _fn = staticmethod(F.softmin)


class Softmax2d(Module):
    """Softmax over the channels of an image batch (C, H, W) or (N, C, H, W)."""
    __module__ = "torch.nn.modules.activation"

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D "
                             "instead")
        return F.softmax(input, -3)
