"""The training panel on the bundled training examples: the loss per iteration, the
marker of the shown iteration (moved by the session and moving it), the selected node's
value and gradient per iteration, its heatmap strips, and the empty and failed states."""
import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, Qt

from gradstudio.document.examples import autograd_tutorial, build
from gradstudio.document.training import add_train_loop
from gradstudio.ui import commands
from gradstudio.ui.session import Session
from gradstudio.ui.training_panel import EMPTY_TEXT, MAX_CURVES, NOT_RUN_TEXT, TrainingPanel

from driving import ids


def panel_on(qtbot, doc):
    """``(session, panel, node ids by name)`` on a new session holding ``doc``."""
    session = Session(doc)
    panel = TrainingPanel(session)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    return session, panel, ids(session)


def action_of(doc, kind):
    return next(a.id for a in doc.timeline if a.kind == kind)


@pytest.fixture
def regression(qtbot):
    return panel_on(qtbot, build("09_linear_regression"))


# ----------------------------------------------------------------------------- loss curve
def test_linear_regression_loss_curve_is_the_history(regression):
    session, panel, n = regression
    history = panel.history
    assert panel.loop_id == action_of(session.document, "loop")
    assert panel.curve_names() == ["loss"]          # w and b are watched, but parameters
    x, y = panel.curve_data("loss")
    assert np.array_equal(x, np.arange(30))
    assert np.array_equal(y, history.scalar(n["loss"]))
    assert np.all(np.diff(y) < 0) and y[-1] < y[0] / 100
    assert panel.marker_iteration() == 29
    assert panel.status.text().startswith("iteration 30 of 30")
    assert not panel.chooser.isVisibleTo(panel) and panel.empty_text() == ""


def test_log_scale_changes_the_axis_not_the_data(regression):
    _, panel, _ = regression
    before = panel.curve_data("loss")[1].copy()
    panel.log_scale.setChecked(True)
    assert panel.loss_plot.getAxis("left").logMode
    assert np.array_equal(panel.curve_data("loss")[1], before)


# ----------------------------------------------------------------------------- the marker
def test_marker_follows_the_session_and_drives_it(qtbot, regression):
    session, panel, _ = regression
    loop = panel.loop_id
    items = list(panel.loss_curves.items)
    with qtbot.waitSignal(session.run_finished):
        session.set_iteration(loop, 3)
    assert panel.marker_iteration() == 3
    assert panel.status.text().startswith("iteration 4 of 30")
    assert panel.loss_curves.items == items          # redrawn in place, not made again

    line = panel.markers[0]
    line.setValue(11.4)                              # as a drag leaves it
    with qtbot.waitSignal(session.run_finished):
        line.sigPositionChangeFinished.emit(line)
    assert session.iteration(loop) == 11
    assert panel.marker_iteration() == 11
    assert all(m.value() == 11 for m in panel.markers)

    line.setValue(500)                               # the line stops at the last one
    line.sigPositionChangeFinished.emit(line)
    assert session.focus[loop] == 29 and panel.marker_iteration() == 29
    panel.show_iteration(-2.7)                       # rounded, kept to those that ran
    assert session.focus[loop] == 0 and panel.marker_iteration() == 0
    panel.show_iteration(1e6)
    assert session.focus[loop] == 29 and panel.marker_iteration() == 29


def test_a_click_in_the_loss_plot_shows_that_iteration(qtbot, regression):
    session, panel, _ = regression
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.loss_plot.getViewBox()
    y = view.viewRange()[1]
    scene_point = view.mapViewToScene(QPointF(7, (y[0] + y[1]) / 2))
    pixel = panel.curves_view.mapFromScene(scene_point)
    with qtbot.waitSignal(session.run_finished):
        qtbot.mouseClick(panel.curves_view.viewport(), Qt.MouseButton.LeftButton, pos=pixel)
    assert session.iteration(panel.loop_id) == 7 and panel.marker_iteration() == 7


# ----------------------------------------------------------------------------- selected node
def grad_curve(qtbot, name):
    session, panel, n = panel_on(qtbot, build(name))
    session.select([n["w"]])
    assert panel.node_curve_names() == ["w", "w.grad"]
    assert panel.node_title() == "w per iteration"
    x, g = panel.curve_data("w.grad")
    assert np.array_equal(g, panel.history.grads[n["w"]].reshape(-1))
    assert np.array_equal(x, np.arange(30))
    return np.abs(g)


