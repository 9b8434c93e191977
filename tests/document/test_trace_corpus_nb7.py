"""Issue 32 on twenty more notebooks of the part of a course after the autograd basics
(``corpus_nb7.py``, ``corpus_nb7_more.py``: Markdown between code cells, ``%matplotlib
inline`` and ``plt.plot``, trailing expressions displayed, names re-assigned and deleted
from cell to cell, a training cell run twice, a function defined in one cell and called in
later ones, a cell that raises on purpose and the cells after it). Every notebook opens;
a cell fails under the engine exactly where it fails under torch, with torch's error; the
export run under real torch prints exactly what the cells printed and displayed under
torch (IPython's display). The notebooks of ``WHOLE`` open drawn whole, nothing recorded.

The cells under torch run as Jupyter runs them, cell after cell, an error ending only its
own cell (``as_jupyter``); the originals and the exports run in one request to the shared
torch child."""
import json
import re

import corpus_nb7_more  # noqa: F401  (the second half of NOTEBOOKS)
import pytest
import script_runner
from corpus_nb7 import NOTEBOOKS, notebook_bytes
from trace_jobs import assert_export_prints_as_torch, corpus_documents, exports_of

from gradstudio.document import Document, export, run
from gradstudio.document.files import load, save

NAMES = list(NOTEBOOKS)

# drawn whole: no part cut, no tensor recorded
WHOLE = [n for n in NAMES if n not in (
    "nb7_checkpoint_bytesio",          # model.weight.fill_(0.0) under no_grad: recorded
    "nb7_batchnorm_train_eval",        # BatchNorm1d's running statistics: recorded
    "nb7_early_stopping_best_state")]  # copy.deepcopy(model.state_dict()): recorded

# The engine follows PyTorch's CPU kernels as they run on the reference machine (AMD
# EPYC: docs/engine.md); on an Intel CPU PyTorch's MKL adds some float32 products in an
# order of its own. Where the export prints what the engine itself prints for the cells,
# and only torch differs, the difference is MKL's.
ENGINE_DIGITS = {
    "nb7_function_defined_then_called": "Linear(3, 1) over 30 rows (MKL's sgemm order on "
    "Intel's AVX-512): a displayed loss a last digit apart",
}

# the notebook's code cells as Jupyter runs them: one namespace; a trailing bare
# expression displayed (IPython's pretty printer); an error ends its own cell only (its
# traceback is not printed output); with ERRORS set, the errors as JSON at the end; with
# MARKS set, a line "\x1e" before each cell's output
_AS_JUPYTER = '''
import ast, json
try:
    from IPython.lib.pretty import pretty as show
except ImportError:
    from gradstudio.trace.display import display_text as show
namespace = {"__name__": "__main__",
             "display": lambda *objs: [print(show(v)) for v in objs] and None}
errors = []
for i, source in enumerate(json.loads(CELLS)):
    if MARKS:
        print("\x1e")
    try:
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
    except Exception as e:
        errors.append([i, f"{type(e).__name__}: {e}"])
if ERRORS:
    print(json.dumps(errors))
'''
_IPYTHON = re.compile(r"^(\s*)[%!].*$", re.M)


def as_jupyter(cells, errors=False, marks=False):
    """A script running the code ``cells`` (``#md`` cells are Markdown) as Jupyter does,
    printing what each cell printed and displayed; IPython's line magics (``%matplotlib
    inline``) change nothing the cells use."""
    code = [_IPYTHON.sub(r"\1pass", c) for c in cells if not c.startswith("#md")]
    return (f"CELLS = {json.dumps(json.dumps(code))}\nERRORS = {errors}\nMARKS = {marks}\n"
            + _AS_JUPYTER)


@pytest.fixture(scope="module")
def traced():
    return corpus_documents({}, NOTEBOOKS, notebook_bytes)


