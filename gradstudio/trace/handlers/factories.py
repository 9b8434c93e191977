"""Factories (``torch.tensor``, ``torch.zeros``, ``torch.randn``, ``torch.*_like`` ...),
``torch.empty(...).uniform_(...)`` and ``torch.manual_seed``: calls recorded from their
arguments and result, nothing inside them (``kinds.special``). ``FACTORIES`` maps each
factory's name to the node kind it makes and how that node's params are read."""
from functools import partial

from gradstudio.engine import inspect as raw

from gradstudio.vocabulary import DTYPES
from gradstudio.words import QT_TRANSLATE_NOOP

from ..values import (THE_FILL_VALUE, TraceError, _inferred_dtype, fed_back,
                      _jsonable, _number, _plain, _Record, _shape, _values, has_marked)
from .. import reinit
from ..collect import collected_tensor
from ..parameters import used
from .kinds import special

# the kinds a factory call makes: requires_grad_() right after one is its requires_grad
FACTORY_KINDS = {"tensor", "ones", "zeros", "rand", "randn", "full", "eye", "arange",
                 "linspace", "uniform", "normal", "empty", "randperm", "randint"}
_REFUSED_FACTORIES = ("torch.empty_like",)


def dtype_param(t, kind, params):
    """``params`` with the dtype of ``t`` when it is not the one ``kind`` infers, and its
    requires_grad."""
    name = t.dtype.name
    default = _inferred_dtype(params["value"]) if kind == "tensor" else \
        ("int64" if kind in ("randperm", "randint") or kind == "arange" and all(
            isinstance(params[k], int) for k in ("start", "end", "step"))
         else "float32")
    if name != default:
        if name not in DTYPES:
            raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "a {dtype} tensor cannot be drawn"),
                             dtype=name)
        params["dtype"] = name
    params["requires_grad"] = bool(raw.requires_grad(t))
    return params


# ---------------------------------------------------------------- each factory's params
def tensor_params(out, data, *a, **k):
    value = _jsonable(data) if isinstance(data, (list, tuple, int, float, bool)) \
        else None
    if value is None or _shape(value) != tuple(out.shape) or not _plain(value):
        value = _values(out)
    return {"value": value}


def shape_params(out, *a, **k):
    return {"shape": list(out.shape)}


def arange_params(out, start, end=None, step=1, **k):
    if end is None:
        start, end = 0, start
    return {"start": _number(start, "arange's start"),
            "end": _number(end, "arange's end"), "step": _number(step, "arange's step")}


def linspace_params(out, start, end, steps, **k):
    return {"start": _number(start, "linspace's start"),
            "end": _number(end, "linspace's end"), "steps": int(steps)}


def full_params(out, size, fill_value, **k):
    return {"shape": list(out.shape),
            "fill_value": _number(fill_value, THE_FILL_VALUE)}


def randperm_params(out, n, **k):
    return {"n": int(n)}


def randint_params(out, low, high=None, size=None, **k):
    # torch.randint(high, size) or (low, high, size), read as the engine reads them
    if size is None:
        low, high = 0, low
    elif high is None:
        low, high = 0, low
    return {"low": int(low), "high": int(high), "shape": list(out.shape)}


def eye_params(out, n, m=None, **k):
    return {"n": int(n)} if m is None or m == n else {"n": int(n), "m": int(m)}


def full_like_params(out, other, fill_value, **k):
    return full_params(out, None, fill_value)


# torch.<name> -> (the node kind it makes, its params from (out, *args, **kwargs))
FACTORIES = {
    "tensor": ("tensor", tensor_params),
    "ones": ("ones", shape_params),
    "zeros": ("zeros", shape_params),
    "rand": ("rand", shape_params),
    "randn": ("randn", shape_params),
    "full": ("full", full_params),
    "eye": ("eye", eye_params),
    "arange": ("arange", arange_params),
    "linspace": ("linspace", linspace_params),
    "randperm": ("randperm", randperm_params),
    "randint": ("randint", randint_params),
    "ones_like": ("ones", shape_params),
    "zeros_like": ("zeros", shape_params),
    "rand_like": ("rand", shape_params),
    "randn_like": ("randn", shape_params),
    "full_like": ("full", full_like_params),
}


# ---------------------------------------------------------------- handlers
def factory(rec, kind, make_params, before, out, *args, generator=None, **kwargs):
    if kind == "tensor" and generator is None and collected_tensor(rec, out, args, kwargs):
        return             # (torch.tensor(losses) of the numbers a loop collected)
    params = dtype_param(out, kind, make_params(out, *args, **kwargs))
    if generator is not None:
        params.update(_generator_params(rec, kind, generator, before))
    # (a size read from a tensor, ``torch.ones(int(t.sum()))``: its params hold the
    # result's shape, so the mark is looked for in what the script passed)
    taint = (None, fed_back((args, kwargs))) if has_marked((args, kwargs)) else None
    rec.emit(_Record(kind, params, {}, out, taint=taint))


# a draw from a torch.Generator of the script's (``generator=g``): the node draws from
# the graph's generator of the same number, seeded where the script's was seeded
# (``document/generators.py``). ``rec.generators``: id(g) -> (its number, its state
# after the last draw drawn, g itself, kept alive)
def drawing(rec, kind, make):
    """The handler of a random factory: ``special``'s, knowing the state a generator it
    is given was in before the draw."""
    def handle(func, args, kwargs):
        g = kwargs.get("generator")
        if g is not None and g is rec.torch.default_generator:
            # (``generator=torch.default_generator``, as ``random_split`` draws: the global
            # generator, the graph's own stream)
            kwargs, g = {k: v for k, v in kwargs.items() if k != "generator"}, None
        before = None if g is None or rec.quiet or len(rec.frames) > 1 else g.get_state()
        return special(rec, partial(factory, rec, kind, make, before))(func, args, kwargs)
    return handle


