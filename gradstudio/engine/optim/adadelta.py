"""``torch.optim.Adadelta``: in the order of operations of PyTorch's
``_single_tensor_adadelta`` (``square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)``,
``std = square_avg.add(eps).sqrt_()``, ``delta = acc_delta.add(eps).sqrt_().div_(std)
.mul_(grad)``, ``acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)``,
``param.add_(delta, alpha=-lr)``) with PyTorch's kernels (see ``_kernels``)."""
from .._torch_functions.factory import zeros_like
from . import _kernels as K
from ._adam_family import AdamFamily
from .optimizer import check_non_negative, _step_counter
from ..observer import observed

__all__ = ["Adadelta"]


class Adadelta(AdamFamily):
    __module__ = "torch.optim.adadelta"

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
                 capturable=False, maximize=False, differentiable=False):
        if hasattr(lr, "numel") and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        check_non_negative(("learning rate", lr))
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        check_non_negative(("epsilon value", eps), ("weight_decay value", weight_decay))
        super().__init__(params, {"lr": lr, "rho": rho, "eps": eps,
                                  "weight_decay": weight_decay, "maximize": maximize,
                                  "capturable": capturable, "foreach": foreach,
                                  "differentiable": differentiable})

    def _new_state(self, p, group):
        return {"step": _step_counter(), "square_avg": zeros_like(p),
                "acc_delta": zeros_like(p)}

    @staticmethod
    def _update(param, state, group):
        lr, rho, eps, weight_decay = group["lr"], group["rho"], group["eps"], \
            group["weight_decay"]
        square_avg, acc_delta, step = state["square_avg"], state["acc_delta"], state["step"]
        step += 1
        grad = param.grad if not group["maximize"] else -param.grad
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        K.addcmul_(square_avg.mul_(rho), grad, grad, value=1 - rho)
        std = K.sqrt_(square_avg.add(eps))
        delta = K.sqrt_(acc_delta.add(eps))
        delta.div_(std).mul_(grad)
        K.addcmul_(acc_delta.mul_(rho), delta, delta, value=1 - rho)
        param.add_(delta, alpha=-lr)
