"""Export as a Jupyter notebook: every bundled example and every traced seed notebook
gives a valid nbformat-4 notebook; a traced notebook comes back with its own cells (code
and markdown verbatim) and the outputs of the traced run; any other graph comes back as
its ``.py`` export cut into cells, whose code is the script's and whose outputs, run one
cell after another under real PyTorch, are what each cell prints, and together what the
script prints; hostile labels and texts still give valid JSON.

Run as a script (``python test_notebook_export.py torch``) this file is the child that
runs notebooks under PyTorch: ``[[cell source, ...], ...]`` as JSON on stdin, per cell
``{"stdout", "error"}`` as JSON on stdout, each cell run as IPython runs it (its
trailing expression displayed unless it ends in ``;``).
"""
import json
import os
import re
import sys
from pathlib import Path

import nbformat
import pytest

import script_runner
from random_docs import random_document

from gradstudio.document import Document, run
from gradstudio.document.examples import EXAMPLES, build
from gradstudio.document.export import export_script, transcript
from gradstudio.document.lesson import Cell, Lesson, example_lesson, program_fingerprint
from gradstudio.document.notebook import read_notebook
from gradstudio.document.notebook_export import (NOTEBOOK_METADATA, export_notebook,
                                                 script_sections, seed_cell_source)
from gradstudio.document.notebook_trace import start_notebook_trace, trace_notebook
from gradstudio.document.probe import is_random

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


NOTEBOOKS = sorted((Path(__file__).parent / "fixtures" / "notebooks").glob("*.ipynb"))
RANDOM_SEEDS = range(12)
# examples run cell by cell under PyTorch: plain ones, a failing action, autograd.grad,
# and training loops (hand-written updates, SGD, Adam)
TORCH_EXAMPLES = ["01_autograd_tutorial", "04_detach_and_no_grad", "05_retain_graph",
                  "08_softmax", "09_linear_regression", "11_logistic_regression_sgd",
                  "13_xor_mlp_adam"]


def run_notebooks(notebooks):
    """Each notebook's code cells run in order under PyTorch (this file is the runner: one
    child process for the test session, ``child_pool``)."""
    import child_pool
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               OMP_NUM_THREADS="1")
    return child_pool.reply(child_pool.request(__file__, "torch", env, notebooks))


def _plain(text):
    return ADDRESS.sub("0x?", text)


def _read(text):
    nb = nbformat.reads(text, as_version=4)
    nbformat.validate(nb)
    return nb


def _code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def _stdout(cell):
    return "".join(o.text for o in cell.outputs
                   if o.output_type == "stream" and o.name == "stdout")


def _error(cell):
    errors = [f"{o.ename}: {o.evalue}" for o in cell.outputs if o.output_type == "error"]
    assert len(errors) <= 1
    return errors[0] if errors else None


def _traced_all(paths):
    jobs = [start_notebook_trace(p.read_bytes(), p.name) for p in paths]
    return [job.result(120) for job in jobs]


@pytest.fixture(scope="module")
def traced():
    return dict(zip([p.stem for p in NOTEBOOKS], _traced_all(NOTEBOOKS)))


def _draws_random(doc):
    return any(is_random(n.kind) for n in doc.nodes())


# ----------------------------------------------------------------------------- script form
def _hand_built():
    """x = ones(2) (unwatched), out = (x * 3).sum() (watched): its cells end in
    statements whose values Jupyter would show (``x.grad.zero_()``) and in ones that
    return None (``out.backward()``)."""
    d = Document()
    x = d.add_node("ones", {"shape": (2,), "requires_grad": True}, label="x")
    t = d.add_node("mul", {"other": 3}, label="t")
    d.connect(x, t, "self")
    out = d.add_node("sum", label="out", watched=True)
    d.connect(t, out, "self")
    d.add_action("backward", {"target": out, "retain_graph": True})
    d.add_action("zero_grad", {"tensor": x})
    d.add_action("backward", {"target": out})
    d.add_action("set_grad_none", {"tensor": x})
    return d


SCRIPT_CASES = {f"example-{n}": (lambda n=n: build(n)) for n in EXAMPLES}
SCRIPT_CASES.update({f"random-{s}": (lambda s=s: random_document(s)) for s in RANDOM_SEEDS})
SCRIPT_CASES["hand-built"] = _hand_built


