"""``torch.optim.RMSprop``: alpha, eps, weight decay, momentum, centered and maximize, in
the order of operations of PyTorch's ``_single_tensor_rmsprop`` with PyTorch's kernels
(see ``_kernels``), so float32 parameters follow PyTorch's bit for bit. ``foreach=True``
runs the same loop (PyTorch's foreach kernels give the same bits on the CPU)."""
from .._tensor_class.core import TensorCore
from ..observer import observed
from .._torch_functions.factory import zeros_like
from . import _kernels as K
from .adam import _tensor_steps
from .optimizer import Optimizer, check_non_negative, _engine_limits, _step_counter

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    __module__ = "torch.optim.rmsprop"

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False, capturable=False, foreach=None, maximize=False,
                 differentiable=False):
        if isinstance(lr, TensorCore) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        check_non_negative(("learning rate", lr), ("epsilon value", eps),
                           ("momentum value", momentum), ("weight_decay value", weight_decay),
                           ("alpha value", alpha))
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps,
                    "centered": centered, "weight_decay": weight_decay,
                    "capturable": capturable, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable}
        super().__init__(params, defaults)
        _engine_limits(lr, None, differentiable)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("momentum", 0)
            group.setdefault("centered", False)
            group.setdefault("foreach", None)
            group.setdefault("maximize", False)
            group.setdefault("differentiable", False)
            group.setdefault("capturable", False)
        _tensor_steps(self)

    @staticmethod
    def _new_state(p, group):
        state = {"step": _step_counter(), "square_avg": zeros_like(p)}
        if group["momentum"] > 0:
            state["momentum_buffer"] = zeros_like(p)
        if group["centered"]:
            state["grad_avg"] = zeros_like(p)
        return state

    @observed("torch.optim.Optimizer.step")
    def step(self, closure=None):
        return self._stepped(closure, self._step_group)

    def _step_group(self, group):
        for p in self._with_grad(group, self._new_state):
            self._update(p, self.state[p], group)

    @staticmethod
    def _update(param, state, group):
        lr, alpha, eps = group["lr"], group["alpha"], group["eps"]
        momentum, weight_decay = group["momentum"], group["weight_decay"]
        grad = param.grad if not group["maximize"] else -param.grad
        square_avg, step = state["square_avg"], state["step"]
        step += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        K.addcmul_(square_avg.mul_(alpha), grad, grad, value=1 - alpha)
        if group["centered"]:
            grad_avg = state["grad_avg"]
            K.lerp_(grad_avg, grad, 1 - alpha)
            avg = K.sqrt_(K.addcmul(square_avg, grad_avg, grad_avg, value=-1))
        else:
            avg = K.sqrt(square_avg)
        avg = avg.add_(eps)
        if momentum > 0:
            buf = state["momentum_buffer"]
            K.addcdiv_(buf.mul_(momentum), grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            K.addcdiv_(param, grad, avg, value=-lr)
