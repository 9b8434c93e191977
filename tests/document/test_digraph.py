"""``document.digraph.MultiDiGraph``: the small directed multigraph the document and the
backward-graph views use in place of networkx. Its orders are networkx's (files, layouts
and the autograd view depend on them): checked against networkx itself on many random
graphs when it is installed, and by hand on small ones."""
import random

import pytest

from gradstudio.document.digraph import CycleError, MultiDiGraph


def chain_with_twins():
    """a -> b twice (keys self, other: ``b = a * a``), b -> c, a -> c, and d alone."""
    g = MultiDiGraph()
    for n in "abcd":
        g.add_node(n, data=n.upper())
    g.add_edge("a", "b", "self")
    g.add_edge("a", "b", "other")
    g.add_edge("b", "c", "self")
    g.add_edge("a", "c", "other", weight=2)
    return g


# ---------------------------------------------------------------------------- by hand
def test_nodes_edges_and_their_orders():
    g = chain_with_twins()
    assert list(g) == ["a", "b", "c", "d"] and len(g) == 4 and "d" in g and "e" not in g
    assert [] not in g                                       # unhashable: no node
    assert g.nodes["b"] == {"data": "B"} and g.nodes.get("e") is None
    assert list(g.nodes(data=True))[0] == ("a", {"data": "A"}) and len(g.nodes) == 4
    assert list(g.edges()) == [("a", "b"), ("a", "b"), ("a", "c"), ("b", "c")]
    assert list(g.edges(keys=True, data=True)) == [
        ("a", "b", "self", {}), ("a", "b", "other", {}), ("a", "c", "other", {"weight": 2}),
        ("b", "c", "self", {})]
    assert list(g.in_edges("c", keys=True)) == [("b", "c", "self"), ("a", "c", "other")]
    assert list(g.out_edges("a", data=True))[-1] == ("a", "c", {"weight": 2})
    assert list(g.predecessors("c")) == ["b", "a"] and list(g.successors("a")) == ["b", "c"]
    assert (g.out_degree("a"), g.in_degree("b"), g.in_degree("a"), g.out_degree("d")) == \
        (3, 2, 0, 0)
    assert (g.number_of_edges(), g.number_of_edges("a", "b"), g.number_of_edges("b", "a")) \
        == (4, 2, 0)
    assert g.has_edge("a", "b") and g.has_edge("a", "b", "other")
    assert not g.has_edge("a", "b", "mat2") and not g.has_edge("c", "a")
    assert g.succ["a"]["b"] is g.pred["b"]["a"] and g.adj is g.succ


def test_adding_again_updates_and_removing_takes_the_edges_along():
    g = chain_with_twins()
    g.add_node("a", label="x")
    assert g.nodes["a"] == {"data": "A", "label": "x"}
    g.add_edge("a", "c", "other", weight=3)
    assert g.number_of_edges("a", "c") == 1 and g.succ["a"]["c"]["other"] == {"weight": 3}
    assert g.add_edge("e", "f") == 0 and g.add_edge("e", "f") == 1     # new nodes too
    assert list(g)[-2:] == ["e", "f"]
    g.remove_edge("a", "b", "self")
    assert list(g.out_edges("a", keys=True)) == [("a", "b", "other"), ("a", "c", "other")]
    g.remove_edge("a", "b", "other")
    assert "b" not in g.succ["a"] and "a" not in g.pred["b"]
    with pytest.raises(KeyError):
        g.remove_edge("a", "b", "other")
    g.remove_node("c")
    assert "c" not in g and list(g.successors("a")) == [] and list(g.successors("b")) == []
    with pytest.raises(KeyError):
        g.remove_node("c")
    g.clear()
    assert len(g) == 0 and list(g.edges()) == [] and len(g.nodes) == 0


def test_added_attribute_dicts_are_copies():
    attrs = {"name": "MulBackward0"}
    g = MultiDiGraph()
    g.add_nodes_from([("g1", attrs), "g2"])
    g.add_edge("g1", "g2", 0, **attrs)
    attrs["name"] = "changed"
    assert g.nodes["g1"] == {"name": "MulBackward0"} == g.succ["g1"]["g2"][0]
    assert g.nodes["g2"] == {}


def test_paths_ancestors_and_descendants():
    g = chain_with_twins()
    assert g.has_path("a", "c") and g.has_path("c", "c") and not g.has_path("c", "a")
    assert not g.has_path("a", "d")
    assert g.ancestors("c") == {"a", "b"} and g.descendants("a") == {"b", "c"}
    assert g.ancestors("a") == set() == g.descendants("d")
    for search in (lambda: g.has_path("a", "e"), lambda: g.has_path("e", "a"),
                   lambda: g.ancestors("e"), lambda: g.descendants("e")):
        with pytest.raises(KeyError):
            search()