def _check_script_form(doc, nb):
    """The notebook is the script cut into cells: code line for line, outputs the
    transcript's parts, execution counts 1..n."""
    result = run(doc)
    script = export_script(doc, result).text.split("\n")[1:-1]      # no docstring
    code = _code_cells(nb)
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1))
    assert code[0].source.startswith("import torch")
    lines = [ln for c in code for ln in c.source.split("\n")]
    # every script line is the next cell line (a ``;`` may end a cell's last statement)
    # or one of the blank lines between sections
    k = 0
    for line in script:
        if k < len(lines) and lines[k] in (line, line + ";"):
            k += 1
        else:
            assert line == "", f"script line {line!r} is not in the cells"
    assert k == len(lines)
    assert "".join(_stdout(c) for c in code) == transcript(doc, result)
    sections = script_sections(doc, result)
    assert "".join(s.code for s in sections) == "\n".join(script) + "\n"
    assert "".join(s.output for s in sections) == transcript(doc, result)


@pytest.mark.parametrize("name", list(SCRIPT_CASES))
def test_a_graph_exports_as_its_script_cut_into_cells(name):
    doc = SCRIPT_CASES[name]()
    nb = _read(export_notebook(doc))
    assert nb.nbformat == 4 and dict(nb.metadata) == NOTEBOOK_METADATA
    assert nb.cells[0].cell_type == "markdown"
    _check_script_form(doc, nb)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_an_example_notebook_opens_with_its_lesson(name):
    doc = build(name)
    nb = _read(export_notebook(doc))
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    assert first.source.startswith(doc.lesson.cells[0].source)
    assert first.source.startswith("## ")


def test_a_loop_is_one_cell_and_each_action_another():
    doc = build("11_logistic_regression_sgd")
    nb = _read(export_notebook(doc))
    code = [c.source for c in _code_cells(nb)]
    assert code[0] == "import torch\n\ntorch.manual_seed(0);"
    assert code[1].startswith("x = torch.tensor(") and code[1].endswith("print(loss)")
    assert code[2] == "optimizer = torch.optim.SGD([w, b], lr=0.5)\nprint(w.grad)"
    assert code[3].startswith("for epoch in range(100):\n")
    assert code[3].endswith('    print(f"{epoch}: loss={loss.item():.4f}")\nprint(w.grad)')
    assert len(code) == 4
    loop_output = _stdout(_code_cells(nb)[3]).splitlines()
    assert len(loop_output) == 101 and loop_output[-1] == "None"


def test_a_statement_jupyter_would_display_ends_in_a_semicolon():
    code = [c.source for c in _code_cells(_read(export_notebook(_hand_built())))]
    assert code[2:] == ["out.backward(retain_graph=True)", "x.grad.zero_();",
                        "out.backward()", "x.grad = None"]


def test_without_a_lesson_a_title_heads_the_notebook():
    doc = _hand_built()
    assert _read(export_notebook(doc)).cells[0].source.startswith("# A GradStudio graph\n")
    assert _read(export_notebook(doc, title="my\nlesson")).cells[0].source.startswith(
        "# my lesson\n")


def test_an_empty_graph_is_an_import_cell():
    nb = _read(export_notebook(Document()))
    assert [c.source for c in _code_cells(nb)] == ["import torch\n\ntorch.manual_seed(0);"]


def test_the_same_graph_gives_the_same_text():
    assert export_notebook(build("07_matmul")) == export_notebook(build("07_matmul"))


# ----------------------------------------------------------------------------- traced form
def test_every_fixture_notebook_traces_and_exports_with_its_own_cells(traced):
    assert len(traced) == 5
    for path in NOTEBOOKS:
        doc = traced[path.stem]
        original = read_notebook(path.read_bytes(), path.name)
        nb = _read(export_notebook(doc))
        cells = list(nb.cells)
        seeded = not doc.lesson.seeded and _draws_random(doc)
        if seeded:
            first = cells.pop(0)
            assert first.source == seed_cell_source(doc.seed)
        assert [(c.cell_type, c.source) for c in cells] == \
            [(c.kind, c.source) for c in original.cells]
        code = [c for c in doc.lesson.cells if c.is_code]
        assert [_stdout(c) for c in _code_cells(nb)[int(seeded):]] == \
            [c.output for c in code]
        assert [c.execution_count for c in _code_cells(nb)] == \
            list(range(1, len(_code_cells(nb)) + 1))
    assert any(not d.lesson.seeded and _draws_random(d) for d in traced.values())


def test_a_fixture_round_trips_notebook_graph_notebook(traced):
    """Traced again, the exported notebook gives the same cells (its seed cell now
    seeds it, so no second one is added) and the same outputs."""
    exported = {stem: export_notebook(doc) for stem, doc in traced.items()}
    again = [trace_notebook(text.encode("utf-8"), f"{stem}.ipynb")
             for stem, text in exported.items()]
    for (stem, text), doc in zip(exported.items(), again):
        assert doc.lesson.seeded or not _draws_random(doc)
        back = _read(export_notebook(doc))
        first = _read(text)
        assert [(c.cell_type, c.source) for c in back.cells] == \
            [(c.cell_type, c.source) for c in first.cells]
        assert [_plain(_stdout(c)) for c in _code_cells(back)] == \
            [_plain(_stdout(c)) for c in _code_cells(first)], stem
        assert len(doc.node_ids) == len(traced[stem].node_ids)


