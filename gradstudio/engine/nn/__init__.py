"""``torch.nn``: ``Module`` and ``Parameter``, the common layers, activations, containers
and losses, ``init`` and ``functional``."""
from . import functional, init, modules, utils
from .module import Module
from .modules import *  # noqa: F401,F403
from .parameter import Parameter

__all__ = ["functional", "init", "utils", "Module", "Parameter", *modules.__all__]

from .._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
