"""PyTorch's argument parser's words for a call no overload of an op accepts
("received an invalid combination of arguments")."""
_COUNT_NONZERO = (" * (Tensor input, int dim = None)", " * (Tensor input, tuple of ints dim)")


def _type(value):
    # (a tensor, a Parameter included, is a Tensor there; read by class name, so this
    # module imports nothing of the tensor's)
    tensor = any(c.__name__ == "TensorCore" for c in type(value).__mro__)
    return "Tensor" if tensor else type(value).__name__


def count_nonzero_arguments(args, kwargs, function):
    """``torch.count_nonzero``'s (``function``) or ``Tensor.count_nonzero``'s message for
    ``args`` and ``kwargs`` that match none of its two signatures."""
    unknown = [k for k in kwargs if k != "dim"]
    names = ([f"{k}={_type(kwargs[k])}" for k in unknown] +
             [f"dim={_type(kwargs['dim'])}" for _ in ("dim",) if "dim" in kwargs])
    got = ", ".join([_type(a) for a in args] + names)
    if function:
        got = "Tensor" + (", " + got if got else "")
    elif names and not args:
        got += ", "         # (PyTorch's parser writes a method's keywords so)
    wrong = "" if kwargs or len(args) != 1 else \
        f"({'Tensor, ' if function else ''}!{_type(args[0])}!)"
    lines = []
    for line in (_COUNT_NONZERO if function else (
            " * (int dim = None)", " * (tuple of ints dim)")):
        lines.append(line)
        if unknown and "dim" not in kwargs and len(args) <= 1:
            lines.append("      didn't match because some of the keywords were incorrect: "
                         + ", ".join(unknown))
        elif wrong:
            lines.append("      didn't match because some of the arguments have invalid "
                         "types: " + wrong)
    return ("count_nonzero() received an invalid combination of arguments - got "
            f"({got}), but expected one of:\n" + "\n".join(lines) + "\n")


def is_dim(value):
    """An int, or a tuple or list of them: what ``dim`` may be."""
    if isinstance(value, (tuple, list)):
        return all(isinstance(v, int) for v in value)
    return isinstance(value, int)


def unpack_error(name, pos, value):
    """The parser's words for an int list given one by one with a non-int in it."""
    return TypeError(f"{name}(): argument 'dim' failed to unpack the object at pos {pos} with "
                     f"error \"type must be tuple of ints,but got {_type(value)}\"")
