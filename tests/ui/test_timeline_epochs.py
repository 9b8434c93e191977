"""A loop split into epochs (issue 32) in the timeline: the steps of an epoch are listed
inside the loop's steps, those at the end of each epoch one level out, and a step that
does not run in the iteration shown says it runs at the end of each epoch."""
from PySide6.QtCore import Qt

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


def test_a_long_step_title_does_not_widen_the_timeline(qtbot, tmp_path):
    """A step's title can hold a whole recorded print (a parameter's repr): it ends in
    "…" with the whole in its tooltip, and the panel keeps its width, so the selected
    action's details stay beside the list instead of scrolled out of view."""
    doc = _epochs()
    long = "Parameter containing:\ntensor([[" + ", ".join(["0.0094"] * 60) + "]])"
    doc.add_action("say", {"tensors": [], "parts": [{"text": long}]})
    win = main_window(qtbot, tmp_path, (1400, 900))
    win.session.set_document(doc)
    timeline = win.timeline
    qtbot.waitUntil(lambda: "Parameter containing" in timeline.step_label.text())
    assert timeline.step_label.text().endswith("0.0094]])')")         # the whole title
    assert "…" in timeline.step_label.fontMetrics().elidedText(
        timeline.step_label.text(), Qt.TextElideMode.ElideRight, 300)
    assert timeline.minimumSizeHint().width() < 400
    assert "0.0094]])" in timeline.step_label.toolTip()
