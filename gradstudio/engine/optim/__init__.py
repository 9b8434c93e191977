"""``torch.optim``: the optimizers a first training loop uses and the common learning-rate
schedulers, updating parameters exactly as PyTorch's single-tensor CPU path does."""
from . import lr_scheduler
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam, AdamW
from .adamax import Adamax
from .lbfgs import LBFGS
from .nadam import NAdam
from .optimizer import Optimizer
from .radam import RAdam
from .rmsprop import RMSprop
from .sgd import SGD

__all__ = ["Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "LBFGS", "NAdam", "Optimizer", "RAdam",
           "RMSprop", "SGD", "lr_scheduler"]

from .._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
