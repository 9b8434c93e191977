"""Views follow an edit by changing only what the edit changed, and still show exactly
what a view built afresh shows: the code panel edits the lines that differ (same text as
the exporter, scroll position and marked line kept), the inspector's plot updates its
items in place (the same picture as a new inspector), and an edit that changes nothing a
view shows repaints nothing in it. No timing is asserted here (see
benchmarks/edit_latency.py)."""
import numpy as np
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from gradstudio.document import Document
from gradstudio.document.examples import autograd_tutorial
from gradstudio.document.export import export_script
from gradstudio.ui.canvas.canvas import Canvas
from gradstudio.ui.code_view import CodePanel
from gradstudio.ui.commands import AddNode, MoveNodes, RemoveNodes, SetLabel, SetParam
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel

from driving import ids, main_window, shown


class Paints(QObject):
    """Counts the paint events a widget receives."""

    def __init__(self, widget):
        super().__init__()
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def settle(qtbot, _widget=None):
    """Lets every posted layout and paint happen (as the event loop does before idling)."""
    for _ in range(4):
        QApplication.processEvents()
    qtbot.wait(1)


def exported(session):
    return export_script(session.document, session.result).text


# ----------------------------------------------------------------------------- code panel
def test_code_panel_shows_the_exporters_text_after_every_edit_and_undo(qtbot, session):
    w = CodePanel(session)
    qtbot.addWidget(w)
    n = ids(session)
    doc = session.document
    edits = [SetParam(doc, n["y"], "other", 5),                 # one line changes
             SetParam(doc, n["x"], "requires_grad", False),     # lines become comments
             SetLabel(doc, n["y_times_y"], "yy"),               # a name on several lines
             AddNode(doc, "sigmoid", inputs={"self": n["z"]}),   # lines are added
             RemoveNodes(doc, [n["out"]]),                      # lines go
             SetParam(doc, n["x"], "shape", (3,))]
    seen = [w.editor.toPlainText()]
    for command in edits:
        session.push(command)
        assert w.editor.toPlainText() == exported(session)
        seen.append(w.editor.toPlainText())
    assert len(set(seen)) == len(seen)          # every edit changed the script
    for _ in edits:
        session.undo_stack.undo()
        assert w.editor.toPlainText() == exported(session)
    assert w.editor.toPlainText() == seen[0]
    for _ in edits:
        session.undo_stack.redo()
        assert w.editor.toPlainText() == exported(session)
    assert w.editor.toPlainText() == seen[-1]


def test_code_panel_keeps_its_scroll_position_and_marked_line_across_an_edit(qtbot,
                                                                           session):
    w = shown(qtbot, CodePanel(session), (420, 120))
    n = ids(session)
    session.select([n["y"]])
    line = w.lines[n["y"]]
    assert w.highlighted_line() == line
    bar = w.editor.verticalScrollBar()
    assert bar.maximum() > 0                       # the script is taller than the panel
    bar.setValue(bar.maximum())                    # the reader scrolls to the end
    settle(qtbot, w)
    at = bar.value()
    assert at > line                               # the marked line is out of view
    session.push(SetParam(session.document, n["y"], "other", 7))
    settle(qtbot, w)
    assert bar.value() == at                       # not pulled back to the marked line
    assert w.highlighted_line() == line
    assert w.editor.document().findBlockByNumber(line - 1).text() == "y = x + 7"
    # a line that now says something else keeps its colours
    qtbot.waitUntil(lambda: w.highlighter is not None)     # (made after the first paint)
    settle(qtbot, w)
    block = w.editor.document().findBlockByNumber(line - 1)
    colours = {f.format.foreground().color().name() for f in block.layout().formats()}
    from pygments.token import Number
    number = w.highlighter.format_for(Number.Integer).foreground().color().name()
    assert number in colours                       # the number 7
    # choosing another node brings its line into view
    session.select([n["x"]])
    assert w.highlighted_line() == w.lines[n["x"]]
    first = w.editor.firstVisibleBlock().blockNumber() + 1
    assert first <= w.lines[n["x"]] < first + 6


