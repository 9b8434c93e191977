"""An edit the document refuses changes nothing, leaves no undo step and is explained in
plain words where it was made."""
import pytest
from PySide6.QtWidgets import QSpinBox

from gradstudio.document import Document, DocumentError, files
from gradstudio.ui.commands import SetParam, _Macro
from gradstudio.ui.inspector import Inspector
from gradstudio.ui.session import Session

from driving import shown


@pytest.fixture
def cat_session():
    doc = Document()
    a = doc.add_node("ones", {"shape": (2,)}, label="a")
    b = doc.add_node("ones", {"shape": (2,)}, position=(0.0, 120.0), label="b")
    c = doc.add_node("ones", {"shape": (2,)}, position=(0.0, 240.0), label="c")
    cat = doc.add_node("cat", {"count": 3}, position=(200.0, 0.0), label="joined")
    for port, src in zip(["t0", "t1", "t2"], [a, b, c]):
        doc.connect(src, cat, port)
    return Session(doc), cat


def test_lowering_count_below_a_connected_input_is_refused_without_an_undo_step(cat_session):
    session, cat = cat_session
    before, steps = files.dumps(session.document), session.undo_stack.count()
    with pytest.raises(DocumentError, match="Disconnect input"):
        session.push(SetParam(session.document, cat, "count", 2))
    assert session.undo_stack.count() == steps
    assert files.dumps(session.document) == before


def test_the_inspector_explains_a_refused_count(cat_session, qtbot):
    session, cat = cat_session
    inspector = shown(qtbot, Inspector(session))
    session.select([cat])
    spin = inspector.editor("count")
    assert isinstance(spin, QSpinBox)
    qtbot.waitUntil(spin.isVisible)
    steps = session.undo_stack.count()
    spin.setValue(2)
    assert session.undo_stack.count() == steps
    assert session.document.node(cat).params["count"] == 3
    assert "Disconnect input" in inspector.param_error("count")


def test_a_macro_refused_half_way_takes_back_its_first_steps(cat_session):
    session, cat = cat_session
    doc = session.document
    before = files.dumps(doc)

    x = doc.node_ids[0]
    macro = _Macro(doc, "two edits", [SetParam(doc, x, "shape", (3,)),
                                      SetParam(doc, cat, "count", 1)])
    with pytest.raises(DocumentError):
        session.push(macro)
    assert files.dumps(doc) == before and session.undo_stack.count() == 0
