"""The Data panel as a person meets it: open a Playground example, the Data dock comes to
the front with the points coloured by class and the boundary behind them; scrubbing the
Training panel's line shows the boundary of that iteration; a program without data says
what the panel is for. (The boundary's values against PyTorch: tests/document/
test_data_view.py.)"""
import numpy as np
import pytest

from gradstudio.document import run
from gradstudio.document.data_view import GRID, data_view
from gradstudio.document.examples import autograd_tutorial, build
from gradstudio.document.examples_playground import playground
from gradstudio.document.model import Document
from gradstudio.document.training import add_train_loop
from gradstudio.ui.commands import SetParam
from gradstudio.ui.data_panel import REPLAY, STOP, DataPanel
from gradstudio.ui.session import Session

from driving import main_window


def _short_moons():
    return playground("make_moons", hidden=(8,), count=15, lr=0.05, points=80)


def panel_on(qtbot, doc):
    session = Session(doc)
    panel = DataPanel(session)
    qtbot.addWidget(panel)
    panel.resize(500, 450)
    return session, panel


def test_the_panel_draws_the_runs_data_view(qtbot):
    session, panel = panel_on(qtbot, _short_moons())
    want = data_view(session.document, session.result)
    x, y = panel.points()
    assert np.array_equal(x, want.inputs[:, 0]) and np.array_equal(y, want.inputs[:, 1])
    image = panel.image_values()
    assert image.shape == (GRID, GRID)
    assert np.array_equal(image, want.image)
    assert panel.mistakes() == int(want.wrong.sum())
    text = panel.status_text()
    assert text.startswith("iteration 15 of 15 · accuracy ")
    assert f"({int(want.wrong.sum())} of 80 wrong)" in text
    assert f"loss {want.loss:.4f}" in text


def test_scrubbing_an_iteration_redraws_that_iterations_boundary(qtbot):
    session, panel = panel_on(qtbot, _short_moons())
    loop = next(a.id for a in session.document.timeline if a.kind == "loop")
    last = panel.image_values().copy()
    with qtbot.waitSignal(session.run_finished):
        session.set_iteration(loop, 2)
    want = data_view(session.document, run(session.document, focus={loop: 2}))
    assert np.array_equal(panel.image_values(), want.image)
    assert not np.array_equal(panel.image_values(), last)
    assert panel.status_text().startswith("iteration 3 of 15")


def test_a_program_without_data_shows_what_the_panel_is_for(qtbot):
    session, panel = panel_on(qtbot, autograd_tutorial())
    assert "No training loop" in panel.empty_text()
    session.set_document(_short_moons())
    assert panel.empty_text() == "" and panel.image_values() is not None
    session.set_document(autograd_tutorial())
    assert "No training loop" in panel.empty_text()
    assert not panel.plot.isVisibleTo(panel)


def _hand_written_loss(with_data):
    """w trained by a loop on loss = mean(w * w), a loss computed by hand (no loss node
    taking targets); with ``with_data`` a dataset node sits beside it, unused."""
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="w")
    square = doc.add_node("mul", label="square")
    doc.connect(w, square, "self")
    doc.connect(w, square, "other")
    loss = doc.add_node("mean", label="loss")
    doc.connect(square, loss, "self")
    if with_data:
        doc.add_node("make_moons", label="data")
    add_train_loop(doc, [w], loss, count=3, lr=0.1)
    return doc


def test_a_loop_without_a_data_node_says_what_to_add(qtbot):
    """Not "The loss loss is not a loss node…": a program with no data node is told to
    add one (or open a Playground example); with a data node, the loss node is what is
    missing, named once."""
    _, panel = panel_on(qtbot, _hand_written_loss(with_data=False))
    text = panel.empty_text()
    assert "no data to show" in text and "Datasets" in text and "Playground" in text
    assert "The loss loss" not in text
    _, panel = panel_on(qtbot, _hand_written_loss(with_data=True))
    text = panel.empty_text()
    assert text.startswith("loss, which the loop's backward() starts from, is not a loss "
                           "node with a target")
    assert "The loss loss" not in text


@pytest.mark.parametrize("name", ["18_playground_xor"])
def test_opening_a_playground_example_brings_the_data_dock_to_the_front(qtbot, tmp_path,
                                                                       name):
    w = main_window(qtbot, tmp_path)
    assert "data" not in w.built_panels()            # behind the inspector's tab
    w.session.set_document(build(name))
    qtbot.waitUntil(lambda: "data" in w.built_panels())
    panel = w.panel("data")
    qtbot.waitUntil(lambda: panel.image_values() is not None)
    assert panel.status_text().startswith("iteration 150 of 150")
    assert w.docks["data"].isVisible()


def test_a_dataset_node_offers_no_requires_grad_to_tick(qtbot):
    """A dataset is data: its node has no requires_grad setting, so the inspector's box
    is greyed (ticking it once failed with "'make_moons' has no setting")."""
    from gradstudio.ui.inspector import Inspector
    session = Session(_short_moons())
    inspector = Inspector(session)
    qtbot.addWidget(inspector)
    data = next(n.id for n in session.document.nodes() if n.kind == "make_moons")
    session.select([data])
    assert not inspector.requires_grad.isEnabled()
    weight = next(n.id for n in session.document.nodes() if n.label == "layer1_weight")
    session.select([weight])
    assert inspector.requires_grad.isEnabled()


def test_play_shows_the_history_from_the_first_iteration_to_the_last(qtbot):
    session, panel = panel_on(qtbot, _short_moons())
    loop = next(a.id for a in session.document.timeline if a.kind == "loop")
    shown = []
    session.run_finished.connect(lambda _r: shown.append(session.iteration(loop)))
    assert panel.play.isEnabled()
    panel.play.click()
    assert panel.play.text() == STOP
    qtbot.waitUntil(lambda: not panel.play.isChecked(), timeout=60000)
    assert panel.play.text() == REPLAY
    assert shown[0] == 0 and shown[-1] == 14
    assert shown == sorted(set(shown)) and len(shown) == 15     # every iteration, in order
    assert panel.status_text().startswith("iteration 15 of 15")


def test_held_out_points_are_drawn_hollow_with_their_own_accuracy_and_loss(qtbot):
    doc = playground("make_moons", hidden=(8,), count=15, lr=0.05, points=80,
                     test_fraction=0.25)
    session, panel = panel_on(qtbot, doc)
    want = data_view(session.document, session.result)
    x, _ = panel.points()
    tx, ty = panel.test_points()
    assert len(x) == 60 and np.array_equal(tx, want.test.inputs[:, 0]) and \
        np.array_equal(ty, want.test.inputs[:, 1])
    assert panel.mistakes() == int(want.wrong.sum()) + int(want.test.wrong.sum())
    text = panel.status_text()
    assert f"train: accuracy {100 * want.accuracy:.1f} % ({int(want.wrong.sum())} of 60 " \
        f"wrong), loss {want.loss:.4f}" in text
    assert f"test (hollow): accuracy {100 * want.test.accuracy:.1f} % " \
        f"({int(want.test.wrong.sum())} of 20 wrong), loss {want.test.loss:.4f}" in text
    data = next(n for n in doc.node_ids if doc.node(n).label == "data")
    session.push(SetParam(session.document, data, "test_fraction", 0.0))   # no split
    qtbot.waitUntil(lambda: len(panel.points()[0]) == 80)
    assert len(panel.test_points()[0]) == 0 and "test" not in panel.status_text()
