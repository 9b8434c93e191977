"""The ``gradstudio`` command and notebooks: ``export -o NAME.ipynb`` writes a notebook
(a ``.py`` name still a script), ``trace NOTEBOOK.ipynb`` traces one into a graph with
the notebook as its lesson, and a bad notebook is one line on stderr and exit status 1,
as a bad script is."""
import json
from pathlib import Path

import nbformat
import pytest

from gradstudio.app import cli
from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.export import export_script
from gradstudio.document.files import load
from gradstudio.document.notebook_export import export_notebook

from cli_calls import call, one_line_error

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "document" / "fixtures" / "notebooks"
TUTORIAL = FIXTURES / "003_062b1e8a1bc57c72.ipynb"
TRAINING = EXAMPLES_DIR / "11_logistic_regression_sgd.gsg"



def notebook_bytes(*cells):
    nb = nbformat.v4.new_notebook()
    for kind, src in cells:
        nb.cells.append(nbformat.v4.new_code_cell(src) if kind == "code"
                        else nbformat.v4.new_markdown_cell(src))
    return nbformat.writes(nb).encode("utf-8")


def test_export_to_ipynb_writes_a_notebook(tmp_path, capsys):
    target = tmp_path / "lesson.ipynb"
    code, out, err = call(capsys, "export", TRAINING, "-o", target)
    assert code == 0 and out == "" and err == ""
    text = target.read_text(encoding="utf-8")
    assert text == export_notebook(load(TRAINING), title=TRAINING.stem)
    nb = nbformat.reads(text, as_version=4)
    nbformat.validate(nb)
    assert nb.cells[0].source.startswith("## Training: logistic regression")
    assert any(c.source.startswith("for epoch in range(100):") for c in nb.cells)


def test_export_to_other_names_is_still_a_script(tmp_path, capsys):
    for name in ("lesson.py", "lesson.txt", "ipynb"):
        code, _, err = call(capsys, "export", TRAINING, "-o", tmp_path / name)
        assert code == 0 and err == ""
        assert (tmp_path / name).read_text(encoding="utf-8") == \
            export_script(load(TRAINING)).text
    code, out, _ = call(capsys, "export", TRAINING)            # no -o: the script
    assert code == 0 and out == export_script(load(TRAINING)).text


def test_export_suffix_is_case_blind(tmp_path, capsys):
    target = tmp_path / "LESSON.IPYNB"
    assert call(capsys, "export", TRAINING, "-o", target)[0] == 0
    nbformat.validate(nbformat.reads(target.read_text(encoding="utf-8"), as_version=4))


def test_trace_a_notebook_saves_the_graph_with_its_lesson(tmp_path, capsys):
    notebook = tmp_path / "tutorial.ipynb"
    notebook.write_bytes(TUTORIAL.read_bytes())
    code, out, err = call(capsys, "trace", notebook)
    assert code == 0 and err == ""
    saved = tmp_path / "tutorial.gsg"
    doc = load(saved)
    assert out == (f"{saved}: traced {len(doc.node_ids)} nodes and {len(doc.timeline)} "
                   "timeline actions from tutorial.ipynb\n")
    assert doc.lesson.name == "tutorial.ipynb" and doc.lesson.matches(doc)
    original = nbformat.read(TUTORIAL, as_version=4)
    assert [c.source for c in doc.lesson.cells] == [c.source for c in original.cells]
    code, _, _ = call(capsys, "trace", notebook, "-o", tmp_path / "other.gsg")
    assert code == 0 and load(tmp_path / "other.gsg").node_ids == doc.node_ids


def test_trace_then_export_gives_the_notebook_back(tmp_path, capsys):
    notebook = tmp_path / "tutorial.ipynb"
    notebook.write_bytes(TUTORIAL.read_bytes())
    assert call(capsys, "trace", notebook)[0] == 0
    back = tmp_path / "back.ipynb"
    assert call(capsys, "export", tmp_path / "tutorial.gsg", "-o", back)[0] == 0
    cells = nbformat.read(back, as_version=4).cells
    original = nbformat.read(TUTORIAL, as_version=4).cells
    assert cells[0].source.startswith("import torch\ntorch.manual_seed(0);")   # unseeded
    assert [(c.cell_type, c.source) for c in cells[1:]] == \
        [(c.cell_type, c.source) for c in original]


