"""The panels behind another dock's tab when the window opens (autograd graph, lesson,
training, step-through, Jacobian) are not built for the first paint: each is built the
first time its dock is shown, or the window's attribute is read, and then shows the
session as it is. These tests keep that laziness from coming undone unnoticed."""
import ast

import pytest
from PySide6.QtCore import QSettings

from gradstudio.document.examples import build
from gradstudio.document.walk import walk_actions
from gradstudio.ui import main_window as mw
from gradstudio.ui.panel import SessionPanel

from driving import ids, main_window, started

LATE = ("autograd", "lesson", "training", "walk", "probe")
ATTRIBUTE = {"autograd": "autograd_view", "lesson": "lesson_panel",
             "training": "training_panel", "walk": "walk_panel", "probe": "probe_panel"}
MODULES = ("gradstudio.ui.autograd_view", "gradstudio.ui.lesson_panel",
           "gradstudio.ui.training_panel", "gradstudio.ui.walk_panel",
           "gradstudio.ui.probe_panel",
           # the tracer (and its subprocess): imported to open a notebook or a script
           "gradstudio.document.trace", "gradstudio.document.notebook_trace")


@pytest.fixture
def tutorial(qtbot, tmp_path):
    """A shown window on the autograd tutorial, its docks as they start."""
    w = main_window(qtbot, tmp_path, (1500, 950))
    w.files.open_example(mw.example_paths()[0])
    return w


def _panels(w):
    return sorted(type(p).__name__ for p in w.findChildren(SessionPanel))


def test_the_panels_behind_a_tab_are_not_built_at_start(tutorial):
    w = tutorial
    assert w.built_panels() == []
    assert _panels(w) == ["CodePanel", "Inspector", "TimelinePanel"]
    for name in LATE:
        assert not isinstance(w.dock_content(name), SessionPanel)
        assert w.docks[name].visibleRegion().isEmpty()       # (behind a tab indeed)


# As ``gradstudio`` starts the window, its event loop replaced by one that stops at the
# first paint: which of the late panels' modules are loaded, which panels are built.
_STARTED = r"""
import sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from gradstudio.ui import main_window

class FirstPaint(QObject):
    painted = False
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            FirstPaint.painted = True
        return False

def exec_until_painted(self=None):
    app = QApplication.instance()
    watcher = FirstPaint()
    app.installEventFilter(watcher)
    while not FirstPaint.painted:
        app.processEvents()
    window = next(w for w in app.topLevelWidgets() if isinstance(w, main_window.MainWindow))
    print("built", window.built_panels())
    print("loaded", sorted(m for m in sys.modules if m.startswith("gradstudio.")))
    window.session.mark_saved()
    window.close()
    return 0

QApplication.exec = exec_until_painted
from gradstudio.app.cli import main
sys.exit(main([]))
"""


def test_the_started_window_paints_without_the_late_panels_or_the_tracer(tmp_path):
    lines = dict(line.split(" ", 1) for line in started(tmp_path, _STARTED).splitlines())
    assert lines["built"] == "[]"
    loaded = ast.literal_eval(lines["loaded"])
    assert "gradstudio.ui.main_window" in loaded
    assert [m for m in MODULES if m in loaded] == []


def test_the_window_knows_a_notebook_without_importing_the_tracer():
    from gradstudio.document.notebook_trace import NOTEBOOK_SUFFIX
    from gradstudio.ui import window_files
    assert window_files.NOTEBOOK_SUFFIX == NOTEBOOK_SUFFIX


def _shows_the_tutorial(w, name):
    """Whether the panel of dock ``name`` shows the tutorial's current run."""
    s, n = w.session, ids(w.session)
    if name == "autograd":
        return w.autograd_view.root == n["y"] and w.autograd_view.items
    if name == "lesson":
        panel = w.lesson_panel
        return panel.lesson is s.document.lesson and len(panel.cells) > 0
    if name == "training":
        return w.training_panel.loop_id is None        # the tutorial has no loop
    if name == "walk":
        panel = w.walk_panel
        record = s.walk_record(panel.index)
        return (panel.index == walk_actions(s.document, s.result)[0]
                and panel.steps.count() == len(record.steps) + 1)
    return w.probe_panel.output == n["out"] and w.probe_panel.jacobian is not None


@pytest.mark.parametrize("name", LATE)
def test_a_late_dock_shown_builds_its_panel_on_the_current_run(tutorial, qtbot, name):
    w = tutorial
    w.session.select([ids(w.session)["y"]])
    dock = w.docks[name]
    dock.raise_()
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty())
    assert w.built_panels() == [name]
    panel = w.dock_content(name)
    assert isinstance(panel, SessionPanel) and panel is getattr(w, ATTRIBUTE[name])
    assert panel.isVisible() and panel.shown
    assert _shows_the_tutorial(w, name)


def test_a_panel_read_while_tabbed_away_waits_until_it_is_shown(tutorial, qtbot):
    w = tutorial
    panel = w.probe_panel
    assert w.built_panels() == ["probe"] and w.dock_content("probe") is panel
    assert not panel.shown and panel.output is None and panel.jacobian is None  # no work
    w.docks["probe"].raise_()
    qtbot.waitUntil(lambda: panel.shown)
    assert _shows_the_tutorial(w, "probe")
    assert w.probe_panel is panel                           # built once


def test_a_document_with_a_loop_brings_the_training_panel_forward(tutorial, qtbot):
    w = tutorial
    w.session.set_document(build("09_linear_regression"))
    dock = w.docks["training"]
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty())
    assert w.built_panels() == ["training"]
    (loop,) = w.session.result.histories
    assert w.training_panel.loop_id == loop and w.training_panel.curves_view is not None


def test_the_commands_that_need_a_late_panel_build_it(tutorial, qtbot):
    w = tutorial
    w.step_through()                         # the step-through and the autograd graph
    assert w.built_panels() == ["autograd", "walk"]
    assert w.session.walk == (0, 0) and "Before the pass" in \
        w.walk_panel.explanation.toPlainText()
    w.show_probe()
    w.show_lesson()
    assert w.built_panels() == ["autograd", "lesson", "probe", "walk"]
    assert _shows_the_tutorial(w, "lesson")


def test_a_layout_saved_with_a_late_dock_in_front_builds_it_at_start(qtbot, tmp_path):
    first = main_window(qtbot, tmp_path)
    first.docks["walk"].raise_()
    qtbot.waitUntil(lambda: not first.docks["walk"].visibleRegion().isEmpty())
    assert first.close()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    second = mw.MainWindow(settings=settings)
    assert second.built_panels() == []              # laid out, not shown yet
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert second.built_panels() == ["walk"]
    assert second.walk_panel.isVisible() and second.walk_panel.shown
