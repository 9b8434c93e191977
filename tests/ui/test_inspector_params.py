"""The inspector's parameter fields against the document: a number that stands in for an
unconnected port is editable only while the port is free, and a tensor literal can be
given any shape (0-d, 1-d, 2-d ...) by typing its shape or the literal itself."""
from gradstudio.document import Document, run
from gradstudio.document.examples import autograd_tutorial, vector_jacobian_product
from gradstudio.document.export import export_script
from gradstudio.ui import commands
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session

from driving import ids


def inspector(qtbot, session):
    w = Inspector(session)
    qtbot.addWidget(w)
    return w


def test_a_param_is_disabled_while_its_port_is_connected_and_enabled_again_after(qtbot):
    session = Session(autograd_tutorial())
    doc = session.document
    n = ids(session)
    w = inspector(qtbot, session)
    session.select([n["y"]])                          # y = x + 2
    other = w.editor("other")
    assert other.isEnabled() and other.text() == "2"
    assert "connected to" not in other.toolTip()
    assert w.editor("alpha").isEnabled()
    session.push(commands.Connect(doc, n["x"], n["y"], "other"))      # y = x + x
    assert not other.isEnabled()
    assert other.toolTip() == "connected to x; disconnect to type a value"
    assert w.editor("alpha").isEnabled()             # still used: x + alpha * x
    session.push(commands.Disconnect(doc, n["y"], "other"))
    assert other.isEnabled() and "connected to" not in other.toolTip()
    other.setText("5")
    other.editingFinished.emit()
    assert doc.node(n["y"]).params["other"] == 5
    session.undo_stack.undo()                         # back to 2
    session.undo_stack.undo()                         # connected again
    assert not other.isEnabled() and "connected to x" in other.toolTip()


def test_a_refused_value_is_dropped_once_the_port_is_connected(qtbot):
    session = Session(autograd_tutorial())
    doc = session.document
    n = ids(session)
    w = inspector(qtbot, session)
    session.select([n["y"]])
    other = w.editor("other")
    other.setText("two")
    other.editingFinished.emit()
    assert w.param_error("other")
    session.push(commands.Connect(doc, n["x"], n["y"], "other"))
    assert w.param_error("other") == "" and other.text() == "2"


# ----------------------------------------------------------------------------- literals
def typed(field, text):
    """Types ``text`` into a line edit and leaves it, as a user does."""
    field.setText(text)
    field.editingFinished.emit()


def literal_on(qtbot, value):
    """``(session, inspector, literal editor, node id)`` for a tensor literal ``t``."""
    d = Document()
    t = d.add_node("tensor", {"value": value}, label="t")
    session = Session(d)
    w = inspector(qtbot, session)
    session.select([t])
    return session, w, w._editors["value"], t


def test_the_vjp_lessons_v_is_built_by_setting_a_shape_and_typing_values(qtbot):
    lesson = vector_jacobian_product()
    session = Session(vector_jacobian_product())
    doc = session.document
    names = ids(session)
    backward = doc.timeline[0]
    doc.remove_node(names["v"])                           # the lesson without its v
    doc.set_action_param(backward.id, "gradient", None)
    w = inspector(qtbot, session)
    add = commands.AddNode(doc, "tensor", position=(0.0, 300.0))     # from the palette
    session.push(add)
    v = add.node_id
    session.select([v])
    typed(w.name.edit, "v")
    editor = w._editors["value"]
    assert editor.shape_edit.text() == "2, 2"             # the default 2x2 literal
    typed(editor.shape_edit, "3")
    assert doc.node(v).params["value"] == [1.0, 2.0, 3.0]
    assert (editor.grid.rowCount(), editor.grid.columnCount()) == (1, 3)
    for column, text in enumerate(("0.1", "1.0", "0.0001")):
        editor.grid.item(0, column).setText(text)
    session.push(commands.SetActionParam(doc, backward.id, "gradient", v))
    assert doc.node(v).params["value"] == [0.1, 1.0, 0.0001]
    assert editor.widget.text() == "[0.1, 1.0, 0.0001]"
    assert "v = torch.tensor([0.1, 1.0, 0.0001])" in export_script(doc).text.splitlines()
    expected = run(lesson)
    x = names["x"]
    assert session.state(v).text == expected.state(ids_of(lesson)["v"]).text
    assert session.state(x).grad_text == expected.state(x).grad_text
    assert session.undo_stack.count() == 1 + 1 + 1 + 3 + 1   # add, name, shape, 3 cells, use


def ids_of(doc):
    return {doc.display_name(n): n for n in doc.node_ids}


