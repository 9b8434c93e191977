"""``torch.device``: only the CPU exists here. ``check`` is called by everything that takes a
``device``: another device is refused as PyTorch's CPU build refuses it (CUDA), or in plain
words (the devices a CPU build of PyTorch has no kernels for), never ignored."""

import builtins

__all__ = ["device", "check"]

_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
          "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
          "privateuseone")


class device:
    """``torch.device('cpu')``, ``torch.device('cuda:0')``: parsed and printed as in
    PyTorch; only the CPU can hold a tensor (see ``check``)."""
    __module__ = "torch"

    def __init__(self, type="cpu", index=None):
        if isinstance(type, device):
            type, index = type.type, type.index
        elif isinstance(type, int) and not isinstance(type, bool):
            raise RuntimeError("Cannot access accelerator device when none is available.")
        elif not isinstance(type, str):
            raise TypeError("device() received an invalid combination of arguments - got "
                            f"({builtins.type(type).__name__}), but expected a device or "
                            "a string such as 'cpu'")
        else:
            name, sep, number = type.partition(":")
            if name not in _TYPES:
                raise RuntimeError(f"Expected one of {', '.join(_TYPES)} device type at start "
                                   f"of device string: {type}")
            if sep:
                if not number.isdigit():
                    raise RuntimeError(f"Invalid device string: '{type}'")
                index = int(number)
            type = name
        self.type, self.index = type, index

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        return (isinstance(other, device) and other.type == self.type
                and other.index == self.index)

    def __hash__(self):
        return hash((self.type, self.index))


def check(dev):
    """Nothing for ``None`` or the CPU; otherwise PyTorch's CPU build's error (CUDA) or a
    plain refusal."""
    if dev is None:
        return
    d = device(dev)
    if d.type == "cpu":
        return
    if d.type == "cuda":
        raise AssertionError("Torch not compiled with CUDA enabled")
    raise RuntimeError(f"GradStudio's engine runs on the CPU only: it has no '{d.type}' "
                       "device (use device='cpu')")
