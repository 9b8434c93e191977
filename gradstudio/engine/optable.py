"""The op table, read-only: ``OPS`` maps each op's name to its ``Op`` record (forward, one
VJP per input, PyTorch's grad_fn name, params, category, doc and spelling). The studio's
catalogue, exporter and tracer read it; ``defop`` adds an op (see CONTRIBUTING.md)."""
import types

from ._ops import dispatch as _dispatch  # noqa: F401  (importing it registers every op)
from ._ops.record import OPS as _OPS, Grad, Op, Param, defop, no_derivative

__all__ = ["OPS", "Op", "Grad", "Param", "defop", "no_derivative"]

OPS = types.MappingProxyType(_OPS)
