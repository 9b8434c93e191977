"""A custom autograd.Function node in the inspector: its forward and backward are edited
as lines of code (a monospaced box that commits when it loses the focus or on
Ctrl+Return), its class name as text. A committed def changes what the graph computes;
text that is anything but tensor operations stays as typed with its reason, and nothing
is committed or run."""
from PySide6.QtCore import Qt

from gradstudio.document import Document, run
from gradstudio.document.export import export_script
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.inspector_fields import CodeEdit
from gradstudio.ui.session import Session


def _relu_document():
    d = Document()
    x = d.add_node("tensor", {"value": [-1.0, 2.0], "requires_grad": True}, label="x")
    f = d.add_node("custom_function", label="y")
    d.connect(x, f, "t0")
    loss = d.add_node("sum", {}, label="loss")
    d.connect(f, loss, "self")
    d.add_action("backward", {"target": loss})
    return d, x, f


def _commit(qtbot, box, text):
    box.selectAll()
    box.insertPlainText(text)
    qtbot.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def test_a_functions_backward_is_edited_as_code_and_changes_the_gradient(qtbot):
    d, x, f = _relu_document()
    session = Session(d)
    assert session.result.state(x, 1).grad.tolist() == [0.0, 1.0]
    w = Inspector(session)
    qtbot.addWidget(w)
    session.select([f])
    box = w.editor("backward")
    assert isinstance(box, CodeEdit)
    assert box.toPlainText().startswith("def backward(ctx, grad_output):\n")
    _commit(qtbot, box, "def backward(ctx, grad_output):\n    return grad_output * 5")
    assert w.param_error("backward") == ""
    assert d.node(f).params["backward"] == ("def backward(ctx, grad_output):\n"
                                            "    return grad_output * 5")
    assert session.result.state(x, 1).grad.tolist() == [5.0, 5.0]
    assert "        return grad_output * 5" in export_script(d, run(d)).text
    name = w.editor("name")
    name.selectAll()
    qtbot.keyClicks(name, "Fivefold")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert d.node(f).params["name"] == "Fivefold"
    assert "grad_fn=<FivefoldBackward>" in session.result.state(f).text


def test_a_def_holding_other_code_is_refused_and_changes_nothing(qtbot):
    d, x, f = _relu_document()
    session = Session(d)
    w = Inspector(session)
    qtbot.addWidget(w)
    session.select([f])
    before = session.undo_stack.count()
    box = w.editor("forward")
    _commit(qtbot, box, "def forward(ctx, input):\n    return __import__('os').getcwd()")
    assert "cannot call getcwd" in w.param_error("forward")
    assert "clamp(min=0)" in d.node(f).params["forward"]
    assert session.undo_stack.count() == before
    assert box.toPlainText().endswith("getcwd()")          # kept as typed


def test_the_palette_offers_a_custom_function_that_runs_as_my_relu(qtbot):
    """Searching the palette for autograd.Function finds the kind (under its label
    Function); added and connected, it is MyReLU and prints its own grad_fn."""
    from gradstudio.ui.palette import Palette
    d = Document()
    x = d.add_node("tensor", {"value": [-1.0, 2.0], "requires_grad": True}, label="x")
    session = Session(d)
    w = Palette(session)
    qtbot.addWidget(w)
    w.search.setText("autograd.Function")
    assert w.visible_kinds() == ["custom_function"]
    assert w._items["custom_function"].text(0) == "Function"
    f = d.add_node("custom_function", label="y")
    d.connect(x, f, "t0")
    assert run(d).state(f).text == "tensor([0., 2.], grad_fn=<MyReLUBackward>)"


def _scaled_document():
    """``Scale.apply(x, 0.5)``: a Function taking one number after its tensor."""
    d = Document()
    x = d.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    f = d.add_node("custom_function", {
        "name": "Scale",
        "forward": "def forward(ctx, x, k):\n    ctx.k = k\n    return x * k",
        "backward": "def backward(ctx, grad_output):\n"
                    "    return (grad_output * ctx.k, None)",
        "numbers": [0.5]}, label="y")
    d.connect(x, f, "t0")
    return d, x, f


def test_a_functions_numbers_are_typed_as_a_line_of_numbers(qtbot):
    """The numbers passed to apply after the tensors are one line, '0.5' or '2, 3'
    (not a grid of a tensor's values): typed, they change what the node computes and
    its code; an empty line is no numbers; a word is refused with its reason."""
    from PySide6.QtWidgets import QLineEdit
    d, x, f = _scaled_document()
    session = Session(d)
    w = Inspector(session)
    qtbot.addWidget(w)
    session.select([f])
    field = w.editor("numbers")
    assert isinstance(field, QLineEdit) and field.text() == "0.5"
    field.selectAll()
    qtbot.keyClicks(field, "3")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert d.node(f).params["numbers"] == [3]
    assert session.result.state(f).value.tolist() == [3.0, -6.0]
    assert "Scale.apply(x, 3)" in export_script(d, run(d)).text
    field.selectAll()
    qtbot.keyClicks(field, "three")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert "'three' is not a number" in w.param_error("numbers")
    assert d.node(f).params["numbers"] == [3]
    field.selectAll()
    qtbot.keyClicks(field, "1, [2]")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert "flat list of at most 8 numbers" in w.param_error("numbers")
    assert d.node(f).params["numbers"] == [3]
    field.selectAll()
    field.del_()
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert d.node(f).params["numbers"] == []
    assert "forward takes 2 inputs" in session.result.errors[f]


def test_a_def_box_shows_every_line_even_with_a_long_one(qtbot):
    """A def whose line is wider than the box gets a horizontal scroll bar; the box grows
    by its height, so every line still shows without scrolling down."""
    d, x, f = _scaled_document()
    session = Session(d)
    w = Inspector(session)
    w.resize(420, 800)
    qtbot.addWidget(w)
    w.show()
    session.select([f])
    box = w.editor("backward")
    qtbot.waitUntil(lambda: box.isVisible())
    short = box.height()
    long_line = "def backward(ctx, grad_output):\n    return (grad_output * ctx.k " + \
        "* 1.0" * 30 + ", None)"
    box.setPlainText(long_line)
    qtbot.waitUntil(lambda: box.horizontalScrollBar().isVisible())
    assert box.height() >= short + box.horizontalScrollBar().height() - 1
    assert box.verticalScrollBar().maximum() == 0       # nothing hidden below
