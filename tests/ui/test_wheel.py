"""The mouse wheel over a panel's combo box or spin box changes it only once the user has
put the focus there; scrolling past it to read an error changes nothing."""
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox

from gradstudio.document import files
from gradstudio.document.examples import build

from driving import ids, main_window


def _wheel(widget, down=True):
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, -120 if down else 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_an_unfocused_timeline_combo_changes_nothing(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1400, 900))
    w.session.set_document(build("05_retain_graph"))
    w.timeline.select_action(w.session.document.timeline[0].id)
    combo = w.timeline.details.param_editors["target"]
    assert isinstance(combo, QComboBox)
    qtbot.waitUntil(combo.isVisible)                  # a new editor is shown by the loop
    before = files.dumps(w.session.document)
    w.canvas.setFocus()
    _wheel(combo)
    _wheel(combo, down=False)
    assert files.dumps(w.session.document) == before
    w.activateWindow()
    qtbot.waitActive(w)
    combo.setFocus(Qt.FocusReason.MouseFocusReason)      # as a click gives it the focus
    qtbot.waitUntil(combo.hasFocus)
    index = combo.currentIndex()
    _wheel(combo, down=index < combo.count() - 1)
    assert combo.currentIndex() != index            # focused, the wheel is the user's choice
    assert files.dumps(w.session.document) != before


def test_the_wheel_over_unfocused_inspector_fields_changes_nothing(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1400, 900))
    w.session.set_document(build("01_autograd_tutorial"))
    w.session.select([ids(w.session)["x"]])                  # ones(..., dtype=...)
    boxes = [w.inspector.editor(name) for name in ("dtype",)]
    assert all(isinstance(b, (QComboBox, QSpinBox)) for b in boxes)
    qtbot.waitUntil(lambda: all(b.isVisible() for b in boxes))
    assert boxes
    before = files.dumps(w.session.document)
    w.canvas.setFocus()
    for box in boxes:                 # a turn that would move it (not at its last item)
        _wheel(box, down=box.currentIndex() < box.count() - 1)
    assert files.dumps(w.session.document) == before


def test_the_wheel_over_a_step_slider_changes_no_step_unless_it_has_the_focus(qtbot,
                                                                              tmp_path):
    from gradstudio.ui import main_window as mw
    w = main_window(qtbot, tmp_path, (1500, 940))
    w.files.open_example(mw.example_paths()[0])
    w.step_through()
    sliders = [w.timeline.slider, w.timeline.walk_slider, w.walk_panel.slider]
    for slider in sliders:
        qtbot.waitUntil(slider.isVisible, timeout=1000)
        assert slider.focusPolicy() == Qt.FocusPolicy.StrongFocus
        before = slider.value()
        _wheel(slider, down=before != slider.minimum())
        assert slider.value() == before                  # only passed on to its panel
    # focused (clicked or tabbed into), the wheel moves it as usual
    slider = w.timeline.slider
    slider.setFocus()
    qtbot.waitUntil(slider.hasFocus, timeout=1000)
    before = slider.value()
    _wheel(slider, down=before != slider.minimum())
    assert slider.value() != before
