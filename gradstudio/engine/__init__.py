"""A numpy autograd engine that behaves and prints like PyTorch's.

``import gradstudio.engine as torch`` runs tutorial-style PyTorch code unchanged. It
imports numpy only: never Qt or torch. Beyond PyTorch it offers ``autograd.observe()``,
which records each step of a backward pass for the studio.
"""
import math

from ._types.dtype import (Size, bool_ as bool, can_cast, dtype, float16, float32, float64,
                           get_default_dtype, int8, int16, int32, int64, promote_types,
                           public_result_type as result_type, set_default_dtype, uint8)
from ._types.device import device
from ._tensor_class.tensor import Tensor
from ._tensor_class.variants import FUNCTIONS as _TABLE_FUNCTIONS
from ._messages.missing import missing as _missing
from ._torch_functions.factory import (arange, as_tensor, empty, empty_like, eye, from_numpy, full,
                                       full_like, linspace, ones, ones_like, rand, rand_like,
                                       randint, randn, randn_like, randperm, scalar_tensor, tensor,
                                       zeros, zeros_like)
from ._torch_functions.factory import (BoolTensor, ByteTensor, CharTensor,  # noqa: F401
                                       DoubleTensor, FloatTensor, HalfTensor, IntTensor,
                                       LongTensor, ShortTensor)
from ._torch_functions.general import *  # noqa: F401,F403
from ._torch_functions.general import __all__ as _functions_all
from ._autograd.grad_mode import (enable_grad, inference_mode, is_grad_enabled,
                                  is_inference_mode_enabled, no_grad, set_grad_enabled)
from ._tensor_class.printing import get_printoptions, set_printoptions
from ._cpu_kernels.generator import Generator as _RawGenerator, default_generator
from ._cpu_kernels.generator import get_rng_state, initial_seed, manual_seed, seed, set_rng_state
from ._types.info import finfo, iinfo
from ._torch_functions.einsum import einsum
from ._torch_functions.linalg_more import (logdet, pinverse, torch_slogdet as slogdet,
                                           torch_svd as svd)
from ._torch_functions.small import mode, ravel, relu_, round, std_mean, var_mean  # noqa: A004
from ._torch_functions.inplace_functions import *  # noqa: F401,F403
from ._torch_functions.correlation import cdist, corrcoef, cov
from ._torch_functions.counting import bincount, bucketize, histc, searchsorted
from ._torch_functions.rank import (addcdiv, aminmax, copysign, count_nonzero, cross,  # noqa
                                    cummax, cummin, fmod, msort,
                                    inner, kron, kthvalue, lerp, nanmean, nanmedian,
                                    nanquantile, nansum, quantile)
from ._torch_functions.linalg_power import matrix_power, torch_qr as qr
from ._tensor_class.cholesky import cholesky_inverse, cholesky_solve
from ._torch_functions.batch_norm import batch_norm, get_num_threads, set_num_threads
from .nn._normalization import _group_norm as group_norm
from ._torch_functions.sampling import bernoulli, multinomial, normal, randint_like
from . import autograd, func, linalg, nn, optim, return_types, serialization, utils
from .func import vmap
from ._autograd.anomaly import (is_anomaly_check_nan_enabled, is_anomaly_enabled,
                                set_anomaly_enabled)
from .serialization import load, save

cosine_similarity = nn.functional.cosine_similarity
pairwise_distance = nn.functional.pairwise_distance
layer_norm = nn.functional.layer_norm
pi, e, inf, nan = math.pi, math.e, math.inf, math.nan
float = float32
double = float64
half = float16
long = int64
int = int32
short = int16
__version__ = "2.13.0+cpu"     # (the PyTorch whose CPU build it reproduces, as it prints)


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


def torch_modules():
    """``{"torch": this package, "torch.nn": ..., ...}``: what ``sys.modules`` needs so
    that a program's ``import torch`` (and ``from torch.autograd.function import ...``,
    ``import torch.optim`` ...) gets the engine."""
    import sys
    from .nn import modules
    from .nn.modules import activation, batchnorm, container, linear, loss
    from .optim import (adadelta, adagrad, adam, adamax, lbfgs, nadam, optimizer, radam,
                       rmsprop, sgd)
    return {"torch": sys.modules[__name__], "torch.autograd": autograd, "torch.linalg": linalg,
            "torch.autograd.function": autograd.function,
            "torch.autograd.functional": autograd.functional,
            "torch.autograd.forward_ad": autograd.forward_ad,
            "torch.func": func, "torch.autograd.graph": autograd.graph,
            "torch.nn": nn, "torch.nn.functional": nn.functional, "torch.nn.init": nn.init,
            "torch.nn.parameter": nn.parameter, "torch.nn.utils": nn.utils,
            "torch.nn.utils.clip_grad": nn.utils.clip_grad, "torch.nn.modules": modules,
            "torch.nn.modules.module": nn.module, "torch.nn.modules.activation": activation,
            "torch.nn.modules.container": container, "torch.nn.modules.linear": linear,
            "torch.nn.modules.loss": loss, "torch.nn.modules.batchnorm": batchnorm,
            "torch.optim": optim,
            "torch.optim.optimizer": optimizer, "torch.optim.sgd": sgd, "torch.optim.adam": adam,
            "torch.optim.rmsprop": rmsprop, "torch.optim.adagrad": adagrad,
            "torch.optim.adadelta": adadelta, "torch.optim.adamax": adamax,
            "torch.optim.nadam": nadam, "torch.optim.radam": radam, "torch.optim.lbfgs": lbfgs,
            "torch.optim.lr_scheduler": optim.lr_scheduler, "torch.utils": utils,
            "torch.serialization": serialization,
            "torch.utils.data": utils.data, "torch.utils.data.dataset": utils.data.dataset,
            "torch.utils.data.sampler": utils.data.sampler,
            "torch.utils.data.dataloader": utils.data.dataloader}


# ``torch.<op>`` for the ops of the table that declare a function variant (also those
# registered after import); a name the engine lacks says so in GradStudio's words
__getattr__ = _missing(__name__, _TABLE_FUNCTIONS.get)


def __dir__():
    return sorted(set(globals()) | set(_TABLE_FUNCTIONS))
