"""``nn.LayerNorm`` and ``nn.GroupNorm``, as ``torch/nn/modules/normalization.py`` defines
them: a learned ``weight`` (ones) and ``bias`` (zeros), shaped ``normalized_shape`` or
per channel (with ``elementwise_affine`` / ``affine``; ``bias=False`` leaves the bias
out)."""
import numbers

from ..._torch_functions.factory import empty
from .. import functional as F
from .. import init
from ..module import Module
from ..parameter import Parameter

__all__ = ["LayerNorm", "GroupNorm"]


class LayerNorm(Module):
    """Applies layer normalization over the last ``len(normalized_shape)`` dimensions."""
    __module__ = "torch.nn.modules.normalization"
    __constants__ = ["normalized_shape", "eps", "elementwise_affine"]

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True,
                 device=None, dtype=None):
        factory_kwargs = {"device": device, "dtype": dtype}
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        _affine_parameters(self, self.normalized_shape, elementwise_affine, bias,
                           factory_kwargs)

    def reset_parameters(self):
        _reset_affine(self)

    def forward(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return ("{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}, "
                "bias={use_bias}".format(**self.__dict__, use_bias=self.bias is not None))


class GroupNorm(Module):
    """Applies group normalization over a mini-batch of inputs (N, C, ...)."""
    __module__ = "torch.nn.modules.normalization"
    __constants__ = ["num_groups", "num_channels", "eps", "affine"]

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, device=None,
                 dtype=None, *, bias=True):
        factory_kwargs = {"device": device, "dtype": dtype}
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(f"num_channels ({num_channels}) must be divisible by num_groups "
                             f"({num_groups})")
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        _affine_parameters(self, num_channels, affine, bias, factory_kwargs)

    def reset_parameters(self):
        _reset_affine(self)

    def forward(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return ("{num_groups}, {num_channels}, eps={eps}, affine={affine}, "
                "bias={use_bias}".format(**self.__dict__, use_bias=self.bias is not None))


def _affine_parameters(module, shape, affine, bias, factory_kwargs):
    """A norm layer's ``weight`` and ``bias`` (registered as None where it has none), made
    and initialised as torch's LayerNorm and GroupNorm make theirs."""
    if affine:
        module.weight = Parameter(empty(shape, **factory_kwargs))
        if bias:
            module.bias = Parameter(empty(shape, **factory_kwargs))
        else:
            module.register_parameter("bias", None)
    else:
        module.register_parameter("weight", None)
        module.register_parameter("bias", None)
    module.reset_parameters()


def _reset_affine(module):
    """Ones for the weight, zeros for the bias (torch's ``reset_parameters``)."""
    if module.weight is not None:
        init.ones_(module.weight)
        if module.bias is not None:
            init.zeros_(module.bias)
