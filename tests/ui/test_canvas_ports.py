"""A card says what its node computes: an unconnected port that falls back to a number
shows it (``other = 2``), and the header spells the node as the exported code does
(``x + 2``), in the window and in exported images."""
from gradstudio.document import Document
from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui import commands
from gradstudio.ui.canvas import node_item

from driving import canvas_on, ids


def test_the_tutorials_y_shows_its_constant_and_reads_like_the_code(qtbot):
    session, canvas = canvas_on(qtbot, autograd_tutorial())
    n = ids(session)
    y, z = canvas.item(n["y"]), canvas.item(n["z"])
    assert y.port_labels == ("self", "other = 2")
    assert z.port_labels == ("self", "other = 3")
    assert canvas.item(n["y_times_y"]).port_labels == ("self", "other")   # y * y
    assert y.code_text == "x + 2" and z.code_text == "y_times_y * 3"
    assert canvas.item(n["out"]).code_text == "z.mean()"     # z marked with retain_grad()
    # the label fits on the card beside its port
    assert node_item.PAD + 2 + node_item._advance("other = 2", "small") < y.width
    image = canvas.render_image(scale=1.0)
    assert not image.isNull() and image.width() > 0


def test_the_constant_goes_while_the_port_is_connected_and_follows_edits(qtbot):
    session, canvas = canvas_on(qtbot, autograd_tutorial())
    doc = session.document
    n = ids(session)
    y = canvas.item(n["y"])
    session.push(commands.Connect(doc, n["x"], n["y"], "other"))
    assert y.port_labels == ("self", "other") and y.code_text == "x + x"
    session.undo_stack.undo()
    assert y.port_labels == ("self", "other = 2") and y.code_text == "x + 2"
    session.push(commands.SetParam(doc, n["y"], "other", 0.5))
    assert y.port_labels == ("self", "other = 0.5") and y.code_text == "x + 0.5"
    session.push(commands.SetLabel(doc, n["x"], "a"))
    assert y.code_text == "a + 0.5"
    canvas.render_image(scale=1.0)


def test_a_card_with_a_missing_input_says_which_and_pow_shows_its_exponent(qtbot):
    d = Document()
    x = d.add_node("ones", {"shape": (2,)}, label="x")
    p = d.add_node("pow", {"exponent": 2}, label="p")
    d.connect(x, p, "self")
    m = d.add_node("mul", label="m")
    session, canvas = canvas_on(qtbot, d)
    assert canvas.item(p).port_labels == ("self", "exponent = 2")
    assert canvas.item(p).code_text == "x ** 2"
    assert canvas.item(m).code_text == "? * 1.0"
    assert canvas.item(x).port_labels == ()


def test_a_write_and_a_hook_read_as_what_they_do_to_their_input(qtbot):
    """A write into a copy is ``x[0] = 5`` on its card (not the copy's ``x.clone()``),
    a hook ``y.register_hook(lambda grad: grad * 10)``; both follow edits."""
    d = Document()
    x = d.add_node("zeros", {"shape": (3,)}, label="x")
    write = d.add_node("setitem", {"key": "0", "value": 5})
    d.connect(x, write, "self")
    y = d.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="y")
    hook = d.add_node("register_hook", {"hook": "grad * 10"})
    d.connect(y, hook, "self")
    session, canvas = canvas_on(qtbot, d)
    assert canvas.item(write).code_text == "x[0] = 5"
    assert canvas.item(hook).code_text == "y.register_hook(lambda grad: grad * 10)"
    session.push(commands.SetParam(d, write, "key", "1:"))
    assert canvas.item(write).code_text == "x[1:] = 5"
    canvas.render_image(scale=1.0)
