"""The Data panel's content (``document.data_view``): the points and the model's boundary
over the input plane at the iteration the views show, computed by the engine in one
batched forward, compared with the same forward computed by PyTorch on the same grid with
the parameters the run had at that iteration."""
import numpy as np
import pytest

from gradstudio.document import Document, run
from gradstudio.document.data_view import GRID, data_view
from gradstudio.document.examples_playground import playground
from gradstudio.document.training import add_linear, add_train_loop

from data_docs import one_input_regression

torch = pytest.importorskip("torch")


def _by_label(doc):
    return {doc.node(n).label: n for n in doc.node_ids if doc.node(n).label}


def _loop(doc):
    return next(a.id for a in doc.timeline if a.kind == "loop")


def _torch_logits(view, params):
    """The 2-8-1 tanh MLP's output computed by PyTorch on the view's grid."""
    gx, gy = np.meshgrid(view.xs, view.ys, indexing="ij")
    grid = torch.from_numpy(np.stack([gx.ravel(), gy.ravel()], 1).astype(np.float32))
    t = {k: torch.from_numpy(np.asarray(v, dtype=np.float32)) for k, v in params.items()}
    with torch.no_grad():
        h = torch.tanh(torch.nn.functional.linear(grid, t["layer1_weight"], t["layer1_bias"]))
        return torch.nn.functional.linear(h, t["logits_weight"], t["logits_bias"]).numpy()


@pytest.fixture(scope="module")
def moons():
    doc = playground("make_moons", hidden=(8,), count=12, lr=0.05, points=60)
    return doc, run(doc)


def _assert_same_forward(view, params):
    want = _torch_logits(view, params)
    # (a matrix product may differ from MKL's in the last bits: docs/engine.md)
    np.testing.assert_allclose(view.grid_outputs, want, rtol=2e-6, atol=2e-7)
    assert view.image.shape == (GRID, GRID)
    np.testing.assert_allclose(view.image.ravel(), 1 / (1 + np.exp(-want[:, 0].astype(
        np.float64))), rtol=1e-6)


def test_the_boundary_is_pytorchs_forward_on_the_same_grid(moons):
    doc, result = moons
    view = data_view(doc, result)
    assert view.message == ""
    names = _by_label(doc)
    params = {k: result.state(names[k], view.step).value
              for k in ("layer1_weight", "layer1_bias", "logits_weight", "logits_bias")}
    _assert_same_forward(view, params)
    assert view.image_kind == "probability"
    assert view.xs[0] < view.inputs[:, 0].min() and view.xs[-1] > view.inputs[:, 0].max()


def test_a_scrubbed_iteration_shows_the_model_that_iteration_computed_its_loss_with(moons):
    doc, _ = moons
    loop, k = _loop(doc), 5
    result = run(doc, focus={loop: k})
    view = data_view(doc, result)
    history = result.histories[loop]
    names = _by_label(doc)
    # the parameters iteration k's forward used: those the update of iteration k - 1 left
    params = {n: history.values[names[n]][k - 1]
              for n in ("layer1_weight", "layer1_bias", "logits_weight", "logits_bias")}
    _assert_same_forward(view, params)
    assert view.loss == pytest.approx(history.scalar(names["loss"])[k], rel=0, abs=0)
    last = data_view(doc, run(doc))
    assert not np.array_equal(view.image, last.image)


def test_points_classes_accuracy_and_mistakes_are_the_runs_own(moons):
    doc, result = moons
    view = data_view(doc, result)
    names = _by_label(doc)
    data = result.state(names["data"]).value
    assert np.array_equal(view.inputs, data[:, :2].astype(np.float64))
    assert np.array_equal(view.targets, data[:, 2].astype(np.float64))
    logits = result.state(names["logits"], view.step).value[:, 0]
    assert np.array_equal(view.predicted, (logits > 0).astype(int))
    assert np.array_equal(view.wrong, (logits > 0) != (data[:, 2] == 1))
    assert view.accuracy == pytest.approx(1 - view.wrong.mean())
    assert view.classes and view.class_count == 2


