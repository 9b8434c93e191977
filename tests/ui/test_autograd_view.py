"""The autograd view on the bundled examples: one arrow per ``next_functions`` entry (two,
bowed apart and labelled, for ``y * y``), which backward freed the greyed buffers, and a
plain-words reason whenever a selected node has no backward graph."""
import os

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtWidgets import (QApplication, QGraphicsPathItem, QGraphicsPolygonItem,
                               QGraphicsSimpleTextItem)

from gradstudio.document import Document, examples, files
from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.layout import apply_layered_layout
from gradstudio.document.run_state import BackwardGraphPart
from gradstudio.ui.autograd_view import MAX_BOXES, AutogradView, EdgeItem
from gradstudio.ui.commands import (AddNode, Connect, RemoveNodes, SetActionParam, SetLabel,
                                    SetParam)
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
    g = w.drawn                 # (all of it: the tutorial's graph is small)
    assert len(g) == w.part.total
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
    assert w.part.total == MAX_BOXES + 31         # 130 AddBackward0 and x's AccumulateGrad
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


# ---------------------------------------------------------------------- updated in place
# An edit that changes the graph updates the scene in place (GradStudio issue 14): the
# picture must be what a new view, drawing it from nothing, would show.

def _path(path):
    return [(e.type, e.x, e.y) for e in (path.elementAt(i) for i in range(path.elementCount()))]


def _item(it):
    """A graphics item as plain values: kind, place, texts, paths, pens, visible children."""
    d = [type(it).__name__, it.pos().x(), it.pos().y(), it.zValue(), it.rotation(),
         it.isVisible(), it.toolTip()]
    if isinstance(it, QGraphicsSimpleTextItem):
        d += [it.text(), it.brush().color().name(), it.font().bold()]
    if isinstance(it, QGraphicsPathItem):
        d += [_path(it.path()), it.pen().color().name(), it.pen().widthF(), it.pen().style()]
    if isinstance(it, QGraphicsPolygonItem):
        d += [[(p.x(), p.y()) for p in it.polygon()], it.brush().color().name()]
    return d + [[_item(c) for c in it.childItems() if c.isVisible()]]


def picture(w):
    """What the view shows, as plain values: per box its key, place and content (attrs,
    texts, tooltip, highlight and walk marks), per arrow its ends, path, tip, [i] label
    and gradient written on it, the stubs, the legend, the scene's visible items bottom
    to top, the caption and the scene's rect. (Not the zoom: a new widget fits its
    graph before its layout has settled. Nor, during a step-through, the rect: it
    grows only when the gradients written reach past it, not to jump at each step; it
    holds every item.) A hidden view (a message instead) shows none of its scene."""
    if not w.view.isVisible():
        return dict(shown=False, caption=w.caption.text(), root=w.root, items=len(w.items))
    boxes = [(key, it.key, it.x(), it.y(), it.zValue(), dict(it.attrs), it.subtitle,
              list(it.saved), it.freed, it.height, it.highlighted, it.running, it.done,
              it.toolTip(), it.document_nodes, it.isVisible())
             for key, it in w.items.items()]
    edges = [(e.source, e.target, e.input_nr, e.bow, _item(e)) for e in w.edges]
    role = {id(it): ("box", key) for key, it in w.items.items()}
    role.update({id(e): ("arrow", e.source, e.target, e.input_nr) for e in w.edges})
    role.update({id(s): ("stub", _path(s.path())) for s in w.stubs})
    if w.legend is not None:
        role[id(w.legend)] = ("legend",)
    order = [role.get(id(it), ("stray", _item(it)))          # an item left behind shows
             for it in w.scene.items(Qt.SortOrder.AscendingOrder)
             if it.parentItem() is None and it.isVisible()]
    rect = w.scene.sceneRect()
    if w.session.walk is not None:
        assert rect.contains(w.scene.itemsBoundingRect())
        rect = QRectF()
    return dict(boxes=boxes, edges=edges, stubs=[_item(s) for s in w.stubs],
                legend=None if w.legend is None else _item(w.legend), order=order,
                shown=w.view.isVisible(), caption=w.caption.text(), root=w.root,
                drawn=list(w.drawn), graph=w.part.total,
                rect=(rect.x(), rect.y(), rect.width(), rect.height()),
                visible=sum(it.isVisible() for it in w.scene.items()))


def new_view_picture(w):
    """The picture a new AutogradView of the same size draws, from nothing, of what
    ``w`` shows (the same session, graph root, step and walk); the view is then deleted."""
    root = w.root

    class New(AutogradView):
        def _choose_root(self):         # the graph ``w`` shows, not one of its own choice
            self.root = root

    new = New(w.session)
    try:
        new.resize(w.size())
        new.show()
        QApplication.processEvents()
        return picture(new)
    finally:
        shiboken6.delete(new)           # (no longer following the session)


