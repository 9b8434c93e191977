"""``nan`` and ``inf`` in tensor literals draw, save, export and print as in PyTorch.

A literal holding ``float('nan')``, ``float('inf')`` or ``-inf`` is a graph like any
other: the trace draws it (its self-check compares NaN with NaN), the file keeps it, the
export spells it ``float('nan')`` and prints, under real torch, what the script printed.
"""
import math

import pytest
import script_runner

from gradstudio.document import Document, export, files, run
from gradstudio.document.trace import trace

SCRIPT = """import torch
x = torch.tensor([1.0, float('nan'), float('inf'), -float('inf')], requires_grad=True)
w = torch.tensor([[0.5, math_inf], [float('-inf'), 2.0]])
y = (x * 2).sum()
z = torch.clamp(x * 3, -10.0, 10.0)
y.backward()
print(x, y, z)
print(x.grad, w)
""".replace("math_inf", "float('inf')")


def _values(doc, label):
    nid = next(n for n in doc.node_ids if doc.node(n).label == label)
    return doc.node(nid).params["value"]


@pytest.fixture(scope="module")
def traced():
    return trace(SCRIPT, filename="special.py")


def test_a_literal_with_nan_and_inf_traces(traced):
    x = _values(traced, "x")
    assert x[0] == 1.0 and math.isnan(x[1]) and x[2] == math.inf and x[3] == -math.inf
    assert _values(traced, "w")[1][0] == -math.inf


def test_the_file_keeps_nan_and_inf_byte_for_byte(traced):
    text = files.dumps(traced)
    assert "NaN" in text and "-Infinity" in text
    assert files.dumps(files.loads(text)) == text


def test_the_export_spells_them_as_python_and_prints_what_the_script_printed(traced):
    code = export.export_script(traced).text
    assert "float('nan')" in code and "-float('inf')" in code
    got = run(traced)
    assert "nan" in export.transcript(traced, got)
    runs = [SCRIPT, code]
    engine = script_runner.run_scripts(runs, backend="engine")
    assert engine[0][1] is None and engine[1][1] is None
    # the document's run prints, line for line, what the exported script prints
    assert engine[1][0] == export.transcript(traced, got)
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    torch_runs = script_runner.run_scripts(runs, backend="torch")
    assert torch_runs[1][0] == engine[1][0]
    # and exactly what the script printed
    assert torch_runs[1][0] == torch_runs[0][0]


def test_a_literal_typed_with_nan_is_accepted_by_the_model():
    doc = Document()
    n = doc.add_node("tensor", {"value": [float("nan"), float("-inf"), 2.0]})
    assert math.isnan(doc.node(n).params["value"][0])
    assert run(doc).state(n, 0).text == "tensor([nan, -inf, 2.])"
