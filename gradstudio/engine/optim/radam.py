"""``torch.optim.RAdam``: Adam with the variance rectification term, in the order of
operations of PyTorch's ``_single_tensor_radam`` (the rectified step
``param.add_(exp_avg / bc1 * lr * (bc2 ** 0.5 / (exp_avg_sq.sqrt() + eps)) * rect,
alpha=-1)``, or the plain momentum step while rho_t <= 5) with PyTorch's kernels; with
``foreach=True``, ``_multi_tensor_radam``'s arithmetic (one buffer
``1 / ((sqrt(exp_avg_sq) + eps) / (-sqrt(bc2) * lr * rect / bc1)) - lr * unrectified / bc1``
and ``param.addcmul_(exp_avg, buffer)``)."""
from . import _kernels as K
from ._adam_family import AdamFamily, check_adam_settings
from ..observer import observed

__all__ = ["RAdam"]


class RAdam(AdamFamily):
    __module__ = "torch.optim.radam"
    _setstate_defaults = {**AdamFamily._setstate_defaults, "decoupled_weight_decay": False}

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False,
                 capturable=False, differentiable=False):
        check_adam_settings(lr, betas, eps, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "maximize": maximize,
                                  "foreach": foreach, "capturable": capturable,
                                  "decoupled_weight_decay": decoupled_weight_decay,
                                  "differentiable": differentiable})

    @staticmethod
    def _update(param, state, group):
        beta1, beta2 = group["betas"]
        lr, eps, weight_decay = group["lr"], group["eps"], group["weight_decay"]
        grad = param.grad if not group["maximize"] else -param.grad
        exp_avg, exp_avg_sq, step_t = state["exp_avg"], state["exp_avg_sq"], state["step"]
        step_t += 1
        step = step_t.item()
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:
                param.mul_(1 - lr * weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        K.lerp_(exp_avg, grad, 1 - beta1)
        K.addcmul_(exp_avg_sq.mul_(beta2), grad, grad, value=1 - beta2)
        if group["foreach"]:
            return _multi_tensor_step(param, exp_avg, exp_avg_sq, step, group)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        bias_corrected_exp_avg = exp_avg / bias_correction1
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if rho_t > 5.0:
            rect = ((rho_t - 4) * (rho_t - 2) * rho_inf
                    / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
            adaptive_lr = (bias_correction2 ** 0.5) / K.sqrt(exp_avg_sq).add_(eps)
            param.add_(bias_corrected_exp_avg * lr * adaptive_lr * rect, alpha=-1.0)
        else:
            param.add_(bias_corrected_exp_avg * lr, alpha=-1.0)


def _multi_tensor_step(param, exp_avg, exp_avg_sq, step, group):
    """The rest of ``_multi_tensor_radam``'s update (non-capturable), for one parameter."""
    beta1, beta2 = group["betas"]
    lr, eps = group["lr"], group["eps"]
    rho_inf = 2 / (1 - beta2) - 1
    rho_t = rho_inf - 2 * step * (beta2 ** step) / (1 - beta2 ** step)
    rect = ((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) \
        ** 0.5 if rho_t > 5 else 0
    unrectified = 0 if rect > 0 else 1.0
    bias_correction1 = 1 - beta1 ** step
    unrect_step_size = (lr * unrectified / bias_correction1) * -1
    bias_correction2 = ((1 - beta2 ** step) ** 0.5) * (lr * rect / bias_correction1) * -1
    buffer = K.sqrt(exp_avg_sq)
    buffer.add_(eps)
    buffer.div_(bias_correction2)           # (by -0.0 while unrectified: -inf)
    buffer.reciprocal_()
    buffer.add_(unrect_step_size)
    K.addcmul_(param, exp_avg, buffer)
