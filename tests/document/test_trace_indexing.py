"""GitHub issue 15: indexing with a tensor, a list or a mask draws.

``x[mask]``, ``x[:, [0, 2]]``, ``x[[1, 0, 1]]``, ``x[1, idx]``, ``logp[torch.arange(n),
target]`` and an index computed by the program (``x[x.argmax()]``) are one ``index`` node:
its key text names the tensors on its index ports ``i`` and ``j`` and holds lists as
written. The index tensor's own node feeds the port, so an edit upstream of the index
changes what is picked, exactly as PyTorch would (before, a 0-d tensor index was drawn
as the number it held at trace time: silently wrong after an edit).

Each program is traced, run, exported, and the export run under the engine and under
real torch: everything prints what the original script prints. Edited graphs are checked
against torch running their export. What still cannot be drawn is refused in one
sentence with its line.
"""
import pytest
import script_runner
from trace_jobs import dedent, outcomes

from gradstudio.document import Document, export, files, run
from gradstudio.document.index_text import format_index, parse_index
from gradstudio.document.model import DocumentError

READS = """
    import torch
    x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]], requires_grad=True)
    positive = x > 0
    kept = x[positive]
    cols = x[:, [0, 2]]
    rows = x[[1, 0, 1]]
    idx = torch.tensor([2, 0])
    picked = x[1, idx]
    flags = x[:, [True, False, True]]
    loss = (kept * 2).sum() + (cols * cols).sum() + rows.sum() + (picked * 3).sum() + flags.sum()
    print(x)
    print(kept)
    print(cols)
    print(rows)
    print(picked)
    print(flags)
    print(loss)
    loss.backward()
    print(x.grad)
"""

NLL_BY_HAND = """
    import torch
    torch.manual_seed(0)
    logits = torch.randn(4, 3, requires_grad=True)
    target = torch.tensor([0, 2, 1, 1])
    logp = logits.log_softmax(dim=1)
    loss = -logp[torch.arange(4), target].mean()
    print(logits)
    print(loss)
    loss.backward()
    print(logits.grad)
"""

COMPUTED_INDEX = """
    import torch
    x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
    best = x.argmax()
    top = x[best]
    order = x.argsort()
    ranked = x[order]
    big = x[x > 1.5]
    loss = top * 10 + (ranked * torch.tensor([1.0, 2.0, 3.0])).sum() + big.sum()
    print(x)
    print(top)
    print(ranked)
    print(big)
    print(loss)
    loss.backward()
    print(x.grad)
"""

SCRIPTS = [READS, NLL_BY_HAND, COMPUTED_INDEX]
IDS = ["reads", "nll_by_hand", "computed_index"]


@pytest.fixture(scope="module")
def traced():
    docs = outcomes(SCRIPTS)
    for d in docs:
        assert not isinstance(d, Exception), d
    return docs


def _nid(doc, label):
    return next(n for n in doc.node_ids if doc.node(n).label == label)


def _node(doc, label):
    return doc.node(_nid(doc, label))


# ----------------------------------------------------------------------------- what draws
def test_each_index_is_one_node_with_its_tensors_on_ports(traced):
    doc = traced[0]
    expected = {"kept": "i", "cols": ":, [0, 2]", "rows": "[1, 0, 1]", "picked": "1, i",
                "flags": ":, [True, False, True]"}
    for label, key in expected.items():
        node = _node(doc, label)
        assert (node.kind, node.params["key"]) == ("index", key), label
    assert doc.inputs_of(_nid(doc, "kept")) == {"self": _nid(doc, "x"),
                                                "i": _nid(doc, "positive")}
    assert doc.inputs_of(_nid(doc, "picked"))["i"] == _nid(doc, "idx")
    result = run(doc)
    assert not result.errors
    for label in expected:
        assert result.state(_nid(doc, label), 0).grad_fn == "IndexBackward0", label


def test_two_tensor_indices_fill_ports_i_and_j(traced):
    doc = traced[1]
    loss_pick = next(n for n in doc.node_ids if doc.node(n).kind == "index")
    assert doc.node(loss_pick).params["key"] == "i, j"
    ins = doc.inputs_of(loss_pick)
    assert doc.node(ins["i"]).kind == "arange" and ins["j"] == _nid(doc, "target")


def test_an_index_the_program_computed_follows_its_node_after_an_edit(traced):
    """x[x.argmax()] picks by the argmax node: editing x moves the pick, as under torch
    (the trace used to freeze the index at the number it held)."""
    doc = files.loads(files.dumps(traced[2]))
    assert _node(doc, "top").params["key"] == "i"
    assert doc.inputs_of(_nid(doc, "top"))["i"] == _nid(doc, "best")
    doc.set_param(_nid(doc, "x"), "value", [1.0, 2.0, 7.0])
    result = run(doc)
    assert result.state(_nid(doc, "top"), 0).text == "tensor(7., grad_fn=<SelectBackward0>)"
    transcript = export.transcript(doc, result)
    code = export.export_script(doc, result).text
    assert "top = x[best]" in code and "ranked = x[order]" in code
    assert script_runner.run_scripts([code], backend="engine")[0] == (transcript, None)
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    assert script_runner.run_scripts([code], backend="torch")[0] == (transcript, None)


