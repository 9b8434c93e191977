"""``torch.nn.Module``: registration of parameters, buffers and submodules by attribute
assignment, their traversal, ``state_dict``/``load_state_dict``, train/eval, forward hooks
and the repr, following PyTorch's ``torch/nn/modules/module.py`` line for line where it
shows (messages, order of traversal, the repr's indentation). Not modelled: state-dict
hooks, devices other than the CPU. The state-dict methods live in ``_state_dict``, the
traversal (``parameters``, ``named_modules`` ...) in ``_traversal``, calling a module with
hooks and the global module hooks in ``module_hooks``, backward hooks in
``backward_hooks``."""
from collections import OrderedDict

from .._types import dtype as D
from .._tensor_class.core import TensorCore
from .._types.device import check as check_device
from .._autograd.grad_mode import no_grad
from .._autograd.nodes import _Handle
from .backward_hooks import set_hook_kind
from .module_hooks import *  # noqa: F401,F403 (PyTorch's torch.nn.modules.module has them)
from .module_hooks import any_global_call_hook, call_impl, registered
from .._tensor_class.autograd_state import zero_grads
from .._tensor_class.dtype_conversion import to_arguments
from ..observer import observed
from ._state_dict import StateDictMixin
from ._traversal import TraversalMixin
from .parameter import Parameter

__all__ = ["Module"]


def typename(obj):
    """``torch.typename``: ``torch.FloatTensor`` for a tensor, the qualified class name
    otherwise."""
    if isinstance(obj, TensorCore):
        return "torch." + D.tensor_type(obj.dtype)
    cls = type(obj)
    module = cls.__module__
    return cls.__qualname__ if module in ("builtins", None) else f"{module}.{cls.__qualname__}"


def _addindent(s_, num_spaces):
    s = s_.split("\n")
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [(num_spaces * " ") + line if line.strip() else "" for line in s]
    return first + "\n" + "\n".join(s)


def _forward_unimplemented(self, *input):
    raise NotImplementedError(
        f'Module [{type(self).__name__}] is missing the required "forward" function')


def _check_name(kind, name, module, table):
    if not isinstance(name, str):
        raise TypeError(f"{kind} name should be a string. Got {typename(name)}")
    if "." in name:
        raise KeyError(f'{kind} name can\'t contain "."')
    if name == "":
        raise KeyError(f'{kind} name can\'t be empty string ""')
    if hasattr(module, name) and name not in table:
        raise KeyError(f"attribute '{name}' already exists")


