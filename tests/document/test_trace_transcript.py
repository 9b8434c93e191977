"""A traced program opens and its export prints what it printed (issue 32): every print
is a say step (tensors printed by the graph, other text recorded with its line), and a
part the graph cannot draw cuts the graph there, what the program printed after it
recorded. Torch is the oracle for the exports; the engine for what the document prints."""
import json

import pytest

from gradstudio.document import Document, run
from gradstudio.document.export import export_script, transcript
from gradstudio.document.files import dumps
from gradstudio.document.model import DocumentError
from gradstudio.document.reader import read
from gradstudio.document.trace import TraceError, trace

from script_runner import run_scripts, torch_available
from trace_jobs import dedent, outcomes

PROGRAMS = {
    "prints_of_every_kind": """
        import torch
        x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = (x * x).sum()
        print("y =", y, "shape", x.shape, x.dtype, sep=" | ")
        print(f"y is {y.item():.3f}", end="!\\n")
        y.backward()
        print(x.grad)
        print("grad_fn:", y.grad_fn.name(), [1, 2], {"a": 1.5})
        print()
        print(x.requires_grad, x.is_leaf, y.is_leaf)
    """,
    "training_loop_prints": """
        import torch
        torch.manual_seed(0)
        X = torch.randn(16, 2)
        y = X @ torch.tensor([[2.0], [-1.0]]) + 0.5
        w = torch.zeros(2, 1, requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        opt = torch.optim.SGD([w, b], lr=0.1)
        print("before", w)
        for step in range(12):
            opt.zero_grad()
            loss = ((X @ w + b - y) ** 2).mean()
            loss.backward()
            opt.step()
            if step % 4 == 0:
                print(f"step {step:2d}  loss {loss.item():.5f}")
        print("after", w.t(), b)
        print("final loss", loss)
    """,
    # a hook registered before a folded loop is registered with the forward pass: the
    # first backward's gradient would be clamped where the script's was not
    "check_cut": """
        import torch
        w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        x = torch.tensor([1.0, -2.0, 0.5])
        ((w * x).sum() ** 2).backward()
        print(w.grad)
        w.grad = None
        w.register_hook(lambda g: g.clamp(-0.5, 0.5))
        opt = torch.optim.SGD([w], lr=0.1)
        for step in range(30):
            opt.zero_grad()
            ((w * x).sum() ** 2).backward()
            opt.step()
        print(w.t())
    """,
    # (cut by the check until in-place arithmetic after a step was drawn in place: drawn
    # as a new tensor, its backward succeeded where the script's raised)
    "in_place_after_a_step": """
        import torch
        x = torch.tensor([0.5, 1.5], requires_grad=True)
        (x * 2).sum().backward()
        y = torch.exp(x)
        y.add_(1)
        try:
            y.sum().backward()
        except RuntimeError as err:
            print("saved:", str(err)[:40])
        w = x * 2
        print(w.t())
    """,
    "scheduler_cut": """
        import torch
        torch.manual_seed(1)
        w = torch.randn(3, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.5, momentum=0.9)
        print("start", w)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: 0.5 ** len(range(e // 2)))
        for epoch in range(6):
            opt.zero_grad()
            loss = (w ** 2).sum()
            loss.backward()
            opt.step()
            sched.step()
            print(epoch, sched.get_last_lr(), round(loss.item(), 5))
        print(w)
    """,
    "custom_function_cut": """
        import torch
        FACTOR = 2          # (read by backward: the graph cannot hold this Function)
        class Square(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                return x * x
            @staticmethod
            def backward(ctx, g):
                x, = ctx.saved_tensors
                return FACTOR * x * g
        a = torch.tensor([1.5, -2.0], requires_grad=True)
        b = a * 3
        print("b", b)
        out = Square.apply(b).sum()
        out.backward()
        print(out, a.grad)
    """,
    "prints_that_leave_the_line_open": """
        import torch
        t = torch.tensor([1.5, -2.0, 0.25])
        print("values:", end=" ")
        for v in t:
            print(f"{v.item():.2f}", end=" ")
        print()
        print("sum", t.sum(), end="; ")
        print("done")
    """,
    "nothing_drawable": """
        import torch
        def main():            # (one statement of the script: the part recorded)
            x = torch.ones(4, requires_grad=True)
            x.data.mul_(torch.tensor(3.0))   # (by a number it is drawn)
            print(x)
            (x ** 2).sum().backward()
            print(x.grad)
        main()
    """,
}


