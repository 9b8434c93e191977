"""Mini-batches: the ``loader_batch`` kind, one batch of row indices a
``torch.utils.data.DataLoader`` draws, epoch after epoch.

A script's ``for xb, yb in DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True,
generator=g)`` takes, each step, the rows of ``X`` and ``y`` at the indices the loader's
sampler drew. The document draws those indices with a node of this kind (``xb`` and
``yb`` are then ``X[idx]`` and ``y[idx]``, index nodes): each evaluation is the loader's
next batch, and when an epoch's batches are used up the next evaluation starts a new
epoch (``iter(loader)``, which draws the epoch's seed and shuffle), exactly as the
script's nested ``for epoch ...: for xb, yb in loader:`` does. Inside a training loop
the node is computed by the loop's ``compute`` step every iteration, so the loop's
iterations are the batches of every epoch in order. The loader is over ``range(size)``:
PyTorch's sampler draws the same numbers whatever the dataset holds (only its length
counts), and ``X[idx]`` is the stack of ``X[i]`` that ``default_collate`` makes.

A ``SubsetRandomSampler`` source is a loader given ``sampler=SubsetRandomSampler(...)``
over the rows it samples (``X[rows]`` is then its dataset): each epoch the loader draws
its base seed from the global generator, and the sampler a permutation from its own
seeded generator (or the global one).

A ``randperm`` source stands for batches by hand: ``perm = torch.randperm(n)`` each
epoch, then ``perm[i:i + bs]`` for ``i in range(0, n, bs)`` (each its next slice, a new
permutation when the last one's slices ran out).

Which batch comes next is the run's state: ``fresh()`` forgets it when a run starts
(``run.start``), as ``generators.fresh`` does for the torch.Generators. The export writes
each loader once, before the program (the kind's ``prelude``), and the node as
``next(batches)``.
"""
import itertools

import gradstudio.engine as torch
from gradstudio.engine.utils.data import DataLoader, SubsetRandomSampler
from gradstudio.words import translate

from .catalogue_autograd import NotComputable

__all__ = ["register", "fresh", "prelude", "names", "KIND", "MAX_ROWS"]

KIND = "loader_batch"
MAX_ROWS = 10_000_000         # the most rows a loader's dataset may have
_ITERS = {}                   # loader settings -> the batches left, for the run going on
SOURCES = ("DataLoader", "randperm", "SubsetRandomSampler")

DOC = ("The row indices of one mini-batch a torch.utils.data.DataLoader draws over size "
       "rows (shuffled by its own generator, or the global one): each time it is computed "
       "the loader's next batch, a new epoch when the last one ran out. x[idx] takes the "
       "batch's rows.")


def fresh():
    """Forgets the batches drawn by the last run: a run starts before any epoch."""
    _ITERS.clear()


def _key(p):
    return (p["loader"], p["size"], p["batch_size"], bool(p["shuffle"]), bool(p["drop_last"]),
            p.get("seed"), p["source"])


def _check(p):
    if not 1 <= p["size"] <= MAX_ROWS or p["batch_size"] < 1:
        raise NotComputable(translate(
            "Catalogue", "A loader needs from 1 to {most:,} rows and a batch size of at "
                         "least 1.").format(most=MAX_ROWS))
    if p["source"] == "SubsetRandomSampler" and not p["shuffle"]:
        raise NotComputable(translate(
            "Catalogue", "A SubsetRandomSampler draws its rows in a new order every epoch: "
                         "turn shuffle on, or choose the DataLoader source."))
    if p["drop_last"] and p["batch_size"] > p["size"]:
        raise NotComputable(translate(
            "Catalogue", "With drop_last and a batch larger than the rows, the loader has "
                         "no batch at all: lower the batch size."))


def _permutations(p):
    """A ``randperm`` source's batches: each epoch a permutation (``torch.randperm``, or
    the rows in order without ``shuffle``) cut into slices of ``batch_size``."""
    n, bs = p["size"], p["batch_size"]
    seed = p.get("seed")
    generator = None if seed is None else torch.Generator().manual_seed(seed)
    stop = n - bs + 1 if p["drop_last"] else n
    for _ in itertools.count():
        perm = torch.randperm(n, generator=generator) if p["shuffle"] else torch.arange(n)
        for i in range(0, stop, bs):
            yield perm[i:i + bs]


