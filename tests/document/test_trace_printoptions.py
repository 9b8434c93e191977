"""``torch.set_printoptions`` is drawn as a timeline action (issue 32, item 2): the prints
after it are the graph's own tensors, printed as the options say, and the document and
its export print what the program printed; the options of one run never reach another
run, document or view. Torch is the oracle."""
import gradstudio.engine as torch
from gradstudio.document import Document, run
from gradstudio.document.export import export_script, transcript

from trace_jobs import check_exports, check_refused, check_round_trip, dedent, \
    traced_documents

PROGRAMS = {
    "precision_then_default": """
        import torch
        b = torch.tensor([0.5, 1.5, 2.5])
        c = b * 1.2345
        print(c)
        torch.set_printoptions(precision=2)
        print(b * 1.2345, c.sum())
        torch.set_printoptions(profile="default")
        print(torch.tensor([1e-8, 1.0, 1e8]))
    """,
    "every_setting": """
        import torch
        torch.manual_seed(0)
        w = torch.randn(40, requires_grad=True)
        y = (w * 1000.0).reshape(5, 8)
        torch.set_printoptions(threshold=20, edgeitems=2, linewidth=60)
        print(y)
        torch.set_printoptions(sci_mode=False, precision=3, linewidth=120)
        print(y * 1e-6)
        y.sum().backward()
        torch.set_printoptions(profile="short", sci_mode=True)
        print(w.grad[:4], y[0])
        torch.set_printoptions(profile="full")
        print(w.detach())
    """,
}


def _traced():
    return dict(zip(PROGRAMS, traced_documents(list(PROGRAMS.values()))))


TRACED = None


def traced():
    global TRACED
    if TRACED is None:
        TRACED = _traced()
    return TRACED


def test_each_is_drawn_whole_with_its_print_option_steps():
    docs = traced()
    for name, doc in docs.items():
        assert doc.trace_note is None, (name, doc.trace_note)
    steps = [a.params for a in docs["every_setting"].timeline if a.kind == "print_options"]
    assert [(p["precision"], p["threshold"], p["edgeitems"], p["linewidth"], p["sci_mode"],
             p["profile"]) for p in steps] == [
        (None, 20.0, 2.0, 60.0, "None", "none"), (3.0, None, None, 120.0, "False", "none"),
        (None, None, None, None, "True", "short"), (None, None, None, None, "None", "full")]
    # every print after a print_options step prints tensors of the graph, not text
    for doc in docs.values():
        for a in doc.timeline:
            if a.kind == "say":
                assert all("text" not in part for part in a.params["parts"]), a.params


def test_the_documents_and_their_exports_print_what_the_programs_printed():
    check_round_trip(list(traced().values()), list(PROGRAMS.values()))


def test_print_options_are_exported_as_the_same_call():
    script = export_script(traced()["every_setting"]).text
    assert "torch.set_printoptions(threshold=20, edgeitems=2, linewidth=60)\n" in script
    assert "torch.set_printoptions(precision=3, linewidth=120, sci_mode=False)\n" in script
    assert "torch.set_printoptions(profile='short', sci_mode=True)\n" in script
    assert "torch.set_printoptions(profile='full')\n" in script


def _studio_document():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.23456, 2e-5, 300.0], "requires_grad": True},
                     label="x")
    s = doc.add_node("sum", None, label="s")
    doc.connect(x, s, "self")
    doc.add_action("backward", {"target": s})
    options = doc.add_action("print_options", {"precision": 2.0, "sci_mode": "False"})
    doc.add_action("print", {"tensor": x})
    doc.add_action("print_options", {"profile": "default"})
    doc.add_action("print", {"tensor": x})
    return doc, x, options


def test_a_run_starts_from_the_defaults_and_leaves_the_process_options_as_they_were():
    doc, x, options = _studio_document()
    before = torch.get_printoptions()
    first = transcript(doc, run(doc))
    assert torch.get_printoptions() == before
    assert "tensor([  1.23,   0.00, 300.00], requires_grad=True)\n" in first
    torch.set_printoptions(precision=1, linewidth=30)    # the process's own, changed
    try:
        result = run(doc)
        assert transcript(doc, result) == first          # (not the process's options)
        assert torch.get_printoptions()["precision"] == 1
        assert result.state(x, 0).text == \
            "tensor([1.2346e+00, 2.0000e-05, 3.0000e+02], requires_grad=True)"
        assert result.state(x, 3).text == \
            "tensor([  1.23,   0.00, 300.00], requires_grad=True)"
        assert result.states([x], 3)[x].text == result.state(x, 3).text
    finally:
        torch.set_printoptions(profile="default")
    other = Document()
    y = other.add_node("tensor", {"value": [1.23456]}, label="y")
    assert run(other).state(y).text == "tensor([1.2346])"


def test_a_studio_document_exports_the_call_and_prints_what_its_run_shows():
    doc, x, options = _studio_document()
    script = export_script(doc).text
    assert "torch.set_printoptions(precision=2, sci_mode=False)\n" in script
    check_exports([doc])


def test_a_setting_torch_cannot_take_is_the_steps_error():
    doc, x, options = _studio_document()
    doc.set_action_param(options, "precision", 2.5)
    assert run(doc).action_error(options) == "'precision' must be a whole number of at " \
        "least 0."
    assert torch.get_printoptions()["precision"] == 4


def test_what_a_document_cannot_set_is_drawn_up_to_its_line():
    check_refused(dedent("""
        import torch
        w = torch.tensor([3.0, -4.0], requires_grad=True)
        print(w * 2)
        torch.set_printoptions(threshold=float("inf"))
        print(w * 3)
    """), "torch.set_printoptions(threshold=inf) cannot be drawn unless threshold is a "
       "plain, finite number", 4)