@pytest.fixture(scope="module")
def exports(traced):
    """name -> (exported script, transcript) of each notebook that opened, one run each."""
    return exports_of(traced, NAMES)


@pytest.fixture(scope="module")
def printed(traced, exports):
    """name -> ((cells under torch), (export under torch)); and the errors of each code
    cell under torch, ``{name: {cell: "Type: message"}}``."""
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    docs = [n for n in NAMES if isinstance(traced[n], Document)]
    results = script_runner.run_scripts(
        [as_jupyter(NOTEBOOKS[n]) for n in NAMES] +
        [as_jupyter(NOTEBOOKS[n], errors=True) for n in NAMES] +
        [exports[n][0] for n in docs])
    exported = dict(zip(docs, results[2 * len(NAMES):]))
    errors = {n: dict(json.loads(results[len(NAMES) + i][0].splitlines()[-1]))
              for i, n in enumerate(NAMES)}
    return {n: (results[i], exported.get(n)) for i, n in enumerate(NAMES)}, errors


@pytest.fixture(scope="module")
def engine_printed():
    """name -> what the cells print under the engine, for ``ENGINE_DIGITS``."""
    scripts = [as_jupyter(NOTEBOOKS[n]).replace(
        "from IPython.lib.pretty import pretty as show",
        "from gradstudio.trace.display import display_text as show") for n in ENGINE_DIGITS]
    return dict(zip(ENGINE_DIGITS, script_runner.run_scripts(scripts, backend="engine")))


def test_the_corpus_has_twenty_notebooks_with_markdown_and_displayed_values():
    assert len(NOTEBOOKS) == 20
    for cells in NOTEBOOKS.values():
        assert any(c.startswith("#md") for c in cells)
        assert 5 <= len([c for c in cells if not c.startswith("#md")])
    assert set(ENGINE_DIGITS) <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_notebook_opens(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), f"{name} is refused: {doc}"
    assert doc.trace_note is None or "fails in GradStudio" not in doc.trace_note


@pytest.mark.parametrize("name", NAMES)
def test_a_cell_fails_where_torch_fails_it_with_torchs_error(traced, printed, name):
    doc = traced[name]
    code = [c for c in doc.lesson.cells if c.kind == "code"]
    failed = {i: re.sub(r"^line \d+: ", "", c.error).strip()
              for i, c in enumerate(code) if c.error}
    assert failed == printed[1][name]


def test_the_cells_that_raise_on_purpose_raise_and_the_next_cells_run(traced, printed):
    errors = printed[1]["nb7_error_cell_then_fix"]
    assert [e.split(":")[0] for e in errors.values()] == ["RuntimeError", "RuntimeError"]
    cells = [c for c in traced["nb7_error_cell_then_fix"].lesson.cells if c.kind == "code"]
    assert "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)" in cells[1].error
    assert cells[2].output.startswith("tensor([[")          # (the fixed product, after)
    assert cells[-1].output == "tensor([4., 4., 4.])\n"     # (.grad accumulated again)


@pytest.mark.parametrize("name", NAMES)
def test_every_notebook_saved_opens_again_as_the_app_opens_it(traced, exports, name,
                                                             tmp_path):
    doc = traced[name]
    save(doc, tmp_path / f"{name}.gsg")
    again = load(tmp_path / f"{name}.gsg")
    assert [c.source for c in again.lesson.cells] == [c.source for c in doc.lesson.cells]
    assert export.transcript(again, run(again)) == exports[name][1]


@pytest.mark.parametrize("name", WHOLE)
def test_these_notebooks_open_drawn_whole(traced, name):
    doc = traced[name]
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)


@pytest.mark.parametrize("name", NAMES)
def test_the_export_prints_under_torch_what_the_cells_printed_and_displayed(
        traced, printed, engine_printed, name):
    assert isinstance(traced[name], Document), traced[name]
    assert_export_prints_as_torch(name, printed[0], ENGINE_DIGITS, engine_printed)