def test_code_panel_edits_nothing_when_the_script_did_not_change(qtbot, session):
    w = shown(qtbot, CodePanel(session))
    settle(qtbot, w)
    n = ids(session)
    session.select([n["z"]])
    settle(qtbot, w)
    revision = w.editor.document().revision()
    paints = Paints(w.editor.viewport())
    x, y = session.document.node(n["z"]).position
    session.push(MoveNodes(session.document, {n["z"]: (x + 40, y)}))   # not in the script
    settle(qtbot, w)
    assert w.editor.document().revision() == revision
    assert paints.count == 0
    assert w.highlighted_line() == w.lines[n["z"]]


# ----------------------------------------------------------------------------- inspector
def shown_inspector(qtbot, session, size=(420, 1000)):
    return shown(qtbot, Inspector(session), size)


def fresh_plot(qtbot, session):
    """The plot of an inspector built now on ``session`` (its selection)."""
    other = shown_inspector(qtbot, session)
    settle(qtbot)
    return other


def test_plot_updated_in_place_looks_like_a_new_one(qtbot, session):
    """The tutorial's edits (new numbers; a gradient that goes and comes back) leave the
    plot pixel for pixel as an inspector built afresh draws it."""
    w = shown_inspector(qtbot, session)
    n = ids(session)
    doc = session.document
    session.select([n["z"]])
    for step in (lambda: session.push(SetParam(doc, n["y"], "other", 5)),
                 lambda: session.push(SetParam(doc, n["x"], "requires_grad", False)),
                 lambda: session.undo_stack.undo(),
                 lambda: session.undo_stack.undo()):
        step()
        settle(qtbot)
        fresh = fresh_plot(qtbot, session)
        assert w.plot.grab().toImage() == fresh.plot.grab().toImage()
        fresh.hide()


def pane_state(pane):
    """What one plot of the pair shows, as numbers (the axes' widths aside: pyqtgraph
    sizes an axis by the widest tick label it has shown lately)."""
    view = pane.plot.getViewBox()
    state = {"title": pane.plot.titleLabel.text,
             "axes": [pane.plot.getAxis(a).isVisible() for a in ("left", "bottom")],
             "image": pane.image.isVisible()}
    if any(state["axes"]):            # something is drawn: where and which way up
        state.update(range=[[round(v, 9) for v in r] for r in view.targetRange()],
                     inverted=view.yInverted(), aspect=view.state["aspectLocked"])
    if pane.image.isVisible():
        state["pixels"] = pane.image.image.tolist()
        state["rect"] = pane.image.mapRectToParent(pane.image.boundingRect()).getRect()
        state["levels"] = list(pane.image.levels)
    if pane.bars is not None and pane.bars.isVisible():
        state["bars"] = pane.bars.opts["height"].tolist()
        state["colours"] = [b.name() for b in pane.bars.opts["brushes"]]
    return state


def test_plot_updated_in_place_shows_what_a_new_one_shows(qtbot, session):
    """Across kinds (heatmap, bars, one bar, None) and shapes the updated plot shows the
    same items, numbers, colours, titles and ranges as an inspector built afresh."""
    w = shown_inspector(qtbot, session)
    n = ids(session)
    doc = session.document
    session.select([n["z"]])
    for step in (lambda: session.push(SetParam(doc, n["y"], "other", 5)),
                 lambda: session.select([n["out"]]),                      # a scalar
                 lambda: session.select([n["x"]]),
                 lambda: session.push(SetParam(doc, n["x"], "shape", (3,))),      # bars
                 lambda: session.push(SetParam(doc, n["x"], "requires_grad", False)),
                 lambda: session.undo_stack.undo(),
                 lambda: session.push(SetParam(doc, n["y"], "other", -4)),  # negative
                 lambda: session.push(SetParam(doc, n["x"], "shape", (2, 3))),  # heatmap
                 lambda: session.select([n["y"]]),                        # grad None
                 lambda: session.select([n["z"]])):
        step()
        settle(qtbot)
        fresh = fresh_plot(qtbot, session)
        assert w.plot.levels == fresh.plot.levels
        for pane, new in zip(w.plot.panes, fresh.plot.panes):
            assert pane_state(pane) == pane_state(new)
        fresh.hide()


