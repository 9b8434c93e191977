"""The probe panel on the bundled examples: the VJP example's Jacobian with v, vᵀJ and
x.grad (equal, printed as torch prints them), the gradient check's ✓ on every leaf and
its ``verdicts``, a sweep through relu's kink drawn with its point and tangent, refusals
in one sentence, and no work while the panel is hidden."""
import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QWidget

from gradstudio.document import Document, probe
from gradstudio.document.examples import EXAMPLES, autograd_tutorial, build
from gradstudio.ui import commands
from gradstudio.ui.heatmap import Heatmap
from gradstudio.ui.probe_panel import CHECK, JACOBIAN, SWEEP, ProbePanel
from gradstudio.ui.session import Session


def ids(session):
    """``{display name: node id}`` of the session's document."""
    doc = session.document
    return {doc.display_name(n): n for n in doc.node_ids}


def panel_on(qtbot, doc, tab=JACOBIAN):
    """``(session, panel, node ids by name)`` on a new session holding ``doc``."""
    session = Session(doc)
    panel = ProbePanel(session)
    qtbot.addWidget(panel)
    panel.resize(700, 600)
    panel.show_tab(tab)
    return session, panel, ids(session)


def relu_doc(value=(0.5, 2.0)):
    doc = Document()
    x = doc.add_node("tensor", {"value": list(value), "requires_grad": True}, label="x")
    y = doc.add_node("relu", label="y")
    doc.connect(x, y, "self")
    return doc


# ----------------------------------------------------------------------------- Jacobian
def test_vjp_example_shows_j_and_vtj_equal_to_x_grad(qtbot):
    session, panel, n = panel_on(qtbot, build("03_vector_jacobian_product"))
    assert (panel.output, panel.input) == (n["y_10"], n["x"])     # the backward's target
    assert panel.output_box.currentText() == "y_10" and panel.input_box.currentText() == "x"
    assert np.array_equal(panel.jacobian_map.matrix, 1024 * np.eye(3))
    assert panel.jacobian_map.row_labels == ["y_10[0]", "y_10[1]", "y_10[2]"]
    assert panel.jacobian_map.column_labels == ["x[0]", "x[1]", "x[2]"]
    assert [label for _, label in panel.jacobian_map.getAxis("left")._tickLevels[0]] == \
        ["y_10[0]", "y_10[1]", "y_10[2]"]
    assert panel.message() == "" and panel.jacobian_map.isVisibleTo(panel)
    assert panel.backward_index == 0 and "y_10.backward(" in panel.vjp_caption.text()
    assert panel.v_text.text() == "tensor([1.0000e-01, 1.0000e+00, 1.0000e-04])"
    x_grad = session.result.state(n["x"]).grad_text
    assert panel.vtj_text.text() == x_grad == panel.grad_text.text()
    assert panel.grad_name.text() == "x.grad after"
    assert not panel.grad_before_text.isVisibleTo(panel)
    assert panel.equal_label.text().startswith("✓ vᵀJ equals x.grad")
    assert panel.vjp_row.equal


def test_jacobian_follows_the_chosen_pair_and_the_selection(qtbot):
    session, panel, n = panel_on(qtbot, build("07_matmul"))
    assert panel.output == n["loss"] and panel.input == n["w"]
    assert panel.jacobian_map.matrix.shape == (1, 12)
    session.select([n["b"]])
    assert panel.input == n["b"] and panel.jacobian_map.matrix.shape == (1, 4)
    panel.output_box.setCurrentIndex(panel.output_box.findText("h"))
    assert panel.output == n["h"] and panel.jacobian_map.matrix.shape == (8, 4)
    assert np.array_equal(panel.jacobian_map.matrix, np.tile(np.eye(4), (2, 1)))
    assert not panel.vjp_box.isVisibleTo(panel)       # no backward of h


def test_a_jacobian_too_large_is_said_in_words(qtbot):
    doc = Document()
    x = doc.add_node("ones", {"shape": (80,), "requires_grad": True}, label="x")
    y = doc.add_node("mul", {"other": 2}, label="y")
    doc.connect(x, y, "self")
    _, panel, _ = panel_on(qtbot, doc)
    assert panel.message() == ("The Jacobian of y with respect to x has 80 × 80 = 6,400 "
                               "entries, more than the 4,096 a probe computes: choose "
                               "smaller tensors.")
    assert not panel.jacobian_map.isVisibleTo(panel) and panel.jacobian is None


