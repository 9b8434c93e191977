"""Issue 32 on notebooks a student writes after the autograd basics
(``fixtures/notebooks2``, made by its ``make_notebooks.py``): Markdown with ``$$`` and
``<br>`` between the cells, cells ending in a bare expression Jupyter displays (``x.grad``,
``model``, ``loss.item()``, ``x.shape``, a tuple, ``torch.manual_seed(0)``'s generator),
names reassigned in later cells, ``nn.Module`` and ``Sequential`` training loops with a
``DataLoader``, optimizers and schedulers, ``torch.no_grad()`` evaluation, ``try/except
RuntimeError as e: print(e)`` and ``retain_graph``.

Every notebook opens drawn whole (the tracer's self-check passed), no cell fails under the
engine, and the exported script prints under real PyTorch exactly what the notebook's cells
printed and displayed under PyTorch, in order (addresses aside: a generator's differs from
run to run). The cells and the exports run in one request to the shared torch child
(``script_runner``); each notebook's cells run there as Jupyter runs them (``_AS_JUPYTER``).
"""
import json
import re
from pathlib import Path

import pytest
import script_runner

from gradstudio.document import Document, export
from gradstudio.document.notebook_trace import start_notebook_trace
from gradstudio.trace.display import display_text

NOTEBOOKS = sorted((Path(__file__).parent / "fixtures" / "notebooks2").glob("*.ipynb"))
NAMES = [p.stem for p in NOTEBOOKS]
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

# the notebook's code cells run in one namespace as Jupyter runs them: a trailing bare
# expression is displayed (IPython's pretty printer when IPython is installed)
_AS_JUPYTER = '''
import ast, json
try:
    from IPython.lib.pretty import pretty as show
except ImportError:
    from gradstudio.trace.display import display_text as show
namespace = {"__name__": "__main__",       # (Jupyter's display needs no import)
             "display": lambda *objs: [print(show(v)) for v in objs] and None}
for source in json.loads(CELLS):
    tree = ast.parse(source)
    shown = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        line = source.split("\\n")[tree.body[-1].end_lineno - 1]
        if not line.split("#", 1)[0].rstrip().endswith(";"):
            shown = ast.Expression(tree.body.pop().value)
    exec(compile(tree, "<cell>", "exec"), namespace)
    if shown is not None:
        value = eval(compile(shown, "<cell>", "eval"), namespace)
        if value is not None:
            print(show(value))
'''


