"""Writes made in place: the write kinds' ``in_place`` param and how the tracer uses it.

A write node with ``in_place`` writes into its input tensor itself and is that tensor (as
``y[0] = 0`` is in PyTorch: ``y``'s grad_fn becomes ``CopySlices``, its version goes up,
a backward that saved it fails). The tracer draws a write in place before the script's
first timeline action, which lets it draw a write into a computed tensor that requires
grad, and a write into a tensor a backward saved (the backward then fails in the graph
as it did in the script). After an action a write still goes into a copy.
"""
from pathlib import Path

import pytest
from trace_jobs import check_exports, check_round_trip, outcomes, traced_documents, drawn_up_to

from gradstudio.document import Document, export, files, run
from gradstudio.document.catalogue import returns_input
from gradstudio.document.trace import TraceError

CORPUS = Path(__file__).resolve().parent / "corpus"

MASK_WRITE = """
    import torch
    x = torch.tensor([-1.0, 2.0, -3.0, 4.0], requires_grad=True)
    h = x * 3
    h[h < 0] = 0.0
    print(h)
    h.sum().backward()
    print(x.grad)
"""

FILL = """
    import torch
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * x
    z = y * 2
    y.fill_(3.0)
    print(z)
    print(y)
    (y + z).sum().backward()
    print(x.grad)
"""

COPY_INTO_SAVED = """
    import torch
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    z = y * y
    y.copy_(torch.tensor([5.0, 6.0]))
    print(y)
    print(z)
    try:
        z.sum().backward()
    except RuntimeError as e:
        print(f"{type(e).__name__}: {e}")
"""

# saved_tensor_modified.py, printing PyTorch's whole message
SAVED_MODIFIED = """
    import torch
    x = torch.ones(3)
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (w * x).sum()
    x[0] = 5.0
    try:
        y.backward()
    except RuntimeError as e:
        print(f"{type(e).__name__}: {e}")
    print(x)
"""

SOURCES = [(CORPUS / "write_into_computed.py").read_text(), SAVED_MODIFIED, MASK_WRITE, FILL,
           COPY_INTO_SAVED]


@pytest.fixture(scope="module")
def traced():
    return traced_documents(SOURCES)


def _writes(doc):
    return [n for n in doc.node_ids if doc.node(n).kind in ("setitem", "fill_", "copy_")]


def test_writes_before_the_first_action_are_drawn_in_place(traced):
    for doc in traced:
        assert _writes(doc)
        assert all(doc.node(n).params["in_place"] for n in _writes(doc))


def test_a_write_into_a_computed_tensor_is_copy_slices_and_its_grad_is_torchs(traced):
    doc = traced[0]
    result = run(doc)
    (write,) = _writes(doc)
    y = doc.source_of(write, "self")
    assert doc.node(y).label == "y"
    # one tensor: y's node shows the write too, with PyTorch's grad_fn
    for n in (y, write):
        assert result.state(n).value.tolist() == [0.0, 4.0, 6.0]
        assert result.state(n).grad_fn == "CopySlices"
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    after = [a.kind for a in doc.timeline].index("backward") + 1
    assert result.state(x, after).grad.tolist() == [0.0, 2.0, 2.0]
    code = export.export_script(doc, result).text
    assert "y = x * 2\ny[0] = 0.0\n" in code and "clone" not in code


def test_a_backward_through_a_tensor_written_after_it_was_saved_fails_as_in_pytorch(traced):
    for doc in (traced[1], traced[4]):
        result = run(doc)
        (outcome,) = [o for o, a in zip(result.outcomes, doc.timeline)
                      if a.kind == "backward"]
        assert outcome.error_type is not None
        assert outcome.error.startswith("RuntimeError: one of the variables needed for "
                                        "gradient computation has been modified by an "
                                        "inplace operation")


def test_the_exports_print_under_torch_what_the_graphs_print(traced):
    codes, texts, originals = check_round_trip(traced, SOURCES)
    # PyTorch's error, word for word, in the script's output and in the graph's
    for k in (1, 4):
        (error,) = [line for line in originals[k].splitlines()
                    if line.startswith("RuntimeError: ")]
        assert error in texts[k].splitlines()


def test_the_corpus_program_that_modifies_a_saved_tensor_traces():
    (doc,) = outcomes([(CORPUS / "saved_tensor_modified.py").read_text()])
    assert isinstance(doc, Document), doc
    (write,) = _writes(doc)
    assert doc.node(write).params["in_place"]


