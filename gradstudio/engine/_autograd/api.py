"""``torch.autograd.backward`` and ``torch.autograd.grad``: argument checks with
PyTorch's messages, then one call into the engine."""
import warnings

import numpy as np

from .batched_grad import batched_grad
from .engine import run_backward
from .._tensor_class.core import TensorCore
from ..observer import observed

__all__ = ["backward", "grad"]


def _as_tuple(x):
    if x is None:
        return None
    if isinstance(x, TensorCore):
        return (x,)
    return tuple(x)


def _root_grads(outputs, grad_outputs, create_graph):
    """The seed gradient of each output: given, or ones for a scalar."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    seeds = []
    for i, (out, g) in enumerate(zip(outputs, grad_outputs)):
        if g is None:
            if out._requires_grad and out._data.size != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            seed = np.ones(out._data.shape, dtype=out._dtype.np)
            seeds.append(TensorCore._make(seed, out._dtype) if create_graph else seed)
            continue
        if not isinstance(g, TensorCore):
            raise TypeError(f"gradients can be either Tensors or None, but got "
                            f"{type(g).__name__}")
        if g._data.shape != out._data.shape:
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape} "
                               f"and output[{i}] has a shape of {out.shape}.")
        if create_graph:
            seeds.append(g if g._dtype is out._dtype else g.to(out._dtype))
        else:
            seeds.append(g._data.astype(out._dtype.np, copy=False))
    if len(seeds) < len(outputs):  # extra gradients are ignored, as in PyTorch
        raise RuntimeError(f"got {len(outputs)} tensors and {len(seeds)} gradients")
    return seeds


def _roots(outputs):
    """The edge ``(node, output_nr)`` of each output."""
    edges = []
    for i, out in enumerate(outputs):
        edge = out._edge()  # (None for a tensor that does not require grad)
        if edge[0] is None:  # (a view made under no_grad requires grad but has no edge)
            raise RuntimeError(f"element {i} of tensors does not require grad and does not "
                               "have a grad_fn")
        edges.append(edge)
    return edges


_warned_create_graph = False


def _warn_create_graph():
    # PyTorch warns once per process (TORCH_WARN_ONCE in its engine).
    global _warned_create_graph
    _warned_create_graph = True
    warnings.warn(
        "Using backward() with create_graph=True will create a reference cycle between the "
        "parameter and its gradient which can cause a memory leak. We recommend using "
        "autograd.grad when creating the graph to avoid this. If you have to use this "
        "function, make sure to reset the .grad fields of your parameters to None after use "
        "to break the cycle and avoid the leak. (Triggered internally at "
        "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)", UserWarning,
        stacklevel=3)  # (inside the library, where torch's Python code reports it)


@observed("torch.autograd.backward")
def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
             grad_variables=None, inputs=None):
    """Accumulates into ``.grad`` of the leaves the gradients of ``tensors``."""
    outputs = _as_tuple(tensors)
    grad_tensors = _as_tuple(grad_tensors if grad_tensors is not None else grad_variables)
    if retain_graph is None:
        retain_graph = create_graph
    seeds = _root_grads(outputs, grad_tensors, create_graph)
    roots = _roots(outputs)
    if create_graph and not _warned_create_graph:
        _warn_create_graph()
    targets = None
    if inputs is not None:
        inputs = _as_tuple(inputs)
        if not inputs:
            raise RuntimeError("'inputs' argument to backward() cannot be empty.")
        targets = [t._edge()[0] for t in inputs]
    run_backward(roots, seeds, retain_graph, create_graph, targets=targets)


@observed("torch.autograd.grad")
def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Returns the gradients of ``outputs`` with respect to ``inputs`` without touching
    any ``.grad``."""
    outputs = _as_tuple(outputs)
    inputs_t = _as_tuple(inputs)
    if allow_unused is None:
        allow_unused = materialize_grads
    if retain_graph is None:
        retain_graph = create_graph
    if is_grads_batched:
        return batched_grad(grad, outputs, inputs_t, _as_tuple(grad_outputs), retain_graph,
                            create_graph, allow_unused, materialize_grads)
    if not inputs_t:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    # PyTorch's order: the gradients made for the outputs, the outputs, then the inputs
    seeds = _root_grads(outputs, _as_tuple(grad_outputs), create_graph)
    roots = _roots(outputs)
    for t in inputs_t:
        if not t._sync()._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    edges = [t._edge() for t in inputs_t]
    captured = run_backward(roots, seeds, retain_graph, create_graph,
                            targets=[node for node, _ in edges], capture=True)
    result = []
    for i, (t, (node, nr)) in enumerate(zip(inputs_t, edges)):
        g = captured.get(node)
        if g is not None and node._outputs:  # (one gradient per output of the node)
            g = g[nr]
        if g is None:
            if materialize_grads:
                result.append(TensorCore._make(np.zeros(t._data.shape, t._dtype.np), t._dtype))
                continue
            if not allow_unused:
                raise RuntimeError(f"The differentiated Tensor at index {i} appears to not have "
                                   "been used in the graph. Set allow_unused=True if this is "
                                   "the desired behavior.")
            result.append(None)
        elif create_graph:
            result.append(g)
        else:
            result.append(TensorCore._make(np.array(g, dtype=t._dtype.np), t._dtype))
    return tuple(result)
