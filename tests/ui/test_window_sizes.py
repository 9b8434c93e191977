"""The window on a small screen: the canvas keeps most of the window and the docks give
way (their panels scroll), and the first start fits the screen."""
import pytest
from PySide6.QtCore import QSize

from gradstudio.ui import main_window as mw
from gradstudio.ui.docks import first_size

from driving import main_window


@pytest.mark.parametrize("size", [(1024, 640), (900, 560)])
@pytest.mark.parametrize("bottom", ["code", "probe", "walk", "training"])
def test_the_canvas_keeps_most_of_a_small_window(qtbot, tmp_path, size, bottom):
    w = main_window(qtbot, tmp_path, (1500, 940))
    w.files.open_example(mw.example_paths()[0])
    w.docks[bottom].raise_()             # (the Jacobian panel is the tallest)
    w.resize(*size)

    def roomy():
        canvas = w.canvas.size()
        return canvas.height() >= 0.5 * w.height() and canvas.width() >= 0.5 * w.width()
    qtbot.waitUntil(roomy, timeout=2000)


def test_a_dock_holds_its_panel_in_a_scroll_area(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (900, 560))
    w.files.open_example(mw.example_paths()[0])
    w.docks["probe"].raise_()
    qtbot.waitUntil(lambda: w.built_panels() == ["probe"])
    assert w.dock_content("probe") is w.probe_panel
    assert w.docks["probe"].minimumSizeHint().height() < \
        w.probe_panel.minimumSizeHint().height()


class _Screen:
    def __init__(self, width, height):
        self.room = QSize(width, height)

    def availableGeometry(self):
        from PySide6.QtCore import QRect
        return QRect(0, 0, self.room.width(), self.room.height())


def test_the_first_size_fits_the_screens_available_room():
    assert first_size(_Screen(3000, 2000)) == QSize(1500, 940)
    small = first_size(_Screen(1366, 728))
    assert small.width() <= 1366 and small.height() <= 728
    assert small.width() >= 1300 and small.height() >= 650
    assert first_size(None) == QSize(1500, 940)


def test_the_step_through_explanation_has_room_at_1366_by_768(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path, (1350, 720))
    w.files.open_example(mw.example_paths()[0])
    w.step_through()
    explanation = w.walk_panel.explanation
    qtbot.waitUntil(lambda: explanation.isVisible() and explanation.width() >= 300,
                    timeout=2000)


@pytest.mark.parametrize("size", [(1366, 768), (900, 560)])
def test_vtj_shows_every_row_in_the_docked_probe_panel(qtbot, tmp_path, size):
    w = main_window(qtbot, tmp_path, size)
    w.files.open_example(mw.example_paths()[0])
    w.show_probe()
    panel = w.probe_panel
    qtbot.waitUntil(lambda: panel.vtj_text.isVisible() and panel.vjp_row is not None,
                    timeout=2000)
    for label in (panel.v_text, panel.vtj_text, panel.grad_text, panel.jacobian_caption,
                  panel.vjp_caption):
        need = label.heightForWidth(label.width()) if label.wordWrap() else \
            label.minimumSizeHint().height()
        qtbot.waitUntil(lambda: label.height() >= need, timeout=1000)
    assert panel.vtj_text.text().count("\n") == 1               # both rows of the 2 × 2