def test_topological_orders():
    g = chain_with_twins()
    assert list(g.topological_generations()) == [["a", "d"], ["b"], ["c"]]
    assert list(g.topological_sort()) == ["a", "d", "b", "c"]
    rank = {"d": 0, "a": 1, "b": 2, "c": 3}
    assert list(g.lexicographical_topological_sort(rank.__getitem__)) == ["d", "a", "b", "c"]
    # of the nodes that could come next, the smallest key, whatever the node order
    assert list(g.lexicographical_topological_sort(lambda n: 0)) == ["a", "b", "c", "d"]


def test_a_cycle_has_no_order_and_is_found():
    g = chain_with_twins()
    assert g.find_cycle() is None
    g.add_edge("c", "b", "x")
    g.add_edge("d", "d", "self")
    assert g.find_cycle() == [("b", "c"), ("c", "b")]
    for order in (g.topological_generations, g.topological_sort,
                  lambda: g.lexicographical_topological_sort(str)):
        with pytest.raises(CycleError):
            list(order())
    g.remove_edge("c", "b", "x")
    assert g.find_cycle() == [("d", "d")]


# ------------------------------------------------------------------- against networkx
def random_graph(rng, nx):
    """The same random multigraph as a ``MultiDiGraph``, networkx's ``MultiDiGraph`` and
    its ``DiGraph`` (parallel edges once), built by the same steps: nodes added in a
    shuffled order, edges (mostly forward in a hidden order: sometimes a cycle) with port
    keys, some removed again, some nodes removed and added back."""
    ours, multi, di = MultiDiGraph(), nx.MultiDiGraph(), nx.DiGraph()
    n = rng.randint(1, 14)
    names = [f"n{i}" for i in range(n)]
    for name in rng.sample(names, n):
        for g in (ours, multi, di):
            g.add_node(name)
    cyclic = rng.random() < 0.3
    for _ in range(rng.randint(0, 3 * n)):
        u, v = rng.choice(names), rng.choice(names)
        if not cyclic and names.index(u) >= names.index(v):
            continue
        key = rng.choice(("self", "other", "mat2"))
        if not ours.has_edge(u, v, key):
            ours.add_edge(u, v, key)
            multi.add_edge(u, v, key=key)
            di.add_edge(u, v)
    edges = list(ours.edges(keys=True))
    for u, v, k in rng.sample(edges, len(edges) // 5):
        ours.remove_edge(u, v, k)
        multi.remove_edge(u, v, k)
        if not ours.has_edge(u, v):
            di.remove_edge(u, v)
    for name in rng.sample(names, rng.randint(0, min(2, n))):
        for g in (ours, multi, di):
            g.remove_node(name)
            g.add_node(name)
    return ours, multi, di


def test_the_same_answers_as_networkx_on_random_graphs():
    import networkx as nx         # the oracle (the test extra installs it; the app never)
    rng = random.Random(20240601)
    cycles = 0
    for _ in range(600):
        ours, multi, di = random_graph(rng, nx)
        assert list(ours) == list(multi) == list(di)
        assert list(ours.edges(keys=True)) == list(multi.edges(keys=True))
        for n in ours:
            assert list(ours.in_edges(n, keys=True)) == list(multi.in_edges(n, keys=True))
            assert list(ours.out_edges(n, keys=True)) == list(multi.out_edges(n, keys=True))
            assert list(ours.predecessors(n)) == list(multi.predecessors(n))
            assert (ours.in_degree(n), ours.out_degree(n)) == \
                (multi.in_degree(n), multi.out_degree(n))
            assert ours.ancestors(n) == nx.ancestors(multi, n)
            assert ours.descendants(n) == nx.descendants(multi, n)
            for m in ours:
                assert ours.has_path(n, m) == nx.has_path(multi, n, m), (n, m)
        rank = {n: i for i, n in enumerate(rng.sample(list(ours), len(ours)))}
        if nx.is_directed_acyclic_graph(multi):
            assert list(ours.lexicographical_topological_sort(rank.__getitem__)) == \
                list(nx.lexicographical_topological_sort(multi, key=rank.__getitem__))
            assert list(ours.topological_generations()) == \
                list(nx.topological_generations(multi)) == list(nx.topological_generations(di))
            assert list(ours.topological_sort()) == list(nx.topological_sort(multi)) == \
                list(nx.topological_sort(di))
            assert ours.find_cycle() is None
        else:
            cycles += 1
            with pytest.raises(CycleError):
                list(ours.topological_sort())
            with pytest.raises(CycleError):
                list(ours.lexicographical_topological_sort(rank.__getitem__))
            assert ours.find_cycle() == nx.find_cycle(di)
    assert cycles > 50
