"""Tensor methods that rearrange elements: ``flip``, ``repeat``, ``tile`` and
``movedim``, bound on ``ArrangeMixin``. They take their sizes and dims one by one or as a
sequence, as PyTorch's do, and run the op table's entries (``_optable_arrange``)."""
from ._core import _list, _wrap_dim
from ._dispatch import apply
from ._oprecord import OPS

__all__ = ["ArrangeMixin"]


class ArrangeMixin:
    """The rearranging methods of Tensor (bound below)."""
    __slots__ = ()


def _flip(self, *dims):
    """``t.flip(0, 1)`` or ``t.flip((0, 1))``."""
    if len(dims) == 1 and not isinstance(dims[0], int):
        dims = dims[0]
    return apply(OPS["flip"], (self,), {"dims": tuple(dims)})




def _sizes(args):
    return tuple(args[0]) if len(args) == 1 and not isinstance(args[0], int) else tuple(args)


def _repeat(self, *repeats):
    """``t.repeat(2, 3)`` or ``t.repeat((2, 3))``."""
    return apply(OPS["repeat"], (self,), {"repeats": _sizes(repeats)})


def _tile(self, *dims):
    """``repeat``, with ``dims`` padded with leading ones to the tensor's dimensions."""
    dims = _sizes(dims)
    return _repeat(self, (1,) * (self._data.ndim - len(dims)) + dims)


def _movedim(self, source, destination):
    if isinstance(source, int) != isinstance(destination, int):
        raise TypeError(f"movedim() received an invalid combination of arguments - got "
                        f"({type(source).__name__}, {type(destination).__name__}), but expected "
                        "(int source, int destination) or (tuple of ints source, tuple of ints "
                        "destination)")
    src = (source,) if isinstance(source, int) else tuple(source)
    dst = (destination,) if isinstance(destination, int) else tuple(destination)
    if len(src) != len(dst):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({_list(src)} "
                           f"dims) should contain the same number of dims as destination "
                           f"({_list(dst)} dims)")
    n = self._data.ndim
    src, dst = [_wrap_dim(d, n) for d in src], [_wrap_dim(d, n) for d in dst]
    order = [None] * n
    for s, d in zip(src, dst):
        order[d] = s
    rest = iter(d for d in range(n) if d not in src)
    return self.permute(*[next(rest) if o is None else o for o in order])


ArrangeMixin.flip, ArrangeMixin.repeat, ArrangeMixin.tile = _flip, _repeat, _tile
ArrangeMixin.movedim = ArrangeMixin.moveaxis = _movedim
