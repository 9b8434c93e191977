"""The document's graph store (``document.graph_store``): networkx's ``MultiDiGraph``,
made at the first node, and its searches networkx's, asked of the document."""
import os
import subprocess
import sys

import networkx as nx
import pytest

from gradstudio.document import Document, DocumentError


def _chain():
    """a -> b (twice: ``b = a * a``) -> c, a -> c; d alone."""
    doc = Document()
    a, d = doc.add_node("ones"), doc.add_node("ones")
    b, c = doc.add_node("mul"), doc.add_node("add")
    doc.connect(a, b, "self")
    doc.connect(a, b, "other")
    doc.connect(b, c, "self")
    doc.connect(a, c, "other")
    return doc, (a, b, c, d)


def test_the_graph_is_networkxs_and_the_searches_are_its_own():
    doc, (a, b, c, d) = _chain()
    assert isinstance(doc.graph, nx.MultiDiGraph)
    assert sorted(doc.graph.edges(keys=True)) == sorted(
        [(a, b, "self"), (a, b, "other"), (b, c, "self"), (a, c, "other")])
    assert doc.ancestors(c) == {a, b} and doc.descendants(a) == {b, c}
    assert doc.has_path(a, c) and not doc.has_path(c, a) and doc.has_path(d, d)
    assert not doc.has_path(a, d)
    assert doc.topological_order() == [a, d, b, c]
    with pytest.raises(DocumentError, match="cycle"):
        doc.connect(c, b, "other")


def test_an_empty_document_has_no_graph_until_its_first_node():
    doc = Document()
    assert not doc.has_node("n1") and doc.node_ids == [] and doc.edges() == []
    assert doc.topological_order() == [] and doc.nodes() == []
    with pytest.raises(DocumentError):
        doc.node("n1")
    doc.clear()
    assert doc._graph is None                       # (nothing above made it)
    n = doc.add_node("ones")
    assert doc.has_node(n) and list(doc.graph) == [n]
    doc.clear()
    assert not doc.has_node(n) and len(doc.graph) == 0


def test_an_edge_added_along_the_order_keeps_it_and_it_is_networkxs():
    """``connect`` keeps the known order when the new edge goes along it (no search);
    every order given, kept or not, is the one networkx computes afresh."""
    import random
    rng = random.Random(30)
    kept = 0
    for _ in range(60):
        doc = Document()
        ids = [doc.add_node("ones") for _ in range(3)] + \
            [doc.add_node(rng.choice(("add", "mul", "sub"))) for _ in range(rng.randint(2, 9))]
        for _ in range(rng.randint(1, 14)):
            doc.topological_order()                  # (known before each edit)
            source, target = rng.sample(ids, 2)
            if doc.node(target).kind == "ones":
                continue
            before = doc._known[0]
            try:
                doc.connect(source, target, rng.choice(("self", "other")))
            except DocumentError:
                continue                             # (a cycle)
            kept += doc._known[0] == doc._shape and doc._known[0] != before
            rank = {n: i for i, n in enumerate(doc.node_ids)}
            assert doc.topological_order() == list(
                nx.lexicographical_topological_sort(doc.graph, key=rank.__getitem__))
    assert kept > 50
