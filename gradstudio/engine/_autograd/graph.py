"""``torch.autograd.graph``: ``saved_tensors_hooks`` and ``disable_saved_tensors_hooks``
(``saved_hooks``), and ``Node``, the class of every grad_fn."""
from .nodes import Node
from .saved_hooks import disable_saved_tensors_hooks, saved_tensors_hooks

__all__ = ["Node", "saved_tensors_hooks", "disable_saved_tensors_hooks"]
