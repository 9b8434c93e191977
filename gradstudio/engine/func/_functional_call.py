"""``torch.func.functional_call``: a module called with some of its parameters and
buffers replaced by the given tensors, for this call only (PyTorch's
``torch/nn/utils/stateless.py``)."""
from .._tensor_class.core import TensorCore

__all__ = ["functional_call", "stack_module_state"]


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


def _stacked_leaf(tensors, name):
    from .._torch_functions.general import stack
    if len({t.requires_grad for t in tensors}) > 1:
        raise RuntimeError(f"Expected {name} from each model to have the same .requires_grad")
    result = stack(tensors)
    if tensors[0].requires_grad:
        result = result.detach().requires_grad_()
    return result


def stack_module_state(models):
    """``(params, buffers)``: each parameter and buffer of ``models`` (modules of one
    class) stacked along a new first dimension; the stacked parameters are new leaves."""
    if len(models) == 0:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("stack_module_state: Expected all models to have the same "
                           "training/eval mode.")
    if not all(type(m) is type(models[0]) for m in models):
        raise RuntimeError("stack_module_state: Expected all models to be of the same class.")
    all_params = [dict(m.named_parameters()) for m in models]
    all_buffers = [dict(m.named_buffers()) for m in models]
    params = {k: _stacked_leaf(tuple(p[k] for p in all_params), k) for k in all_params[0]}
    buffers = {k: _stacked_leaf(tuple(b[k] for b in all_buffers), k) for k in all_buffers[0]}
    return params, buffers
