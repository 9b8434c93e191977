"""``torch.optim``: the optimizers a first training loop uses and the common learning-rate
schedulers, updating parameters exactly as PyTorch's single-tensor CPU path does."""
from . import lr_scheduler
from .adagrad import Adagrad
from .adam import Adam, AdamW
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

__all__ = ["Adagrad", "Adam", "AdamW", "Optimizer", "RMSprop", "SGD", "lr_scheduler"]
