"""Dock panels built on a Session holding the bundled autograd tutorial (x = ones(2, 2,
requires_grad=True); y = x + 2; y_times_y = y * y; z = y_times_y * 3; z.retain_grad();
out = z.mean(); out.backward()), checked both ways: the session drives the widget and the
widget drives the document."""
import os

from PySide6.QtCore import Qt

from gradstudio.document import Document
from gradstudio.document.examples import autograd_tutorial
from gradstudio.ui.autograd_view import AutogradView
from gradstudio.ui.code_view import CodePanel
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.palette import KIND_MIME, Palette
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import ids

SHOTS = os.environ.get("GRADSTUDIO_SHOTS")   # a folder: save a PNG of every panel there


def inspector_on(qtbot, session, label):
    """An Inspector on ``session`` with the node labelled ``label`` selected, and the
    node ids by label."""
    w = Inspector(session)
    qtbot.addWidget(w)
    n = ids(session)
    session.select([n[label]])
    return w, n


def shot(widget, name, size=(420, 640)):
    widget.resize(*size)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        widget.grab().save(os.path.join(SHOTS, name + ".png"))


# ----------------------------------------------------------------------------- inspector
def test_inspector_shows_selected_tensor_and_grad(qtbot, session):
    w = Inspector(session)
    qtbot.addWidget(w)
    n = ids(session)
    with qtbot.waitSignal(session.selection_changed):
        session.select([n["y_times_y"]])
    assert w.tensor_text.toPlainText() == ("tensor([[9., 9.],\n        [9., 9.]], "
                                           "grad_fn=<MulBackward0>)")
    assert "MulBackward0" in w.grad_fn.text()
    assert not w.requires_grad.isEnabled() and "source" in w.requires_grad.toolTip()
    session.select([n["x"]])
    assert w.grad_text.toPlainText() == "tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])"
    assert w.requires_grad.isEnabled() and w.requires_grad.isChecked()
    assert w.is_leaf.text() == "True" and w.grad_fn.text() == "None"
    shot(w, "inspector")


def test_inspector_param_edit_is_one_undo_step(qtbot, session):
    w, n = inspector_on(qtbot, session, "y")
    editor = w.editor("other")
    editor.setText("5")
    with qtbot.waitSignal(session.run_finished):
        editor.editingFinished.emit()
    assert session.document.node(n["y"]).params["other"] == 5
    assert session.undo_stack.count() == 1
    assert "6., 6." in session.state(n["y"]).text
    assert "6., 6." in w.tensor_text.toPlainText()
    # the document drives the widget back
    session.undo_stack.undo()
    assert editor.text() == "2"


def test_inspector_invalid_text_keeps_text_and_explains(qtbot, session):
    w, n = inspector_on(qtbot, session, "x")
    shape = w.editor("shape")
    assert shape.text() == "2, 2"
    shape.setText("2, two")
    shape.editingFinished.emit()
    assert shape.text() == "2, two"
    assert "not a number" in w.param_error("shape")
    assert session.undo_stack.count() == 0
    shape.setText("3")
    shape.editingFinished.emit()
    assert session.document.node(n["x"]).params["shape"] == (3,)
    assert w.param_error("shape") == ""


def test_requires_grad_off_removes_grad_fn_downstream(qtbot):
    # the tutorial: z's retain_grad() is left out once z needs no grad, as PyTorch would
    # refuse it, so the lesson's error comes at the backward
    session = Session(autograd_tutorial())
    w, n = inspector_on(qtbot, session, "x")
    assert session.state(n["out"]).grad_fn == "MeanBackward0"
    with qtbot.waitSignal(session.run_finished):
        w.requires_grad.click()
    assert session.document.node(n["x"]).params["requires_grad"] is False
    assert session.state(n["out"]).grad_fn is None
    session.select([n["y_times_y"]])
    assert w.grad_fn.text() == "None"
    assert w.tensor_text.toPlainText() == "tensor([[9., 9.],\n        [9., 9.]])"
    # the backward action now fails with PyTorch's message
    assert "does not require grad" in session.result.outcomes[0].error


def test_watched_checkbox_pushes_set_watched(qtbot, session):
    w, n = inspector_on(qtbot, session, "y_times_y")
    w.watched.click()
    assert session.document.node(n["y_times_y"]).watched is True
    assert session.undo_stack.count() == 1


