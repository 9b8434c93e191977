"""``torch.autograd.graph``: ``saved_tensors_hooks``, ``disable_saved_tensors_hooks`` and
``save_on_cpu`` (``saved_hooks``), and ``Node``, the class of every grad_fn."""
from .nodes import Node
from .saved_hooks import disable_saved_tensors_hooks, saved_tensors_hooks

__all__ = ["Node", "saved_tensors_hooks", "disable_saved_tensors_hooks", "save_on_cpu"]


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors kept on the CPU (PyTorch's ``save_on_cpu``; the engine's tensors
    are on the CPU already, so they are kept as they are)."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return tensor.device, tensor.cpu()

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)
        super().__init__(pack_to_cpu, unpack_from_cpu)