@pytest.fixture(scope="module")
def traced():
    names = list(PROGRAMS)
    return dict(zip(names, outcomes([PROGRAMS[n] for n in names])))


@pytest.fixture(scope="module")
def printed_by_engine():
    names = list(PROGRAMS)
    runs = run_scripts([dedent(PROGRAMS[n]) for n in names], "engine")
    return dict(zip(names, runs))


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_the_document_prints_what_the_program_printed(traced, printed_by_engine, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    out, error = printed_by_engine[name]
    assert error is None
    assert transcript(doc) == out


@pytest.mark.skipif(not torch_available(), reason="torch is the oracle")
def test_every_export_prints_under_torch_what_the_program_printed(traced):
    names = list(PROGRAMS)
    originals = run_scripts([dedent(PROGRAMS[n]) for n in names], "torch")
    exports = run_scripts([export_script(traced[n]).text for n in names], "torch")
    for name, (want, error), (got, export_error) in zip(names, originals, exports):
        assert error is None and export_error is None, (name, error, export_error)
        assert got == want, name


def test_tensors_are_printed_by_the_graph_and_other_text_is_recorded(traced):
    doc = traced["prints_of_every_kind"]
    says = [a for a in doc.timeline if a.kind == "say"]
    assert len(says) == 6
    first = says[0].params
    assert [list(p) for p in first["parts"]] == [["text"], ["tensor"], ["text"], ["text"],
                                                  ["text"]]
    assert first["sep"] == " | " and first["line"] == 4
    assert says[2].params["parts"] == [{"grad": 0}]      # print(x.grad): x's .grad, live
    script = export_script(doc).text
    assert "print(x.grad)" in script
    assert "print('y =', y, 'shape', 'torch.Size([3])', 'torch.float32', sep=' | ')" \
        "  # recorded (line 4)" in script
    assert doc.trace_note is None            # everything was drawn


def test_a_folded_loop_prints_what_each_iteration_printed(traced):
    doc = traced["training_loop_prints"]
    kinds = [a.kind for a in doc.timeline]
    assert "loop" in kinds           # (folded: one iteration drawn)
    inside = doc.timeline[kinds.index("loop") + 1:kinds.index("end_loop")]
    said = [a for a in inside if a.kind == "say"]
    assert len(said) == 1
    texts = said[0].params["parts"][0]["texts"]
    assert len(texts) == 12 and texts[1] == "" and texts[4].startswith("step  4  loss ")
    after = [a for a in doc.timeline[kinds.index("end_loop"):] if a.kind == "say"]
    assert [p for a in after for p in a.params["parts"] if "tensor" in p]   # the trained w


def test_a_part_that_cannot_be_drawn_cuts_the_graph_there(traced):
    doc = traced["scheduler_cut"]
    assert isinstance(doc, Document)
    assert len(doc.node_ids) >= 1                   # w and what came before the cut
    # (recorded parts: the scheduler, then the loop using it; drawn on after them, the
    # trained w a recorded value with the .grad the loop left it)
    assert doc.trace_note.startswith(
        "Not drawn: line 6 (torch.optim.lr_scheduler.LambdaLR's lr_lambda cannot be drawn"), \
        doc.trace_note
    recorded = [a for a in doc.timeline if a.kind == "say" and a.params["line"] == 13]
    assert recorded and all(a.params["tensors"] == [] for a in recorded)
    assert [p.get("text") for p in recorded[0].params["parts"]] == ["0", "[0.5]", "0.51244"]
    last = doc.timeline[-1]
    assert last.kind == "say" and last.params["line"] == 14 and last.params["tensors"]
    doc = traced["custom_function_cut"]
    assert "custom autograd.Function" in doc.trace_note
    assert any(a.kind == "say" and a.params["tensors"] for a in doc.timeline)  # print b


def test_a_check_that_fails_cuts_the_graph_where_it_starts_to_differ(traced):
    doc = traced["check_cut"]          # (recorded there, drawn on after it)
    assert doc.trace_note.startswith("Not drawn: line 4 (the graph would differ from the "
                                     "script from line 4"), doc.trace_note
    assert any(a.kind == "say" and a.params["tensors"] for a in doc.timeline)  # print(w.t())
    doc = traced["in_place_after_a_step"]
    assert doc.trace_note is None, doc.trace_note
    assert "saved: one of the variables needed for gr" in transcript(doc, run(doc))


def test_nothing_drawable_is_said_and_every_print_recorded(traced):
    doc = traced["nothing_drawable"]          # (drawn up to the part: its first line)
    assert doc.trace_note.startswith("Not drawn: line 8 from line 4 on (writing through "
                                     ".data"), doc.trace_note
    says = [a for a in doc.timeline if a.kind == "say"]
    assert len(says) == 2 and not any(a.params["tensors"] for a in says)


def test_a_missing_api_is_still_refused_naming_the_line_and_the_name():
    with pytest.raises(TraceError) as info:
        trace(dedent("""
            import torch
            x = torch.ones(2)
            y = torch.frobnicate(x)
            print(y)
        """))
    assert "line 3" in str(info.value) and "torch.frobnicate" in str(info.value)


def test_a_say_step_is_saved_and_read_back_and_a_bad_one_refused(traced):
    for name in ("prints_of_every_kind", "training_loop_prints", "scheduler_cut"):
        doc = traced[name]                 # (sep " | ", end "", recorded texts, loops)
        again = read(dumps(doc))
        assert transcript(again) == transcript(doc)
    doc = traced["prints_of_every_kind"]
    data = json.loads(dumps(doc))
    say = next(a for a in data["timeline"] if a["kind"] == "say")
    say["params"]["parts"] = [{"tensor": 0, "text": "both"}]
    with pytest.raises(DocumentError, match="must list what is printed"):
        read(json.dumps(data))


def test_editing_a_say_steps_sep_and_end_changes_what_it_prints():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0]}, label="x")
    say = doc.add_action("say", {"tensors": [x], "parts": [{"text": "x:"}, {"tensor": 0}]})
    assert transcript(doc) == "x: tensor([1., 2.])\n"
    doc.set_action_param(say, "sep", "=")
    doc.set_action_param(say, "end", "!\n")
    assert transcript(doc) == "x:=tensor([1., 2.])!\n"
    assert "print('x:', x, sep='=', end='!\\n')  # recorded" in export_script(doc).text


