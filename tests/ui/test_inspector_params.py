"""The inspector's parameter fields against the document: a number that stands in for an
unconnected port is editable only while the port is free, and a tensor literal can be
given any shape (0-d, 1-d, 2-d ...) by typing its shape or the literal itself."""
from gradstudio.document import Document
from gradstudio.document.examples import autograd_tutorial
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
