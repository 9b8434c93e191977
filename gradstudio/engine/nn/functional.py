"""``torch.nn.functional``: the activation and loss functions tutorials use."""
from .._functions import log_softmax, relu, sigmoid, softmax, tanh

__all__ = ["relu", "sigmoid", "tanh", "softmax", "log_softmax", "mse_loss"]


def mse_loss(input, target, reduction="mean"):
    d = (input - target) ** 2
    if reduction == "mean":
        return d.mean()
    if reduction == "sum":
        return d.sum()
    return d