# ----------------------------------------------------------------------------- gradient check
@pytest.mark.parametrize("name", [n for n in EXAMPLES])
def test_gradient_check_shows_a_tick_on_every_leaf(qtbot, name):
    session = Session(build(name))
    panel = ProbePanel(session)
    qtbot.addWidget(panel)
    seen = []
    panel.verdicts_changed.connect(seen.append)
    panel.show_tab(CHECK)                       # the chosen input, checked on showing
    assert seen == [{panel.input: True}]
    verdicts = panel.check_every_leaf()
    holders = probe.gradient_holders(session.document, session.result, panel.output)
    assert holders and set(verdicts) == set(holders) and all(verdicts.values())
    assert seen[-1] == verdicts == panel.verdicts
    assert len(seen) == 1 + (len(holders) > 1)  # emitted only when they change
    assert panel.verdict_label.text().startswith("✓ autograd agrees")
    assert panel.error_text.text().startswith("Largest error ")
    assert panel.difference_map.isVisibleTo(panel) and panel.message() == ""


def test_verdicts_go_with_an_edit_and_come_back_after_the_run(qtbot):
    session, panel, n = panel_on(qtbot, build("06_broadcasting"), CHECK)
    assert panel.verdicts == {n["m"]: True}       # the first leaf, checked on showing
    panel.check_every_leaf()
    assert set(panel.verdicts) == {n["m"], n["row"], n["col"]}
    seen = []
    panel.verdicts_changed.connect(seen.append)
    session.push(commands.SetParam(session.document, n["row"], "value", [1.0, -2.0, 0.5]))
    assert seen == [{}]                           # at once: they were about the old program
    # checked again once the edits have settled
    qtbot.waitUntil(lambda: len(seen) > 1)
    assert set(seen[-1]) == {n["m"], n["row"], n["col"]}
    assert all(panel.verdicts.values())
    panel.set_shown(False)                        # hidden: dropped, and not checked again
    session.undo_stack.undo()
    assert panel.verdicts == {}
    panel.set_shown(True)
    assert set(panel.verdicts) == {n["m"], n["row"], n["col"]}


def test_the_check_button_checks_the_chosen_input(qtbot):
    session, panel, n = panel_on(qtbot, build("07_matmul"), JACOBIAN)
    assert panel.verdicts == {}                 # only the tab in view is computed
    panel.input_box.setCurrentIndex(panel.input_box.findText("b"))
    panel.show_tab(CHECK)
    panel.check_button.click()
    assert panel.verdicts == {n["b"]: True}
    assert panel.check.input_name == "b" and panel.difference_map.matrix.shape == (1, 4)
    assert panel.difference_map.column_labels == ["b[0]", "b[1]", "b[2]", "b[3]"]


# ----------------------------------------------------------------------------- sweep
def test_a_sweep_through_relu_draws_value_slope_point_and_tangent(qtbot):
    _, panel, n = panel_on(qtbot, relu_doc(), SWEEP)
    assert (panel.output, panel.input) == (n["y"], n["x"])
    assert panel.sweep_settings() == (0, 0, 3.0)
    xs, ys = panel.value_curve.getData()
    assert len(xs) == 101 and xs[0] == pytest.approx(-2.5) and xs[-1] == pytest.approx(3.5)
    assert np.array_equal(ys, np.maximum(xs, 0))
    sx, slopes = panel.slope_curve.getData()
    assert np.all(slopes[sx < 0] == 0) and np.all(slopes[sx > 0] == 1)
    px, py = panel.value_point.getData()
    assert (px[0], py[0]) == (0.5, 0.5)
    tx, ty = panel.tangent_curve.getData()
    assert np.allclose(ty, tx)                  # slope 1 through (0.5, 0.5)
    assert panel.element_name.text() == "x[0] = 0.5"
    assert panel.value_curve.isVisible() and panel.sweep_view.isVisibleTo(panel)
    panel.set_sweep(element=1, span=1.0)        # x[1] = 2 never reaches the kink
    assert panel.sweep.input_label == "x[1]" and panel.sweep.output_label == "y[0]"
    assert np.all(panel.slope_curve.getData()[1] == 0)     # y[0] does not depend on x[1]
    panel.set_sweep(output_element=1)
    assert np.all(panel.slope_curve.getData()[1] == 1)


def test_the_sweep_spin_boxes_are_bounded_by_the_tensors(qtbot):
    _, panel, n = panel_on(qtbot, build("03_vector_jacobian_product"), SWEEP)
    assert panel.element_box.maximum() == 2 and panel.output_element_box.maximum() == 2
    panel.element_box.setValue(2)
    panel.output_element_box.setValue(2)
    assert panel.sweep.slope0 == 1024 and panel.sweep.input_label == "x[2]"


