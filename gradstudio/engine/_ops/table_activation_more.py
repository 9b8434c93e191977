"""More activations of ``torch.nn.functional`` for the op table, each with PyTorch's
grad_fn name and CPU kernel: ``selu`` and ``celu`` (PyTorch's ``elu`` with a scale and an
input scale; both differentiate through ``elu_backward``), ``hardswish``, ``hardsigmoid``,
``mish``, ``threshold``, ``hardshrink``, ``softshrink`` and ``rrelu`` (in
evaluation: leaky_relu with the mean slope). Each has PyTorch's fused backward op, so a
gradient taken with ``create_graph=True`` shows PyTorch's ``<Name>BackwardBackward0``
(mish's is a composite of tensor ops, as PyTorch's is; hardsigmoid's backward cannot be
differentiated, as in PyTorch). ``glu`` and ``prelu`` are in ``table_glu_prelu``."""
import numpy as np

from .._cpu_kernels import activation_kernel as AK, elementwise as K
from .record import INTEGRAL, Grad, Param, defop, no_derivative, no_kernel
from .table_activation import _scale

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def _pair(name, grad_fn, forward, backward, second, params, doc, code, formula,
          second_formula, refuses, backward_name=None, backward_grad_fn=None, dtype="float_only",
          first=None, inplace=None):
    """Registers ``name`` and its fused backward op (``backward_name``, by default
    ``name_backward``), whose derivative for the incoming gradient is itself and for the
    input ``second(F, gg, g, a, **params)`` (a ``Grad`` instead: that one). ``first``
    (F, g, a, **params) replaces the fused call on the tensor path (a composite).
    ``inplace``: the grad_fn name of the in-place form (``<name>_inplace``, internal), and
    optionally its own ``Grad`` (PyTorch's in-place forms may differentiate the result)."""
    bname = backward_name or name + "_backward"
    to_backward = _to_backward(bname)

    def vjp(F, g, out, a, **p):
        if first is not None and F.is_tensor:
            return first(F, g, a, **p)
        return F.fused(bname, g, a, **to_backward(p))
    defop(name, grad_fn, forward, Grad(vjp, (0,), formula=formula), params=params,
          dtype=dtype, category="activation", doc=doc, code=code, refuses=refuses)
    if inplace is not None:
        own = inplace[1] if len(inplace) > 1 else Grad(vjp, (0,), formula=formula)
        defop(name + "_inplace", inplace[0], forward, own, params=params, dtype=dtype,
              category="internal", doc=f"{name} in place.", refuses=refuses)
    if bname in _REGISTERED:
        return
    _REGISTERED.add(bname)
    if isinstance(second, Grad):
        grads = (second, second)
    else:
        grads = (Grad(lambda F, gg, res, g, a, **p: F.fused(bname, gg, a, **p), (1,),
                      formula=_BACKWARD_FORMULAS.get(bname, formula)),
                 Grad(lambda F, gg, res, g, a, **p: second(F, gg, g, a, **p), (0, 1),
                      formula=second_formula))
    defop(bname, backward_grad_fn or grad_fn.replace("Backward0", "BackwardBackward0"),
          backward, *grads, args=("grad_output", "self"),
          params=_BACKWARD_PARAMS.get(bname, params), dtype="float_only",
          category="internal", doc=f"The backward of {name}.")


_REGISTERED = set()


def _to_backward(bname):
    """The params of the backward op from the forward op's."""
    if bname != "elu_backward_scaled":
        return lambda p: p
    return lambda p: ({"alpha": SELU_ALPHA, "scale": SELU_SCALE, "input_scale": 1.0}
                      if "alpha" not in p else
                      {"alpha": p["alpha"], "scale": 1.0, "input_scale": 1.0 / p["alpha"]})


_ELU_PARAMS = (Param("alpha", "scalar", 1.0), Param("scale", "scalar", 1.0),
               Param("input_scale", "scalar", 1.0))
_BACKWARD_PARAMS = {"elu_backward_scaled": _ELU_PARAMS}
_BACKWARD_FORMULAS = {}     # (a backward op's own rule, where its forward ops' differ)


# ------------------------------------------------------------------ elu with scales
def _coefs(a, alpha, scale, input_scale):
    """PyTorch's elu kernel's coefficients, in the computing dtype: negcoef is alpha *
    scale rounded there, poscoef scale, negiptcoef input_scale."""
    dt = a.dtype.type
    return dt(dt(alpha) * dt(scale)), dt(scale), dt(input_scale)


