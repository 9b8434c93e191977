"""``Module.state_dict`` and ``load_state_dict`` (``StateDictMixin``, a base of
``Module``), following PyTorch's ``torch/nn/modules/module.py``: the keys in registration
order with their ``_metadata``, and loading with its checks and error messages."""
from collections import OrderedDict, namedtuple
from collections.abc import Mapping
from itertools import chain

from .._tensor_class.core import TensorCore
from .._autograd.grad_mode import no_grad
from ..observer import observed

__all__ = ["StateDictMixin"]


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


class StateDictMixin:
    """The state-dict methods of ``Module`` (which holds ``_parameters``, ``_buffers``,
    ``_modules`` and ``_non_persistent_buffers_set``)."""

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()

    @observed("torch.nn.Module.state_dict")
    def state_dict(self, *, destination=None, prefix="", keep_vars=False):
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        if hasattr(destination, "_metadata"):
            destination._metadata[prefix[:-1]] = {"version": self._version}
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".",
                                  keep_vars=keep_vars)
        return destination

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict,
                              missing_keys, unexpected_keys, error_msgs):
        persistent = {k: v for k, v in self._buffers.items()
                      if k not in self._non_persistent_buffers_set}
        local_state = {k: v for k, v in chain(self._parameters.items(), persistent.items())
                       if v is not None}
        for name, param in local_state.items():
            key = prefix + name
            if key not in state_dict:
                if strict:
                    missing_keys.append(key)
                continue
            input_param = state_dict[key]
            if not isinstance(input_param, TensorCore):
                error_msgs.append(f'While copying the parameter named "{key}", expected '
                                  "torch.Tensor or Tensor-like object from checkpoint but "
                                  f"received {type(input_param)}")
                continue
            if (len(param.shape) == 0 and len(input_param.shape) == 1
                    and input_param.shape[0] == 1):
                input_param = input_param[0]
            if input_param.shape != param.shape:
                error_msgs.append(f"size mismatch for {key}: copying a param with shape "
                                  f"{input_param.shape} from checkpoint, the shape in current "
                                  f"model is {param.shape}.")
                continue
            try:
                with no_grad():
                    param.copy_(input_param)
            except Exception as ex:
                error_msgs.append(f'While copying the parameter named "{key}", whose '
                                  f"dimensions in the model are {param.size()} and whose "
                                  "dimensions in the checkpoint are "
                                  f"{input_param.size()}, an exception occurred : {ex.args}.")
        if strict:
            for key in state_dict:
                if key.startswith(prefix):
                    input_name = key[len(prefix):].split(".", 1)
                    if len(input_name) > 1:
                        if input_name[0] not in self._modules:
                            unexpected_keys.append(key)
                    elif input_name[0] not in local_state:
                        unexpected_keys.append(key)

    @observed("torch.nn.Module.load_state_dict")
    def load_state_dict(self, state_dict, strict=True, assign=False):
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        if assign:
            raise RuntimeError("load_state_dict(assign=True) is not supported by "
                               "GradStudio's engine; load without assign (values are "
                               "copied into the parameters).")
        missing_keys, unexpected_keys, error_msgs = [], [], []
        metadata = getattr(state_dict, "_metadata", None)
        state_dict = OrderedDict(state_dict)

        def load(module, local_state_dict, prefix=""):
            local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
            module._load_from_state_dict(local_state_dict, prefix, local_metadata, True,
                                         missing_keys, unexpected_keys, error_msgs)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + "."
                    load(child, {k: v for k, v in local_state_dict.items()
                                 if k.startswith(child_prefix)}, child_prefix)

        load(self, state_dict)
        if strict:
            if unexpected_keys:
                error_msgs.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in unexpected_keys)))
            if missing_keys:
                error_msgs.insert(0, "Missing key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in missing_keys)))
        if error_msgs:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
                self.__class__.__name__, "\n\t".join(error_msgs)))
        return _IncompatibleKeys(missing_keys, unexpected_keys)