def test_a_notebook_with_a_failing_cell_traces(tmp_path, capsys):
    notebook = tmp_path / "twice.ipynb"
    notebook.write_bytes(notebook_bytes(
        ("code", "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * x).sum()"),
        ("code", "y.backward()\ny.backward()"), ("code", "print(x.grad)")))
    assert call(capsys, "trace", notebook)[0] == 0
    assert call(capsys, "export", tmp_path / "twice.gsg", "-o", tmp_path / "out.ipynb")[0] == 0
    data = json.loads((tmp_path / "out.ipynb").read_text(encoding="utf-8"))
    errors = [o for c in data["cells"] for o in c["outputs"] if o["output_type"] == "error"]
    assert [e["ename"] for e in errors] == ["RuntimeError"]


@pytest.mark.parametrize("content, argv, needle", [
    (b"{not json", [], "bad.ipynb is not valid JSON (line 1, column 2), so it is not a "
                       "Jupyter notebook."),
    (b'{"nbformat": 3, "nbformat_minor": 0, "worksheets": []}', [],
     "bad.ipynb is a notebook in format 3; GradStudio reads format 4"),
    (b'{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": 7}', [],
     "bad.ipynb is not a valid format 4 notebook"),
    (b"\xff\xfe not text", [], "bad.ipynb is not UTF-8 text"),
    (b"[1, 2]", [], "bad.ipynb is JSON but not a Jupyter notebook"),
    (notebook_bytes(("code", "import torch\nx = torch.ones(2)"),
                    ("code", "while True:\n    pass")), ["--timeout", "1"],
     "bad.ipynb: The notebook computed for more than 1 seconds of processor time"),
    (notebook_bytes(("markdown", "# hi"), ("code", "import torch"),
                    ("code", "x = torch.ones(2)\nimport sys\nsys.exit(3)")), [],
     "bad.ipynb: The notebook stopped with exit status 3."),
])
def test_a_bad_notebook_is_one_line_and_status_1(tmp_path, monkeypatch, capsys, content,
                                                 argv, needle):
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.ipynb"
    bad.write_bytes(content)
    code, out, err = call(capsys, "trace", bad, *argv)
    assert code == 1 and out == ""
    line = one_line_error(err)
    assert needle in line
    assert line.startswith(f"gradstudio: {bad}")
    assert not (tmp_path / "bad.gsg").exists()


def test_a_missing_notebook_is_one_line(tmp_path, capsys):
    code, out, err = call(capsys, "trace", tmp_path / "nope.ipynb")
    assert code == 1 and out == ""
    assert "nope.ipynb: could not read the notebook (No such file or directory)." in \
        one_line_error(err)


def test_export_to_a_folder_named_ipynb_is_one_line(tmp_path, capsys):
    folder = tmp_path / "lesson.ipynb"
    folder.mkdir()
    code, out, err = call(capsys, "export", TRAINING, "-o", folder)
    assert code == 1 and out == ""
    assert "could not write the file" in one_line_error(err)


def test_help_names_scripts_and_notebooks(capsys):
    for command in ("trace", "export"):
        with pytest.raises(SystemExit):
            cli.main([command, "--help"])
        assert "NOTEBOOK.ipynb" in capsys.readouterr().out
    assert "notebook" in cli.__doc__ and "NOTEBOOK.ipynb" in cli.__doc__


def test_a_notebook_past_the_size_limit_is_one_line(tmp_path, capsys, monkeypatch):
    from gradstudio.document import notebook
    monkeypatch.setattr(notebook, "MAX_NOTEBOOK_BYTES", 1000)
    huge = tmp_path / "huge.ipynb"
    huge.write_bytes(b" " * 50_000)
    code, out, err = call(capsys, "trace", huge)
    assert code == 1 and out == ""
    assert f"{huge} is larger than" in one_line_error(err)
