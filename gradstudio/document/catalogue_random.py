"""The catalogue's random sources and what they share: ``uniform`` and ``normal``
(``torch.empty(shape).uniform_(a, b)``), ``randperm``, ``randint`` and ``dropout``
(``rand`` and ``randn`` are made with the other shaped sources), and the settings every
drawing kind (``RESEEDING_KINDS``) gets: ``manual_seed`` (re-seed the global generator
just before it draws, as a script that seeds again does) and, for the kinds
``generators`` lists, a ``torch.Generator`` of its own.

Called by ``catalogue`` where these kinds stand in the palette's order, with the classes
and helpers it defines (this module imports nothing of it)."""
from dataclasses import replace

import gradstudio.engine as torch

from .generators import GENERATOR_KINDS, drawing_from_a_generator
from .spelling import keywords, number, shape_tuple, sizes, source_tail

__all__ = ["RESEEDING_KINDS", "add_filled", "add_draws", "reseed"]

RESEEDING_KINDS = ("rand", "randn", "uniform", "normal", "randperm", "randint", "dropout")


def add_filled(source, shape, ParamSpec, dtype_of):
    """``uniform`` and ``normal``: the sources ``torch.empty(shape).<method>(a, b)``."""
    def filled(method, a, b, doc, defaults):
        def evaluate(p):
            t = getattr(torch.empty(*p["shape"], dtype=dtype_of(p["dtype"])), method)(
                p[a], p[b])
            return t.requires_grad_() if p["requires_grad"] else t
        source(method[:-1], evaluate, doc, [shape, ParamSpec(a, "scalar", defaults[0]),
                                            ParamSpec(b, "scalar", defaults[1])],
               "torch.Tensor." + method,
               lambda p, tail: f"torch.empty({sizes(p['shape'])}"
                               + (keywords(dtype=f"torch.{p['dtype']}") if p.get("dtype")
                                  else "")
                               + f").{method}({number(p[a])}, {number(p[b])})"
                               + (".requires_grad_()" if p["requires_grad"] else ""))

    filled("uniform_", "low", "high", "Uniform random numbers in [low, high) (seeded): what "
           "nn.Linear draws its weight and bias from.", (-1.0, 1.0))
    filled("normal_", "mean", "std", "Normal random numbers with a mean and a standard "
           "deviation (seeded): what nn.init.normal_ fills a weight with.", (0.0, 1.0))


def add_draws(add, NodeKind, Port, ParamSpec, shape, rg, dtype_of):
    """``randperm``, ``randint`` and ``dropout``."""
    int_dtype = ParamSpec("dtype", "dtype", None, "element type (default int64)",
                          optional=True)
    add(NodeKind("randperm", "sources", "The whole numbers 0 to n - 1 in a random order "
                 "(seeded): what shuffles a dataset.", (),
                 (ParamSpec("n", "int", 4, "how many numbers"), int_dtype, rg),
                 lambda p: torch.randperm(p["n"], dtype=dtype_of(p["dtype"]),
                                          requires_grad=p["requires_grad"]),
                 "torch.randperm", is_source=True,
                 code=lambda p, a: f"torch.randperm({p['n']}{source_tail(p)})"))
    add(NodeKind("randint", "sources", "Random whole numbers in [low, high) (seeded): random "
                 "labels, or the rows of a minibatch.", (),
                 (ParamSpec("low", "int", 0, "the smallest number drawn"),
                  ParamSpec("high", "int", 10, "one more than the largest number drawn"),
                  shape, int_dtype, rg),
                 lambda p: torch.randint(p["low"], p["high"], tuple(p["shape"]),
                                         dtype=dtype_of(p["dtype"]),
                                         requires_grad=p["requires_grad"]),
                 "torch.randint", is_source=True,
                 code=lambda p, a: f"torch.randint({p['low']}, {p['high']}, "
                                   f"{shape_tuple(p['shape'])}{source_tail(p)})"))
    add(NodeKind("dropout", "activation", "Dropout while training: zeros each element with "
                 "probability p, drawn from the generator (seeded, in the graph's order, as "
                 "the script draws it), and scales the others by 1 / (1 - p): "
                 "F.dropout(x, p) or an nn.Dropout in training mode. In eval mode dropout "
                 "is the tensor itself: leave the node out.",
                 (Port("self"),), (ParamSpec("p", "scalar", 0.5, "the probability of an "
                                             "element being zeroed, from 0 to 1"),),
                 lambda p, self: torch.nn.functional.dropout(self, p["p"], training=True),
                 "torch.nn.functional.dropout({self}, p={p})", "MulBackward0",
                 code=lambda p, a: f"torch.nn.functional.dropout({a['self']}, "
                                   f"p={number(p['p'])})"))


def reseed(catalogue, ParamSpec):
    """Every kind of ``RESEEDING_KINDS`` in ``catalogue`` gets ``manual_seed`` (its draws,
    and the next sources', continue from that seed), and those ``generators`` lists a
    ``torch.Generator`` of its own (``generator``, ``generator_seed``)."""
    reseed_param = ParamSpec("manual_seed", "int", None, "torch.manual_seed(n) just before "
                             "this draw; empty: none (the draw continues from the graph's "
                             "seed)", optional=True)
    generator_params = (
        ParamSpec("generator", "int", None, "the torch.Generator it draws from, by number "
                  "(the sources with one number share its stream); empty: the global one",
                  optional=True),
        ParamSpec("generator_seed", "int", None, "g.manual_seed(n) just before this draw "
                  "(a new generator: torch.Generator().manual_seed(n); without a number, "
                  "generator 1's); empty: none",
                  optional=True))

    def reseeding(kind):
        def evaluate(p, **inputs):
            if p.get("manual_seed") is not None:
                torch.manual_seed(p["manual_seed"])
            return kind.evaluate(p, **inputs)
        return replace(kind, params=kind.params + (reseed_param,), evaluate=evaluate)

    for name in RESEEDING_KINDS:        # (re-seeding the global generator, then drawing)
        kind = catalogue[name]
        if name in GENERATOR_KINDS:
            kind = drawing_from_a_generator(kind, generator_params)
        catalogue[name] = reseeding(kind)
