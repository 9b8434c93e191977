"""``torch.utils.data.dataset``: ``Dataset``, ``IterableDataset``, ``TensorDataset``,
``ConcatDataset``, ``ChainDataset``, ``Subset`` and ``random_split`` (lengths or
fractions), as ``torch/utils/data/dataset.py`` has them."""
import bisect
import itertools
import math
from typing import Generic, TypeVar

from ... import observer
from ..._messages.warn import warn
from .. import _torch as torch

__all__ = ["ChainDataset", "ConcatDataset", "Dataset", "IterableDataset", "Subset",
           "TensorDataset", "random_split"]

_T_co = TypeVar("_T_co", covariant=True)


class Dataset(Generic[_T_co]):
    """A map from keys to samples: subclasses define ``__getitem__`` (and ``__len__``)."""

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset[_T_co]):
    """A stream of samples: subclasses define ``__iter__``."""

    def __add__(self, other):
        return ChainDataset([self, other])


class TensorDataset(Dataset[tuple]):
    """Samples are the rows of tensors that share their first dimension."""

    def __init__(self, *tensors):
        if any(tensors[0].size(0) != tensor.size(0) for tensor in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(tensor[index] for tensor in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class ConcatDataset(Dataset[_T_co]):
    """Datasets one after the other."""

    @staticmethod
    def cumsum(sequence):
        r, s = [], 0
        for e in sequence:
            length = len(e)
            r.append(length + s)
            s += length
        return r

    def __init__(self, datasets):
        super().__init__()
        self.datasets = list(datasets)
        if len(self.datasets) == 0:
            raise AssertionError("datasets should not be an empty iterable")
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        dataset_idx = bisect.bisect_right(self.cumulative_sizes, idx)
        if dataset_idx == 0:
            sample_idx = idx
        else:
            sample_idx = idx - self.cumulative_sizes[dataset_idx - 1]
        return self.datasets[dataset_idx][sample_idx]


class ChainDataset(IterableDataset):
    """Iterable datasets one after the other."""

    def __init__(self, datasets):
        super().__init__()
        self.datasets = datasets

    def __iter__(self):
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            yield from d

    def __len__(self):
        total = 0
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            total += len(d)
        return total


class Subset(Dataset[_T_co]):
    """The samples of ``dataset`` at ``indices``."""

    @observer.observed("torch.utils.data.Subset")
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices
        if type(self).__getitem__ is not Subset.__getitem__ and \
                type(self).__getitems__ is Subset.__getitems__:
            raise NotImplementedError(
                f"{type(self).__name__} overrides __getitem__ but not __getitems__. When "
                "subclassing Subset and overriding __getitem__, you must also override "
                "__getitems__ to ensure DataLoader works correctly with your custom logic. "
                "A simple implementation:\n\ndef __getitems__(self, indices):\n"
                "    return [self.__getitem__(idx) for idx in indices]")

    @observer.observed("Subset.__getitem__")
    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __getitems__(self, indices):
        if callable(getattr(self.dataset, "__getitems__", None)):
            return self.dataset.__getitems__([self.indices[idx] for idx in indices])
        return [self.dataset[self.indices[idx]] for idx in indices]

    def __len__(self):
        return len(self.indices)


def _fraction_lengths(dataset, lengths):
    subset_lengths = []
    for i, frac in enumerate(lengths):
        if frac < 0 or frac > 1:
            raise ValueError(f"Fraction at index {i} is not between 0 and 1")
        subset_lengths.append(math.floor(len(dataset) * frac))
    remainder = len(dataset) - sum(subset_lengths)
    for i in range(remainder):              # one each, round robin, until none is left
        subset_lengths[i % len(subset_lengths)] += 1
    for i, length in enumerate(subset_lengths):
        if length == 0:
            # (at the caller's line, however many frames the observed wrapper adds)
            warn(f"Length of split at index {i} is 0. This might result in an "
                 "empty dataset.")
    return subset_lengths


@observer.observed("torch.utils.data.random_split")
def random_split(dataset, lengths, generator=torch.default_generator):
    """Splits ``dataset`` into non-overlapping random subsets of the given lengths (or
    fractions of its length)."""
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        lengths = _fraction_lengths(dataset, lengths)
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = torch.randperm(sum(lengths), generator=generator).tolist()
    return [Subset(dataset, indices[offset - length:offset])
            for offset, length in zip(itertools.accumulate(lengths), lengths, strict=True)]


for _cls in (Dataset, IterableDataset, TensorDataset, ConcatDataset, ChainDataset, Subset):
    _cls.__module__ = "torch.utils.data.dataset"
