"""``torch.autograd.gradcheck`` and ``gradgradcheck``: analytic gradients against central
differences, the studio's "finite-difference check".

Both Jacobians are numpy arrays of shape (input elements, output elements), one per
(differentiable input, floating output) pair:

* numerical: each input element in turn is moved by +eps and -eps and the change of every
  output is divided by the step actually taken (a float32 input cannot hold x +- 1e-6
  exactly, so dividing by 2 * eps would be off by up to ten per cent);
* analytical: one ``autograd.grad`` per output element, seeded with a one-hot gradient.

They match when ``|analytical - numerical| <= atol + rtol * |numerical|`` everywhere, the
same test as PyTorch's. ``gradgradcheck`` runs ``gradcheck`` on the function that returns
the gradients (``create_graph=True``), so the backward pass itself is differentiated.
"""
import numpy as np

from .api import _as_tuple, grad as _grad
from .._tensor_class.core import TensorCore
from ..observer import observed

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError", "numerical_jacobian",
           "analytical_jacobian"]


class GradcheckError(RuntimeError):
    """An analytic gradient that disagrees with its finite-difference estimate."""


def _differentiable(inputs):
    return [i for i, x in enumerate(inputs) if isinstance(x, TensorCore) and x._requires_grad]


def _floating(outputs):
    return [j for j, o in enumerate(outputs) if o._dtype.is_floating_point]


def numerical_jacobian(func, inputs, eps=1e-6):
    """``{(i, j): J}``: central differences of output ``j`` with respect to input ``i``,
    ``J[k, m]`` being d out_j[m] / d in_i[k] (both flattened in C order)."""
    inputs = _as_tuple(inputs)
    outs = _as_tuple(func(*inputs))
    js = _floating(outs)
    jac = {(i, j): np.zeros((inputs[i]._data.size, outs[j]._data.size))
           for i in _differentiable(inputs) for j in js}

    def evaluate():
        res = _as_tuple(func(*inputs))
        return [np.array(res[j]._data, dtype=np.float64).reshape(-1) for j in js]

    for i in _differentiable(inputs):
        data = inputs[i]._data
        for k, idx in enumerate(np.ndindex(data.shape)):
            orig = data[idx].copy()
            data[idx] = orig + eps
            hi = float(data[idx])
            plus = evaluate()
            data[idx] = orig - eps
            lo = float(data[idx])
            minus = evaluate()
            data[idx] = orig
            for j, p, m in zip(js, plus, minus):
                jac[i, j][k] = (p - m) / (hi - lo)
    return jac


def analytical_jacobian(func, inputs, check_grad_dtypes=False):
    """``{(i, j): J}`` like ``numerical_jacobian``, from the engine's backward pass. Raises
    ``GradcheckError`` if a gradient has the wrong shape (or dtype, when asked)."""
    inputs = _as_tuple(inputs)
    outs = _as_tuple(func(*inputs))
    diff = _differentiable(inputs)
    tensors = [inputs[i] for i in diff]
    jac = {}
    for j in _floating(outs):
        o = outs[j]
        for i in diff:
            jac[i, j] = np.zeros((inputs[i]._data.size, o._data.size))
        if not o._requires_grad:
            continue
        for m, idx in enumerate(np.ndindex(o._data.shape)):
            seed = np.zeros(o._data.shape, o._dtype.np)
            seed[idx] = 1
            grads = _grad((o,), tensors, (TensorCore._make(seed, o._dtype),), retain_graph=True,
                          allow_unused=True)
            for i, g in zip(diff, grads):
                if g is None:
                    continue
                x = inputs[i]
                if g._data.shape != x._data.shape:
                    raise GradcheckError(f"Gradient has incorrect size for input {i}: got "
                                         f"{list(g._data.shape)}, expected "
                                         f"{list(x._data.shape)}")
                if check_grad_dtypes and g._dtype is not x._dtype:
                    raise GradcheckError(f"Gradient has dtype mismatch for input {i}: got "
                                         f"{g._dtype}, expected {x._dtype}")
                jac[i, j][:, m] = g._data.reshape(-1)
    return jac