def test_values_grid_edits_literal(qtbot):
    d = Document()
    t = d.add_node("tensor", {"value": [[1.0, 2.0], [3.0, 4.0]]}, label="t")
    s = Session(d)
    w = Inspector(s)
    qtbot.addWidget(w)
    s.select([t])
    grid = w._editors["value"].grid
    assert grid.isVisibleTo(w) and grid.rowCount() == 2 and grid.columnCount() == 2
    grid.item(1, 0).setText("7.5")
    assert d.node(t).params["value"] == [[1.0, 2.0], [7.5, 4.0]]
    assert "7.5000" in w.tensor_text.toPlainText()
    grid.item(0, 0).setText("abc")
    assert "not a number" in w.param_error("value")
    assert s.undo_stack.count() == 1


def test_node_error_shown_in_red(qtbot, session):
    w = Inspector(session)
    qtbot.addWidget(w)
    doc = session.document
    session.push(__import__("gradstudio.ui.commands", fromlist=["AddNode"]).AddNode(doc, "mm"))
    session.select([doc.node_ids[-1]])
    assert w.error.isVisibleTo(w) and "Connect an input" in w.error.text()
    assert "c62828" in w.error.styleSheet()


def test_the_plot_is_made_when_a_tensor_is_first_shown(qtbot, session):
    import pyqtgraph as pg
    w = Inspector(session)
    qtbot.addWidget(w)
    w.show()
    assert not w.findChildren(pg.GraphicsLayoutWidget)       # nothing selected: no plot
    session.select([ids(session)["y"]])
    (made,) = w.findChildren(pg.GraphicsLayoutWidget)
    assert made is w.plot and made.isVisible() and made.levels == (-3.0, 3.0)
    session.select([])
    assert w.findChildren(pg.GraphicsLayoutWidget) == [made]  # kept for the next one


def test_plot_shares_one_colour_scale(qtbot, session):
    w = Inspector(session)
    qtbot.addWidget(w)
    session.select([ids(session)["y"]])
    # value 3, grad None -> symmetric levels around 0 from the larger magnitude
    assert w.plot.levels == (-3.0, 3.0)
    session.select([ids(session)["x"]])
    assert w.plot.levels == (-4.5, 4.5)


# ----------------------------------------------------------------------------- timeline
def test_timeline_add_remove_reorder(qtbot, session):
    w = TimelinePanel(session)
    qtbot.addWidget(w)
    doc = session.document
    n = ids(session)
    assert w.list.count() == 1 and w.list.item(0).text() == "1.  out.backward()"
    session.select([n["x"]])
    w.list.setCurrentRow(0)
    w.add_actions["zero_grad"].trigger()
    assert [a.kind for a in doc.timeline] == ["backward", "zero_grad"]
    assert doc.timeline[1].params["tensor"] == n["x"]
    assert w.list.item(1).text() == "2.  x.grad.zero_()"
    assert w.current_action_id == doc.timeline[1].id
    w.up_button.click()
    assert [a.kind for a in doc.timeline] == ["zero_grad", "backward"]
    assert w.list.currentRow() == 0
    w.remove_button.click()
    assert [a.kind for a in doc.timeline] == ["backward"]
    session.undo_stack.undo()
    assert w.list.count() == 2


def test_timeline_param_editor_changes_action(qtbot, session):
    w = TimelinePanel(session)
    qtbot.addWidget(w)
    doc = session.document
    w.list.setCurrentRow(0)
    box = w.details.param_editors["retain_graph"]
    box.click()
    assert doc.timeline[0].params["retain_graph"] is True
    assert w.list.item(0).text() == "1.  out.backward(retain_graph=True)"
    target = w.details.param_editors["target"]
    target.setCurrentIndex(target.findText("z"))
    assert doc.timeline[0].params["target"] == ids(session)["z"]


def test_timeline_editor_in_use_survives_the_rerun_and_keeps_focus(qtbot, session):
    w = TimelinePanel(session)
    qtbot.addWidget(w)
    with qtbot.waitActive(w):
        w.show()
        w.activateWindow()
    w.list.setCurrentRow(0)
    target = w.details.param_editors["target"]
    target.setFocus()
    qtbot.waitUntil(target.hasFocus)
    qtbot.keyClick(target, Qt.Key.Key_Up)              # out -> the node before it
    assert session.document.timeline[0].params["target"] == target.currentData()
    assert session.undo_stack.count() == 1
    assert w.details.param_editors["target"] is target and target.hasFocus()
    session.undo_stack.undo()                          # the document drives it back
    assert target.currentText() == "out"


