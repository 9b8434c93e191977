"""The autograd state of a tensor as PyTorch shows it: ``requires_grad``, ``grad_fn``,
``is_leaf``, ``.grad`` (with the non-leaf warning), ``retain_grad``, hooks, ``backward``,
``detach`` and ``.data``; and how a leaf accumulates its gradient (``_accumulate_grad``)
and joins the graph (``_edge``)."""
import weakref

import numpy as np

from .._autograd import api as _backward, views as _views
from .._autograd.grad_mode import check_requires_grad
from .._messages import warn as _warn
from .._types import dtype as D
from .core import TensorCore, _c_name, _list
from .._ops.dispatch import NO_GRAD_VIEW as _NO_GRAD_VIEW, apply
from .._autograd.nodes import AccumulateGrad, _Handle, mark_detached
from .._ops.record import OPS
from ..observer import observed

__all__ = ["AutogradMixin", "zero_grads"]

_NONLEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered "
    "internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")
_LEAF_ONLY = "you can only change requires_grad flags of leaf variables."
_LEAF_ONLY_DETACH = _LEAF_ONLY + (
    " If you want to use a computed variable in a subgraph that doesn't require "
    "differentiation use var_no_grad = var.detach().")


class AutogradMixin:
    __slots__ = ()

    def _sync(self):
        """Brings a view's grad_fn up to date after an in-place change of its memory."""
        if self._base is not None and self._vc[0] != self._view_ver:
            _views.refresh(self)
        return self

    @property
    @observed("Tensor.requires_grad")
    def requires_grad(self):
        # (PyTorch: a view requires grad when its base does, before its grad_fn is rebuilt)
        return self._requires_grad or (self._base is not None and self._base._requires_grad)

    @requires_grad.setter
    @observed("Tensor.requires_grad =")
    def requires_grad(self, value):
        if not isinstance(value, bool):
            raise RuntimeError("requires_grad must be a bool")
        if self._sync()._grad_fn is not None:
            raise RuntimeError(_LEAF_ONLY if value else _LEAF_ONLY_DETACH)
        if value and not self._dtype.is_floating_point:
            raise RuntimeError("only Tensors of floating point and complex dtype can require "
                               "gradients")
        if value:
            check_requires_grad(self)
        self._requires_grad = value

    @observed("Tensor.requires_grad_")
    def requires_grad_(self, requires_grad=True):
        if self._sync()._grad_fn is not None:
            if not requires_grad:
                raise RuntimeError(_LEAF_ONLY_DETACH)
            return self
        if requires_grad and not self._dtype.is_floating_point:
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        if requires_grad:
            check_requires_grad(self)
        self._requires_grad = requires_grad
        return self

    @property
    def output_nr(self):
        """Which output of its grad_fn this tensor is (0 but for split, unbind ...)."""
        return self._output_nr

    @property
    @observed("Tensor.is_leaf")
    def is_leaf(self):
        return self._sync()._grad_fn is None

    @property
    @observed("Tensor.grad_fn")
    def grad_fn(self):
        return self._sync()._grad_fn

    @property
    @observed("Tensor.retains_grad")
    def retains_grad(self):
        return self._retains_grad

    @property
    @observed("Tensor.grad")
    def grad(self):
        if self._sync()._grad_fn is not None and not self._retains_grad:
            _warn.warn(_NONLEAF_GRAD_WARNING)
        return self._grad

    @grad.setter
    @observed("Tensor.grad =")
    def grad(self, value):
        if value is not None:
            if not isinstance(value, TensorCore):
                raise TypeError("assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value._dtype is not self._dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{_c_name(value._dtype)}' to "
                    f"a tensor with grad_dtype '{D.scalar_type(self._dtype)}'. The "
                    "gradient must match the tensor's grad_dtype (defaults to the tensor's "
                    "dtype). You can set the tensor's grad_dtype attribute with a specific "
                    "dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging "
                    "the dtypes of a tensor and its gradient may break downstream systems that "
                    "assume they match.")
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{_list(value._data.shape)}' to a "
                    f"tensor of size '{_list(self._data.shape)}'. Please ensure that the "
                    "gradient and the tensor are the same size")
        self._grad = value

    @grad.deleter
    @observed("del Tensor.grad")
    def grad(self):
        self._grad = None

    @observed("Tensor.retain_grad")
    def retain_grad(self):
        if not self._sync()._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        fn = self._grad_fn
        if fn is not None:
            self._retains_grad = True
            if fn._outputs:  # one of several outputs: retained by output number
                if fn._retain is None:
                    fn._retain = {}
                fn._retain[self._output_nr] = weakref.ref(self)
            else:
                fn._retain = weakref.ref(self)

    @observed("Tensor.register_hook")
    def register_hook(self, hook):
        """``hook(grad)`` runs when this tensor's gradient is computed; returning a tensor
        replaces the gradient. Returns a handle with ``remove()``."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require "
                               "gradient")
        hook = _checked_hook(hook)
        if self._sync()._grad_fn is None:
            if self._hooks is None:
                self._hooks = {}
            return _Handle(self._hooks, hook)
        fn = self._grad_fn
        if fn._pre_hooks is None:
            fn._pre_hooks = {}
        return _Handle(fn._pre_hooks, (self._output_nr, hook) if fn._outputs else hook)

    @observed("Tensor.register_post_accumulate_grad_hook")
    def register_post_accumulate_grad_hook(self, hook):
        if self._sync()._grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf "
                               "tensors")
        if self._post_acc_hooks is None:
            self._post_acc_hooks = {}
        return _Handle(self._post_acc_hooks, hook)

    def _accumulator(self):
        if self._acc is _NO_GRAD_VIEW:
            return None
        acc = self._acc() if self._acc is not None else None
        if acc is None:
            acc = AccumulateGrad(self)
            self._acc = weakref.ref(acc)
        return acc

    def _edge(self):
        if self._sync()._grad_fn is not None:
            return (self._grad_fn, self._output_nr)
        if self._requires_grad:
            return (self._accumulator(), 0)
        return (None, 0)

    def _accumulate_grad(self, g, create_graph, owned=False):
        """Adds ``g`` into ``.grad`` as PyTorch's AccumulateGrad does: the first gradient
        is copied in (or kept as is when the caller ``owned`` the only reference to it),
        later ones are added in place unless a graph is being recorded."""
        cur = self._grad
        if create_graph:
            if cur is None:  # empty_strided(...).copy_(g), as PyTorch's layout contract does
                dt = self._dtype
                cur = TensorCore._make(np.empty(self._data.shape, dt.np), dt)
                self._grad = apply(OPS["_copy"], (cur, g))
            else:
                self._grad = cur + g
            return
        if cur is None:
            dt = self._dtype
            # PyTorch's layout contract: the first gradient takes the leaf's strides
            # (a Linear weight's grad is contiguous though mm's backward made it transposed)
            data = self._data
            order = "F" if data.flags.f_contiguous and not data.flags.c_contiguous else "C"
            if not (owned and type(g) is np.ndarray and g.base is None and g.dtype == dt.np
                    and g.flags[f"{order}_CONTIGUOUS"] and g.flags.writeable):
                g = np.array(g, dtype=dt.np, order=order, copy=True)
            self._grad = TensorCore._make(g, dt)
        elif cur._requires_grad or not cur._data.flags.writeable or \
                cur._data.shape != np.shape(g) or self._grad_fn is not None:
            self._grad = TensorCore._make(np.asarray(cur._data + g, dtype=cur._data.dtype),
                                      cur._dtype)
        else:
            np.add(cur._data, g, out=cur._data, casting="unsafe")
            cur._vc[0] += 1

    @observed("Tensor.backward")
    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Computes the gradient of this tensor with respect to graph leaves."""
        _backward.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    @observed("Tensor.detach")
    def detach(self):
        t = TensorCore._make(self._data, self._dtype)
        t._vc = self._vc
        return t

    @observed("Tensor.detach_")
    def detach_(self):
        if self._base is not None and self._sync()._grad_fn is not None:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using "
                "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set "
                "as True, gradients are views of DDP buckets, and hence detach_() cannot be "
                "called on these gradients. To fix this error, please refer to the "
                "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.")
        if self._grad_fn is not None:
            mark_detached(self)
        self._grad_fn = None
        self._requires_grad = False
        return self

    @property
    @observed("Tensor.data")
    def data(self):
        return TensorCore._make(self._data, self._dtype)

    @data.setter
    @observed("Tensor.data =")
    def data(self, value):
        self._data = value._data
        self._dtype = value._dtype


def _checked_hook(hook):
    """The hook, with PyTorch's checks on what it returns."""
    name = getattr(hook, "__name__", "<unknown>")

    def checked(grad):
        r = hook(grad)
        if r is None:
            return None
        if not isinstance(r, TensorCore):
            raise TypeError(f"expected Variable, but hook returned '{type(r).__name__}'")
        if r._dtype is not grad._dtype:
            raise RuntimeError(f"hook '{name}' has changed the type of value (was "
                               f"torch.{D.tensor_type(grad._dtype)} got "
                               f"torch.{D.tensor_type(r._dtype)})")
        if r._data.shape != grad._data.shape:
            raise RuntimeError(f"hook '{name}' has changed the size of value")
        return r
    return checked


def zero_grads(tensors, set_to_none=True):
    """``Module.zero_grad`` and ``Optimizer.zero_grad``: each ``.grad`` dropped, or (with
    ``set_to_none=False``) cut from any graph and zeroed in place, as PyTorch does."""
    for p in tensors:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()
