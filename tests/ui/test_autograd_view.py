"""The autograd view on the bundled examples: one arrow per ``next_functions`` entry (two,
bowed apart and labelled, for ``y * y``), which backward freed the greyed buffers, and a
plain-words reason whenever a selected node has no backward graph."""
import os

import pytest
from PySide6.QtCore import Qt

from gradstudio.document import Document, examples
from gradstudio.ui.autograd_view import MAX_BOXES, AutogradView, EdgeItem
from gradstudio.ui.commands import SetLabel, SetParam
from gradstudio.ui.session import Session

from driving import ids, shown

SHOTS = os.environ.get("GRADSTUDIO_SHOTS")   # a folder: save a PNG of the panel there


def view_on(qtbot, doc, label=None, size=(460, 640)):
    """An AutogradView, shown, on a session holding ``doc`` with ``label`` selected."""
    session = Session(doc)
    w = shown(qtbot, AutogradView(session), size)
    if label is not None:
        session.select([ids(session)[label]])
    return w, session


def box_of(w, node):
    """The grad_fn box whose tensor is the document node ``node`` (not a leaf's box)."""
    return next(it for it in w.items.values()
                if not it.attrs["accumulate"] and node in it.attrs["tensors"])


def test_y_times_y_draws_two_arrows_to_add_bowed_apart_and_labelled(qtbot):
    w, session = view_on(qtbot, examples.autograd_tutorial(), "out")
    n = ids(session)
    mul, add = box_of(w, n["y_times_y"]), box_of(w, n["y"])
    pair = sorted(w.edges_between(mul.key, add.key), key=lambda e: e.input_nr)
    in_scene = [i for i in w.scene.items() if isinstance(i, EdgeItem)
                and (i.source, i.target) == (mul.key, add.key)]
    assert len(pair) == 2 and len(in_scene) == 2
    assert [e.input_nr for e in pair] == [0, 1]
    assert [e.label.text() for e in pair] == ["[0]", "[1]"]
    # visibly distinct: the middles of the two curves lie well apart, [0] on the left
    left, right = (e.path().pointAtPercent(0.5) for e in pair)
    assert right.x() - left.x() > 30
    assert pair[0].label.sceneBoundingRect().right() < pair[1].label.sceneBoundingRect().left()
    # an entry alone in its next_functions needs no index
    mean = box_of(w, n["out"])
    (single,) = w.edges_between(mean.key, box_of(w, n["z"]).key)
    assert single.label is None
    assert "[i]: the entry's index in next_functions" in w.legend.text()
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        w.grab().save(os.path.join(SHOTS, "autograd_view_y_times_y.png"))


def test_every_next_functions_entry_is_one_arrow(qtbot):
    w, session = view_on(qtbot, examples.autograd_tutorial(), "out")
    g = w.graph
    assert sorted((e.source, e.target, e.input_nr) for e in w.edges) == \
        sorted((u, v, k) for u, v, k in g.edges(keys=True))
    assert len(w.edges) == 5            # mean, mul(3), mul(y, y) twice, add


def test_caption_names_the_backward_that_freed_the_buffers(qtbot):
    w, session = view_on(qtbot, examples.retain_graph(), "out")
    # the first backward retains the graph; the second frees it
    session.set_step(1)
    assert "freed" not in w.caption.text()
    assert not any(it.freed for it in w.items.values())
    session.set_step(2)
    assert "freed by step 2 (out.backward())" in w.caption.text()
    assert "retain_graph=True" in w.caption.text()
    assert all(it.freed for it in w.items.values() if it.saved)


def test_without_a_selection_the_caption_says_whose_graph_it_is(qtbot):
    w, session = view_on(qtbot, examples.autograd_tutorial())
    assert w.root == ids(session)["out"]
    assert "first backward's target" in w.caption.text()
    session.select([ids(session)["out"]])
    assert "first backward's target" not in w.caption.text()
    assert w.view.isVisible()


