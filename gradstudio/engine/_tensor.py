"""``Tensor``, assembled: its state and metadata (``TensorCore``) and one mixin per group
of methods, each in the module that implements it:

==================  ==============================================================
``_tensor_arith``   operators, arithmetic, comparisons, bitwise/logical, elementwise
``_tensor_shape``   shapes and views (``view``, ``reshape``, ``t`` ...), ``to``
``_tensor_reduce``  reductions and linear algebra (``sum``, ``max``, ``matmul`` ...)
``_tensor_stats``   ``prod``, ``cumsum``, ``var``, ``std``
``_tensor_index``   ``x[k]`` and ``x[k] = v``
``_tensor_inplace`` in-place ops (``add_``, ``zero_``, ``uniform_`` ...)
``_tensor_autograd`` ``requires_grad``, ``grad``, ``grad_fn``, hooks, ``backward``,
                    ``detach``, ``.data``
``_tensor_convert`` ``item``, ``tolist``, ``numpy``, printing, pickling
``_tensor_table``   the methods generated from the op table's ``variants``
==================  ==============================================================

Every method runs its op through ``_ops.dispatch.apply``.
"""
import numpy as np

from ._types import dtype as D
from ._core import TensorCore
from ._factory import empty, tensor
from ._tensor_arith import ArithmeticMixin
from ._tensor_arrange import ArrangeMixin
from ._tensor_autograd import AutogradMixin
from ._tensor_convert import ConversionMixin
from ._tensor_index import IndexMixin
from ._tensor_inplace import InplaceMixin
from ._tensor_reduce import ReduceMixin
from ._sampling import SamplingMixin
from ._tensor_matrix import MatrixMixin
from ._tensor_scatter import ScatterMixin
from ._tensor_select import SelectMixin
from ._tensor_shape import ShapeMixin
from ._tensor_stats import StatsMixin
from ._tensor_table import TableMixin

__all__ = ["Tensor"]


class Tensor(ArithmeticMixin, ShapeMixin, ArrangeMixin, ReduceMixin, SelectMixin, StatsMixin,
             IndexMixin, ScatterMixin, MatrixMixin, SamplingMixin, InplaceMixin, AutogradMixin,
             ConversionMixin, TableMixin, TensorCore):
    """A multi-dimensional array that records the operations applied to it."""
    __slots__ = ()
    __module__ = "torch"  # type(x) prints as <class 'torch.Tensor'>

    def __new__(cls, *args, **kwargs):
        if not args and not kwargs:
            return cls._make(np.zeros((0,), np.float32), D.float32)
        if len(args) == 1 and not isinstance(args[0], int):
            return tensor(args[0], dtype=D.get_default_dtype())
        return empty(*args, **kwargs)