# ----------------------------------------------------------------------------- refusals, cost
def test_a_refusal_is_one_sentence_in_every_tab(qtbot):
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    d = doc.add_node("detach", label="d")
    doc.connect(x, d, "self")
    y = doc.add_node("mul", {"other": 3}, label="y")
    doc.connect(d, y, "self")
    _, panel, n = panel_on(qtbot, doc)
    panel.set_probe(n["y"], n["x"])
    for tab in (JACOBIAN, CHECK, SWEEP):
        panel.show_tab(tab)
        assert panel.message(tab) == ("No gradient flows from x to y: a detach, a no-grad "
                                      "region or a non-differentiable step cuts every path.")
    assert panel.verdicts == {}


def test_a_hidden_panel_computes_nothing_until_shown(qtbot, monkeypatch):
    session, panel, n = panel_on(qtbot, build("03_vector_jacobian_product"))
    calls = []
    real = probe.jacobian
    monkeypatch.setattr(probe, "jacobian", lambda *a, **k: calls.append(a) or real(*a, **k))
    panel.set_shown(False)
    session.rerun()
    session.select([n["y_5"]])
    assert calls == []
    panel.set_shown(True)
    assert calls and panel.jacobian is not None     # (the VJP's J is one of them)
    assert {c[2:4] for c in calls} == {(n["y_10"], n["x"])}


def test_the_plots_are_built_when_a_result_is_first_drawn_in_view(qtbot):
    """A new panel (as one behind another dock's tab) has its Jacobian computed but no
    pyqtgraph plot; on screen, the heatmap is built and shows it as before, and the other
    tabs' plots come with their own results."""
    session = Session(autograd_tutorial())
    panel = ProbePanel(session)
    qtbot.addWidget(panel)

    def plots():
        return sorted(type(w).__name__ for w in panel.findChildren(QWidget)
                      if isinstance(w, (pg.PlotWidget, pg.GraphicsLayoutWidget)))
    assert session.selection == [] and plots() == []
    assert (panel.output_box.currentText(), panel.input_box.currentText()) == ("out", "x")
    assert panel.jacobian is not None and panel.message() == ""
    assert panel.jacobian_caption.text().startswith("∂out/∂x: 1 × 4")
    panel.resize(700, 600)
    panel.show()
    qtbot.waitExposed(panel)
    assert plots() == ["Heatmap"]
    heatmap = panel.findChild(Heatmap)
    assert heatmap is panel.jacobian_map and heatmap.isVisible()
    assert np.array_equal(heatmap.matrix, np.full((1, 4), 4.5))       # = x.grad
    assert heatmap.row_labels == ["out"]
    assert heatmap.column_labels == ["x[0, 0]", "x[0, 1]", "x[1, 0]", "x[1, 1]"]
    assert heatmap.plotItem.titleLabel.text == "∂out/∂x (colour scale ±4.5)"
    assert np.array_equal(heatmap.image.image, heatmap.matrix)
    assert [t.toPlainText() for t in heatmap.cell_texts] == ["4.5"] * 4
    top = [w.mapTo(panel, w.rect().topLeft()).y()                # in its place
           for w in (panel.jacobian_caption, heatmap, panel.vjp_box)]
    assert top == sorted(top) and heatmap.height() >= 140
    panel.show_tab(SWEEP)
    assert plots() == ["GraphicsLayoutWidget", "Heatmap"] and panel.sweep_view.isVisible()
    assert len(panel.value_curve.getData()[0]) == 101
    panel.show_tab(CHECK)
    assert plots() == ["GraphicsLayoutWidget", "Heatmap", "Heatmap"]
    assert panel.difference_map.isVisible() and panel.difference_map.matrix.shape == (1, 4)


def test_a_new_document_resets_the_choices(qtbot):
    session, panel, n = panel_on(qtbot, build("07_matmul"))
    session.set_document(relu_doc())
    m = ids(session)
    qtbot.waitUntil(lambda: panel.output is not None)     # once the new run settles
    assert (panel.output, panel.input) == (m["y"], m["x"])
    assert panel.jacobian_map.matrix.shape == (2, 2)