def test_after_an_action_a_write_is_a_compute_step_that_writes_in_place():
    """A write after a timeline action writes in place where the script did, by a
    compute step: the tensor keeps its values until then (the views show them), and one
    that requires grad gets PyTorch's CopySlices there, as the script's does."""
    copied, written = outcomes(["""
        import torch
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        (w * 2).sum().backward()
        x = torch.ones(2)
        x[0] = 5.0
        print(x)
        """, """
        import torch
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        y = w * 2
        y.sum().backward()
        y[0] = 0.0
        """])
    assert isinstance(copied, Document), copied
    (write,) = _writes(copied)
    assert copied.node(write).params["in_place"]
    assert [a.kind for a in copied.timeline] == ["backward", "compute", "say"]
    assert "x = torch.ones(2)\n" in export.export_script(copied).text
    assert "backward()\nx[0] = 5.0\nprint(x)\n" in export.export_script(copied).text
    x = copied.source_of(write, "self")
    result = run(copied)
    assert result.state(x, 1).value.tolist() == [1.0, 1.0]          # before its step
    assert result.state(x, 2).value.tolist() == [5.0, 1.0]
    assert isinstance(written, Document), written
    (write,) = _writes(written)
    y = written.source_of(write, "self")
    result = run(written)
    assert result.state(y, 1).grad_fn == "MulBackward0"
    assert result.state(y, 2).grad_fn == "CopySlices"
    check_exports([copied, written])


def test_a_view_of_a_tensor_written_in_place_is_still_refused_by_the_check():
    # v sees the write in the script and in the graph; the graph cannot show it changing
    (got,) = outcomes(["""
        import torch
        x = torch.zeros(4)
        v = x[1:]
        x[1] = 5.0
        print(v)
        """])
    drawn_up_to(got, "would differ")


# ----------------------------------------------------------------------------- documents
def _hand_built(label=None, in_place=True):
    """x (requires grad) -> y = x * 2 -> y[0] = 0 (-> sum, backward); r = y * 3 reads y
    before the write."""
    d = Document()
    x = d.add_node("tensor", {"value": [1.0, 2.0, 3.0], "requires_grad": True}, label="x",
                   watched=True)
    y = d.add_node("mul", {"other": 2.0}, label="y")
    d.connect(x, y, "self")
    r = d.add_node("mul", {"other": 3.0}, label="r", watched=True)
    d.connect(y, r, "self")
    w = d.add_node("setitem", {"key": "0", "value": 0.0, "in_place": in_place}, label=label,
                   watched=True)
    d.connect(y, w, "self")
    f = d.add_node("fill_", {"value": 1.0, "in_place": in_place})
    d.connect(r, f, "self")
    s = d.add_node("sum")
    d.connect(w, s, "self")
    d.add_action("backward", {"target": s})
    return d, {"x": x, "y": y, "r": r, "w": w, "f": f}


def test_a_document_with_an_in_place_write_runs_as_pytorch_does():
    d, n = _hand_built()
    result = run(d)
    assert returns_input(d.node(n["w"])) and d.same_tensor(n["w"]) == (n["y"], [n["w"]])
    for k in ("y", "w"):
        assert result.state(n[k]).value.tolist() == [0.0, 4.0, 6.0]
        assert result.state(n[k]).grad_fn == "CopySlices"
    # r read y before the write, and was then filled in place
    assert result.state(n["r"]).value.tolist() == [1.0, 1.0, 1.0]
    assert result.state(n["f"]).grad_fn == "FillBackward2"
    assert result.state(n["x"], 1).grad.tolist() == [0.0, 2.0, 2.0]
    # into a copy: y keeps its values
    d, n = _hand_built(in_place=False)
    result = run(d)
    assert result.state(n["y"]).value.tolist() == [2.0, 4.0, 6.0]
    assert result.state(n["w"]).grad_fn == "CopySlices"
    assert not returns_input(d.node(n["w"]))


def test_in_place_writes_export_under_their_input_name_or_their_label():
    d, n = _hand_built()
    code = export.export_script(d).text
    assert "y = x * 2.0\nr = y * 3.0\ny[0] = 0.0\nr.fill_(1.0)\nsum_n6 = y.sum()\n" in code
    assert "print(y)" in code and "clone" not in code
    d, n = _hand_built(label="z")
    code = export.export_script(d).text
    assert "z = y\nz[0] = 0.0\n" in code and "sum_n6 = z.sum()" in code
    assert "z = y[0]" not in code
    d, n = _hand_built(in_place=False)
    code = export.export_script(d).text
    assert "setitem_n4 = y.clone()\nsetitem_n4[0] = 0.0\n" in code


def test_hand_built_in_place_documents_print_under_torch_what_their_runs_print():
    check_exports([_hand_built()[0], _hand_built(label="z")[0], _hand_built(in_place=False)[0]])


