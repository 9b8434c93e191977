"""``torch.nn.utils``: gradient clipping and parameters as one vector."""
from . import clip_grad, convert_parameters
from .clip_grad import (clip_grad_norm, clip_grad_norm_, clip_grad_value_,
                        clip_grads_with_norm_, get_total_norm)
from .convert_parameters import parameters_to_vector, vector_to_parameters

__all__ = ["clip_grad_norm", "clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_",
           "get_total_norm", "parameters_to_vector", "vector_to_parameters"]

from ..._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
