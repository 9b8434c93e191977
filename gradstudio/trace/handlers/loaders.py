"""The batches of a ``DataLoader`` over a ``TensorDataset``: each batch a ``loader_batch``
node (the row indices the loader drew: ``document/batches.py``) and one index node per
tensor of the dataset (``X[idx]``, ``y[idx]``), instead of the per-row selects and the
stack ``default_collate`` runs. Every batch of one loader has the same node, so a training
loop over ``for epoch ...: for xb, yb in loader:`` folds into one graph and a loop block
(``fold``): the loop's iterations are the batches of every epoch, in order.

The node draws the loader's next batch, a new epoch when the last ran out, so it stands
for the script's batches only while the script takes them that way. A loader is drawn
so when its dataset is a ``TensorDataset`` of tensors the graph holds (none requiring
grad), batched by ``default_collate`` from a ``RandomSampler`` (without replacement) or
``SequentialSampler`` in the main process, and its generator (if any) is a fresh seeded
one drawn from by nothing else. Otherwise, its batches are what the loader's calls ran
(the selects and the stack), as before. A loader made anew each epoch with the settings
of the last one (and the global generator) goes on as that one, as it draws the same. A loader the script starts again before an epoch
ran out (``next(iter(loader))`` to peek) goes on with each batch an index node of the
rows it took, written out (``X[[3, 0, 7]]``); if it drew from the global generator, the
graph's random stream is no longer the script's and later draws are recorded.

A loader given ``sampler=SubsetRandomSampler(rows)`` (its own seeded generator, or the
global one; the loader's base seed from the global one) is drawn too: where it is made,
the rows of each tensor (``X[rows]``, as for a ``Subset``), and each batch a
``loader_batch`` node of source ``SubsetRandomSampler`` over those rows.
"""
from gradstudio.engine import inspect as raw

from ..ops import _index_key_text
from ..values import _Record
from .splits import drawn_rows, keep_rows, rows_key, rows_of, subset_tensors

_KIND = "loader_batch"


class _Loader:
    """What the tracer knows of one loader: its node's settings (None: not drawn as
    batches), its iterator now and whether that one ran out."""
    __slots__ = ("params", "iterator", "done", "off")

    def __init__(self, params):
        self.params, self.iterator, self.done, self.off = params, None, True, False


def _fresh_generator(rec, g, draws=1):
    """Whether ``g`` is where a new generator seeded with its seed is after ``draws``
    draws (the seed ``iter(loader)`` drew; none for a sampler's), and the graph draws
    nothing from it."""
    if id(g) in rec.generators or g is rec.torch.default_generator:
        return False
    fresh = type(g)().manual_seed(g.initial_seed())
    rec.quiet += 1
    try:
        for _ in range(draws):
            rec.torch.empty((), dtype=rec.torch.int64).random_(generator=fresh)
    finally:
        rec.quiet -= 1
    return bool((fresh.get_state() == g.get_state()).all())


def _batch_tensors(rec, loader):
    """The tensors of the graph a batch of ``loader`` takes its rows of: its dataset's,
    or the rows its ``SubsetRandomSampler`` samples (``rec.subsets``), else None."""
    if type(loader.sampler) is rec.torch.utils.data.SubsetRandomSampler:
        return drawn_rows(rec, loader)
    return subset_tensors(rec, loader.dataset)


def _sampler_settings(rec, loader, number):
    """The ``loader_batch`` settings of a loader given ``sampler=SubsetRandomSampler``,
    or None."""
    sampler, g = loader.sampler, loader.sampler.generator
    if drawn_rows(rec, loader) is None or loader.generator is not None or \
            (g is not None and not _fresh_generator(rec, g, draws=0)):
        return None
    return {"loader": number, "size": len(sampler.indices), "batch_size": loader.batch_size,
            "shuffle": True, "drop_last": bool(loader.drop_last),
            "seed": None if g is None else int(g.initial_seed()),
            "source": "SubsetRandomSampler"}


def _settings(rec, loader, number):
    """The ``loader_batch`` settings of ``loader``, or None when it cannot be drawn so."""
    data = rec.torch.utils.data
    dataset, sampler = loader.dataset, loader.sampler
    tensors = _batch_tensors(rec, loader)
    if tensors is None or loader.collate_fn is not \
            data.default_collate or type(loader.batch_sampler) is not data.BatchSampler or \
            loader.num_workers or type(sampler) not in (data.RandomSampler,
                                                        data.SequentialSampler,
                                                        data.SubsetRandomSampler):
        return None
    if type(sampler) is data.SubsetRandomSampler:
        return _sampler_settings(rec, loader, number)
    shuffle = type(sampler) is data.RandomSampler
    if shuffle and (sampler.replacement or sampler.num_samples != len(dataset) or
                    sampler.generator is not loader.generator):
        return None
    if any(id(t) not in rec.node_of or t.requires_grad for t in tensors):
        return None
    g = loader.generator
    if g is not None and not _fresh_generator(rec, g):
        return None
    return {"loader": number, "size": len(dataset), "batch_size": loader.batch_size,
            "shuffle": shuffle, "drop_last": bool(loader.drop_last),
            "seed": None if g is None else int(g.initial_seed()), "source": "DataLoader"}


