"""``torch.optim.Adam`` and ``AdamW``: amsgrad, weight decay (L2 or decoupled), maximize,
in the order of operations of PyTorch's ``_single_tensor_adam``: ``step`` a 0-d tensor
counted in place, the bias corrections Python floats, ``exp_avg.lerp_(grad, 1 - beta1)``,
``exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)``,
``denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)`` and
``param.addcdiv_(exp_avg, denom, value=-step_size)``, each kernel PyTorch's own (see
``_kernels``), so float32 parameters follow PyTorch's bit for bit. ``foreach=True`` runs
the same loop (PyTorch's foreach kernels give the same bits on the CPU)."""
from .. import _grad_mode
from .._core import TensorCore
from .._factory import tensor, zeros_like
from . import _kernels as K
from .optimizer import Optimizer, _engine_limits, _get_scalar_dtype, _step_counter

__all__ = ["Adam", "AdamW"]

_CAPTURABLE_DEVICES = "['cuda', 'xpu', 'hpu', 'privateuseone', 'xla']"


def _capturable_error():
    # what PyTorch's CPU build raises at the first step of a capturable optimizer
    return AssertionError("If capturable=True, params and state_steps must be on supported "
                          f"devices: {_CAPTURABLE_DEVICES}.")


def _tensor_steps(optimizer):
    """``__setstate__``'s upgrade of Python-number steps to 0-d tensors."""
    for group in optimizer.param_groups:
        for p in group["params"]:
            p_state = optimizer.state.get(p, [])
            if len(p_state) != 0 and not isinstance(p_state["step"], TensorCore):
                p_state["step"] = tensor(float(p_state["step"]), dtype=_get_scalar_dtype())


class Adam(Optimizer):
    __module__ = "torch.optim.adam"

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        if isinstance(lr, TensorCore):
            if foreach and not capturable:
                raise ValueError("lr as a Tensor is not supported for capturable=False and "
                                 "foreach=True")
            if lr.numel() != 1:
                raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not ((isinstance(betas[0], float) and isinstance(betas[1], float))
                or (isinstance(betas[0], TensorCore) and isinstance(betas[1], TensorCore))):
            raise ValueError("betas must be either both floats or both Tensors")
        for i in (0, 1):
            if isinstance(betas[i], TensorCore):
                if not capturable and foreach:
                    raise ValueError(f"betas[{i}] as a Tensor is not supported for "
                                     "capturable=False and foreach=True")
                if betas[i].numel() != 1:
                    raise ValueError(f"Tensor betas[{i}] must be 1-element")
        betas = tuple(betas)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "amsgrad": amsgrad, "maximize": maximize, "foreach": foreach,
                    "capturable": capturable, "differentiable": differentiable,
                    "fused": fused, "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError("`fused` does not support `differentiable`")
            if foreach:
                raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        _engine_limits(lr, fused, differentiable, *betas)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("amsgrad", False)
            group.setdefault("maximize", False)
            group.setdefault("foreach", None)
            group.setdefault("capturable", False)
            group.setdefault("differentiable", False)
            group.setdefault("decoupled_weight_decay", False)
            group.setdefault("fused", None)
        _tensor_steps(self)

    def _init_group(self, group):
        """The parameters with a gradient, their state made on first sight (as PyTorch's
        ``_init_group``: every one of the group before any update)."""
        params = []
        for p in group["params"]:
            if p.grad is None:
                continue
            params.append(p)
            state = self.state[p]
            if len(state) == 0:
                state["step"] = _step_counter()
                state["exp_avg"] = zeros_like(p)
                state["exp_avg_sq"] = zeros_like(p)
                if group["amsgrad"]:
                    state["max_exp_avg_sq"] = zeros_like(p)
        return params

    def step(self, closure=None):
        loss = None
        with self._no_grad_step():
            if closure is not None:
                with _grad_mode.enable_grad():
                    loss = closure()
            for group in self.param_groups:
                params = self._init_group(group)
                if params and group["capturable"]:
                    raise _capturable_error()
                for p in params:
                    self._update(p, self.state[p], group)
        return loss

    @staticmethod
    def _update(param, state, group):
        beta1, beta2 = group["betas"]
        lr, weight_decay, eps = group["lr"], group["weight_decay"], group["eps"]
        grad = param.grad if not group["maximize"] else -param.grad
        exp_avg, exp_avg_sq, step_t = state["exp_avg"], state["exp_avg_sq"], state["step"]
        step_t += 1
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:
                param.mul_(1 - lr * weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        K.lerp_(exp_avg, grad, 1 - beta1)
        K.addcmul_(exp_avg_sq.mul_(beta2), grad, grad, value=1 - beta2)
        step = step_t.item()
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = bias_correction2 ** 0.5
        if group["amsgrad"]:
            max_exp_avg_sq = state["max_exp_avg_sq"]
            K.maximum_out(max_exp_avg_sq, exp_avg_sq, out=max_exp_avg_sq)
            denom = (K.sqrt(max_exp_avg_sq) / bias_correction2_sqrt).add_(eps)
        else:
            denom = (K.sqrt(exp_avg_sq) / bias_correction2_sqrt).add_(eps)
        K.addcdiv_(param, exp_avg, denom, value=-step_size)


class AdamW(Adam):
    """Adam with decoupled weight decay (``decoupled_weight_decay=True`` always)."""
    __module__ = "torch.optim.adamw"

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False, foreach=None, capturable=False,
                 differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach,
                         maximize=maximize, capturable=capturable,
                         differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group["decoupled_weight_decay"] = True
