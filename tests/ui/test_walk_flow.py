"""Stepping through a backward pass in the window, as a teacher does in front of a class:
Ctrl+Shift+B starts at the backward of the timeline, F10 runs the next grad_fn and F9
goes back; each step lights up the grad_fn in the autograd graph and the node on the
canvas, writes the gradients sent on the arrows, greys out freed buffers, and the
explanation gives the chain rule in names and numbers. The timeline's backward-step
scrubber moves the same walk; Play runs it; Export Frames writes one PNG per step."""
import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

import gradstudio.engine as engine
from gradstudio.document.examples import build

from driving import main_window


def _key(qtbot, w, key, modifiers=Qt.KeyboardModifier.NoModifier):
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    target = w.canvas.viewport() if w.canvas.viewport().hasFocus() else w.canvas
    qtbot.keyClick(target, key, modifiers)


@pytest.fixture
def tutorial(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1500, 950))
    w.session.set_document(build("01_autograd_tutorial"))
    return w


def _engine_steps():
    x = engine.ones(2, 2, requires_grad=True)
    y = x + 2
    z = y * y * 3
    with engine.autograd.observe() as steps:
        z.mean().backward()
    return steps


def test_stepping_through_the_tutorial_backward_with_the_keyboard(qtbot, tutorial):
    w = tutorial
    s = w.session
    _key(qtbot, w, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier |
         Qt.KeyboardModifier.ShiftModifier)
    assert s.walk == (0, 0)
    assert not w.docks["walk"].visibleRegion().isEmpty()
    assert "Before the pass" in w.walk_panel.explanation.toPlainText()
    doc = s.document
    expected = _engine_steps()
    owners = ["out", "z", "y_times_y", "y", "x"]
    for k, (seen, owner) in enumerate(zip(expected, owners), 1):
        _key(qtbot, w, Qt.Key.Key_F10)
        assert s.walk == (0, k)
        running = [it for it in w.autograd_view.items.values() if it.running]
        assert [it.attrs["name"] for it in running] == [seen.name]
        assert [doc.display_name(n) for n in w.canvas.scene().walk_marks.marks] == [owner]
        text = w.walk_panel.explanation.toPlainText()
        assert f"Step {k}:" in text
        step = s.current_walk().steps[k - 1]
        np.testing.assert_array_equal(step.received, seen.grad_output)
        # the arrows out of the running box carry what the engine sent
        sent = [e.flow.text() for e in w.autograd_view.edges
                if e.source == running[0].key and e.flow is not None and e.flow.isVisible()]
        assert len(sent) == sum(g is not None for g in seen.grad_inputs)
    assert "MulBackward0 of z = y_times_y * 3" in \
        w.walk_panel.steps.item(2).text() + s.current_walk().steps[1].title
    # the chain rule in numbers at step 2, and the freed buffer greyed out by then
    _key(qtbot, w, Qt.Key.Key_F9)
    _key(qtbot, w, Qt.Key.Key_F9)
    _key(qtbot, w, Qt.Key.Key_F9)
    assert s.walk == (0, 2)
    text = w.walk_panel.explanation.toPlainText()
    assert "∂out/∂y_times_y = ∂out/∂z * 3" in text
    assert "[[0.25, 0.25], [0.25, 0.25]] * 3 = [[0.75, 0.75], [0.75, 0.75]]" in text
    freed = {it.attrs["name"] + str(it.freed) for it in w.autograd_view.items.values()
             if it.attrs["name"] == "MulBackward0"}
    assert freed == {"MulBackward0True", "MulBackward0False"}
    assert not w.errors, w.errors


def test_the_second_backward_adds_four_and_a_half_to_four_and_a_half(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1500, 950))
    w.session.set_document(build("05_retain_graph"))
    w.step_through()
    panel = w.walk_panel
    second = panel.action_box.findData(1)
    panel.action_box.setCurrentIndex(second)
    panel.action_box.activated.emit(second)
    assert w.session.walk == (1, 0)
    panel.last_button.click()
    text = panel.explanation.toPlainText()
    assert "AccumulateGrad into x.grad" in text
    assert "[[9, 9], [9, 9]] = [[4.5, 4.5], [4.5, 4.5]] + [[4.5, 4.5], [4.5, 4.5]]" in text
    assert w.inspector is not None and w.session.step == 2   # after the action, at its end


