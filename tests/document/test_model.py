"""The document model: every edit is checked at once and announced as a change."""
import pytest

from gradstudio.document import Action, Change, Document, DocumentError
from gradstudio.document.files import dumps


@pytest.fixture
def doc():
    return Document()


@pytest.fixture
def events(doc):
    seen = []
    doc.subscribe(seen.append)
    return seen


def chain(doc):
    """x (leaf) -> y = x * x -> s = y.sum(), plus a free node z."""
    x = doc.add_node("tensor", {"value": [1.0, 2.0], "requires_grad": True}, label="x")
    y = doc.add_node("mul", label="y")
    s = doc.add_node("sum", label="s")
    z = doc.add_node("ones", {"shape": (2,)}, label="z")
    doc.connect(x, y, "self")
    doc.connect(x, y, "other")
    doc.connect(y, s, "self")
    return x, y, s, z


# ----------------------------------------------------------------------------- nodes
def test_add_node_fills_defaults_and_announces_it(doc, events):
    n = doc.add_node("full", {"fill_value": 3}, position=(1, 2), label="f")
    data = doc.node(n)
    assert (data.kind, data.position, data.label) == ("full", (1.0, 2.0), "f")
    assert data.params == {"shape": (2, 2), "fill_value": 3, "dtype": None,
                           "requires_grad": False}
    assert events == [Change("node_added", n)]


@pytest.mark.parametrize("call, message", [
    (lambda d: d.add_node("conv9d"), "'conv9d' is not a kind of node"),
    (lambda d: d.add_node("ones", {"shape": "big"}), "must be a list of whole numbers"),
    (lambda d: d.add_node("ones", {"colour": 1}), "'ones' has no setting 'colour'"),
    (lambda d: d.add_node("ones", {"shape": (10 ** 4, 10 ** 4)}), "too many for GradStudio"),
    (lambda d: d.add_node("ones", position=("a", 0)), "pair of numbers"),
    (lambda d: d.add_node("ones", label="2x"), "cannot be a name"),
    (lambda d: d.add_node("ones", label="class"), "reserved in Python"),
    (lambda d: d.add_node("index", {"key": "1:2:3:4"}), "is not a slice"),
])
def test_bad_nodes_are_refused_and_nothing_changes(doc, events, call, message):
    with pytest.raises(DocumentError, match=message):
        call(doc)
    assert doc.node_ids == [] and events == []


def test_duplicate_node_id_refused(doc):
    doc.add_node("ones", node_id="a")
    with pytest.raises(DocumentError, match="already exists"):
        doc.add_node("zeros", node_id="a")


def test_node_edits_return_the_old_value_and_announce(doc, events):
    n = doc.add_node("ones")
    events.clear()
    assert doc.set_param(n, "shape", [3]) == (2, 2)
    assert doc.node(n).params["shape"] == (3,)
    assert doc.move_node(n, (5, 6)) == (0.0, 0.0)
    assert doc.set_label(n, "w") is None
    assert doc.set_watched(n, True) is False
    assert events == [Change("node_changed", n)] * 4
    with pytest.raises(DocumentError, match="must be true or false"):
        doc.set_param(n, "requires_grad", "yes")
    assert len(events) == 4


def test_lowering_input_count_needs_a_disconnect(doc):
    a = doc.add_node("ones")
    c = doc.add_node("cat", {"count": 3})
    doc.connect(a, c, "t2")
    with pytest.raises(DocumentError, match="Disconnect input 't2'"):
        doc.set_param(c, "count", 2)
    doc.disconnect(c, "t2")
    assert doc.set_param(c, "count", 2) == 3


# ----------------------------------------------------------------------------- edges
def test_connect_checks_ports_and_cycles(doc):
    x, y, s, z = chain(doc)
    with pytest.raises(DocumentError, match="has no input named 'bias'"):
        doc.connect(z, y, "bias")
    with pytest.raises(DocumentError, match="would make a cycle"):
        doc.connect(s, y, "other")
    with pytest.raises(DocumentError, match="would make a cycle"):
        doc.connect(y, y, "self")
    with pytest.raises(DocumentError, match="There is no node 'q'"):
        doc.connect("q", y, "self")
    assert doc.inputs_of(y) == {"self": x, "other": x}


def test_connect_replaces_and_returns_the_previous_source(doc, events):
    x, y, s, z = chain(doc)
    events.clear()
    assert doc.connect(z, y, "other") == x
    assert events == [Change("edge_removed", (x, y, "other")), Change("edge_added", (z, y, "other"))]
    assert doc.connect(x, s, "self") == y
    assert doc.connect(z, doc.add_node("exp"), "self") is None


def test_disconnect_returns_the_source(doc, events):
    x, y, s, z = chain(doc)
    events.clear()
    assert doc.disconnect(y, "other") == x
    assert doc.disconnect(y, "other") is None
    assert events == [Change("edge_removed", (x, y, "other"))]
    assert doc.missing_inputs(y) == []   # mul's 'other' falls back to its number param
    mm = doc.add_node("matmul")
    doc.connect(x, mm, "other")
    assert doc.missing_inputs(mm) == ["self"]


def test_topological_order_breaks_ties_by_creation_order(doc):
    b = doc.add_node("ones", node_id="b")
    a = doc.add_node("ones", node_id="a")
    m = doc.add_node("mul", node_id="m")
    doc.connect(a, m, "self")
    doc.connect(b, m, "other")
    assert doc.topological_order() == ["b", "a", "m"]


