"""``torch.optim.Adamax``: Adam with the infinity norm, in the order of operations of
PyTorch's ``_single_tensor_adamax`` (``exp_avg.lerp_``, ``torch.maximum(exp_inf.mul_(beta2),
grad.abs().add_(eps), out=exp_inf)``, ``param.addcdiv_(exp_avg, exp_inf, value=-clr)``)
with PyTorch's kernels (see ``_kernels``)."""
from . import _kernels as K
from ._adam_family import AdamFamily, check_adam_settings
from ..observer import observed

__all__ = ["Adamax"]


class Adamax(AdamFamily):
    __module__ = "torch.optim.adamax"
    _state_keys = ("exp_avg", "exp_inf")

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 foreach=None, *, maximize=False, differentiable=False, capturable=False):
        check_adam_settings(lr, betas, eps, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "foreach": foreach,
                                  "maximize": maximize, "differentiable": differentiable,
                                  "capturable": capturable})

    @staticmethod
    def _update(param, state, group):
        beta1, beta2 = group["betas"]
        lr, eps, weight_decay = group["lr"], group["eps"], group["weight_decay"]
        grad = param.grad if not group["maximize"] else -param.grad
        exp_avg, exp_inf, step_t = state["exp_avg"], state["exp_inf"], state["step"]
        step_t += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        K.lerp_(exp_avg, grad, 1 - beta1)
        K.maximum_out(exp_inf.mul_(beta2), grad.abs().add_(eps), exp_inf)
        bias_correction = 1 - beta1 ** step_t.item()
        clr = lr / bias_correction
        K.addcdiv_(param, exp_avg, exp_inf, value=-clr)