def test_plot_shows_the_new_values_after_an_edit(qtbot, session):
    w = Inspector(session)
    qtbot.addWidget(w)
    n = ids(session)
    session.select([n["z"]])
    value, grad = w.plot.panes
    assert np.array_equal(value.image.image, np.full((2, 2), 27.0))
    session.push(SetParam(session.document, n["y"], "other", 5))    # z = (1 + 5)^2 * 3
    assert np.array_equal(value.image.image, np.full((2, 2), 108.0))
    assert np.array_equal(grad.image.image, np.full((2, 2), 0.25))
    assert w.plot.levels == (-108.0, 108.0)
    session.push(SetParam(session.document, n["x"], "requires_grad", False))
    assert grad.plot.titleLabel.text == "grad: None" and not grad.image.isVisible()
    session.undo_stack.undo()
    assert grad.plot.titleLabel.text == "grad" and grad.image.isVisible()
    session.push(SetParam(session.document, n["x"], "shape", (3,)))
    assert not value.image.isVisible() and value.bars.isVisible()
    assert np.array_equal(value.bars.opts["height"], np.full(3, 108.0))


def test_an_edit_puts_a_zoomed_plot_back_to_the_whole_array(qtbot, session):
    w = shown_inspector(qtbot, session)
    n = ids(session)
    session.select([n["z"]])
    settle(qtbot)
    view = w.plot.plots[0].getViewBox()
    whole = view.targetRange()
    viewport = w.plot.viewport()
    at = w.plot.mapFromScene(view.mapToScene(view.boundingRect().center()))
    QApplication.sendEvent(viewport, QWheelEvent(       # the reader zooms into the value
        QPointF(at), QPointF(viewport.mapToGlobal(at)), QPoint(0, 0), QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False))
    settle(qtbot)
    assert view.targetRange() != whole
    session.push(SetParam(session.document, n["y"], "other", 5))     # same shape
    assert view.targetRange() == whole


def test_an_edit_that_leaves_the_inspected_tensor_as_it_was_repaints_none_of_it(qtbot,
                                                                                session):
    w = shown_inspector(qtbot, session)
    n = ids(session)
    session.select([n["x"]])
    settle(qtbot, w)
    watched = {"plot": Paints(w.plot.viewport()),
               "print(tensor)": Paints(w.tensor_text.viewport()),
               ".grad": Paints(w.grad_text.viewport())}
    session.push(SetLabel(session.document, n["y_times_y"], "yy"))   # x is the same
    settle(qtbot, w)
    assert {name: p.count for name, p in watched.items()} == dict.fromkeys(watched, 0)
    session.push(SetParam(session.document, n["y"], "other", 5))     # x.grad changes
    settle(qtbot, w)
    assert watched["plot"].count > 0 and watched[".grad"].count > 0
    assert watched["print(tensor)"].count == 0
    assert w.grad_text.toPlainText() == session.state(n["x"]).grad_text


def test_an_edit_elsewhere_leaves_the_parameter_fields_as_they_are(qtbot):
    doc = Document()
    t = doc.add_node("tensor", {"value": [[1.0, 2.0], [3.0, 4.0]]}, label="t")
    u = doc.add_node("ones", {"shape": (2,)}, label="u")
    session = Session(doc)
    w = shown_inspector(qtbot, session)
    session.select([t])
    grid = w._editors["value"].grid
    grid.setCurrentCell(1, 1)
    settle(qtbot)
    paints = Paints(grid.viewport())
    session.push(SetLabel(doc, u, "v"))                 # another node: t is the same
    settle(qtbot)
    assert paints.count == 0 and (grid.currentRow(), grid.currentColumn()) == (1, 1)
    grid.item(0, 1).setText("9")                        # the grid still edits the literal
    assert doc.node(t).params["value"] == [[1.0, 9], [3.0, 4.0]]
    assert grid.item(0, 1).text() == "9"
    session.undo_stack.undo()                           # and follows the document back
    assert grid.item(0, 1).text() == "2.0"