class Module(StateDictMixin, TraversalMixin):
    __module__ = "torch.nn.modules.module"
    call_super_init = False
    _version = 1
    forward = _forward_unimplemented

    @observed("torch.nn.Module")
    def __init__(self, *args, **kwargs):
        if self.call_super_init is False and kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword "
                            f"argument '{next(iter(kwargs))}'")
        if self.call_super_init is False and args:
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument "
                            f"but {len(args) + 1} were given")
        for name, value in (("training", True), ("_parameters", {}), ("_buffers", {}),
                            ("_non_persistent_buffers_set", set()),
                            ("_forward_hooks", OrderedDict()),
                            ("_forward_hooks_with_kwargs", OrderedDict()),
                            ("_forward_hooks_always_called", OrderedDict()),
                            ("_forward_pre_hooks", OrderedDict()),
                            ("_forward_pre_hooks_with_kwargs", OrderedDict()),
                            ("_backward_hooks", OrderedDict()),
                            ("_backward_pre_hooks", OrderedDict()),
                            ("_is_full_backward_hook", None), ("_modules", {})):
            object.__setattr__(self, name, value)

    # ------------------------------------------------------------------ registration
    @observed("torch.nn.Module.register_buffer")
    def register_buffer(self, name, tensor, persistent=True):
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        _check_name("buffer", name, self, self._buffers)
        if tensor is not None and not isinstance(tensor, TensorCore):
            raise TypeError(f"cannot assign '{typename(tensor)}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        self._buffers[name] = registered("buffer", self, name, tensor)
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        _check_name("parameter", name, self, self._parameters)
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        elif param.grad_fn:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model "
                             f"parameters must be created explicitly. To express '{name}' "
                             "as a function of another Tensor, compute the value in the "
                             "forward() method.")
        else:
            self._parameters[name] = registered("parameter", self, name, param)

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        self._modules[name] = registered("module", self, name, module)

    register_module = add_module

    def get_submodule(self, target):
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def get_parameter(self, target):
        module_path, _, param_name = target.rpartition(".")
        mod = self.get_submodule(module_path)
        if not hasattr(mod, param_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + param_name + "`")
        param = getattr(mod, param_name)
        if not isinstance(param, Parameter):
            raise AttributeError("`" + param_name + "` is not an nn.Parameter")
        return param

    # ------------------------------------------------------------------ attributes
    def __getattr__(self, name):
        d = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            if table in d and name in d[table]:
                return d[table][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        def remove_from(*dicts_or_sets):
            for d in dicts_or_sets:
                if name in d:
                    if isinstance(d, dict):
                        del d[name]
                    else:
                        d.discard(name)

        params = self.__dict__.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            remove_from(self.__dict__, self._buffers, self._modules,
                        self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
        else:
            modules = self.__dict__.get("_modules")
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError("cannot assign module before Module.__init__() call")
                remove_from(self.__dict__, self._parameters, self._buffers,
                            self._non_persistent_buffers_set)
                modules[name] = registered("module", self, name, value)
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(f"cannot assign '{typename(value)}' as child module "
                                    f"'{name}' (torch.nn.Module or None expected)")
                modules[name] = registered("module", self, name, value)
            else:
                buffers = self.__dict__.get("_buffers")
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, TensorCore):
                        raise TypeError(f"cannot assign '{typename(value)}' as buffer "
                                        f"'{name}' (torch.nn.Buffer, torch.Tensor or None "
                                        "expected)")
                    self.register_buffer(name, value,
                                         name not in self._non_persistent_buffers_set)
                else:
                    object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        keys = (dir(self.__class__) + list(self.__dict__) + list(self._parameters)
                + list(self._modules) + list(self._buffers))
        return sorted(key for key in keys if not key[0].isdigit())

    # ------------------------------------------------------------------ calling
    @observed("torch.nn.Module.register_forward_pre_hook")
    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        handle = _Handle(self._forward_pre_hooks, hook)
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs[handle.id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(handle.id, last=False)
        return handle

    @observed("torch.nn.Module.register_forward_hook")
    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False,
                              always_call=False):
        handle = _Handle(self._forward_hooks, hook)
        if with_kwargs:
            self._forward_hooks_with_kwargs[handle.id] = True
        if always_call:
            self._forward_hooks_always_called[handle.id] = True
        if prepend:
            self._forward_hooks.move_to_end(handle.id, last=False)
        return handle

    @observed("torch.nn.Module.register_backward_hook")
    def register_backward_hook(self, hook):
        """The deprecated backward hook: ``hook(module, grad_input, grad_output)`` runs
        after the grad_fn of the module's (first) output, with that node's gradients."""
        set_hook_kind(self, False)
        return _Handle(self._backward_hooks, hook)

    @observed("torch.nn.Module.register_full_backward_hook")
    def register_full_backward_hook(self, hook, prepend=False):
        """``hook(module, grad_input, grad_output)`` runs when the gradients of the
        module's inputs are computed; what it returns replaces ``grad_input``."""
        set_hook_kind(self, True)
        handle = _Handle(self._backward_hooks, hook)
        if prepend:
            self._backward_hooks.move_to_end(handle.id, last=False)
        return handle

    @observed("torch.nn.Module.register_full_backward_pre_hook")
    def register_full_backward_pre_hook(self, hook, prepend=False):
        """``hook(module, grad_output)`` runs when the gradients of the module's outputs
        are computed; what it returns replaces ``grad_output``."""
        handle = _Handle(self._backward_pre_hooks, hook)
        if prepend:
            self._backward_pre_hooks.move_to_end(handle.id, last=False)
        return handle

    def __call__(self, *args, **kwargs):
        if not (self._forward_hooks or self._forward_pre_hooks or any_global_call_hook() or
                self.__dict__.get("_backward_hooks") or self.__dict__.get("_backward_pre_hooks")):
            return self.forward(*args, **kwargs)
        return call_impl(self, args, kwargs)

    # ------------------------------------------------------------------ modes and grads
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    @observed("torch.nn.Module.zero_grad")
    def zero_grad(self, set_to_none=True):
        zero_grads(self.parameters(), set_to_none)

    # ------------------------------------------------------------------ dtype
    def _apply(self, fn):
        for module in self.children():
            module._apply(fn)
        for key, param in self._parameters.items():
            if param is None:
                continue
            with no_grad():
                param_applied = fn(param)
            param.data = param_applied
            if param.grad is not None:
                with no_grad():
                    param.grad.data = fn(param.grad)
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = fn(buf)
        return self

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def cpu(self):
        return self

    def cuda(self, device=None):
        check_device("cuda")

    def to(self, *args, **kwargs):
        dtype = to_arguments(args, kwargs)
        if dtype is None:
            return self
        if not dtype.is_floating_point:
            raise TypeError("nn.Module.to only accepts floating point or complex dtypes, but "
                            f"got desired dtype={dtype}")
        return self._apply(lambda t: t.to(dtype) if t.is_floating_point() else t)

    # ------------------------------------------------------------------ repr
    def _get_name(self):
        return self.__class__.__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split("\n")
        child_lines = []
        for key, module in self._modules.items():
            child_lines.append("(" + key + "): " + _addindent(repr(module), 2))
        lines = extra_lines + child_lines
        main_str = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += "\n  " + "\n  ".join(lines) + "\n"
        return main_str + ")"


# the methods Module has from its mixins are PyTorch's Module's: a generator they return
# (``<generator object Module.parameters at 0x...>``, what a notebook displays for
# ``model.parameters()``) and a bound method are named after Module, as torch's are
for _mixin in (StateDictMixin, TraversalMixin):
    for _name, _method in vars(_mixin).items():
        if callable(_method) and not _name.startswith("__"):
            _method.__qualname__ = f"Module.{_name}"
