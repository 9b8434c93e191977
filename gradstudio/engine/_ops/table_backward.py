"""Ops that are the backward of another op: what ``create_graph=True`` records where
PyTorch records one fused node (``SigmoidBackwardBackward0``, ``TanhBackwardBackward0``,
``ThresholdBackwardBackward0`` for relu, ``SoftmaxBackwardDataBackward0``,
``LogSoftmaxBackwardDataBackward0``) instead of the primitives of the formula.

Each is an entry like any other: the forward is the first-order VJP on numpy arrays (the
same expression the first-order backward computes, so its numbers do not change), and its
own VJPs are PyTorch's (derivatives.yaml), which serve the third order. The VJPs of
sigmoid, tanh, relu, softmax and log_softmax call them through ``F`` (``F.fused``: ``NP``
computes the forward directly, ``TF`` records the node). Internal: no palette kind of their own.
"""
import numpy as np

from .._cpu_kernels import softmax_kernel as _softmax_kernel
from .._cpu_kernels.elementwise import sigmoid_backward, tanh_backward
from .record import Grad, Param, defop

DIM = Param("dim", "int", -1)


def dims1(out, dim):
    """The reduced dims of softmax's backward over ``dim`` (none for a 0-d result)."""
    return (dim % len(out.shape),) if len(out.shape) else None


def relu_backward(g, out):
    return np.where(out <= 0, 0.0, g)      # PyTorch's threshold_backward(grad, result, 0)


def softmax_backward(g, out, dim):
    exact = _softmax_kernel.softmax_backward(g, out, dim) if np.ndim(out) else None
    if exact is not None:           # (float32 over the last dim: PyTorch's order)
        return exact
    return out * (g - (g * out).sum(axis=dims1(out, dim), keepdims=True))


def log_softmax_backward(g, out, dim):
    exact = _softmax_kernel.log_softmax_backward(g, out, dim) if np.ndim(out) else None
    if exact is not None:
        return exact
    return g - np.exp(out) * g.sum(axis=dims1(out, dim), keepdims=True)


def _internal(name, grad_fn, forward, *grads, params=()):
    defop(name, grad_fn, forward, *grads, args=("grad_output", "output"), params=params,
          category="internal", doc=f"The backward of {name.split('_backward')[0].strip('_')}.")


_internal("sigmoid_backward", "SigmoidBackwardBackward0", sigmoid_backward,
          Grad(lambda F, gg, res, g, out: F.fused("sigmoid_backward", gg, out), (1,),
               formula="grad * output * (1 - output)"),
          Grad(lambda F, gg, res, g, out: gg * g * (-2 * out + 1), (0, 1),
               formula="grad * grad_output * (1 - 2 * output)"))
_internal("tanh_backward", "TanhBackwardBackward0", tanh_backward,
          Grad(lambda F, gg, res, g, out: F.fused("tanh_backward", gg, out), (1,),
               formula="grad * (1 - output ** 2)"),
          Grad(lambda F, gg, res, g, out: gg * (-2 * out * g), (0, 1),
               formula="-2 * grad * grad_output * output"))
_internal("threshold_backward", "ThresholdBackwardBackward0", relu_backward,
          Grad(lambda F, gg, res, g, out: F.fused("threshold_backward", gg, out), (1,),
               formula="grad * (output > 0)"),
          Grad(lambda F, gg, res, g, out: F.zeros(gg), formula="torch.zeros_like(grad)"))
_internal("_softmax_backward_data", "SoftmaxBackwardDataBackward0", softmax_backward,
          Grad(lambda F, gg, res, g, out, dim: F.fused("_softmax_backward_data", gg, out,
                                                       dim=dim), (1,),
               formula="output * (grad - (grad * output).sum(dim, keepdim=True))"),
          Grad(lambda F, gg, res, g, out, dim:   # PyTorch's softmax_double_backward
               g * gg - F.sum(out * g, dims1(out, dim), True) * gg
               - g * F.sum(out * gg, dims1(out, dim), True), (0, 1),
               formula="grad_output * grad - (output * grad_output).sum(dim, keepdim=True) "
                       "* grad - grad_output * (output * grad).sum(dim, keepdim=True)"),
          params=(DIM,))
_internal("_log_softmax_backward_data", "LogSoftmaxBackwardDataBackward0",
          log_softmax_backward,
          Grad(lambda F, gg, res, g, out, dim:
               gg - F.sum(gg * F.exp(out), dims1(out, dim), True), (1,),
               formula="grad - (grad * torch.exp(output)).sum(dim, keepdim=True)"),
          Grad(lambda F, gg, res, g, out, dim:
               -F.sum(g, dims1(out, dim), True) * F.exp(out) * gg, (0, 1),
               formula="-grad_output.sum(dim, keepdim=True) * torch.exp(output) * grad"),
          params=(DIM,))