def test_scrubber_steps_through_time(qtbot, session):
    w = TimelinePanel(session)
    insp = Inspector(session)
    qtbot.addWidget(w)
    qtbot.addWidget(insp)
    session.select([ids(session)["x"]])
    assert w.slider.maximum() == 1 and w.slider.value() == 1
    with qtbot.waitSignal(session.step_changed):
        w.slider.setValue(0)
    assert session.step == 0
    assert insp.grad_text.toPlainText() == "None"
    assert w.step_label.text() == "after forward"
    w.slider.setValue(1)
    assert session.step == -1      # the last position follows the end of the timeline
    assert "4.5000" in insp.grad_text.toPlainText()
    assert w.step_label.text() == "after step 1: out.backward()"
    session.set_step(0)            # the session drives the slider
    assert w.slider.value() == 0


def test_second_backward_shows_pytorch_error_in_row(qtbot, session):
    w = TimelinePanel(session)
    qtbot.addWidget(w)
    w.list.setCurrentRow(0)
    w.add_actions["backward"].trigger()
    assert w.row_error(0) == ""
    assert w.row_error(1).startswith("RuntimeError: Trying to backward through the graph a "
                                     "second time")
    assert w.list.item(1).foreground().color().name() == "#c62828"
    assert "second time" in w.details.error.text() and w.details.error.isVisibleTo(w)
    shot(w, "timeline", (420, 460))


def test_a_second_time_error_points_to_the_backward_that_freed_the_graph(qtbot, session):
    """The fix for the second backward's error is retain_graph on the FIRST backward: the
    failing step says which one, and its button ticks it there (one undo step)."""
    w = TimelinePanel(session)
    qtbot.addWidget(w)
    w.show()
    w.list.setCurrentRow(0)
    w.add_actions["backward"].trigger()          # out.backward() twice
    w.list.setCurrentRow(0)
    assert not w.details.fix_button.isVisibleTo(w)       # the first step did not fail
    w.list.setCurrentRow(1)
    assert w.details.fix_button.isVisibleTo(w) and "Step 1, out.backward(), freed" in \
        w.details.fix_text.text()
    qtbot.mouseClick(w.details.fix_button, Qt.MouseButton.LeftButton)
    first, second = session.document.timeline
    assert first.params["retain_graph"] and not second.params["retain_graph"]
    assert w.row_error(1) == "" and not w.details.fix_button.isVisibleTo(w)
    assert session.state(ids(session)["x"]).grad.tolist() == [[9.0, 9.0], [9.0, 9.0]]
    session.undo_stack.undo()
    assert not session.document.timeline[0].params["retain_graph"]
    w.list.setCurrentRow(1)
    assert w.details.fix_button.isVisibleTo(w)


# ----------------------------------------------------------------------------- autograd view
def test_autograd_view_shows_graph_and_freed_buffers(qtbot, session):
    w = AutogradView(session)
    qtbot.addWidget(w)
    n = ids(session)
    session.select([n["out"]])
    acc = w.item_named("AccumulateGrad")
    assert len(acc) == 1 and acc[0].subtitle == "→ x.grad"
    muls = w.item_named("MulBackward0")
    assert len(muls) == 2 and all(m.freed for m in muls)
    yy_box = next(m for m in muls if m.document_nodes == [n["y_times_y"]])
    assert yy_box.saved == ["self", "other"]
    # before the backward nothing is freed
    session.set_step(0)
    assert not any(m.freed for m in w.item_named("MulBackward0"))
    session.set_step(-1)
    shot(w, "autograd_view", (460, 640))
    # clicking a grad_fn selects its document node, and the graph stays
    yy_box = next(m for m in w.item_named("MulBackward0") if m.document_nodes == [n["y_times_y"]])
    with qtbot.waitSignal(session.selection_changed):
        w.select_function(yy_box.key)
    assert session.selection == [n["y_times_y"]] and w.root == n["out"]
    assert yy_box.highlighted
    # selecting a leaf highlights its AccumulateGrad
    session.select([n["x"]])
    assert w.item_named("AccumulateGrad")[0].highlighted


def test_autograd_view_click_selects(qtbot, session):
    w = AutogradView(session)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    acc = w.item_named("AccumulateGrad")[0]
    point = w.view.mapFromScene(acc.sceneBoundingRect().center())
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert session.selection == [ids(session)["x"]]


