"""``torch.utils``: ``data`` (datasets, samplers and the ``DataLoader``)."""
from . import data

__all__ = ["data"]

from .._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
