"""Gradient hooks: ``y.register_hook(lambda g: g * 10)`` is a ``register_hook`` node on
y's tensor whose setting is the hook's text in ``grad`` (``grad * 10``); the run calls
it during backward, the export writes ``y.register_hook(lambda grad: grad * 10)``.

Before, every hook was refused. A hook that prints (``lambda g: print("g:", g)``) is a
``register_hook`` node too: its line goes where the script's print would, in the graph's
transcript and the exported script's output, once per backward that reaches it, in a
loop once per iteration. A hook the text cannot hold (one that reads a variable of the
script or is a built-in) is still refused in one sentence with its
line (removing one again, ``handle.remove()``, is a ``remove_hook`` step:
test_trace_hook_forms.py). A hook typed in the inspector or read from a file is checked the same way: text
that is anything but arithmetic on ``grad`` (or a print of it) is refused.
"""
import json

import pytest
from trace_jobs import check_round_trip, outcomes, traced_documents, drawn_up_to

from gradstudio.document import CATALOGUE, Document, DocumentError, export, run
from gradstudio.document.files import load, save
from gradstudio.document.params import check_param
from gradstudio.document.trace import TraceError
from gradstudio.hook_text import hook_function, parse_hook

SCALE = """
    import torch
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g * 10)
    loss = y.sum()
    loss.backward()
    print(x.grad)
"""

CLIP = """
    import torch


    def clip(gradient):
        \"\"\"keeps each gradient in [-1, 1]\"\"\"
        return gradient.clamp(-1.0, 1.0)


    w = torch.tensor([0.5, -3.0, 2.0], requires_grad=True)
    w.register_hook(clip)
    h = (w ** 2).sum()
    h.register_hook(
        lambda g:
            -g / 2)
    h.backward()
    print(w.grad)
"""


PRINTS = """
    import torch


    def show(g):
        print("twice:", g * 2, 3)


    x = torch.tensor([1.0, 2.0], requires_grad=True)
    x.register_hook(show)
    h = x.exp()
    h.register_hook(lambda grad: print("grad of h:", grad))
    loss = (h * h).sum()
    loss.backward(retain_graph=True)
    print(x.grad)
    loss.backward()
    print(x.grad)
"""

LOOP_PRINTS = """
    import torch
    torch.manual_seed(0)
    X = torch.randn(4, 1)
    Y = 3 * X + 1
    w = torch.zeros(1, requires_grad=True)
    w.register_hook(lambda g: print("w gets", g))
    for step in range(3):
        loss = ((X * w - Y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= 0.1 * w.grad
            w.grad.zero_()
    print(w)
"""


@pytest.fixture(scope="module")
def traced():
    return traced_documents([SCALE, CLIP, PRINTS, LOOP_PRINTS])


def _hooks(doc):
    return [n for n in doc.node_ids if doc.node(n).kind == "register_hook"]


def test_a_hook_is_a_node_on_its_tensor_holding_the_hooks_text(traced):
    doc = traced[0]
    (h,) = _hooks(doc)
    assert doc.node(h).params["hook"] == "grad * 10"
    assert doc.node(doc.source_of(h, "self")).label == "y"
    loss = next(n for n in doc.node_ids if doc.node(n).label == "loss")
    assert doc.source_of(loss, "self") == h           # what y's consumers read after it
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    assert run(doc).state(x).grad.tolist() == [20.0, 20.0, 20.0]
    assert "y.register_hook(lambda grad: grad * 10)" in export.export_script(doc).text


def test_a_def_and_a_lambda_over_lines_are_read_with_their_parameter_renamed(traced):
    doc = traced[1]
    texts = sorted(doc.node(h).params["hook"] for h in _hooks(doc))
    assert texts == ["-grad / 2", "grad.clamp(-1.0, 1.0)"]
    w = next(n for n in doc.node_ids if doc.node(n).label == "w")
    assert run(doc).state(w).grad.tolist() == [-0.5, 1.0, -1.0]


def test_the_exports_print_under_torch_what_the_scripts_print(traced):
    check_round_trip(traced, (SCALE, CLIP, PRINTS, LOOP_PRINTS))


def test_a_printing_hook_prints_where_the_script_did(traced):
    doc = traced[2]
    assert sorted(doc.node(h).params["hook"] for h in _hooks(doc)) == [
        "print('grad of h:', grad)", "print('twice:', grad * 2, 3)"]
    result = run(doc)
    first, second = (o.printed for a, o in zip(doc.timeline, result.outcomes)
                     if o.printed and a.kind != "say")
    assert first == second == ("grad of h: tensor([ 5.4366, 14.7781])",
                               "twice: tensor([ 29.5562, 218.3926]) 3")
    text = export.transcript(doc, result)
    assert text.index("grad of h:") < text.index("twice:")
    code = export.export_script(doc).text
    assert "h.register_hook(lambda grad: print('grad of h:', grad))" in code
    assert "x.register_hook(lambda grad: print('twice:', grad * 2, 3))" in code


def test_a_printing_hook_registered_after_a_backward_is_registered_at_that_step():
    """A hook registered after a backward pass went through its tensor is registered by
    a compute step after that backward (not with the forward pass, where the first
    backward would print a line the script's did not): drawn whole, and the export
    registers it between the two backward calls and prints what the script printed."""
    source = PRINTS.replace("    x.register_hook(show)\n", "").replace(
        "    print(x.grad)\n    loss.backward()", "    x.register_hook(show)\n    loss.backward()")
    (doc,) = traced_documents([source])
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    kinds = [a.kind for a in doc.timeline]
    assert kinds.index("compute") == kinds.index("backward") + 1
    code = export.export_script(doc).text
    lines = code.splitlines()
    hook = lines.index("x.register_hook(lambda grad: print('twice:', grad * 2, 3))")
    backwards = [k for k, line in enumerate(lines) if line.endswith(".backward()") or
                 ".backward(retain_graph=True)" in line]
    assert backwards[0] < hook < backwards[1], code
    check_round_trip([doc], [source])


