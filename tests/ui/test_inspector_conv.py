"""A convolution node's settings edited in the inspector (``document.catalogue_conv``):
a padding typed as one number or one per dimension runs; a padding of the wrong length is
kept, and the node shows the error PyTorch raises for that call (the same words as the
engine's ``F.conv2d``, checked against torch in ``tests/engine/test_parity_conv.py``)."""
import gradstudio.engine as torch
from gradstudio.document import Document
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session


def typed(field, text):
    field.setText(text)
    field.editingFinished.emit()


def _conv_document():
    d = Document()
    d.set_seed(0)
    x = d.add_node("randn", {"shape": (1, 2, 5, 5)}, label="x")
    w = d.add_node("randn", {"shape": (3, 2, 3, 3)}, label="w")
    c = d.add_node("conv2d", None, label="c", watched=True)
    d.connect(x, c, "input")
    d.connect(w, c, "weight")
    return d, c


def _error_of(call):
    try:
        call()
    except RuntimeError as e:
        return f"RuntimeError: {e}"
    raise AssertionError("the call did not fail")


def test_a_conv_nodes_padding_is_edited_in_the_inspector_and_a_wrong_one_shows_torchs_error(
        qtbot):
    d, c = _conv_document()
    session = Session(d)
    w = Inspector(session)
    qtbot.addWidget(w)
    session.select([c])
    assert w.editor("padding").text() == "0"
    typed(w.editor("padding"), "1")
    assert d.node(c).params["padding"] == 1 and w.param_error("padding") == ""
    result = session.rerun()
    assert result.errors == {} and result.state(c, 0).shape == (1, 3, 5, 5)
    typed(w.editor("padding"), "(1, 0)")
    assert session.rerun().state(c, 0).shape == (1, 3, 5, 3)
    typed(w.editor("padding"), "1, 1, 1")
    assert d.node(c).params["padding"] == (1, 1, 1)
    result = session.rerun()
    expected = _error_of(lambda: torch.nn.functional.conv2d(
        torch.zeros(1, 2, 5, 5), torch.zeros(3, 2, 3, 3), padding=(1, 1, 1)))
    assert "a list of 2 values" in expected
    assert result.errors[c] == expected
    session.select([c])
    assert w.error.text() == expected