def test_in_place_is_saved_and_an_older_file_without_it_writes_into_a_copy():
    d, n = _hand_built()
    text = files.dumps(d)
    assert '"in_place": true' in text
    loaded = files.loads(text)
    assert loaded.node(n["w"]).params["in_place"] is True
    assert files.dumps(loaded) == text
    old = text.replace('"in_place": true', '"in_place": false')
    for line in ('"in_place": false, ', ', "in_place": false'):
        old = old.replace(line, "")
    assert "in_place" not in old
    loaded = files.loads(old)
    assert loaded.node(n["w"]).params["in_place"] is False
    assert run(loaded).state(n["y"]).value.tolist() == [2.0, 4.0, 6.0]


WRITTEN_EACH_ITERATION = """
    import torch
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    for epoch in range(4):
        y = w * x
        y[0] = 0.0
        loss = (y ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(w)
    print(y)
"""


def test_a_loop_that_writes_into_its_tensors_folds_with_the_write_in_its_body():
    """Each iteration writes into the y it computed (which requires grad): one graph
    and a loop block whose body writes in place after the forward, every iteration;
    trained, it prints what the script prints."""
    (doc,) = traced_documents([WRITTEN_EACH_ITERATION])
    kinds = [a.kind for a in doc.timeline]
    assert kinds.count("loop") == 1 and doc.timeline[kinds.index("loop")].params["count"] == 4
    (write,) = _writes(doc)
    assert doc.node(write).params["in_place"]
    result = run(doc)
    assert result.state(write).grad_fn == "CopySlices"
    _, texts, originals = check_round_trip([doc], [WRITTEN_EACH_ITERATION])
    assert texts[0].split() == ["tensor([", "0.5000,", "-0.0016,", "0.8192],",
                                "requires_grad=True)", "tensor([", "0.0000,", "-0.0160,",
                                "-3.0720],", "grad_fn=<CopySlices>)"]


# ------------------------------------------------------------- arithmetic in place
SAVED_THEN_ADDED = """
    import torch
    x = torch.tensor([0.5, 1.5], requires_grad=True)
    y = torch.exp(x)
    y.add_(1)
    try:
        y.sum().backward()
    except RuntimeError as err:
        print("saved:", str(err)[:90])
    y = torch.exp(x)
    z = y.clone()
    z.mul_(2)
    z -= 0.5
    (y * z).sum().backward()
    print("grad:", x.grad, z)
"""


def test_arithmetic_in_place_on_a_saved_tensor_is_drawn_and_fails_as_in_pytorch():
    """``y.add_(1)`` on a tensor ``exp`` saved: drawn in place (``add`` with
    ``in_place``), so the graph's backward fails as the script's did (drawn as a new
    tensor it succeeded, and the self-check cut the part); the export writes
    ``y.add_(1)`` and prints under torch what the program printed. After the first
    timeline action (the failed backward) the updates of ``z`` are in place too, computed
    at their moment (``late``), as writes are there (new nodes before the seventh
    corpus, where a backward through a tensor updated after an action then succeeded
    where the script's failed)."""
    (doc,) = traced_documents([SAVED_THEN_ADDED])
    assert doc.trace_note is None, doc.trace_note
    in_place = [doc.node(n) for n in doc.node_ids if doc.node(n).params.get("in_place")]
    assert [n.kind for n in in_place] == ["add", "mul", "sub"]
    assert all(returns_input(n) for n in in_place)
    computed = {n for a in doc.timeline if a.kind == "compute" for n in a.params["nodes"]}
    assert in_place[0].id not in computed and in_place[1].id in computed    # (z -= 0.5 too)
    code, _, _ = check_round_trip([doc], [SAVED_THEN_ADDED])
    assert "y.add_(1)" in code[0] and "z.mul_(2)" in code[0]
    again = files.loads(files.dumps(doc))         # (saved only where set)
    assert [doc.node(n).params.get("in_place") for n in doc.node_ids] == \
        [again.node(n).params.get("in_place") for n in again.node_ids]
    assert files.dumps(doc).count('"in_place"') == 3
    backward = [o for a, o in zip(again.timeline, run(again).outcomes)
                if a.kind == "backward"]
    assert "modified by an inplace operation" in backward[0].error
    assert backward[1].error is None


def test_arithmetic_in_place_on_a_tensor_autograd_does_not_track_is_a_new_node():
    (doc,) = traced_documents(["""
        import torch
        t = torch.tensor([1.0, 2.0])
        t.add_(1)
        print(t)
    """])
    assert not any(doc.node(n).params.get("in_place") for n in doc.node_ids)
