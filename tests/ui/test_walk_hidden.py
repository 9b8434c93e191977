"""A step-through panel whose dock is hidden costs an edit nothing: the session keeps the
walk's place from the run's own record of the pass (its step count) and builds no
explanation of it; shown again, the panel explains the new run's pass."""
import gradstudio.ui.session as session_module
from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.walk import walk_actions
from gradstudio.ui.commands import SetParam
from gradstudio.ui.session import Session
from gradstudio.ui.walk_panel import WalkPanel


def _ids(session):
    doc = session.document
    return {doc.display_name(n): n for n in doc.graph}


def test_a_hidden_step_through_does_no_work_on_edit_and_shows_the_new_pass(qtbot,
                                                                           monkeypatch):
    session = Session(autograd_tutorial())
    panel = WalkPanel(session)
    qtbot.addWidget(panel)
    index = walk_actions(session.document, session.result)[0]
    session.set_walk(index, 3)
    before = panel.explanation.toPlainText()
    assert "Step 3:" in before
    built = []
    real = session_module.walk_of
    monkeypatch.setattr(session_module, "walk_of",
                        lambda doc, result, i: built.append(i) or real(doc, result, i))
    panel.set_shown(False)        # (its dock tabbed away)
    with qtbot.waitSignal(session.run_finished):
        session.push(SetParam(session.document, _ids(session)["y"], "other", 5))
    assert built == []                             # no walk explained for nobody
    assert session.walk == (index, 3)              # the walk keeps its place
    assert panel.explanation.toPlainText() == before    # (not redrawn while hidden)

    panel.set_shown(True)
    assert built == [index]                        # built once, when looked at
    shown = panel.explanation.toPlainText()
    fresh = WalkPanel(session)
    qtbot.addWidget(fresh)
    assert shown == fresh.explanation.toPlainText() != before   # the new run's numbers
    assert "Step 3:" in shown and panel.position.text() == "step 3 of 5"
