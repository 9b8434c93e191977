"""Nodes computed at a timeline step: a ``compute`` action computes the nodes it lists
(and what is built on them) when the run reaches it, from the tensors as they are then,
and the export writes them there. ``grad_of`` is ``x.grad`` as such a node."""
import numpy as np
import pytest
from trace_jobs import check_exports

from gradstudio.document import Document, export, files, run


def _lesson(compute=True):
    """x -> s = sigmoid(x) -> s.sum(); by_hand = s * (1 - s); x.grad - by_hand."""
    doc = Document()
    x = doc.add_node("tensor", {"value": [-2.0, 0.0, 1.5], "requires_grad": True}, label="x")
    s = doc.add_node("sigmoid", label="s")
    doc.connect(x, s, "self")
    total = doc.add_node("sum", label="total")
    doc.connect(s, total, "self")
    one_minus = doc.add_node("rsub", {"other": 1.0})
    doc.connect(s, one_minus, "self")
    by_hand = doc.add_node("mul", label="by_hand")
    doc.connect(s, by_hand, "self")
    doc.connect(one_minus, by_hand, "other")
    g = doc.add_node("grad_of", label="g")
    doc.connect(x, g, "self")
    diff = doc.add_node("sub", label="diff", watched=True)
    doc.connect(g, diff, "self")
    doc.connect(by_hand, diff, "other")
    doc.add_action("backward", {"target": total, "retain_graph": True})
    if compute:
        doc.add_action("compute", {"nodes": [g]})
    return doc, {"x": x, "s": s, "total": total, "by_hand": by_hand, "g": g, "diff": diff}


def test_a_grad_of_node_in_the_forward_pass_says_where_it_belongs():
    doc, n = _lesson(compute=False)
    result = run(doc)
    assert result.errors[n["g"]].startswith("Its .grad is None here: no backward has given")
    assert "a step after a backward (timeline: Add ▸ compute nodes here)" in result.errors[n["g"]]
    assert result.errors[n["diff"]] == "Not computed: its input 'g' has an error."


def test_the_compute_step_computes_its_nodes_and_what_is_built_on_them_there():
    doc, n = _lesson()
    result = run(doc)
    assert not result.errors
    for step in (0, 1):                   # the forward pass, the backward: not yet
        state = result.state(n["diff"], step)
        assert state.value is None and not state.ok
        assert state.error == "Not computed yet: this node is computed at step 2 (compute g)."
        assert result.states([n["diff"]], step)[n["diff"]].error == state.error
    after = result.state(n["diff"], 2)
    assert after.ok and after.grad_fn == "SubBackward0"
    assert after.value.tolist() == pytest.approx([0.0, 0.0, 0.0], abs=1e-7)
    assert result.state(n["g"], 2).value.tolist() == \
        pytest.approx(result.state(n["by_hand"], 2).value.tolist())
    assert result.state(n["by_hand"], 0).ok          # (forward nodes stay where they were)


def test_a_grad_of_value_is_copied_at_each_step_as_later_backward_passes_change_it():
    doc, n = _lesson()
    doc.add_action("backward", {"target": n["total"]})     # accumulates into x.grad
    result = run(doc)
    once = result.state(n["g"], 2).value
    twice = result.state(n["g"], 3).value
    assert twice.tolist() == pytest.approx([2 * v for v in once.tolist()])
    # diff was computed at step 2 and is a new tensor: the second backward leaves it
    assert result.state(n["diff"], 3).value.tolist() == result.state(n["diff"], 2).value.tolist()


def test_a_listed_node_whose_input_comes_later_is_not_computed_and_says_why():
    doc, n = _lesson()
    doc.add_action("compute", {"nodes": [n["diff"]]})
    doc.move_action(doc.timeline[2].id, 1)       # compute diff, then compute g
    result = run(doc)
    assert result.errors[n["diff"]] == (
        "Not computed: an input is computed at step 3, after this node's step 2; compute "
        "this node at a later step.")
    assert n["g"] not in result.errors


def test_a_forward_step_does_not_compute_a_late_node_again():
    doc, n = _lesson()
    doc.add_action("forward")
    result = run(doc)
    assert n["diff"] not in result.forward_nodes and n["g"] not in result.forward_nodes
    assert n["by_hand"] in result.forward_nodes


def test_a_compute_step_inside_a_loop_computes_its_nodes_every_iteration():
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="w")
    sq = doc.add_node("mul", label="sq")
    doc.connect(w, sq, "self")
    doc.connect(w, sq, "other")
    loss = doc.add_node("sum", label="loss")
    doc.connect(sq, loss, "self")
    g = doc.add_node("grad_of", label="g")
    doc.connect(w, g, "self")
    norm = doc.add_node("norm", label="gnorm", watched=True)
    doc.connect(g, norm, "self")
    loop = doc.add_action("loop", {"count": 3})
    doc.add_action("forward")
    doc.add_action("backward", {"target": loss})
    doc.add_action("compute", {"nodes": [g]})
    doc.add_action("update", {"tensors": [w], "lr": 0.25})
    doc.add_action("zero_grad", {"tensor": w})
    doc.add_action("end_loop")
    result = run(doc)
    assert not result.errors
    norms = result.histories[loop].scalar(norm)
    # |grad| = 2|w| and w halves each iteration: sqrt(20), sqrt(5), sqrt(5) / 2
    assert norms.tolist() == pytest.approx([20 ** 0.5, 5 ** 0.5, 5 ** 0.5 / 2], rel=1e-6)
    code = export.export_script(doc, result).text
    assert "    g = w.grad\n    gnorm = g.norm()\n" in code      # in the loop's body
    check_exports([doc])


