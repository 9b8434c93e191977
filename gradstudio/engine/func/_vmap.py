"""``torch.func.vmap``: ``func`` mapped over a dimension of its inputs.

PyTorch runs ``func`` once on batched tensors; the engine runs it once per sample, on
the slices, and stacks each output along its ``out_dims``. The values are the same: every
op of the engine computes each sample as PyTorch's batched kernel does (matrix products
aside, which may differ in the last bits as anywhere in the engine). What differs is what
only shows inside ``func`` or on a result that requires grad: a sample prints as a tensor
(PyTorch prints ``BatchedTensor(lvl=1, bdim=0, value=...)``) and a result that requires
grad has ``grad_fn=<StackBackward0>``. Random draws inside ``func`` are refused, as with
PyTorch's default ``randomness='error'``."""
import functools

from .._tensor_class.core import TensorCore
from .._torch_functions.general import stack
from .._cpu_kernels.generator import default_generator
from . import _pytree as pt
from ._levels import Level

__all__ = ["vmap"]


def _name(func):
    if hasattr(func, "__name__"):
        return func.__name__
    if isinstance(func, functools.partial):
        return f"functools.partial({_name(func.func)}, ...)"
    return repr(func)


def _flat_in_dims(func, in_dims, args):
    name = _name(func)
    if not isinstance(in_dims, (int, tuple)):
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` "
                         "to be int or a (potentially nested) tuple matching the structure of "
                         f"inputs, got: {type(in_dims)}.")
    if len(args) == 0:
        raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add "
                         "inputs, or you are trying to vmap over a function with no inputs. "
                         "The latter is unsupported.")
    flat, spec = pt.tree_flatten(args)
    dims = pt.broadcast_prefix(in_dims if isinstance(in_dims, tuple) else (in_dims,) * len(args),
                               spec)
    if dims is None:
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not "
                         "compatible with the structure of `inputs`. in_dims has structure "
                         f"{pt.tree_flatten(in_dims)[1]} but inputs has structure {spec}.")
    for i, (arg, d) in enumerate(zip(flat, dims)):
        if d is not None and not isinstance(d, int):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} "
                             "for an input but in_dim must be either an integer dimension or "
                             "None.")
        if isinstance(d, int) and not isinstance(arg, TensorCore):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} "
                             f"for an input but the input is of type {type(arg)}. We cannot "
                             "vmap over non-Tensor arguments, please use None as the "
                             "respective in_dim")
        if d is not None and not -arg.dim() <= d < arg.dim():
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} "
                             "for some input, but that input is a Tensor of dimensionality "
                             f"{arg.dim()} so expected in_dim to satisfy -{arg.dim()} <= "
                             f"in_dim < {arg.dim()}.")
        if d is not None and d < 0:
            dims[i] = d % arg.dim()
    sizes = [a.size(d) for a, d in zip(flat, dims) if d is not None]
    if not sizes:
        raise ValueError("vmap: Expected at least one Tensor to vmap over")
    if any(s != sizes[0] for s in sizes):
        raise ValueError("vmap: Expected all tensors to have the same size in the mapped "
                         f"dimension, got sizes {sizes} for the mapped dimension")
    return flat, spec, dims, sizes[0]


def _stacked(func, out_dims, samples):
    name = _name(func)
    flat0, spec = pt.tree_flatten(samples[0])
    if isinstance(samples[0], TensorCore) and isinstance(out_dims, tuple) and len(out_dims) == 1:
        dims = list(out_dims)
    else:
        dims = pt.broadcast_prefix(out_dims, spec)
    if dims is None:
        raise ValueError(f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not "
                         "compatible with the structure of `outputs`. out_dims has structure "
                         f"{pt.tree_flatten(out_dims)[1]} but outputs has structure {spec}.")
    flats = [pt.tree_flatten(s)[0] for s in samples]
    out = []
    for k, d in enumerate(dims):
        if d is None:
            out.append(flat0[k])
            continue
        if not isinstance(flat0[k], TensorCore):
            raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type "
                             f"{type(flat0[k])}. Did you mean to set out_dims= to None for "
                             "output?")
        out.append(stack([f[k] for f in flats], d))
    return pt.tree_unflatten(out, spec)


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """``func`` mapped over dimension ``in_dims`` of its inputs, the results stacked along
    ``out_dims``."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError("Only allowed values for randomness are 'error', 'different', or "
                           f"'same'. Got {randomness}")

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        flat, spec, dims, n = _flat_in_dims(func, in_dims, args)
        samples = []
        for i in range(n):
            sliced = [a if d is None else a.select(d, i) for a, d in zip(flat, dims)]
            state = default_generator.get_state()
            with Level(tracking=False):   # (counts as a level, as PyTorch's vmap does)
                samples.append(func(*pt.tree_unflatten(sliced, spec), **kwargs))
            if not (default_generator.get_state() == state).all():
                default_generator.set_state(state)
                if randomness == "error":
                    raise RuntimeError("vmap: called random operation while in randomness "
                                       "error mode. Please either use the 'same' or "
                                       "'different' randomness flags on vmap or perform the "
                                       "randomness operation out of vmap")
                raise RuntimeError(f"vmap(randomness='{randomness}') with random operations "
                                   "inside the function is not supported by the engine; draw "
                                   "the random numbers outside vmap and pass them in.")
        return _stacked(func, out_dims, samples)
    return wrapped
