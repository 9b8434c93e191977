"""The dataset kinds: the classic teaching sets (two moons, circles, XOR, spirals, Gaussian
blobs, a noisy line or sine for regression) as source nodes.

A dataset node is one tensor of ``n`` rows: the features first (two columns, or one for
regression) and the label (or the regression target) in the last column, float32, rows
alternating between the classes. ``data[:, :2]`` and ``data[:, 2:]`` (index nodes) feed
a model and its loss.

Each set is written once, as the few lines of plain PyTorch that make it
(``DATASETS``): the exported script writes exactly those lines, and the node evaluates
exactly those lines with the engine (``gradstudio.engine`` in the place of ``torch``), so
the script reproduces the document's data bit for bit, drawing ``torch.rand`` and
``torch.randn`` from the generator in the same order. Angles are drawn and their sines
and cosines taken in float64, then rounded to float32 once: float32 ``sin`` and ``cos``
may differ from PyTorch's vectorised kernels in the last bit, the rounded float64 ones do
not (``tests/document/test_datasets.py`` checks it under torch). The only names the lines use are
``torch`` and the node's own, so they can never clash with another node's. A set's
``manual_seed`` setting seeds the generator just before it draws (the data stays the same
whatever the model draws before it). Registered into the catalogue by ``catalogue``
itself.

A set's ``test_fraction`` holds that share of its points out as a test set: the rows are
shuffled by a generator of the split's own (``torch.randperm(n, generator=
torch.Generator().manual_seed(split_seed))``, so the global generator's draws are the
same with or without a split), the last ``round(n * test_fraction)`` rows become
``{d}_test`` and the node's tensor is the rest, the training rows. The run keeps the
test rows (``held_out``) for the Data panel; the export writes the same three lines.
"""
import math
import weakref
from dataclasses import dataclass

import numpy as np

import gradstudio.engine as torch
from gradstudio.words import translate

from .catalogue_autograd import NotComputable
from .spelling import literal, number

__all__ = ["register", "DATASETS", "DATASET_KINDS", "MAX_POINTS", "dataset_lines",
           "has_dataset", "held_out", "split_lines", "split_params", "DATA_KINDS",
           "MAX_TEST_FRACTION"]

MAX_POINTS = 100_000      # the most rows a dataset node makes
MAX_TEST_FRACTION = 0.9
_PI = repr(math.pi)
_TAU = repr(2 * math.pi)


@dataclass(frozen=True)
class Dataset:
    """One teaching set: ``lines`` are the statements that make it, with ``{d}`` the
    node's name and ``{name}`` each setting; ``settings`` are ``(name, kind, default,
    doc)`` besides the size ``n``, ``noise`` and ``manual_seed`` every set has."""
    name: str
    doc: str
    lines: tuple
    noise: float = 0.1
    settings: tuple = ()
    features: int = 2


