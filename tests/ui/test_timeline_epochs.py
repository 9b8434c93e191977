"""A loop split into epochs (issue 32) in the timeline: the steps of an epoch are listed
inside the loop's steps, those at the end of each epoch one level out, and a step that
does not run in the iteration shown says it runs at the end of each epoch."""
from gradstudio.document import Document

from driving import main_window


def _epochs():
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="w")
    total = doc.add_node("sum", label="total")
    doc.connect(w, total, "self")
    doc.add_action("loop", {"count": 6})
    doc.add_action("backward", {"target": total})
    doc.add_action("epoch_end", {"every": 3})
    doc.add_action("say", {"tensors": [w], "parts": [{"grad": 0}]})
    doc.add_action("end_loop")
    return doc


def test_an_epochs_steps_are_listed_inside_and_its_end_steps_one_level_out(qtbot, tmp_path):
    win = main_window(qtbot, tmp_path, (1400, 900))
    win.session.set_document(_epochs())
    rows = [win.timeline.list.item(i).text() for i in range(win.timeline.list.count())]
    assert rows[1].startswith("2.              ") and "backward" in rows[1]
    assert rows[2].startswith("3.        at the end of each epoch (3 steps):"), rows[2]
    assert rows[3].startswith("4.        print(w.grad)"), rows[3]
    assert "epoch_end" in win.timeline.add_actions
    # the training panel names the iteration's epoch and step
    from gradstudio.ui.training_panel import TrainingPanel
    panel = TrainingPanel(win.session)
    qtbot.addWidget(panel)
    panel.refresh()
    assert panel.status.text() == "iteration 6 of 6 (epoch = 1, step = 5)"
    # the loop list counts its epochs and steps (its statement counts every iteration)
    assert panel.chooser.itemText(0) == "loop 1: 2 epochs of 3 steps"
    # the loop shown at its first iteration: the print runs at the end of each epoch only
    loop = win.session.document.timeline[0].id
    win.session.set_iteration(loop, 0)
    qtbot.waitUntil(lambda: "end of each epoch" in win.timeline.list.item(3).text())
