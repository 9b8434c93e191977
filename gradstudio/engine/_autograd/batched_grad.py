"""``torch.autograd.grad(..., is_grads_batched=True)``: PyTorch vmaps the backward pass
over the first dimension of every ``grad_outputs`` tensor; here the backward runs once per
row (keeping the graph until the last row) and the gradients are stacked, the values
PyTorch's batched pass gives."""
import numpy as np

from .._tensor_class.core import TensorCore

__all__ = ["batched_grad"]


def _checked(outputs, grad_outputs):
    if grad_outputs is None or len(grad_outputs) != len(outputs) or \
            any(not isinstance(g, TensorCore) for g in grad_outputs):
        raise RuntimeError("is_grads_batched=True needs one batched tensor in grad_outputs "
                           "for every output; GradStudio cannot batch a missing one.")
    for i, (out, g) in enumerate(zip(outputs, grad_outputs)):
        first = g[0]      # (a 0-d grad_output fails here with PyTorch's IndexError)
        if tuple(first.shape) != tuple(out.shape):
            # (PyTorch's message shows the shape after the first row's first dimension)
            raise RuntimeError(
                "If `is_grads_batched=True`, we interpret the first dimension of each "
                "grad_output as the batch dimension. The sizes of the remaining dimensions "
                "are expected to match the shape of corresponding output, but a mismatch was "
                f"detected: grad_output[{i}] has a shape of {first.shape[1:]} and "
                f"output[{i}] has a shape of {out.shape}. If you only want some tensors in "
                "`grad_output` to be considered batched, consider using vmap.")


def batched_grad(grad, outputs, inputs, grad_outputs, retain_graph, create_graph,
                 allow_unused, materialize_grads):
    """``grad`` (the unbatched ``autograd.grad``) run for each row of ``grad_outputs``;
    each input's gradients stacked along a new first dimension (None stays None)."""
    if create_graph:
        raise RuntimeError("GradStudio cannot record a graph through is_grads_batched=True "
                           "(PyTorch's vmap); use create_graph=False, or loop over the rows "
                           "with autograd.grad.")
    _checked(outputs, grad_outputs)
    rows = grad_outputs[0].shape[0]
    if any(g.shape[0] != rows for g in grad_outputs):
        raise RuntimeError("is_grads_batched=True needs the same batch size (first "
                           "dimension) in every grad_outputs tensor.")
    per_row = []
    for b in range(rows):
        keep = retain_graph if b == rows - 1 else True
        per_row.append(grad(outputs, inputs, tuple(g[b].detach() for g in grad_outputs),
                            retain_graph=keep, allow_unused=allow_unused,
                            materialize_grads=materialize_grads))
    stacked = []
    for k in range(len(per_row[0]) if per_row else 0):
        column = [r[k] for r in per_row]
        stacked.append(None if column[0] is None else TensorCore._make(
            np.stack([t._data for t in column]), column[0]._dtype))
    return tuple(stacked)
