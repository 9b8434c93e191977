"""A hook's removal in the timeline (issue 32): ``h.remove()`` is a step whose row reads
as the script's line, whose handle is typed as a Python name (a name it cannot be says
why and changes nothing), and a handle no hook has shows its error at the step."""
from gradstudio.document import Document
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import shown


def _removed():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    keep = doc.add_node("keep_grad", {"keep": "grad.clone()", "into": "grads",
                                      "handle": "h"})
    doc.connect(x, keep, "self")
    total = doc.add_node("sum", label="total")
    doc.connect(keep, total, "self")
    doc.add_action("backward", {"target": total, "retain_graph": True})
    remove = doc.add_action("remove_hook", {"hook": keep, "handle": "h"})
    return doc, remove


def test_a_removal_step_is_edited_by_its_handles_name(qtbot):
    doc, remove = _removed()
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    panel.list.setCurrentRow(1)
    assert panel.list.item(1).text().endswith("h.remove()")
    editors = panel.details.param_editors
    assert set(editors) == {"hook", "handle"}
    field = editors["handle"]
    assert field.text() == "h"
    field.setText("os.system")                          # not a Python name
    field.editingFinished.emit()
    assert doc.action(remove).params["handle"] == "h"
    assert "Python name" in field.toolTip() and session.undo_stack.count() == 0
    field.setText("other")
    field.editingFinished.emit()
    assert doc.action(remove).params["handle"] == "other" and session.undo_stack.count() == 1
    assert "No hook has the handle other here" in session.result.outcomes[1].error
    session.undo_stack.undo()
    assert session.result.outcomes[1].error is None
