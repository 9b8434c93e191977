"""``torch.func.functional_call``: a module called with some of its parameters and
buffers replaced by the given tensors, for this call only (PyTorch's
``torch/nn/utils/stateless.py``)."""
from .._tensor_class.core import TensorCore

__all__ = ["functional_call"]


def _owner(module, name):
    *path, leaf = name.split(".")
    for p in path:
        module = getattr(module, p)
    return module, leaf


def _swap(module, name, value):
    """Puts ``value`` where ``name`` is; returns how to put the old one back."""
    owner, leaf = _owner(module, name)
    for table in ("_parameters", "_buffers"):
        d = owner.__dict__.get(table)
        if d is not None and leaf in d:
            old = d[leaf]
            d[leaf] = value
            return lambda d=d, leaf=leaf, old=old: d.__setitem__(leaf, old)
    had = leaf in owner.__dict__
    old = owner.__dict__.get(leaf)
    object.__setattr__(owner, leaf, value)

    def restore():
        if had:
            object.__setattr__(owner, leaf, old)
        else:
            object.__delattr__(owner, leaf)
    return restore


def _merged(dicts):
    if isinstance(dicts, dict):
        return dict(dicts)
    keys = [k for d in dicts for k in d]
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of "
                         "functional call is ambiguous")
    return {k: v for d in dicts for k, v in d.items()}


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *,
                    tie_weights=True, strict=False):
    """``module(*args, **kwargs)`` with the parameters and buffers named in
    ``parameter_and_buffer_dicts`` (one dict or a tuple of dicts) replaced."""
    values = _merged(parameter_and_buffer_dicts)
    if strict:
        expected = {n for n, _ in module.named_parameters()} | \
            {n for n, _ in module.named_buffers()}
        missing = sorted(expected - set(values))
        unexpected = sorted(set(values) - expected)
        if missing or unexpected:
            lines = []
            if unexpected:
                lines.append("Unexpected key(s): " + ", ".join(f"'{k}'" for k in unexpected)
                             + ".")
            if missing:
                lines.append("Missing key(s): " + ", ".join(f"'{k}'" for k in missing) + ".")
            raise RuntimeError(f"Error(s) in reparametrizing for {type(module).__name__}:\n\t"
                               + "\n\t".join(lines))
    for k, v in values.items():
        if not isinstance(v, TensorCore) and v is not None:
            raise TypeError(f"Expected a Tensor for '{k}', got {type(v).__name__}")
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    restores = []
    try:
        for name, value in values.items():
            restores.append(_swap(module, name, value))
        return module(*args, **(kwargs or {}))
    finally:
        for restore in reversed(restores):
            restore()
