"""A custom autograd.Function of two outputs placed and wired on the canvas as a user does:
placed from the palette, its forward and backward typed in the inspector, then connected
with the mouse. Its card has one output port per output, each labelled with its number and
what the forward returns there; dragging from port 1 makes the ``function_output`` node
of that output beside it (once, in the same undo step) and connects through it, so the
graph computes ``a, b = SplitSq.apply(x)`` and the export writes exactly that."""
from PySide6.QtCore import QPointF, Qt

from gradstudio.document import export, run
from gradstudio.ui import commands

from driving import double_click_palette, drag, main_window

FORWARD = ("def forward(ctx, x):\n    ctx.save_for_backward(x)\n"
           "    return x * 2, x ** 2")
BACKWARD = ("def backward(ctx, g1, g2):\n    x, = ctx.saved_tensors\n"
            "    return g1 * 2 + g2 * 2 * x")


def _type(qtbot, w, name, text):
    box = w.inspector.editor(name)
    box.selectAll()
    box.insertPlainText(text)
    qtbot.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert w.inspector.param_error(name) == ""


def _vp(w, scene_point):
    return w.canvas.mapFromScene(scene_point)


def test_a_two_output_function_is_placed_and_each_output_connected_by_mouse(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, size=(1400, 900))
    doc = w.session.document
    x = double_click_palette(qtbot, w, "ones")
    w.session.push(commands.SetParam(doc, x, "requires_grad", True))
    f = double_click_palette(qtbot, w, "Function")
    m = double_click_palette(qtbot, w, "mul")
    w.session.select([f])
    name = w.inspector.editor("name")
    name.selectAll()
    qtbot.keyClicks(name, "SplitSq")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    # the backward first: a forward of two outputs with a one-gradient backward is an
    # error on the node (said, not run), never a wrong gradient
    _type(qtbot, w, "forward", FORWARD)
    assert "backward takes 2 gradients after ctx, not 1" in w.session.result.errors[f]
    _type(qtbot, w, "backward", BACKWARD)
    card = w.canvas.item(f)
    assert card.out_labels == ("0: x * 2", "1: x ** 2")
    # its ports are rows of their own, one under the other, on the card's right edge
    p0, p1 = card.output_pos(0), card.output_pos(1)
    assert p0.x() == p1.x() and p1.y() > p0.y()
    drag(qtbot, w.canvas, _vp(w, w.canvas.item(x).output_pos()), _vp(w, card.input_pos("t0")))
    assert doc.source_of(f, "t0") == x
    mul = w.canvas.item(m)
    before = w.session.undo_stack.count()
    drag(qtbot, w.canvas, _vp(w, card.output_pos(1)), _vp(w, mul.input_pos("other")))
    assert w.session.undo_stack.count() == before + 1         # one step
    (out1,) = [n for n in doc.node_ids if doc.node(n).kind == "function_output"]
    assert doc.node(out1).params["index"] == 1 and doc.source_of(out1, "function") == f
    assert doc.source_of(m, "other") == out1
    assert w.canvas.item(out1).out_labels == ("out 1",)
    # its header reads which output of which call it is (not output 0's tensor indexed)
    assert w.canvas.item(out1).code_text == f"output 1 of {doc.display_name(f)}"
    # the edge into it leaves the Function's port 1, not its port 0
    edge = w.canvas.scene().edges[(f, out1, "function")]
    assert edge.line.p1() == card.output_pos(1)
    drag(qtbot, w.canvas, _vp(w, card.output_pos(0)), _vp(w, mul.input_pos("self")))
    assert doc.source_of(m, "self") == f
    result = run(doc)
    assert not result.errors
    assert result.state(m).value.tolist() == [[2.0, 2.0]] * 2     # (1 * 2) * 1 ** 2
    assert "grad_fn=<SplitSqBackward>" in result.state(out1).text
    code = export.export_script(doc, result).text
    a, b = doc.display_name(f), doc.display_name(out1)
    assert f"{a}, {b} = SplitSq.apply({doc.display_name(x)})" in code
    assert f"{b} = " not in code.replace(f"{a}, {b} = ", "")   # bound once, by the call
    # a third output typed in: a third port; output 1's node moved to it, its edge follows
    w.session.select([f])
    _type(qtbot, w, "forward", FORWARD.replace("x ** 2", "x ** 2, x.exp()"))
    _type(qtbot, w, "backward", BACKWARD.replace("g1, g2", "g1, g2, g3").replace(
        "2 * x", "2 * x + g3 * x.exp()"))
    assert card.out_labels == ("0: x * 2", "1: x ** 2", "2: x.exp()")
    w.session.push(commands.SetParam(doc, out1, "index", 2))
    assert w.canvas.item(out1).out_labels == ("out 2",)
    assert edge.line.p1() == card.output_pos(2)
    assert f"{a}, _, {b} = SplitSq.apply(" in export.export_script(doc).text
    w.session.undo_stack.undo()
    assert edge.line.p1() == card.output_pos(1)
    w.session.undo_stack.undo()
    w.session.undo_stack.undo()
    assert card.out_labels == ("0: x * 2", "1: x ** 2")
    # output 1 again, to another input: through the same function_output node
    s = double_click_palette(qtbot, w, "sum")
    drag(qtbot, w.canvas, _vp(w, card.output_pos(1)), _vp(w, w.canvas.item(s).input_pos("self")))
    assert doc.source_of(s, "self") == out1
    assert [n for n in doc.node_ids if doc.node(n).kind == "function_output"] == [out1]
    # undone, the first connection of output 1 takes its node away with it
    for _ in range(3):
        w.session.undo_stack.undo()
    assert doc.source_of(m, "other") is None
    assert not doc.has_node(out1)
    assert not any(k[1] == out1 for k in w.canvas.scene().edges)
    assert w.errors == []


def test_a_click_on_a_one_output_cards_port_still_starts_from_its_only_port(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, size=(1200, 800))
    f = double_click_palette(qtbot, w, "Function")
    card = w.canvas.item(f)
    assert card.out_labels == ("out",)
    assert card.output_pos(1) == card.output_pos(0)
    hit = w.canvas.scene().port_at(card.output_pos(0))
    assert hit is not None and hit[1:] == ("out", None)
    assert card.port_at(card.output_pos(0) + QPointF(0, 40)) is None
