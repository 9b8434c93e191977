"""The actions an observed call makes (``Tensor.backward``, ``torch.autograd.grad``):
their records' trace points (``timeline.calls``), each recorded before it runs, then
what it did (``kinds.recorded_first``)."""
from functools import partial

from gradstudio.timeline import Seen, calls

from ..values import TraceError
from .kinds import recorded_first


def _refuse(text, **fields):
    raise TraceError(text, **fields)


def record_action(rec, kind, point, out, /, *args, **kwargs):
    """Records the action of ``kind`` that the call at trace point ``point`` makes."""
    seen = Seen(args=args, kwargs=kwargs, index=rec.node_index, memory=rec.memory_index,
                refuse=_refuse)
    rec.action(kind.name, kind.traced[point](seen))


def handlers(rec):
    """The actions' handlers for ``rec``, by trace point."""
    return {point: recorded_first(rec, partial(record_action, rec, kind, point),
                                  returns_grads=kind.returns is not None)
            for point, kind in calls().items()}