def _with_wrong_sin(run):
    """Runs ``run()`` with sin's VJP deliberately wrong (cos replaced by sin), in the test
    only: the engine's cached plans for sin are set aside and put back afterwards."""
    from gradstudio.engine._autograd import plans as _plans
    from gradstudio.engine._ops import record as _oprecord
    op = _oprecord.OPS["sin"]
    grad = op.grads[0]
    kept = {k: v for k, v in _plans._PLANS.items() if k[0] is op}
    right = grad.fn
    for k in kept:
        del _plans._PLANS[k]
    grad.fn = lambda F, g, out, a: g * F.sin(a)
    from gradstudio.engine._ops.dispatch import apply
    from gradstudio.engine._tensor_class import arith as _arith
    fast = _arith._UNARY_OP["sin"]      # (the fast path holds its plan: the general one)
    _arith._UNARY_OP["sin"] = lambda a: apply(op, (a,))
    try:
        return run()
    finally:
        _arith._UNARY_OP["sin"] = fast
        grad.fn = right
        for k in [k for k in _plans._PLANS if k[0] is op]:
            del _plans._PLANS[k]
        _plans._PLANS.update(kept)


def test_a_wrong_gradient_gets_a_cross_in_the_panel_and_on_the_canvas(qtbot, tmp_path):
    """The check fails in words and the window's canvas tags the leaf ✗."""
    import gradstudio.engine as engine
    from driving import main_window
    engine.tensor([0.1], requires_grad=True).sin().backward()     # a cached plan for sin
    doc = Document()
    x = doc.add_node("tensor", {"value": [0.5, 1.0], "requires_grad": True}, label="x")
    y = doc.add_node("sin", label="y")
    doc.connect(x, y, "self")
    out = doc.add_node("sum", label="out")
    doc.connect(y, out, "self")
    doc.add_action("backward", {"target": out})
    w = main_window(qtbot, tmp_path, (1400, 900))

    def check():
        w.session.set_document(doc)
        w.show_probe()
        w.probe_panel.show_tab(CHECK)
        return w.probe_panel.check_input()
    result = _with_wrong_sin(check)
    assert result is not None and not result.ok
    panel = w.probe_panel
    assert panel.verdicts == {x: False}
    assert panel.verdict_label.text().startswith("✗")
    marks = w.canvas.scene().check_marks.marks
    assert list(marks) == [x] and marks[x].tags == [("gradcheck ✗", "lost")]
    # and sin is right again for everything after
    t = engine.tensor([0.5], requires_grad=True)
    t.sin().backward()
    np.testing.assert_allclose(t.grad.numpy(), np.cos([0.5]), rtol=1e-6)


def test_a_passing_check_is_grey_and_only_what_exceeds_the_tolerance_is_coloured(qtbot):
    session, panel, n = panel_on(qtbot, build("07_matmul"), CHECK)
    panel.check_button.click()
    check, heatmap = panel.check, panel.difference_map
    assert check.ok and np.abs(check.difference).max() > 0      # tiny, but not zero
    assert np.all(heatmap.colours == 0)                         # all grey
    assert "within the tolerance" in heatmap.plotItem.titleLabel.text
    # differences past their tolerance (and only they) are coloured, in its multiples
    difference = np.array([[1e-12, 3e-5, -5e-5]])
    heatmap.show_matrix(difference, ["y"], ["x[0]", "x[1]", "x[2]"], "d", tolerance=1e-5)
    assert heatmap.colours.tolist() == [[0.0, 3.0, -5.0]]
    levels = heatmap.image.getLevels()
    assert tuple(levels) == (-5.0, 5.0)


def test_nothing_to_probe_says_why_when_there_are_floating_leaves(qtbot):
    from gradstudio.ui.probe_panel import NO_OUTPUT_TEXT
    doc = Document()
    x = doc.add_node("ones", {"shape": [2], "requires_grad": True}, (0, 0), "x")
    session = Session(doc)
    panel = ProbePanel(session)
    qtbot.addWidget(panel)
    panel.show()
    assert panel.empty.isVisible() and panel.empty.text() != NO_OUTPUT_TEXT
    assert "x is floating-point, but nothing is computed from it" in panel.empty.text()
    y = doc.add_node("exp", {}, (200, 0), "y")
    doc.connect(x, y, "self")
    session.rerun()
    qtbot.waitUntil(lambda: not panel.empty.isVisible() and panel.output == y)
    integers = Session(Document())
    integers.document.add_node("arange", {"end": 4}, (0, 0), "i")
    integers.rerun()
    other = ProbePanel(integers)
    qtbot.addWidget(other)
    other.show()
    assert other.empty.text() == NO_OUTPUT_TEXT
