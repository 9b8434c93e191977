"""Jupyter notebooks trace cell by cell into a graph with the notebook as its lesson.

The five seed notebooks (``fixtures/notebooks``, real nbformat-4 files made from
``../shared/seeds``) trace; every cell whose stored output does not depend on random
numbers or on cells run out of order gets the very output Jupyter stored; nodes and
actions remember their cell and line; failing cells, magics, unseeded notebooks and
hostile files behave as the module docstrings of ``notebook`` and ``notebook_trace`` say.
"""
import json
import re
from pathlib import Path

import nbformat
import pytest

from gradstudio.document import files, run
from gradstudio.document.lesson import program_fingerprint
from gradstudio.document.notebook import program, read_notebook
from gradstudio.document.notebook_trace import trace_notebook
from gradstudio.document.trace import TraceError

NOTEBOOKS = sorted((Path(__file__).parent / "fixtures" / "notebooks").glob("*.ipynb"))


def _nb(*cells, seedless=True):
    """A notebook's bytes from ``("code"|"markdown", source)`` pairs."""
    nb = nbformat.v4.new_notebook()
    for kind, src in cells:
        nb.cells.append(nbformat.v4.new_code_cell(src) if kind == "code"
                        else nbformat.v4.new_markdown_cell(src))
    return nbformat.writes(nb).encode("utf-8")


def _code(*sources):
    return _nb(*(("code", s) for s in sources))


def _addresses(text):
    return re.sub(r"0x[0-9A-Fa-f]+", "0x?", text or "").rstrip()


@pytest.fixture(scope="module")
def traced():
    return {p.stem: trace_notebook(p.read_bytes(), p.name) for p in NOTEBOOKS}


def test_every_seed_notebook_traces_with_its_cells(traced):
    assert len(traced) == 5
    for path in NOTEBOOKS:
        doc = traced[path.stem]
        nb = nbformat.read(path, as_version=4)
        lesson = doc.lesson
        assert lesson.name == path.name
        assert [(c.kind, c.source) for c in lesson.cells] == \
            [("code" if c.cell_type == "code" else "markdown", c.source) for c in nb.cells]
        assert doc.node_ids and lesson.matches(doc)
        # every node came from some code cell line
        for nid in doc.node_ids:
            cell, line = lesson.origin(nid)
            assert lesson.cells[cell].is_code
            assert 1 <= line <= lesson.cells[cell].source.count("\n") + 1


def test_deterministic_cells_print_what_jupyter_stored(traced):
    """Notebook 002 computes nothing random before its gradients: every cell the
    engine ran prints exactly what Jupyter stored (addresses aside)."""
    lesson = traced["002_6260b20a9b8b3ca4"].lesson
    compared = 0
    for cell in lesson.cells:
        if cell.is_code and cell.stored is not None:
            assert _addresses(cell.output) == _addresses(cell.stored), cell.source
            assert not cell.differs()
            compared += 1
    assert compared >= 8


def test_random_cells_are_marked_as_differing(traced):
    """Notebook 003 draws from torch.randn without a seed: the stored numbers are not
    the graph's, and the cell says so."""
    lesson = traced["003_062b1e8a1bc57c72"].lesson
    assert not lesson.seeded and traced["003_062b1e8a1bc57c72"].seed == 0
    differing = [c for c in lesson.cells if c.differs()]
    assert differing and all("randn" in c.source for c in differing)


def test_nodes_and_actions_remember_their_cell_and_line(traced):
    doc = traced["002_6260b20a9b8b3ca4"]
    lesson = doc.lesson
    by_label = {doc.node(n).label: n for n in doc.node_ids if doc.node(n).label}
    z_cell, z_line = lesson.origin(by_label["z"])
    assert lesson.cells[z_cell].source.split("\n")[z_line - 1] == "z = y * y * 3"
    assert lesson.origin(by_label["out"])[0] == z_cell
    (backward,) = [a for a in doc.timeline if a.kind == "backward"]
    cell, line = lesson.origin(backward.id)
    assert lesson.cells[cell].source.split("\n")[line - 1] == "out.backward()"
    assert backward.id in lesson.items_of(cell)
    assert lesson.items_of(z_cell).index(by_label["z"]) < \
        lesson.items_of(z_cell).index(by_label["out"])