# ----------------------------------------------------------------------------- undo
def test_remove_and_restore_node_round_trip(doc, events):
    x, y, s, z = chain(doc)
    doc.add_region([y, z], region_id="r")
    doc.add_action("backward", {"target": s})
    before = dumps(doc)
    events.clear()
    removed = doc.remove_node(y)
    assert y not in doc.node_ids and doc.regions["r"].nodes == {z}
    assert doc.inputs_of(s) == {} and doc.timeline[0].params["target"] == s
    kinds = [e.kind for e in events]
    assert kinds == ["edge_removed"] * 3 + ["node_removed", "region_changed"]
    doc.restore_node(removed)
    assert dumps(doc) == before          # edges, region, order and params all back
    assert doc.node_ids.index(y) == 1


def test_restore_keeps_params_of_the_removed_node(doc):
    n = doc.add_node("ones", {"shape": (4,)})
    removed = doc.remove_node(n)
    doc.restore_node(removed)
    assert doc.node(n).params["shape"] == (4,)


# ----------------------------------------------------------------------------- regions
def test_regions(doc, events):
    x, y, s, z = chain(doc)
    events.clear()
    r = doc.add_region([y], label="frozen")
    assert doc.in_no_grad(y) and not doc.in_no_grad(x)
    assert doc.set_region_nodes(r, [y, s]) == {y}
    with pytest.raises(DocumentError, match="There is no node 'nope'"):
        doc.set_region_nodes(r, ["nope"])
    with pytest.raises(DocumentError, match="There is no node 'nope'"):
        doc.add_region(["nope"])
    assert doc.remove_region(r).nodes == {y, s}
    with pytest.raises(DocumentError, match="There is no region"):
        doc.remove_region(r)
    assert events == [Change("region_changed", r)] * 3


# ----------------------------------------------------------------------------- timeline
def test_timeline_add_move_remove_and_params(doc, events):
    x, y, s, z = chain(doc)
    events.clear()
    a = doc.add_action("backward", {"target": s, "retain_graph": True})
    b = doc.add_action("zero_grad", {"tensor": x})
    c = doc.add_action("set_grad_none", {"tensor": x}, index=0)
    assert [t.id for t in doc.timeline] == [c, a, b]
    assert doc.action(a).params == {"target": s, "gradient": None, "retain_graph": True,
                                    "create_graph": False}
    assert doc.move_action(c, 99) == 0
    assert [t.id for t in doc.timeline] == [a, b, c]
    assert doc.set_action_param(a, "retain_graph", False) is True
    index, action = doc.remove_action(b)
    assert (index, action.kind) == (1, "zero_grad")
    doc.insert_action(index, action)
    assert [t.id for t in doc.timeline] == [a, b, c]
    assert [e.kind for e in events] == ["timeline_changed"] * 7


@pytest.mark.parametrize("call, message", [
    (lambda d: d.add_action("jump"), "'jump' is not a timeline action"),
    (lambda d: d.add_action("backward", {"target": 3}), "'target' must name a node"),
    (lambda d: d.add_action("backward", {"retain": True}), "has no setting 'retain'"),
    (lambda d: d.add_action("grad", {"inputs": "x"}), "must be a list of nodes"),
    (lambda d: d.set_action_param("a1", "retain_graph", 1), "must be true or false"),
    (lambda d: d.add_action("zero_grad", action_id="a1"), "already exists"),
    (lambda d: d.remove_action("zz"), "There is no timeline action 'zz'"),
])
def test_bad_actions_are_refused(doc, call, message):
    doc.add_action("backward", action_id="a1")
    with pytest.raises(DocumentError, match=message):
        call(doc)
    assert [a.id for a in doc.timeline] == ["a1"]


def test_insert_action_takes_an_action_object(doc):
    doc.insert_action(0, Action("a9", "zero_grad", {"tensor": None}))
    assert doc.action("a9").kind == "zero_grad"


# ----------------------------------------------------------------------------- settings
def test_seed_and_clear(doc, events):
    assert doc.set_seed(123) == 0
    assert doc.set_seed(None) == 123
    for bad in (-1, 2 ** 63, 1.5, True, "1"):
        with pytest.raises(DocumentError, match="seed must be a whole number"):
            doc.set_seed(bad)
    chain(doc)
    doc.view = {"zoom": 2}
    events.clear()
    doc.clear()
    assert (doc.node_ids, doc.edges(), doc.seed, doc.view) == ([], [], 0, {})
    assert events == [Change("reset")]


def test_unsubscribe_stops_events(doc):
    seen = []
    stop = doc.subscribe(seen.append)
    doc.add_node("ones")
    stop()
    doc.add_node("ones")
    assert len(seen) == 1


def test_new_ids_skip_taken_ones(doc):
    doc.add_node("ones", node_id="n1")
    assert doc.add_node("ones") == "n2"
    assert doc.add_region() == "r3"
    assert doc.add_action("backward") == "a4"


def test_names_and_seeds_can_be_checked_without_touching_a_document():
    from gradstudio.document.model import check_label, check_seed
    assert check_label("y2") == "y2" and check_label("") is None and check_label(None) is None
    for bad in ("2y", "lambda", "torch", "a b", "x" * 65):
        with pytest.raises(DocumentError):
            check_label(bad)
    assert check_seed(7) == 7 and check_seed(None) is None
    for bad in (-1, 2 ** 63, True, 1.5, "3"):
        with pytest.raises(DocumentError):
            check_seed(bad)


def test_a_choice_setting_takes_only_its_words():
    d = Document()
    loss = d.add_node("cross_entropy")
    assert d.node(loss).params["reduction"] == "mean"
    d.set_param(loss, "reduction", "none")
    with pytest.raises(DocumentError, match="'reduction' of cross_entropy must be one of "
                                            "'mean', 'sum', 'none'."):
        d.set_param(loss, "reduction", "average")
    assert d.node(loss).params["reduction"] == "none"