def _loader(p):
    """A DataLoader's batches, epoch after epoch."""
    seed = p.get("seed")
    generator = None if seed is None else torch.Generator().manual_seed(seed)
    if p["source"] == "SubsetRandomSampler":
        loader = DataLoader(range(p["size"]), batch_size=p["batch_size"],
                            sampler=SubsetRandomSampler(range(p["size"]), generator=generator),
                            drop_last=bool(p["drop_last"]))
    else:
        loader = DataLoader(range(p["size"]), batch_size=p["batch_size"],
                            shuffle=bool(p["shuffle"]), drop_last=bool(p["drop_last"]),
                            generator=generator)
    return (idx for _ in itertools.count() for idx in loader)


def _evaluate(p):
    """The source's next batch of indices (an int64 tensor), a new epoch when needed."""
    _check(p)
    key = _key(p)
    batches = _ITERS.get(key)
    if batches is None:
        batches = _ITERS[key] = (_permutations if p["source"] == "randperm" else _loader)(p)
    return next(batches)


def names(params):
    """The names the export binds for ``params``' source: its batches, then the loader
    or the generator of a permutation (when it has one)."""
    tail = "" if params["loader"] == 1 else f"_{params['loader']}"
    if params["source"] != "randperm":
        return [f"batches{tail}", f"loader{tail}"]
    return [f"batches{tail}"] + ([] if params.get("seed") is None else [f"generator{tail}"])


def _code(p, a):
    return f"next({names(p)[0]})"


def prelude(params):
    """The statements making a source's endless batches (``params``: a node's), which
    the export writes once before the program, and the names they bind."""
    bound = names(params)
    n, bs = params["size"], params["batch_size"]
    lines = ["import itertools"]
    generator = None
    if params.get("seed") is not None:
        generator = f"torch.Generator().manual_seed({params['seed']})"
    if params["source"] == "randperm":
        if generator is not None:
            lines.append(f"{bound[1]} = {generator}")
        draw = (f"torch.randperm({n}" + (f", generator={bound[1]})" if generator else ")")
                if params["shuffle"] else f"torch.arange({n})")
        stop = f"{n} - {bs} + 1" if params["drop_last"] else f"{n}"
        lines.append(f"{bound[0]} = (perm[i:i + {bs}] for epoch in itertools.count() "
                     f"for perm in [{draw}] for i in range(0, {stop}, {bs}))")
        return lines, bound
    args = [f"range({n})", f"batch_size={bs}"]
    sampler = params["source"] == "SubsetRandomSampler"
    if sampler:
        args.append(f"sampler=torch.utils.data.SubsetRandomSampler(range({n})" +
                    ("" if generator is None else f", generator={generator}") + ")")
    elif params["shuffle"]:
        args.append("shuffle=True")
    if params["drop_last"]:
        args.append("drop_last=True")
    if generator is not None and not sampler:
        args.append(f"generator={generator}")
    lines += [f"{bound[1]} = torch.utils.data.DataLoader({', '.join(args)})",
              f"{bound[0]} = (idx for epoch in itertools.count() for idx in {bound[1]})"]
    return lines, bound


def register(add, NodeKind, Port, ParamSpec):
    """Adds the ``loader_batch`` kind to the catalogue (``add`` is its ``_add``)."""
    add(NodeKind(KIND, "datasets", DOC, (),
                 (ParamSpec("loader", "int", 1, "which loader it draws from (the nodes of "
                            "one loader share its batches)"),
                  ParamSpec("size", "int", 64, "how many rows the dataset has"),
                  ParamSpec("batch_size", "int", 16, "rows per batch"),
                  ParamSpec("shuffle", "bool", False, "a new order every epoch"),
                  ParamSpec("drop_last", "bool", False, "leave out a last batch smaller "
                            "than batch_size"),
                  ParamSpec("seed", "int", None, "the seed of the loader's own "
                            "torch.Generator; empty: it draws from the global one",
                            optional=True),
                  ParamSpec("source", "choice", "DataLoader", "what draws the batches: a "
                            "DataLoader over the rows, an epoch's permutation sliced "
                            "(perm = torch.randperm(size); perm[i:i + batch_size]), or a "
                            "DataLoader given sampler=SubsetRandomSampler (the seed is "
                            "then the sampler's generator's)",
                            choices=SOURCES)),
                 _evaluate, "torch.utils.data.DataLoader", is_source=True, code=_code,
                 label="batch", prelude=prelude))
