"""``default_collate`` and ``default_convert``, as ``torch/utils/data/_utils/collate.py``
has them: tensors are stacked, Python floats become a float64 tensor, ints an int64 one,
numpy arrays and scalars tensors, strings stay, and mappings, named tuples and sequences
are collated field by field."""
import collections.abc
import copy
import re

import numpy as np

from .. import _torch as torch

__all__ = ["collate", "default_collate", "default_collate_fn_map", "default_convert"]

np_str_obj_array_pattern = re.compile(r"[SaUO]")
default_collate_err_msg_format = ("default_collate: batch must contain tensors, numpy arrays, "
                                  "numbers, dicts or lists; found {}")


def _convert_sequence(data, convert):
    if isinstance(data, tuple) and hasattr(data, "_fields"):     # namedtuple
        return type(data)(*(convert(d) for d in data))
    if isinstance(data, tuple):
        return [convert(d) for d in data]
    try:
        if isinstance(data, collections.abc.MutableSequence):
            clone = copy.copy(data)
            for i, d in enumerate(data):
                clone[i] = convert(d)
            return clone
        return type(data)([convert(d) for d in data])
    except TypeError:
        return [convert(d) for d in data]


def _convert_mapping(data, convert):
    try:
        if isinstance(data, collections.abc.MutableMapping):
            clone = copy.copy(data)
            clone.update({key: convert(data[key]) for key in data})
            return clone
        return type(data)({key: convert(data[key]) for key in data})
    except TypeError:
        return {key: convert(data[key]) for key in data}


def default_convert(data):
    """Numpy arrays and scalars (inside mappings and sequences too) become tensors."""
    elem_type = type(data)
    if isinstance(data, torch.Tensor):
        return data
    if elem_type.__module__ == "numpy" and elem_type.__name__ not in ("str_", "string_"):
        if elem_type.__name__ == "ndarray" and \
                np_str_obj_array_pattern.search(data.dtype.str) is not None:
            return data
        return torch.as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return _convert_mapping(data, default_convert)
    if isinstance(data, tuple) or (isinstance(data, collections.abc.Sequence)
                                   and not isinstance(data, (str, bytes))):
        return _convert_sequence(data, default_convert)
    return data


def _collate_sequence(batch, collate_fn_map):
    elem = batch[0]
    it = iter(batch)
    elem_size = len(next(it))
    if not all(len(e) == elem_size for e in it):
        raise RuntimeError("each element in list of batch should be of equal size")
    transposed = list(zip(*batch, strict=False))

    def each(samples):
        return collate(samples, collate_fn_map=collate_fn_map)
    if isinstance(elem, tuple):
        return [each(samples) for samples in transposed]
    try:
        if isinstance(elem, collections.abc.MutableSequence):
            clone = copy.copy(elem)
            for i, samples in enumerate(transposed):
                clone[i] = each(samples)
            return clone
        return type(elem)([each(samples) for samples in transposed])
    except TypeError:
        return [each(samples) for samples in transposed]


def collate(batch, *, collate_fn_map=None):
    """Collates ``batch`` by the type of its first element, ``collate_fn_map`` first."""
    elem = batch[0]
    elem_type = type(elem)
    if collate_fn_map is not None:
        if elem_type in collate_fn_map:
            return collate_fn_map[elem_type](batch, collate_fn_map=collate_fn_map)
        for collate_type in collate_fn_map:
            if isinstance(elem, collate_type):
                return collate_fn_map[collate_type](batch, collate_fn_map=collate_fn_map)
    if isinstance(elem, collections.abc.Mapping):
        return _collate_mapping(batch, collate_fn_map)
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):        # namedtuple
        return elem_type(*(collate(samples, collate_fn_map=collate_fn_map)
                           for samples in zip(*batch, strict=False)))
    if isinstance(elem, collections.abc.Sequence):
        return _collate_sequence(batch, collate_fn_map)
    raise TypeError(default_collate_err_msg_format.format(elem_type))


def _collate_mapping(batch, collate_fn_map):
    elem = batch[0]
    values = {key: collate([d[key] for d in batch], collate_fn_map=collate_fn_map)
              for key in elem}
    try:
        if isinstance(elem, collections.abc.MutableMapping):
            clone = copy.copy(elem)
            clone.update(values)
            return clone
        return type(elem)(values)
    except TypeError:
        return values


def collate_tensor_fn(batch, *, collate_fn_map=None):
    return torch.stack(batch, 0)


def collate_numpy_array_fn(batch, *, collate_fn_map=None):
    elem = batch[0]
    if np_str_obj_array_pattern.search(elem.dtype.str) is not None:
        raise TypeError(default_collate_err_msg_format.format(elem.dtype))
    return collate([torch.as_tensor(b) for b in batch], collate_fn_map=collate_fn_map)


def collate_numpy_scalar_fn(batch, *, collate_fn_map=None):
    return torch.as_tensor(batch)


def collate_float_fn(batch, *, collate_fn_map=None):
    return torch.tensor(batch, dtype=torch.float64)


def collate_int_fn(batch, *, collate_fn_map=None):
    return torch.tensor(batch)


def collate_str_fn(batch, *, collate_fn_map=None):
    return batch


default_collate_fn_map = {
    torch.Tensor: collate_tensor_fn, np.ndarray: collate_numpy_array_fn,
    (np.bool_, np.number, np.object_): collate_numpy_scalar_fn, float: collate_float_fn,
    int: collate_int_fn, str: collate_str_fn, bytes: collate_str_fn}


def default_collate(batch):
    """Puts a batch of samples together, adding an outer batch dimension."""
    return collate(batch, collate_fn_map=default_collate_fn_map)
