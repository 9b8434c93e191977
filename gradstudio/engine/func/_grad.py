"""``torch.func.grad``, ``grad_and_value`` and ``vjp``, as PyTorch's
``torch/_functorch/eager_transforms.py`` defines them (checks and messages included)."""
import functools

from .._autograd import api as _api
from .._autograd.grad_mode import enable_grad, is_grad_enabled
from .._tensor_class.core import TensorCore
from .._torch_functions.factory import zeros_like
from . import _pytree as pt
from ._levels import (Level, argnums_slice, differentiable, outer_active, replace_args,
                      unwrap)

__all__ = ["grad", "grad_and_value", "vjp", "autograd_grad"]


def autograd_grad(outputs, inputs, grad_outputs=None, retain_graph=True, create_graph=True):
    """functorch's ``_autograd_grad``: gradients of the outputs that require grad, zeros
    for inputs they do not reach. The graph is kept (PyTorch frees this level's copy of
    it; here it is the one an outer level differentiates again)."""
    if grad_outputs is None:
        pairs = [(o, None) for o in outputs if o.requires_grad]
    else:
        pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o.requires_grad]
    if not pairs:
        return tuple(zeros_like(i) for i in inputs)
    outs = tuple(o for o, _ in pairs)
    gos = None if grad_outputs is None else tuple(g for _, g in pairs)
    res = _api.grad(outs, tuple(inputs), gos, retain_graph=retain_graph,
                    create_graph=create_graph, allow_unused=True)
    return tuple(zeros_like(i) if g is None else g for g, i in zip(res, inputs))


def _grad_and_value_impl(func, argnums, has_aux, args, kwargs):
    own = Level()
    with enable_grad():
        argnums, diff = argnums_slice(args, argnums)
        diff = differentiable(diff, own)
        args = replace_args(args, argnums, diff)
        with own:
            output = func(*args, **kwargs)
        aux = None
        if has_aux:
            if not (isinstance(output, tuple) and len(output) == 2):
                raise RuntimeError("grad_and_value(f)(*args): output of function f should be a "
                                   "tuple: (output, aux) if has_aux is True")
            output, aux = output
        if not isinstance(output, TensorCore):
            raise RuntimeError("grad_and_value(f)(*args): Expected f(*args) to return a "
                               f"Tensor, got {type(output)}")
        if output.dim() != 0:
            raise RuntimeError("grad_and_value(f)(*args): Expected f(*args) to return a scalar "
                               f"Tensor, got tensor with {output.dim()} dims. Maybe you wanted "
                               "to use the vjp or jacrev APIs instead?")
        flat, spec = pt.tree_flatten(diff)
        grads = pt.tree_unflatten(autograd_grad((output,), flat, create_graph=True), spec)
    grads, output = unwrap(grads, own), unwrap(output, own)
    if has_aux:
        return grads, (output, unwrap(aux, own))
    return grads, output


def grad_and_value(func, argnums=0, has_aux=False):
    """``func``'s gradient with respect to the arguments at ``argnums``, and its value."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return _grad_and_value_impl(func, argnums, has_aux, args, kwargs)
    return wrapper


def grad(func, argnums=0, has_aux=False):
    """``func``'s gradient with respect to the arguments at ``argnums``."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        g, value = _grad_and_value_impl(func, argnums, has_aux, args, kwargs)
        return (g, value[1]) if has_aux else g
    return wrapper


def _check_outputs(flat_out, api):
    if (len(flat_out) == 1 and flat_out[0] is None) or len(flat_out) < 1:
        raise RuntimeError(f"{api}: Expected f to be a function that has non-empty output "
                           f"(got output = {flat_out})")
    for o in flat_out:
        if not isinstance(o, TensorCore):
            raise RuntimeError(f"{api}: expected f(*primals) to return only tensors, got "
                               f"unsupported type {type(o)}")


def vjp_with_argnums(func, *primals, argnums=None, has_aux=False):
    """``vjp`` differentiating only the primals at ``argnums`` (all when None)."""
    own = Level()
    with enable_grad():
        outer = outer_active(primals)
        if argnums is None:
            diff = differentiable(primals, own)
            primals = diff
        else:
            argnums, diff = argnums_slice(primals, argnums)
            diff = differentiable(diff, own)
            primals = replace_args(primals, argnums, diff)
        with own:
            out = func(*primals)
        aux = None
        if has_aux:
            if not (isinstance(out, tuple) and len(out) == 2):
                raise RuntimeError("vjp(f, *primals): output of function f should be a tuple: "
                                   "(output, aux) if has_aux is True")
            out, aux = out
            aux = unwrap(aux, own)
        flat_out, out_spec = pt.tree_flatten(out)
        _check_outputs(flat_out, "vjp(f, *primals)")
        flat_diff, diff_spec = pt.tree_flatten(diff)
        for o in flat_out:
            if not o.is_floating_point():
                raise RuntimeError("vjp(f, ...): All outputs of f must be floating-point or "
                                   f"complex Tensors, got Tensor with dtype {o.dtype}")
    results = unwrap(out, own)

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        flat_ct, ct_spec = pt.tree_flatten(cotangents)
        if ct_spec != out_spec:
            raise RuntimeError("Expected pytree structure of cotangents to be the same as "
                               "pytree structure of outputs to the function. cotangents: "
                               f"{ct_spec}, primal output: {out_spec}")
        if create_graph is None:
            create_graph = outer and is_grad_enabled()
        with enable_grad():
            g = autograd_grad(flat_out, flat_diff, flat_ct, retain_graph=retain_graph,
                              create_graph=create_graph)
        return unwrap(pt.tree_unflatten(g, diff_spec), own)
    if has_aux:
        return results, vjp_fn, aux
    return results, vjp_fn


def vjp(func, *primals, has_aux=False):
    """``(func(*primals), vjp_fn)``: ``vjp_fn(cotangents)`` is the tuple of the
    vector-Jacobian products with respect to each primal."""
    return vjp_with_argnums(func, *primals, has_aux=has_aux)
