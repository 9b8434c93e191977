"""The few engine functions ``torch.utils`` calls (``torch.randperm``, ``torch.stack`` ...),
gathered here so that the modules they come from are named once."""
from .._tensor_class.core import TensorCore as Tensor
from .._types.dtype import float64, int64
from .._torch_functions.factory import _gen, as_tensor, empty, randint, randperm, tensor
from .._torch_functions.general import stack
from .._cpu_kernels.generator import Generator, default_generator
from .._torch_functions.sampling import multinomial

__all__ = ["Tensor", "float64", "int64", "as_tensor", "empty", "randint", "randperm",
           "tensor", "stack", "Generator", "default_generator", "multinomial", "draw_seed",
           "permutation", "draws_below", "weighted_draws"]


def draw_seed(generator=None):
    """``int(torch.empty((), dtype=torch.int64).random_(generator=generator).item())``:
    the seed a sampler or a loader's iterator draws, as torch draws it (64 bits modulo
    2**63), taken from the generator directly: a loader's bookkeeping is no op of the
    program (a tracer listening to the engine does not see it)."""
    return int(_gen(generator)._u64(1)[0] % (2 ** 63))


# A sampler's indices are Python ints: drawn from the generator as torch.randperm,
# torch.randint and torch.multinomial draw them (the same numbers), without making the
# tensors a listener to the engine would take for the program's own.
def permutation(n, generator=None):
    """``torch.randperm(n, generator=generator).tolist()``."""
    return _gen(generator).randperm(n).tolist()


def draws_below(n, count, generator=None):
    """``torch.randint(high=n, size=(count,), generator=generator).tolist()``."""
    return _gen(generator).randint(0, n, (count,)).tolist()


def weighted_draws(weights, num_samples, replacement, generator=None):
    """``torch.multinomial(weights, num_samples, replacement, generator=generator)
    .tolist()``."""
    return multinomial.__wrapped__(weights, num_samples, replacement,
                                   generator=generator).tolist()
