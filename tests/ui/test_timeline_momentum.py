"""Momentum by hand in the timeline (issue 32, point 2): its row reads the statements the
export writes, the inspector has an editor per setting (the velocities a checkable list,
the form a choice, Nesterov a box), an edit is one undo step that runs again."""
import os
import sys

from PySide6.QtWidgets import QCheckBox, QComboBox, QListWidget

from gradstudio.document import run
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import shown

# (the document built by the document tests of momentum_update)
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "document"))
from test_momentum_by_hand import momentum_doc  # noqa: E402


def test_its_row_editors_and_undo(qtbot):
    doc, step, (w, b, vw, vb) = momentum_doc(count=3)
    session = Session(doc)
    panel = shown(qtbot, TimelinePanel(session), (900, 520))
    at = [a.id for a in doc.timeline].index(step)
    assert panel.list.item(at).text().endswith(
        "with torch.no_grad(): vw.mul_(0.9).add_(w.grad); w -= 0.01 * vw; "
        "vb.mul_(0.9).add_(b.grad); b -= 0.01 * vb")
    panel.select_action(step)
    editors = panel.details.param_editors
    assert isinstance(editors["velocities"], QListWidget)
    assert isinstance(editors["form"], QComboBox) and isinstance(editors["nesterov"], QCheckBox)
    before = run(doc).state(w).value.copy()
    editors["nesterov"].setChecked(True)
    assert doc.action(step).params["nesterov"] is True
    assert session.result.action_error(step) is None
    assert (run(doc).state(w).value != before).all()
    editors = panel.details.param_editors
    editors["form"].setCurrentText("assign")
    assert doc.action(step).params["form"] == "assign"
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert doc.action(step).params["nesterov"] is False
    assert doc.action(step).params["form"] == "mul_add"
    assert (run(doc).state(w).value == before).all()
