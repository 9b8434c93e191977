"""The layered layout: columns by longest path, rows without overlap, deterministic."""
from gradstudio.document import Document
from gradstudio.document.layout import COLUMN_WIDTH, ROW_HEIGHT, layered_positions


def test_columns_follow_the_longest_path():
    d = Document()
    x = d.add_node("ones", label="x")
    y = d.add_node("exp", label="y")
    d.connect(x, y, "self")
    z = d.add_node("sin", label="z")
    d.connect(y, z, "self")
    s = d.add_node("add", label="s")                 # x -> s and z -> s: longest path 3
    d.connect(x, s, "self")
    d.connect(z, s, "other")
    lone = d.add_node("rand", label="lone")
    pos = layered_positions(d)
    assert pos[x][0] == 0 and pos[lone][0] == 0
    assert [pos[n][0] for n in (y, z, s)] == [COLUMN_WIDTH, 2 * COLUMN_WIDTH,
                                              3 * COLUMN_WIDTH]
    assert pos[x][1] == 0 and pos[lone][1] == ROW_HEIGHT
    assert len(set(pos.values())) == len(pos)
    assert layered_positions(d) == pos


def test_rows_follow_their_inputs():
    d = Document()
    a = d.add_node("ones")
    b = d.add_node("zeros")
    fb = d.add_node("exp")           # created first, but fed by b (row 1)
    fa = d.add_node("exp")           # fed by a (row 0)
    d.connect(b, fb, "self")
    d.connect(a, fa, "self")
    pos = layered_positions(d, origin=(10.0, 20.0))
    assert pos[a] == (10.0, 20.0)
    assert pos[fa] == (10.0 + COLUMN_WIDTH, 20.0)
    assert pos[fb] == (10.0 + COLUMN_WIDTH, 20.0 + ROW_HEIGHT)


def test_rows_with_a_no_grad_region_leave_room_for_its_frame():
    from gradstudio.document.layout import REGION_SPACE
    d = Document()
    x = d.add_node("randn", label="x")
    above = d.add_node("exp", label="above")       # row 0 of column 1
    framed = d.add_node("sin", label="framed")     # row 1 of column 1, in the region
    below = d.add_node("cos", label="below")       # row 2 of column 1
    for n in (above, framed, below):
        d.connect(x, n, "self")
    d.add_region([framed])
    pos = layered_positions(d)
    assert pos[framed][1] - pos[above][1] == ROW_HEIGHT + REGION_SPACE
    assert pos[below][1] - pos[framed][1] == ROW_HEIGHT + REGION_SPACE
    assert [pos[n][0] for n in (above, framed, below)] == [COLUMN_WIDTH] * 3


def test_a_long_chain_wraps_into_bands_of_max_columns():
    from gradstudio.document.layout import BAND_GAP
    d = Document()
    chain = [d.add_node("ones", label="x0")]
    for i in range(1, 8):
        chain.append(d.add_node("exp", label=f"x{i}"))
        d.connect(chain[-2], chain[-1], "self")
    side = d.add_node("rand", label="side")          # a second row in the first band
    pos = layered_positions(d, origin=(5.0, 7.0), max_columns=3)
    band = 2 * ROW_HEIGHT + BAND_GAP
    assert [pos[n] for n in chain] == [(5.0 + (i % 3) * COLUMN_WIDTH, 7.0 + (i // 3) * band)
                                       for i in range(8)]
    assert pos[side] == (5.0, 7.0 + ROW_HEIGHT)
    assert layered_positions(d, max_columns=8) == layered_positions(d)   # short enough


def _reference_layers(graph, coordinate, tie):
    """barycentre_layers as networkx's own topological_generations gives the layers."""
    import networkx as nx
    for generation in nx.topological_generations(graph):
        def key(n):
            preds = [coordinate(p) for p in graph.predecessors(n)]
            return (sum(preds) / len(preds) if preds else -1.0, tie(n))
        yield sorted(generation, key=key)


def test_layers_are_networkx_topological_generations_on_random_dags():
    import random

    import networkx as nx
    import pytest

    from gradstudio.document.layout import barycentre_layers
    rnd = random.Random(7)
    for trial in range(60):
        n = rnd.randint(1, 40)
        order = list(range(n))
        rnd.shuffle(order)                       # (node order is not the graph's order)
        g = nx.MultiDiGraph()
        g.add_nodes_from(order)
        for _ in range(rnd.randint(0, 3 * n)):
            a, b = sorted(rnd.sample(range(n), 2)) if n > 1 else (0, 0)
            if a != b:
                for _ in range(rnd.choice((1, 1, 2))):     # (y * y: two edges)
                    g.add_edge(a, b)
        pos, rank = {}, {v: i for i, v in enumerate(order)}
        got = []
        for layer in barycentre_layers(g, pos.__getitem__, rank.__getitem__):
            pos.update((v, i) for i, v in enumerate(layer))
            got.append(layer)
        pos2, want = {}, []
        for layer in _reference_layers(g, pos2.__getitem__, rank.__getitem__):
            pos2.update((v, i) for i, v in enumerate(layer))
            want.append(layer)
        assert got == want, trial
    g = nx.MultiDiGraph([(0, 1), (1, 2), (2, 1)])
    with pytest.raises(nx.NetworkXUnfeasible):
        list(barycentre_layers(g, {}.get, int))