def test_a_traced_notebook_saves_and_loads_with_its_lesson(traced, tmp_path):
    doc = traced["004_50bcd5f43ff40d79"]
    text = files.dumps(doc)
    again = files.loads(text)
    assert files.dumps(again) == text
    assert again.lesson == doc.lesson
    assert again.lesson.matches(again)


def test_an_edit_makes_the_lesson_stale_and_undoing_it_makes_it_current(traced):
    doc = files.loads(files.dumps(traced["002_6260b20a9b8b3ca4"]))
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    before = program_fingerprint(doc)
    doc.move_node(x, (500.0, 500.0)) if hasattr(doc, "move_node") else None
    assert program_fingerprint(doc) == before       # moving a card changes no output
    old = doc.set_watched(x, not doc.node(x).watched)
    assert not doc.lesson.matches(doc)
    doc.set_watched(x, old)
    assert doc.lesson.matches(doc)


def test_a_failing_cell_shows_its_error_and_the_next_cells_still_run():
    doc = trace_notebook(_code(
        "import torch\nx = torch.ones(2, requires_grad=True)\nout = (x * 3).sum()",
        "out.backward()",
        "out.backward()\nprint('not reached')",
        "print(x.grad)"), "fails.ipynb")
    cells = doc.lesson.cells
    assert cells[2].error.startswith("line 1: RuntimeError: Trying to backward through the "
                                     "graph a second time")
    assert "not reached" not in cells[2].output
    assert cells[2].output.startswith("RuntimeError: Trying to backward")
    assert cells[3].output == "tensor([3., 3.])\n" and cells[3].error is None
    # the rejected backward stays a timeline action with PyTorch's error
    # (print(x.grad) in the last cell: a say step)
    assert [a.kind for a in doc.timeline] == ["backward", "backward", "say"]
    outcome = run(doc).outcomes[1]
    assert outcome.error_type == "RuntimeError"
    assert doc.lesson.origin(doc.timeline[1].id) == (2, 1)


def test_a_cell_with_a_syntax_error_fails_alone():
    doc = trace_notebook(_code("import torch\nx = torch.ones(2, requires_grad=True)",
                               "y = (x +\n", "y = x * 2\nprint(y)"), "syntax.ipynb")
    assert "SyntaxError" in doc.lesson.cells[1].error
    assert doc.lesson.cells[2].output == "tensor([2., 2.], grad_fn=<MulBackward0>)\n"


def test_the_trailing_expression_is_displayed_unless_it_ends_with_a_semicolon():
    doc = trace_notebook(_code("import torch\nx = torch.ones(2, requires_grad=True)\nx",
                               "y = x + 1\ny;", "y.grad_fn", "(x * 2).sum().item()",
                               "'a#b';", "'é#'  # shown; a '#' in a string is not a comment",
                               "y ; # hidden"),
                         "display.ipynb")
    cells = doc.lesson.cells
    assert [c.output for c in cells[4:]] == ["", "'é#'\n", ""]
    assert cells[0].output == "tensor([1., 1.], requires_grad=True)\n"
    assert cells[1].output == ""
    assert re.fullmatch(r"<AddBackward0 at 0x[0-9a-f]+>\n", cells[2].output)
    assert cells[3].output == "4.0\n"
    # a displayed tensor is watched, as a printed one is
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    assert doc.node(x).watched


