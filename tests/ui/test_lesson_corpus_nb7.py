"""A notebook of ``corpus_nb7`` opened as a user opens it, through File ▸ Open (issue 32,
item 5): the Lesson panel shows every cell, Markdown and code, and under each code cell
what that cell printed and displayed under real PyTorch, cell by cell; a cell that raises
on purpose shows PyTorch's error, in its output as Jupyter shows it and again in red, and
the cells after it show their own outputs."""
import json
import re
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from driving import main_window, menu_action

_DOCUMENT_TESTS = str(Path(__file__).resolve().parents[1] / "document")
if _DOCUMENT_TESTS not in sys.path:
    sys.path.insert(0, _DOCUMENT_TESTS)
import script_runner  # noqa: E402
from corpus_nb7 import NOTEBOOKS, notebook_bytes  # noqa: E402
from test_trace_corpus_nb7 import as_jupyter  # noqa: E402

NAME = "nb7_error_cell_then_fix"
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def torch_cells(cells):
    """What each code cell printed and displayed under PyTorch, and the error each
    raised (``{index: "Type: message"}``)."""
    ((out, error),) = script_runner.run_scripts([as_jupyter(cells, errors=True, marks=True)])
    assert error is None, error
    *outputs, last = out.split("\x1e\n")[1:]
    last, errors = last.rsplit("\n", 2)[0] + "\n", json.loads(last.splitlines()[-1])
    return outputs + [last if last != "\n" else ""], dict(errors)


def test_file_open_shows_each_cell_s_output_as_pytorch_printed_it(qtbot, tmp_path):
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    cells = NOTEBOOKS[NAME]
    path = tmp_path / f"{NAME}.ipynb"
    path.write_bytes(notebook_bytes(cells))
    outputs, errors = torch_cells(cells)
    assert set(errors) == {1, 4}          # (the two cells that raise on purpose)

    w = main_window(qtbot, tmp_path, (1500, 940))
    w.ask_open_path = lambda caption, flt: str(path)
    menu_action(w, "File", "Open…").trigger()
    qtbot.waitUntil(lambda: not w.files.task.running, timeout=60_000)
    QApplication.processEvents()
    assert w.errors == []
    qtbot.waitUntil(lambda: w.lesson_panel.isVisible())
    panel = w.lesson_panel
    assert [v.cell.kind for v in panel.cells] == \
        ["markdown" if c.startswith("#md") else "code" for c in cells]
    code = [v for v in panel.cells if v.cell.kind == "code"]
    assert len(code) == len(outputs)
    for i, (view, printed) in enumerate(zip(code, outputs)):
        shown = view.outputs["output"].toPlainText() if "output" in view.outputs else ""
        expected = printed + (errors[i] + "\n" if i in errors else "")
        assert ADDRESS.sub("0x?", shown) == ADDRESS.sub("0x?", expected.rstrip("\n")), i
        if i in errors:
            assert view.outputs["error"].toPlainText().endswith(errors[i])
        else:
            assert "error" not in view.outputs
    assert "fails in GradStudio" not in panel.title.text()