def test_an_edited_traced_graph_exports_as_its_script(traced):
    doc = traced["002_6260b20a9b8b3ca4"]
    doc.set_seed(5)                      # the graph is no longer the traced program
    try:
        assert not doc.lesson.matches(doc)
        nb = _read(export_notebook(doc))
        heading = nb.cells[0].source
        assert "computation graph" in heading and "### Gradients" in heading
        assert "edited after it was traced from 002_6260b20a9b8b3ca4.ipynb" in heading
        _check_script_form(doc, nb)
        assert "torch.manual_seed(5);" in _code_cells(nb)[0].source
    finally:
        doc.set_seed(0)
    assert doc.lesson.matches(doc)


ERROR_NOTEBOOK = [
    ("markdown", "# Backward twice\nThe second call fails."),
    ("code", "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * x).sum()\ny"),
    ("code", "y.backward()\nprint('first')\ny.backward()\nprint('never')"),
    ("code", "print(x.grad)\nx.grad.zero_()"),
]


def _notebook_bytes(cells):
    nb = nbformat.v4.new_notebook()
    for kind, src in cells:
        nb.cells.append(nbformat.v4.new_code_cell(src) if kind == "code"
                        else nbformat.v4.new_markdown_cell(src))
    return nbformat.writes(nb).encode("utf-8")


@pytest.fixture(scope="module")
def failing():
    return trace_notebook(_notebook_bytes(ERROR_NOTEBOOK), "twice.ipynb")


def test_a_cell_error_is_an_error_output(failing):
    nb = _read(export_notebook(failing))
    assert [c.cell_type for c in nb.cells] == ["markdown", "code", "code", "code"]
    (error,) = [o for o in nb.cells[2].outputs if o.output_type == "error"]
    assert error.ename == "RuntimeError"
    assert error.evalue.startswith("Trying to backward through the graph a second time")
    assert error.traceback[0].startswith("line 3: RuntimeError: ")
    assert _stdout(nb.cells[2]) == "first\n"            # the error is not printed again
    assert _stdout(nb.cells[1]) == "tensor(2., grad_fn=<SumBackward0>)\n"
    assert _stdout(nb.cells[3]) == "tensor([2., 2.])\ntensor([0., 0.])\n"


# ----------------------------------------------------------------------------- under torch
def _script_output_for(docs):
    """What each document's ``.py`` export prints under PyTorch."""
    outs = script_runner.run_scripts([export_script(d).text for d in docs], "torch")
    for out, error in outs:
        assert error is None, error
    return [out for out, _ in outs]


@pytest.fixture(scope="module")
def under_torch(traced, failing):
    if not script_runner.torch_available():
        pytest.skip("PyTorch (the test oracle) is not installed")
    script_docs = [build(n) for n in TORCH_EXAMPLES] + \
        [random_document(s) for s in RANDOM_SEEDS] + [_hand_built()]
    traced_docs = list(traced.values()) + [failing]
    notebooks = [_read(export_notebook(d)) for d in script_docs + traced_docs]
    ran = run_notebooks([[c.source for c in _code_cells(nb)] for nb in notebooks])
    return {"script": list(zip(script_docs, notebooks[:len(script_docs)],
                               ran[:len(script_docs)], _script_output_for(script_docs))),
            "traced": list(zip(traced_docs, notebooks[len(script_docs):],
                               ran[len(script_docs):]))}


def test_each_cell_prints_its_output_under_torch(under_torch):
    for doc, nb, ran, script_out in under_torch["script"]:
        cells = _code_cells(nb)
        assert len(ran) == len(cells)
        for cell, got in zip(cells, ran):
            assert got["error"] is None, (cell.source, got["error"])
            assert _plain(got["stdout"]) == _plain(_stdout(cell)), cell.source
        assert _plain("".join(r["stdout"] for r in ran)) == _plain(script_out)
        assert script_out == transcript(doc)


def test_examples_under_torch_include_a_training_loop(under_torch):
    sources = ["\n".join(c.source for c in _code_cells(nb))
               for _, nb, _, _ in under_torch["script"]]
    assert sum("for epoch in range(" in s for s in sources) >= 3
    assert any("torch.optim.Adam(" in s for s in sources)


def test_a_traced_notebook_prints_its_outputs_under_torch(under_torch):
    for doc, nb, ran in under_torch["traced"]:
        cells = _code_cells(nb)
        assert len(ran) == len(cells)
        for cell, got in zip(cells, ran):
            assert _plain(got["stdout"]) == _plain(_stdout(cell)), cell.source
            assert got["error"] == _error(cell), cell.source
    # the seed cell matters: without it an unseeded notebook's random numbers differ
    doc, nb, _ = under_torch["traced"][3]
    assert _code_cells(nb)[0].source.startswith("import torch\ntorch.manual_seed(")
    assert any(c.differs() for c in doc.lesson.cells)