@pytest.mark.parametrize("label, reason", [
    ("x_detached", "is a detached copy"),
    ("x_squared_no_grad", "inside torch.no_grad()"),
    ("same", "eq has no gradient"),
    ("all_same", "stops further up, at <b>same</b> (eq has no gradient)"),
])
def test_a_node_without_a_graph_says_why(qtbot, label, reason):
    w, session = view_on(qtbot, examples.detach_and_no_grad(), label)
    assert not w.items and not w.view.isVisible()
    assert reason in w.caption.text()
    assert f"<b>{label}</b>" in w.caption.text()


def test_a_leaf_that_requires_grad_points_to_its_grad(qtbot):
    w, session = view_on(qtbot, examples.detach_and_no_grad(), "x_detached")
    session.select([ids(session)["x"]])          # x is in no graph shown: its own is empty
    assert "is a leaf that requires grad" in w.caption.text()
    assert "<b>x</b>.grad" in w.caption.text()
    # picking a node computed from it shows the graph again, with x's box lit
    session.select([ids(session)["x_squared"]])
    assert w.view.isVisible() and w.item_named("PowBackward0")
    session.select([ids(session)["x"]])
    assert w.item_named("AccumulateGrad")[0].highlighted


def test_a_constant_says_how_to_track_it(qtbot):
    w, session = view_on(qtbot, examples.build("07_matmul"))
    doc = session.document
    constant = next(n for n in doc.node_ids if not doc.inputs_of(n)
                    and not session.state(n).requires_grad)
    session.select([constant])
    assert "Tick requires_grad" in w.caption.text()


def test_a_tensor_passed_on_by_requires_grad_is_named_once(qtbot):
    doc = Document()
    x = doc.add_node("ones", {"shape": (2,), "requires_grad": True}, label="x")
    y = doc.add_node("exp", label="y")
    k = doc.add_node("requires_grad_", label="k")        # y itself, under a second name
    s = doc.add_node("sum", label="s")
    for a, b in ((x, y), (y, k), (k, s)):
        doc.connect(a, b, "self")
    w, session = view_on(qtbot, doc, "s")
    y_box = box_of(w, y)
    assert list(y_box.attrs["tensors"]) == [y, k]
    assert y_box.subtitle == "of y"
    assert "the same tensor as y, k" in y_box.toolTip()


def test_clicking_an_arrow_does_not_change_the_selection(qtbot):
    w, session = view_on(qtbot, examples.autograd_tutorial(), "out")
    n = ids(session)
    edge = w.edges_between(box_of(w, n["y_times_y"]).key, box_of(w, n["y"]).key)[0]
    point = w.view.mapFromScene(edge.path().pointAtPercent(0.5))
    assert w.view.itemAt(point) is edge
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert session.selection == [n["out"]]


def test_an_arrow_spanning_rows_runs_beside_the_boxes_not_behind_them(qtbot):
    # total2 = ((a * b).sum() + a.exp().sum()) + a * a: a * a's two arrows to a's
    # AccumulateGrad cross two rows of boxes
    doc = Document()
    a = doc.add_node("ones", {"shape": (3,), "requires_grad": True}, label="a")
    b = doc.add_node("ones", {"shape": (3,), "requires_grad": True}, label="b")

    def op(kind, *inputs, label):
        node = doc.add_node(kind, label=label)
        for src, port in zip(inputs, ("self", "other")):
            doc.connect(src, node, port)
        return node

    total = op("add", op("sum", op("mul", a, b, label="ab"), label="s1"),
               op("sum", op("exp", a, label="e"), label="s2"), label="total")
    op("add", total, op("mul", a, a, label="aa"), label="total2")
    w, session = view_on(qtbot, doc, "total2", size=(640, 700))
    aa = box_of(w, ids(session)["aa"])
    long_pair = [e for e in w.edges if e.source == aa.key]
    assert len(long_pair) == 2 and len({e.target for e in long_pair}) == 1
    for edge in w.edges:
        others = [it.sceneBoundingRect().adjusted(4, 4, -4, -4)
                  for key, it in w.items.items() if key not in (edge.source, edge.target)]
        path = edge.path()
        for i in range(101):
            point = path.pointAtPercent(i / 100)
            assert not any(r.contains(point) for r in others), (edge.source, edge.target)
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        w.grab().save(os.path.join(SHOTS, "autograd_view_long_arrows.png"))


