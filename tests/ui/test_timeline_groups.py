"""An optimizer's parameter groups in the timeline (issue 32): its row reads the groups as
the export writes them, the inspector has one learning-rate box per group (empty: the
optimizer's own lr), an edit is one undo step that runs again, a rate the group cannot
take is said and changes nothing, and a learning-rate change names its group."""
from gradstudio.document import Document, run
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import shown


def _training():
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="w")
    b = doc.add_node("tensor", {"value": [0.25], "requires_grad": True}, label="b")
    s = doc.add_node("add", label="s")
    doc.connect(w, s, "self")
    doc.connect(b, s, "other")
    sq = doc.add_node("pow", {"exponent": 2.0}, label="sq")
    doc.connect(s, sq, "self")
    loss = doc.add_node("sum", label="loss")
    doc.connect(sq, loss, "self")
    opt = doc.add_action("optimizer", {"algorithm": "SGD", "params": [w, b], "lr": 0.1,
                                       "groups": [{"size": 1}, {"size": 1, "lr": 0.01}]})
    doc.add_action("loop", {"count": 4})
    doc.add_action("optimizer_zero_grad", {"optimizer": opt})
    doc.add_action("forward")
    doc.add_action("backward", {"target": loss})
    doc.add_action("step", {"optimizer": opt})
    doc.add_action("end_loop")
    return doc, w, b, opt


def test_a_groups_lr_is_edited_in_its_box(qtbot):
    doc, w, b, opt = _training()
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    assert panel.list.item(0).text().startswith(
        "1.  optimizer = torch.optim.SGD([{'params': [w]}, {'params': [b], 'lr': 0.01}], "
        "lr=0.1)")
    panel.list.setCurrentRow(0)
    editor = panel.details.param_editors["groups"]
    assert [box.text() for box in editor.boxes] == ["", "0.01"]
    before = run(doc).state(b).value.copy()
    editor.boxes[1].setText("0.5")
    editor.boxes[1].editingFinished.emit()
    assert doc.action(opt).params["groups"] == [{"size": 1}, {"size": 1, "lr": 0.5}]
    assert (run(doc).state(b).value != before).all()
    assert session.result.action_error(opt) is None
    editor = panel.details.param_editors["groups"]
    editor.boxes[0].setText("0.2")
    editor.boxes[0].editingFinished.emit()
    assert doc.action(opt).params["groups"][0] == {"size": 1, "lr": 0.2}
    editor = panel.details.param_editors["groups"]
    editor.boxes[0].setText("")                        # empty: the optimizer's lr
    editor.boxes[0].editingFinished.emit()
    assert doc.action(opt).params["groups"][0] == {"size": 1}
    editor = panel.details.param_editors["groups"]
    editor.boxes[1].setText("-1")                      # no group takes it: said, kept
    editor.boxes[1].editingFinished.emit()
    assert doc.action(opt).params["groups"][1] == {"size": 1, "lr": 0.5}
    assert "'groups' must list" in panel.details.error.text()
    session.undo_stack.undo()
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert doc.action(opt).params["groups"] == [{"size": 1}, {"size": 1, "lr": 0.01}]
    assert (run(doc).state(b).value == before).all()


def test_a_learning_rate_change_names_its_group(qtbot):
    doc, w, b, opt = _training()
    change = doc.add_action("change_lr", {"optimizer": opt, "lr": 0.05, "group": 1},
                            index=1)
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    at = [a.id for a in doc.timeline].index(change)
    assert panel.list.item(at).text().endswith("optimizer group 1 lr = 0.05")
    panel.list.setCurrentRow(at)
    box = panel.details.param_editors["group"]
    assert box.text() == "1"
    box.setText("")
    box.editingFinished.emit()
    assert doc.action(change).params["group"] is None
    assert panel.list.item(at).text().endswith("optimizer lr = 0.05")
    box = panel.details.param_editors["group"]
    box.setText("7")                                   # no such group: the step says so
    box.editingFinished.emit()
    assert doc.action(change).params["group"] == 7
    assert "has no parameter group 7" in session.result.action_error(change)
