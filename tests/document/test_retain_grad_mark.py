"""retain_grad() is a mark on the tensor it retains: the canvas, the code and the run all
say ``out = z.mean()`` after ``z.retain_grad()``; on a tensor that does not require grad
the call is left out, so the program fails where it would fail without it. Old files
with retain_grad nodes open as marks, running exactly as before."""
import json
import pathlib

import numpy as np
import pytest

from gradstudio.document import Document, run
from gradstudio.document.examples import build
from gradstudio.document.export import export_script, transcript
from gradstudio.document.files import FORMAT_VERSION, dumps, load, loads
from gradstudio.document.trace import TraceError, trace

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
OLD_TUTORIAL = FIXTURES / "v2_tutorial_retain_grad_node.gsg"


def _v2(nodes, edges, regions=(), timeline=()):
    return json.dumps({"format_version": 2, "seed": 0, "nodes": nodes, "edges": edges,
                       "regions": list(regions), "timeline": list(timeline), "view": {}})


def _n(nid, kind, label=None, watched=False, **params):
    return {"id": nid, "kind": kind, "label": label, "params": params,
            "position": [0.0, 0.0], "watched": watched}


def _e(source, target, port="self"):
    return {"source": source, "target": target, "port": port}


# ----------------------------------------------------------------------------- files
def test_the_old_tutorial_opens_with_z_marked_and_the_same_gradients():
    doc = load(OLD_TUTORIAL)
    assert [n.kind for n in doc.nodes()] == ["ones", "add", "mul", "mul", "mean"]
    z = next(n for n in doc.nodes() if n.label == "z")
    assert z.retains_grad and z.watched
    assert doc.inputs_of("n6") == {"self": z.id}          # out = z.mean()
    assert doc.timeline[0].params["target"] == "n6"
    result = run(doc)
    np.testing.assert_allclose(result.state(z.id).grad, np.full((2, 2), 0.25))
    np.testing.assert_allclose(result.state("n1").grad, np.full((2, 2), 4.5))
    assert export_script(doc).text == export_script(build("01_autograd_tutorial")).text


def test_a_migrated_file_saves_as_the_current_version_and_round_trips():
    text = dumps(load(OLD_TUTORIAL))
    assert f'"format_version": {FORMAT_VERSION}' in text and '"retains_grad": true' in text
    assert dumps(loads(text)) == text


def test_chains_labels_watches_regions_and_timeline_references_move_to_the_origin():
    text = _v2([_n("x", "ones", "x", shape=[2], requires_grad=True),
                _n("y", "exp"),
                _n("r1", "retain_grad", "kept", watched=True),
                _n("r2", "retain_grad"),
                _n("s", "sum", "s"),
                _n("loose", "retain_grad", "loose"),
                _n("t", "sum", "t")],
               [_e("x", "y"), _e("y", "r1"), _e("r1", "r2"), _e("r2", "s"),
                _e("loose", "t")],
               regions=[{"id": "g1", "label": "no_grad", "nodes": ["r2"]},
                        {"id": "g2", "label": "no_grad", "nodes": ["t", "loose"]}],
               timeline=[{"id": "a1", "kind": "backward", "params": {"target": "s"}},
                         {"id": "a2", "kind": "grad",
                          "params": {"outputs": ["s"], "inputs": ["r2", "x", "loose"],
                                     "retain_graph": True}}])
    doc = loads(text)
    assert sorted(doc.node_ids) == ["s", "t", "x", "y"]
    y = doc.node("y")
    assert y.retains_grad and y.watched and y.label == "kept"
    assert doc.inputs_of("s") == {"self": "y"} and doc.inputs_of("t") == {}
    assert [r.id for r in doc.regions.values()] == ["g2"]   # g1 held only a retain_grad node
    assert doc.regions["g2"].nodes == {"t"}
    assert doc.timeline[1].params["inputs"] == ["y", "x", "loose"]   # (loose: not a node)
    result = run(doc)
    np.testing.assert_allclose(result.state("y").grad, np.ones(2))


def test_a_label_the_origin_has_already_is_kept():
    doc = loads(_v2([_n("x", "ones", "x", shape=[2], requires_grad=True),
                     _n("y", "exp", "y"), _n("r", "retain_grad", "alias")],
                    [_e("x", "y"), _e("y", "r")]))
    assert doc.node("y").label == "y" and doc.node("y").retains_grad


@pytest.mark.parametrize("mangle", [
    lambda d: d["edges"].append([1, 2]),
    lambda d: d["edges"].append({"source": ["x"], "target": "r", "port": "self"}),
    lambda d: d["edges"].append({"source": "r", "target": {"a": 1}, "port": "self"}),
    lambda d: d["regions"].append({"id": "g", "nodes": [["r"], "r"]}),
    lambda d: d["timeline"].append({"id": "a", "kind": ["backward"], "params": {}}),
    lambda d: d["timeline"].append({"id": "a", "kind": "backward",
                                    "params": {"target": [["r"]]}}),
    lambda d: d["nodes"].append(_n("r", "retain_grad")),           # a duplicate id
    lambda d: d.update(edges={"not": "a list"}),
])
def test_a_malformed_old_file_is_refused_in_words_not_crashed(mangle):
    data = json.loads(_v2([_n("x", "ones", "x", shape=[2], requires_grad=True),
                           _n("r", "retain_grad")], [_e("x", "r")]))
    mangle(data)
    try:
        loads(json.dumps(data))
    except ValueError as e:
        assert str(e).startswith("<string>: ")