def test_magics_and_shell_lines_are_never_run(tmp_path):
    marker = tmp_path / "ran"
    doc = trace_notebook(_code(
        f"%matplotlib inline\nimport torch\n!touch {marker}\nfiles = !ls\ntorch.ones?\n"
        "x = torch.ones(2, requires_grad=True)\nif True:\n    %timeit y = x * 2",
        f"%%bash\ntouch {marker}\necho hi",
        "print(x)"), "magic.ipynb")
    assert not marker.exists()
    cells = doc.lesson.cells
    assert [n.split(":")[0] for n in cells[0].notes] == ["line 1", "line 3", "line 4",
                                                         "line 5", "line 8"]
    assert "an IPython magic was not run: %matplotlib inline" in cells[0].notes[0]
    assert "a shell command" in cells[0].notes[1]
    assert "a help query" in cells[0].notes[3]
    assert cells[1].notes == ("line 1: the cell magic %%bash was not run, nor the cell "
                              "under it",)
    assert cells[1].output == "" and cells[1].error is None
    assert cells[2].output == "tensor([1., 1.], requires_grad=True)\n"
    # the magic's own statement did not run either: no y
    assert [doc.node(n).label for n in doc.node_ids] == ["x"]


def test_time_runs_what_it_times_as_ipython_does():
    """``%time STATEMENT`` and a ``%%time`` cell run their code in the notebook's namespace
    (IPython does: what they assign is there for the next cells, a last expression is
    displayed); only the time IPython prints is not shown, as the cell's note says.
    ``%timeit`` (which runs its statement as often as it likes) still runs nothing."""
    doc = trace_notebook(_code(
        "import torch\nx = torch.ones(2, requires_grad=True)\nif True:\n"
        "    %time y = x * 2\n%timeit z = x * 3",
        "%%time\nloss = (y ** 2).sum()\nloss",
        "%time loss.backward()\nx.grad",
        "%time x.grad.sum()"), "timed.ipynb")
    cells = doc.lesson.cells
    assert [c.error for c in cells] == [None] * 4
    assert cells[0].notes == (
        "line 4: %time ran its statement, as IPython does; the time it took is not "
        "shown: %time y = x * 2", "line 5: an IPython magic was not run: %timeit z = x * 3")
    assert cells[1].notes == ("line 1: the cell magic %%time ran the cell, as IPython "
                              "does; the time it took is not shown",)
    assert cells[1].output == "tensor(8., grad_fn=<SumBackward0>)\n"
    assert cells[2].output == "tensor([8., 8.])\n"
    assert cells[3].output == "tensor(16.)\n"
    labels = [doc.node(n).label for n in doc.node_ids]
    assert {"x", "y", "loss"} <= set(labels) and "z" not in labels


def test_the_program_keeps_every_cell_on_its_own_lines():
    nb = read_notebook(_nb(("markdown", "# Title"), ("code", "a = 1\nb = 2\n"),
                           ("code", ""), ("code", "c = 3")))
    prog = program(nb)
    assert prog.text == "a = 1\nb = 2\nc = 3\n"
    assert prog.ranges() == [(1, 1, 2), (3, 3, 3)]
    assert prog.where(2) == (1, 2) and prog.where(3) == (3, 1) and prog.where(9) is None


def test_a_seeded_notebook_keeps_its_seed():
    doc = trace_notebook(_code("import torch\ntorch.manual_seed(3)\nw = torch.randn(2, "
                               "requires_grad=True)\nprint(w)"), "seeded.ipynb")
    assert doc.lesson.seeded and doc.seed == 3
    import gradstudio.engine as engine
    engine.manual_seed(3)
    assert doc.lesson.cells[0].output.startswith(
        str(engine.randn(2, requires_grad=True)).split(",")[0])


def test_a_part_that_cannot_be_drawn_names_the_cell_and_its_line():
    """Not refused (issue 32): drawn up to there, the note naming the cell and line."""
    doc = trace_notebook(_nb(("code", "import torch"), ("markdown", "text"),
                             ("code", "x = torch.ones(2, requires_grad=True)\n"
                                      "x.register_hook(lambda g: print(g.dtype))\n(x * 1).sum()"
                                      ".backward()")), "hook.ipynb")
    assert doc.trace_note.startswith("Not drawn: cell 3, line 2 ("), doc.trace_note
    assert "cannot be part of a hook" in doc.trace_note


