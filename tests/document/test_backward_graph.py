"""``RunResult.backward_graph_part``: what the autograd view draws of a backward graph (the
grad_fns nearest its root, at most so many) without building the whole graph, is exactly
the part of the whole graph it drew before (GradStudio issue 14): the same grad_fns,
attributes, entries with their keys, in the same order, the same "n more, not drawn"
counts, the same total and freed steps, and the same keys given out by the run."""
import networkx as nx
import pytest

from gradstudio.document import Document, files, run
from gradstudio.document.examples import EXAMPLES_DIR
from gradstudio.document.run_state import BackwardGraphPart

MAX_BOXES = 100     # (the autograd view's; this layer imports no Qt)


# ------------------------------------------------------------- the view's code, as it was
# The autograd view's selection of the grad_fns to draw, as it stood before the part was
# built on its own (kept here verbatim: the reference the part must equal).

def _nearest(graph, most):
    if len(graph) <= most:
        return graph
    root = next(k for k in graph if not graph.in_degree(k))
    succ = graph.succ
    keep, level, depth = {root}, [root], 0
    while level:
        depth += 1
        nxt = {}
        for u in level:
            for v in succ[u]:
                if v not in keep:
                    nxt[v] = None
        if len(keep) + len(nxt) > most and depth > 1:
            break
        keep.update(nxt)
        level = list(nxt)
    return keep


def _part(graph, keep):
    nodes, entries, hidden = [], [], {}
    succ = graph.succ
    for key, attrs in graph.nodes(data=True):
        if key not in keep:
            continue
        nodes.append((key, attrs))
        count = 0
        for v, kd in succ[key].items():
            if v in keep:
                entries.extend((key, v, k) for k in kd)
            else:
                count += len(kd)
        if count:
            hidden[key] = count
    return nodes, entries, hidden


def _subgraph(graph, nodes, entries):
    drawn = nx.MultiDiGraph()
    drawn.add_nodes_from(nodes)
    adj = graph.adj
    for u, v, k in entries:
        drawn.add_edge(u, v, k, **adj[u][v][k])
    return drawn


def reference(graph, most):
    """What the view drew of the whole ``graph``, and the caption's numbers."""
    nodes, entries, hidden = _part(graph, _nearest(graph, most))
    steps = sorted({a["freed_at"] for _, a in graph.nodes(data=True) if a["freed"]})
    return _subgraph(graph, nodes, entries), len(graph), hidden, tuple(steps)


def as_values(part):
    """A part as plain values, order included: nodes with attributes, edges with keys and
    attributes, total, stub counts, freed steps."""
    graph, total, hidden, steps = part
    return dict(nodes=list(graph.nodes(data=True)),
                edges=list(graph.edges(keys=True, data=True)),
                total=total, hidden=hidden, hidden_order=list(hidden), steps=steps)


def fields(part):
    return part.graph, part.total, part.hidden, part.freed_steps


# ---------------------------------------------------------------------------- documents
def big_chain(n=1000):
    """The edit-latency benchmark's 1,000-node document (``document_run.big``): a chain
    of 2x2 tensors each reading the two before it, then a mean and its backward."""
    doc = Document()
    chain = [doc.add_node("rand", {"shape": (2, 2), "requires_grad": True}),
             doc.add_node("rand", {"shape": (2, 2), "requires_grad": True})]
    kinds = ("add", "mul", "sub")
    while len(chain) < n - 1:
        node = doc.add_node(kinds[len(chain) % 3])
        doc.connect(chain[-1], node, "self")
        doc.connect(chain[-2], node, "other")
        chain.append(node)
    last = doc.add_node("mean")
    doc.connect(chain[-1], last, "self")
    doc.add_action("backward", {"target": last})
    return doc


def tutorial():
    return files.load(EXAMPLES_DIR / "01_autograd_tutorial.gsg")


def training():
    return files.load(EXAMPLES_DIR / "13_xor_mlp_adam.gsg")


def every_root(doc, result):
    return [(n, s) for s in range(result.step_count) for n in doc.node_ids]


def chain_roots(doc, result):
    nodes = doc.node_ids
    return [(nodes[-1], -1), (nodes[-1], 0), (nodes[-2], -1), (nodes[500], -1),
            (nodes[950], 0), (nodes[60], -1), (nodes[0], -1)]


CASES = [("tutorial", tutorial, every_root, (MAX_BOXES, 4, 2, 1)),
         ("training", training, every_root, (MAX_BOXES, 10, 5, 2, 1)),
         ("1,000-node chain", big_chain, chain_roots, (MAX_BOXES, 7))]


@pytest.mark.parametrize("make, roots, sizes", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_the_part_is_the_whole_graphs_nearest_grad_fns(make, roots, sizes):
    """Two runs of one document: one asked for whole graphs (as the view did), the other
    for parts first, in the same sequence. Each part equals the reference drawn from the
    whole graph, keys included (the run gives them out in the same order), and the whole
    graph asked for afterwards is the one the first run gave."""
    doc = make()
    whole_run, part_run = run(doc), run(doc)
    checked = 0
    for node, step in roots(doc, whole_run):
        for most in sizes:
            graph = whole_run.backward_graph(node, step)
            part = part_run.backward_graph_part(node, step, most)
            want = as_values(reference(graph, most))
            assert as_values(fields(part)) == want, (node, step, most)
            # a walk's graph (already whole) gives the same part
            assert as_values(fields(BackwardGraphPart.of(graph, most))) == want
            checked += len(part.graph) > 0
        assert as_values(fields(part_run.backward_graph_part(node, step))) == \
            as_values(reference(graph, len(graph) + 1))     # no limit: all of it
        again = part_run.backward_graph(node, step)
        assert list(again.nodes(data=True)) == list(graph.nodes(data=True))
        assert list(again.edges(keys=True, data=True)) == \
            list(graph.edges(keys=True, data=True))
    assert checked


def test_a_thousand_grad_fns_give_a_hundred_their_stubs_and_the_count():
    doc = big_chain()
    result = run(doc)
    part = result.backward_graph_part(doc.node_ids[-1], -1, MAX_BOXES)
    assert part.total == 1000 and len(part.graph) == MAX_BOXES
    assert part.hidden and all(count > 0 for count in part.hidden.values())
    assert part.freed_steps == (1,)          # the backward freed the buffers
    assert part.graph.in_degree(next(iter(part.graph))) == 0      # the root first


def test_no_grad_fn_no_part():
    doc = big_chain(10)
    result = run(doc)
    part = result.backward_graph_part(doc.node_ids[0], -1, MAX_BOXES)    # a leaf
    assert (len(part.graph), part.total, part.hidden, part.freed_steps) == (0, 0, {}, ())
    part = result.backward_graph_part("no such node", -1, MAX_BOXES)
    assert part.total == 0
