"""Calling a module with hooks, and the global module hooks of
``torch.nn.modules.module`` (``register_module_forward_pre_hook``,
``register_module_forward_hook``, ``register_module_backward_hook``,
``register_module_full_backward_pre_hook``, ``register_module_full_backward_hook`` and the
buffer, parameter and module registration hooks), following PyTorch's
``Module._call_impl`` line for line: global hooks run before the module's own, the
forward hooks marked ``always_call`` run even when the forward raises."""
import warnings
from collections import OrderedDict

from .._autograd.nodes import _Handle
from .backward_hooks import call_with_backward_hooks

__all__ = ["register_module_forward_pre_hook", "register_module_forward_hook",
           "register_module_backward_hook", "register_module_full_backward_pre_hook",
           "register_module_full_backward_hook", "register_module_buffer_registration_hook",
           "register_module_module_registration_hook",
           "register_module_parameter_registration_hook"]

_global_buffer_registration_hooks = OrderedDict()
_global_module_registration_hooks = OrderedDict()
_global_parameter_registration_hooks = OrderedDict()
_global_backward_pre_hooks = OrderedDict()
_global_backward_hooks = OrderedDict()
_global_forward_pre_hooks = OrderedDict()
_global_forward_hooks = OrderedDict()
_global_forward_hooks_always_called = OrderedDict()
_global_forward_hooks_with_kwargs = OrderedDict()
_full = {"global": None}   # PyTorch's _global_is_full_backward_hook
_BOTH = ("Cannot use both regular backward hooks and full backward hooks as a global Module "
         "hook. Please use only one of them.")


def register_module_buffer_registration_hook(hook):
    """``hook(module, name, buffer)`` runs on every ``register_buffer``; what it returns
    replaces the buffer."""
    return _Handle(_global_buffer_registration_hooks, hook)


def register_module_module_registration_hook(hook):
    """``hook(module, name, submodule)`` runs on every submodule registered."""
    return _Handle(_global_module_registration_hooks, hook)


def register_module_parameter_registration_hook(hook):
    """``hook(module, name, param)`` runs on every parameter registered."""
    return _Handle(_global_parameter_registration_hooks, hook)


def register_module_forward_pre_hook(hook):
    """``hook(module, args)`` runs before every module's forward."""
    return _Handle(_global_forward_pre_hooks, hook)


def register_module_forward_hook(hook, *, with_kwargs=False, always_call=False):
    """``hook(module, args, output)`` runs after every module's forward."""
    handle = _Handle(_global_forward_hooks, hook)
    if with_kwargs:
        _global_forward_hooks_with_kwargs[handle.id] = True
    if always_call:
        _global_forward_hooks_always_called[handle.id] = True
    return handle


def register_module_backward_hook(hook):
    """The deprecated global backward hook (on the grad_fn of each module's output)."""
    if _full["global"] is True:
        raise RuntimeError(_BOTH)
    _full["global"] = False
    return _Handle(_global_backward_hooks, hook)


def register_module_full_backward_pre_hook(hook):
    """``hook(module, grad_output)`` for every module, before its own pre-hooks."""
    return _Handle(_global_backward_pre_hooks, hook)


def register_module_full_backward_hook(hook):
    """``hook(module, grad_input, grad_output)`` for every module, before its own."""
    if _full["global"] is False:
        raise RuntimeError(_BOTH)
    _full["global"] = True
    return _Handle(_global_backward_hooks, hook)


def registered(kind, module, name, value):
    """``value`` after the global registration hooks of ``kind`` ("buffer", "module",
    "parameter") saw it."""
    hooks = {"buffer": _global_buffer_registration_hooks,
             "module": _global_module_registration_hooks,
             "parameter": _global_parameter_registration_hooks}[kind]
    for hook in list(hooks.values()):
        output = hook(module, name, value)
        if output is not None:
            value = output
    return value


def any_global_call_hook():
    return bool(_global_backward_pre_hooks or _global_backward_hooks or _global_forward_hooks
                or _global_forward_pre_hooks)


def _backward_hooks(module):
    """(full hooks, deprecated hooks, pre-hooks): the global ones, then the module's."""
    own, own_full = list(module._backward_hooks.values()), module._is_full_backward_hook
    glob = list(_global_backward_hooks.values())
    full = (glob if _full["global"] is True else []) + (own if own_full is True else [])
    non_full = (glob if _full["global"] is False else []) + (own if own_full is False else [])
    pre = list(_global_backward_pre_hooks.values()) + list(module._backward_pre_hooks.values())
    return full, non_full, pre


def _pre_hooks(module, args, kwargs):
    for hook_id, hook in (*_global_forward_pre_hooks.items(),
                          *module._forward_pre_hooks.items()):
        if hook_id in module._forward_pre_hooks_with_kwargs:
            result = hook(module, args, kwargs)
            if result is not None:
                if isinstance(result, tuple) and len(result) == 2:
                    args, kwargs = result
                else:
                    raise RuntimeError("forward pre-hook must return None or a tuple of "
                                       f"(new_args, new_kwargs), but got {result}.")
        else:
            result = hook(module, args)
            if result is not None:
                args = result if isinstance(result, tuple) else (result,)
    return args, kwargs


def call_impl(module, args, kwargs):
    """``module(*args, **kwargs)`` with its hooks and the global ones."""
    state = {"args": args, "kwargs": kwargs, "result": None, "called": set()}

    def forward(args, kwargs):
        result = module.forward(*args, **kwargs)
        for hook_id, hook in (*_global_forward_hooks.items(), *module._forward_hooks.items()):
            if (hook_id in module._forward_hooks_always_called
                    or hook_id in _global_forward_hooks_always_called):
                state["called"].add(hook_id)
            if (hook_id in module._forward_hooks_with_kwargs
                    or hook_id in _global_forward_hooks_with_kwargs):
                hook_result = hook(module, args, kwargs, result)
            else:
                hook_result = hook(module, args, result)
            if hook_result is not None:
                result = hook_result
        state["result"] = result
        return result

    try:
        full, non_full, pre = _backward_hooks(module)
        args, kwargs = state["args"], state["kwargs"] = _pre_hooks(module, args, kwargs)
        return call_with_backward_hooks(module, forward, args, kwargs, full, non_full, pre)
    except Exception:
        _always_called(module, state)
        raise


def _always_called(module, state):
    args, kwargs, result = state["args"], state["kwargs"], state["result"]
    for where, hooks, always in (
            ("global module", _global_forward_hooks, _global_forward_hooks_always_called),
            ("module", module._forward_hooks, module._forward_hooks_always_called)):
        for hook_id, hook in hooks.items():
            if hook_id not in always or hook_id in state["called"]:
                continue
            try:
                if where == "module" and hook_id in module._forward_hooks_with_kwargs:
                    hook_result = hook(module, args, kwargs, result)
                else:
                    hook_result = hook(module, args, result)
                if hook_result is not None:
                    result = hook_result
            except Exception as e:
                # (PyTorch's stacklevel=2 points into its own module.py)
                warnings.warn(f"{where} forward hook with ``always_call=True`` raised an "
                              "exception that was silenced as another error was raised in "
                              f"forward: {e}", stacklevel=2)

