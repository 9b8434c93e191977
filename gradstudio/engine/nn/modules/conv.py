"""``nn.Conv1d`` and ``nn.Conv2d`` as ``torch/nn/modules/conv.py`` defines them: PyTorch's
checks, its initial weights from the seed (Kaiming uniform, the bias uniform within
1/sqrt(fan_in)) and its repr. Only ``padding_mode='zeros'`` pads (the others are refused
in words)."""
import math

from ..._autograd.grad_mode import no_grad
from ..._torch_functions.factory import empty
from .. import functional as F, init
from ..module import Module
from ..parameter import Parameter
from ...observer import observed

__all__ = ["Conv1d", "Conv2d"]


class _ConvNd(Module):
    __module__ = "torch.nn.modules.conv"
    __constants__ = ["stride", "padding", "dilation", "groups", "padding_mode",
                     "output_padding", "in_channels", "out_channels", "kernel_size"]
    _n = 2
    _fn = None

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 dilation=1, groups=1, bias=True, padding_mode="zeros", device=None,
                 dtype=None):
        super().__init__()
        n = self._n
        kernel_size, stride = F.ntuple(kernel_size, n), F.ntuple(stride, n)
        dilation = F.ntuple(dilation, n)
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                valid = {"same", "valid"}     # (printed as Python prints this set)
                raise ValueError(f"Invalid padding string {padding!r}, should be one of "
                                 f"{valid}")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        else:
            padding = F.ntuple(padding, n)
        modes = ("zeros", "reflect", "replicate", "circular")
        if padding_mode not in modes:
            raise ValueError(f"padding_mode must be one of {set(modes)}, but got "
                             f"padding_mode='{padding_mode}'")
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.dilation, self.transposed = dilation, False
        self.output_padding, self.groups = (0,) * n, groups
        self.padding_mode = padding_mode
        self.weight = Parameter(empty((out_channels, in_channels // groups, *kernel_size),
                                      device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(empty(out_channels, device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        with no_grad():
            init.kaiming_uniform_(self.weight, a=math.sqrt(5))
            if self.bias is not None:
                fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
                bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
                init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        if self.padding_mode != "zeros":
            raise NotImplementedError(f"GradStudio's engine pads convolutions with zeros "
                                      f"only, not padding_mode='{self.padding_mode}'; use "
                                      "padding_mode='zeros'.")
        return type(self)._fn(input, self.weight, self.bias, self.stride, self.padding,
                              self.dilation, self.groups)

    def extra_repr(self):
        s = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
             f"stride={self.stride}")
        if self.padding != (0,) * len(self.kernel_size):
            s += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += f", dilation={self.dilation}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += f", padding_mode={self.padding_mode}"
        return s


class Conv1d(_ConvNd):
    __module__ = "torch.nn.modules.conv"
    _n = 1
    _fn = staticmethod(F.conv1d)

    @observed("torch.nn.Conv1d")
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


class Conv2d(_ConvNd):
    __module__ = "torch.nn.modules.conv"
    _n = 2
    _fn = staticmethod(F.conv2d)

    @observed("torch.nn.Conv2d")
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
