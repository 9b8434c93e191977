"""The tracer's handlers of observed calls, one module per family, each a table from
the observed name (``torch.zeros``, ``Tensor.detach``, ``Tensor.grad =`` ...) to a
handler ``handler(func, args, kwargs)`` that records the call into a ``Recorder`` and
makes it (``Tracer.call`` looks them up):

- ``composites``: calls with a node kind of their own (``x @ w``, ``x[0]``, the losses),
  an op made in place (``inplace``) and ``x[key] = v``;
- ``factories``: ``torch.tensor``, ``torch.zeros`` ..., ``torch.manual_seed``;
- ``autograd_state``: ``detach``, ``requires_grad_``, ``retain_grad``, ``.data``,
  ``.grad``, ``item``, grad-mode blocks;
- ``refusals``: what the graph cannot show (hooks, clipping, buffers ...);
- ``conv``: ``F.conv2d``, ``F.max_pool2d`` ... (one node each);
- ``modules``: ``nn.Linear``, ``nn.Conv2d``, ``nn.Embedding``, ``nn.Parameter``, dropout;
- ``optimizers``: ``torch.optim``'s optimizers and schedulers, a module's ``zero_grad``
  (``optim``);
- ``actions``: ``backward``, ``autograd.grad`` (the timeline's trace points);
- ``loaders``: a ``DataLoader``'s batches (``loader_batch`` nodes); ``splits``: the
  subsets ``random_split`` draws of a ``TensorDataset``.

``kinds`` holds the four ways a family's function becomes a handler (composite,
special, at_top, recorded_first).
"""
from . import (actions, autograd_state, composites, conv, factories, loaders, modules,
               optimizers, refusals, splits)

# later families' entries win (refusals' printing ``Tensor.register_hook``)
FAMILIES = (composites, conv, factories, autograd_state, refusals, modules, optimizers, actions,
            loaders, splits)


def handlers(rec):
    """Every family's handlers for ``rec`` (a ``Recorder``), by observed name."""
    table = {}
    for family in FAMILIES:
        table.update(family.handlers(rec))
    return table
