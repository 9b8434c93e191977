"""The shortcut of the commonest loop: a ``DataLoader`` over a ``TensorDataset`` (or a
``Subset`` of one, as ``random_split`` makes) of tensors that need no gradient, batched
by ``default_collate``. There ``default_collate([dataset[i] for i in index])`` stacks each
tensor's rows, one select per row and then a stack; taking each tensor's rows at
``index`` at once gives the same list of new contiguous tensors (values, dtype, shape,
no ``grad_fn``) in one numpy call, as torch's C++ takes its per-row steps in
microseconds. Anything else (a subclass, another collate function, a tensor that
requires grad, an index the slow path would refuse, a listener watching the engine)
returns None and takes the general path, which stays the definition."""
import numpy as np

from ... import observer
from ..._tensor_class.core import TensorCore
from ._collate import default_collate
from .dataset import Subset, TensorDataset

__all__ = ["rows_at_once"]


def _in_range(index, n):
    return all(type(i) is int and 0 <= i < n for i in index)


def rows_at_once(dataset, index, collate_fn):
    """The collated batch of ``dataset`` at ``index`` (a list), or None."""
    if collate_fn is not default_collate or observer.LISTENER is not None or \
            type(index) is not list or not index:
        return None
    while type(dataset) is Subset:
        indices = dataset.indices
        if type(indices) not in (list, range) or not _in_range(index, len(indices)):
            return None
        index = [indices[i] for i in index]
        dataset = dataset.dataset
    if type(dataset) is not TensorDataset:
        return None
    tensors = dataset.tensors
    if not _in_range(index, len(dataset)) or \
            any(type(t) is not type(tensors[0]) or t.requires_grad for t in tensors):
        return None
    rows = np.array(index, dtype=np.int64)
    return [TensorCore._make(np.ascontiguousarray(t._data[rows]), t._dtype) for t in tensors]
