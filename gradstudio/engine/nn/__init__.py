"""A small ``torch.nn``: only ``functional`` (tutorial code uses ``F.relu`` and friends)."""
from . import functional

__all__ = ["functional"]