def test_a_one_input_model_shows_its_fitted_curve():
    doc, w, b = one_input_regression("make_line", 40, 5)
    result = run(doc)
    view = data_view(doc, result)
    assert view.message == "" and not view.classes and view.image is None
    xs, ys = view.curve
    weight = result.state(w, view.step).value
    bias = result.state(b, view.step).value
    want = torch.nn.functional.linear(torch.from_numpy(xs.astype(np.float32)).reshape(-1, 1),
                                      torch.from_numpy(weight), torch.from_numpy(bias))
    np.testing.assert_allclose(ys, want.numpy()[:, 0], rtol=1e-6, atol=1e-7)


def test_a_program_without_a_loss_to_show_says_so():
    doc = Document()
    doc.add_node("make_moons")
    assert "No training loop" in data_view(doc, run(doc)).message


def test_several_classes_show_the_predicted_class_over_the_plane():
    doc = Document()
    data = doc.add_node("make_blobs", {"n": 90, "centers": 3, "manual_seed": 2}, label="data")
    x = doc.add_node("index", {"key": ":, :2"}, label="x")
    label = doc.add_node("index", {"key": ":, 2"}, label="label")
    y = doc.add_node("to", {"dtype": "int64"}, label="y")
    doc.connect(data, x, "self")
    doc.connect(data, label, "self")
    doc.connect(label, y, "self")
    w, b, out = add_linear(doc, x, 2, 3, "logits")
    loss = doc.add_node("cross_entropy", label="loss")
    doc.connect(out, loss, "input")
    doc.connect(y, loss, "target")
    add_train_loop(doc, [w, b], loss, count=10, lr=0.1, optimizer="Adam")
    result = run(doc)
    view = data_view(doc, result)
    assert view.classes and view.class_count == 3 and view.image_kind == "class"
    gx, gy = np.meshgrid(view.xs, view.ys, indexing="ij")
    grid = torch.from_numpy(np.stack([gx.ravel(), gy.ravel()], 1).astype(np.float32))
    logits = torch.nn.functional.linear(grid, torch.from_numpy(result.state(w, view.step).value),
                                        torch.from_numpy(result.state(b, view.step).value))
    agree = view.image.ravel() == logits.argmax(1).numpy()
    assert agree.mean() > 0.999          # (a tie a last bit apart may go either way)
    assert set(np.unique(view.image)) == {0.0, 1.0, 2.0}


def test_held_out_points_are_pytorchs_forward_and_loss_on_the_test_rows():
    doc = playground("make_moons", hidden=(8,), count=12, lr=0.05, points=60,
                     test_fraction=0.25)
    loop, k = _loop(doc), 4
    result = run(doc, focus={loop: k})
    view = data_view(doc, result)
    names = _by_label(doc)
    assert view.inputs.shape == (45, 2) and view.message == ""
    rows = result.held_out[names["data"]]
    test = view.test
    assert test.message == "" and test.inputs.shape == (15, 2)
    assert np.array_equal(test.inputs, rows[:, :2].astype(np.float64))
    assert np.array_equal(test.targets, rows[:, 2].astype(np.float64))
    history = result.histories[loop]
    params = {n: torch.from_numpy(history.values[names[n]][k - 1].astype(np.float32))
              for n in ("layer1_weight", "layer1_bias", "logits_weight", "logits_bias")}
    with torch.no_grad():
        h = torch.tanh(torch.nn.functional.linear(torch.from_numpy(rows[:, :2]),
                                                  params["layer1_weight"], params["layer1_bias"]))
        logits = torch.nn.functional.linear(h, params["logits_weight"], params["logits_bias"])
        loss = torch.nn.functional.binary_cross_entropy_with_logits(
            logits, torch.from_numpy(rows[:, 2:]))
    np.testing.assert_allclose(test.outputs, logits.numpy(), rtol=2e-6, atol=2e-7)
    assert test.loss == pytest.approx(loss.item(), rel=1e-6)
    want_wrong = (logits.numpy()[:, 0] > 0) != (rows[:, 2] == 1)
    assert np.array_equal(test.wrong, want_wrong)
    assert test.accuracy == pytest.approx(1 - want_wrong.mean())
    assert test.loss != view.loss           # (not the training loss again)


def test_without_a_split_there_are_no_test_points(moons):
    doc, result = moons
    assert data_view(doc, result).test is None
