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