def test_an_edit_that_keeps_the_graph_keeps_its_boxes_and_one_that_changes_it_redraws(qtbot):
    w, session = view_on(qtbot, examples.autograd_tutorial(), "z")
    n = ids(session)
    doc = session.document
    boxes = dict(w.items)
    session.push(SetParam(doc, n["y"], "other", 3))      # new values, the same graph
    assert w.items == boxes and all(w.items[k] is boxes[k] for k in boxes)
    assert box_of(w, n["z"]).highlighted
    session.push(SetLabel(doc, n["y"], "shifted"))        # a box's name changes
    assert box_of(w, n["y"]).subtitle == "of shifted" and w.items[box_of(w, n["y"]).key] \
        is not boxes[box_of(w, n["y"]).key]
    # no graph left: the selected node's own reason, not the old root's
    session.push(SetParam(doc, n["x"], "requires_grad", False))
    assert not w.items and w.root == n["z"]
    assert w.caption.text().startswith("<b>z</b> has no grad_fn: nothing it is computed from "
                                       "requires grad")
    session.undo_stack.undo()
    assert w.item_named("AccumulateGrad") and box_of(w, n["z"]).highlighted


def test_a_graph_too_big_to_read_draws_the_part_nearest_its_root_and_says_so(qtbot):
    doc = Document()
    node = doc.add_node("ones", {"shape": (2,), "requires_grad": True}, label="x")
    chain = [node]
    for _ in range(MAX_BOXES + 30):
        chain.append(doc.add_node("add", {"other": 1}))
        doc.connect(chain[-2], chain[-1], "self")
    w, session = view_on(qtbot, doc)
    session.select([chain[-1]])
    assert len(w.graph) == MAX_BOXES + 31         # 130 AddBackward0 and x's AccumulateGrad
    assert len(w.items) == MAX_BOXES and len(w.edges) == MAX_BOXES - 1
    assert f"the {MAX_BOXES} grad_fns nearest to it, of {MAX_BOXES + 31}" in w.caption.text()
    (stub,) = w.stubs
    assert stub.childItems()[0].text() == "1 more, not drawn"
    # readable, not shrunk to fit: it scrolls, starting at the root
    assert w.view.transform().m11() >= 0.5
    bar = w.view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.minimum()
    # a node drawn lights up in this graph; one further back shows the graph from there
    session.select([chain[40]])
    assert w.root == chain[-1] and box_of(w, chain[40]).highlighted
    session.select([chain[20]])
    assert w.root == chain[20]
    assert len(w.items) == 21 and not w.stubs and w.item_named("AccumulateGrad")


def test_the_graph_drawn_before_a_message_comes_back_as_it_was(qtbot):
    """Unticking x's requires_grad leaves out no graph (a message); the undo brings the
    very same boxes and arrows back, not a rebuilt copy."""
    w, session = view_on(qtbot, examples.autograd_tutorial(), "out")
    n = ids(session)
    boxes, arrows = dict(w.items), list(w.edges)
    assert boxes and arrows and w.view.isVisible()
    session.push(SetParam(session.document, n["x"], "requires_grad", False))
    assert not w.items and not w.view.isVisible() and "requires grad" in w.caption.text()
    session.undo_stack.undo()
    assert w.items == boxes and all(a is b for a, b in zip(w.edges, arrows))
    assert w.view.isVisible() and len(w.scene.items()) > len(boxes)
    session.push(SetLabel(session.document, n["y"], "shifted"))    # another picture
    assert w.items and all(w.items[k] is not boxes[k] for k in w.items if k in boxes)
