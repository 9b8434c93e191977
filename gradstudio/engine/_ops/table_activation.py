"""The activations of ``torch.nn.functional`` for the op table: leaky_relu, elu, gelu,
silu, softplus, hardtanh (relu6 is hardtanh(0, 6), as in PyTorch) and logsigmoid. Each
has PyTorch's grad_fn name and a fused backward op of its own, so a gradient taken with
``create_graph=True`` shows PyTorch's ``<Name>BackwardBackward0``; the backward op's
derivatives are the activation's second derivative. The package imports this module
after ``_ops.table``."""
import math

import numpy as np

from .._cpu_kernels import activation_kernel as AK, elementwise as K
from .record import INTEGRAL, OPS, Grad, Param, defop, no_kernel

_SQRT1_2 = 1 / math.sqrt(2)
_PHI = 1 / math.sqrt(2 * math.pi)
_K = math.sqrt(2 / math.pi)
_C = 0.044715
_erf = np.frompyfunc(math.erf, 1, 1)


def erf(a):
    return _erf(a.astype(np.float64)).astype(np.float64).astype(a.dtype)


# PyTorch's CPU kernel of each activation, named in its refusal of integer and bool inputs;
# hardtanh computes on integers and refuses only bool, in words of its own
_REFUSALS = {
    "leaky_relu": no_kernel("leaky_relu_cpu", INTEGRAL), "elu": no_kernel("elu_cpu", INTEGRAL),
    "gelu": no_kernel("GeluKernelImpl", INTEGRAL), "silu": no_kernel("silu_cpu", INTEGRAL),
    "softplus": no_kernel("softplus_cpu", INTEGRAL),
    "logsigmoid": no_kernel("log_sigmoid_cpu", INTEGRAL),
    "hardtanh": no_kernel("hardtanh", {"bool"}, RuntimeError,
                          "Bool inputs not supported for hardtanh")}


def _activation(name, grad_fn, forward, backward, second, params, doc, code, formula,
                second_formula):
    """Registers ``name`` (forward(a, **params)) and ``name_backward`` (backward(g, a,
    **params), PyTorch's fused backward), whose derivatives are ``fused(g -> gg)`` for the
    incoming gradient and ``second(F, gg, g, a, **params)`` for the input. ``formula`` is
    the derivative as text (the backward op's own for its ``grad_output``: the same rule on
    the gradient it receives), ``second_formula`` the text of ``second``."""
    bname = name + "_backward"
    defop(name, grad_fn, forward,
          Grad(lambda F, g, out, a, **p: F.fused(bname, g, a, **p), (0,), formula=formula),
          params=params, dtype="keep" if name == "hardtanh" else "float_only",
          category="activation", doc=doc, code=code, refuses=_REFUSALS[name])
    defop(bname, grad_fn.replace("Backward0", "BackwardBackward0"), backward,
          Grad(lambda F, gg, res, g, a, **p: F.fused(bname, gg, a, **p), (1,), formula=formula),
          Grad(lambda F, gg, res, g, a, **p: second(F, gg, g, a, **p), (0, 1),
               formula=second_formula),
          args=("grad_output", "self"), params=params, dtype="float_only",
          category="internal", doc=f"The backward of {name}.")


def _scale(a, x):
    return np.asarray(x, a.dtype) if isinstance(a, np.ndarray) else x


# leaky_relu: x > 0 ? x : x * negative_slope
def _leaky_relu(a, negative_slope=0.01):
    return np.where(a > 0, a, a * _scale(a, negative_slope))


_activation(
    "leaky_relu", "LeakyReluBackward0", _leaky_relu,
    lambda g, a, negative_slope=0.01: np.where(a > 0, g, g * _scale(g, negative_slope)),
    lambda F, gg, g, a, negative_slope=0.01: F.zeros(gg),
    (Param("negative_slope", "scalar", 0.01, "the slope left of zero"),),
    "Leaky ReLU: x where x > 0, else negative_slope * x.",
    "torch.nn.functional.leaky_relu({self}, {negative_slope})",
    "torch.where(self > 0, grad, grad * negative_slope)", "torch.zeros_like(grad)")


# elu: x > 0 ? x : alpha * (exp(x) - 1)
def _elu(a, alpha=1.0):
    one = a.dtype.type(1)
    exact = AK.elu(a, _scale(a, alpha), one, one)     # (PyTorch's kernel, float32)
    if exact is not None:
        return exact
    return np.where(a > 0, a, np.expm1(a) * _scale(a, alpha))


def _elu_backward(g, a, alpha=1.0):
    one = a.dtype.type(1)
    exact = AK.elu_backward(g, a, _scale(a, alpha), one, one)
    if exact is not None:
        return exact
    return np.where(a > 0, g, g * (K.exp(a) * _scale(a, alpha)))