def test_forgetting_zero_grad_shows_the_gradients_piling_up(qtbot):
    zeroed = grad_curve(qtbot, "09_linear_regression")
    piled = grad_curve(qtbot, "10_forgetting_zero_grad")
    assert zeroed[0] == pytest.approx(piled[0])      # the same first backward
    assert zeroed[2] < zeroed[1] < zeroed[0]         # zeroed: the gradient shrinks
    assert piled[2] > piled[1] > piled[0]            # piled up: it grows
    assert piled.max() > 1.5 * zeroed.max()


def test_nothing_tracked_selected_shows_the_parameters(regression):
    session, panel, n = regression
    assert panel.node_curve_names() == ["w", "b"]
    assert np.array_equal(panel.curve_data("b")[1], panel.history.scalar(n["b"]))
    session.select([n["xw"]])                        # computed, not kept per iteration
    assert panel.node_curve_names() == ["w", "b"]
    assert panel.node_title().startswith("xw is not tracked")
    assert panel.heatmap_shape() is None             # no tensor of several elements


def test_the_loss_selected_is_not_plotted_a_second_time(regression):
    session, panel, n = regression
    session.select([n["loss"]])
    assert panel.curve_names() == ["loss"]                 # on the loss plot
    assert "loss" not in panel.node_curve_names()          # and not again beside it
    assert panel.node_curve_names() == ["w", "b"]
    assert panel.node_title().startswith("loss is on the loss plot")


def test_learning_rate_edit_redraws_the_new_losses(qtbot, regression):
    session, panel, n = regression
    old = panel.curve_data("loss")[1].copy()
    update = action_of(session.document, "update")
    with qtbot.waitSignal(session.run_finished):
        session.push(commands.SetActionParam(session.document, update, "lr", 0.001))
    new = panel.curve_data("loss")[1]
    assert np.array_equal(new, panel.history.scalar(n["loss"]))
    assert new[0] == old[0] and new[-1] > 10 * old[-1]   # a smaller step learns slower
    session.undo_stack.undo()
    assert np.array_equal(panel.curve_data("loss")[1], old)


# ----------------------------------------------------------------------------- heatmaps
def test_xor_heatmap_has_a_row_per_element_and_a_column_per_iteration(qtbot):
    session, panel, n = panel_on(qtbot, build("13_xor_mlp_adam"))
    assert panel.heatmap_shape() == (4, 200)         # nothing selected: p, 4 elements
    session.select([n["hidden_weight"]])
    assert panel.heatmap_shape() == (8, 200)
    values = panel.history.values[n["hidden_weight"]].reshape(200, 8)
    assert np.array_equal(panel.value_strip.image.image, values.T)
    low, high = panel.value_strip.image.getLevels()
    assert low == -high == -np.abs(values).max()     # symmetric about zero
    assert len(panel.node_curve_names()) == 2 * MAX_CURVES
    assert panel.node_curve_names()[1] == "hidden_weight[0, 1]"
    assert panel.curve_names() == ["loss"]


# ----------------------------------------------------------------------------- other states
def test_no_loop_shows_the_empty_state(qtbot, regression):
    _, empty, _ = panel_on(qtbot, autograd_tutorial())
    assert empty.empty_text() == EMPTY_TEXT and empty.loop_id is None
    assert empty.marker_iteration() is None and empty.curves_view is None   # no plot made

    session, panel, _ = regression
    assert panel.empty_text() == ""
    session.push(commands.RemoveAction(session.document, panel.loop_id))
    assert panel.empty_text() == EMPTY_TEXT and panel.loop_id is None
    session.undo_stack.undo()
    assert panel.empty_text() == "" and panel.curve_names() == ["loss"]
    # a loop without its end does not run: said, not drawn
    session.push(commands.RemoveAction(session.document,
                                       action_of(session.document, "end_loop")))
    assert panel.empty_text() == NOT_RUN_TEXT and panel.marker_iteration() is None


