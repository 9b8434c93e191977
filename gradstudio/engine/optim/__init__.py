"""``torch.optim``: the optimizers a first training loop uses, updating parameters
exactly as PyTorch's single-tensor CPU path does."""
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ["Optimizer", "SGD"]