def test_a_loops_recorded_prints_follow_its_count_and_its_place_in_the_export_too():
    """A loop's recorded prints, one text per iteration: raising the loop's count prints
    nothing in the iterations not recorded (run and export alike: the export must not
    crash on them), and the step moved out of its loop prints its first iteration's."""
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0]}, label="x")
    loop = doc.add_action("loop", {"count": 2})
    say = doc.add_action("say", {"tensors": [], "parts": [{"texts": ["a\n", "b\n"]}],
                                 "sep": " ", "end": ""})
    doc.add_action("end_loop", {})
    doc.set_action_param(loop, "count", 3)
    assert transcript(doc) == "a\nb\n"
    code = export_script(doc).text
    moved = Document()
    moved.add_node("tensor", {"value": [1.0]}, label="x")
    moved.add_action("say", {"tensors": [], "parts": [{"texts": ["a\n", "b\n"]}],
                             "sep": " ", "end": ""})
    assert transcript(moved) == "a\n"
    codes = [code, export_script(moved).text]
    assert "epoch" not in codes[1]
    runs = run_scripts(codes, "engine") + (run_scripts(codes) if torch_available() else [])
    for (out, error), want in zip(runs, ["a\nb\n", "a\n"] * 2):
        assert error is None and out == want, (out, error)
    assert x and say