_LABEL = "torch.arange({n}).reshape({n}, 1) % 2 * 1.0"     # 0, 1, 0, 1 ... as float32
_F64 = "torch.rand({n}, 1, dtype=torch.float64)"            # angles and radii in float64
DATASETS = {d.name: d for d in (
    Dataset("make_moons", "Two interleaving half circles (class 0 above, class 1 below): "
            "no straight line separates them.",
            ("{d} = " + _F64 + " * " + _PI,
             "{d} = torch.cat([{d}.cos(), {d}.sin(), " + _LABEL + "], 1).float()",
             "{d} = torch.cat([(1 - 2 * {d}[:, 2:]) * {d}[:, :2] + ({d}[:, 2:] - 0.5) * "
             "torch.tensor([1.0, 0.5]) + {noise} * torch.randn({n}, 2), {d}[:, 2:]], 1)")),
    Dataset("make_circles", "A circle of radius 1 (class 0) around one of radius 0.5 "
            "(class 1): a boundary that closes on itself.",
            ("{d} = " + _F64 + " * " + _TAU,
             "{d} = torch.cat([{d}.cos(), {d}.sin(), " + _LABEL + "], 1).float()",
             "{d} = torch.cat([(1 - 0.5 * {d}[:, 2:]) * {d}[:, :2] + {noise} * "
             "torch.randn({n}, 2), {d}[:, 2:]], 1)")),
    Dataset("make_xor", "Points in the square [-1, 1]²: class 1 where x₁ and x₂ have "
            "opposite signs (XOR), which needs a hidden layer.",
            ("{d} = torch.rand({n}, 2) * 2 - 1",
             "{d} = torch.cat([{d} + {noise} * torch.randn({n}, 2), "
             "({d}[:, :1] * {d}[:, 1:] < 0) * 1.0], 1)"), noise=0.05),
    Dataset("make_spirals", "Two spiral arms, almost two turns each, wound into each "
            "other: the hardest of the four, it needs capacity.",
            ("{d} = " + _F64 + " * 0.9 + 0.1",
             "{d} = torch.cat([{d}, {d} * " + repr(4 * math.pi) + " + " + _LABEL + " * "
             + _PI + ", " + _LABEL + "], 1)",
             "{d} = torch.cat([{d}[:, :1] * {d}[:, 1:2].cos(), {d}[:, :1] * "
             "{d}[:, 1:2].sin(), {d}[:, 2:]], 1).float()",
             "{d} = torch.cat([{d}[:, :2] + {noise} * torch.randn({n}, 2), {d}[:, 2:]], 1)"),
            noise=0.02),
    Dataset("make_blobs", "Gaussian blobs, one per class, their centres on a circle of "
            "radius 2; the label is the blob's number (0, 1, 2 ...).",
            ("{d} = (torch.arange({n}).reshape({n}, 1) % {centers}).double()",
             "{d} = torch.cat([({d} * {angle}).cos() * 2, ({d} * {angle}).sin() * 2, {d}], "
             "1).float()",
             "{d} = torch.cat([{d}[:, :2] + {noise} * torch.randn({n}, 2), {d}[:, 2:]], 1)"),
            noise=0.5, settings=(("centers", "int", 3, "how many blobs (classes)"),)),
    Dataset("make_line", "A noisy line for regression: x in [-1, 1), target slope x + "
            "intercept plus noise.",
            ("{d} = torch.rand({n}, 1) * 2 - 1",
             "{d} = torch.cat([{d}, {d} * {slope} + {intercept} + {noise} * "
             "torch.randn({n}, 1)], 1)"),
            settings=(("slope", "scalar", 2.0, "the line's slope"),
                      ("intercept", "scalar", 1.0, "the line's value at x = 0")), features=1),
    Dataset("make_sine", "A noisy sine wave for regression: x in [-π, π), target sin x "
            "plus noise.",
            ("{d} = " + _F64 + " * " + _TAU + " - " + _PI,
             "{d} = torch.cat([{d}, {d}.sin()], 1).float()",
             "{d} = torch.cat([{d}[:, :1], {d}[:, 1:] + {noise} * torch.randn({n}, 1)], 1)"),
            features=1),
)}
DATASET_KINDS = tuple(DATASETS)


DATA_KINDS = {*DATASETS, "imported_data"}       # the kinds whose rows are points


def has_dataset(doc):
    """Whether ``doc`` holds a dataset node (a teaching set or imported data)."""
    return any(n.kind in DATA_KINDS for n in doc.nodes())


def split_params(ParamSpec):
    """The two settings of a train/test split every data kind has."""
    return (ParamSpec("test_fraction", "scalar", 0.0, "the share of the points held out as "
                      f"a test set, from 0 (none) to {MAX_TEST_FRACTION}: the model trains "
                      "on the rest; the Data panel draws the test points hollow"),
            ParamSpec("split_seed", "int", 0, "the seed of the split's own generator, which "
                      "shuffles the rows before the test rows are taken from the end"))


def _check_split(params, rows):
    """Raises ``NotComputable`` when the split would leave no test or no training rows."""
    fraction = params.get("test_fraction") or 0.0
    if fraction == 0:
        return
    if not 0 <= fraction <= MAX_TEST_FRACTION:
        raise NotComputable(translate(
                "Catalogue", "test_fraction is from 0 to {MAX_TEST_FRACTION}: set it within "
                "that.").format(
                MAX_TEST_FRACTION=MAX_TEST_FRACTION))
    test = round(rows * fraction)
    if test == 0 or test == rows:
        raise NotComputable(translate(
                "Catalogue", "A test fraction of {fraction} of {rows} points leaves {test} "
                "test and {rows2} training points: choose a fraction that leaves some of "
                "each.").format(
                fraction=fraction, rows=rows, test=test, rows2=rows - test))


def split_lines(params, rows, name):
    """The statements that split ``name`` (``rows`` rows) into its training rows (still
    ``name``) and ``{name}_test``; none when ``test_fraction`` is 0."""
    fraction = params.get("test_fraction") or 0.0
    if fraction == 0:
        return []
    train = rows - round(rows * fraction)
    seed = int(params.get("split_seed") or 0)
    return [f"{name} = {name}[torch.randperm({rows}, generator=torch.Generator()"
            f".manual_seed({seed}))]",
            f"{name}_test = {name}[{train}:]",
            f"{name} = {name}[:{train}]"]


def split_binds(params):
    """The names a data node's statements bind besides its own (``export``)."""
    return ("_test",) if params.get("test_fraction") else ()


# a data node's training rows -> (a weak reference to them, its test rows)
_HELD_OUT = {}


def held_out(tensor):
    """The test rows a data node held out when it made ``tensor`` (its training rows), or
    None (no split, or not a data node's tensor)."""
    entry = _HELD_OUT.get(id(tensor))
    return entry[1] if entry is not None and entry[0]() is tensor else None