def forward_jacobian(func, inputs):
    """``{(i, j): J}`` like ``analytical_jacobian``, from forward-mode AD: one JVP per
    element of each input that requires grad."""
    from .._forward import forward_ad as fwAD
    jac = {}
    for i in _differentiable(inputs):
        x = inputs[i]
        for k in range(x._data.size):
            basis = np.zeros(x._data.size, x._dtype.np)
            basis[k] = 1
            with fwAD.dual_level():
                dual = fwAD.make_dual(x.detach(), TensorCore._make(
                    basis.reshape(x._data.shape), x._dtype))
                outs = _as_tuple(func(*(dual if m == i else a for m, a in enumerate(inputs))))
                for j in _floating(outs):
                    tangent = fwAD.unpack_dual(outs[j]).tangent
                    col = jac.setdefault((i, j), np.zeros((x._data.size, outs[j]._data.size)))
                    if tangent is not None:
                        col[k, :] = tangent._data.reshape(-1)
    return jac


def _show(a):
    return repr(TensorCore._make(np.asarray(a, np.float64)))


@observed("torch.autograd.gradcheck")
def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True,
              check_grad_dtypes=False, nondet_tol=0.0, check_undefined_grad=True,
              check_batched_grad=False, check_batched_forward_grad=False,
              check_forward_ad=False, check_backward_ad=True, fast_mode=False, masked=None):
    """True if the gradients of ``func(*inputs)`` with respect to every input that
    requires grad agree with central differences (those of the backward pass, and with
    ``check_forward_ad`` those of forward-mode AD); otherwise raises ``GradcheckError``
    (or returns False when ``raise_exception=False``). Use float64 inputs. The batched
    and undefined-gradient checks of PyTorch are not made."""
    inputs = _as_tuple(inputs)
    if not _differentiable(inputs):
        raise ValueError("gradcheck expects at least one input tensor to require gradient, "
                         "but none of them have requires_grad=True.")
    try:
        numerical = numerical_jacobian(func, inputs, eps)
        checks = []
        if check_backward_ad:
            checks.append(("", analytical_jacobian(func, inputs, check_grad_dtypes)))
        if check_forward_ad:
            checks.append(("computed with forward mode ", forward_jacobian(func, inputs)))
        for mode, analytical in checks:
            for (i, j), num in numerical.items():
                ana = analytical[i, j]
                if not np.all(np.abs(ana - num) <= atol + rtol * np.abs(num)):
                    raise GradcheckError(f"Jacobian {mode}mismatch for output {j} with respect "
                                         f"to input {i},\nnumerical:{_show(num)}\n"
                                         f"analytical:{_show(ana)}\n")
    except GradcheckError:
        if raise_exception:
            raise
        return False
    return True


@observed("torch.autograd.gradgradcheck")
def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  raise_exception=True, check_grad_dtypes=False, seed=0):
    """``gradcheck`` of the gradient itself: the function ``(inputs, grad_outputs) ->
    autograd.grad(func(inputs), inputs, grad_outputs, create_graph=True)`` is checked, so
    the backward graph's own gradients are compared with central differences of the
    analytic gradient. Missing ``grad_outputs`` are random (seeded) and require grad."""
    inputs = _as_tuple(inputs)
    outs = _as_tuple(func(*inputs))
    if grad_outputs is None:
        rng = np.random.default_rng(seed)
        grad_outputs = tuple(
            TensorCore._make(rng.standard_normal(o._data.shape).astype(o._dtype.np), o._dtype,
                         True) for o in outs if o._dtype.is_floating_point)
    grad_outputs = _as_tuple(grad_outputs)
    n = len(inputs)

    def first_order(*args):
        ins, gos = args[:n], args[n:]
        res = [o for o in _as_tuple(func(*ins)) if o._dtype.is_floating_point]
        pairs = [(o, g) for o, g in zip(res, gos) if o._requires_grad]
        if not pairs:
            return ()
        grads = _grad([o for o, _ in pairs], [ins[i] for i in _differentiable(ins)],
                      [g for _, g in pairs], create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(first_order, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, check_grad_dtypes=check_grad_dtypes)
