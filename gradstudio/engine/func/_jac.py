"""``torch.func.jacrev``, ``jacfwd``, ``hessian`` and ``jvp``. PyTorch computes a
Jacobian with one batched (``vmap``) VJP or JVP over the standard basis; the engine runs
the same VJP or JVP once per basis vector and stacks the results, which gives the same
values (signed zeros included: each row is ``vjp(e_i)``, each column ``jvp(e_j)``)."""
import functools

from .._tensor_class.core import TensorCore
from .._torch_functions.factory import zeros, zeros_like
from .._torch_functions.general import stack
from .._forward import forward_ad as fwAD, state as _fw
from . import _pytree as pt
from ._grad import vjp_with_argnums
from ._levels import argnums_slice, replace_args

__all__ = ["jacrev", "jacfwd", "hessian", "jvp"]


def _basis_vectors(tensors):
    """For each flat position across ``tensors``: which tensor it is in, and one tensor
    per tensor, all zeros but a one at that position."""
    for k, t in enumerate(tensors):
        for j in range(t.numel()):
            vec = []
            for m, u in enumerate(tensors):
                z = zeros(u.numel(), dtype=u.dtype)
                if m == k:          # (written into a new tensor, not through a view of
                    z[j] = 1        # it: a tracer draws the vector)
                vec.append(z.reshape(tuple(u.shape)))
            yield k, vec


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    """The Jacobian of ``func`` with respect to the arguments at ``argnums``, one
    reverse-mode pass per output element."""
    if chunk_size is not None and not chunk_size > 0:
        raise ValueError("jacrev: `chunk_size` should be greater than 0.")

    @functools.wraps(func)
    def wrapper(*args):
        res = vjp_with_argnums(func, *args, argnums=argnums, has_aux=has_aux)
        out, vjp_fn = res[0], res[1]
        flat_out, out_spec = pt.tree_flatten(out)
        argnums_, primals = argnums_slice(args, argnums)
        flat_prim, prim_spec = pt.tree_flatten(primals)
        rows = [[] for _ in flat_out]            # rows[out][basis] -> flat list over inputs
        for owner, vec in _basis_vectors(flat_out):
            g = vjp_fn(pt.tree_unflatten(vec, out_spec))
            rows[owner].append(pt.tree_flatten(g)[0])
        jac = []
        for o, r in zip(flat_out, rows):
            per_in = []
            for i, p in enumerate(flat_prim):
                if r:
                    m = stack([row[i] for row in r]).reshape(tuple(o.shape) + tuple(p.shape))
                else:
                    m = zeros(tuple(o.shape) + tuple(p.shape), dtype=p.dtype)
                per_in.append(m)
            jac.append(pt.tree_unflatten(per_in, prim_spec))
        jac = pt.tree_unflatten(jac, out_spec)
        if has_aux:
            return jac, res[2]
        return jac
    return wrapper


_JVP = "jvp(f, primals, tangents)"


def _enter_forward(api):
    if _fw.LEVEL is not None:
        raise RuntimeError(f"{api} inside another jacfwd, jvp or dual_level is not supported "
                           "by the engine (PyTorch nests forward-mode levels; the engine has "
                           "one): use jacrev for one of the two.")
    fwAD.enter_dual_level()


def _jvp_flat(func, primals, tangents, strict=False, has_aux=False):
    """Runs ``func`` on dual tensors: (flat primal outputs, flat tangents, spec, aux)."""
    _enter_forward("jvp")
    try:
        duals = [fwAD.make_dual(p, t) for p, t in zip(primals, tangents)]
        out = func(*duals)
        aux = None
        if has_aux:
            if not (isinstance(out, tuple) and len(out) == 2):
                raise RuntimeError(f"{_JVP}: output of function f should be a tuple: (output, "
                                   "aux) if has_aux is True")
            out, aux = out
        flat, spec = pt.tree_flatten(out)
        if not flat or (len(flat) == 1 and flat[0] is None):
            raise RuntimeError(f"{_JVP}: Expected f to be a function that has non-empty output "
                               f"(got output = {flat})")
        prims, tans = [], []
        for o in flat:
            if not isinstance(o, TensorCore):
                raise RuntimeError(f"{_JVP}: expected f(*args) to return only tensors, got "
                                   f"unsupported type {type(o)}")
            p, t = fwAD.unpack_dual(o)
            if t is None:
                if strict:
                    raise RuntimeError("jvp(f, primals, tangents, strict=True): The output of "
                                       "f is independent of the inputs. This is not allowed "
                                       "with strict=True.")
                t = zeros_like(p)
            prims.append(p.detach())
            tans.append(t.detach())
        aux = None if aux is None else pt.tree_map(
            lambda x: x.detach() if isinstance(x, TensorCore) else x, aux)
    finally:
        fwAD.exit_dual_level()
    return prims, tans, spec, aux


