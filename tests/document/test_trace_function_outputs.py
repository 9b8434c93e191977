"""Custom ``torch.autograd.Function``s returning several tensors, drawn natively (issue 32,
item 2): ``a, b = SplitSq.apply(x)`` is a ``custom_function`` node (output 0) and one
``function_output`` node for each other output, both hanging from one
``<SplitSqBackward>`` with their own ``output_nr``. Before, each of these programs was
drawn only up to its ``apply`` ("a Function returning several tensors cannot be drawn
yet") and the rest recorded as text; now each opens whole with no recorded tensor, passes
the self-check (the run reproduces every value the script computed), and its export
prints under torch exactly what the program printed (``function_output_programs.py``:
(y, aux) with aux non-differentiable, a sort with its indices marked non-differentiable,
a Function used twice, three outputs one of them left out and a call's tuple indexed, outputs feeding two losses, None for an input that requires
grad, ``set_materialize_grads(False)`` with an output left out, a Function inside an
``nn.Module`` trained for a few steps, a gradcheck of one)."""
import pytest
from function_output_programs import PROGRAMS
from trace_jobs import check_exports, corpus_documents, corpus_printed

from gradstudio.document import Document, export, run
from gradstudio.document.files import dumps, load, save
from gradstudio.document.reader import read
from gradstudio.document.walk import explain_text

# program -> the Function outputs drawn as function_output nodes (one a call, per output
# after the first)
OUTPUTS = {"split_sq": 1, "aux_mask": 1, "sort_like": 1, "used_twice": 2, "two_losses": 1,
           "none_for_shift": 1, "lazy_grads": 2, "in_a_module": 1, "gradchecked": 1,
           "three_outputs": 4}


@pytest.fixture(scope="module")
def traced():
    return corpus_documents(PROGRAMS, {}, None)


@pytest.fixture(scope="module")
def printed(traced):
    """name -> ((original under torch), (export under torch)), in one request."""
    return corpus_printed(traced, PROGRAMS, {})


def _of(doc, kind):
    return [n for n in doc.node_ids if doc.node(n).kind == kind]