def test_a_failing_loop_says_where_it_stopped(qtbot, regression):
    session, panel, n = regression
    session.select([n["w"]])
    update = action_of(session.document, "update")
    with qtbot.waitSignal(session.run_finished):
        session.push(commands.SetActionParam(session.document, update, "no_grad", False))
    assert panel.history.failed == 0
    assert "stopped at an error in iteration 1" in panel.status.text()
    assert panel.marker_iteration() == 0
    assert len(panel.curve_data("loss")[1]) == 0
    # the failed iteration's backward did run: its gradient is shown
    assert panel.curve_data("w.grad")[1].tolist() == [-28.040000915527344]
    assert panel.heatmap_shape() is None                 # no value: no column yet
    assert panel.grad_strip.image.image.tolist() == [[-28.040000915527344]]
    session.undo_stack.undo()
    assert "stopped" not in panel.status.text() and panel.marker_iteration() == 29


def test_two_loops_give_a_chooser(qtbot):
    doc = build("09_linear_regression")
    n = {doc.display_name(i): i for i in doc.node_ids}
    add_train_loop(doc, [n["w"], n["b"]], n["loss"], count=5, lr=0.01)
    session, panel, _ = panel_on(qtbot, doc)
    assert panel.chooser.isVisibleTo(panel)
    assert [panel.chooser.itemText(i) for i in range(2)] == [
        "loop 1: for epoch in range(30)", "loop 2: for epoch in range(5)"]
    panel.chooser.setCurrentIndex(1)
    assert panel.loop_id == [a.id for a in doc.timeline if a.kind == "loop"][1]
    assert len(panel.curve_data("loss")[1]) == 5 and panel.marker_iteration() == 4
    assert panel.status.text().startswith("iteration 5 of 5")


def test_a_new_document_shows_its_own_loop(qtbot, regression):
    session, panel, _ = regression
    session.set_document(build("13_xor_mlp_adam"))
    assert panel.loop_id == action_of(session.document, "loop")
    assert len(panel.curve_data("loss")[1]) == 200 and panel.marker_iteration() == 199
    session.set_document(autograd_tutorial())
    assert panel.empty_text() == EMPTY_TEXT


def test_the_plots_are_made_when_a_loop_first_needs_them(qtbot):
    session, panel, _ = panel_on(qtbot, autograd_tutorial())
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.empty_text() == EMPTY_TEXT and panel.marker_iteration() is None
    assert not panel.findChildren(pg.GraphicsView)   # no loop: no plot made, not just hidden
    panel.log_scale.setChecked(True)                 # applies to the plots made later

    session.set_document(build("09_linear_regression"))
    n = ids(session)
    assert panel.empty_text() == "" and panel.curve_names() == ["loss"]
    assert np.array_equal(panel.curve_data("loss")[1], panel.history.scalar(n["loss"]))
    assert panel.node_curve_names() == ["w", "b"] and panel.marker_iteration() == 29
    assert panel.loss_plot.getAxis("left").logMode
    layout = panel.layout()                          # in the panel's layout as before
    assert [layout.itemAt(i).widget() for i in (0, 2, 3, 4)] == [
        panel.live_bar, panel.empty, panel.curves_view, panel.strips_view]
    assert [layout.stretch(i) for i in range(5)] == [0, 0, 1, 2, 1]
    assert panel.curves_view.isVisible() and panel.empty.isHidden()
    assert panel.strips_view.isHidden()              # w and b have one element each

    session.set_document(autograd_tutorial())        # made once, then hidden and shown
    assert panel.empty_text() == EMPTY_TEXT and panel.curves_view.isHidden()
    assert len(panel.findChildren(pg.GraphicsView)) == 2


def test_a_short_panel_keeps_its_height_for_the_curves(qtbot):
    session, panel, n = panel_on(qtbot, build("13_xor_mlp_adam"))
    panel.show()
    qtbot.waitExposed(panel)
    session.select([n["hidden_weight"]])
    assert not panel.strips_view.isHidden()
    panel.resize(900, 250)
    assert panel.strips_view.isHidden() and not panel.curves_view.isHidden()
    panel.resize(900, 500)
    assert not panel.strips_view.isHidden()


