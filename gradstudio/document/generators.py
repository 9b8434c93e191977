"""Random sources drawing from a ``torch.Generator`` of their own: ``torch.randn(3,
generator=g)`` after ``g = torch.Generator().manual_seed(0)``.

A random source (``GENERATOR_KINDS``) has two settings for it: ``generator``, the number
of the generator it draws from (empty: the global one, which the graph's seed and
``manual_seed`` steer), and ``generator_seed``, ``g.manual_seed(n)`` just before its draw.
(A seed without a number is generator 1's.) The sources drawing from one generator
share its stream, in the graph's order, as the
script's draws do; a generator first drawn from without a seed starts where a new
``torch.Generator()`` does. The export writes ``g = torch.Generator().manual_seed(n)``
before the first draw, ``g.manual_seed(n)`` before a later seeded one, and passes
``generator=g`` (``ExportGenerators``).

A run makes its generators afresh (``fresh``, at its start); a draw swaps the generator's
state into the engine's global one for the source's own evaluation and back after it, so
every source draws exactly as ``generator=g`` makes torch draw.
"""
from dataclasses import replace

import gradstudio.engine as torch

__all__ = ["GENERATOR_KINDS", "drawing_from_a_generator", "fresh", "number_of",
           "ExportGenerators"]

GENERATOR_KINDS = ("rand", "randn", "randperm", "randint", "uniform", "normal")

_MADE = {}      # generator number -> the engine's Generator, for the run going on


def fresh():
    """Forgets the generators of the last run: a run starts with none made."""
    _MADE.clear()


def number_of(p):
    """The generator a source draws from (a seed without a number: generator 1), or
    None: the global one."""
    number = p.get("generator")
    return 1 if number is None and p.get("generator_seed") is not None else number


def _generator(p):
    number, seed = number_of(p), p.get("generator_seed")
    g = _MADE.get(number)
    if g is None:
        g = _MADE[number] = torch.Generator()
    if seed is not None:
        g.manual_seed(seed)
    return g


def drawing_from_a_generator(kind, params):
    """``kind`` (a random source) with the settings ``params`` (the catalogue's
    ``catalogue_random.reseed``) drawing from its generator when one is set."""
    evaluate, code = kind.evaluate, kind.code

    def drawn(p, **inputs):
        if number_of(p) is None:
            return evaluate(p, **inputs)
        g, default = _generator(p), torch.default_generator
        saved = default.get_state()
        default.set_state(g.get_state())
        try:
            return evaluate(p, **inputs)
        finally:
            g.set_state(default.get_state())
            default.set_state(saved)

    def spelled(p, a):
        expr = code(p, a)
        if number_of(p) is None:
            return expr
        tail = ".requires_grad_()"      # (uniform's and normal's, after the fill)
        tail = tail if expr.endswith(tail) else ""
        expr = expr[:len(expr) - len(tail)]
        return expr[:-1] + f", generator={a.get('generator', 'g')})" + tail

    return replace(kind, params=kind.params + params, evaluate=drawn, code=spelled)


class ExportGenerators:
    """The generators of one export: each one's script name (claimed with ``claim``) and
    whether the script has made it yet."""

    def __init__(self, claim):
        self.claim, self.names = claim, {}

    def lines(self, p, a):
        """The statements before a source's draw (making or seeding its generator);
        puts the generator's name in ``a`` (the expression's names)."""
        number, seed = number_of(p), p.get("generator_seed")
        if number is None:
            return []
        seeded = "" if seed is None else f".manual_seed({seed})"
        name = self.names.get(number)
        a["generator"] = name or self.names.setdefault(number, self.claim("g"))
        if name is None:
            return [f"{a['generator']} = torch.Generator(){seeded}"]
        return [f"{name}{seeded}"] if seeded else []