@pytest.mark.parametrize("data, message", [
    (b"{not json", r"is not valid JSON \(line 1, column 2\)"),
    (b"\xff\xfe\x00", r"is not UTF-8 text"),
    (b"[1, 2]", r"is JSON but not a Jupyter notebook"),
    (json.dumps({"nbformat": 3, "nbformat_minor": 0, "worksheets": [], "metadata": {}})
     .encode(), r"a notebook in format 3; GradStudio reads format 4"),
    (json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                 "cells": [{"cell_type": "code", "source": 5}]}).encode(),
     r"is not a valid format 4 notebook"),
    (b"[" * 100000 + b"]" * 100000, r"nested more than 64 levels"),
    (b'{"nbformat": 4, "cells": [], "x": "' + b"a" * (33 * 1024 ** 2) + b'"}',
     r"larger than 32 MB"),
])
def test_bad_notebooks_get_one_message(data, message):
    with pytest.raises(TraceError, match=message):
        trace_notebook(data, "bad.ipynb")


def test_a_cell_that_never_finishes_is_stopped():
    with pytest.raises(TraceError, match=r"computed for more than 1 seconds of processor time"):
        trace_notebook(_code("import torch", "while True:\n    pass"), "endless.ipynb",
                       timeout=1)


def test_a_notebook_with_too_many_cells_is_refused():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("x") for _ in range(2001)]
    with pytest.raises(TraceError, match=r"has 2,001 cells"):
        trace_notebook(nbformat.writes(nb), "many.ipynb")


@pytest.mark.parametrize("edit, message", [
    (lambda L: L.update(surprise=1), r"lesson: unknown field 'surprise'"),
    (lambda L: L["cells"][0].update(kind="raw"), r"lesson.cells\[0\].kind: must be"),
    (lambda L: L["origins"].update(n999=[1, 1]), r"'n999' is no node or timeline action"),
    (lambda L: L["origins"].update({next(iter(L["origins"])): [1, 1]}),
     r"cell 1 is not a code cell"),
    (lambda L: L["origins"].update({next(iter(L["origins"])): [2, 999]}),
     r"line 999 is not a line of cell 2"),
    (lambda L: L["cells"][2].update(source="x" * (300 * 1024)), r"longer than 262,144"),
    (lambda L: L.update(fingerprint="abc"), r"lesson.fingerprint: must be a 64-digit"),
    (lambda L: L["cells"].extend([{"kind": "markdown", "source": ""}] * 2001),
     r"at most 2,000 are allowed"),
])
def test_a_hostile_lesson_in_a_file_gets_one_located_message(traced, edit, message):
    data = json.loads(files.dumps(traced["002_6260b20a9b8b3ca4"]))
    edit(data["lesson"])
    with pytest.raises(files.FileError, match=message):
        files.loads(json.dumps(data))


def test_big_outputs_are_cut_so_the_saved_graph_opens_again():
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("import torch\nx = torch.ones(2, requires_grad=True)\n"
                                     "for i in range(20000):\n    print('row', i)")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="y" * 300_000)]
    nb.cells = [cell, nbformat.v4.new_code_cell("print(x)")]
    doc = trace_notebook(nbformat.writes(nb), "big.ipynb")
    first = doc.lesson.cells[0]
    assert len(first.stored) <= 64 * 1024 and first.stored.endswith("more characters not kept)\n")
    assert first.output.startswith("row 0\nrow 1\n")
    assert doc.lesson.cells[1].output == "tensor([1., 1.], requires_grad=True)\n"
    assert files.dumps(files.loads(files.dumps(doc))) == files.dumps(doc)


@pytest.mark.parametrize("cells, message", [
    ([("code", "x = 1  # " + "y" * (300 * 1024))], r"cell 1 of big.ipynb holds 307,209 "
                                                   r"characters"),
    ([("markdown", "z" * (200 * 1024))] * 41, r"more than 8 MB of cell text"),
])
def test_cells_a_lesson_could_not_keep_are_refused(cells, message):
    with pytest.raises(TraceError, match=message):
        trace_notebook(_nb(*cells), "big.ipynb")


