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