def _keep_held_out(train, test):
    key = id(train)
    _HELD_OUT[key] = (weakref.ref(train, lambda _r: _HELD_OUT.pop(key, None)), test)


def _filled(p):
    """The settings as source text: whole numbers and floats, written as Python reads
    them back (``angle`` is derived from ``centers``)."""
    n = int(p["n"])
    if not 1 <= n <= MAX_POINTS:
        raise NotComputable(translate(
                "Catalogue", "A dataset has from 1 to {MAX_POINTS:,} points: set n within "
                "that.").format(
                MAX_POINTS=MAX_POINTS))
    out = {k: number(float(v)) if isinstance(v, float) else number(v)
           for k, v in p.items() if k not in ("manual_seed", "test_fraction", "split_seed")}
    if "centers" in p:
        if not 1 <= p["centers"] <= 64:
            raise NotComputable(translate(
                    "Catalogue", "A dataset has from 1 to 64 blobs: set centers within that."))
        out["angle"] = repr(2 * math.pi / p["centers"])
    return out


def dataset_lines(kind, params, name):
    """The statements that make dataset ``kind`` with ``params`` as ``name``."""
    values = _filled(params)
    return [line.format(d=name, **values) for line in DATASETS[kind].lines] + \
        split_lines(params, int(params["n"]), name)


def _evaluate(kind):
    def evaluate(p):
        _check_split(p, int(p["n"]))
        if p.get("manual_seed") is not None:     # (as the export writes it first)
            torch.manual_seed(p["manual_seed"])
        space = {"__builtins__": {}, "torch": torch}
        # (the lines are the catalogue's own, filled with checked numbers only)
        exec("\n".join(dataset_lines(kind, p, "data")), space)  # noqa: S102
        if "data_test" in space:
            _keep_held_out(space["data"], space["data_test"])
        return space["data"]
    return evaluate


def register(add, NodeKind, Port, ParamSpec):
    """Adds the dataset kinds to the catalogue (``add`` is the catalogue's ``_add``)."""
    for d in DATASETS.values():
        params = (ParamSpec("n", "int", 200, "how many points (rows)"),
                  ParamSpec("noise", "scalar", d.noise, "the standard deviation of the "
                            "Gaussian noise added to each point"),
                  *(ParamSpec(*s) for s in d.settings),
                  ParamSpec("manual_seed", "int", None, "torch.manual_seed(n) just before "
                            "the data is drawn; empty: none (it continues from the "
                            "graph's seed)", optional=True),
                  *split_params(ParamSpec))
        add(NodeKind(d.name, "datasets", d.doc + f" An (n, {d.features + 1}) tensor: "
                     "the features, then the label or target in the last column.",
                     (), params, _evaluate(d.name), "torch.rand / torch.randn",
                     is_source=True,
                     code=(lambda k: lambda p, a: dataset_lines(k, p, "data")[0].split(
                         " = ", 1)[1])(d.name),
                     then=(lambda k: lambda p, a, name: dataset_lines(k, p, name)[1:])(
                         d.name), binds=split_binds))


# ----------------------------------------------------------------------------- imported data
IMPORTED_DOC = ("Data imported from a CSV or .npy file (File ▸ Import Data…) and stored in "
                "the graph file, so the file carries it: an (n, k + 1) float32 tensor, the "
                "k feature columns chosen, then the label or target in the last column.")


def _imported(p):
    """The imported rows as a float32 tensor (then split, as a dataset is)."""
    value = p["value"]
    if not (isinstance(value, list) and value and isinstance(value[0], list)
            and len(value[0]) >= 2):
        raise NotComputable(translate(
                "Catalogue", "Imported data is a table of rows of at least two numbers (the "
                "features, then the label)."))
    _check_split(p, len(value))
    # (torch.tensor(value, dtype=torch.float32) rounds each number to float32 as numpy
    # does: the same bits, made without walking the lists in Python)
    rows = np.array(value, dtype=np.float32)
    space = {"__builtins__": {}, "torch": torch, "data": torch.from_numpy(rows)}
    # (the split lines are the catalogue's own, filled with checked numbers only)
    exec("\n".join(split_lines(p, len(value), "data")), space)  # noqa: S102
    if "data_test" in space:
        _keep_held_out(space["data"], space["data_test"])
    return space["data"]


def register_imported(add, NodeKind, ParamSpec):
    """Adds the ``imported_data`` kind (File ▸ Import Data… makes its nodes)."""
    add(NodeKind("imported_data", "datasets", IMPORTED_DOC, (),
                 (ParamSpec("value", "values", [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]],
                            "the rows: the features, then the label"),
                  *split_params(ParamSpec)),
                 _imported, "torch.tensor", is_source=True,
                 code=lambda p, a: f"torch.tensor({literal(p['value'])}, dtype=torch.float32)",
                 then=lambda p, a, name: split_lines(p, len(p["value"]), name),
                 binds=split_binds))
