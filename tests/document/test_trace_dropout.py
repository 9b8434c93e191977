"""Dropout while training (``F.dropout(x, p)``, an ``nn.Dropout`` in training mode) is a
``dropout`` node: its mask is drawn from the generator in the graph's order, which is
the script's, so the graph drops the same elements (GitHub issue 15). In eval mode it is
the tensor itself. Refused in one sentence: dropout in place, and dropout inside a
training loop's forward (the graph would draw one mask, the script one per iteration).
"""
import pytest
from trace_jobs import check_refused, check_round_trip, traced_documents

from gradstudio.document import Document, export, run

TWO_DRAWS = """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(3)
    x = torch.randn(3, 4, requires_grad=True)
    drop = nn.Dropout(p=0.25)
    h = drop(x.tanh())
    torch.manual_seed(7)
    out = F.dropout(h * 2, 0.5).sum()
    out.backward()
    print(h)
    print(x.grad)
    drop.eval()
    print(drop(h) is h)
"""


@pytest.fixture(scope="module")
def traced():
    return traced_documents([TWO_DRAWS])


def test_each_dropout_is_a_node_drawing_in_the_scripts_order(traced):
    doc = traced[0]
    drops = [doc.node(n) for n in doc.node_ids if doc.node(n).kind == "dropout"]
    assert [d.params["p"] for d in drops] == [0.25, 0.5]
    assert drops[1].params["manual_seed"] == 7           # torch.manual_seed(7) before it
    h = next(n for n in doc.node_ids if doc.node(n).label == "h")
    assert run(doc).state(h).grad_fn == "MulBackward0"
    code = export.export_script(doc).text
    assert "h = torch.nn.functional.dropout(tanh_n2, p=0.25)" in code
    assert "torch.manual_seed(7)\ndropout_n5 = torch.nn.functional.dropout(mul_n4, p=0.5)" \
        in code


def test_the_export_prints_under_torch_what_the_script_prints(traced):
    check_round_trip(traced, [TWO_DRAWS])        # (print(drop(h) is h): recorded text)


def test_a_dropout_node_built_by_hand_runs_as_torch_does():
    doc = Document()
    doc.seed = 0
    x = doc.add_node("ones", {"shape": (2, 4), "requires_grad": True}, label="x")
    y = doc.add_node("dropout", {"p": 0.5}, label="y")
    doc.connect(x, y, "self")
    result = run(doc)
    assert result.state(y).value.tolist() == [[0, 0, 2, 0], [0, 0, 2, 2]]   # torch's, seed 0
    doc.set_param(y, "p", 1.5)
    assert "dropout probability has to be between 0 and 1, but got 1.5" in run(doc).errors[y]


@pytest.mark.parametrize("body, words, line", [
    ("x = torch.ones(4, requires_grad=True) * 1\ny = F.dropout(x, 0.5, inplace=True)",
     "dropout(inplace=True) cannot be drawn yet", 5),
])
def test_what_dropout_cannot_be_is_refused_with_its_line(body, words, line):
    check_refused("import torch\nimport torch.nn.functional as F\n\n" + body +
                  "\ny.sum().backward()\n", words, line)
