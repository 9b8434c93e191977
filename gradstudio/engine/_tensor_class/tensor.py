"""``Tensor``, assembled: its state and metadata (``TensorCore``) and one mixin per group
of methods, each in the module that implements it:

====================  ===========================================================
``arith``             operators, arithmetic, comparisons, bitwise/logical, elementwise
``shape``             shapes and views (``view``, ``reshape``, ``t`` ...)
``dtype_conversion``  ``to``, ``float()`` and friends, ``new_*``
``arrange``           ``flip``, ``repeat``, ``movedim`` ...
``reduce``            reductions and linear algebra (``sum``, ``max``, ``matmul`` ...)
``select``            ``sort``, ``topk``, ``median`` ...
``rank``              ``kthvalue``, ``nanmedian``, ``cummax``, ``cummin``
``pointwise``         ``lerp``, ``fmod``, ``copysign`` (a number or a tensor)
``nan_reduce``        ``nansum``, ``nanmean``, ``aminmax``
``products``          ``cross``, ``kron``, ``inner``
``quantile``          ``quantile``, ``nanquantile``
``shape_inplace``     ``t_``, ``transpose_``, ``unsqueeze_``, ``squeeze_``
``cholesky``          ``cholesky_inverse``, ``cholesky_solve``
``stats``             ``prod``, ``cumsum``, ``var``, ``std``
``index``             ``x[k]`` and ``x[k] = v``
``scatter``           ``scatter``, ``index_add`` ...
``matrix``            diagonals, ``roll``, ``addmm`` ...
``inplace``           in-place ops (``add_``, ``zero_``, ``uniform_`` ...)
``autograd_state``    ``requires_grad``, ``grad``, ``grad_fn``, hooks, ``backward``,
                      ``detach``, ``.data``
``convert``           ``item``, ``tolist``, ``numpy``, printing, pickling
``variants``          the methods generated from the op table's ``variants``
``small``             ``ravel``, ``is_inference``, ``mode``
====================  ===========================================================

(``SamplingMixin``, the methods that draw random numbers, is ``_torch_functions.sampling``'s.)
Every method runs its op through ``_ops.dispatch.apply``.
"""
import numpy as np

from .._types import dtype as D
from .core import TensorCore
from .._torch_functions.factory import empty, tensor
from .arith import ArithmeticMixin
from .arrange import ArrangeMixin
from .autograd_state import AutogradMixin
from .convert import ConversionMixin
from .index import IndexMixin
from .inplace import InplaceMixin
from .reduce import ReduceMixin
from .._torch_functions.sampling import SamplingMixin
from .._torch_functions.linalg_more import LinalgMixin
from .matrix import MatrixMixin
from .scatter import ScatterMixin
from .select import SelectMixin
from .rank import RankMixin
from .pointwise import PointwiseMixin
from .nan_reduce import NanReduceMixin
from .products import ProductsMixin
from .quantile import QuantileMixin
from .shape_inplace import ShapeInplaceMixin
from .cholesky import CholeskyMixin
from .shape import ShapeMixin
from .dtype_conversion import DtypeConversionMixin
from .small import SmallNamesMixin
from .stats import StatsMixin
from .variants import TableMixin
from .aliases import AliasMixin

__all__ = ["Tensor"]


class Tensor(ArithmeticMixin, ShapeMixin, DtypeConversionMixin, ArrangeMixin, ReduceMixin,
             SelectMixin, RankMixin, PointwiseMixin, NanReduceMixin, ProductsMixin,
             QuantileMixin, ShapeInplaceMixin, CholeskyMixin, StatsMixin, IndexMixin,
             ScatterMixin,
             MatrixMixin, SamplingMixin, LinalgMixin, InplaceMixin, AutogradMixin,
             ConversionMixin, TableMixin, SmallNamesMixin, AliasMixin, TensorCore):
    """A multi-dimensional array that records the operations applied to it."""
    __slots__ = ()
    __module__ = "torch"  # type(x) prints as <class 'torch.Tensor'>

    def __new__(cls, *args, **kwargs):
        if not args and not kwargs:
            return cls._make(np.zeros((0,), np.float32), D.float32)
        if len(args) == 1 and not isinstance(args[0], int):
            return tensor(args[0], dtype=D.get_default_dtype())
        return empty(*args, **kwargs)