def assert_as_new(w, what):
    QApplication.processEvents()
    mine, new = picture(w), new_view_picture(w)
    wrong = [key for key in mine if mine[key] != new[key]]
    assert not wrong, f"after {what}: {', '.join(wrong)} differ from a new view's"


def _toggle(doc, node):
    return SetParam(doc, node, "requires_grad", not doc.node(node).params["requires_grad"])


def test_the_tutorial_updated_in_place_is_what_a_new_view_draws(qtbot):
    w, session = view_on(qtbot, files.load(EXAMPLES_DIR / "01_autograd_tutorial.gsg"), "out")
    n, doc = ids(session), session.document
    assert_as_new(w, "opening")
    stack = session.undo_stack
    edits = [
        ("a new literal", lambda: session.push(SetParam(doc, n["y"], "other", 3))),
        ("a rename", lambda: session.push(SetLabel(doc, n["y"], "shifted"))),
        ("x.requires_grad off", lambda: session.push(_toggle(doc, n["x"]))),
        ("its undo", stack.undo),
        ("w = out * 2", lambda: session.push(AddNode(doc, "mul", {"other": 2.0}, label="w",
                                                      inputs={"self": n["out"]}))),
        ("selecting w", lambda: session.select([ids(session)["w"]])),
        ("e = exp(z), beside", lambda: session.push(
            AddNode(doc, "exp", label="e", inputs={"self": n["z"]}))),
        ("selecting z, in the graph", lambda: session.select([n["z"]])),
        ("selecting e", lambda: session.select([ids(session)["e"]])),
        ("selecting w again", lambda: session.select([ids(session)["w"]])),
        ("deleting z", lambda: session.push(RemoveNodes(doc, [n["z"]]))),
        ("its undo", stack.undo),
        ("two undos", lambda: (stack.undo(), stack.undo())),
        ("selecting out", lambda: session.select([n["out"]])),
        ("step 0", lambda: session.set_step(0)),
        ("the last step", lambda: session.set_step(-1)),
        ("stepping through: 2 steps", lambda: session.set_walk(0, 2)),
        ("4 steps", lambda: session.set_walk(0, 4)),
        ("an edit while stepping", lambda: session.push(SetParam(doc, n["y"], "other", 5))),
        ("1 step", lambda: session.set_walk(0, 1)),
        ("the whole pass", lambda: session.set_walk(0, 99)),
        ("the walk's end", lambda: session.set_walk(None, 0)),
        ("deselecting", lambda: session.select([])),
    ]
    for what, edit in edits:
        edit()
        assert_as_new(w, what)
        if what == "the walk's end":
            # the buffers freed now: redrawn in place, the arrows that carried gradients
            # kept, and no gradient written during the walk left behind, even hidden
            assert any(it.freed for it in w.items.values())
            assert not [it for it in w.scene.items() if not it.isVisible()]


def test_a_training_loop_updated_in_place_is_what_a_new_view_draws(qtbot):
    w, session = view_on(qtbot, files.load(EXAMPLES_DIR / "13_xor_mlp_adam.gsg"), "loss")
    n, doc = ids(session), session.document
    adam = next(a.id for a in doc.timeline if a.kind == "optimizer")
    loop = next(a.id for a in doc.timeline if a.kind == "loop")
    assert w.items and len(w.edges) > len(w.items) - 2
    assert_as_new(w, "opening")
    edits = [
        ("the learning rate", lambda: session.push(SetActionParam(doc, adam, "lr", 0.01))),
        ("fewer iterations", lambda: session.push(SetActionParam(doc, loop, "count", 3))),
        ("selecting p", lambda: session.select([n["p"]])),
        ("selecting hidden", lambda: session.select([n["hidden"]])),
        ("out_bias.requires_grad off", lambda: session.push(_toggle(doc, n["out_bias"]))),
        ("selecting loss", lambda: session.select([n["loss"]])),
        ("hidden_weight.requires_grad off",
         lambda: session.push(_toggle(doc, n["hidden_weight"]))),
        ("an undo", session.undo_stack.undo),
        ("a rename", lambda: session.push(SetLabel(doc, n["h"], "relu"))),
        ("an earlier step", lambda: session.set_step(2)),
        ("stepping through", lambda: session.set_walk(next(
            i for i, a in enumerate(doc.timeline) if a.kind == "backward"), 3)),
        ("the walk's end", lambda: session.set_walk(None, 0)),
        ("the last step", lambda: session.set_step(-1)),
    ]
    for what, edit in edits:
        edit()
        assert_as_new(w, what)


