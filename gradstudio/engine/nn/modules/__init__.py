"""The layers, activations, containers and losses of ``torch.nn``."""
from .activation import LogSoftmax, ReLU, Sigmoid, Softmax, Tanh
from .container import ModuleList, Sequential
from .linear import Flatten, Identity, Linear
from .loss import CrossEntropyLoss, L1Loss, MSELoss, NLLLoss

__all__ = ["Linear", "Identity", "Flatten", "Sequential", "ModuleList", "ReLU", "Tanh",
           "Sigmoid", "Softmax", "LogSoftmax", "MSELoss", "L1Loss", "NLLLoss",
           "CrossEntropyLoss"]
