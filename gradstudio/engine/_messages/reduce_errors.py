"""PyTorch's TypeErrors for ``keepdim`` given without ``dim`` to a reduction whose
overloads take it only together with a dim (``x.sum(keepdim=True)``,
``x.max(keepdim=True)``), as methods and as ``torch.*`` functions."""

__all__ = ["keepdim_without_dim", "extreme_keepdim_without_dim"]


def keepdim_without_dim(name, dtype=None, function=False):
    """PyTorch's TypeError for ``x.sum(keepdim=True)``: its overloads take ``keepdim``
    only together with ``dim`` (``dim=None`` given explicitly is fine)."""
    if dtype is not None:
        return f'{name}() missing 1 required positional arguments: "dim"'
    dim = "int dim" if name == "prod" else "tuple of ints dim"
    if function:
        out = ", Tensor out = None"
        return (f"{name}() received an invalid combination of arguments - got (Tensor, "
                f"keepdim=bool), but expected one of:\n"
                f" * (Tensor input, *, torch.dtype dtype = None{out if name == 'mean' else ''})\n"
                f" * (Tensor input, {dim}, bool keepdim = False, *, torch.dtype "
                f"dtype = None{out})\n")
    return (f"{name}() received an invalid combination of arguments - got (keepdim=bool, ), "
            f"but expected one of:\n * (*, torch.dtype dtype = None)\n"
            f" * ({dim}, bool keepdim = False, *, torch.dtype dtype = None)\n")


def extreme_keepdim_without_dim(kind, function=False):
    """PyTorch's TypeError for ``x.max(keepdim=True)`` (``torch.max(x, keepdim=True)``):
    its overloads take ``keepdim`` only together with ``dim``."""
    if function:
        return (f"{kind}() received an invalid combination of arguments - got (Tensor, "
                f"keepdim=bool), but expected one of:\n"
                f" * (Tensor input, *, Tensor out = None)\n"
                f" * (Tensor input, Tensor other, *, Tensor out = None)\n"
                f" * (Tensor input, int dim, bool keepdim = False, *, tuple of Tensors "
                f"out = None)\n")
    return (f"{kind}() received an invalid combination of arguments - got (keepdim=bool, ), "
            f"but expected one of:\n * ()\n      didn't match because some of the keywords "
            f"were incorrect: keepdim\n * (Tensor other)\n      didn't match because some of "
            f"the keywords were incorrect: keepdim\n * (int dim, bool keepdim = False)\n")