def test_the_export_writes_the_nodes_at_their_step_and_prints_what_the_run_prints():
    doc, n = _lesson()
    doc.add_action("backward", {"target": n["total"]})
    code = export.export_script(doc).text
    lines = code.splitlines()
    assert lines.index("g = x.grad") > lines.index("total.backward(retain_graph=True)")
    assert lines.index("diff = g - by_hand") == lines.index("g = x.grad") + 1
    assert lines.index("print(diff)") == lines.index("diff = g - by_hand") + 1
    assert lines.index("total.backward()") > lines.index("print(diff)")
    check_exports([doc])


def test_a_compute_step_survives_saving_and_a_deleted_node_is_named_as_deleted():
    doc, n = _lesson()
    again = files.loads(files.dumps(doc))
    assert [a.kind for a in again.timeline] == ["backward", "compute"]
    assert again.timeline[1].params["nodes"] == [n["g"]]
    assert export.transcript(again) == export.transcript(doc)
    doc.remove_node(n["diff"])
    doc.remove_node(n["g"])
    assert export.action_text(doc, doc.timeline[1]) == f"compute <{n['g']} deleted>"
    result = run(doc)
    assert not result.errors and result.outcomes[1].error is None


def test_a_probe_through_a_grad_of_node_or_before_its_step_says_why_not():
    from gradstudio.document.probe import ProbeError, jacobian
    doc, n = _lesson()
    result = run(doc)
    with pytest.raises(ProbeError, match=r"^g is a \.grad on the way from x to diff: what a "
                                         r"backward left"):
        jacobian(doc, result, n["diff"], n["x"])
    with pytest.raises(ProbeError, match=r"^diff is not computed yet at this step: it is "
                                         r"computed at step 2 \(compute g\)\.$"):
        jacobian(doc, result, n["diff"], n["by_hand"], step=1)
    assert np.allclose(jacobian(doc, result, n["diff"], n["by_hand"]).matrix, -np.eye(3))


def test_a_file_listing_a_node_twice_or_a_missing_one_loads_and_runs():
    doc, n = _lesson()
    text = files.dumps(doc).replace(f'"nodes": ["{n["g"]}"]',
                                    f'"nodes": ["{n["g"]}", "{n["g"]}", "gone"]')
    assert '"gone"' in text
    again = files.loads(text)
    assert again.timeline[1].params["nodes"] == [n["g"], "gone"]
    assert export.action_text(again, again.timeline[1]) == "compute g, <gone deleted>"
    result = run(again)
    assert not result.errors and result.state(n["diff"]).ok


def test_a_step_using_a_node_computed_later_says_so():
    doc, n = _lesson()
    doc.add_action("backward", {"target": n["diff"], "gradient": None}, index=1)
    result = run(doc)
    assert result.outcomes[1].error == ("Its target 'diff' is computed later, at step 3 "
                                        "(compute g): move this step after that one.")
    assert result.outcomes[1].error_type is None


def test_a_loss_a_compute_step_of_its_loop_makes_is_the_loops_loss():
    """A batch drawn in each iteration makes the loss a compute step's node: the loop's
    history still knows it as its loss (the training panel's loss curve)."""
    doc = Document()
    doc.set_seed(0)
    data = doc.add_node("randn", {"shape": (10, 2)}, label="X")
    w = doc.add_node("zeros", {"shape": (2,), "requires_grad": True}, label="w")
    idx = doc.add_node("randint", {"low": 0, "high": 10, "shape": (4,)}, label="idx")
    batch = doc.add_node("index", {"key": "i"}, label="batch")
    doc.connect(data, batch, "self")
    doc.connect(idx, batch, "i")
    pred = doc.add_node("matmul", label="pred")
    doc.connect(batch, pred, "self")
    doc.connect(w, pred, "other")
    loss = doc.add_node("mean", label="loss")
    doc.connect(pred, loss, "self")
    loop = doc.add_action("loop", {"count": 5})
    doc.add_action("compute", {"nodes": [idx]})
    doc.add_action("backward", {"target": loss})
    doc.add_action("update", {"tensors": [w], "lr": 0.1})
    doc.add_action("zero_grad", {"tensor": w})
    doc.add_action("end_loop")
    result = run(doc)
    assert not result.errors
    history = result.histories[loop]
    assert history.losses == [loss]
    assert len(history.scalar(loss)) == 5 and len(set(history.scalar(loss).tolist())) == 5
    check_exports([doc])
