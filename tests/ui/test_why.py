"""Why a node has no grad_fn is said where the user looks: on hover over its card and in
the Inspector (the words of ``document.explain``), not only in the Autograd Graph tab."""
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtWidgets import QApplication, QGraphicsSceneHelpEvent

from gradstudio.document.examples import build
from gradstudio.document.explain import why_no_graph
from gradstudio.ui.inspector import Inspector

from driving import canvas_on, ids, shown


def hover_tip(canvas, node_id):
    """The tooltip the card shows when the mouse rests on it (a help event)."""
    scene = canvas.scene()
    event = QGraphicsSceneHelpEvent(QEvent.Type.GraphicsSceneHelp)
    event.setScenePos(canvas.item(node_id).sceneBoundingRect().center())
    event.setScreenPos(QPoint(10, 10))
    QApplication.sendEvent(scene, event)
    return canvas.item(node_id).toolTip()


def test_a_card_says_on_hover_why_it_has_no_grad_fn(qtbot):
    session, canvas = canvas_on(qtbot, build("04_detach_and_no_grad"))
    n, doc = ids(session), session.document
    tip = hover_tip(canvas, n["x_squared_no_grad"])
    assert "inside torch.no_grad()" in tip
    assert why_no_graph(doc, session.result, n["x_squared_no_grad"]) in tip
    assert "the gradient stops further up, at same" in hover_tip(canvas, n["all_same"])
    assert "Why no grad_fn" not in hover_tip(canvas, n["x_squared"])   # it has one
    assert "PowBackward0" in hover_tip(canvas, n["x_squared"])


def test_the_inspector_says_why_a_node_has_no_grad_fn(qtbot):
    from gradstudio.ui.session import Session
    session = Session(build("04_detach_and_no_grad"))
    inspector = shown(qtbot, Inspector(session), (360, 900))
    n = ids(session)
    session.select([n["x_detached"]])
    assert inspector.why.isVisible()
    assert "detached copy" in inspector.why.text()
    session.select([n["x_squared"]])                  # it has a grad_fn: nothing to say
    assert not inspector.why.isVisible()


def _untracked_doc(no_grad=False):
    """x = ones(2) (requires_grad unticked); y = x.sum(); y.backward(): PyTorch's
    "element 0 of tensors does not require grad and does not have a grad_fn"."""
    from gradstudio.document import Document
    doc = Document()
    x = doc.add_node("ones", {"shape": [2], "requires_grad": no_grad}, (0, 0), "x")
    y = doc.add_node("sum", {}, (200, 0), "y")
    doc.connect(x, y, "self")
    if no_grad:
        doc.add_region([y])
    doc.add_action("backward", {"target": y})
    return doc


def test_a_backward_of_an_untracked_tensor_is_explained_and_fixed_in_one_click(qtbot):
    from PySide6.QtCore import Qt
    from gradstudio.ui.session import Session
    from gradstudio.ui.timeline import TimelinePanel
    session = Session(_untracked_doc())
    w = shown(qtbot, TimelinePanel(session), (420, 600))
    w.list.setCurrentRow(0)
    assert "does not require grad and does not have a grad_fn" in w.details.error.text()
    fix = w.details.untracked_fix
    assert fix.isVisibleTo(w) and "nothing it is computed from requires grad" in \
        fix.text.text()
    assert fix.button.text() == "Tick requires_grad on x"
    qtbot.mouseClick(fix.button, Qt.MouseButton.LeftButton)
    x = ids(session)["x"]
    assert session.document.node(x).params["requires_grad"]
    assert w.row_error(0) == "" and not fix.isVisibleTo(w)
    assert session.state(x).grad.tolist() == [1.0, 1.0]
    session.undo_stack.undo()                          # one undo step
    assert not session.document.node(x).params["requires_grad"]
    w.list.setCurrentRow(0)
    assert fix.isVisibleTo(w)


def test_inside_no_grad_the_explanation_names_it_and_offers_no_tick(qtbot):
    from gradstudio.ui.session import Session
    from gradstudio.ui.timeline import TimelinePanel
    session = Session(_untracked_doc(no_grad=True))
    w = shown(qtbot, TimelinePanel(session), (420, 600))
    w.list.setCurrentRow(0)
    fix = w.details.untracked_fix
    assert fix.isVisibleTo(w) and "inside torch.no_grad()" in fix.text.text()
    assert not fix.button.isVisibleTo(w)
