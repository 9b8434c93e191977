"""Writes into a tensor in a traced script: ``x[0] = 5``, ``x[mask] = 0``, ``x[1:] += 1``,
``fill_``, ``zero_`` and ``copy_`` are nodes of the write kinds. Before the script's
first timeline action they write in place (the node is its input's tensor, exported as
the write itself: ``x[0] = 5``; see ``test_trace_writes_in_place``); after one, and for
``x[1:] += 1``, into a copy of their input (the node before the write keeps its values),
exported as ``x_2 = x.clone()`` and the write.

Before, every one of them was refused ("assigning into a tensor in place ... cannot be
drawn"). What would draw a different program is still refused in one sentence with its
line: a write into a tensor that requires grad after a backward (the copy would add a
CloneBackward0), into a .grad, through .data, or into a view the script does not write
back.
"""
import pytest
from trace_jobs import check_exports, check_round_trip, outcomes, traced_documents, drawn_up_to

from gradstudio.document import export, run
from gradstudio.document.trace import TraceError

WRITES = """
    import torch
    x = torch.zeros(4)
    x[0] = 5
    x[1:] += 1
    x[::2] *= 3
    print(x)
    m = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
    m[m < 0] = 0
    m[:, 1] = torch.tensor([7.0, 8.0])
    w = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y = (w * x).sum() + m.sum()
    y.backward()
    print(w.grad)
"""

FILLS = """
    import torch
    t = torch.ones(2, 3)
    t.fill_(0.5)
    buf = torch.zeros(3)
    src = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    buf.copy_(src * 10)
    print(buf)
    z = torch.arange(3.0)
    z.zero_()
    print(t)
    print(z)
    buf.sum().backward()
    print(src.grad)
"""


@pytest.fixture(scope="module")
def traced():
    return traced_documents([WRITES, FILLS])


def _kinds(doc):
    return [doc.node(n).kind for n in doc.node_ids]


def test_each_write_is_a_node_in_place_or_into_a_copy(traced):
    doc = traced[0]
    assert _kinds(doc).count("setitem") == 5
    result = run(doc)
    labels = {doc.node(n).label: n for n in doc.node_ids if doc.node(n).label}
    # x[0] = 5 writes into x itself (x's node shows it); x[1:] += 1 and x[::2] *= 3
    # write into copies, each node keeping its values
    assert [result.state(labels[k]).value.tolist() for k in ("x", "x_2", "x_3")] == [
        [5, 0, 0, 0], [5, 1, 1, 1], [15, 1, 3, 1]]
    in_place = [doc.node(n).params["key"] for n in doc.node_ids
                if doc.node(n).kind == "setitem" and doc.node(n).params["in_place"]]
    assert in_place == ["0", "i", ":, 1"]
    written = next(n for n in doc.node_ids if doc.node(n).kind == "setitem" and
                   doc.node(n).params["key"] == "i")
    assert doc.node(doc.source_of(written, "i")).kind == "lt"       # x[mask]: port i
    assert result.state(labels["w"]).grad.tolist() == [15, 1, 3, 1]
    code = export.export_script(doc, result).text
    assert "x = torch.zeros(4)\nx[0] = 5\n" in code
    assert "x_2 = x.clone()\nx_2[1:] = " in code


def test_fill_zero_and_copy_are_nodes_and_copy_carries_the_gradient(traced):
    doc = traced[1]
    kinds = _kinds(doc)
    assert {"fill_", "zero_", "copy_"} <= set(kinds)
    result = run(doc)
    copied = next(n for n in doc.node_ids if doc.node(n).kind == "copy_")
    assert result.state(copied).grad_fn == "CopyBackwards"
    src = next(n for n in doc.node_ids if doc.node(n).label == "src")
    assert result.state(src).grad.tolist() == [10.0, 10.0, 10.0]


def test_the_exports_print_under_torch_what_the_graph_prints(traced):
    check_round_trip(traced, (WRITES, FILLS))