def _expm1(z):
    """PyTorch's vectorised ``expm1`` (SLEEF): float32 as correctly rounded, and -1 below
    -16.635532 (where SLEEF stops computing)."""
    if z.dtype != np.float32:
        return np.expm1(z)
    out = np.expm1(z.astype(np.float64)).astype(np.float32)
    return np.where(z < np.float32(-16.635532333438687426013570), np.float32(-1), out)


def _elu_scaled(a, alpha, scale, input_scale):
    neg, pos, inp = _coefs(a, alpha, scale, input_scale)
    exact = AK.elu(a, neg, pos, inp)                 # (PyTorch's kernel, float32)
    if exact is not None:
        return exact
    return np.where(a <= 0, _expm1(a * inp) * neg, a * pos).astype(a.dtype, copy=False)


def _elu_scaled_backward(g, a, alpha=1.0, scale=1.0, input_scale=1.0):
    neg, pos, inp = _coefs(a, alpha, scale, input_scale)
    exact = AK.elu_backward(g, a, neg, pos, inp)
    if exact is not None:
        return exact
    return np.where(a <= 0, g * inp * neg * K.exp(a * inp), g * pos).astype(g.dtype, copy=False)


def _elu_scaled_second(F, gg, g, a, alpha=1.0, scale=1.0, input_scale=1.0):
    return F.where(a <= 0, gg * g * F.exp(a * input_scale)
                   * (input_scale * input_scale * alpha * scale), 0.0)


_ELU_FORMULA = ("torch.where(self <= 0, grad * input_scale * alpha * scale "
                "* torch.exp(self * input_scale), grad * scale)")
_ELU_SECOND = ("torch.where(self <= 0, grad * grad_output * input_scale ** 2 * alpha * scale "
               "* torch.exp(self * input_scale), 0)")
_ELU_REFUSES = no_kernel("elu_cpu", INTEGRAL)
_BACKWARD_FORMULAS["elu_backward_scaled"] = _ELU_FORMULA


def _elu_result_grad(F, g, out, alpha, scale, input_scale):
    """PyTorch's ``elu_backward`` from the result (``is_result``), as its in-place forms
    differentiate: grad * input_scale * (result + alpha * scale) left of zero."""
    return F.fused("elu_backward_result", g, out, alpha=alpha, scale=scale,
                   input_scale=input_scale)


_SELU_RESULT = Grad(lambda F, g, out, a: _elu_result_grad(F, g, out, SELU_ALPHA, SELU_SCALE, 1.0),
                    ("out",), formula="torch.where(result <= 0, grad * (result + "
                    "1.7580993408473766), grad * 1.0507009873554805)")
_CELU_RESULT = Grad(lambda F, g, out, a, alpha=1.0: _elu_result_grad(F, g, out, alpha, 1.0,
                                                                     1.0 / alpha),
                    ("out",), formula="torch.where(result <= 0, grad / alpha * (result + alpha), "
                    "grad)")
_pair("selu", "EluBackward0", lambda a: _elu_scaled(a, SELU_ALPHA, SELU_SCALE, 1.0),
      _elu_scaled_backward, _elu_scaled_second, (),
      "Scaled ELU: scale * (x where x > 0, else alpha * (exp(x) - 1)), with the constants "
      "that keep activations normalized.", "torch.nn.functional.selu({self})",
      "torch.where(self <= 0, grad * 1.7580993408473766 * torch.exp(self), "
      "grad * 1.0507009873554805)", _ELU_SECOND, _ELU_REFUSES, backward_name="elu_backward_scaled",
      backward_grad_fn="EluBackwardBackward0", inplace=("EluBackward1", _SELU_RESULT))
_pair("celu", "CeluBackward0", lambda a, alpha=1.0: _elu_scaled(a, alpha, 1.0, 1.0 / alpha),
      _elu_scaled_backward, _elu_scaled_second,
      (Param("alpha", "scalar", 1.0, "the value the curve approaches far left of zero"),),
      "Continuously differentiable ELU: x where x > 0, else alpha * (exp(x / alpha) - 1).",
      "torch.nn.functional.celu({self}, {alpha})",
      "torch.where(self <= 0, grad * torch.exp(self / alpha), grad)", _ELU_SECOND, _ELU_REFUSES,
      backward_name="elu_backward_scaled", backward_grad_fn="EluBackwardBackward0",
      inplace=("CeluBackward1", _CELU_RESULT))


# ------------------------------------------------------------------ hard curves
def _hardswish(a):
    three, six = _scale(a, 3), _scale(a, 6)
    return a * np.minimum(np.maximum(a + three, _scale(a, 0)), six) / six