def test_the_table_names_every_program():
    assert set(OUTPUTS) == set(PROGRAMS)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_each_opens_whole_with_no_recorded_tensor(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert [n for n in doc.node_ids if doc.node(n).recorded is not None] == []
    assert len(_of(doc, "function_output")) == OUTPUTS[name]
    assert not run(doc).errors


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_each_export_prints_exactly_what_the_program_printed(traced, printed, name):
    (original, original_error), (out, error) = printed[name]
    assert original_error is None and error is None, (original_error, error)
    assert original and out == original


def test_the_exports_print_what_the_documents_runs_show_under_the_engine_and_torch(traced):
    check_exports([traced[n] for n in sorted(PROGRAMS)])


def test_the_call_is_written_once_with_every_output_named(traced):
    code = export.export_script(traced["split_sq"]).text
    assert "a, b = SplitSq.apply(x)" in code
    assert "        return (x * 2, x ** 2)" in code
    assert "    def backward(ctx, g1, g2):" in code
    code = export.export_script(traced["used_twice"]).text
    assert "s, d = SumDiff.apply(a, b)" in code and "s2, d2 = SumDiff.apply(s, d)" in code


def test_outputs_kept_as_one_tuple_are_named_after_it(traced):
    code = export.export_script(traced["three_outputs"]).text
    assert "double, _, cube = Powers.apply(x)" in code
    assert "out_0, out_1, out_2 = Powers.apply(" in code
    assert "print(out_1)" in code and "out_2.mean()" in code


def test_both_outputs_print_one_grad_fn_and_the_graph_knows_each_output_nr(traced):
    doc = traced["split_sq"]
    (f,) = _of(doc, "custom_function")
    (b,) = _of(doc, "function_output")
    result = run(doc)
    assert result.state(f).text.endswith("grad_fn=<SplitSqBackward>)")
    assert result.state(b).text.endswith("grad_fn=<SplitSqBackward>)")
    graph = result.backward_graph(b, 0)
    (key,) = [k for k, d in graph.nodes(data=True) if d["name"] == "SplitSqBackward"]
    assert set(graph.nodes[key]["tensors"]) == {f, b}


def test_a_non_differentiable_output_is_drawn_without_a_grad_fn(traced):
    doc = traced["sort_like"]
    (idx,) = _of(doc, "function_output")
    state = run(doc).state(idx, 0)
    assert state.value.tolist() == [1, 3, 0, 2] and state.grad_fn is None
    assert not state.requires_grad


def test_the_step_through_gives_each_output_its_own_gradient(traced):
    doc = traced["split_sq"]
    index = next(i for i, a in enumerate(doc.timeline) if a.kind == "backward")
    text = explain_text(doc, run(doc), index)
    assert "SplitSqBackward of a, b = SplitSq.apply(" in text
    assert "received grad = (∂" in text and "/∂a, ∂" in text and "/∂b) = ([1, 1, 1], " \
        "[1, 1, 1])" in text
    assert ("SplitSq's backward is your own: from the gradients g1, g2 of its 2 outputs"
            in text)
    # b.sum()'s step sends to b (output 1), not to a
    assert "SumBackward0 of " in text and "= b.sum()" in text and "to self = b (next: " \
        "SplitSqBackward)" in text


def test_an_output_the_loss_leaves_out_reaches_backward_as_none_or_zeros():
    """Edited in the studio: the backward says what it received; with
    set_materialize_grads(False) the unused output's gradient is None (the if skips it),
    without it zeros (the if runs and adds nothing)."""
    doc = Document()
    x = doc.add_node("tensor", {"value": [0.5, -1.0], "requires_grad": True}, label="x")
    forward = ("def forward(ctx, x):\n    ctx.set_materialize_grads(False)\n"
               "    ctx.save_for_backward(x)\n    return x.exp(), x.sin()")
    backward = ("def backward(ctx, ge, gs):\n    x, = ctx.saved_tensors\n"
                "    g = x * 0\n    if ge is not None:\n        g = g + ge * x.exp() + 100\n"
                "    if gs is not None:\n        g = g + gs * x.cos()\n    return g")
    f = doc.add_node("custom_function", {"name": "ExpSin", "forward": forward,
                                         "backward": backward}, label="e")
    doc.connect(x, f, "t0")
    s = doc.add_node("function_output", {"index": 1}, label="s")
    doc.connect(f, s, "function")
    loss = doc.add_node("sum", label="loss")
    doc.connect(s, loss, "self")
    doc.add_action("backward", {"target": loss})
    lazy = run(doc).state(x, 1).grad.tolist()
    assert lazy == pytest.approx([0.8775825618903728, 0.5403023058681398])
    doc.set_param(f, "forward", forward.replace("ctx.set_materialize_grads(False)\n    ", ""))
    zeros = run(doc).state(x, 1).grad.tolist()
    assert zeros == pytest.approx([100.8775825618903728, 100.5403023058681398])
    check_exports([doc])


def test_a_function_output_with_no_such_output_says_so_on_the_node():
    doc = read(dumps(_split_doc()))
    out = _of(doc, "function_output")[0]
    doc.set_param(out, "index", 2)
    assert "Its Function has 2 outputs, numbered 0 to 1: output 2 does not exist." in \
        run(doc).errors[out]
    # and on a Function of one output
    doc = Document()
    x = doc.add_node("ones", {"shape": (2,), "requires_grad": True})
    f = doc.add_node("custom_function")
    doc.connect(x, f, "t0")
    o = doc.add_node("function_output")
    doc.connect(f, o, "function")
    assert "takes a custom Function that returns several tensors" in run(doc).errors[o]


def test_a_backward_that_takes_fewer_gradients_than_outputs_is_an_error_not_a_value():
    doc = _split_doc()
    (f,) = _of(doc, "custom_function")
    doc.set_param(f, "backward", "def backward(ctx, g1):\n    return g1 * 2")
    errors = run(doc).errors
    assert "its forward returns 2 outputs, so its backward takes 2 gradients after ctx, " \
           "not 1" in errors[f]
    (out,) = _of(doc, "function_output")
    assert out in errors            # (never the value of an earlier run)


def test_a_failed_call_leaves_no_output_of_an_earlier_iteration_behind():
    """Inside a loop the Function's outputs are kept per call: when the call fails, its
    function_output fails too instead of showing the last iteration's tensor."""
    from gradstudio.document.run_timeline import compute, NodeFailure
    doc = _split_doc()
    (f,) = _of(doc, "custom_function")
    (out,) = _of(doc, "function_output")
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    tensors, names = {}, {n: doc.display_name(n) for n in doc.node_ids}
    for nid in (x, f, out):
        tensors[nid] = compute(doc, nid, tensors, names)
    doc.set_param(f, "forward", "def forward(ctx, x):\n    return x.exp(), x.reshape(5)")
    with pytest.raises(NodeFailure):
        compute(doc, f, tensors, names)
    with pytest.raises(NodeFailure, match="its Function has an error"):
        compute(doc, out, tensors, names)


def test_a_document_of_a_two_output_function_saves_and_loads(traced, tmp_path):
    for name in ("split_sq", "in_a_module", "sort_like"):
        doc = traced[name]
        save(doc, tmp_path / f"{name}.gsg")
        back = load(tmp_path / f"{name}.gsg")
        assert export.export_script(back).text == export.export_script(doc).text
        assert export.transcript(back, run(back)) == export.transcript(doc, run(doc))


def test_an_edited_function_changes_every_output_it_returns(traced):
    doc = read(dumps(traced["split_sq"]))
    (f,) = _of(doc, "custom_function")
    (b,) = _of(doc, "function_output")
    doc.set_param(f, "forward", "def forward(ctx, x):\n    ctx.save_for_backward(x)\n"
                                "    return x * 3, x ** 3")
    result = run(doc)
    assert result.state(f).value.tolist() == [3.0, 6.0, 9.0]
    assert result.state(b).value.tolist() == [1.0, 8.0, 27.0]


def _split_doc():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    f = doc.add_node("custom_function", {
        "name": "SplitSq",
        "forward": "def forward(ctx, x):\n    ctx.save_for_backward(x)\n    return x * 2, x ** 2",
        "backward": "def backward(ctx, g1, g2):\n    x, = ctx.saved_tensors\n"
                    "    return g1 * 2 + g2 * 2 * x"}, label="a")
    doc.connect(x, f, "t0")
    b = doc.add_node("function_output", {"index": 1}, label="b")
    doc.connect(f, b, "function")
    return doc
