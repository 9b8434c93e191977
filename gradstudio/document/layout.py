"""A tidy, deterministic layered layout: data flows left to right.

A node's column is the length of the longest path reaching it from a source (the graph's
topological generations); within a column nodes are ordered by the mean row of their
inputs (one barycentre sweep, ties by creation order), which keeps most edges short and
uncrossed without any randomness. A row holding a member of a no-grad region is given
``REGION_SPACE`` above and below, where the region's frame and its title are drawn.

A long graph can be wrapped like a paragraph: with ``max_columns`` the columns after the
first ``max_columns`` start again at the left, one band of rows lower (``BAND_GAP`` apart),
so an unrolled loop stays readable at fit-to-view instead of shrinking to a thin strip.
"""
from .graph_store import networkx

__all__ = ["layered_positions", "apply_layered_layout", "barycentre_layers", "COLUMN_WIDTH",
           "ROW_HEIGHT", "REGION_SPACE", "BAND_GAP"]

COLUMN_WIDTH = 196.0     # node cards on the canvas are 120 to 162 wide
ROW_HEIGHT = 210.0      # the tallest cards (five badges) are about 200
REGION_SPACE = 60.0      # a region's frame reaches 42 above its nodes and 18 below
BAND_GAP = 90.0          # between the bands of a wrapped layout


def barycentre_layers(graph, coordinate, tie):
    """The layers of the DAG ``graph`` (a ``networkx.MultiDiGraph``), first to last: a
    node's layer is the length of the longest path reaching it (its
    ``topological_generations``), and a layer's nodes are sorted by the mean
    ``coordinate`` of their predecessors (each once, however many edges it sends; one
    barycentre sweep; sources first, ties by ``tie(node)``). ``coordinate`` is only asked
    about nodes of earlier layers, so the caller places each layer it is given before
    taking the next. The document's canvas and the backward-graph view are both laid out
    by it."""
    pred = graph.pred
    for generation in _generations(graph):
        if len(generation) == 1:         # (a chain's layers: nothing to sort)
            yield generation
            continue

        def key(n):
            preds = [coordinate(p) for p in pred[n]]
            return (sum(preds) / len(preds) if preds else -1.0, tie(n))
        yield sorted(generation, key=key)


def _generations(graph):
    """``networkx.topological_generations(graph)`` (the same layers; a layer's order is
    the caller's to sort), counting each predecessor once rather than each edge, in one
    pass over the adjacency: a traced script's long chain is thousands of layers, and
    networkx's generator costs several times more per layer."""
    pred, succ = graph.pred, graph.succ
    waiting = {}
    layer = []
    for n in graph:
        d = len(pred[n])
        if d:
            waiting[n] = d
        else:
            layer.append(n)
    while layer:
        yield layer
        after = []
        for n in layer:
            for m in succ[n]:
                d = waiting[m] - 1
                if d:
                    waiting[m] = d
                else:
                    del waiting[m]
                    after.append(m)
        layer = after
    if waiting:
        raise networkx().NetworkXUnfeasible(
            "Graph contains a cycle or graph changed during iteration")


def layered_positions(doc, origin=(0.0, 0.0), max_columns=None):
    """``{node_id: (x, y)}`` for every node of ``doc`` (top-left corners); with
    ``max_columns`` (at least 1) longer graphs wrap into bands (see the module's text)."""
    rank = {n: i for i, n in enumerate(doc.node_ids)}
    row = {}
    column = {}
    for col, layer in enumerate(barycentre_layers(doc.graph, row.__getitem__,
                                                  rank.__getitem__)):
        for i, n in enumerate(layer):
            row[n] = i
            column[n] = col
    framed = {row[n] for n in row if doc.in_no_grad(n)}
    top, y = {}, 0.0
    for i in range(max(row.values(), default=-1) + 1):
        if i in framed and i > 0:
            y += REGION_SPACE
        top[i] = y
        y += ROW_HEIGHT + (REGION_SPACE if i in framed else 0.0)
    wrap = max(1, int(max_columns)) if max_columns else None
    if wrap is None or max(column.values(), default=0) < wrap:
        return {n: (origin[0] + column[n] * COLUMN_WIDTH, origin[1] + top[row[n]])
                for n in row}
    band_height = y + BAND_GAP
    return {n: (origin[0] + (column[n] % wrap) * COLUMN_WIDTH,
                origin[1] + (column[n] // wrap) * band_height + top[row[n]]) for n in row}


def apply_layered_layout(doc, origin=(0.0, 0.0), max_columns=None):
    """Moves every node of ``doc`` to its layered position (one ``move_node`` each)."""
    for n, pos in layered_positions(doc, origin, max_columns).items():
        doc.move_node(n, pos)