# ----------------------------------------------------------------------------- run and code
def test_the_canvas_and_the_code_name_the_same_tensor():
    doc = build("01_autograd_tutorial")
    script = export_script(doc).text
    assert "z.retain_grad()\nout = z.mean()" in script
    assert "retain_grad_" not in script


def test_without_requires_grad_the_classic_error_comes_at_backward(tmp_path):
    doc = build("01_autograd_tutorial")
    x = next(n.id for n in doc.nodes() if n.label == "x")
    z = next(n.id for n in doc.nodes() if n.label == "z")
    doc.set_param(x, "requires_grad", False)
    result = run(doc)
    assert z in result.retain_left_out and not result.errors
    assert result.outcomes[0].error.startswith(
        "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn")
    script = export_script(doc).text
    assert "# z.retain_grad() is left out: z does not require grad" in script
    assert "\nz.retain_grad()" not in script


def test_a_mark_on_a_leaf_changes_nothing_as_in_pytorch():
    doc = Document()
    x = doc.add_node("ones", {"shape": (2,), "requires_grad": True}, label="x",
                     retains_grad=True)
    s = doc.add_node("sum")
    doc.connect(x, s, "self")
    doc.add_action("backward", {"target": s})
    result = run(doc)
    assert not result.state(x).retains_grad and result.state(x).is_leaf
    np.testing.assert_allclose(result.state(x).grad, np.ones(2))
    assert "x.retain_grad()" in export_script(doc).text


def test_a_mark_holds_in_every_iteration_of_a_loop():
    doc = build("09_linear_regression")
    loss = next(n.id for n in doc.nodes() if n.label == "loss")
    doc.set_retains_grad(loss, True)
    result = run(doc)
    assert result.state(loss).retains_grad
    np.testing.assert_allclose(result.state(loss).grad, 1.0)


def _torch_stdout(script):
    """What ``script`` prints under PyTorch (the session's one torch child)."""
    pytest.importorskip("torch")
    import script_runner
    ((out, error),) = script_runner.run_scripts([script], "torch")
    assert error is None, error
    return out


@pytest.mark.parametrize("requires_grad", [True, False])
@pytest.mark.parametrize("in_no_grad", [False, True])
def test_exported_marks_print_what_pytorch_prints(requires_grad, in_no_grad):
    doc = Document()
    x = doc.add_node("tensor", {"value": [0.5, -1.0, 2.0], "requires_grad": requires_grad},
                     label="x", watched=True)
    y = doc.add_node("sin", label="y", watched=True, retains_grad=True)
    doc.connect(x, y, "self")
    z = doc.add_node("mul", {"other": 3}, label="z", watched=True, retains_grad=True)
    doc.connect(y, z, "self")
    out = doc.add_node("sum", label="out", watched=True)
    doc.connect(z, out, "self")
    if in_no_grad:
        doc.add_region([y])
    doc.add_action("backward", {"target": out, "retain_graph": True})
    doc.add_action("backward", {"target": out})
    assert _torch_stdout(export_script(doc).text) == transcript(doc, run(doc))


# ----------------------------------------------------------------------------- trace
def test_a_traced_retain_grad_is_a_mark_and_traces_back_to_the_same_script():
    source = ("import torch\nx = torch.ones(2, 2, requires_grad=True)\ny = x + 2\n"
              "z = y * y * 3\nz.retain_grad()\nout = z.mean()\nout.backward()\n"
              "print(z.grad)\n")
    doc = trace(source)
    z = next(n for n in doc.nodes() if n.label == "z")
    assert z.retains_grad and [n.kind for n in doc.nodes()].count("retain_grad") == 0
    assert "z.retain_grad()\nout = z.mean()" in export_script(doc).text


def test_retain_grad_after_a_backward_is_refused_not_drawn_earlier():
    source = ("import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\n"
              "y.sum().backward(retain_graph=True)\ny.retain_grad()\n"
              "y.sum().backward()\nprint(y.grad)\n")
    doc = trace(source)          # (drawn up to it: issue 32)
    assert "after a backward pass" in doc.trace_note


def test_a_tensor_retained_in_every_iteration_of_a_traced_loop_ends_as_the_script_did():
    """The folded loop's z is the last iteration's z, its .grad that iteration's."""
    source = ("import torch\nw = torch.tensor([1.0, 2.0], requires_grad=True)\n"
              "for i in range(3):\n    z = w * 3\n    z.retain_grad()\n"
              "    loss = (z ** 2).sum()\n    loss.backward()\n    print(z.grad)\n"
              "    with torch.no_grad():\n        w -= 0.1 * w.grad\n    w.grad.zero_()\n")
    doc = trace(source)
    assert [a.kind for a in doc.timeline][:1] == ["loop"]
    z = next(n.id for n in doc.nodes() if n.label == "z")
    assert doc.node(z).retains_grad
    import gradstudio.engine as engine
    space = {"torch": engine}
    exec(source.replace("import torch\n", "print = lambda *a: None\n"), space)
    np.testing.assert_array_equal(run(doc).state(z).grad, space["z"].grad.numpy())
    assert not np.array_equal(space["z"].grad.numpy(), [6.0, 12.0])   # not the first's
