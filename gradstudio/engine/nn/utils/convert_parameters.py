"""``torch.nn.utils.convert_parameters``: parameters flattened into one vector and back."""
from ..._tensor_class.core import TensorCore as Tensor
from ..._torch_functions.general import cat

__all__ = ["parameters_to_vector", "vector_to_parameters"]


def parameters_to_vector(parameters):
    """The parameters, each viewed as a row, one after the other in a single vector."""
    return cat([param.view(-1) for param in parameters])


def vector_to_parameters(vec, parameters):
    """Copies consecutive slices of ``vec`` into the parameters' data."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {_typename(vec)}")
    pointer = 0
    for param in parameters:
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param


def _typename(obj):
    # torch.typename: the object's own module and qualified name when it has them (a
    # class, a function), else its class's; builtins unqualified
    module = getattr(obj, "__module__", "") or ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ""
        qualname = obj.__class__.__qualname__
    return qualname if module in {"", "builtins"} else f"{module}.{qualname}"


for _f in (parameters_to_vector, vector_to_parameters):
    _f.__module__ = "torch.nn.utils.convert_parameters"
