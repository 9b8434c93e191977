"""``torch.optim.SGD``: momentum, dampening, Nesterov, weight decay and maximize, updating
each parameter in the order of operations of PyTorch's ``_single_tensor_sgd`` (so float32
results match it bit for bit: ``add`` with ``alpha`` is the fused multiply-add PyTorch's
kernels compute)."""
from .. import _grad_mode
from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0,
                 nesterov=False, *, maximize=False, foreach=None, differentiable=False,
                 fused=None):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        if fused:
            raise RuntimeError("GradStudio's engine has no fused optimizer kernels; leave "
                               "fused unset (PyTorch's CPU default)")
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with _grad_mode.enable_grad():
                loss = closure()
        with self._no_grad_step():
            for group in self.param_groups:
                self._update(group)
        return loss

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
                    buf.mul_(momentum).add_(grad, alpha=1 - group["dampening"])
                state["momentum_buffer"] = buf
                grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
            p.add_(grad, alpha=-lr)