_activation(
    "elu", "EluBackward0", _elu, _elu_backward,
    lambda F, gg, g, a, alpha=1.0: F.where(a > 0, 0.0,
                                           gg * g * F.exp(a) * alpha),
    (Param("alpha", "scalar", 1.0, "the value the curve approaches far left of zero"),),
    "Exponential linear unit: x where x > 0, else alpha * (exp(x) - 1).",
    "torch.nn.functional.elu({self}, {alpha})",
    "torch.where(self > 0, grad, grad * alpha * torch.exp(self))",
    "torch.where(self > 0, 0, grad * grad_output * alpha * torch.exp(self))")


# In place (``leaky_relu_``, ``elu_``, ``inplace=True``) PyTorch differentiates from the
# result (``is_result=True`` in derivatives.yaml), and names the node ``...Backward1``.
def _leaky_result_grad(F, g, out, a, negative_slope=0.01):
    # (the result has the input's sign: leaky_relu_backward reads either)
    return F.fused("leaky_relu_backward", g, out, negative_slope=negative_slope)


def _elu_result_backward(g, out, alpha=1.0, scale=1.0, input_scale=1.0):
    dt = out.dtype.type       # (PyTorch's negcoef is alpha * scale, rounded in the dtype)
    neg, pos, inp = dt(dt(alpha) * dt(scale)), dt(scale), dt(input_scale)
    return np.where(out <= 0, g * inp * (out + neg), g * pos).astype(g.dtype, copy=False)


_ELU_RESULT_PARAMS = (Param("alpha", "scalar", 1.0), Param("scale", "scalar", 1.0),
                      Param("input_scale", "scalar", 1.0))
defop("elu_backward_result", "EluBackwardBackward0", _elu_result_backward,
      Grad(lambda F, gg, res, g, out, **p: F.fused("elu_backward_result", gg, out, **p), (1,),
           formula="torch.where(result <= 0, grad * input_scale * (result + alpha * scale), "
           "grad * scale)"),
      Grad(lambda F, gg, res, g, out, alpha=1.0, scale=1.0, input_scale=1.0:
           F.where(out <= 0, gg * g * input_scale, 0.0), (0, 1),
           formula="torch.where(result <= 0, grad * grad_output * input_scale, 0)"),
      args=("grad_output", "self"), params=_ELU_RESULT_PARAMS, dtype="float_only",
      category="internal", doc="The backward of elu_ (selu_, celu_), from its result.")


def _elu_result_grad(F, g, out, a, alpha=1.0):
    return F.fused("elu_backward_result", g, out, alpha=alpha)


for _name, _grad_fn, _forward, _grad, _formula in (
        ("leaky_relu", "LeakyReluBackward1", _leaky_relu, _leaky_result_grad,
         "torch.where(result > 0, grad, grad * negative_slope)"),
        ("elu", "EluBackward1", _elu, _elu_result_grad,
         "torch.where(result <= 0, grad * (result + alpha), grad)")):
    defop(_name + "_inplace", _grad_fn, _forward, Grad(_grad, ("out",), formula=_formula),
          params=OPS[_name].params, dtype="float_only", category="internal",
          doc=f"{_name} in place.", refuses=_REFUSALS[_name])


# gelu: x * Phi(x), or its tanh approximation
def _gelu(a, approximate="none"):
    exact = AK.gelu(a, approximate)                  # (PyTorch's kernel, float32)
    if exact is not None:
        return exact
    if approximate == "tanh":
        return 0.5 * a * (1 + K.tanh(_K * (a + _C * a * a * a)))
    return a * 0.5 * (1 + erf(a * _SQRT1_2))


def _gelu_backward(g, a, approximate="none"):
    exact = AK.gelu_backward(g, a, approximate)
    if exact is not None:
        return exact
    if approximate == "tanh":
        t = K.tanh(_K * (a + _C * a * a * a))
        return g * (0.5 * (1 + t) + 0.5 * a * (1 - t * t) * _K * (1 + 3 * _C * a * a))
    cdf = 0.5 * (1 + erf(a * _SQRT1_2))
    pdf = K.exp(-0.5 * a * a) * _PHI
    return g * (cdf + a * pdf)


def _gelu_second(F, gg, g, a, approximate="none"):
    if approximate == "tanh":
        t = F.tanh((a + a * a * a * _C) * _K)
        du = (a * a * (3 * _C) + 1) * _K
        sech2 = 1 - t * t
        return gg * g * (sech2 * du + a * 0.5 * sech2 * (a * (6 * _C * _K) - t * du * du * 2))
    return gg * g * F.exp(a * a * -0.5) * _PHI * (2 - a * a)


_activation(
    "gelu", "GeluBackward0", _gelu, _gelu_backward, _gelu_second,
    (Param("approximate", "choice", "none", "none: x * Phi(x) exactly; tanh: PyTorch's "
           "tanh approximation", choices=("none", "tanh")),),
    "Gaussian error linear unit: x times the standard normal CDF of x.",
    "torch.nn.functional.gelu({self}, approximate={approximate})",
    "grad * (0.5 * (1 + torch.erf(self / math.sqrt(2))) "
    "+ self * torch.exp(-0.5 * self ** 2) / math.sqrt(2 * math.pi)) "
    "if approximate == 'none' else "
    # the tanh approximation's own derivative, t = tanh(sqrt(2/pi) (x + 0.044715 x^3))
    "grad * (0.5 * (1 + torch.tanh(math.sqrt(2 / math.pi) * (self + 0.044715 * self ** 3))) "
    "+ 0.5 * self * (1 - torch.tanh(math.sqrt(2 / math.pi) * (self + 0.044715 * self ** 3)) ** 2) "
    "* math.sqrt(2 / math.pi) * (1 + 3 * 0.044715 * self ** 2))",
    "grad * grad_output * torch.exp(-0.5 * self ** 2) / math.sqrt(2 * math.pi) * (2 - self ** 2)")