def big_chain():
    """The edit-latency benchmark's 1,000-node document (``document_run.big``): a chain
    of 2x2 tensors each reading the two before it, then a mean and its backward."""
    doc = Document()
    chain = [doc.add_node("rand", {"shape": (2, 2), "requires_grad": True}),
             doc.add_node("rand", {"shape": (2, 2), "requires_grad": True})]
    kinds = ("add", "mul", "sub")
    while len(chain) < 999:
        node = doc.add_node(kinds[len(chain) % 3])
        doc.connect(chain[-1], node, "self")
        doc.connect(chain[-2], node, "other")
        chain.append(node)
    last = doc.add_node("mean")
    doc.connect(chain[-1], last, "self")
    doc.add_action("backward", {"target": last})
    apply_layered_layout(doc)
    return doc


def test_a_thousand_node_chain_updated_in_place_is_what_a_new_view_draws(qtbot):
    doc = big_chain()
    w, session = view_on(qtbot, doc, size=(600, 500))
    nodes = list(doc.node_ids)
    session.select([nodes[-1]])
    assert w.part.total == 1000 and len(w.items) == MAX_BOXES and w.stubs
    assert_as_new(w, "opening")
    edits = [
        ("the first source's requires_grad off", lambda: session.push(_toggle(doc, nodes[0]))),
        ("on again", lambda: session.push(_toggle(doc, nodes[0]))),
        ("a rename, drawn", lambda: session.push(SetLabel(doc, nodes[-5], "renamed"))),
        ("a rename, not drawn", lambda: session.push(SetLabel(doc, nodes[100], "far"))),
        ("a rewired input near the root",
         lambda: session.push(Connect(doc, nodes[-8], nodes[-3], "other"))),
        ("a node added there", lambda: session.push(
            AddNode(doc, "exp", label="e", inputs={"self": nodes[-12]}))),
        ("and read", lambda: session.push(Connect(doc, doc.node_ids[-1], nodes[-3], "other"))),
        ("two undos", lambda: (session.undo_stack.undo(), session.undo_stack.undo())),
        ("a node deleted far back (all after it fail)",
         lambda: session.push(RemoveNodes(doc, [nodes[700]]))),
        ("its undo", session.undo_stack.undo),
        ("selecting one further back", lambda: session.select([nodes[500]])),
        ("selecting one in it", lambda: session.select([nodes[450]])),
        ("an earlier step", lambda: session.set_step(0)),
        ("selecting the last", lambda: session.select([nodes[-1]])),
    ]
    for what, edit in edits:
        edit()
        assert_as_new(w, what)


def test_the_view_draws_the_whole_graphs_nearest_grad_fns_and_their_stubs(qtbot):
    """The view builds only the part it draws (``RunResult.backward_graph_part``): the
    grad_fns, entries (keys, order) and "n more, not drawn" counts drawn are those of the
    whole graph's nearest ``MAX_BOXES``, and the caption counts the whole graph."""
    big = big_chain()
    for doc, label in ((files.load(EXAMPLES_DIR / "01_autograd_tutorial.gsg"), "out"),
                       (files.load(EXAMPLES_DIR / "13_xor_mlp_adam.gsg"), "loss"),
                       (big, None)):
        w, session = view_on(qtbot, doc, label, size=(600, 500))
        if label is None:
            session.select([big.node_ids[-1]])
        whole = session.result.backward_graph(w.root, session.step)
        want = BackwardGraphPart.of(whole, MAX_BOXES)
        assert list(w.drawn.nodes(data=True)) == list(want.graph.nodes(data=True))
        assert list(w.drawn.edges(keys=True, data=True)) == \
            list(want.graph.edges(keys=True, data=True))
        assert list(w.items) == list(want.graph)
        stubs = {s.key: s.childItems()[0].text() for s in w.stubs}
        assert stubs == {k: f"{n} more, not drawn" for k, n in want.hidden.items()}
        assert w.part.total == len(whole)
        if len(whole) > MAX_BOXES:
            assert f"of {len(whole):,}." in w.caption.text() and stubs
        w.close()


def shows(box):
    """What a box shows, whatever its key."""
    return dict(box.attrs), box.subtitle, box.base_tip