def test_a_printing_hook_in_a_loop_prints_every_iteration(traced):
    doc = traced[3]
    assert any(a.kind == "loop" for a in doc.timeline)
    lines = export.transcript(doc, run(doc)).splitlines()
    assert [line.split(" tensor")[0] for line in lines if line.startswith("w gets")] == \
        ["w gets"] * 3


def test_a_printing_hook_built_by_hand_prints_into_the_run_only():
    """Its line goes to the run's outcome, never to the app's own output; a loop that
    fails keeps what its iterations printed before the error; the export prints, under
    the engine and under torch, exactly the run's transcript."""
    import contextlib
    import io

    import script_runner
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    h = doc.add_node("register_hook", {"hook": "print('g', grad.abs())"})
    doc.connect(x, h, "self")
    sq = doc.add_node("mul")
    doc.connect(h, sq, "self")
    doc.connect(h, sq, "other")
    y = doc.add_node("sum")
    doc.connect(sq, y, "self")
    doc.add_action("loop", {"count": 3})
    doc.add_action("backward", {"target": y})
    doc.add_action("end_loop", {})
    seen = io.StringIO()
    with contextlib.redirect_stdout(seen):
        result = run(doc)
    assert seen.getvalue() == ""
    lines = export.transcript(doc, result).splitlines()
    assert lines[0] == "g tensor([2., 4.])"           # the first iteration's backward
    assert lines[1].startswith("RuntimeError: Trying to backward through the graph a "
                               "second time"), lines       # the second's, before the hook
    code = export.export_script(doc).text
    backends = ["engine"] + (["torch"] if script_runner.torch_available() else [])
    for backend in backends:
        ((out, error),) = script_runner.run_scripts([code], backend=backend)
        assert error is None and out.splitlines() == lines, (backend, out)


@pytest.mark.parametrize("text", ["print(grad, sep='')", "print(x)", "print(open('f'))",
                                  "print(grad).x", "grad * print(grad)",
                                  "print(f'{grad!r}')", "print(f'{grad:{3}}')",
                                  "print(grad.dtype)", "print(grad.item(1))",
                                  "print(f'{x.shape}')"])
def test_a_printing_hook_prints_strings_numbers_and_gradients_only(text):
    with pytest.raises(ValueError):
        parse_hook(text)


@pytest.mark.parametrize("body, words", [
    ("y.register_hook(lambda g: print(g.dtype))", "cannot be part of a hook"),
    ("y.register_hook(print)", "this hook (print)"),
    ("y.register_hook(lambda g: g * scale)", "not 'scale'"),
    ("y.register_hook(lambda g, s=2: g * s)", "other arguments than the gradient"),
    ("y.register_hook(lambda g: g.numpy())", "cannot call numpy"),
])
def test_a_hook_the_graph_cannot_hold_is_refused_with_its_line(body, words):
    source = "import torch\nscale = 3\nx = torch.ones(2, requires_grad=True)\ny = x * 2\n" + body + \
        "\ny.sum().backward()\n"
    (got,) = outcomes([source])
    if "numpy" in body:        # (the hook runs after the cut: the engine's own error)
        assert "TypeError" in str(got), got
    else:
        drawn_up_to(got, words)


@pytest.mark.parametrize("text", ["__import__('os').system('true')", "grad.__class__",
                                  "open('f')", "grad.numpy()", "[grad]", "x * 2",
                                  "lambda: 1", "grad * 'a'", "g" * 600])
def test_hook_text_is_arithmetic_on_grad_and_nothing_else(text):
    with pytest.raises(ValueError):
        parse_hook(text)
    with pytest.raises(DocumentError):
        check_param(CATALOGUE["register_hook"], "hook", text)


def test_hook_text_is_evaluated_without_eval():
    import gradstudio.engine as torch
    g = torch.tensor([-2.0, 0.5])
    assert hook_function("grad.clamp(min=-1, max=1) * 2 + 1")(g).tolist() == [-1.0, 2.0]
    with pytest.raises(OverflowError):           # (not a number with 10**10 digits)
        hook_function("10 ** 10 ** 10")(g)


def test_a_file_with_a_hostile_hook_is_refused_whole(tmp_path):
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    h = doc.add_node("register_hook", {"hook": "grad * 3"})
    doc.connect(x, h, "self")
    path = tmp_path / "hook.gsg"
    save(doc, path)
    assert load(path).node(h).params["hook"] == "grad * 3"
    data = json.loads(path.read_text())
    node = next(n for n in data["nodes"] if n["kind"] == "register_hook")
    node["params"]["hook"] = "__import__('os').system('touch /tmp/pwned')"
    path.write_text(json.dumps(data))
    with pytest.raises(DocumentError, match="Hook of register_hook"):
        load(path)


def test_built_by_hand_a_hook_on_a_tensor_without_grad_fails_with_torchs_error():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0]}, label="x")
    h = doc.add_node("register_hook", {"hook": "grad * 3"})
    doc.connect(x, h, "self")
    assert "doesn't require gradient" in run(doc).errors[h]