def _hardswish_backward(g, a):
    mid = g * (a / _scale(a, 3) + _scale(a, 0.5))
    return np.where(a <= -3, _scale(g, 0), np.where(a < 3, mid, g)).astype(g.dtype, copy=False)


_pair("hardswish", "HardswishBackward0", _hardswish, _hardswish_backward,
      lambda F, gg, g, a: F.where((a > -3) & (a < 3), gg * g / 3.0, 0.0), (),
      "x * relu6(x + 3) / 6: a cheap swish.", "torch.nn.functional.hardswish({self})",
      "torch.where(self <= -3, 0, torch.where(self < 3, grad * (self / 3 + 0.5), grad))",
      "torch.where((-3 < self) & (self < 3), grad * grad_output / 3, 0)",
      no_kernel("hardswish_cpu", INTEGRAL))


def _hardsigmoid_backward(g, a):
    inside = (a > -3) & (a < 3)
    return np.where(inside, g * _scale(g, 1 / 6), _scale(g, 0)).astype(g.dtype, copy=False)


_pair("hardsigmoid", "HardsigmoidBackward0",
      lambda a: np.minimum(np.maximum(a + _scale(a, 3), _scale(a, 0)), _scale(a, 6))
      / _scale(a, 6),
      _hardsigmoid_backward, no_derivative("aten::hardsigmoid_backward"), (),
      "relu6(x + 3) / 6: a cheap sigmoid.", "torch.nn.functional.hardsigmoid({self})",
      "torch.where((-3 < self) & (self < 3), grad / 6, 0)", None,
      no_kernel("hardsigmoid_cpu", INTEGRAL), backward_grad_fn="NotImplemented")


# ------------------------------------------------------------------ mish
def _log1p(a):
    return np.log1p(a.astype(np.float64)).astype(a.dtype)


def _mish(a):
    exact = AK.mish(a)                               # (PyTorch's kernel, float32)
    if exact is not None:
        return exact
    return a * K.tanh(_log1p(K.exp(a)))


def _mish_backward(g, a):
    exact = AK.mish_backward(g, a)
    if exact is not None:
        return exact
    one = _scale(a, 1)
    sig = one / (one + K.exp(-a))
    t = K.tanh(_log1p(K.exp(a)))
    return g * (t + a * sig * (one - t * t))


def _mish_composite(F, g, a):
    """PyTorch's ``infinitely_differentiable_mish_backward``."""
    sig = a.sigmoid()
    t = a.exp().log1p().tanh()
    return g * (t + a * sig * (1 - t * t))


_pair("mish", "MishBackward0", _mish, _mish_backward,
      lambda F, gg, g, a: F.zeros(gg), (),
      "x * tanh(softplus(x)).", "torch.nn.functional.mish({self})",
      "grad * (torch.tanh(torch.log1p(torch.exp(self))) + self * torch.sigmoid(self) "
      "* (1 - torch.tanh(torch.log1p(torch.exp(self))) ** 2))",
      "torch.zeros_like(grad)  # (the tensor path records the composite instead)",
      no_kernel("mish_cpu", INTEGRAL), first=_mish_composite)


# ------------------------------------------------------------------ thresholds
def _threshold(a, threshold, value):
    return np.where(a <= _scale(a, threshold), _scale(a, value), a).astype(a.dtype, copy=False)


_pair("threshold", "ThresholdBackward0", _threshold,
      lambda g, a, threshold, value: np.where(a <= _scale(a, threshold), _scale(g, 0), g)
      .astype(g.dtype, copy=False),
      lambda F, gg, g, a, threshold, value: F.zeros(gg),
      (Param("threshold", "scalar", 0.0, "at or below it, x becomes value"),
       Param("value", "scalar", 0.0, "what replaces x at or below the threshold")),
      "x where x > threshold, else value.",
      "torch.nn.functional.threshold({self}, {threshold}, {value})",
      "torch.where(self <= threshold, 0, grad)", "torch.zeros_like(grad)",
      no_kernel("threshold_cpu", {"bool"}), dtype="keep", inplace=("ThresholdBackward1",),
      backward_name="threshold_backward_at")   # (threshold_backward is relu's, at 0)


def _inside(a, lambd):
    return (a >= _scale(a, -lambd)) & (a <= _scale(a, lambd))


def _shrink_backward(g, a, lambd=0.5):
    return np.where(_inside(a, lambd), _scale(g, 0), g).astype(g.dtype, copy=False)


def _softshrink(a, lambd=0.5):
    lam = _scale(a, lambd)
    # (PyTorch's float kernels keep the sign of a zero inside the band, its double one not)
    zero = _scale(a, 0) if a.dtype == np.float64 else a * _scale(a, 0)
    return np.where(a > lam, a - lam, np.where(a < -lam, a + lam, zero)) \
        .astype(a.dtype, copy=False)


