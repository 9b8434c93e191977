"""``torch.utils.data.sampler``: the index samplers, as ``torch/utils/data/sampler.py``
has them. ``RandomSampler`` without a generator draws a seed from the default generator
(``torch.empty((), dtype=torch.int64).random_()``) and shuffles with ``randperm`` from a
new generator seeded with it, as torch does, so the same seed gives the same order."""
import itertools
from typing import Generic, TypeVar

from .. import _torch as torch

__all__ = ["BatchSampler", "RandomSampler", "Sampler", "SequentialSampler",
           "SubsetRandomSampler", "WeightedRandomSampler"]

_T_co = TypeVar("_T_co", covariant=True)


class Sampler(Generic[_T_co]):
    """Base class for all samplers: ``__iter__`` yields indices (or lists of them)."""

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler[int]):
    """Samples elements sequentially, always in the same order."""

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler[int]):
    """Samples elements randomly: a shuffled dataset, or ``num_samples`` draws with
    replacement."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError("replacement should be a boolean value, but got "
                            f"replacement={self.replacement}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError("num_samples should be a positive integer value, but got "
                             f"num_samples={self.num_samples}")

    @property
    def num_samples(self):
        if self._num_samples is None:
            return len(self.data_source)
        return self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        if self.generator is None:
            generator = torch.Generator()
            generator.manual_seed(torch.draw_seed())
        else:
            generator = self.generator
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from torch.draws_below(n, 32, generator)
            yield from torch.draws_below(n, self.num_samples % 32, generator)
        else:
            for _ in range(self.num_samples // n):
                yield from torch.permutation(n, generator)
            yield from torch.permutation(n, generator)[:self.num_samples % n]

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler[int]):
    """Samples elements randomly from a given list of indices, without replacement."""

    def __init__(self, indices, generator=None):
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        for i in torch.permutation(len(self.indices), self.generator):
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler[int]):
    """Samples ``[0, .., len(weights) - 1]`` with the given probabilities (weights)."""

    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or \
                num_samples <= 0:
            raise ValueError("num_samples should be a positive integer value, but got "
                             f"num_samples={num_samples}")
        if not isinstance(replacement, bool):
            raise ValueError("replacement should be a boolean value, but got "
                             f"replacement={replacement}")
        weights_tensor = torch.as_tensor(weights, dtype=torch.float64)
        if len(weights_tensor.shape) != 1:
            raise ValueError("weights should be a 1d sequence but given weights have shape "
                             f"{tuple(weights_tensor.shape)}")
        self.weights = weights_tensor
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator

    def __iter__(self):
        yield from iter(torch.weighted_draws(self.weights, self.num_samples, self.replacement,
                                             self.generator))

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler[list]):
    """Wraps another sampler to yield mini-batches of indices."""

    def __init__(self, sampler, batch_size, drop_last):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise ValueError("batch_size should be a positive integer value, but got "
                             f"batch_size={batch_size}")
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        sampler_iter = iter(self.sampler)
        if self.drop_last:
            args = [sampler_iter] * self.batch_size
            for batch_droplast in zip(*args, strict=False):
                yield [*batch_droplast]
        else:
            batch = [*itertools.islice(sampler_iter, self.batch_size)]
            while batch:
                yield batch
                batch = [*itertools.islice(sampler_iter, self.batch_size)]

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size


for _cls in (Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler,
             WeightedRandomSampler, BatchSampler):
    _cls.__module__ = "torch.utils.data.sampler"
