"""``Module.register_full_backward_hook``, ``register_full_backward_pre_hook`` (and the
deprecated ``register_backward_hook``: node hooks on the first output's grad_fn), as
PyTorch builds them (``torch.utils.hooks.BackwardHook``): the module's tensor inputs and
outputs pass through ``BackwardHookFunction``, an identity custom Function, so their
grad_fn is ``BackwardHookFunctionBackward``; a hook on the outputs' node captures the
gradients of the outputs (and runs the pre-hooks, which may replace them), a hook on the
inputs' node calls ``hook(module, grad_input, grad_output)``, whose result replaces the
gradients of the inputs. Setting up a call's inputs and outputs is observed (a tracer
sees which module's hooks the identity Function that follows is for: ``module``)."""
import warnings

from .._autograd import grad_mode
from .._autograd.custom_function import Function
from .._messages.warn import warn
from .._tensor_class.core import TensorCore
from ..observer import observed
from ._backward_hook_warnings import non_full_warning as _non_full_warning

__all__ = ["BackwardHook", "BackwardHookFunction"]

_NO_INPUT_GRAD = ("Full backward hook is firing when gradients are computed with respect to "
                  "module outputs since no inputs require gradients. See "
                  "https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn."
                  "Module.register_full_backward_hook for more details.")


class BackwardHookFunction(Function):
    """The identity, recorded (its node is where the module's hooks sit)."""
    __module__ = "torch.nn.modules._functions"

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[arg for arg in args if not arg.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *args):
        return args


def _pack_with_none(indices, values, size):
    res = [None] * size
    for idx, val in zip(indices, values):
        res[idx] = val
    return tuple(res)


class BackwardHook:
    """One call of a module with backward hooks: links the gradients captured at its
    outputs with those captured at its inputs, and calls the user's hooks."""

    def __init__(self, module, user_hooks, user_pre_hooks):
        self.user_hooks, self.user_pre_hooks, self.module = user_hooks, user_pre_hooks, module
        self.grad_outputs = None
        self.n_outputs = self.n_inputs = -1
        self.output_tensors_index = self.input_tensors_index = None

    def _set_user_hook(self, grad_fn):
        def hook(grad_input, _):
            if self.grad_outputs is None:   # (a gradient reaching the inputs another way)
                return None
            res = _pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
            for user_hook in self.user_hooks:
                out = user_hook(self.module, res, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != len(res):
                    raise RuntimeError("Backward hook returned an invalid number of "
                                       f"grad_input, got {len(out)}, but expected {len(res)}")
                res = out
            self.grad_outputs = None
            return tuple(res[i] for i in self.input_tensors_index)
        grad_fn.register_hook(hook)

    def _apply_on_tensors(self, fn, args):
        tensors_idx = [i for i, a in enumerate(args) if isinstance(a, TensorCore)]
        tensors = [args[i] for i in tensors_idx]
        if not (any(t.requires_grad for t in tensors) and grad_mode.is_grad_enabled()):
            return args, None
        new_tensors = BackwardHookFunction.apply(*tensors)
        grad_fns = [t.grad_fn for t in new_tensors if t.grad_fn is not None and
                    t.grad_fn.name() == "BackwardHookFunctionBackward"]
        fn(grad_fns[0])
        arg_list = list(args)
        for idx, val in zip(tensors_idx, new_tensors):
            arg_list[idx] = val
        return (tuple(arg_list) if type(args) is tuple else type(args)(*arg_list)), tensors_idx

    @observed("torch.nn.Module backward hooks' inputs")
    def setup_input_hook(self, args):
        res, self.input_tensors_index = self._apply_on_tensors(self._set_user_hook, args)
        self.n_inputs = len(args)
        return res

    def _output_captured(self, grad_output):
        self.grad_outputs = _pack_with_none(self.output_tensors_index, grad_output,
                                            self.n_outputs)
        expected = len(self.grad_outputs)
        for user_pre_hook in self.user_pre_hooks:
            replaced = user_pre_hook(self.module, self.grad_outputs)
            if replaced is None:
                continue
            if len(replaced) != expected:
                raise RuntimeError("Backward pre hook returned an invalid number of "
                                   f"grad_output, got {len(replaced)}, but expected {expected}")
            self.grad_outputs = replaced
        local_grad_outputs = self.grad_outputs
        if self.input_tensors_index is None:   # (no input requires grad: call them now)
            warn(_NO_INPUT_GRAD)
            grad_inputs = _pack_with_none([], [], self.n_inputs)
            for user_hook in self.user_hooks:
                res = user_hook(self.module, grad_inputs, self.grad_outputs)
                if res is not None and not (isinstance(res, tuple) and
                                            all(el is None for el in res)):
                    raise RuntimeError("Backward hook for Modules where no input requires "
                                       "gradient should always return None or None for all "
                                       "gradients.")
            self.grad_outputs = None
        return tuple(local_grad_outputs[i] for i in self.output_tensors_index)

    @observed("torch.nn.Module backward hooks' outputs")
    def setup_output_hook(self, args):
        def fn(grad_fn):
            grad_fn.register_hook(lambda _, grad_output: self._output_captured(grad_output))

        is_tuple = isinstance(args, tuple)
        if not is_tuple:
            args = (args,)
        res, self.output_tensors_index = self._apply_on_tensors(fn, args)
        self.n_outputs = len(args)
        return res if is_tuple else res[0]


def call_with_backward_hooks(module, forward, args, kwargs, full, non_full, pre):
    """``module(*args)`` with the backward hooks ``full`` (``register_full_backward_hook``'s),
    ``non_full`` (the deprecated ones) and ``pre`` set up around ``forward`` (which runs
    the forward hooks too)."""
    bw_hook = None
    if full or pre:
        bw_hook = BackwardHook(module, full, pre)
        args = bw_hook.setup_input_hook(args)
    result = forward(args, kwargs)
    if bw_hook:
        if not isinstance(result, (TensorCore, tuple)):
            warn("For backward hooks to be called, module output should be a Tensor or a "
                 f"tuple of Tensors but received {type(result)}")
        result = bw_hook.setup_output_hook(result)
    if non_full:
        _non_full_hooks(module, non_full, args, result)
    return result


_BOTH = ("Cannot use both regular backward hooks and full backward hooks on a single Module. "
         "Please use only one of them.")


def set_hook_kind(module, full):
    """A module's backward hooks are all full ones or all deprecated ones, as PyTorch's."""
    if module.__dict__.get("_is_full_backward_hook") is (not full):
        raise RuntimeError(_BOTH)
    object.__setattr__(module, "_is_full_backward_hook", full)


def _non_full_hooks(module, hooks, args, result):
    """``register_backward_hook``'s hooks: on the grad_fn of the first output tensor, as
    node hooks (``hook(module, grad_inputs, grad_outputs)`` of that one node)."""
    var = result
    while not isinstance(var, TensorCore):
        if isinstance(var, dict):
            var = next(v for v in var.values() if isinstance(v, TensorCore))
        else:
            var = var[0]
    grad_fn = var.grad_fn
    if grad_fn is None:
        return
    for hook in hooks:
        grad_fn.register_hook(lambda gi, go, hook=hook: hook(module, gi, go))
    message = _non_full_warning(args, result, grad_fn)
    if message:
        warnings.warn(message, FutureWarning, stacklevel=3)
