"""``torch.utils.data`` prints as PyTorch's: datasets, ``random_split`` (lengths and
fractions), every sampler, ``default_collate`` of tensors, numbers, tuples, lists and
dicts, and ``DataLoader`` loops (shuffled with and without a seeded generator, drop_last,
sampler= and batch_sampler=, len()), drawing the same indices from the same seed and
leaving the default generator where torch leaves it; ``Tensor.random_`` too (programs run
under torch and under the engine, transcripts compared exactly)."""
import pytest

import parity

P, prog = parity.table()

prog("random_", """
    g = torch.Generator().manual_seed(1)
    x = torch.zeros(3)
    print(x.random_(generator=g).tolist(), x.random_(5, generator=g).tolist(),
          x.random_(2, 9, generator=g).tolist())
    for dt in (torch.bool, torch.int32, torch.float64, torch.uint8, torch.int64):
        print(torch.zeros(3, dtype=dt).random_(generator=g))
    print(torch.zeros(3, dtype=torch.int64).random_(-5, 2 ** 40, generator=g))
    print(torch.empty((), dtype=torch.int64).random_(), torch.rand(2))
    w = torch.zeros(2, requires_grad=True)
    for args in ((), (3,), (1, 3)):
        y = w * 1
        print(y.random_(*args).grad_fn.name())
    for bad in ("w.random_()", "x.random_(3, 3)"):
        try:
            eval(bad)
        except RuntimeError as e:
            print(type(e).__name__, e)
""")

prog("datasets_and_random_split", """
    X = torch.arange(20.).reshape(10, 2)
    y = torch.arange(10)
    ds = torch.utils.data.TensorDataset(X, y)
    print(len(ds), ds[3], ds[2:4])
    from torch.utils.data import ConcatDataset, Subset, random_split, Dataset
    cat = ConcatDataset([ds, Subset(ds, [9, 0])])
    print(len(cat), cat[10], cat[-1], cat.cumulative_sizes, len(ds + ds))
    tr, te = random_split(ds, [7, 3])
    print(tr.indices, te.indices, type(tr).__name__)
    g = torch.Generator().manual_seed(42)
    parts = random_split(range(10), [0.3, 0.3, 0.4], generator=g)
    print([p.indices for p in parts], [list(p) for p in parts])
    print([len(p) for p in random_split(range(7), [0.5, 0.5])])
    parts = random_split(range(3), [0.1, 0.9])
    print([p.indices for p in parts], torch.rand(2))
    print([len(p) for p in random_split(range(2), [0.1, 0.1, 0.8])])
    for bad in ("random_split(ds, [5, 6])", "random_split(ds, [1.5, -0.5])",
                "torch.utils.data.TensorDataset(X, torch.zeros(3))", "Dataset()[0]",
                "ConcatDataset([])", "cat[-20]"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
    class Squares(Dataset):
        def __len__(self):
            return 5
        def __getitem__(self, i):
            return i * i, float(i)
    print([Squares()[i] for i in range(5)])
""")

