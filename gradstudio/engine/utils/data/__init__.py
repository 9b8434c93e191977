"""``torch.utils.data``: map-style and iterable datasets, the samplers, ``random_split``,
``default_collate`` and the ``DataLoader`` (loading in the main process), as
``torch/utils/data`` has them, drawing the same random indices from the same seed."""
from .dataloader import DataLoader, default_collate, default_convert, get_worker_info
from .dataset import (ChainDataset, ConcatDataset, Dataset, IterableDataset, Subset,
                      TensorDataset, random_split)
from .sampler import (BatchSampler, RandomSampler, Sampler, SequentialSampler,
                      SubsetRandomSampler, WeightedRandomSampler)

__all__ = ["BatchSampler", "ChainDataset", "ConcatDataset", "DataLoader", "Dataset",
           "IterableDataset", "RandomSampler", "Sampler", "SequentialSampler", "Subset",
           "SubsetRandomSampler", "TensorDataset", "WeightedRandomSampler", "default_collate",
           "default_convert", "get_worker_info", "random_split"]

from ..._messages.missing import missing as _missing  # noqa: E402
__getattr__ = _missing(__name__)
