"""Panels cost nothing until looked at: in the real window, with every panel built and
every dock closed, an edit calls none of their updates (counted, every method a panel
follows the session with) and starts none of their later updates; the run makes no
data view for a Data panel nobody sees. Shown again, each panel updates once for the run
it shows, and shows the same as a panel made fresh on that run."""
import types

import numpy as np
import pytest

import gradstudio.document.data_view as data_view_module
import gradstudio.ui.data_panel as data_panel_module
from gradstudio.document import probe
from gradstudio.document.examples_playground import playground
from gradstudio.ui import panel as panel_module
from gradstudio.ui.commands import SetParam
from gradstudio.ui.data_panel import DataPanel
from gradstudio.ui.panel import SessionPanel

from driving import ids, main_window


@pytest.fixture
def counted(monkeypatch):
    """Every method a panel follows the session with, counted: ``calls`` lists
    ``(panel class, method)`` per call; and the data view's and Jacobian's work."""
    calls = []
    real_follow = SessionPanel.follow

    def follow(self, signal, update, later=False):
        method = update.__func__

        def counting(panel, *args):
            calls.append((type(panel).__name__, method.__name__))
            return method(panel, *args)
        counting.__name__ = method.__name__
        real_follow(self, signal, types.MethodType(counting, self), later)

    monkeypatch.setattr(SessionPanel, "follow", follow)
    for module in (data_view_module, data_panel_module):
        real = module.data_view
        monkeypatch.setattr(module, "data_view", lambda doc, result, real=real: calls.append(
            ("work", "data_view")) or real(doc, result))
    real_jacobian = probe.jacobian
    monkeypatch.setattr(probe, "jacobian", lambda *a, **k: calls.append(
        ("work", "jacobian")) or real_jacobian(*a, **k))
    return calls


def _pending_updates(w):
    """The panels' later updates waiting for their timer."""
    return [u for u in w.findChildren(panel_module._Update)
            if u._timer is not None and u._timer.isActive()]


def test_closed_docks_cost_an_edit_nothing_and_show_the_new_run_when_opened(
        qtbot, tmp_path, counted):
    w = main_window(qtbot, tmp_path, (1500, 950))
    w.session.set_document(playground("make_moons", hidden=(4,), count=3, lr=0.05,
                                      points=40))
    for name in w.docks:                    # every panel built, then every dock closed
        w.panel(name) if hasattr(w, f"_make_{name}_panel") else None
    for dock in w.docks.values():
        dock.hide()
    panels = w.findChildren(SessionPanel)
    qtbot.waitUntil(lambda: not any(p.shown for p in panels) and not _pending_updates(w))
    assert {"DataPanel", "ProbePanel", "WalkPanel", "ComparePanel", "GraphList",
            "CodePanel", "Inspector"} <= {type(p).__name__ for p in panels}
    del counted[:]
    data_node = ids(w.session)["data"]
    with qtbot.waitSignal(w.session.run_finished):      # 40 points -> 42: a new run
        w.session.push(SetParam(w.session.document, data_node, "n", 42))
    assert counted == []                    # no panel updated, no data view, no Jacobian
    assert _pending_updates(w) == []        # and none waits to update later
    assert "data_view" not in w.session.result.prepared

    data = w.panel("data")
    w.docks["data"].show()
    w.docks["data"].raise_()
    qtbot.waitUntil(lambda: data.shown)
    assert counted.count(("work", "data_view")) == 1    # made once, for the run shown
    fresh = DataPanel(w.session)
    qtbot.addWidget(fresh)
    assert data.status_text() == fresh.status_text() != ""
    assert np.array_equal(data.points()[0], fresh.points()[0])
    assert np.array_equal(data.image_values(), fresh.image_values())
    assert counted.count(("work", "data_view")) == 1    # (the fresh one read the same)
    w.docks["data"].hide()
    qtbot.waitUntil(lambda: not data.shown)
    w.docks["data"].show()
    qtbot.waitUntil(lambda: data.shown)
    assert counted.count(("work", "data_view")) == 1    # no edit: nothing made again

    probe_panel = w.panel("probe")
    w.docks["probe"].show()
    w.docks["probe"].raise_()
    qtbot.waitUntil(lambda: probe_panel.shown and probe_panel.jacobian is not None)
    assert counted.count(("work", "jacobian")) >= 1
    j = probe_panel.jacobian
    again = probe.jacobian(w.session.document, w.session.result, j.output, j.input,
                           j.step)                    # (the new run's, at its step)
    assert np.array_equal(j.matrix, again.matrix)
    made = counted.count(("work", "jacobian"))
    w.docks["probe"].hide()
    qtbot.waitUntil(lambda: not probe_panel.shown)
    w.docks["probe"].show()
    qtbot.waitUntil(lambda: probe_panel.shown)
    assert counted.count(("work", "jacobian")) == made    # no edit: nothing made again
    assert _pending_updates(w) == [] and probe_panel.jacobian is j