# silu: x * sigmoid(x)
def _silu_backward(g, a):
    return K.silu_backward(g, a)


def _silu_second(F, gg, g, a):
    s = F.sigmoid(a)
    return gg * g * s * (1 - s) * (2 + a * (1 - s * 2))


_activation("silu", "SiluBackward0", K.silu, _silu_backward, _silu_second,
            (), "Sigmoid linear unit (swish): x * sigmoid(x).",
            "torch.nn.functional.silu({self})",
            "grad * torch.sigmoid(self) * (1 + self * (1 - torch.sigmoid(self)))",
            "grad * grad_output * torch.sigmoid(self) * (1 - torch.sigmoid(self)) "
            "* (2 + self * (1 - 2 * torch.sigmoid(self)))")


# softplus: log(1 + exp(beta * x)) / beta, x itself where beta * x > threshold
def _softplus(a, beta=1.0, threshold=20.0):
    if a.dtype in (np.float32, np.float64):
        return K.softplus(a, beta, threshold)
    z = a * _scale(a, beta)
    return np.where(z > threshold, a, np.log1p(K.exp(z)) / _scale(a, beta))


def _softplus_backward(g, a, beta=1.0, threshold=20.0):
    z = K.softplus_exp(a, beta) if a.dtype in (np.float32, np.float64) else \
        K.exp(a * _scale(a, beta))
    return np.where(a * _scale(a, beta) > threshold, g, g * z / (z + 1))


def _softplus_second(F, gg, g, a, beta=1.0, threshold=20.0):
    s = F.sigmoid(a * beta)
    return F.where(a * beta > threshold, 0.0, gg * g * s * (1 - s) * beta)


_activation(
    "softplus", "SoftplusBackward0", _softplus, _softplus_backward, _softplus_second,
    (Param("beta", "scalar", 1.0, "the sharpness of the bend"),
     Param("threshold", "scalar", 20.0, "above beta * x > threshold, x itself")),
    "A smooth ReLU: log(1 + exp(beta * x)) / beta.",
    "torch.nn.functional.softplus({self}, {beta}, {threshold})",
    "torch.where(self * beta > threshold, grad, grad * torch.sigmoid(self * beta))",
    "torch.where(self * beta > threshold, 0, grad * grad_output * beta "
    "* torch.sigmoid(self * beta) * (1 - torch.sigmoid(self * beta)))")


# hardtanh: x clamped to [min_val, max_val]; its gradient passes strictly inside only
def _hardtanh(a, min_val, max_val):
    if a.dtype == np.uint8 and (min_val < 0 or max_val < 0):
        raise RuntimeError("cannot do hardtanh on an unsigned type with negative limits")
    return np.clip(a, _scale(a, min_val), _scale(a, max_val))


_activation(
    "hardtanh", "HardtanhBackward0",
    lambda a, min_val=-1.0, max_val=1.0: _hardtanh(a, min_val, max_val),
    lambda g, a, min_val=-1.0, max_val=1.0: np.where((a > min_val) & (a < max_val), g, 0)
    .astype(g.dtype, copy=False),
    lambda F, gg, g, a, min_val=-1.0, max_val=1.0: F.zeros(gg),
    (Param("min_val", "scalar", -1.0, "the lower limit"),
     Param("max_val", "scalar", 1.0, "the upper limit")),
    "x clamped to [min_val, max_val] (relu6 is hardtanh(x, 0, 6)).",
    "torch.nn.functional.hardtanh({self}, {min_val}, {max_val})",
    "torch.where((self > min_val) & (self < max_val), grad, 0)", "torch.zeros_like(grad)")


def _logsigmoid_backward(g, a):
    z = K.log_sigmoid_buffer(a)     # (the forward's buffer, as log_sigmoid_backward reads it)
    neg = a < 0
    return g * (neg.astype(a.dtype) - np.where(neg, 1, -1).astype(a.dtype) * (z / (1 + z)))


_activation("logsigmoid", "LogSigmoidBackward0", K.log_sigmoid, _logsigmoid_backward,
            lambda F, gg, g, a: gg * g * -(F.sigmoid(a) * (1 - F.sigmoid(a))), (),
            "log(sigmoid(x)), computed without overflow.",
            "torch.nn.functional.logsigmoid({self})", "grad * (1 - torch.sigmoid(self))",
            "-grad * grad_output * torch.sigmoid(self) * (1 - torch.sigmoid(self))")