def test_typing_or_pasting_a_list_gives_the_literal_its_shape(qtbot):
    session, _, editor, t = literal_on(qtbot, [[1.0, 2.0], [3.0, 4.0]])
    doc = session.document
    typed(editor.widget, "[0.1, 1.0, 0.0001]")
    assert doc.node(t).params["value"] == [0.1, 1.0, 0.0001]
    assert editor.shape_edit.text() == "3" and editor.grid.columnCount() == 3
    typed(editor.widget, "torch.tensor([[1, 2, 3], [4, 5, 6]])")
    assert doc.node(t).params["value"] == [[1, 2, 3], [4, 5, 6]]
    assert editor.shape_edit.text() == "2, 3" and editor.grid.rowCount() == 2
    typed(editor.widget, "2.5")                           # a 0-d tensor: no grid
    assert doc.node(t).params["value"] == 2.5
    assert editor.shape_edit.text() == "" and not editor.grid.isVisibleTo(editor)
    assert session.state(t).text == "tensor(2.5000)"
    assert session.undo_stack.count() == 3


def test_nan_and_inf_can_be_typed_as_python_and_pytorch_print_them(qtbot):
    import math
    session, _, editor, t = literal_on(qtbot, [[1.0, 2.0], [3.0, 4.0]])
    doc = session.document
    typed(editor.widget, "[1.0, nan, -inf]")
    v = doc.node(t).params["value"]
    assert v[0] == 1.0 and math.isnan(v[1]) and v[2] == -math.inf
    assert session.state(t).text == "tensor([1., nan, -inf])"
    typed(editor.widget, "torch.tensor([float('inf'), math.nan])")
    v = doc.node(t).params["value"]
    assert v[0] == math.inf and math.isnan(v[1])
    before = session.undo_stack.count()
    typed(editor.widget, "[1.0, nan_value]")               # not a number: refused
    assert session.undo_stack.count() == before
    assert "is not a number or a list of numbers" in editor.error.text()


def test_a_new_shape_keeps_the_numbers_that_still_fit_and_undoes_in_one_step(qtbot):
    session, _, editor, t = literal_on(qtbot, [[1.0, 2.0], [3.0, 4.0]])
    doc = session.document
    typed(editor.shape_edit, "3, 3")
    assert doc.node(t).params["value"] == [[1.0, 2.0, 0.0], [3.0, 4.0, 0.0],
                                           [0.0, 0.0, 0.0]]
    typed(editor.shape_edit, "(1, 2)")
    assert doc.node(t).params["value"] == [[1.0, 2.0]]
    assert editor.shape_edit.text() == "1, 2"
    typed(editor.shape_edit, "2")                         # fewer dimensions: row by row
    assert doc.node(t).params["value"] == [1.0, 2.0]
    typed(editor.shape_edit, "")
    assert doc.node(t).params["value"] == 1.0 and session.state(t).shape == ()
    assert session.undo_stack.count() == 4
    session.undo_stack.undo()
    assert doc.node(t).params["value"] == [1.0, 2.0] and editor.shape_edit.text() == "2"


def test_a_refused_shape_or_literal_stays_as_typed_and_changes_nothing(qtbot):
    session, w, editor, t = literal_on(qtbot, [[1.0, 2.0], [3.0, 4.0]])
    doc = session.document
    typed(editor.shape_edit, "2, -1")
    assert "not a shape" in w.param_error("value")
    assert editor.shape_edit.text() == "2, -1"
    typed(editor.widget, "[[1, 2], [3]]")
    assert "same length" in w.param_error("value")
    assert editor.widget.text() == "[[1, 2], [3]]"
    typed(editor.widget, "[0.1, oops]")
    assert "not a number" in w.param_error("value")
    editor.grid.item(0, 0).setText("[1, 2]")
    assert "type a whole list" in w.param_error("value")
    assert doc.node(t).params["value"] == [[1.0, 2.0], [3.0, 4.0]]
    assert session.undo_stack.count() == 0
    typed(editor.widget, "[5.0, 6.0]")                   # corrected: accepted
    assert doc.node(t).params["value"] == [5.0, 6.0] and w.param_error("value") == ""
    assert editor.shape_edit.text() == "2"


# ----------------------------------------------------------------------------- index
def test_an_index_key_is_typed_as_python_writes_it_and_names_its_tensor_ports(qtbot):
    """Typing ``1:3``, ``:, [0, 2]`` or ``i`` into an index node's key commits it (a
    slice once showed "is not a number"); a tensor connected to port i is what ``i``
    picks; a bad key stays as typed with its reason, and changes nothing."""
    from PySide6.QtCore import Qt
    d = Document()
    x = d.add_node("tensor", {"value": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]}, label="x")
    mask = d.add_node("gt", {"other": 2.5}, label="mask")
    d.connect(x, mask, "self")
    pick = d.add_node("index", {"key": "0"}, label="pick")
    d.connect(x, pick, "self")
    session = Session(d)
    w = inspector(qtbot, session)
    session.select([pick])
    key = w.editor("key")
    for text, shown in (("1, 1:3", "tensor([5., 6.])"),
                        (":, [0, 2]", "tensor([[1., 3.],\n        [4., 6.]])")):
        key.selectAll()
        qtbot.keyClicks(key, text)
        qtbot.keyClick(key, Qt.Key.Key_Return)
        assert w.param_error("key") == ""
        assert d.node(pick).params["key"] == text
        assert session.state(pick).text == shown
    session.push(commands.Connect(d, mask, pick, "i"))
    key.selectAll()
    qtbot.keyClicks(key, "i")
    qtbot.keyClick(key, Qt.Key.Key_Return)
    assert session.state(pick).text == "tensor([3., 4., 5., 6.])"
    assert "x[mask]" in export_script(d, run(d)).text
    before = session.undo_stack.count()
    key.selectAll()
    qtbot.keyClicks(key, "[0, 1.5]")
    qtbot.keyClick(key, Qt.Key.Key_Return)
    assert "is not a list of whole numbers" in w.param_error("key")
    assert key.text() == "[0, 1.5]" and d.node(pick).params["key"] == "i"
    assert session.undo_stack.count() == before


