"""``torch.optim.NAdam``: Adam with Nesterov momentum (``mu_product`` a 0-d float32 tensor
multiplied in place, as PyTorch keeps it), in the order of operations of PyTorch's
``_single_tensor_nadam`` with PyTorch's kernels (see ``_kernels``); with ``foreach=True``
the denominator is ``_multi_tensor_nadam``'s (``sqrt(exp_avg_sq) / sqrt(bias_correction2)``
where the single-tensor path takes ``sqrt(exp_avg_sq / bias_correction2)``)."""
from . import _kernels as K
from ._adam_family import AdamFamily, check_adam_settings
from ..observer import observed

__all__ = ["NAdam"]


class NAdam(AdamFamily):
    __module__ = "torch.optim.nadam"
    _setstate_defaults = {**AdamFamily._setstate_defaults, "decoupled_weight_decay": False}
    _state_keys = ("mu_product", "exp_avg", "exp_avg_sq")

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 momentum_decay=4e-3, decoupled_weight_decay=False, *, foreach=None,
                 maximize=False, capturable=False, differentiable=False):
        check_adam_settings(lr, betas, eps, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay,
                                  "momentum_decay": momentum_decay,
                                  "decoupled_weight_decay": decoupled_weight_decay,
                                  "maximize": maximize, "foreach": foreach,
                                  "capturable": capturable, "differentiable": differentiable})

    @staticmethod
    def _update(param, state, group):
        beta1, beta2 = group["betas"]
        lr, eps, weight_decay = group["lr"], group["eps"], group["weight_decay"]
        momentum_decay = group["momentum_decay"]
        grad = param.grad if not group["maximize"] else -param.grad
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        mu_product, step_t = state["mu_product"], state["step"]
        step_t += 1
        step = step_t.item()
        bias_correction2 = 1 - beta2 ** step
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:
                param.mul_(1 - lr * weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
        mu_product *= mu
        K.lerp_(exp_avg, grad, 1 - beta1)
        K.addcmul_(exp_avg_sq.mul_(beta2), grad, grad, value=1 - beta2)
        if group["foreach"]:
            denom = K.sqrt(exp_avg_sq).div_(bias_correction2 ** 0.5)
        else:
            denom = K.sqrt(exp_avg_sq.div(bias_correction2))
        mu_product_next = mu_product.item() * mu_next
        denom.add_(eps)
        K.addcdiv_(param, grad, denom, value=(-lr * (1.0 - mu) / (1.0 - mu_product.item())))
        K.addcdiv_(param, exp_avg, denom, value=(-lr * mu_next) / (1.0 - mu_product_next))