def _as_jupyter(path):
    nb = json.loads(path.read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    return f"CELLS = {json.dumps(json.dumps(cells))}\n" + _AS_JUPYTER


def traced_notebooks(notebooks):
    """``{name: document}`` of each notebook file, traced at once."""
    jobs = [start_notebook_trace(p.read_bytes(), p.name) for p in notebooks]
    return {p.stem: job.result(240) for p, job in zip(notebooks, jobs)}


def printed_notebooks(traced, notebooks):
    """``{name: (the cells under torch, the export under torch)}``, in one request to
    the shared torch child."""
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    names = [p.stem for p in notebooks]
    codes = [export.export_script(traced[n]).text for n in names]
    results = script_runner.run_scripts([_as_jupyter(p) for p in notebooks] + codes)
    return {n: (results[i], results[len(names) + i]) for i, n in enumerate(names)}


@pytest.fixture(scope="module")
def traced():
    return traced_notebooks(NOTEBOOKS)


@pytest.fixture(scope="module")
def printed(traced):
    """name -> (the cells under torch, the export under torch)."""
    return printed_notebooks(traced, NOTEBOOKS)


def test_there_are_notebooks():
    assert len(NOTEBOOKS) == 10


@pytest.mark.parametrize("name", NAMES)
def test_every_notebook_opens_whole_and_no_cell_fails(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.node_ids and doc.trace_note is None, doc.trace_note
    failed = [(i, c.error) for i, c in enumerate(doc.lesson.cells) if c.error]
    assert failed == []


@pytest.mark.parametrize("name", NAMES)
def test_the_export_prints_under_torch_what_the_cells_printed_and_displayed(printed, name):
    (original, original_error), (out, error) = printed[name]
    assert original_error is None, original_error
    assert error is None, error
    assert original
    assert ADDRESS.sub("0x?", out) == ADDRESS.sub("0x?", original)


def test_a_generator_is_displayed_as_jupyter_displays_it():
    """``torch.manual_seed(0)`` ends a cell: Jupyter shows ``<torch._C.Generator at 0x...>``
    (IPython's form of a default repr), never the repr's ``... object at 0x...``."""
    import gradstudio.engine as engine
    g = engine.manual_seed(0)
    assert repr(g) == f"<torch._C.Generator object at {id(g):#x}>"
    assert display_text(g) == f"<torch._C.Generator at {id(g):#x}>"
    assert display_text((g,)) == f"(<torch._C.Generator at {id(g):#x}>,)"


def test_a_repr_of_its_own_is_displayed_as_it_is():
    class Looks:
        def __repr__(self):
            return "<Looks object at 0x1>"       # not this object's address

    class Spaced:
        def __repr__(self):
            return f"<a b object at {id(self):#x}>"
    assert display_text(Looks()) == "<Looks object at 0x1>"
    s = Spaced()
    assert display_text(s) == repr(s)


def test_a_long_list_is_displayed_one_item_a_line():
    """IPython breaks a list longer than 79 characters after every comma, each item under
    the first (Jupyter's ``losses`` at the end of a training cell)."""
    losses = [i / 7 for i in range(8)]
    assert display_text(losses) == "[" + ",\n ".join(repr(x) for x in losses) + "]"
    assert display_text(losses[:3]) == repr(losses[:3])


def _values():
    """Engine values (the generator aside: its repr imitates a C type's default one, see
    above)."""
    import gradstudio.engine as torch
    from gradstudio.engine import nn
    torch.manual_seed(0)
    m = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
    x = torch.tensor([[1.5, -2.0, 0.5]], requires_grad=True)
    nested = [1]
    nested.append(nested)
    return [m.state_dict(), list(m.parameters()), (x, x * 2), [x] * 3, {"x": x, "n": 3},
            (x.shape, x.requires_grad), [[0.1234567] * 9] * 3, ("a" * 40, "b" * 40, "c"),
            (1,), (), [], {}, nested, torch.max(x, dim=1), m,
            {"loss": [1.23456789] * 8, "acc": torch.ones(4, 4)}, "x" * 100, type(x), int,
            (type(m), ValueError), {3, 1, 2}]


def test_a_class_is_displayed_by_its_dotted_name():
    """``type(x)`` at the end of a cell: Jupyter shows ``torch.Tensor``, not the repr."""
    import gradstudio.engine as torch
    assert display_text(type(torch.ones(1))) == "torch.Tensor"
    assert display_text((int, type(torch.nn.Linear(1, 1)))) == \
        "(int, torch.nn.modules.linear.Linear)"


@pytest.mark.parametrize("index", range(len(_values())))
def test_values_are_displayed_as_ipython_displays_them(index):
    pretty = pytest.importorskip("IPython.lib.pretty").pretty
    value = _values()[index]
    assert display_text(value) == pretty(value)


def _notebook(*cells):
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
    return nbformat.writes(new_notebook(cells=[
        new_markdown_cell(c[3:]) if c.startswith("md:") else new_code_cell(c) for c in cells]))


def test_a_cell_failing_only_in_gradstudio_is_said_on_opening():
    """A cell PyTorch would run (``torch.special``) fails under the engine: the trace's
    note (the command line, the notice on opening, the top of the Lesson panel) names the
    cell and its line; the notebook's own error, which PyTorch raises too, is not said."""
    from gradstudio.document.notebook_trace import trace_notebook
    doc = trace_notebook(_notebook(
        "import torch\nx = torch.ones(3, requires_grad=True)\ny = (x * 2).sum()",
        "md:$$e^x$$<br>", "y.backward()\ny.backward()",
        "z = x * 3\nw = torch.special.erfcx(x)\nw", "x.grad"), "nb.ipynb")
    assert doc.trace_note is not None and doc.trace_note.startswith(
        "Cell 4, line 2 fails in GradStudio but would run under PyTorch ("), doc.trace_note
    assert "torch.special" in doc.trace_note and "more cells" not in doc.trace_note
    own = trace_notebook(_notebook("import torch\nx = torch.ones(3, requires_grad=True)",
                                   "(x * 2).sum().backward()\nx.grad.backward()"), "own.ipynb")
    assert own.trace_note is None
    assert own.lesson.cells[1].error.startswith("line 2: RuntimeError")
