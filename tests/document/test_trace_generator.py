"""A separate ``torch.Generator`` is drawn (issue 32, item 2): ``generator=g`` draws are
random sources whose settings name the generator and where it is seeded; the document
draws the numbers torch draws, and the export makes the generator and passes it. Torch
is the oracle."""
from gradstudio.document import Document, run
from gradstudio.document.export import export_script, transcript

from trace_jobs import check_exports, check_refused, check_round_trip, dedent, \
    traced_documents

PROGRAMS = {
    "two_generators_and_the_global_one": """
        import torch
        torch.manual_seed(1)
        g = torch.Generator().manual_seed(0)
        a = torch.randn(3, generator=g)
        b = torch.randn(2)
        perm = torch.randperm(6, generator=g)
        print(a, b, perm)
        w = torch.rand(3, requires_grad=True, generator=g)
        g.manual_seed(5)
        k = torch.randint(0, 10, (4,), generator=g)
        h = torch.Generator()
        z = torch.rand(2, generator=h)
        print(w, k, z)
        (w * a).sum().backward()
        print(w.grad)
    """,
    "shuffled_batches_in_a_loop": """
        import torch
        g = torch.Generator().manual_seed(3)
        X = torch.randn(8, 2, generator=g)
        w = torch.zeros(2, requires_grad=True)
        for epoch in range(3):
            perm = torch.randperm(8, generator=g)
            loss = ((X[perm[:4]] @ w - 1.0) ** 2).mean()
            loss.backward()
            with torch.no_grad():
                w -= 0.1 * w.grad
                w.grad.zero_()
            print(epoch, loss.item())
        print(w)
    """,
}

_TRACED = {}


def traced():
    if not _TRACED:
        _TRACED.update(zip(PROGRAMS, traced_documents(list(PROGRAMS.values()))))
    return _TRACED


def _generators(doc):
    return [(doc.node(n).kind, doc.node(n).params.get("generator"),
             doc.node(n).params.get("generator_seed"))
            for n in doc.node_ids if doc.node(n).kind in ("rand", "randn", "randperm",
                                                          "randint")]


def test_each_is_drawn_whole_its_draws_naming_their_generator():
    docs = traced()
    for name, doc in docs.items():
        assert doc.trace_note is None, (name, doc.trace_note)
    assert _generators(docs["two_generators_and_the_global_one"]) == [
        ("randn", 1, 0), ("randn", None, None), ("randperm", 1, None), ("rand", 1, None),
        ("randint", 1, 5), ("rand", 2, None)]
    assert docs["two_generators_and_the_global_one"].seed == 1
    loop = docs["shuffled_batches_in_a_loop"]
    assert _generators(loop) == [("randn", 1, 3), ("randperm", 1, None)]
    assert [a.kind for a in loop.timeline][:2] == ["loop", "compute"]   # drawn each time


def test_the_documents_and_their_exports_print_what_the_programs_printed():
    check_round_trip(list(traced().values()), list(PROGRAMS.values()))


def test_the_export_makes_each_generator_once_and_passes_it():
    script = export_script(traced()["two_generators_and_the_global_one"]).text
    assert "g = torch.Generator().manual_seed(0)\na = torch.randn(3, generator=g)\n" \
        "b = torch.randn(2)\nperm = torch.randperm(6, generator=g)\n" in script
    assert "g.manual_seed(5)\nk = torch.randint(0, 10, (4,), generator=g)\n" in script
    assert "g_2 = torch.Generator()\nz = torch.rand(2, generator=g_2)\n" in script


def _built():
    doc = Document()
    a = doc.add_node("randn", {"shape": [3], "generator": 1, "generator_seed": 7},
                     label="a", watched=True)
    b = doc.add_node("randn", {"shape": [3], "generator": 1}, label="b", watched=True)
    c = doc.add_node("randn", {"shape": [3]}, label="c", watched=True)
    return doc, a, b, c


def test_draws_from_one_generator_share_its_stream_and_leave_the_global_one_alone():
    doc, a, b, c = _built()
    result = run(doc)
    first, second = result.state(a).value, result.state(b).value
    assert first.tolist() != second.tolist()          # (b goes on where a stopped)
    again = run(doc)                                  # a run makes its generators afresh
    assert again.state(a).value.tolist() == first.tolist()
    assert again.state(b).value.tolist() == second.tolist()
    doc.set_param(a, "generator", None)               # a and c: the global stream
    doc.set_param(a, "generator_seed", None)
    plain = run(doc)
    assert plain.state(a).value.tolist() != first.tolist()
    assert plain.state(c).value.tolist() != plain.state(a).value.tolist()
    doc.set_param(a, "generator", 1)
    doc.set_param(a, "generator_seed", 7)
    doc.set_param(b, "generator_seed", 7)             # b seeded again: a's numbers
    reseeded = run(doc)
    assert reseeded.state(b).value.tolist() == reseeded.state(a).value.tolist()
    assert reseeded.state(c).value.tolist() == plain.state(a).value.tolist()
    assert "tensor(" in transcript(doc, reseeded)


def test_a_seed_without_a_generator_number_is_generator_1s():
    doc, a, b, c = _built()
    doc.set_param(c, "generator_seed", 7)                 # c: generator 1, seeded again
    result = run(doc)
    assert result.state(c).value.tolist() == result.state(a).value.tolist()
    assert "g.manual_seed(7)\nc = torch.randn(3, generator=g)\n" in export_script(doc).text


def test_a_studio_document_exports_its_generators_and_prints_what_its_run_shows():
    doc, a, b, c = _built()
    doc.set_param(c, "generator", 2)
    script = export_script(doc).text
    assert "g = torch.Generator().manual_seed(7)\n" in script
    assert "g_2 = torch.Generator()\nc = torch.randn(3, generator=g_2)\n" in script
    check_exports([doc])


def test_a_generator_changed_outside_the_graph_is_drawn_up_to_its_line():
    check_refused(dedent("""
        import torch
        g = torch.Generator().manual_seed(0)
        a = torch.randn(3, generator=g)
        state = g.get_state()
        b = torch.randn(3, generator=g)
        g.set_state(state)
        c = torch.randn(3, generator=g)
        print(a, b, c)
    """), "a draw from a torch.Generator whose state changed outside the graph's draws", 7)