_NEW_SEED = 67280421310721          # a new torch.Generator()'s seed


def _generator_params(rec, kind, g, before):
    if kind not in ("rand", "randn", "randperm", "randint", "uniform", "normal"):
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "torch.{kind}(..., generator=) cannot be drawn yet"),
                         kind=kind)
    known = rec.generators.get(id(g))
    number = known[0] if known is not None else len(rec.generators) + 1
    seed = g.initial_seed()
    if known is not None and (before == known[1]).all():
        seed = None                  # (it goes on from its last draw)
    elif not (before == type(g)().manual_seed(seed).get_state()).all():
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", 
            "a draw from a torch.Generator whose state changed outside the graph's draws "
            "(set_state, a draw the graph has no node for) cannot be drawn yet"))
    if known is None and seed == _NEW_SEED:
        seed = None                  # (a new torch.Generator() starts there)
    rec.generators[id(g)] = (number, g.get_state(), g)
    return {"generator": number, "generator_seed": seed}


def unsupported(what, out, *a, **k):
    raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "{what} cannot be drawn yet"), what=what)


# torch.empty(...).uniform_(low, high): a uniform node (as an exported nn.Linear weight
# reads; normal_(mean, std): a normal one); an empty tensor used before it is filled is
# refused. ``empties``: the ids of the empty tensors not filled yet
def empty_handler(rec, empties, out, *a, **k):
    params = dtype_param(out, "empty", {"shape": list(out.shape)})
    empties.add(id(out))
    rec.emit(_Record("empty", params, {}, out, taint=(
        None, "torch.empty cannot be drawn: its values are whatever memory held; "
              "fill it first (uniform_) or use torch.zeros")))


def filling(rec, empties, kind, names):
    """The handler of ``Tensor.uniform_`` / ``normal_``: ``fill_handler``, knowing the
    state a generator it is given was in before the draw (as ``drawing``)."""
    def handle(func, args, kwargs):
        g = kwargs.get("generator")
        if g is not None and g is rec.torch.default_generator:
            kwargs, g = {k: v for k, v in kwargs.items() if k != "generator"}, None
        before = None if g is None or rec.quiet or len(rec.frames) > 1 else g.get_state()
        return special(rec, partial(fill_handler, rec, empties, kind, names, before))(
            func, args, kwargs)
    return handle


def fill_handler(rec, empties, kind, names, before, out, t, *args, generator=None,
                 **kwargs):
    """``t.uniform_(low, high)`` / ``t.normal_(mean, std)`` (``kind``, its two ``names``)
    on a new ``torch.empty`` tensor or a parameter nothing used yet (``reinit``), from
    the global generator or a ``torch.Generator`` of the script's (``generator=g``, as
    ``nn.init``'s functions pass it on)."""
    i = None if id(t) in empties else reinit.fresh(rec, t)
    if id(t) not in empties and i is None:
        raise TraceError(QT_TRANSLATE_NOOP(
            "TraceRefusal", "Tensor.{kind}_ cannot be drawn yet, except on a new torch.empty "
            "tensor, or a parameter nothing used yet"), kind=kind)
    given = dict(zip(names, args), **kwargs)      # (the defaults: 0 and 1 for both)
    params = dtype_param(t, kind, {"shape": list(t.shape), **{
        n: _number(given.get(n, float(k)), f"{kind}_'s {n}") for k, n in enumerate(names)}})
    if generator is not None:
        params.update(_generator_params(rec, kind, generator, before))
    if i is None:
        empties.discard(id(t))
        j = rec.node_of.get(id(t))
        rec.emit(_Record(kind, params, {}, t))
        if j is not None and not used(rec, j):
            # (w = torch.empty(3, 5) named the empty node on its own line: the name and
            # the tensor pass to the filled node, the empty one is left unused, not drawn)
            old = rec.nodes[j]
            rec.nodes[rec.node_of[id(t)]]["label"] = old["label"]
            old["label"], old["keep"], old["taint"] = None, False, None
    else:              # (nn.init.uniform_ of a parameter: a module's, a script's)
        reinit.refill(rec, i, t, kind, params)


def seed_handler(rec, out, seed):
    value = int(seed) % 2 ** 64
    rec.random_dirty = False       # (seeded again after a recorded part drew: see ``cut``)
    if rec.random_drawn:
        # seeded again: the next random source re-seeds before it draws
        rec.reseed = value
        return
    if value >= 2 ** 63:
        raise TraceError(QT_TRANSLATE_NOOP("TraceRefusal", "a document's seed is from 0 to 2**63 - 1"))
    rec.seed = value


def handlers(rec):
    """The factories' handlers for ``rec``, by observed name."""
    h = {"torch." + name: drawing(rec, kind, make) for name, (kind, make) in FACTORIES.items()}
    for name in _REFUSED_FACTORIES:
        h[name] = special(rec, partial(unsupported, name))
    empties = set()
    h["torch.empty"] = special(rec, partial(empty_handler, rec, empties))
    h["Tensor.uniform_"] = filling(rec, empties, "uniform", ("low", "high"))
    h["Tensor.normal_"] = filling(rec, empties, "normal", ("mean", "std"))
    h["torch.manual_seed"] = special(rec, partial(seed_handler, rec))
    return h
