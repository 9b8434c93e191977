"""``torch.nn``: ``Module`` and ``Parameter``, the common layers, activations, containers
and losses, ``init`` and ``functional``."""
from . import functional, init
from .module import Module
from .modules import (CrossEntropyLoss, Flatten, Identity, L1Loss, Linear, LogSoftmax,
                      ModuleList, MSELoss, NLLLoss, ReLU, Sequential, Sigmoid, Softmax, Tanh)
from .parameter import Parameter

__all__ = ["functional", "init", "Module", "Parameter", "Linear", "Identity", "Flatten",
           "Sequential", "ModuleList", "ReLU", "Tanh", "Sigmoid", "Softmax", "LogSoftmax",
           "MSELoss", "L1Loss", "NLLLoss", "CrossEntropyLoss"]
