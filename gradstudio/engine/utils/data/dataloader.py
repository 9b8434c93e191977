"""``torch.utils.data.DataLoader``, loading in the main process as torch's
``_SingleProcessDataLoaderIter`` does: each ``iter()`` draws a base seed from the loader's
generator (or the default one) before the first index, the sampler (``RandomSampler``
when ``shuffle``) draws its own, batches are collated by ``default_collate``. With
``num_workers > 0`` the batches are the same and are loaded here too: no worker process
is started (``get_worker_info()`` stays ``None``); a dataset that draws from torch's
generator while loading is then refused in words, since its draws would differ from
those of PyTorch's workers (each seeded with its own seed). With ``persistent_workers``
one iterator serves every epoch, as in PyTorch (its base seed is drawn once)."""
import math
import os
import warnings
from typing import Generic, TypeVar

from ... import observer
from .. import _torch as torch
from ._collate import default_collate, default_convert
from ._rows_at_once import rows_at_once
from .dataset import IterableDataset
from .sampler import BatchSampler, RandomSampler, Sampler, SequentialSampler

__all__ = ["DataLoader", "default_collate", "default_convert", "get_worker_info"]

_T_co = TypeVar("_T_co", covariant=True)


def get_worker_info():
    """``None``: the data is loaded in the main process."""
    return None


class _InfiniteConstantSampler(Sampler):
    def __iter__(self):
        while True:
            yield None


def _check_options(num_workers, timeout, prefetch_factor, persistent_workers):
    if num_workers < 0:
        raise ValueError("num_workers option should be non-negative; use num_workers=0 to "
                         "disable multiprocessing.")
    if timeout < 0:
        raise ValueError("timeout option should be non-negative")
    if num_workers == 0 and prefetch_factor is not None:
        raise ValueError("prefetch_factor option could only be specified in multiprocessing."
                         "let num_workers > 0 to enable multiprocessing, otherwise set "
                         "prefetch_factor to None.")
    if num_workers > 0 and prefetch_factor is None:
        prefetch_factor = 2
    elif prefetch_factor is not None and prefetch_factor < 0:
        raise ValueError("prefetch_factor option should be non-negative")
    if persistent_workers and num_workers == 0:
        raise ValueError("persistent_workers option needs num_workers > 0")
    return prefetch_factor


def _check_iterable(shuffle, sampler, batch_sampler):
    if shuffle not in {False, None}:
        raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle "
                         f"option, but got shuffle={shuffle}")
    if sampler is not None:
        raise ValueError("DataLoader with IterableDataset: expected unspecified sampler "
                         f"option, but got sampler={sampler}")
    if batch_sampler is not None:
        raise ValueError("DataLoader with IterableDataset: expected unspecified "
                         f"batch_sampler option, but got batch_sampler={batch_sampler}")


class DataLoader(Generic[_T_co]):
    """Iterates over ``dataset`` in (shuffled) mini-batches."""
    __initialized = False

    @observer.observed("torch.utils.data.DataLoader")
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False,
                 timeout=0, worker_init_fn=None, multiprocessing_context=None,
                 generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        self.prefetch_factor = _check_options(num_workers, timeout, prefetch_factor,
                                              persistent_workers)
        self.dataset, self.num_workers = dataset, num_workers
        self.pin_memory, self.pin_memory_device = pin_memory, pin_memory_device
        self.timeout, self.worker_init_fn = timeout, worker_init_fn
        self.multiprocessing_context, self.in_order = multiprocessing_context, in_order
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            _check_iterable(shuffle, sampler, batch_sampler)
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                                 "shuffle, sampler, and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually "
                             "exclusive with drop_last")
        if sampler is None:
            if self._iterable:
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size, self.drop_last = batch_size, drop_last
        self.sampler, self.batch_sampler = sampler, batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn
        self.persistent_workers = persistent_workers
        self._IterableDataset_len_called = None
        self._iterator = None
        self.__initialized = True
        self.check_worker_number_rationality()

    def __setattr__(self, attr, val):
        if self.__initialized and attr in ("batch_size", "batch_sampler", "sampler",
                                           "drop_last", "dataset", "persistent_workers"):
            raise ValueError(f"{attr} attribute should not be set after "
                             f"{self.__class__.__name__} is initialized")
        super().__setattr__(attr, val)

    def __iter__(self):
        if self.persistent_workers and self.num_workers > 0:
            if self._iterator is None:
                self.check_worker_number_rationality()
                self._iterator = _SingleProcessDataLoaderIter(self)
            else:
                self._iterator._reset(self)
            return self._iterator
        if self.num_workers > 0:
            self.check_worker_number_rationality()
        return _SingleProcessDataLoaderIter(self)

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        return self.batch_sampler if self._auto_collation else self.sampler

    def __len__(self):
        if self._iterable:
            length = self._IterableDataset_len_called = len(self.dataset)
            if self.batch_size is not None:
                length = length // self.batch_size if self.drop_last else \
                    math.ceil(length / self.batch_size)
            return length
        return len(self._index_sampler)

    def check_worker_number_rationality(self):
        if not self.num_workers:
            return
        suggest = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
            os.cpu_count()
        checked = hasattr(os, "sched_getaffinity")
        if suggest is None or self.num_workers > suggest:
            limit = ("DataLoader is not able to compute a suggested max number of worker in "
                     "current system." if suggest is None else
                     f"Our suggested max number of worker in current system is {suggest}"
                     f"{'' if checked else ' (`cpuset` is not taken into account)'}, which "
                     "is smaller than what this DataLoader is going to create.")
            warnings.warn(f"This DataLoader will create {self.num_workers} worker processes "
                          f"in total. {limit} Please be aware that excessive worker creation "
                          "might get DataLoader running slow or even freeze, lower the worker "
                          "number to avoid potential slowness/freeze if necessary.",
                          stacklevel=2)


