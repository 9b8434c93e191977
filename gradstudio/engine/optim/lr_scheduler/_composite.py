"""``SequentialLR`` (one scheduler after another at milestones) and ``ChainedScheduler``
(several stepped together), as ``torch/optim/lr_scheduler.py`` has them. Their
constructors and steps are observed as one call each, like every schedule's: what they
do to the schedulers inside is theirs, not the script's."""
from bisect import bisect_right

from ...observer import observed
from ._base import LRScheduler, _lrs
from ._plateau import ReduceLROnPlateau

__all__ = ["SequentialLR", "ChainedScheduler"]


def _check_schedulers(owner, optimizer, schedulers):
    name = owner.__class__.__name__
    for scheduler_idx, scheduler in enumerate(schedulers):
        if not hasattr(scheduler, "optimizer"):
            raise TypeError(f"{name} at index {scheduler_idx} should have `optimizer` as its "
                            "attribute.")
        if isinstance(scheduler, ReduceLROnPlateau):
            raise ValueError(
                f"{name} does not support `ReduceLROnPlateau` scheduler as it requires "
                "additional kwargs to be specified when calling `step`, but got one at index "
                f"{scheduler_idx} in the given schedulers sequence.")
        if optimizer != scheduler.optimizer:
            raise ValueError(
                f"{name} expects all schedulers to belong to the same optimizer, but got "
                f"scheduler {scheduler.__class__.__name__} at index {scheduler_idx} has "
                f"{scheduler.optimizer}, which is different from "
                f"{optimizer.__class__.__name__}.")


class _NestedState:
    """``state_dict``/``load_state_dict`` holding each inner scheduler's own state."""

    def state_dict(self):
        state_dict = {key: value for key, value in self.__dict__.items()
                      if key not in ("optimizer", "_schedulers")}
        state_dict["_schedulers"] = [s.state_dict() for s in self._schedulers]
        return state_dict

    def load_state_dict(self, state_dict):
        _schedulers = state_dict.pop("_schedulers")
        self.__dict__.update(state_dict)
        state_dict["_schedulers"] = _schedulers
        for idx, s in enumerate(_schedulers):
            self._schedulers[idx].load_state_dict(s)


class SequentialLR(_NestedState, LRScheduler):
    """Runs ``schedulers[i]`` from ``milestones[i - 1]`` on."""

    @observed("torch.optim.lr_scheduler.LRScheduler")
    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        if len(schedulers) < 1:
            raise ValueError(f"{self.__class__.__name__} expects at least one scheduler, but "
                             "got no scheduler.")
        _check_schedulers(self, optimizer, schedulers)
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                "Sequential Schedulers expects number of schedulers provided to be one more "
                f"than the number of milestone points, but got number of schedulers "
                f"{len(schedulers)} and the number of milestones to be equal to "
                f"{len(milestones)}")
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        for group in self.optimizer.param_groups:   # reset what the schedulers changed
            group["lr"] = group["initial_lr"]
        self.recursive_undo()                        # and their initial steps
        idx = bisect_right(self._milestones, 0)
        self._schedulers[idx]._initial_step()
        self._last_lr = schedulers[idx].get_last_lr()

    def recursive_undo(self, sched=None):
        scheds = self if sched is None else sched
        if hasattr(scheds, "_schedulers"):
            for s in scheds._schedulers:
                self.recursive_undo(s)
        elif hasattr(scheds, "last_epoch"):
            scheds.last_epoch -= 1

    @observed("torch.optim.lr_scheduler.LRScheduler.step")
    def step(self):
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler._update_lr(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()


class ChainedScheduler(_NestedState, LRScheduler):
    """Steps every scheduler in turn, each multiplying into the same learning rates."""

    @observed("torch.optim.lr_scheduler.LRScheduler")
    def __init__(self, schedulers, optimizer=None):
        if len(schedulers) < 1:
            raise ValueError(f"{self.__class__.__name__} expects at least one scheduler to be "
                             "chained, but got no scheduler.")
        optimizer = optimizer or schedulers[0].optimizer
        _check_schedulers(self, optimizer, schedulers)
        self._schedulers = schedulers
        self.optimizer = optimizer
        self._last_lr = _lrs(self._schedulers[-1].optimizer, "lr")

    @observed("torch.optim.lr_scheduler.LRScheduler.step")
    def step(self):
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = _lrs(self._schedulers[-1].optimizer, "lr")


for _cls in (SequentialLR, ChainedScheduler):
    _cls.__module__ = "torch.optim.lr_scheduler"