def _check_tensors(flat, argname):
    if len(flat) == 0:
        raise RuntimeError(f"{_JVP}: Expected {argname} to contain at least one Tensor.")
    for x in flat:
        if not isinstance(x, TensorCore):
            raise RuntimeError(f"{_JVP}: Expected {argname} to only contain Tensors, got "
                               f"{type(x)}")


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """``(func(*primals), the Jacobian of func times tangents)``."""
    if not isinstance(primals, tuple):
        raise RuntimeError(f"{_JVP}: Expected primals to be a tuple. E.g. it should be valid "
                           "to call f(*primals).")
    flat_p, spec_p = pt.tree_flatten(primals)
    flat_t, spec_t = pt.tree_flatten(tangents)
    if spec_p != spec_t:
        raise RuntimeError(f"{_JVP}: Expected primals and tangents to have the same python "
                           f"structure. For example, if primals is a tuple of 3 tensors, "
                           f"tangents also must be. Got primals with structure {spec_p} and "
                           f"tangents with structure {spec_t}")
    _check_tensors(flat_p, "primals")
    _check_tensors(flat_t, "tangents")
    prims, tans, spec, aux = _jvp_flat(func, flat_p, flat_t, strict, has_aux)
    res = (pt.tree_unflatten(prims, spec), pt.tree_unflatten(tans, spec))
    return res + (aux,) if has_aux else res


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """The Jacobian of ``func`` with respect to the arguments at ``argnums``, one
    forward-mode pass per input element."""
    @functools.wraps(func)
    def wrapper(*args):
        argnums_, primals = argnums_slice(args, argnums)
        flat_prim, prim_spec = pt.tree_flatten(primals)
        cols, aux, spec = [], None, None
        for _, vec in _basis_vectors(flat_prim):
            def push(*diff):
                return func(*replace_args(args, argnums_, pt.tree_unflatten(
                    list(diff), prim_spec)))
            _, tans, spec, a = _jvp_flat(push, flat_prim, vec, False, has_aux)
            if aux is None:
                aux = a
            cols.append(tans)
        jac = []
        for j, o in enumerate(tans):
            per_in, start = [], 0
            full = stack([c[j] for c in cols], -1)   # out.shape + (total inputs,)
            for p in flat_prim:
                part = full[..., start:start + p.numel()]
                per_in.append(part.reshape(tuple(o.shape) + tuple(p.shape)))
                start += p.numel()
            jac.append(pt.tree_unflatten(per_in, prim_spec))
        jac = pt.tree_unflatten(jac, spec)
        return (jac, aux) if has_aux else jac
    return wrapper


def forward_jacobian(func, inputs):
    """``autograd.functional.jacobian(..., strategy="forward-mode")``: for each output,
    its Jacobian with respect to each input, and whether ``func`` returned a tuple."""
    cols, outs, is_tuple = [], None, False
    for _, vec in _basis_vectors(list(inputs)):
        _enter_forward("jacobian")
        try:
            res = func(*[fwAD.make_dual(p, t) for p, t in zip(inputs, vec)])
            is_tuple = isinstance(res, tuple)
            pairs = [fwAD.unpack_dual(o) for o in (res if is_tuple else (res,))]
            outs = [p.detach() for p, _ in pairs]
            cols.append([zeros_like(p) if t is None else t.detach() for p, t in pairs])
        finally:
            fwAD.exit_dual_level()
    jac = []
    for j, o in enumerate(outs):
        full, start, per_in = stack([c[j] for c in cols], -1), 0, []
        for p in inputs:
            per_in.append(full[..., start:start + p.numel()].reshape(
                tuple(o.shape) + tuple(p.shape)))
            start += p.numel()
        jac.append(per_in)
    return jac, is_tuple        # (lists, as PyTorch's forward-mode jacobian returns)


def hessian(func, argnums=0):
    """``jacfwd(jacrev(func, argnums), argnums)``: forward over reverse, as PyTorch."""
    return jacfwd(jacrev(func, argnums), argnums)