class _SingleProcessDataLoaderIter:
    def __init__(self, loader):
        self.loader = loader        # (public: a listener reads the loader a batch is of)
        self.index = None           # the indices of the batch drawn last
        self._dataset = loader.dataset
        self._iterable = loader._iterable
        self._len_called = loader._IterableDataset_len_called
        self._dataset_iter = iter(self._dataset) if self._iterable else None
        self._ended = False
        self._auto_collation = loader._auto_collation
        self._drop_last = loader.drop_last
        self._index_sampler = loader._index_sampler
        self._collate_fn = loader.collate_fn
        self._sampler_iter = iter(self._index_sampler)
        self._base_seed = torch.draw_seed(loader.generator)
        self._num_yielded = 0
        self._dataset_iter = iter(self._dataset) if self._iterable else None
        self._ended = False
        self._workers = loader.num_workers

    def _reset(self, loader):
        self._sampler_iter = iter(self._index_sampler)
        self._num_yielded = 0
        self._len_called = loader._IterableDataset_len_called
        self._dataset_iter = iter(self._dataset) if self._iterable else None
        self._ended = False

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._index_sampler)

    @observer.observed("DataLoader.__next__")
    def __next__(self):
        index = self.index = next(self._sampler_iter)
        if self._workers:
            before = torch.default_generator.get_state()
            data = self._fetch(index)
            if (torch.default_generator.get_state() != before).any():
                raise RuntimeError(
                    "This dataset draws random numbers while loading, which PyTorch does "
                    "in worker processes with their own seeds and GradStudio's engine "
                    "cannot reproduce; use num_workers=0.")
        else:
            data = self._fetch(index)
        self._num_yielded += 1
        if self._iterable and self._len_called is not None and \
                self._num_yielded > self._len_called:
            warnings.warn(f"Length of IterableDataset {self._dataset} was reported to be "
                          f"{self._len_called}(when accessing len(dataloader)), but "
                          f"{self._num_yielded} samples have been fetched. ", stacklevel=2)
        return data

    def _fetch(self, index):
        if self._iterable:
            return self._fetch_iterable(index)
        if self._auto_collation:
            batch = rows_at_once(self._dataset, index, self._collate_fn)
            if batch is not None:
                return batch
            if hasattr(self._dataset, "__getitems__") and self._dataset.__getitems__:
                data = self._dataset.__getitems__(index)
            else:
                data = [self._dataset[idx] for idx in index]
        else:
            data = self._dataset[index]
        return self._collate_fn(data)

    def _fetch_iterable(self, index):
        if self._ended:
            raise StopIteration
        if not self._auto_collation:
            return self._collate_fn(next(self._dataset_iter))
        data = []
        for _ in index:
            try:
                data.append(next(self._dataset_iter))
            except StopIteration:
                self._ended = True
                break
        if len(data) == 0 or (self._drop_last and len(data) < len(index)):
            raise StopIteration
        return self._collate_fn(data)


DataLoader.__module__ = "torch.utils.data.dataloader"
