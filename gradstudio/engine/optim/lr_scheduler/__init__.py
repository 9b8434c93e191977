"""``torch.optim.lr_scheduler``: every scheduler of ``torch/optim/lr_scheduler.py``, with
its warnings, ``get_last_lr``, ``state_dict``/``load_state_dict`` and its floats (learning
rates are Python numbers here: the engine takes no tensor lr)."""
from ._annealing import (ConstantLR, CosineAnnealingLR, CosineAnnealingWarmRestarts,
                         LinearLR, PolynomialLR)
from ._base import (EPOCH_DEPRECATION_WARNING, ExponentialLR, LambdaLR, LRScheduler,
                    MultiplicativeLR, MultiStepLR, StepLR, _LRScheduler)
from ._composite import ChainedScheduler, SequentialLR
from ._cyclic import CyclicLR, OneCycleLR
from ._plateau import ReduceLROnPlateau

__all__ = ["LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR", "LinearLR",
           "ExponentialLR", "SequentialLR", "CosineAnnealingLR", "ChainedScheduler",
           "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts", "OneCycleLR",
           "PolynomialLR", "LRScheduler"]

from ..._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
