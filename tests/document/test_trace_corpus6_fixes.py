"""The causes the sixth corpus (``corpus6_programs.py``) found that have no other test
file: each on a program of its own, which opens drawn whole, and whose export prints
under real torch exactly what the program printed under torch."""
import re

import script_runner
from trace_jobs import check_exports, dedent, outcomes

from gradstudio.document import Document, export, run

ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

UNIQUE = """
    import torch
    torch.manual_seed(0)
    y = torch.tensor([2, 0, 1, 1, 2, 0])
    print("classes:", y.unique(), torch.unique(y, sorted=False))
    x = torch.tensor([1.5, float("nan"), -0.0, 0.0, 1.5, float("nan")])
    print(x.unique())
    w = torch.randn(5, requires_grad=True)
    r = torch.round(w * 2).unique()
    print(r, r.grad_fn.name())
    try:
        r.sum().backward()
    except RuntimeError as e:
        print("error:", e)
"""


def test_unique_is_a_node_of_its_own():
    # y.unique() (the classes of a label vector, a dropout mask's kept values) was the
    # internal _unique holding its values, which cut the graph: "the operation '_unique'
    # cannot be drawn yet"; it is computed from its input now, nans each distinct, its
    # backward failing as PyTorch's does
    (doc,) = outcomes([UNIQUE])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    uniques = [n for n in doc.node_ids if doc.node(n).kind == "unique"]
    assert len(uniques) == 4
    code = export.export_script(doc).text
    assert "y.unique()" in code
    result = run(doc)
    assert result.state(uniques[2]).value.tolist()[:2] == [-0.0, 1.5]
    check_exports([doc])
    ((original, error), (exported, error2)) = script_runner.run_scripts(
        [dedent(UNIQUE), code])
    assert error is None and error2 is None, (error, error2)
    assert ADDRESS.sub("", exported) == ADDRESS.sub("", original)
    assert "error: the derivative for '_unique2' is not implemented." in original
