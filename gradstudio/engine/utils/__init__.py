"""``torch.utils``: ``data`` (datasets, samplers and the ``DataLoader``)."""
from . import data

__all__ = ["data"]
