"""A numpy autograd engine that behaves and prints like PyTorch's.

``import gradstudio.engine as torch`` runs tutorial-style PyTorch code unchanged. It
imports numpy only: never Qt, networkx or torch. Beyond PyTorch it offers
``autograd.observe()``, which records each step of a backward pass for the studio.
"""
# the op tables register every op before the Tensor methods bind them
from . import _optable, _optable_stats, _optable_loss  # noqa: F401
from ._dtype import (Size, bool_ as bool, dtype, float16, float32, float64, get_default_dtype,
                     int8, int16, int32, int64, promote_types, result_type as _result_type,
                     set_default_dtype, uint8)
from ._tensor import Tensor
from . import _tensor_ops, _tensor_shape, _tensor_reduce  # noqa: F401  (bind the Tensor methods)
from . import _tensor_index, _tensor_inplace  # noqa: F401  (those two need the ones above)
from . import _tensor_stats  # noqa: F401
from ._factory import (arange, as_tensor, empty, empty_like, eye, from_numpy, full, full_like,
                       linspace, ones, ones_like, rand, rand_like, randint, randn, randn_like,
                       randperm, scalar_tensor, tensor, zeros, zeros_like)
from ._factory import (BoolTensor, ByteTensor, CharTensor, DoubleTensor, FloatTensor,  # noqa: F401
                       HalfTensor, IntTensor, LongTensor, ShortTensor)
from ._functions import *  # noqa: F401,F403
from ._functions import __all__ as _functions_all
from ._grad_mode import (enable_grad, inference_mode, is_grad_enabled, no_grad,
                         set_grad_enabled)
from ._printing import get_printoptions, set_printoptions
from ._random import Generator as _RawGenerator, default_generator
from ._random import get_rng_state, initial_seed, manual_seed, seed, set_rng_state
from . import autograd, nn

float = float32
double = float64
half = float16
long = int64
int = int32
short = int16
__version__ = "2.13.0+gradstudio"


class device:
    """Only the CPU exists here; ``torch.device('cpu')`` prints as in PyTorch."""
    __module__ = "torch"

    def __init__(self, type="cpu", index=None):
        self.type = str(type).split(":")[0]
        self.index = index

    def __repr__(self):
        return f"device(type='{self.type}')"

    def __str__(self):
        return self.type

    def __eq__(self, other):
        return isinstance(other, device) and other.type == self.type

    def __hash__(self):
        return hash(self.type)


class Generator(_RawGenerator):
    """``torch.Generator()``: an independent random stream."""

    def __init__(self, device="cpu"):
        super().__init__()


class _Cuda:
    @staticmethod
    def is_available():
        return False

    @staticmethod
    def manual_seed(seed):
        return None

    manual_seed_all = manual_seed


cuda = _Cuda()
