"""``nn.Parameter(t)`` in a traced script: a leaf that requires grad, drawn as the node
that made ``t`` with its ``requires_grad`` set (as ``nn.Linear``'s weight is a leaf),
named after the variable or the module attribute holding it; ``nn.Embedding``'s weight
is a ``randn`` leaf drawn as PyTorch draws it, its calls ``embedding`` nodes (GitHub
issue 15).

Refused in one sentence: a parameter of a tensor the script already computed with, and
using the tensor a parameter was made from again (it shares the parameter's memory).
"""
from pathlib import Path

import pytest
from trace_jobs import check_refused, check_round_trip, traced_documents

from gradstudio.document import export, run

# the corpus's program of a module with parameters of its own
MODULE = (Path(__file__).resolve().parent / "corpus" / "parameter_manual_model.py").read_text()

TRAINED = """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    w = nn.Parameter(torch.randn(3))
    opt = torch.optim.SGD([w], lr=0.01)
    x = torch.tensor([1.0, 2.0, 3.0])
    for step in range(3):
        loss = ((w * x).sum() - 1.0) ** 2
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(loss)
    print(w.grad)
"""


EMBEDDED = """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(1)
    emb = nn.Embedding(6, 4)
    head = nn.Linear(4, 3)
    opt = torch.optim.SGD(list(emb.parameters()) + list(head.parameters()), lr=0.5)
    tokens = torch.tensor([[0, 5], [2, 2]])
    labels = torch.tensor([1, 0])
    for step in range(4):
        logits = head(emb(tokens).mean(dim=1))
        loss = F.cross_entropy(logits, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"{step}: loss={loss.item():.4f}")
    print(emb.weight.grad)
"""


# F.embedding with a padding row: the rows that read it give the table no gradient
PADDED = """
    import torch
    import torch.nn.functional as F
    torch.manual_seed(0)
    w = torch.randn(5, 3, requires_grad=True)
    ids = torch.tensor([[1, 0, 2], [0, 3, 4]])
    out = F.embedding(ids, w, padding_idx=0)
    (out * out).sum().backward()
    print(w.grad)
    opt = torch.optim.SGD([w], lr=0.1)
    for i in range(3):
        opt.zero_grad()
        loss = F.embedding(ids, w, padding_idx=-1).pow(2).mean()
        loss.backward()
        opt.step()
    print(w)
"""


@pytest.fixture(scope="module")
def traced():
    return traced_documents([MODULE, TRAINED, EMBEDDED, PADDED])


def _leaf(doc, label):
    nid = next(n for n in doc.node_ids if doc.node(n).label == label)
    return nid, doc.node(nid)


def test_a_module_parameter_is_a_leaf_named_after_its_attribute(traced):
    doc = traced[0]
    for label, value in (("w", [2.0]), ("b", [0.5])):
        nid, node = _leaf(doc, label)
        assert node.kind == "tensor"
        assert node.params["value"] == value and node.params["requires_grad"] is True
    code = export.export_script(doc).text
    assert "w = torch.tensor([2.0], requires_grad=True)" in code
    assert "b = torch.tensor([0.5], requires_grad=True)" in code
    assert "nn.Parameter" not in code
    result = run(doc)
    assert result.state(_leaf(doc, "w")[0]).grad.tolist() == pytest.approx([11.3333333])
    assert result.state(_leaf(doc, "b")[0]).grad.tolist() == pytest.approx([5.0])


def test_a_parameter_variable_trains_with_its_optimizer(traced):
    doc = traced[1]
    nid, node = _leaf(doc, "w")
    assert node.kind == "randn" and node.params["requires_grad"] is True
    assert any(a.kind == "loop" for a in doc.timeline)
    assert any(a.kind == "optimizer" and a.params["params"] == [nid] for a in doc.timeline)


def test_the_exports_print_under_torch_what_the_scripts_print(traced):
    check_round_trip(traced, (MODULE, TRAINED, EMBEDDED, PADDED))


def test_an_embedding_with_a_padding_row_is_drawn_with_it(traced):
    doc = traced[3]
    looks = [doc.node(n) for n in doc.node_ids if doc.node(n).kind == "embedding"]
    assert sorted(n.params["padding_idx"] for n in looks) == [0, 4]   # (-1: the last row)
    assert doc.trace_note is None, doc.trace_note                 # drawn whole
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    result = run(doc)
    (w,) = [n for n in doc.node_ids if doc.node(n).label == "w"]
    assert "padding_idx=0)" in export.export_script(doc).text
    assert result.state(w).grad is not None


def test_an_embedding_is_a_drawn_table_and_a_lookup_node(traced):
    doc = traced[2]
    nid, node = _leaf(doc, "weight")
    assert node.kind == "randn" and tuple(node.params["shape"]) == (6, 4)
    (look,) = [n for n in doc.node_ids if doc.node(n).kind == "embedding"]
    assert doc.source_of(look, "weight") == nid
    assert run(doc).state(look).grad_fn == "EmbeddingBackward0"
    assert "torch.nn.functional.embedding(tokens, weight)" in export.export_script(doc).text


@pytest.mark.parametrize("body, words, line", [
    ("t = torch.ones(2)\ny = t * 2\np = nn.Parameter(t)\n(p * y).sum().backward()",
     "nn.Parameter of a tensor the script already computes with", 6),
    ("t = torch.ones(2)\np = nn.Parameter(t)\n(p * 3).sum().backward()\nprint(t * 1)",
     "the tensor an nn.Parameter was made from is used again", 7),
    ("p = nn.Parameter()\nprint(p)", "nn.Parameter() without a tensor", 4),
    ("e = nn.Embedding(3, 2, _weight=torch.ones(3, 2))\nprint(e(torch.tensor([1])))",
     "an nn.Embedding made from a given weight", 4),
])
def test_what_a_parameter_cannot_be_is_refused_with_its_line(body, words, line):
    check_refused("import torch\nimport torch.nn as nn\n\n" + body + "\n", words, line)


SCALED = """
    import torch
    import torch.nn as nn

    torch.manual_seed(3)
    class Linear2(nn.Module):
        def __init__(self, n_in, n_out):
            super().__init__()
            self.w = nn.Parameter(torch.randn(n_in, n_out) * 0.1)
            self.b = nn.Parameter(torch.zeros(n_out))
        def forward(self, x):
            return x @ self.w + self.b

    model = Linear2(3, 1)
    X = torch.randn(6, 3)
    y = X.sum(1, keepdim=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for it in range(4):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(model.w.data.squeeze(), model.w.is_leaf, model.w.grad)
    frozen = nn.Parameter(torch.ones(2) / 4, requires_grad=False)
    print(frozen.requires_grad, frozen * 2)
"""


def test_a_parameter_of_a_tensor_computed_for_it_is_its_detach_made_a_leaf():
    # nn.Parameter(torch.randn(3, 1) * 0.1), a student's everyday initialisation, was
    # refused ("of a tensor the script already computes with"); it is the tensor's
    # detach() that requires grad, and trains as the script's
    (doc,) = traced_documents([SCALED])
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    kinds = [doc.node(n).kind for n in doc.node_ids]
    assert kinds[:4] == ["randn", "mul", "detach", "requires_grad_"], kinds
    assert kinds.count("requires_grad_") == 1      # (frozen: a detach only)
    code = export.export_script(doc).text
    assert ".detach()\n" in code and ".requires_grad_(True)\n" in code
    check_round_trip([doc], [SCALED])