_LAMBD = (Param("lambd", "scalar", 0.5, "the half-width of the band set to zero"),)
_SHRINK_FORMULA = "torch.where((self >= -lambd) & (self <= lambd), 0, grad)"
_pair("hardshrink", "HardshrinkBackward0",
      lambda a, lambd=0.5: np.where(_inside(a, lambd), _scale(a, 0), a).astype(a.dtype,
                                                                               copy=False),
      _shrink_backward, lambda F, gg, g, a, lambd=0.5: F.zeros(gg), _LAMBD,
      "0 where -lambd <= x <= lambd, else x.", "torch.nn.functional.hardshrink({self}, {lambd})",
      _SHRINK_FORMULA, "torch.zeros_like(grad)", no_kernel("hardshrink_cpu", INTEGRAL))
_pair("softshrink", "SoftshrinkBackward0", _softshrink, _shrink_backward,
      lambda F, gg, g, a, lambd=0.5: F.zeros(gg), _LAMBD,
      "x moved lambd toward zero, 0 within lambd of it.",
      "torch.nn.functional.softshrink({self}, {lambd})",
      _SHRINK_FORMULA, "torch.zeros_like(grad)", no_kernel("softshrink_check", INTEGRAL))


# ------------------------------------------------------------------ rrelu
def _mean_slope(lower, upper):
    return (float(lower) + float(upper)) / 2


def _slopes(a, lower, upper, noise):
    """The slope of each element left of zero: the drawn ``noise`` (a tensor, in training)
    or the mean slope (in evaluation)."""
    if noise is not None:
        return noise._data.astype(a.dtype, copy=False)
    return _scale(a, _mean_slope(lower, upper))


def _rrelu(a, lower=1 / 8, upper=1 / 3, noise=None):
    return np.where(a > 0, a, a * _slopes(a, lower, upper, noise)).astype(a.dtype, copy=False)


def _rrelu_backward(g, a, lower=1 / 8, upper=1 / 3, noise=None):
    if noise is not None:
        return (g * _slopes(g, lower, upper, noise)).astype(g.dtype, copy=False)
    return np.where(a > 0, g, g * _slopes(g, lower, upper, noise)).astype(g.dtype, copy=False)


_RRELU_PARAMS = (Param("lower", "scalar", 1 / 8, "the smallest slope left of zero"),
                 Param("upper", "scalar", 1 / 3, "the largest slope left of zero"))
_pair("rrelu", "RreluWithNoiseBackward0", _rrelu, _rrelu_backward,
      lambda F, gg, g, a, lower=1 / 8, upper=1 / 3: F.zeros(gg), _RRELU_PARAMS,
      "Randomized leaky ReLU in evaluation: the slope left of zero is (lower + upper) / 2.",
      "torch.nn.functional.rrelu({self}, {lower}, {upper})",
      "torch.where(self > 0, grad, grad * (lower + upper) / 2)", "torch.zeros_like(grad)",
      no_kernel("leaky_relu_cpu", INTEGRAL), inplace=("RreluWithNoiseBackward1",))
# in training: the slopes drawn (``noise``, 1 right of zero) are a param of the node
_TRAIN_PARAMS = _RRELU_PARAMS + (Param("noise", "tensor", None, "the slope of each element"),)
for _suffix, _grad_fn in (("", "RreluWithNoiseBackward0"), ("_inplace", "RreluWithNoiseBackward1")):
    defop("rrelu_train" + _suffix, _grad_fn, _rrelu,
          Grad(lambda F, g, out, a, **p: F.fused("rrelu_train_backward", g, a, **p),
               (0,), formula="grad * noise"),
          params=_TRAIN_PARAMS, dtype="float_only", category="internal",
          refuses=no_kernel("rrelu_with_noise_out_cpu", INTEGRAL),
          doc="Randomized leaky ReLU in training, with the slopes drawn.")
defop("rrelu_train_backward", "RreluWithNoiseBackwardBackward0", _rrelu_backward,
      Grad(lambda F, gg, res, g, a, **p: F.fused("rrelu_train_backward", gg, a,
                                                   **p), (1,), formula="grad * noise"),
      Grad(lambda F, gg, res, g, a, **p: F.zeros(gg), (), formula="torch.zeros_like(grad)"),
      args=("grad_output", "self"), params=_TRAIN_PARAMS, dtype="float_only",
      category="internal", doc="The backward of rrelu in training.")
