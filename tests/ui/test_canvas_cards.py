"""After every run and step, every card shows exactly what a canvas built afresh shows.
The scene follows a run up only where something changed: each card keeps its last
state, display key and look (``canvas.card.Card``), and the items and edges are only
touched when those change. Nothing may be left over from an earlier run: a badge that
changes and then changes back, numbers that change under the same look, a card whose
name or retain_grad mark changed between runs, a card moved into a no-grad region."""
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from gradstudio.document import Document
from gradstudio.ui.canvas import Canvas
from gradstudio.ui.canvas.card import Card, display_key
from gradstudio.ui.commands import AddRegion, SetLabel, SetParam, _Setter

from driving import canvas_on


def graph():
    """x (2x2, requires grad) and w (2,) feed y = x * 2, z = y + w, d = y.detach(),
    m = d * z, s = m.sum(); backward(s)."""
    doc = Document()
    ids = {"x": doc.add_node("ones", {"shape": (2, 2), "requires_grad": True}, (0, 0), "x"),
           "w": doc.add_node("ones", {"shape": (2,)}, (0, 300), "w")}
    for name, kind, params, pos, inputs in (
            ("y", "mul", {"other": 2}, (300, 0), {"self": "x"}),
            ("z", "add", {}, (600, 0), {"self": "y", "other": "w"}),
            ("d", "detach", {}, (600, 300), {"self": "y"}),
            ("m", "mul", {}, (900, 150), {"self": "d", "other": "z"}),
            ("s", "sum", {}, (1200, 150), {"self": "m"})):
        ids[name] = doc.add_node(kind, params, pos, name)
        for port, source in inputs.items():
            doc.connect(ids[source], ids[name], port)
    doc.add_action("backward", {"target": ids["s"]})
    return doc, ids


def shown(canvas):
    """What every card, edge and frame of a canvas shows, comparably."""
    scene = canvas.scene()
    cards = {}
    for node_id, item in scene.nodes.items():
        item._ensure_text()
        cards[node_id] = (item.badges, item.boundingRect(), item.card.rect, item.width,
                          item.has_error, item.toolTip(), item.gives_grad, item.takes_grad,
                          [t.text() for t in item._value_texts],
                          item._meta.text() if item._meta is not None else None,
                          [(r, key, st.text()) for r, key, st in item._badge_rects],
                          item.sceneBoundingRect())
    edges = {key: (e.carries_grad, e.boundingRect()) for key, e in scene.edges.items()}
    frames = {rid: r.frame for rid, r in scene.regions.items()}
    return cards, edges, frames


def fresh(qtbot, session):
    canvas = Canvas(session)
    qtbot.addWidget(canvas)
    return canvas


@pytest.fixture
def env(qtbot):
    doc, ids = graph()
    session, canvas = canvas_on(qtbot, doc, (1400, 900), (600, 200))
    return session, canvas, ids


def test_a_badge_that_changes_and_changes_back(qtbot, env):
    session, canvas, ids = env
    doc = session.document
    first = shown(canvas)
    assert ("requires_grad", "requires_grad") in canvas.item(ids["z"]).badges
    session.push(SetParam(doc, ids["x"], "requires_grad", False))
    off = shown(canvas)
    assert off == shown(fresh(qtbot, session))
    assert "requires_grad" not in [t for _, t in canvas.item(ids["z"]).badges]
    session.push(SetParam(doc, ids["x"], "requires_grad", True))
    assert shown(canvas) == first == shown(fresh(qtbot, session))
    session.undo_stack.undo()
    assert shown(canvas) == off
    session.push(SetParam(doc, ids["w"], "requires_grad", True))   # only z, m, s change
    assert shown(canvas) == shown(fresh(qtbot, session))


def test_every_edit_and_step_shows_what_a_fresh_canvas_shows(qtbot, env):
    session, canvas, ids = env
    doc = session.document
    edits = [SetParam(doc, ids["y"], "other", 3),                     # numbers only
             _Setter(doc, "mark", "set_retains_grad", (ids["y"],), True),
             _Setter(doc, "mark", "set_retains_grad", (ids["x"],), True),
             SetLabel(doc, ids["z"], "a_rather_long_name_for_z"),      # a wider card
             AddRegion(doc, [ids["z"], ids["m"]]),
             SetParam(doc, ids["x"], "shape", (2,)),
             SetParam(doc, ids["x"], "requires_grad", False),
             SetParam(doc, ids["w"], "shape", (3,))]                   # z fails
    for edit in edits:
        shown(canvas)                   # (the text formatted: the run must mark it stale)
        session.push(edit)
        assert shown(canvas) == shown(fresh(qtbot, session)), edit.text()
    assert canvas.item(ids["z"]).has_error
    for _ in edits:
        session.undo_stack.undo()
        assert shown(canvas) == shown(fresh(qtbot, session))
    for step in range(session.result.step_count):
        session.set_step(step)
        assert shown(canvas) == shown(fresh(qtbot, session)), step


