"""``torch.optim.Adagrad``: lr decay, weight decay, initial accumulator value, eps and
maximize, in the order of operations of PyTorch's ``_single_tensor_adagrad`` with
PyTorch's kernels (see ``_kernels``), so float32 parameters follow PyTorch's bit for bit.
As in PyTorch, the constructor already makes every parameter's state (``step`` and
``sum``). ``foreach=True`` runs the same loop (PyTorch's foreach kernels give the same
bits on the CPU)."""
from .._tensor_class.core import TensorCore
from ..observer import observed
from .._torch_functions.factory import full_like, tensor
from . import _kernels as K
from .optimizer import (Optimizer, check_fused, check_non_negative, _engine_limits,
                        _get_scalar_dtype, _step_counter)

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    __module__ = "torch.optim.adagrad"

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0,
                 initial_accumulator_value=0, eps=1e-10, foreach=None, *, maximize=False,
                 differentiable=False, fused=None):
        if isinstance(lr, TensorCore) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        check_non_negative(("learning rate", lr), ("lr_decay value", lr_decay),
                           ("weight_decay value", weight_decay),
                           ("initial_accumulator_value value", initial_accumulator_value),
                           ("epsilon value", eps))
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value,
                    "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable, "fused": fused}
        super().__init__(params, defaults)
        check_fused(fused, differentiable, foreach)
        _engine_limits(lr, fused, differentiable)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = _step_counter()
                state["sum"] = full_like(p, initial_accumulator_value)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("foreach", None)
            group.setdefault("maximize", False)
            group.setdefault("differentiable", False)
            group.setdefault("fused", None)
            for p in group["params"]:
                p_state = self.state.get(p, [])
                if len(p_state) != 0 and not isinstance(p_state["step"], TensorCore):
                    p_state["step"] = tensor(float(p_state["step"]),
                                             dtype=_get_scalar_dtype())
        state_values = list(self.state.values())
        step_is_tensor = (len(state_values) != 0) and isinstance(state_values[0]["step"],
                                                                 TensorCore)
        if not step_is_tensor:
            for s in state_values:
                s["step"] = tensor(float(s["step"]), dtype=_get_scalar_dtype())

    def _new_state(self, p, group):
        return {"step": _step_counter(),
                "sum": full_like(p, self.defaults["initial_accumulator_value"])}

    @observed("torch.optim.Optimizer.step")
    def step(self, closure=None):
        return self._stepped(closure, self._step_group)

    def _step_group(self, group):
        for p in self._with_grad(group, self._new_state):
            self._update(p, self.state[p], group)

    @staticmethod
    def _update(param, state, group):
        lr, lr_decay, eps = group["lr"], group["lr_decay"], group["eps"]
        step_t, state_sum = state["step"], state["sum"]
        step_t += 1
        step = step_t.item()
        grad = param.grad if not group["maximize"] else -param.grad
        if group["weight_decay"] != 0:
            grad = grad.add(param, alpha=group["weight_decay"])
        clr = lr / (1 + (step - 1) * lr_decay)
        K.addcmul_(state_sum, grad, grad, value=1)
        std = K.sqrt(state_sum).add_(eps)
        K.addcdiv_(param, grad, std, value=-clr)