def test_without_the_seed_cell_the_numbers_differ(traced):
    if not script_runner.torch_available():
        pytest.skip("PyTorch (the test oracle) is not installed")
    nb = _read(export_notebook(traced["003_062b1e8a1bc57c72"]))
    cells = _code_cells(nb)[1:]                       # the seed cell left out
    (ran,) = run_notebooks([[c.source for c in cells]])
    assert [_plain(r["stdout"]) for r in ran] != [_plain(_stdout(c)) for c in cells]


# ----------------------------------------------------------------------------- hostile
ODD = 'q"uo\\te </script> \x00\x1b[31m \u202e \ud800 \udcff 名前 🙂 {{}} ```'


def _check_valid_json(text):
    text.encode("utf-8")                               # no lone surrogate left
    data = json.loads(text)
    nbformat.validate(nbformat.from_dict(data))
    return data


def test_odd_labels_and_texts_still_give_valid_json():
    d = Document()
    labels = ["ünïcødé", "名前", "Ωmega", "ﬁle", "_", "x__", "ᵢ"]
    ids = [d.add_node("ones", {"shape": (2,), "requires_grad": True}, label=lab,
                      watched=True) for lab in labels]
    s = d.add_node("add", label="Σ")
    d.connect(ids[0], s, "self")
    d.connect(ids[1], s, "other")
    total = d.add_node("sum", label="total", watched=True)
    d.connect(s, total, "self")
    d.add_action("backward", {"target": total})
    d.lesson = example_lesson("## " + ODD + "\n\n" + ODD)
    data = _check_valid_json(export_notebook(d, title=ODD))
    code = "".join("".join(c["source"]) for c in data["cells"] if c["cell_type"] == "code")
    for nid in ids + [s]:
        assert d.display_name(nid) in code
    assert "\ufffd" in "".join(data["cells"][0]["source"])
    d.lesson = None
    _check_valid_json(export_notebook(d, title=ODD))


def test_an_odd_traced_lesson_still_gives_valid_json():
    d = Document()
    d.add_node("ones", {"shape": (2,)}, label="x", watched=True)
    cells = (Cell("markdown", ODD), Cell("code", "x = 1  # " + ODD, output=ODD + "\n",
                                         error="line 1: " + ODD),
             Cell("code", "y = 2", error="no colon here"))
    d.lesson = Lesson(cells, {}, ODD, program_fingerprint(d), seeded=False)
    data = _check_valid_json(export_notebook(d))
    assert [c["cell_type"] for c in data["cells"]] == ["markdown", "code", "code"]
    errors = [o for c in data["cells"][1:] for o in c["outputs"] if o["output_type"] == "error"]
    assert [e["ename"] for e in errors] == ["Error", "Error"]
    assert errors[1]["evalue"] == "no colon here"


# ============================================================================ the child
def _run_cell(source, namespace, display):
    import ast
    import contextlib
    import io
    out, error = io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out):
            tree = ast.parse(source, "<cell>")
            shown = None
            if tree.body and isinstance(tree.body[-1], ast.Expr):
                line = source.split("\n")[tree.body[-1].end_lineno - 1]
                if not line.split("#", 1)[0].rstrip().endswith(";"):
                    shown = ast.Expression(tree.body.pop().value)
            exec(compile(tree, "<cell>", "exec"), namespace)
            if shown is not None:
                value = eval(compile(shown, "<cell>", "eval"), namespace)
                if value is not None:
                    print(display(value))
    except Exception as exc:  # noqa: BLE001 (Jupyter shows it under the cell)
        error = f"{type(exc).__name__}: {exc}"
    return {"stdout": out.getvalue(), "error": error}


def _child():
    from gradstudio.trace.display import display_text   # what IPython displays
    import torch
    sys.path.insert(0, str(ROOT / "tests"))
    import child_pool
    child_pool.serve(lambda notebooks: _run_notebooks(torch, display_text, notebooks))


def _run_notebooks(torch, display_text, notebooks):
    import warnings
    results = []
    for cells in notebooks:
        torch.set_grad_enabled(True)
        torch.set_default_dtype(torch.float32)
        torch.set_printoptions(profile="default")
        torch.manual_seed(987654321)    # not the graph's seed: a notebook seeds itself
        namespace = {"__name__": "__main__"}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results.append([_run_cell(src, namespace, display_text) for src in cells])
    return results


if __name__ == "__main__":
    if sys.argv[1:] != ["torch", "--serve"]:
        raise SystemExit("usage: python test_notebook_export.py torch --serve")
    _child()