prog("samplers", """
    from torch.utils.data import (RandomSampler, SequentialSampler, BatchSampler,
                                  WeightedRandomSampler, SubsetRandomSampler)
    data = list(range(10))
    print(list(SequentialSampler(data)), len(SequentialSampler(data)))
    print(list(RandomSampler(data)), list(RandomSampler(data)))
    g = torch.Generator().manual_seed(7)
    print(list(RandomSampler(data, generator=g)))
    print(list(RandomSampler(data, replacement=True, num_samples=40, generator=g)))
    print(list(RandomSampler(data, num_samples=23, generator=g)), len(RandomSampler(data, num_samples=23)))
    print(list(SubsetRandomSampler([3, 5, 8, 13])), list(SubsetRandomSampler([1, 2], generator=g)))
    print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, replacement=True)))
    print(list(WeightedRandomSampler([0.9, 0.4, 0.05, 0.2, 0.3, 0.1], 5, replacement=False)))
    print(list(WeightedRandomSampler(torch.tensor([1.0, 2.0, 3.0]), 8, generator=g)))
    print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
    print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=True)))
    print(len(BatchSampler(range(10), 3, False)), len(BatchSampler(range(10), 3, True)))
    print(torch.rand(3))
    for bad in ("RandomSampler(data, replacement=1)", "RandomSampler(data, num_samples=0)",
                "BatchSampler(data, 0, False)", "BatchSampler(data, 2, 1)",
                "WeightedRandomSampler([1.0], 0)", "WeightedRandomSampler([[1.0]], 1)",
                "WeightedRandomSampler([1.0], 1, replacement=None)"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

prog("default_collate", """
    from torch.utils.data import default_collate
    from torch.utils.data.dataloader import default_convert
    import collections
    import numpy as np
    print(default_collate([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]))
    print(default_collate([1, 2, 3]), default_collate([1.5, 2.0]), default_collate([True, False]))
    print(default_collate(["a", "b"]), default_collate([(1, 2.0), (3, 4.0)]))
    print(default_collate([[1, 2], [3, 4]]))
    print(default_collate([{"x": torch.ones(2), "y": 1}, {"x": torch.zeros(2), "y": 2}]))
    Point = collections.namedtuple("Point", ["x", "y"])
    print(default_collate([Point(0, 0), Point(1, 1)]))
    print(default_collate([np.array([1.0, 2.0]), np.array([3.0, 4.0])]), default_collate([np.float32(1.5), np.float32(2)]))
    print(default_convert(np.arange(3)), default_convert((np.int64(1), [np.zeros(2)])), default_convert("s"))
    for bad in ([object()], [[1, 2], [3]]):
        try:
            default_collate(bad)
        except Exception as e:
            print(type(e).__name__, str(e).replace("__main__.", ""))
""")

prog("dataloader_training_loop", """
    from torch.utils.data import DataLoader, TensorDataset
    torch.manual_seed(0)
    X = torch.randn(10, 3)
    y = torch.randn(10, 1)
    ds = TensorDataset(X, y)
    model = torch.nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(ds, batch_size=4, shuffle=True)
    print(len(loader))
    for epoch in range(3):
        for xb, yb in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            opt.step()
            print(epoch, xb.shape, loss)
    print(model.weight, torch.rand(2))
    for kw in ({"batch_size": 3}, {"batch_size": 3, "drop_last": True},
               {"batch_size": 4, "shuffle": True, "generator": torch.Generator().manual_seed(5)},
               {"batch_size": None}, {"sampler": [9, 0, 4], "batch_size": 2},
               {"batch_sampler": [[1, 2], [3], [0, 5, 6]]},
               {"batch_size": 2, "num_workers": 0, "shuffle": False}):
        dl = DataLoader(ds, **kw)
        print(kw.get("batch_size"), len(dl), [b[1].flatten().tolist() for b in dl], torch.rand(1))
""")

prog("dataloader_shapes_and_errors", """
    from torch.utils.data import DataLoader, Dataset, IterableDataset, RandomSampler
    class Pairs(Dataset):
        def __len__(self):
            return 5
        def __getitem__(self, i):
            return {"x": torch.full((2,), float(i)), "label": i, "name": f"n{i}"}
    for batch in DataLoader(Pairs(), batch_size=2):
        print(batch)
    print(next(iter(DataLoader(Pairs(), batch_size=None))))
    class Stream(IterableDataset):
        def __iter__(self):
            return iter(range(7))
    print(list(DataLoader(Stream(), batch_size=3)), list(DataLoader(Stream(), batch_size=3, drop_last=True)))
    print(list(DataLoader(Stream(), batch_size=None))[:3])
    g = torch.Generator().manual_seed(3)
    print(list(DataLoader(range(8), sampler=RandomSampler(range(8), generator=g), batch_size=3)))
    dl = DataLoader(range(5))
    it = iter(dl)
    print(next(it), len(it), list(it))
    for bad in ("DataLoader(range(4), num_workers=-1)", "DataLoader(range(4), sampler=[0], shuffle=True)",
                "DataLoader(range(4), batch_sampler=[[0]], batch_size=2)",
                "DataLoader(range(4), batch_size=None, drop_last=True)",
                "DataLoader(Stream(), shuffle=True)", "DataLoader(range(4), prefetch_factor=2)",
                "DataLoader(range(4), persistent_workers=True)", "DataLoader(range(4), timeout=-1)",
                "setattr(dl, 'batch_size', 3)", "DataLoader(range(4), batch_size=0)"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

prog("shuffles_of_dataset_sizes", """
    import hashlib
    from torch.utils.data import DataLoader, TensorDataset, WeightedRandomSampler
    torch.manual_seed(5)
    print(hashlib.md5(str(torch.randperm(60000).tolist()).encode()).hexdigest())
    ds = TensorDataset(torch.arange(50000))
    print(next(iter(DataLoader(ds, batch_size=8, shuffle=True))))
    w = torch.rand(5000).tolist()
    print(list(WeightedRandomSampler(w, 10)), list(WeightedRandomSampler(w, 10, replacement=False)))
    print(torch.rand(1))
""")

prog("batches_of_a_tensor_dataset", """
    from torch.utils.data import DataLoader, TensorDataset, Subset, BatchSampler, random_split
    x = torch.arange(60.).reshape(20, 3)[:, ::-1]
    y = torch.arange(20) % 3
    ds = TensorDataset(x, y)
    def show(loader):
        for batch in loader:
            print(type(batch).__name__, batch, [b.stride() for b in batch],
                  [b.is_contiguous() for b in batch], [b.grad_fn for b in batch],
                  [b._base is None for b in batch])
    show(DataLoader(ds, batch_size=8, shuffle=True, generator=torch.Generator().manual_seed(3)))
    a, b = random_split(ds, [0.75, 0.25], generator=torch.Generator().manual_seed(0))
    show(DataLoader(b, batch_size=3))
    show(DataLoader(Subset(a, range(2, 6)), batch_size=4, drop_last=True))
    w = torch.ones(4, 2, requires_grad=True) * 2
    show(DataLoader(TensorDataset(w), batch_size=3))
    show(DataLoader(TensorDataset(x.int(), y.bool()), batch_size=5, shuffle=True))
    first = next(iter(DataLoader(ds, batch_size=4)))
    first[0][0, 0] = -1.0
    print(x[0])
    for bad in ([[0, 20]], [[1, -1]], [[0, 1.0]]):
        try:
            show(DataLoader(ds, batch_sampler=bad))
        except (IndexError, TypeError) as e:
            print(type(e).__name__, e)
    try:
        show(DataLoader(Subset(ds, [0, 25]), batch_size=2))
    except IndexError as e:
        print(e)
""")

prog("dataloader_workers", """
    from torch.utils.data import DataLoader, TensorDataset
    torch.manual_seed(3)
    ds = TensorDataset(torch.arange(10.0))
    for kw in ({"num_workers": 1}, {"num_workers": 2, "persistent_workers": True},
               {"num_workers": 3}, {"num_workers": 1, "prefetch_factor": 4}):
        dl = DataLoader(ds, batch_size=4, shuffle=True, **kw)
        for epoch in range(2):
            print(kw, [b[0].tolist() for b in dl], torch.rand(1))
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


def test_a_loaders_bookkeeping_is_no_op_of_the_program():
    """The seeds and the shuffle a DataLoader draws are drawn from the generators
    directly (the same numbers): a listener to the engine (the tracer) sees the batches
    being made, not ``random_``, ``randperm`` or ``randint`` calls the program never wrote."""
    import gradstudio.engine as torch
    from gradstudio.engine import observer
    seen = []

    class Names(observer.Listener):
        def op(self, op, operands, params, out):
            seen.append(op.name)

        def call(self, name, func, args, kwargs):
            seen.append(name)
            return func(*args, **kwargs)
    data = torch.utils.data.TensorDataset(torch.arange(10.0), torch.arange(10))
    samplers = [torch.utils.data.RandomSampler(data, replacement=True, num_samples=5),
                torch.utils.data.SubsetRandomSampler([1, 3, 5]),
                torch.utils.data.WeightedRandomSampler([1.0, 2.0, 3.0], 4)]
    with observer.listen(Names()):
        batches = list(torch.utils.data.DataLoader(data, batch_size=4, shuffle=True))
        drawn = [list(s) for s in samplers]
    assert len(batches) == 3 and [len(d) for d in drawn] == [5, 3, 4]
    assert not [n for n in seen if "rand" in n or "multinomial" in n], seen


def test_a_random_dataset_with_workers_is_refused_in_words():
    """PyTorch's workers draw from their own seeds: the engine, loading in the main
    process, cannot give the same numbers and says so instead of differing silently."""
    import gradstudio.engine as torch

    class Noisy(torch.utils.data.Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, i):
            return torch.rand(1) + i
    assert len(list(torch.utils.data.DataLoader(Noisy(), batch_size=2))) == 2
    with pytest.raises(RuntimeError, match="use num_workers=0"):
        list(torch.utils.data.DataLoader(Noisy(), batch_size=2, num_workers=1))