def test_a_narrow_panel_shows_its_plots_one_above_the_other(qtbot):
    """(Side by side in a 275-pixel dock, each plot kept a sliver between its axes and its
    iteration ticks were written over each other: seen under Xvfb at 1024×640.) Not in a
    short panel, where stacked they would be flat lines."""
    from gradstudio.ui.training_panel import STACKED_BELOW, STACKED_FROM
    session, panel, n = panel_on(qtbot, build("13_xor_mlp_adam"))
    panel.show()
    qtbot.waitExposed(panel)
    session.select([n["hidden_weight"]])

    def cells():
        return [panel.curves_view.ci.items[p][0] for p in (panel.loss_plot, panel.node_plot)]
    assert cells() == [(0, 0), (0, 1)] and not panel.stacked
    panel.resize(STACKED_BELOW - 200, STACKED_FROM + 100)
    assert cells() == [(0, 0), (1, 0)] and panel.stacked
    assert panel.strips_view.ci.items[panel.grad_strip.plot][0] == (1, 0)
    qtbot.waitUntil(lambda: panel.loss_plot.getViewBox().width() > 100)
    assert panel.loss_plot.getViewBox().width() > panel.width() / 2 - 20
    panel.resize(STACKED_BELOW - 200, STACKED_FROM - 100)
    assert cells() == [(0, 0), (0, 1)] and not panel.stacked
    panel.resize(900, 500)
    assert cells() == [(0, 0), (0, 1)] and not panel.stacked
    assert len(panel.loss_curves.shown()) >= 1           # (the curves kept their items)


def test_a_long_status_line_never_widens_the_panel(qtbot):
    """("iteration 120 of 120 (epoch = 29, step = 119)" widened the dock of a 1024×640
    window past its width, with a scroll bar under it.) It is cut with "…", the whole
    line and how to scrub in its tooltip."""
    from gradstudio.ui.training_panel import SCRUB_TIP
    session, panel, n = panel_on(qtbot, build("13_xor_mlp_adam"))
    panel.show()
    qtbot.waitExposed(panel)
    long = "iteration 120 of 120 (epoch = 29, step = 119) " * 3
    narrowest = panel.minimumSizeHint().width()
    panel.status.setText(long)
    assert panel.minimumSizeHint().width() == narrowest < 600
    panel.resize(300, 500)
    qtbot.waitUntil(lambda: panel.status.width() < 300)
    shown = QLabel_text(panel.status)
    assert shown.endswith("…") and panel.status.text() == long
    assert long.strip() in panel.status.toolTip() and SCRUB_TIP in panel.status.toolTip()
    panel.status.setText("iteration 3 of 5")
    assert panel.status.toolTip() == SCRUB_TIP


def QLabel_text(label):
    from PySide6.QtWidgets import QLabel
    return QLabel.text(label)


# ----------------------------------------------------------------------------- titles
@pytest.mark.parametrize("label, whole_words", [
    ("conv1d_n7", "conv1d_n7 is not tracked"),
    ("encoder_hidden_2", "encoder_hidden_2")])
def test_a_long_title_is_readable_in_a_1024_by_640_window(qtbot, tmp_path, label,
                                                          whole_words):
    """At 1024×640 the training dock is narrow: the selected node's plot title takes
    the plot's whole width and at most two lines, every line within the plot, the
    node's name whole; what did not fit ends in "…" and the tooltip is the whole title."""
    from driving import main_window
    w = main_window(qtbot, tmp_path, (1024, 640))
    w.files.set_document(build("09_linear_regression"))
    n = ids(w.session)
    w.session.document.set_label(n["xw"], label)
    w.docks["training"].raise_()
    qtbot.waitUntil(lambda: "training" in w.built_panels())
    panel = w.training_panel
    w.session.select([n["xw"]])
    whole = f"{label} is not tracked (tick watched) · parameters per iteration"
    qtbot.waitUntil(lambda: panel.node_title() == whole)
    plot = panel.node_plot
    assert plot.width() < 300                          # too narrow for the whole line
    shown, tip = panel.node_title_shown()
    lines = shown.split("<br>")
    assert len(lines) == 2, (lines, plot.width())
    assert whole_words in (" ".join(lines), "".join(lines)) or \
        "".join(lines).startswith(whole_words) or " ".join(lines).startswith(whole_words)
    assert lines[1].endswith("…") and tip == whole
    assert plot.titleLabel.item.boundingRect().width() <= plot.width()
    assert plot.titleLabel.height() >= plot.titleLabel.item.boundingRect().height() - 2
    wide = TrainingPanel(w.session)                     # with room: one line, no tooltip
    qtbot.addWidget(wide)
    wide.resize(1400, 500)
    wide.show()
    qtbot.waitUntil(lambda: wide.node_title_shown() == (whole, ""))