def test_the_timeline_scrubber_reaches_each_engine_step(qtbot, tutorial):
    w = tutorial
    s = w.session
    s.set_step(1)                                   # after the backward
    row = w.timeline.walk_row
    assert row.isVisible() and w.timeline.walk_slider.maximum() == 5
    w.timeline.walk_slider.setValue(3)
    assert s.walk == (0, 3) and s.step == 0         # before the action, mid-pass
    assert "3 of 5: MulBackward0" in w.timeline.walk_label.text()
    w.docks["walk"].raise_()                        # a panel tabbed away catches up
    qtbot.waitUntil(lambda: w.walk_panel.steps.currentRow() == 3)
    w.timeline.slider.setValue(1)                   # the action slider ends the walk
    assert s.walk is None
    w.timeline.slider.setValue(0)                   # before any backward: nothing to step
    assert w.timeline.walk_slider.maximum() == 0
    assert "no backward pass" in w.timeline.walk_label.text()


def test_play_runs_the_pass_to_its_end(qtbot, tutorial):
    w = tutorial
    w.step_through()
    panel = w.walk_panel
    panel.speed_box.setCurrentIndex(panel.speed_box.count() - 1)
    panel.play_button.click()
    assert panel.playing
    qtbot.waitUntil(lambda: w.session.walk == (0, 5), timeout=5000)
    qtbot.waitUntil(lambda: not panel.playing, timeout=2000)
    assert "The pass is complete" in panel.explanation.toPlainText()


def test_export_frames_writes_one_png_per_step(qtbot, tutorial, tmp_path):
    w = tutorial
    w.step_through()
    w.session.set_walk(0, 2)
    folder = tmp_path / "frames"
    w.ask_folder = lambda caption: str(folder)
    w.walk_panel.export_button.click()
    assert not w.errors, w.errors
    frames = sorted(p.name for p in folder.iterdir())
    assert frames == [f"step_{k:03d}.png" for k in range(6)]
    image = QImage(str(folder / "step_003.png"))
    assert image.width() > 600 and image.height() > 400
    assert w.session.walk == (0, 2)                  # where the teacher was


def test_exported_frames_show_the_whole_graph_of_a_zoomed_in_canvas(qtbot, tutorial,
                                                                    tmp_path):
    w = tutorial
    w.step_through()
    for _ in range(6):
        w.canvas.zoom_in()                 # most of the graph scrolled out of view
    folder = tmp_path / "frames"
    w.ask_folder = lambda caption: str(folder)
    w.walk_panel.export_button.click()
    assert not w.errors, w.errors
    image = QImage(str(folder / "step_001.png"))
    seen = w.canvas.mapToScene(w.canvas.viewport().rect()).boundingRect()
    assert not seen.contains(w.canvas.scene().nodes_rect())
    whole = w.canvas.render_image(1.0)
    assert image.width() == whole.width() + w.autograd_view.width()
    assert image.height() >= whole.height()


def test_an_edit_keeps_the_walk_on_the_same_action(qtbot, tutorial):
    from gradstudio.ui.commands import SetParam
    w = tutorial
    s = w.session
    w.step_through()
    s.set_walk(0, 3)
    y = next(n for n in s.document.node_ids if s.document.display_name(n) == "y")
    s.push(SetParam(s.document, y, "other", 3.0))
    assert s.walk == (0, 3)
    # y is now x + 3 = 4: y * y sends 0.75 * 4 to each operand (the panel catches up
    # once the edits settle)
    qtbot.waitUntil(lambda: "= [[3, 3], [3, 3]]" in w.walk_panel.explanation.toPlainText())


def test_no_backward_no_walk(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1200, 800))
    w.step_through()
    assert w.session.walk is None
    assert "No backward pass" in w.statusBar().currentMessage()
    assert not w.walk_panel.play_button.isEnabled()
