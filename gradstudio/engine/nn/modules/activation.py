"""The activation modules of ``torch/nn/modules/activation.py`` that wrap the engine's
functions."""
from .. import functional as F
from ..module import Module

__all__ = ["ReLU", "Tanh", "Sigmoid", "Softmax", "LogSoftmax", "LeakyReLU", "ELU", "GELU",
           "SiLU", "Softplus", "Hardtanh", "ReLU6", "LogSigmoid"]


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
        return type(self)._fn(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f"dim={self.dim}"


class Softmax(_AlongDim):
    __module__ = "torch.nn.modules.activation"
    _fn = staticmethod(F.softmax)


class LogSoftmax(_AlongDim):
    __module__ = "torch.nn.modules.activation"
    _fn = staticmethod(F.log_softmax)


class _Functional(Module):
    """An activation module that calls its ``torch.nn.functional`` function with the
    keyword arguments it was built with (its ``__constants__``)."""
    __module__ = "torch.nn.modules.activation"
    __constants__ = []
    _defaults = {}

    def __init__(self, *args, **kwargs):
        super().__init__()
        names = list(self._defaults)
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}.__init__() takes from 1 to "
                            f"{len(names) + 1} positional arguments but {len(args) + 1} "
                            "were given")
        values = dict(self._defaults, **dict(zip(names, args)))
        for key, value in kwargs.items():
            if key not in values:
                raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword "
                                f"argument '{key}'")
            values[key] = value
        for key, value in values.items():
            setattr(self, key, value)

    def forward(self, input):
        return getattr(F, self._function)(input, **{k: getattr(self, k)
                                                    for k in self._defaults})

    def extra_repr(self):
        return ", ".join(f"{k}={getattr(self, k)!r}" if isinstance(getattr(self, k), str)
                         else f"{k}={getattr(self, k)}" for k in self._shown)


def _functional(name, function, defaults, shown=None, repr_=None):
    cls = type(name, (_Functional,), {"_function": function, "_defaults": defaults,
                                      "_shown": tuple(defaults if shown is None else shown),
                                      "__constants__": list(defaults),
                                      "__module__": "torch.nn.modules.activation"})
    if repr_ is not None:
        cls.extra_repr = repr_
    return cls


LeakyReLU = _functional("LeakyReLU", "leaky_relu",
                        {"negative_slope": 0.01, "inplace": False},
                        repr_=lambda self: f"negative_slope={self.negative_slope}"
                        + (", inplace=True" if self.inplace else ""))
ELU = _functional("ELU", "elu", {"alpha": 1.0, "inplace": False},
                  repr_=lambda self: f"alpha={self.alpha}"
                  + (", inplace=True" if self.inplace else ""))
GELU = _functional("GELU", "gelu", {"approximate": "none"})
SiLU = _functional("SiLU", "silu", {"inplace": False},
                   repr_=lambda self: "inplace=True" if self.inplace else "")
Softplus = _functional("Softplus", "softplus", {"beta": 1.0, "threshold": 20.0})
Hardtanh = _functional("Hardtanh", "hardtanh",
                       {"min_val": -1.0, "max_val": 1.0, "inplace": False},
                       repr_=lambda self: f"min_val={self.min_val}, max_val={self.max_val}"
                       + (", inplace=True" if self.inplace else ""))
ReLU6 = _functional("ReLU6", "relu6", {"inplace": False},
                    repr_=lambda self: "inplace=True" if self.inplace else "")
LogSigmoid = _functional("LogSigmoid", "logsigmoid", {})
