"""What Adamax, NAdam and RAdam share with Adam: PyTorch's constructor checks and the
state a parameter starts with."""
from .._torch_functions.factory import tensor, zeros_like
from ..observer import observed
from .adam import _tensor_steps
from .optimizer import Optimizer, check_non_negative, _engine_limits, _get_scalar_dtype, \
    _step_counter

__all__ = ["AdamFamily", "check_adam_settings"]


def check_adam_settings(lr, betas, eps, weight_decay):
    """PyTorch's checks, in its order (a tensor lr must have one element)."""
    if hasattr(lr, "numel") and lr.numel() != 1:
        raise ValueError("Tensor lr must be 1-element")
    check_non_negative(("learning rate", lr), ("epsilon value", eps))
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    check_non_negative(("weight_decay value", weight_decay))


class AdamFamily(Optimizer):
    """The common frame: ``defaults`` as given, the engine's limits, PyTorch's
    ``__setstate__`` defaults, and ``step`` = each parameter's ``_update`` in turn."""
    _setstate_defaults = {"foreach": None, "maximize": False, "differentiable": False,
                          "capturable": False}
    _state_keys = ("exp_avg", "exp_avg_sq")

    def __init__(self, params, defaults):
        super().__init__(params, defaults)
        _engine_limits(defaults["lr"], None, defaults["differentiable"])

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            for key, value in self._setstate_defaults.items():
                group.setdefault(key, value)
        _tensor_steps(self)
        for p_state in self.state.values():
            if "mu_product" in p_state and not hasattr(p_state["mu_product"], "numel"):
                p_state["mu_product"] = tensor(p_state["mu_product"],
                                               dtype=_get_scalar_dtype())

    def _new_state(self, p, group):
        state = {"step": _step_counter()}
        if "mu_product" in self._state_keys:
            state["mu_product"] = _step_counter(1.0)
        state.update({key: zeros_like(p) for key in self._state_keys if key != "mu_product"})
        return state

    @observed("torch.optim.Optimizer.step")
    def step(self, closure=None):
        return self._stepped(closure, self._step_group)

    def _step_group(self, group):
        for p in self._with_grad(group, self._new_state):
            self._update(p, self.state[p], group)
