"""A learning-rate scheduler in the timeline (issue 32, item 2): added from the Add menu
aimed at the optimizer before it, its editors show only its schedule's settings, the
milestones are typed as whole numbers, a ReduceLROnPlateau step takes a tensor of the
graph as its metric, and every change is one undo step that runs again."""
from PySide6.QtCore import Qt

from gradstudio.document import Document
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import shown


def _training():
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="w")
    sq = doc.add_node("pow", {"exponent": 2.0}, label="sq")
    doc.connect(w, sq, "self")
    loss = doc.add_node("sum", label="loss")
    doc.connect(sq, loss, "self")
    opt = doc.add_action("optimizer", {"algorithm": "SGD", "params": [w], "lr": 0.1})
    doc.add_action("loop", {"count": 6})
    doc.add_action("optimizer_zero_grad", {"optimizer": opt})
    doc.add_action("forward")
    doc.add_action("backward", {"target": loss})
    doc.add_action("step", {"optimizer": opt})
    doc.add_action("end_loop")
    return doc, w, loss, opt



def test_a_scheduler_is_added_aimed_at_the_optimizer_and_edited(qtbot):
    doc, w, loss, opt = _training()
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    panel.list.setCurrentRow(0)                        # after the optimizer
    panel.add_action("scheduler")
    sched = doc.timeline[1]
    assert sched.kind == "scheduler" and sched.params["optimizer"] == opt
    assert panel.list.item(1).text().startswith(
        "2.  scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)")
    panel.list.setCurrentRow(1)
    editors = panel.details.param_editors
    assert set(editors) == {"schedule", "optimizer", "step_size", "gamma"}
    box = editors["schedule"]
    box.setCurrentIndex(box.findData("MultiStepLR"))
    assert doc.action(sched.id).params["schedule"] == "MultiStepLR"
    editors = panel.details.param_editors             # (made again: its own settings)
    assert set(editors) == {"schedule", "optimizer", "milestones", "gamma"}
    field = editors["milestones"]
    field.setText("2, 4")
    field.editingFinished.emit()
    assert doc.action(sched.id).params["milestones"] == [2, 4]
    field.setText("two")                               # not whole numbers: kept as it was
    field.editingFinished.emit()
    assert doc.action(sched.id).params["milestones"] == [2, 4]
    assert field.text() == "2, 4"
    session.undo_stack.undo()
    assert doc.action(sched.id).params["milestones"] == []
    session.undo_stack.redo()
    assert session.result.action_error(sched.id) is None


def test_a_scheduler_step_changes_what_the_loop_learns(qtbot):
    doc, w, loss, opt = _training()
    sched = doc.add_action("scheduler", {"optimizer": opt, "schedule": "StepLR",
                                         "step_size": 1, "gamma": 0.1}, index=1)
    session = Session(doc)
    before = session.result.state(w).value.copy()
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    step_at = [a.kind for a in doc.timeline].index("step")
    panel.list.setCurrentRow(step_at)
    panel.add_action("scheduler_step")                 # aimed at the scheduler before it
    added = doc.timeline[step_at + 1]
    assert added.kind == "scheduler_step" and added.params["scheduler"] == sched
    assert panel.list.item(step_at + 1).text().endswith("scheduler.step()")
    after = session.result.state(w).value
    assert abs(after).sum() > abs(before).sum()       # the lr fell: w moved less to 0
    assert all(o.error is None for o in session.result.outcomes)


def test_a_plateau_step_takes_the_loss_as_its_metric(qtbot):
    doc, w, loss, opt = _training()
    sched = doc.add_action("scheduler", {"optimizer": opt, "schedule": "ReduceLROnPlateau",
                                         "patience": 0}, index=1)
    step_at = [a.kind for a in doc.timeline].index("step")
    plateau = doc.add_action("scheduler_step", {"scheduler": sched}, index=step_at + 1)
    session = Session(doc)
    assert session.result.action_error(plateau).startswith(
        "ReduceLROnPlateau's step needs the metric it watches")
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    panel.list.setCurrentRow(step_at + 1)
    box = panel.details.param_editors["metric"]
    box.setCurrentIndex(box.findData(loss))
    assert doc.action(plateau).params["metric"] == loss
    assert session.result.action_error(plateau) is None
    assert panel.list.item(step_at + 1).text().endswith("scheduler.step(loss)")
    assert panel.details.param_editors["metric"].currentData() == loss


def test_recorded_steps_say_so_in_the_timeline_once_the_graph_is_edited(qtbot):
    """Issue 32: a say step holding text the trace recorded is marked in the list and in
    its explanation once an edit changed what the graph computes; undo clears it."""
    from gradstudio.document.recorded import STALE_WORDS
    from gradstudio.document.trace import trace
    from gradstudio.ui import commands
    doc = trace("import torch\nw = torch.ones(2, requires_grad=True)\n"
                "loss = (w * 3).sum()\nloss.backward()\nprint('loss', loss.item())\n")
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    say_row = [a.kind for a in doc.timeline].index("say")
    assert "⚠" not in panel.list.item(say_row).text()
    mul = next(n for n in doc.node_ids if doc.node(n).kind == "mul")
    session.push(commands.SetParam(doc, mul, "other", 4.0))
    item = panel.list.item(say_row)
    assert item.text().splitlines()[0].endswith("⚠ recorded before your edits")
    assert STALE_WORDS in item.toolTip()
    panel.list.setCurrentRow(say_row)
    assert STALE_WORDS in panel.details.about.text()
    session.undo_stack.undo()
    assert "⚠" not in panel.list.item(say_row).text()


def test_a_lambda_schedule_is_typed_as_its_lambda_and_a_wrong_one_says_why(qtbot):
    doc, w, loss, opt = _training()
    sched = doc.add_action("scheduler", {"optimizer": opt, "schedule": "LambdaLR"}, index=1)
    doc.add_action("scheduler_step", {"scheduler": sched}, index=7)
    session = Session(doc)
    first = session.result.state(w).value.copy()
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    panel.list.setCurrentRow(1)
    assert panel.list.item(1).text().endswith(
        "LambdaLR(optimizer, lr_lambda=lambda epoch: 0.95 ** epoch)")
    editors = panel.details.param_editors
    assert set(editors) == {"schedule", "optimizer", "lr_lambda"}
    field = editors["lr_lambda"]
    assert field.text() == "lambda epoch: 0.95 ** epoch"
    field.setText("lambda epoch: __import__('os').getcwd()")    # not a lambda it can hold
    field.editingFinished.emit()
    assert doc.action(sched).params["lr_lambda"] == "lambda epoch: 0.95 ** epoch"
    assert "cannot use '__import__('os').getcwd()'" in field.toolTip()
    assert session.undo_stack.count() == 0
    field.setText("lambda epoch: 0.1 if epoch >= 2 else 1.0")
    field.editingFinished.emit()
    assert doc.action(sched).params["lr_lambda"] == "lambda epoch: 0.1 if epoch >= 2 else 1.0"
    assert field.toolTip() == "" and session.undo_stack.count() == 1
    assert all(o.error is None for o in session.result.outcomes)
    assert abs(session.result.state(w).value).sum() > abs(first).sum()   # it learned less
    session.undo_stack.undo()
    assert doc.action(sched).params["lr_lambda"] == "lambda epoch: 0.95 ** epoch"
