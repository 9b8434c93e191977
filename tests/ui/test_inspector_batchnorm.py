"""A ``batch_norm`` node (``document.catalogue_norm``: what ``nn.BatchNorm1d`` draws) edited
in the inspector: ``momentum`` emptied is None, a cumulative average of the count on its
``num_batches_tracked`` port; ``training`` unticked reads the running averages and moves
nothing. The run shows the buffers as the engine's ``F.batch_norm`` leaves them."""
import gradstudio.engine as torch
from gradstudio.document import Document
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session


def typed(field, text):
    field.setText(text)
    field.editingFinished.emit()


def _batch_norm_document():
    d = Document()
    d.set_seed(0)
    x = d.add_node("randn", {"shape": (6, 3)}, label="x")
    mean = d.add_node("zeros", {"shape": (3,)}, label="running_mean")
    var = d.add_node("ones", {"shape": (3,)}, label="running_var")
    count = d.add_node("tensor", {"value": 0}, label="num_batches_tracked")
    bn = d.add_node("batch_norm", {"training": True}, label="h", watched=True)
    for source, port in ((x, "input"), (mean, "running_mean"), (var, "running_var"),
                         (count, "num_batches_tracked")):
        d.connect(source, bn, port)
    return d, bn, (mean, var, count)


def _expected(momentum, training=True):
    """The buffers after one call of the engine's F.batch_norm on the document's x."""
    torch.manual_seed(0)
    x = torch.randn(6, 3)
    mean, var = torch.zeros(3), torch.ones(3)
    torch.nn.functional.batch_norm(x, mean, var, training=training, momentum=momentum)
    return mean.tolist(), var.tolist()


def test_momentum_none_and_training_are_edited_in_the_inspector(qtbot):
    d, bn, (mean, var, count) = _batch_norm_document()
    session = Session(d)
    w = Inspector(session)
    qtbot.addWidget(w)
    session.select([bn])
    assert w.editor("momentum").text() == "0.1"
    result = session.rerun()
    assert result.errors == {}
    assert (result.state(mean).value.tolist(), result.state(var).value.tolist()) == \
        _expected(0.1)
    assert result.state(count).value.tolist() == 1

    typed(w.editor("momentum"), "")          # None: by 1 / the count, here 1 / 1
    assert d.node(bn).params["momentum"] is None and w.param_error("momentum") == ""
    result = session.rerun()
    assert (result.state(mean).value.tolist(), result.state(var).value.tolist()) == \
        _expected(1.0)
    assert _expected(1.0) != _expected(0.1)

    w.editor("training").setChecked(False)   # eval mode: reads them, moves nothing
    assert d.node(bn).params["training"] is False
    result = session.rerun()
    assert result.errors == {}
    assert result.state(mean).value.tolist() == [0.0, 0.0, 0.0]
    assert result.state(count).value.tolist() == 0
