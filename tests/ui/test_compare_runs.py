"""Compare Runs as a student uses it: keep the tutorial's run, add a second backward,
see x.grad double in the list and the changed nodes ringed on the canvas."""
from PySide6.QtCore import Qt

from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui.commands import AddAction, SetActionParam
from driving import main_window


def test_what_changed_since_the_kept_run(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1366, 768))
    s = w.session
    with qtbot.waitSignal(s.run_finished):
        s.set_document(autograd_tutorial())
    w.docks["compare"].show()
    w.docks["compare"].raise_()
    panel = w.panel("compare")
    qtbot.mouseClick(panel.keep_button, Qt.LeftButton)
    assert panel.lines() == [] and "nothing changed" in panel.status.text()
    doc = s.document
    with qtbot.waitSignal(s.run_finished):
        s.push(SetActionParam(doc, doc.timeline[0].id, "retain_graph", True))
    with qtbot.waitSignal(s.run_finished):
        s.push(AddAction(doc, "backward", {"target": "n5"}))
    assert "x.grad: [[4.5, 4.5]…] → [[9, 9]…]" in panel.lines()
    assert set(panel.marks.marks) == {"n1", "n4"}          # x and z: their grads doubled
    panel.list.setCurrentRow(panel.lines().index("x.grad: [[4.5, 4.5]…] → [[9, 9]…]"))
    assert s.selection == ["n1"]
    # undo both: nothing changed any more
    for _ in range(2):
        with qtbot.waitSignal(s.run_finished):
            s.undo_stack.undo()
    assert panel.lines() == [] and panel.marks.marks == {}
    qtbot.mouseClick(panel.forget_button, Qt.LeftButton)
    assert panel.kept is None
