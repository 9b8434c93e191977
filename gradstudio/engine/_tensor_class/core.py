"""``TensorCore``: a tensor's state (a numpy array plus PyTorch's autograd fields) and its
metadata. Every module below the assembled ``Tensor`` (``tensor``) works with this class:
``TensorCore._make`` builds a ``Tensor``, and ``isinstance(x, TensorCore)`` holds for every
tensor. The method groups are mixins in the modules beside it (``arith``, ``shape`` ...).

Storage is shared the way PyTorch shares it: views (``view``, ``t``, indexing ...),
``detach()`` and ``.data`` wrap the same numpy memory. Views and ``detach()`` also share
the version counter that in-place ops bump and backward checks; ``.data`` gets its own.
A view also knows its base, how it was made and the version its grad_fn is valid for:
in-place changes through views and of their bases are recorded by ``_autograd.views``.
"""
import numpy as np

from .._types import dtype as D
from .._types.device import device
from .._autograd.grad_mode import INFERENCE_ON, InferenceVersion, new_version

__all__ = ["TensorCore", "tensor_class", "TENSOR_TYPES"]

_NEW = object.__new__
_TENSOR = None    # the assembled Tensor class (see TensorCore.__init_subclass__)


class TensorCore:
    """A tensor's state and metadata."""
    # a view (``_base`` set) also has ``_view_ver``, the version its grad_fn is valid for,
    # and ``_creation`` (``_autograd.views.DEFAULT``, ``NO_GRAD``, ``MULTI_OUTPUT``); other tensors
    # leave both unset
    __slots__ = ("_data", "_dtype", "_requires_grad", "_grad", "_grad_fn", "_vc", "_base",
                 "_retains_grad", "_hooks", "_post_acc_hooks", "_acc", "_output_nr",
                 "_view_ver", "_creation", "__weakref__")
    __hash__ = object.__hash__

    def __init_subclass__(cls, **kwargs):
        # the one class ``_make`` builds: ``Tensor``, assembled from the mixins; classes
        # derived from it (``nn.Parameter``) are tensors too, which the hot paths are told
        global _TENSOR
        super().__init_subclass__(**kwargs)
        if _TENSOR is None:
            _TENSOR = cls
            TENSOR_TYPES.add(cls)
            for bind in _ON_TENSOR_CLASS:
                bind(cls)
        elif issubclass(cls, _TENSOR):
            TENSOR_TYPES.add(cls)
        else:
            raise TypeError("TensorCore has one subclass, torch.Tensor")

    @staticmethod
    def _make(data, dtype=None, requires_grad=False):
        t = _NEW(_TENSOR)
        t._data = data
        t._dtype = dtype if dtype is not None else D.from_numpy_dtype(data.dtype)
        t._requires_grad = requires_grad
        t._grad = None
        t._grad_fn = None
        t._vc = new_version() if INFERENCE_ON[0] else [0]
        t._base = None
        t._retains_grad = False
        t._hooks = None
        t._post_acc_hooks = None
        t._acc = None
        t._output_nr = 0
        return t

    @staticmethod
    def _wrap_grad(g):
        return TensorCore._make(g if type(g) is np.ndarray else np.asarray(g))

    # ------------------------------------------------------------------ metadata
    @property
    def shape(self):
        return D.Size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return D.Size(self._data.shape)
        return self._data.shape[_wrap_dim(dim, self._data.ndim)]

    def dim(self):
        return self._data.ndim

    ndimension = dim

    @property
    def ndim(self):
        return self._data.ndim

    def numel(self):
        return int(self._data.size)

    nelement = numel

    @property
    def dtype(self):
        return self._dtype

    @property
    def device(self):
        return device("cpu")

    @property
    def is_cuda(self):
        return False

    def is_floating_point(self):
        return self._dtype.is_floating_point

    def element_size(self):
        return self._dtype.itemsize

    def is_contiguous(self):
        return bool(self._data.flags.c_contiguous)

    @property
    def _version(self):
        if type(self._vc) is InferenceVersion:
            raise RuntimeError("Inference tensors do not track version counter.")
        return self._vc[0]

    @property
    def _base_tensor(self):
        return self._base

    def _is_view(self):
        return self._base is not None


def tensor_class():
    """The assembled ``Tensor`` class."""
    return _TENSOR


_ON_TENSOR_CLASS = []
TENSOR_TYPES = set()    # Tensor and the classes derived from it: ``type(o) in TENSOR_TYPES``


def on_tensor_class(bind):
    """Calls ``bind(Tensor)`` once the ``Tensor`` class is assembled: the hot paths test
    ``type(o) is Tensor`` (one pointer comparison) instead of an ``isinstance``."""
    _ON_TENSOR_CLASS.append(bind)


def _c_name(d):
    # c10's C++ type names, as PyTorch's messages print them
    return {"float32": "float", "float64": "double", "float16": "c10::Half",
            "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
            "uint8": "unsigned char", "bool": "bool"}[d.name]


def _list(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def _wrap_dim(dim, ndim):
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}],"
                         f" but got {dim})")
    return dim % n