def test_an_edit_keeps_the_boxes_it_does_not_change_and_moves_them(qtbot):
    doc = big_chain()
    w, session = view_on(qtbot, doc, size=(600, 500))
    nodes = list(doc.node_ids)
    session.select([nodes[-1]])
    boxes, arrows = dict(w.items), list(w.edges)
    # far back, out of the 100 boxes drawn: not a box or arrow is touched
    session.push(_toggle(doc, nodes[0]))
    assert w.part.total == 999
    assert w.items == boxes and all(w.items[k] is boxes[k] for k in boxes)
    assert all(a is b for a, b in zip(w.edges, arrows)) and len(w.edges) == len(arrows)
    # near the root: the -3rd node reads a new exp(-12th) instead of the -5th. One box
    # is new; the run numbers its grad_fns anew (most keys change), but every other box
    # shows what it showed: the very same objects, moved; the deepest row drops out
    at = {id(it): (it.x(), it.y()) for it in boxes.values()}
    session.push(AddNode(doc, "exp", label="e", inputs={"self": nodes[-12]}))
    session.push(Connect(doc, doc.node_ids[-1], nodes[-3], "other"))
    before = {id(it) for it in boxes.values()}
    kept = [it for it in w.items.values() if id(it) in before]
    new = [it for it in w.items.values() if id(it) not in before]
    assert [it.attrs["name"] for it in new] == ["ExpBackward0"]
    assert len(kept) == len(w.items) - 1 > 90 and all(w.items[it.key] is it for it in kept)
    assert sum(it.key != k for k, it in boxes.items() if id(it) in {id(x) for x in kept}) > 50
    old_shows = {id(it): shows(it) for it in boxes.values()}
    assert all(shows(it) == old_shows[id(it)] for it in kept)
    assert sum((it.x(), it.y()) != at[id(it)] for it in kept) > 50
    gone = [it for it in boxes.values() if id(it) not in {id(x) for x in kept}]
    assert gone and not any(it.scene() is w.scene for it in gone)
    assert sum(e in arrows for e in w.edges) > len(arrows) / 2    # kept, redrawn if moved
    assert_as_new(w, "the new node")


def test_a_changed_part_of_a_small_graph_makes_only_its_boxes_anew(qtbot):
    # out = (a * b).exp().sum(): unticking b's requires_grad drops its AccumulateGrad and
    # changes MulBackward0 (it no longer saves a); ExpBackward0 and SumBackward0 stay
    doc = Document()
    a = doc.add_node("ones", {"shape": (3,), "requires_grad": True}, label="a")
    b = doc.add_node("ones", {"shape": (3,), "requires_grad": True}, label="b")
    ab = doc.add_node("mul", label="ab")
    doc.connect(a, ab, "self")
    doc.connect(b, ab, "other")
    e = doc.add_node("exp", label="e")
    doc.connect(ab, e, "self")
    out = doc.add_node("sum", label="out")
    doc.connect(e, out, "self")
    w, session = view_on(qtbot, doc, "out")
    before = {it.attrs["name"] + str(it.document_nodes): it for it in w.items.values()}
    assert len(before) == 5
    shown = {key: shows(it) for key, it in before.items()}
    session.push(SetParam(doc, b, "requires_grad", False))
    after = {it.attrs["name"] + str(it.document_nodes): it for it in w.items.values()}
    assert len(after) == 4
    for name, node in (("SumBackward0", out), ("ExpBackward0", e),
                       ("AccumulateGrad", a)):
        key = name + str([node])
        assert after[key] is before[key] and shows(after[key]) == shown[key], name
    mul = "MulBackward0" + str([ab])
    assert after[mul] is not before[mul] and after[mul].saved == ["other"]
    assert before["AccumulateGrad" + str([b])].scene() is None
    assert_as_new(w, "unticking b")
    session.undo_stack.undo()
    assert_as_new(w, "the undo")


def test_a_graph_after_a_message_comes_back_under_its_own_caption(qtbot):
    # out's graph (no selection), z selected in it; unticking x shows a message, the undo
    # z's own graph: a different picture, updated in place. Showing the view again lays
    # the panel out (the view gets the room the caption leaves) and the graph is fitted
    # to that room: the caption must already be z's, not the message
    w, session = view_on(qtbot, files.load(EXAMPLES_DIR / "01_autograd_tutorial.gsg"),
                         size=(290, 360))
    n = ids(session)
    session.select([n["z"]])
    session.push(_toggle(session.document, n["x"]))
    assert not w.view.isVisible() and "requires grad" in w.caption.text()
    captions = []

    class Watch(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Show:
                captions.append(w.caption.text())
            return False

    watch = Watch()
    w.view.installEventFilter(watch)
    session.undo_stack.undo()
    assert w.root == n["z"] and w.view.isVisible()
    assert captions == [w.caption.text()] and "Backward graph of <b>z</b>" in captions[0]
    w.view.removeEventFilter(watch)
    assert_as_new(w, "the undo")
