"""``torch.optim.Adam`` and ``AdamW``: amsgrad, weight decay (L2 or decoupled), maximize,
in the order of operations of PyTorch's ``_single_tensor_adam``: ``step`` a 0-d tensor
counted in place, the bias corrections Python floats, ``exp_avg.lerp_(grad, 1 - beta1)``,
``exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)``,
``denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)`` and
``param.addcdiv_(exp_avg, denom, value=-step_size)``, each kernel PyTorch's own (see
``_kernels``), so float32 parameters follow PyTorch's bit for bit. ``foreach=True`` runs
the same loop (PyTorch's foreach kernels give the same bits on the CPU)."""
import numpy as np

from .._tensor_class.core import TensorCore
from ..observer import observed
from .._torch_functions.factory import tensor, zeros_like
from .._cpu_kernels.elementwise import EXACT_LIMIT, sqrt
from .._ops.record import plus_scaled
from . import _kernels as K
from .optimizer import (Optimizer, check_fused, check_non_negative, _engine_limits,
                        _get_scalar_dtype, _step_counter)

__all__ = ["Adam", "AdamW"]

def _tensor_steps(optimizer):
    """``__setstate__``'s upgrade of Python-number steps to 0-d tensors."""
    for group in optimizer.param_groups:
        for p in group["params"]:
            p_state = optimizer.state.get(p, [])
            if len(p_state) != 0 and not isinstance(p_state["step"], TensorCore):
                p_state["step"] = tensor(float(p_state["step"]), dtype=_get_scalar_dtype())


class Adam(Optimizer):
    __module__ = "torch.optim.adam"

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        if isinstance(lr, TensorCore):
            if foreach and not capturable:
                raise ValueError("lr as a Tensor is not supported for capturable=False and "
                                 "foreach=True")
            if lr.numel() != 1:
                raise ValueError("Tensor lr must be 1-element")
        check_non_negative(("learning rate", lr), ("epsilon value", eps))
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        check_non_negative(("weight_decay value", weight_decay))
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
        check_fused(fused, differentiable, foreach)
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

    @staticmethod
    def _new_state(p, group):
        state = {"step": _step_counter(), "exp_avg": zeros_like(p), "exp_avg_sq": zeros_like(p)}
        if group["amsgrad"]:
            state["max_exp_avg_sq"] = zeros_like(p)
        return state

    @observed("torch.optim.Optimizer.step")
    def step(self, closure=None):
        return self._stepped(closure, self._step_group)

    def _step_group(self, group):
        for same_dtype in _by_dtype(self._with_grad(group, self._new_state)):
            _update(same_dtype, [self.state[p] for p in same_dtype], group)


def _by_dtype(params):
    groups = {}
    for p in params:
        groups.setdefault(p._data.dtype, []).append(p)
    return groups.values()


def _joined(arrays):
    return arrays[0].reshape(-1) if len(arrays) == 1 else \
        np.concatenate([a.reshape(-1) for a in arrays])


def _update(params, states, group):
    """PyTorch's ``_single_tensor_adam``, op for op, for parameters of one dtype at once:
    their arrays are joined end to end (every op is elementwise, so each element gets the
    bits it would alone), the update computed once, and each tensor written back with
    the version bumps its in-place ops give in PyTorch."""
    beta1, beta2 = group["betas"]
    lr, weight_decay, eps = group["lr"], group["weight_decay"], group["eps"]
    one = params[0]._data.dtype.type
    sizes = [p._data.size for p in params]
    p = _joined([q._data for q in params])
    grad = _joined([q.grad._data for q in params])
    if group["maximize"]:
        grad = -grad
    for st in states:
        K.write(st["step"], st["step"]._data + 1)                  # step_t += 1
    steps = [st["step"].item() for st in states]
    if weight_decay != 0:
        if group["decoupled_weight_decay"]:
            p = p * one(1 - lr * weight_decay)                     # param.mul_(...)
        else:
            grad = plus_scaled(grad, p, weight_decay)              # grad.add(param, alpha=)
    exp_avg = K.lerp(_joined([st["exp_avg"]._data for st in states]), grad, 1 - beta1)
    exp_avg_sq = _joined([st["exp_avg_sq"]._data for st in states]) * one(beta2)
    exp_avg_sq = K.addcmul_values(exp_avg_sq, grad, grad, 1 - beta2)
    # the step size and the bias correction, Python floats per parameter, then its dtype
    step_size = np.repeat(np.array([-lr / (1 - beta1 ** s) for s in steps], one), sizes)
    correction = np.repeat(np.array([(1 - beta2 ** s) ** 0.5 for s in steps], one), sizes)
    if group["amsgrad"]:
        max_exp_avg_sq = np.maximum(_joined([st["max_exp_avg_sq"]._data for st in states]),
                                    exp_avg_sq)
        second = max_exp_avg_sq
    else:
        second = exp_avg_sq
    with np.errstate(all="ignore"):
        # (each parameter's own size decides, as it would alone)
        denom = sqrt(second, exact=max(sizes) <= EXACT_LIMIT) / correction + one(eps)
        p = p + (step_size * exp_avg) / denom                      # param.addcdiv_(...)
    start = 0
    for param, st, n in zip(params, states, sizes):
        part = slice(start, start + n)
        start += n
        K.write(st["exp_avg"], exp_avg[part].reshape(param._data.shape))       # lerp_
        K.write(st["exp_avg_sq"], exp_avg_sq[part].reshape(param._data.shape))  # mul_,
        st["exp_avg_sq"]._vc[0] += 1                                            # addcmul_
        if group["amsgrad"]:
            K.write(st["max_exp_avg_sq"], max_exp_avg_sq[part].reshape(param._data.shape))
        if weight_decay != 0 and group["decoupled_weight_decay"]:
            param._vc[0] += 1                                                   # mul_
        K.write(param, p[part].reshape(param._data.shape))                     # addcdiv_


class AdamW(Adam):
    """Adam with decoupled weight decay (``decoupled_weight_decay=True`` always)."""
    __module__ = "torch.optim.adamw"

    @observed("torch.optim.Optimizer")
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