# ----------------------------------------------------------------------------- round trip
@pytest.fixture(scope="module")
def round_trips(traced):
    """(original under torch, export under the engine, export under torch, transcript)."""
    codes = [export.export_script(d).text for d in traced]
    engine = script_runner.run_scripts(codes, backend="engine")
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    original = script_runner.run_scripts([dedent(s) for s in SCRIPTS], backend="torch")
    exported = script_runner.run_scripts(codes, backend="torch")
    return [(o, e, t, export.transcript(d, run(d)))
            for o, e, t, d in zip(original, engine, exported, traced)]


@pytest.mark.parametrize("k", range(len(SCRIPTS)), ids=IDS)
def test_script_graph_export_print_what_the_script_prints_under_torch(round_trips, k):
    original, engine, exported, transcript = round_trips[k]
    for out, error in (original, engine, exported):
        assert error is None, error
    assert "grad" in original[0]
    assert exported[0] == original[0]
    assert engine[0] == original[0]
    assert transcript == original[0]


# ----------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("source, line, message", [
    ("import torch\nx = torch.ones(2, 2, 2)\ni = torch.tensor([0, 1])\ny = x[i, i, i]\n", 4,
     "this indexing with a tensor cannot be drawn yet"),
    ("import torch\nx = torch.ones(3, 3)\ny = x[[torch.tensor(0), 1]]\n", 3,
     "this indexing with a tensor cannot be drawn yet"),
    ("import torch\nx = torch.ones(3)\ny = x[True]\n", 3, "this indexing cannot be drawn yet"),
    ("import torch\nx = torch.ones(3)\ny = x[[0, True]]\n", 3,
     "this indexing cannot be drawn yet"),
])
def test_what_still_cannot_be_drawn_is_said_with_its_line(source, line, message):
    """That line recorded, not refused (issue 32)."""
    [got] = outcomes([source])
    assert not isinstance(got, Exception), got
    assert got.trace_note.startswith(f"Not drawn: line {line} (") and message in \
        got.trace_note, got.trace_note


# ----------------------------------------------------------------------------- palette
def test_built_from_the_palette_a_mask_index_runs_and_exports_as_torch_prints():
    doc = Document()
    x = doc.add_node("tensor", {"value": [[1.0, -2.0], [3.0, -4.0]], "requires_grad": True},
                     label="x")
    mask = doc.add_node("gt", {"other": 0.0}, label="mask")
    doc.connect(x, mask, "self")
    kept = doc.add_node("index", {"key": "i"}, label="kept", watched=True)
    doc.connect(x, kept, "self")
    doc.connect(mask, kept, "i")
    rows = doc.add_node("tensor", {"value": [1, 0]}, label="rows")
    cols = doc.add_node("tensor", {"value": [0, 0]}, label="cols")
    grid = doc.add_node("index", {"key": "i, j"}, label="grid", watched=True)
    doc.connect(x, grid, "self")
    doc.connect(rows, grid, "i")
    doc.connect(cols, grid, "j")
    total = doc.add_node("add", {}, label="total", watched=True)
    for port, src in (("self", kept), ("other", grid)):
        s = doc.add_node("sum")
        doc.connect(src, s, "self")
        doc.connect(s, total, port)
    doc.add_action("backward", {"target": total})
    result = run(doc)
    assert not result.errors, result.errors
    assert result.state(kept, 0).text == "tensor([1., 3.], grad_fn=<IndexBackward0>)"
    assert result.state(grid, 0).text == "tensor([3., 1.], grad_fn=<IndexBackward0>)"
    code = export.export_script(doc, result).text
    assert "kept = x[mask]" in code and "grid = x[rows, cols]" in code
    transcript = export.transcript(doc, result)
    assert script_runner.run_scripts([code], backend="engine")[0] == (transcript, None)
    if script_runner.torch_available():
        assert script_runner.run_scripts([code], backend="torch")[0] == (transcript, None)


def test_a_port_the_key_does_not_match_is_a_node_error_in_plain_words():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0, 3.0]}, label="x")
    idx = doc.add_node("tensor", {"value": [0, 2]}, label="idx")
    named = doc.add_node("index", {"key": "..., i"}, label="named")
    doc.connect(x, named, "self")
    unused = doc.add_node("index", {"key": "0"}, label="unused")
    doc.connect(x, unused, "self")
    doc.connect(idx, unused, "j")
    errors = run(doc).errors
    assert errors[named] == "ValueError: the index uses i, but nothing is connected to port i"
    assert errors[unused] == ("ValueError: port j is connected but the index does not use it; "
                              "write j where it goes, for example j or :, j")
    doc.set_param(unused, "key", "j")
    doc.connect(idx, named, "i")
    errors = run(doc).errors
    assert named not in errors and unused not in errors


@pytest.mark.parametrize("text, says", [
    ("[0, 1.5]", "'[0, 1.5]' is not a list of whole numbers or of True/False"),
    ("[0, True]", "'[0, True]' mixes whole numbers and True/False"),
    ("k", "'k' is not a whole number, a slice, a list, None, ... or an index port (i or j)"),
    ("[0, 1", "a '[' is not closed"),
    ("i, i", "the index uses i twice"),
    ("", "the index is empty"),
])
def test_a_bad_key_is_refused_when_typed(text, says):
    doc = Document()
    node = doc.add_node("index", {"key": "0"})
    with pytest.raises(DocumentError) as info:
        doc.set_param(node, "key", text)
    assert says in str(info.value)
    assert doc.node(node).params["key"] == "0"


@pytest.mark.parametrize("text", ["0", "1:3", ":, i", "i, j", "[0, 2]", "[[0, 1], [1, 0]]",
                                  ":, [True, False]", "..., None", "::2, i"])
def test_key_text_round_trips(text):
    assert format_index(parse_index(text)) == text
