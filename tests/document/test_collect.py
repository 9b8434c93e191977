"""The ``collect`` and ``collected`` kinds (issue 32): a training loop keeping a value of
each iteration (``losses.append(loss.item())``) and the list as a tensor after it
(``torch.tensor(losses)``), built with the document's API as the palette builds them.
Each runs as its export spells it (the export, run under torch, prints what the run
shows), survives a save and load unchanged, and says in words what it cannot do."""
import pytest
import script_runner
from line_fit import line_fit

from gradstudio.document import export, run
from gradstudio.document.catalogue_collect import collected_summary, summary
from gradstudio.document.files import dumps, loads
from gradstudio.document.training import add_train_loop


def _regression():
    doc, n = line_fit([[0.0], [1.0], [2.0], [3.0]], [[1.0], [3.1], [4.9], [7.2]])
    return doc, n["w"], n["b"], n["loss"]


def collecting_doc(form="item", make="tensor", count=6):
    """Linear regression trained ``count`` times, ``losses.append(loss.<form>)`` in a
    compute step of the loop's body, then ``curve = torch.<make>(losses)`` and
    ``curve[::2]`` printed after the loop."""
    doc, w, b, loss = _regression()
    add_train_loop(doc, [w, b], loss, count=count, lr=0.02)
    keep = doc.add_node("collect", {"into": "losses", "form": form})
    doc.connect(loss, keep, "self")
    end = next(i for i, a in enumerate(doc.timeline) if a.kind == "end_loop")
    doc.add_action("compute", {"nodes": [keep]}, index=end)
    curve = doc.add_node("collected", {"into": "losses", "make": make}, label="curve")
    every = doc.add_node("index", {"key": "::2"}, label="every_other")
    doc.connect(curve, every, "self")
    doc.add_action("compute", {"nodes": [curve]})
    doc.add_action("print", {"tensor": every})
    return doc, keep, curve


@pytest.mark.parametrize("form,make", [("item", "tensor"), ("float", "tensor"),
                                       ("detach", "stack")])
def test_the_loop_collects_one_value_per_iteration(form, make):
    doc, keep, curve = collecting_doc(form, make)
    result = run(doc)
    assert not result.errors, result.errors
    values = result.kept["losses"]
    assert len(values) == 6
    state = result.state(curve)
    assert list(state.shape) == [6]
    # each value is the loss of its iteration, as the loop's history has it
    (history,) = result.histories.values()
    numbers = [float(v) for v in values]
    assert numbers == [float(v) for v in history.values[doc.source_of(keep, "self")]]
    assert abs(numbers[0] - 21.615) < 1e-5      # ((1.0² + 3.1² + 4.9² + 7.2²) / 4)
    assert numbers[0] > numbers[-1]
    text = export.export_script(doc).text
    assert "losses = []" in text
    spelled = {"item": "losses.append(loss.item())", "float": "losses.append(float(loss))",
               "detach": "losses.append(loss.detach())"}[form]
    assert spelled in text
    assert f"curve = torch.{make}(losses)" in text


def test_the_export_prints_under_torch_what_the_run_shows():
    docs = [collecting_doc(form, make)[0] for form, make in
            (("item", "tensor"), ("float", "tensor"), ("detach", "stack"))]
    codes = [export.export_script(d).text for d in docs]
    texts = [export.transcript(d, run(d)) for d in docs]
    for (out, error), text in zip(script_runner.run_scripts(codes, backend="engine"), texts):
        assert error is None and out == text
    if not script_runner.torch_available():
        pytest.skip("torch (the oracle) is not installed")
    for (out, error), text in zip(script_runner.run_scripts(codes), texts):
        assert error is None and out == text, (out, text)
    assert all("tensor([21.6150," in t for t in texts)


def test_save_and_load_keep_the_collect_nodes_and_what_they_collect():
    doc, keep, curve = collecting_doc("detach", "stack")
    again = loads(dumps(doc))
    assert dumps(again) == dumps(doc)
    assert again.node(keep).kind == "collect" and again.node(keep).params == {
        "into": "losses", "form": "detach"}
    assert again.node(curve).params == {"into": "losses", "make": "stack"}
    assert export.transcript(again, run(again)) == export.transcript(doc, run(doc))


def test_the_inspector_line_says_count_first_and_last():
    doc, keep, curve = collecting_doc("item", "tensor", count=4)
    result = run(doc)
    line = collected_summary(doc, result, curve)
    assert line.startswith("losses at the end of the run: 4 values: 21.61 … ")
    assert line == collected_summary(doc, result, keep)
    assert collected_summary(doc, result, doc.node_ids[0]) is None
    assert summary([]) == "nothing collected yet"


def test_what_cannot_be_collected_says_so_in_words():
    doc, keep, curve = collecting_doc("item", "tensor")
    doc.set_param(curve, "make", "stack")          # (numbers, not tensors)
    result = run(doc)
    assert "holds numbers, not tensors" in result.errors[curve]
    doc, keep, curve = collecting_doc("item", "tensor")
    end = next(i for i, a in enumerate(doc.timeline) if a.kind == "end_loop")
    doc.remove_action(doc.timeline[end - 1].id)   # (nothing collects any more)
    doc.remove_node(keep)
    result = run(doc)
    assert "holds nothing yet here" in result.errors[curve]
    doc, w, b, loss = _regression()
    xw = next(n for n in doc.node_ids if doc.node(n).label == "xw")
    keep = doc.add_node("collect", {"into": "losses", "form": "item"})
    doc.connect(xw, keep, "self")                  # (four elements: not one number)
    result = run(doc)
    assert "Only a tensor of one element" in result.errors[keep]


def test_a_say_step_reads_the_list_as_the_script_did():
    """``print(losses[0], losses[-1], len(losses), min(losses))`` as a say step: run and
    export print the same, under torch too; a read the step does not know is refused."""
    from gradstudio.document import DocumentError
    doc, keep, curve = collecting_doc("float", "tensor", count=5)
    reads = [0, -1, "len", "min", "max", "sum"]
    doc.add_action("say", {"parts": [{"list": ["losses", r]} for r in reads]})
    result = run(doc)
    values = result.kept["losses"]
    line = export.transcript(doc, result).splitlines()[-1]
    assert line == " ".join(str(v) for v in (values[0], values[-1], 5, min(values),
                                             max(values), sum(values)))
    code = export.export_script(doc).text
    assert ("print(losses[0], losses[-1], len(losses), min(losses), max(losses), "
            "sum(losses))\n") in code
    assert "# recorded" not in code
    if script_runner.torch_available():
        ((out, error),) = script_runner.run_scripts([code])
        assert error is None and out == export.transcript(doc, result)
    for bad in (["losses", "mean"], ["losses", True], ["not a name", 0], ["losses"]):
        with pytest.raises(DocumentError):
            doc.add_action("say", {"parts": [{"list": bad}]})