# ----------------------------------------------------------------------------- canvas
def test_an_edit_that_changes_no_grad_fn_or_grad_adds_no_marks_item(qtbot, session):
    canvas = Canvas(session)
    qtbot.addWidget(canvas)
    n = ids(session)
    scene = canvas.scene()
    items = len(scene.items())
    session.push(SetParam(session.document, n["y"], "other", 5))   # numbers only
    assert not scene.marks.marks and len(scene.items()) == items
    session.push(SetParam(session.document, n["x"], "requires_grad", False))
    assert scene.marks.marks and len(scene.items()) == items + 1   # one overlay for all
    session.push(SetParam(session.document, n["y"], "other", 6))
    assert not scene.marks.marks and len(scene.items()) == items


def test_an_edit_that_leaves_the_cards_in_view_as_they_were_repaints_none_of_them(qtbot):
    """Every run makes new arrays: a card whose numbers and look are the same is not
    repainted (nor its text formatted again)."""
    doc = Document()
    x = doc.add_node("ones", {"shape": (2, 2), "requires_grad": True}, (0, 0), "x")
    y = doc.add_node("add", {"other": 2}, (900, 0), "y")
    doc.connect(x, y, "self")
    doc.add_action("backward", {"target": doc.add_node("sum", {}, (1500, 0), "s")})
    doc.connect(y, doc.node_ids[-1], "self")
    session = Session(doc)
    canvas = shown(qtbot, Canvas(session), (360, 300))
    canvas.reset_zoom()
    canvas.centerOn(canvas.item(x).sceneBoundingRect().center())
    settle(qtbot)
    assert not canvas.visible_scene_rect().intersects(canvas.item(y).sceneBoundingRect())
    paints = Paints(canvas.viewport())
    session.push(SetParam(doc, y, "other", 5))        # y's numbers: x is the same
    settle(qtbot)
    assert paints.count == 0
    session.push(SetParam(doc, x, "requires_grad", False))     # x's badges change
    settle(qtbot)
    assert paints.count > 0


# ----------------------------------------------------------------------------- timeline
def test_an_edit_that_leaves_the_timeline_rows_as_they_were_repaints_no_row(qtbot, session):
    panel = shown(qtbot, TimelinePanel(session), (900, 420))
    n = ids(session)
    doc = session.document
    panel.select_action(doc.timeline[0].id)
    settle(qtbot)
    paints = Paints(panel.list.viewport())
    session.push(SetParam(doc, n["y"], "other", 5))            # the backward still runs
    settle(qtbot)
    assert paints.count == 0
    assert panel.list.currentRow() == 0 and panel.row_error(0) == ""
    session.push(SetParam(doc, n["x"], "requires_grad", False))    # now it fails
    settle(qtbot)
    assert paints.count > 0
    error = session.result.outcome(doc.timeline[0].id).error
    assert error and panel.row_error(0) == error
    assert panel.list.item(0).text().count("\n") == 1 and panel.list.currentRow() == 0
    session.undo_stack.undo()
    assert panel.row_error(0) == "" and "\n" not in panel.list.item(0).text()


# ----------------------------------------------------------------------------- hidden
def test_a_hidden_panel_does_no_work_and_shows_the_current_state_when_shown(qtbot,
                                                                          tmp_path):
    """The code panel tabbed away and the timeline closed follow no edit; shown again,
    each shows the document as it is at once."""
    w = main_window(qtbot, tmp_path, (1400, 900))
    w.session.set_document(autograd_tutorial())
    settle(qtbot)
    w.docks["training"].raise_()                    # the code panel's tab goes behind
    w.docks["timeline"].hide()
    settle(qtbot)
    assert not w.code_panel.shown and not w.timeline.shown
    code, rows = w.code_panel.editor.toPlainText(), w.timeline.list.item(0).text()
    n = ids(w.session)
    w.session.push(SetParam(w.session.document, n["x"], "requires_grad", False))
    w.session.push(SetLabel(w.session.document, n["out"], "loss"))
    assert w.code_panel.editor.toPlainText() == code             # no work while hidden
    assert w.timeline.list.item(0).text() == rows
    w.docks["code"].raise_()
    w.docks["timeline"].show()
    assert w.code_panel.shown and w.timeline.shown
    assert w.code_panel.editor.toPlainText() == exported(w.session)
    assert w.timeline.list.item(0).text().startswith("1.  loss.backward()")
    assert w.timeline.row_error(0) == w.session.result.outcomes[0].error != ""