def test_a_hook_is_typed_as_an_expression_of_grad_and_a_bad_one_changes_nothing(qtbot):
    """A register_hook node's hook is typed as the lambda's body (``grad.clamp(-1, 1)``):
    committed, it changes the gradient the leaf gets; text that is not arithmetic on
    grad stays as typed with its reason, and nothing is committed or run."""
    from PySide6.QtCore import Qt
    d = Document()
    x = d.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    y = d.add_node("mul", {"other": 3.0}, label="y")
    d.connect(x, y, "self")
    hook = d.add_node("register_hook", {"hook": "grad * 2"})
    d.connect(y, hook, "self")
    loss = d.add_node("sum", {}, label="loss")
    d.connect(hook, loss, "self")
    d.add_action("backward", {"target": loss})
    session = Session(d)
    assert session.result.state(x, 1).grad.tolist() == [6.0, 6.0]
    w = inspector(qtbot, session)
    session.select([hook])
    field = w.editor("hook")
    assert field.text() == "grad * 2"
    field.selectAll()
    qtbot.keyClicks(field, "grad.clamp(-1, 1) * 10")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert w.param_error("hook") == ""
    assert d.node(hook).params["hook"] == "grad.clamp(-1, 1) * 10"
    assert session.result.state(x, 1).grad.tolist() == [30.0, 30.0]
    assert "y.register_hook(lambda grad: grad.clamp(-1, 1) * 10)" in \
        export_script(d, run(d)).text
    before = session.undo_stack.count()
    field.selectAll()
    qtbot.keyClicks(field, "__import__('os').getcwd()")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert "a hook cannot call getcwd" in w.param_error("hook")
    assert d.node(hook).params["hook"] == "grad.clamp(-1, 1) * 10"
    assert session.undo_stack.count() == before


def test_a_write_is_switched_between_in_place_and_into_a_copy_with_a_checkbox(qtbot):
    """The write kinds' ``in_place`` bool is a checkbox: ticked, the write goes into its
    input itself (the input's node shows it, the export writes it under the input's
    name); unticked, into a copy."""
    d = Document()
    x = d.add_node("tensor", {"value": [1.0, 2.0]}, label="x")
    write = d.add_node("setitem", {"key": "0", "value": 7.0})
    d.connect(x, write, "self")
    session = Session(d)
    w = inspector(qtbot, session)
    session.select([write])
    box = w.editor("in_place")
    assert not box.isChecked() and "itself" in box.toolTip()
    assert session.state(x).text == "tensor([1., 2.])"
    box.click()
    assert d.node(write).params["in_place"] is True
    assert session.state(x).text == "tensor([7., 2.])"
    assert "x[0] = 7.0" in export_script(d, run(d)).text
    session.undo_stack.undo()
    assert d.node(write).params["in_place"] is False and not box.isChecked()
    assert session.state(x).text == "tensor([1., 2.])"


def test_a_random_source_is_given_a_generator_of_its_own_and_its_seed(qtbot):
    # issue 32: torch.Generator, a setting of the random sources
    doc = Document()
    a = doc.add_node("randn", {"shape": [3]}, label="a")
    b = doc.add_node("randn", {"shape": [3]}, label="b")
    session = Session(doc)
    w = inspector(qtbot, session)
    before = session.result.state(b).value.tolist()
    session.select([a])
    typed(w.editor("generator"), "1")
    typed(w.editor("generator_seed"), "7")
    assert doc.node(a).params["generator"] == 1 and doc.node(a).params["generator_seed"] == 7
    assert session.result.state(b).value.tolist() != before   # b: the global stream's first
    script = export_script(doc).text
    assert "g = torch.Generator().manual_seed(7)\na = torch.randn(3, generator=g)\n" in script
    session.select([b])
    typed(w.editor("generator"), "1")                 # b goes on from a's generator
    assert "b = torch.randn(3, generator=g)\n" in export_script(doc).text
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert doc.node(a).params["generator_seed"] is None
    assert session.result.state(b).value.tolist() != before
