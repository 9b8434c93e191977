"""Gradient hooks: ``y.register_hook(lambda g: g * 10)`` is a ``register_hook`` node on
y's tensor whose setting is the hook's text in ``grad`` (``grad * 10``); the run calls
it during backward, the export writes ``y.register_hook(lambda grad: grad * 10)``.

Before, every hook was refused. A hook the text cannot hold (one that prints, reads a
variable of the script, is a built-in, or is removed again) is still refused in one
sentence with its line. A hook typed in the inspector or read from a file is checked
the same way: text that is anything but arithmetic on ``grad`` is refused.
"""
import json

import pytest
from trace_jobs import check_round_trip, outcomes, traced_documents

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


@pytest.fixture(scope="module")
def traced():
    return traced_documents([SCALE, CLIP])


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
    check_round_trip(traced, (SCALE, CLIP))


@pytest.mark.parametrize("body, words", [
    ("y.register_hook(lambda g: print(g))", "a hook that prints"),
    ("y.register_hook(print)", "this hook (print)"),
    ("y.register_hook(lambda g: g * scale)", "not 'scale'"),
    ("y.register_hook(lambda g, s=2: g * s)", "other arguments than the gradient"),
    ("y.register_hook(lambda g: g.numpy())", "cannot call numpy"),
    ("handle = y.register_hook(lambda g: g * 2)\nhandle.remove()", "removing a hook"),
])
def test_a_hook_the_graph_cannot_hold_is_refused_with_its_line(body, words):
    source = "import torch\nscale = 3\nx = torch.ones(2, requires_grad=True)\ny = x * 2\n" + body + \
        "\ny.sum().backward()\n"
    (got,) = outcomes([source])
    assert isinstance(got, TraceError), got
    line = 6 if "remove" in body else 5
    assert words in str(got) and f"line {line}:" in str(got), str(got)


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