@pytest.mark.parametrize("source, words, line", [
    ("""
     import torch
     w = torch.tensor([1.0, 2.0], requires_grad=True)
     (w * w).sum().backward()
     w.grad[0] = 0
     """, "assigning into a .grad", 4),
    ("""
     import torch
     w = torch.tensor([1.0, 2.0], requires_grad=True)
     w.data[0] = 5
     print(w)
     """, "assigning through .data", 3),
    ("""
     import torch
     x = torch.zeros(3)
     v = x[1:]
     v += 1
     print(x)
     """, "an in-place update of a view", 4),
    ("""
     import torch
     x = torch.zeros(2, 2)
     x[0][1] = 5
     """, "an in-place update of a view", 3),
    ("""
     import torch
     x = torch.zeros(3)
     x[1:].fill_(2.0)
     """, "an in-place update of a view", 3),
])
def test_a_write_that_would_draw_another_program_is_refused_with_its_line(source, words,
                                                                          line):
    (got,) = outcomes([source])
    drawn_up_to(got, words)


def test_a_write_into_a_tensor_a_backward_needs_fails_that_backward_as_pytorch_does():
    # after the first backward the write is a compute step that writes in place, as the
    # script does: the second backward fails in the graph too (the saved x was modified)
    (got,) = outcomes(["""
        import torch
        x = torch.ones(3)
        w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = (w * x).sum()
        y.backward(retain_graph=True)
        x[0] = 5
        try:
            y.backward()
        except RuntimeError:
            print("failed")
        print(x)
        """])
    assert not isinstance(got, Exception), got
    kinds = [a.kind for a in got.timeline]
    assert kinds == ["backward", "compute", "backward", "say", "say"], kinds
    result = run(got)
    assert result.outcomes[2].error.startswith(
        "RuntimeError: one of the variables needed for gradient computation has been "
        "modified by an inplace operation"), result.outcomes[2].error
    code = export.export_script(got, result).text
    assert "backward(retain_graph=True)\nx[0] = 5\n" in code and code.endswith("print(x)\n")
    check_exports([got])


def test_several_writes_into_one_tensor_after_a_backward_are_drawn_in_one_compute_step():
    # finite differences after a backward (corpus6): numeric[i] = ... for each i, with
    # nothing between the writes, is one compute step writing them all; the check
    # compares each write node with the tensor after that step, so the trace did not
    # draw the loop before (a write would be [-0.98, -1.75, 2.34] where the script had
    # [-0.98, 0, 0]), recording it instead
    (got,) = outcomes(["""
        import torch
        x = torch.randn(5, 3, dtype=torch.float64)
        w = torch.randn(3, dtype=torch.float64, requires_grad=True)
        f = lambda w: torch.tanh(x @ w).pow(2).sum()
        f(w).backward()
        numeric = torch.zeros(3, dtype=torch.float64)
        with torch.no_grad():
            for i in range(3):
                e = torch.zeros(3, dtype=torch.float64)
                e[i] = 1e-6
                numeric[i] = (f(w + e) - f(w - e)) / 2e-6
        print(numeric)
        s = numeric.sum()
        numeric[0] = 7.0
        print(s, numeric, (numeric - w.grad).abs().max() < 1e-6)
        """])
    assert not isinstance(got, Exception), got
    assert got.trace_note is None, got.trace_note
    assert all(got.node(n).recorded is None for n in got.node_ids)
    assert [a.kind for a in got.timeline] == ["backward", "compute", "say", "say"]
    writes = [n for n in got.node_ids if got.node(n).kind == "setitem"]
    assert len(writes) == 7 and all(got.node(n).params["in_place"] for n in writes)
    check_exports([got])


def test_detach_in_place_is_a_detach_node_and_a_backward_it_breaks_is_not_drawn():
    kept, broken = outcomes(["""
        import torch
        x = torch.tensor([2.0, 3.0], requires_grad=True)
        y = x ** 2
        z = x * 4
        z.detach_()
        (y * z).sum().backward()
        print(x.grad)
        """, """
        import torch
        x = torch.tensor([2.0, 3.0], requires_grad=True)
        z = x * 4
        w = z * z
        z.detach_()
        try:
            w.sum().backward()
        except RuntimeError:
            print("failed")
        """])
    assert not isinstance(kept, Exception), kept
    z = next(n for n in kept.node_ids if kept.node(n).label == "z_2")
    assert kept.node(z).kind == "detach"
    assert kept.node(kept.source_of(z, "self")).label == "z"
    x = next(n for n in kept.node_ids if kept.node(n).label == "x")
    assert run(kept).state(x).grad.tolist() == [32.0, 72.0]
    # PyTorch (and the engine) refuse w's backward: a graph whose detach node left z's
    # product intact would run it, so the trace's check refuses the program
    drawn_up_to(broken, "would differ")