# ----------------------------------------------------------------------------- palette
def test_palette_search_and_drag(qtbot, session):
    w = Palette(session)
    qtbot.addWidget(w)
    assert "mul" in w.visible_kinds() and "ones" in w.visible_kinds()
    w.search.setText("MulBackward0")         # (dropout's mask is multiplied in;
    assert sorted(w.visible_kinds()) == ["addcmul", "dropout", "mul"]   # AddcmulBackward0)
    w.search.setText("torch.rand")
    assert set(w.visible_kinds()) >= {"rand", "randn"} and "mul" not in w.visible_kinds()
    w.search.setText("")
    mime = w.mime_data_for("sigmoid")
    assert bytes(mime.data(KIND_MIME)).decode() == "sigmoid"
    item = w._items["mul"]
    assert "MulBackward0" in item.toolTip(0) and "product" in item.toolTip(0)
    with qtbot.waitSignal(w.kind_activated) as blocker:
        w.tree.itemActivated.emit(item, 0)
    assert blocker.args == ["mul"]
    shot(w, "palette", (300, 560))


def test_searching_the_palette_for_retain_grad_says_it_is_a_mark(qtbot, session):
    w = Palette(session)
    qtbot.addWidget(w)
    w.show()
    for text in ("retain_grad", "z.retain_grad()", "Retains_grad", "retain"):
        w.search.setText(text)
        assert w.hint.isVisible() and "right-click" in w.hint.text(), text
    for text in ("retain_graph", "ret", "mul", ""):
        w.search.setText(text)
        assert not w.hint.isVisible(), text


def test_palette_columns_stay_inside_the_panel(qtbot, session):
    w = Palette(session)
    qtbot.addWidget(w)
    w.resize(230, 600)                 # the docked width
    w.show()
    qtbot.waitExposed(w)
    header = w.tree.header()
    assert header.sectionSize(0) + header.sectionSize(1) <= w.tree.viewport().width()
    assert header.sectionSize(0) >= max(w.tree.sizeHintForColumn(0), 1)   # names whole


# ----------------------------------------------------------------------------- code panel
def test_code_panel(qtbot, session):
    w = CodePanel(session)
    qtbot.addWidget(w)
    n = ids(session)
    assert "backward" in w.editor.toPlainText()
    session.select([n["y_times_y"]])
    assert w.highlighted_line() == w.lines[n["y_times_y"]]
    assert w.editor.isReadOnly()
    shot(w, "code")


def test_code_panel_shows_the_sessions_run_without_running_again(qtbot, session,
                                                                  monkeypatch):
    import gradstudio.document.export as export
    from gradstudio.ui.commands import SetParam
    runs = []
    monkeypatch.setattr(export, "run", lambda doc: runs.append(doc))
    w = CodePanel(session)
    qtbot.addWidget(w)
    session.push(SetParam(session.document, ids(session)["y"], "other", 5))
    assert "y = x + 5" in w.editor.toPlainText()
    assert runs == []


def test_a_new_document_is_shown_once_and_nothing_of_the_old_one_stays(qtbot, session,
                                                                      monkeypatch):
    import gradstudio.ui.code_view as cv
    export_script = cv._export_script()
    exported = []
    monkeypatch.setattr(cv, "_export_script", lambda: lambda doc, result=None: (
        exported.append(result) or export_script(doc, result)))
    code, timeline = CodePanel(session), TimelinePanel(session)
    qtbot.addWidget(code)
    qtbot.addWidget(timeline)
    timeline.list.setCurrentRow(0)
    results_seen = []
    session.document_replaced.connect(lambda: results_seen.append(session.result))
    exported.clear()
    session.set_document(autograd_tutorial())  # the same action ids as the old document
    assert results_seen == [None]             # the old run is never shown on the new nodes
    assert exported == [session.result]       # exported once, with the new document's run
    assert timeline.current_action_id is None
    assert not timeline.details.params_box.isVisibleTo(timeline)


def test_code_panel_without_exporter_says_so(qtbot, session, monkeypatch):
    import gradstudio.ui.code_view as cv
    monkeypatch.setattr(cv, "_export_script", lambda: None)
    w = CodePanel(session)
    qtbot.addWidget(w)
    assert not w.available and w.notice.isVisibleTo(w) and "not available" in w.notice.text()