def test_a_card_reports_only_what_changed():
    class State:                    # a TensorState's fields, as display_key reads them
        def __init__(self, requires_grad, value):
            self.error, self.requires_grad, self.is_leaf = None, requires_grad, True
            self.grad_fn, self.retains_grad, self.grad = None, False, None
            self.value, self.dtype, self.step = value, "float32", None

    import numpy as np
    from gradstudio.ui.canvas.card import FLOW, LOOK, REPAINT, RESIZED
    card = Card()
    card.set_data(1, 100, False, False)
    a, b = np.ones((2, 2)), np.zeros((2, 2))
    assert card.set_state(State(True, a)) & (LOOK | FLOW | RESIZED)
    assert card.set_state(State(True, a)) == 0                    # the same array
    assert card.set_state(State(True, b)) == REPAINT              # new numbers, same look
    changed = card.set_state(State(False, b))
    assert changed & LOOK and changed & FLOW and not card.gives_grad
    assert card.key == display_key(State(False, b), False, b)
    card.set_data(1, 100, True, False)                             # became a detach
    assert card.set_state(State(False, b)) & FLOW and not card.takes_grad


def test_a_new_array_with_the_same_numbers_is_no_change():
    """Every run makes new arrays; one holding the same numbers, bit for bit, changes
    nothing a card shows (its text would be the same)."""
    import numpy as np
    from gradstudio.ui.canvas.card import REPAINT, SAME_NUMBERS_MOST, same_numbers

    class State:
        def __init__(self, value):
            self.error, self.requires_grad, self.is_leaf = None, True, True
            self.grad_fn, self.retains_grad, self.grad = None, False, None
            self.value, self.dtype, self.step = value, "float32", None

    card = Card()
    card.set_data(1, 100, False, False)
    a = np.array([[1.0, np.nan], [0.0, 2.5]], dtype=np.float32)
    card.set_state(State(a))
    card.text_dirty = False                     # (as painting the card leaves it)
    assert card.set_state(State(a.copy())) == 0 and not card.text_dirty
    assert card.value is not a                  # the new run's array is the one kept
    assert card.set_state(State(np.where(a == 0, np.float32(-0.0), a))) == REPAINT  # "-0."
    assert card.text_dirty
    assert card.set_state(State(a[::-1].copy())) == REPAINT
    assert not same_numbers(a, a.astype(np.float64))         # another dtype
    assert not same_numbers(a.reshape(4), a.reshape(4)[::-1])
    assert same_numbers(a.T, a.T.copy()) and not same_numbers(None, a)
    big = np.zeros(SAME_NUMBERS_MOST + 1)       # too big to compare: new numbers
    assert not same_numbers(big, big.copy())
    assert not same_numbers(np.array([a], dtype=object), np.array([a], dtype=object))


def test_a_card_whose_badges_change_keeps_its_value_text(qtbot, env):
    """The value's prepared lines are made again only for other numbers (or another
    width or number of lines), and always say what a fresh canvas says."""
    session, canvas, ids = env
    doc = session.document
    item = canvas.item(ids["y"])
    shown(canvas)
    before = list(item._value_texts)
    session.push(SetParam(doc, ids["x"], "requires_grad", False))   # y loses its badges
    assert item.card.text_dirty
    assert shown(canvas) == shown(fresh(qtbot, session))
    assert len(item._value_texts) == len(before)    # the same prepared lines, not new
    assert all(a is b for a, b in zip(item._value_texts, before))
    session.push(SetParam(doc, ids["y"], "other", 3))               # y's numbers change
    assert shown(canvas) == shown(fresh(qtbot, session))
    assert not any(a is b for a in item._value_texts for b in before)


def test_a_message_longer_than_its_card_is_painted_inside_it(qtbot):
    """A card's message is painted inside the card even when it is longer than the lines
    the card has room for: drawn below it, it would stay on screen as a stain once the
    card shrinks (Qt repaints a card's own rectangle only)."""
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    y = doc.add_node("mul", {"other": 2.0}, label="y", position=(0.0, 400.0))
    doc.connect(x, y, "self")
    long = doc.add_node("grad_of", label="long",      # y.grad in the forward pass
                        position=(400.0, 0.0))
    doc.connect(y, long, "self")
    session, canvas = canvas_on(qtbot, doc)
    error = session.state(long).error
    assert error and len(error) > 200
    item = canvas.item(long)
    rect = item.sceneBoundingRect()
    area = rect.adjusted(0, 0, 0, 120)                  # the card and the strip under it
    image = QImage(int(area.width()), int(area.height()), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    canvas.scene().render(painter, QRectF(0, 0, area.width(), area.height()), area)
    painter.end()
    inked = [(px, py) for px in range(image.width())
             for py in range(int(rect.height()) + 1, image.height())
             if (image.pixel(px, py) >> 24) and image.pixelColor(px, py).red() > 150]
    assert not inked, inked[:5]
