"""``torch.optim.Optimizer``: parameter groups, per-parameter state, ``zero_grad``,
``state_dict``/``load_state_dict`` and the repr, as ``torch/optim/optimizer.py`` has them
(its hooks, ``foreach``/``fused`` kernels and capturable graphs are not modelled: every
update here is PyTorch's single-tensor CPU path)."""
import sys
import warnings
from collections import defaultdict
from copy import deepcopy
from itertools import chain

from .._types import dtype as D
from .._autograd import grad_mode as _grad_mode
from .._tensor_class.core import TensorCore
from .._torch_functions.factory import tensor
from .._tensor_class.autograd_state import zero_grads
from ..observer import observed

__all__ = ["Optimizer", "required"]


class _RequiredParameter:
    """Singleton class representing a required parameter for an Optimizer."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


_CAPTURABLE_DEVICES = "['cuda', 'xpu', 'hpu', 'privateuseone', 'xla']"
# the code of an observed call's wrapper (``observer.observed``): a frame PyTorch has not
_WRAPPER = observed("")(len).__code__


def _caller_of_init():
    """``stacklevel`` for a warning of ``add_param_group``: the frame that called its caller,
    as PyTorch's ``stacklevel=3``, counted past ``add_param_group``'s own observed wrapper
    (and a listener's frames between them); when that caller is ``Optimizer.__init__``, the
    frame that called it past its observed wrapper."""
    frame, n = sys._getframe(2), 2          # (1: add_param_group itself)
    while frame is not None and frame.f_code is not _WRAPPER:
        frame, n = frame.f_back, n + 1
    if frame is None or frame.f_back is None:
        return 3
    frame, n = frame.f_back, n + 1          # add_param_group's caller
    if frame.f_code is not _INIT_CODE:
        return n + 1
    frame, n = frame.f_back, n + 1
    while frame is not None and frame.f_code is not _WRAPPER:
        frame, n = frame.f_back, n + 1
    return 3 if frame is None else n + 1


def _typename(obj):
    if isinstance(obj, TensorCore):
        return obj.type()
    module = type(obj).__module__
    name = type(obj).__qualname__
    return name if module in ("builtins", None) else f"{module}.{name}"


def _get_scalar_dtype():
    """The dtype of the ``step`` counters: float64 under a float64 default, else float32."""
    return D.float64 if D.get_default_dtype() is D.float64 else D.float32


def _step_counter(value=0.0):
    """A fresh ``state["step"]``: a 0-d tensor on the CPU, as PyTorch keeps it unless
    ``capturable`` or ``fused``."""
    return tensor(float(value), dtype=_get_scalar_dtype())


def check_non_negative(*settings, nan_passes=False):
    """PyTorch's constructor checks, in its order: each ``(what, value)`` of ``settings``
    must be at least zero (``Invalid learning rate: -1``). SGD lets NaN through
    (``nan_passes``), as PyTorch's does."""
    for what, value in settings:
        if (value < 0.0) if nan_passes else not 0.0 <= value:
            raise ValueError(f"Invalid {what}: {value}")


def check_fused(fused, differentiable, foreach):
    """PyTorch's checks of ``fused`` against the other implementation switches."""
    if fused:
        if differentiable:
            raise RuntimeError("`fused` does not support `differentiable`")
        if foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")


def _engine_limits(lr, fused=None, differentiable=False, *betas):
    """Refuses what PyTorch offers but the engine does not model (after PyTorch's own checks
    of the same arguments have passed)."""
    if fused:
        raise RuntimeError("GradStudio's engine has no fused optimizer kernels; leave "
                           "fused unset (PyTorch's CPU default)")
    if differentiable:
        raise RuntimeError("GradStudio's engine does not differentiate through this "
                           "optimizer's step; leave differentiable=False")
    if any(isinstance(v, TensorCore) for v in (lr,) + betas):
        raise RuntimeError("GradStudio's engine takes lr and betas as Python numbers, not "
                           "tensors")


class Optimizer:
    """Base class of the optimizers: ``step()`` is each subclass's own."""

    __module__ = "torch.optim.optimizer"

    @observed("torch.optim.Optimizer")
    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, TensorCore):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Tensors or dicts, but got " + _typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __getstate__(self):
        return {"defaults": self.defaults, "state": self.state,
                "param_groups": self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.defaults.setdefault("differentiable", False)

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"

    # ------------------------------------------------------------------ groups
    @observed("torch.optim.Optimizer.add_param_group")
    def add_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        params = param_group["params"]
        if isinstance(params, TensorCore):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, "
                            "but the ordering of tensors in sets will change between runs. "
                            "Please use a list instead.")
        else:
            param_group["params"] = list(params)
        names = [p[0] for p in param_group["params"] if isinstance(p, tuple)]
        param_group["params"] = [p[1] if isinstance(p, tuple) else p
                                 for p in param_group["params"]]
        if names:
            if len(names) != len(param_group["params"]):
                raise ValueError("all optimizer params should be with/without names. Some "
                                 "param names are missing")
            param_group["param_names"] = names
        for param in param_group["params"]:
            if not isinstance(param, TensorCore):
                raise TypeError("optimizer can only optimize Tensors, but one of the params "
                                "is " + _typename(param))
            if not self.defaults.get("differentiable", None) and \
                    not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required "
                                 f"optimization parameter {name}")
            param_group.setdefault(name, default)
        params = param_group["params"]
        if len(params) != len({id(p) for p in params}):
            # (PyTorch's stacklevel: the frame that called whoever called add_param_group)
            warnings.warn("optimizer contains a parameter group with duplicate parameters; "
                          "in future, this will cause an error; see "
                          "github.com/pytorch/pytorch/issues/40967 for more information",
                          stacklevel=_caller_of_init())
        seen = set()
        for group in self.param_groups:
            seen.update(id(p) for p in group["params"])
            if ("param_names" in param_group) != ("param_names" in group):
                which = "with names" if "param_names" in param_group else "without names"
                raise ValueError("all optimizer param groups should be with/without names. "
                                 f"cannot add param group {which} to the optimizer")
        if seen & {id(p) for p in params}:
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    # ------------------------------------------------------------------ gradients
    @observed("torch.optim.Optimizer.zero_grad")
    def zero_grad(self, set_to_none=True):
        zero_grads((p for group in self.param_groups for p in group["params"]), set_to_none)

    def _no_grad_step(self):
        """The grad mode ``step`` runs in: no_grad unless ``differentiable``."""
        return _grad_mode.set_grad_enabled(bool(self.defaults.get("differentiable", False)))

    def _with_grad(self, group, new_state):
        """The group's parameters that have a gradient, each one's state made by
        ``new_state(p, group)`` on first sight: every one of the group before any update,
        as PyTorch's ``_init_group``; then a capturable group refuses as PyTorch's CPU
        build does at its first step."""
        params = [p for p in group["params"] if p.grad is not None]
        for p in params:
            state = self.state[p]
            if len(state) == 0:
                state.update(new_state(p, group))
        if params and group.get("capturable"):
            raise AssertionError("If capturable=True, params and state_steps must be on "
                                 f"supported devices: {_CAPTURABLE_DEVICES}.")
        return params

    def _stepped(self, closure, update_group):
        """``step``'s frame, shared by the optimizers: under ``_no_grad_step``, the closure
        (if any) re-evaluated with grad enabled, then ``update_group(group)`` for each
        group; returns the closure's loss."""
        loss = None
        with self._no_grad_step():
            if closure is not None:
                with _grad_mode.enable_grad():
                    loss = closure()
            for group in self.param_groups:
                update_group(group)
        return loss

    # ------------------------------------------------------------------ state
    def state_dict(self):
        mappings = {}
        start = 0

        def pack(group):
            nonlocal start
            packed = {k: v for k, v in group.items() if k != "params"}
            mappings.update({id(p): i for i, p in enumerate(group["params"], start)
                             if id(p) not in mappings})
            packed["params"] = [mappings[id(p)] for p in group["params"]]
            start += len(packed["params"])
            return packed
        groups = [pack(g) for g in self.param_groups]
        state = {(mappings[id(k)] if isinstance(k, TensorCore) else k): v
                 for k, v in self.state.items()}
        return {"state": state, "param_groups": groups}

    @observed("torch.optim.Optimizer.load_state_dict")
    def load_state_dict(self, state_dict):
        state_dict = state_dict.copy()
        groups = self.param_groups
        saved_groups = deepcopy(state_dict["param_groups"])
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match "
                             "the size of optimizer's group")
        id_map = dict(zip(chain.from_iterable(g["params"] for g in saved_groups),
                          chain.from_iterable(g["params"] for g in groups)))

        def cast(param, value, key=None):
            if isinstance(value, TensorCore):
                if key == "step" or not param.is_floating_point():
                    return value
                return value.to(dtype=param.dtype)
            if isinstance(value, dict):
                return {k: cast(param, v, k) for k, v in value.items()}
            if isinstance(value, (list, tuple)):
                return type(value)(cast(param, v) for v in value)
            return value
        state = defaultdict(dict)
        for k, v in state_dict["state"].items():
            if k in id_map:
                state[id_map[k]] = cast(id_map[k], v)
            else:
                state[k] = v
        for group, new_group in zip(groups, saved_groups):
            new_group["params"] = group["params"]
            if "param_names" in group and "param_names" not in new_group:
                new_group["param_names"] = group["param_names"]
        self.__setstate__({"state": state, "param_groups": saved_groups})

    @observed("torch.optim.Optimizer.step")
    def step(self, closure=None):
        raise NotImplementedError


_INIT_CODE = Optimizer.__init__.__wrapped__.__code__
