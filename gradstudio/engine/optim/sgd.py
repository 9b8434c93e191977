"""``torch.optim.SGD``: momentum, dampening, Nesterov, weight decay and maximize, updating
each parameter in the order of operations of PyTorch's ``_single_tensor_sgd`` (so float32
results match it bit for bit: ``add`` with ``alpha`` is the fused multiply-add PyTorch's
kernels compute). ``foreach=True`` runs the same loop: PyTorch's foreach kernels give the
same bits on the CPU."""
from .._tensor_class.core import TensorCore
from ..observer import observed
from .optimizer import Optimizer, check_fused, check_non_negative, _engine_limits
from ._kernels import add_

__all__ = ["SGD"]


class SGD(Optimizer):
    __module__ = "torch.optim.sgd"

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0,
                 nesterov=False, *, maximize=False, foreach=None, differentiable=False,
                 fused=None):
        if isinstance(lr, TensorCore) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        check_non_negative(("learning rate", lr), ("momentum value", momentum),
                           ("weight_decay value", weight_decay), nan_passes=True)
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)
        check_fused(fused, differentiable, foreach)
        _engine_limits(lr, fused)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("nesterov", False)
            group.setdefault("maximize", False)
            group.setdefault("foreach", None)
            group.setdefault("differentiable", False)
            group.setdefault("fused", False)

    @observed("torch.optim.Optimizer.step")
    def step(self, closure=None):
        return self._stepped(closure, self._update)

    def _update(self, group):
        momentum, lr = group["momentum"], group["lr"]
        for p in group["params"]:
            if p.grad is None:
                continue
            grad = p.grad if not group["maximize"] else -p.grad
            if group["weight_decay"] != 0:
                grad = grad.add(p, alpha=group["weight_decay"])
            if momentum != 0:
                state = self.state[p]
                buf = state.get("momentum_buffer")
                if buf is None:
                    buf = grad.detach().clone()
                else:
                    add_(buf.mul_(momentum), grad, 1 - group["dampening"])
                state["momentum_buffer"] = buf
                grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
            add_(p, grad, -lr)
