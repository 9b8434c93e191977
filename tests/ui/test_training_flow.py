"""Training in the window, as a person does it: Train… (Ctrl+T) inserts the loop, the
timeline edits its settings, removing zero_grad makes the gradients pile up, a new
learning rate re-runs the loop, and the iteration scrubber shows iteration 3 in the
inspector."""
import numpy as np
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from gradstudio.document import run
from gradstudio.document.examples import build
from gradstudio.ui.session import Session
from gradstudio.ui.timeline import TimelinePanel
from gradstudio.ui.train_dialog import TrainDialog

from cpu_paths import assert_torchs_bits
from driving import ids, main_window, shown


def _without_timeline(name):
    doc = build(name)
    for a in list(doc.timeline):
        doc.remove_action(a.id)
    return doc


def _row_of(panel, kind):
    doc = panel.session.document
    return next(i for i, a in enumerate(doc.timeline) if a.kind == kind)


@pytest.fixture
def regression(qtbot):
    session = Session(build("09_linear_regression"))
    panel = shown(qtbot, TimelinePanel(session), (800, 420))
    return session, panel


def test_ctrl_t_opens_train_and_inserts_the_loop_as_one_undo_step(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    w.session.set_document(_without_timeline("09_linear_regression"))
    seen = {}

    def accept():
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, TrainDialog):        # not open yet: look again soon
            QTimer.singleShot(10, accept)
            return
        seen["params"] = [dialog.params.item(i).text() for i in range(dialog.params.count())]
        seen["loss"] = dialog.loss.currentText()
        dialog.update.setCurrentText("torch.optim.SGD")
        dialog.count.setValue(40)
        dialog.accept()
    QTimer.singleShot(0, accept)
    w.canvas.setFocus()
    qtbot.waitUntil(w.canvas.hasFocus)
    target = w.canvas.viewport() if w.canvas.viewport().hasFocus() else w.canvas
    qtbot.keyClick(target, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert not w.errors, w.errors
    assert seen == {"params": ["w", "b"], "loss": "loss"}
    doc = w.session.document
    assert [a.kind for a in doc.timeline] == ["optimizer", "loop", "forward", "backward",
                                              "step", "optimizer_zero_grad", "end_loop"]
    history = w.session.result.histories[doc.timeline[1].id]
    assert history.iterations == 40
    assert w.timeline.iteration_row.isVisible()
    assert w.timeline.iteration_label.text() == "40 of 40"
    w.session.undo_stack.undo()
    assert doc.timeline == []


def test_train_offers_only_one_element_losses_and_refuses_without_one(qtbot):
    doc = _without_timeline("09_linear_regression")
    names = {doc.display_name(n): n for n in doc.node_ids}
    session = Session(doc)
    session.select([names["pred"]])                   # (5, 1): not a loss backward() takes
    dialog = TrainDialog(session)
    qtbot.addWidget(dialog)
    assert [dialog.loss.itemText(i) for i in range(dialog.loss.count())] == ["loss"]
    assert dialog.loss.currentText() == "loss" and dialog.message.isHidden()
    for leaf in ("w", "b"):
        doc.set_param(names[leaf], "requires_grad", False)
    dialog = TrainDialog(Session(doc))
    qtbot.addWidget(dialog)
    assert "Add a loss first" in dialog.message.text()
    assert not dialog.buttons.buttons()[0].isEnabled()


def test_removing_zero_grad_makes_the_gradients_pile_up(regression):
    session, panel = regression
    w = ids(session)["w"]
    before = session.result.histories[session.document.timeline[0].id].grads[w][:, 0]
    for _ in range(2):
        panel.list.setCurrentRow(_row_of(panel, "zero_grad"))
        panel.remove_button.click()
    after = session.result.histories[session.document.timeline[0].id].grads[w][:, 0]
    # with zero_grad the gradient dies away; without, the sum of all of them swings on
    assert np.all(np.isfinite(after))
    assert np.abs(after[-10:]).mean() > 10 * np.abs(before[-10:]).mean()
    assert session.state(w).grad is not None and session.state(w).grad[0] != 0


def test_a_new_learning_rate_reruns_the_loop(regression):
    session, panel = regression
    loop = session.document.timeline[0].id
    loss = ids(session)["loss"]
    old = session.result.histories[loop].scalar(loss).copy()
    panel.list.setCurrentRow(_row_of(panel, "update"))
    editor = panel.details.param_editors["lr"]
    editor.setValue(0.001)
    new = session.result.histories[loop].scalar(loss)
    assert session.document.timeline[3].params["lr"] == 0.001
    assert new[0] == old[0] and new[-1] > old[-1]           # a slower descent
    session.undo_stack.undo()
    np.testing.assert_array_equal(session.result.histories[loop].scalar(loss), old)


def test_scrubbing_to_iteration_3_shows_it_in_the_inspector(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    w.session.set_document(build("09_linear_regression"))
    session, panel = w.session, w.timeline
    wid = ids(session)["w"]
    update = _row_of(panel, "update")
    panel.list.setCurrentRow(update)
    panel.slider.setValue(update + 1)                      # after the update step
    panel.iteration_slider.setValue(2)                     # iteration 3
    assert panel.iteration_label.text() == "3 of 30"
    assert "in iteration 3 of 30" in panel.step_label.text()
    short = build("09_linear_regression")
    short.set_action_param(short.timeline[0].id, "count", 3)
    want = run(short).state(wid).text
    session.select([wid])
    assert w.inspector.tensor_text.toPlainText() == want
    history = session.result.histories[session.document.timeline[0].id]
    assert float(want.split("[")[1].split("]")[0]) == pytest.approx(history.values[wid][2, 0],
                                                                    abs=1e-4)


def test_an_optimizer_shows_only_its_algorithms_settings(qtbot):
    session = Session(build("13_xor_mlp_adam"))
    panel = shown(qtbot, TimelinePanel(session), (800, 420))
    panel.list.setCurrentRow(0)
    assert set(panel.details.param_editors) == {"algorithm", "params", "lr", "weight_decay",
                                                "beta1", "beta2"}
    panel.details.param_editors["algorithm"].setCurrentText("SGD")
    assert session.document.timeline[0].params["algorithm"] == "SGD"
    assert {"momentum", "nesterov"} <= set(panel.details.param_editors)
    assert "beta1" not in panel.details.param_editors


def test_a_typed_setting_that_is_not_a_number_changes_nothing(qtbot):
    session = Session(build("13_xor_mlp_adam"))
    panel = shown(qtbot, TimelinePanel(session), (800, 420))
    panel.list.setCurrentRow(0)
    box = panel.details.param_editors["beta1"]
    box.setText("nine tenths")
    box.editingFinished.emit()
    assert session.document.timeline[0].params["beta1"] is None
    assert "not a number" in box.toolTip()
    box.setText("0.8")
    box.editingFinished.emit()
    assert session.document.timeline[0].params["beta1"] == 0.8
    assert "betas=(0.8, 0.999)" in panel.list.item(0).text()


def test_a_loop_and_its_end_are_added_together(regression):
    session, panel = regression
    panel.list.setCurrentRow(len(session.document.timeline) - 1)
    panel.add_actions["loop"].trigger()
    kinds = [a.kind for a in session.document.timeline]
    assert kinds[-2:] == ["loop", "end_loop"]
    session.undo_stack.undo()
    assert [a.kind for a in session.document.timeline][-1] == "end_loop"
    assert len(session.document.timeline) == len(kinds) - 2


def test_choosing_an_iteration_from_the_end_shows_the_end_of_that_iteration(regression):
    session, panel = regression
    loop = session.document.timeline[0].id
    wid = ids(session)["w"]
    assert session.step == -1
    session.set_iteration(loop, 3)
    assert session.step == len(session.document.timeline) - 1     # after the body's last step
    history = session.result.histories[loop]
    np.testing.assert_array_equal(session.state(wid).value[0], np.float32(history.values[wid][3, 0]))
    assert panel.slider.value() == session.step


def test_an_nn_linear_layer_draws_what_pytorch_draws(qtbot, tmp_path):
    """Graph ▸ Add nn.Linear Layer on x (5 x 1) with 3 outputs: the weight and bias are
    the numbers torch.nn.Linear(1, 3) draws after the same seed, and F.linear applies
    them; one undo step takes the three nodes back."""
    torch = pytest.importorskip("torch")
    w = main_window(qtbot, tmp_path)
    w.session.set_document(_without_timeline("09_linear_regression"))
    w.ask_int = lambda title, label, value, low, high: 3
    x = ids(w.session)["x"]
    w.session.select([x])
    before = len(w.session.document.node_ids)
    w.linear_action.trigger()
    assert not w.errors
    names = ids(w.session)
    assert {"layer", "layer_weight", "layer_bias"} <= set(names)
    cards = {n: item.sceneBoundingRect() for n, item in w.canvas.scene().nodes.items()}
    for new in (names["layer"], names["layer_weight"], names["layer_bias"]):
        assert not any(rect.intersects(cards[new]) for n, rect in cards.items() if n != new)
    torch.manual_seed(0)
    layer = torch.nn.Linear(1, 3)
    for name, want in (("layer_weight", layer.weight), ("layer_bias", layer.bias)):
        np.testing.assert_array_equal(w.session.state(names[name]).value,
                                      want.detach().numpy())
    xs = torch.tensor(w.session.state(x).value)
    assert_torchs_bits(w.session.state(names["layer"]).value, layer(xs).detach().numpy())
    assert w.session.state(names["layer"]).grad_fn == "AddmmBackward0"
    w.session.undo_stack.undo()
    assert len(w.session.document.node_ids) == before
