"""The few engine functions ``torch.utils`` calls (``torch.randperm``, ``torch.stack`` ...),
gathered here so that the modules they come from are named once."""
from .._core import TensorCore as Tensor
from .._dtype import float64, int64
from .._factory import as_tensor, empty, randint, randperm, tensor
from .._functions import stack
from .._random import Generator, default_generator
from .._sampling import multinomial

__all__ = ["Tensor", "float64", "int64", "as_tensor", "empty", "randint", "randperm",
           "tensor", "stack", "Generator", "default_generator", "multinomial", "draw_seed"]


def draw_seed(generator=None):
    """``int(torch.empty((), dtype=torch.int64).random_(generator=generator).item())``:
    the seed a sampler or a loader's iterator draws, as torch draws it."""
    return int(empty((), dtype=int64).random_(generator=generator).item())