def _same_as_before(loaders, params):
    """The ``_Loader`` of a new loader: an earlier one's when both draw from the global
    generator with the same settings and the earlier one's epoch ran out (a loader made
    anew every epoch draws what one loader draws epoch after epoch), else its own."""
    if params is not None and params["seed"] is None:
        for state in loaders.values():
            p = state.params
            if p is not None and state.done and not state.off and \
                    dict(p, loader=params["loader"]) == params:
                return state
    return _Loader(params)


def _global_draw(rec, state):
    """Before a batch node starting an epoch of a loader drawing from the global
    generator: False when the graph's stream is not the script's there."""
    if rec.random_dirty or rec.reseed is not None:
        return False
    rec.random_drawn = True
    return True


def _next(rec, loaders, func, args, kwargs):
    it = args[0]
    loader = it.loader
    state = loaders.get(id(loader))
    if state is None:
        rec.keep.append(loader)
        state = loaders[id(loader)] = _same_as_before(loaders, _settings(
            rec, loader, 1 + len({id(s) for s in loaders.values()})))
    if state.params is None:                  # (its selects and stack, as before)
        loading, rec.loading = rec.loading, rec.line()
        try:
            return func(*args, **kwargs)
        finally:
            rec.loading = loading
    new_epoch = state.iterator is not it
    if new_epoch:
        rec.keep.append(it)
        if not state.done:                    # started again before an epoch ran out
            state.off = True
        state.iterator, state.done = it, False
    global_rng = draws_globally(state.params)
    if new_epoch and global_rng and not state.off and not _global_draw(rec, state):
        state.off = True
    if state.off and global_rng:
        rec.random_dirty, rec.reseed = True, None     # (the script drew: the graph not)
    rec.quiet += 1
    try:
        out = func(*args, **kwargs)
        idx = rec.torch.tensor(_positions(rec, loader, it.index))
    except StopIteration:
        state.done = True
        raise
    finally:
        rec.quiet -= 1
    tensors = _batch_tensors(rec, loader)
    if not isinstance(out, list) or len(out) != len(tensors):
        return out
    if state.off:
        key, ports = _index_key_text(list(it.index), raw.is_tensor)
    else:
        rec.emit(_Record(_KIND, dict(state.params), {}, idx))
        key, ports = _index_key_text(idx, raw.is_tensor)
    for t, o in zip(tensors, out):
        rec.emit(_Record("index", {"key": key}, {"self": t, **ports}, o))
    return out


def _positions(rec, loader, index):
    """The batch's rows ``index`` as the node draws them: a ``SubsetRandomSampler``'s
    rows as their places in its list (the node takes them of ``X[rows]``)."""
    sampler = loader.sampler
    if type(sampler) is not rec.torch.utils.data.SubsetRandomSampler:
        return index
    place = {row: k for k, row in enumerate(sampler.indices)}
    return [place[row] for row in index]


def draws_globally(params):
    """Whether a ``loader_batch`` node of ``params`` draws from the global generator at
    each epoch (a loader without a generator of its own draws its base seed there)."""
    return params.get("seed") is None or params.get("source") == "SubsetRandomSampler"


def _made(rec, func, args, kwargs):
    """A ``DataLoader`` made: the rows a ``SubsetRandomSampler`` it is given samples, of
    each tensor of its dataset, drawn here (``X[rows]``) as for a ``Subset``."""
    func(*args, **kwargs)
    loader = args[0]
    if rec.quiet or len(rec.frames) > 1 or \
            type(loader.sampler) is not rec.torch.utils.data.SubsetRandomSampler:
        return
    tensors = subset_tensors(rec, loader.dataset)
    if tensors is None or any(id(t) not in rec.node_of or t.requires_grad for t in tensors):
        return
    rows = loader.sampler.indices
    found = None if raw.is_tensor(rows) else rows_key(rec, rows, len(loader.dataset))
    if found is None or len(set(rows)) != len(rows):
        return                          # (a batch is its rows' places in the list: one each)
    keep_rows(rec, loader, tensors, rows_of(rec, tensors, found))


def handlers(rec):
    """The loaders' handlers for ``rec``, by observed name."""
    loaders = {}          # id(DataLoader) -> _Loader

    def handle(func, args, kwargs):
        if rec.quiet or len(rec.frames) > 1:
            return func(*args, **kwargs)
        return _next(rec, loaders, func, args, kwargs)
    return {"DataLoader.__next__": handle,
            "torch.utils.data.DataLoader": lambda func, args, kwargs: _made(
                rec, func, args, kwargs)}