def test_a_hook_in_a_notebook_cell_is_read_from_that_cell():
    doc = trace_notebook(_nb(("code", "import torch"), ("markdown", "text"),
                             ("code", "x = torch.ones(2, requires_grad=True)\n"
                                      "x.register_hook(lambda g: g * 2)\n(x * 1).sum()"
                                      ".backward()\nprint(x.grad)")), "hook.ipynb")
    (hook,) = [n for n in doc.node_ids if doc.node(n).kind == "register_hook"]
    assert doc.node(hook).params["hook"] == "grad * 2"
    assert doc.lesson.cells[2].output == "tensor([2., 2.])\n"


def test_a_name_only_skipped_ipython_syntax_assigns_is_said_loudly():
    """A cell failing for a name that only a line GradStudio did not run assigns
    (``files = !ls``, a skipped cell magic's body) would run in Jupyter: the trace's note
    says so, naming where the name is assigned; a name nothing assigns is the notebook's
    own error and says nothing."""
    doc = trace_notebook(_code("import torch\nfiles = !ls\nx = torch.ones(2)", "len(files)",
                               "%%capture\ny = x * 2", "print(y)", "print(zz)"), "unrun.ipynb")
    assert [c.error for c in doc.lesson.cells][1:] == [
        "line 1: NameError: name 'files' is not defined", None,
        "line 1: NameError: name 'y' is not defined",
        "line 1: NameError: name 'zz' is not defined"]
    assert doc.trace_note == (
        "Cell 2, line 1 fails in GradStudio but would run under PyTorch (files is "
        "assigned in cell 1, line 2 by IPython syntax, which GradStudio does not run): "
        "the graph and its export leave out what that cell computes. 1 more cells fail "
        "the same way.")
    quiet = trace_notebook(_code("import torch\nfiles = !ls", "print(zz)"), "own.ipynb")
    assert quiet.trace_note is None
    assert quiet.lesson.cells[1].error == "line 1: NameError: name 'zz' is not defined"


def test_display_shows_each_value_as_a_trailing_expression_is_shown():
    """Jupyter's ``display`` (no import needed) shows each value as the cell's trailing
    expression is shown, None included; it failed with a NameError where Jupyter runs
    the cell."""
    doc = trace_notebook(_code("import torch\nx = torch.ones(2, requires_grad=True)\n"
                               "display(x)\ny = x * 2\ndisplay(y, [1, 2], None)\ny.sum()"),
                         "display_call.ipynb")
    (cell,) = doc.lesson.cells
    assert cell.error is None and doc.trace_note is None
    assert cell.output == ("tensor([1., 1.], requires_grad=True)\n"
                           "tensor([2., 2.], grad_fn=<MulBackward0>)\n[1, 2]\nNone\n"
                           "tensor(4., grad_fn=<SumBackward0>)\n")


def test_a_whole_model_saved_then_loaded_is_said_loudly():
    """``torch.save(model, f)`` of a class a cell defines pickles it as Jupyter's
    ``__main__`` does (it failed: the cells' globals were no module); loading it back is
    what the engine does not do, in its own words, which the trace's note says as a cell
    that would run under PyTorch."""
    doc = trace_notebook(_code(
        "import io\nimport torch\nclass Net(torch.nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.fc = torch.nn.Linear(2, 1)\n"
        "model = Net()\nbuf = io.BytesIO()\ntorch.save(model, buf)\nbuf.tell() > 0",
        "buf.seek(0)\nclone = torch.load(buf, weights_only=False)"), "whole_model.ipynb")
    first, second = doc.lesson.cells
    assert first.error is None and first.output == "True\n"
    assert second.error.startswith("line 2: UnpicklingError: GradStudio's engine loads only")
    assert doc.trace_note.startswith(
        "Cell 2, line 2 fails in GradStudio but would run under PyTorch (GradStudio's "
        "engine loads only tensors, state dicts and plain Python values from a checkpoint")
