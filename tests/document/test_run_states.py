"""A run hands out states, never engine objects: nothing reachable from a ``RunResult``'s
public attributes and methods (states at every step, action outcomes with their backward
steps and returned gradients, backward graphs) is a Tensor, a grad_fn or any other object
of the engine. The panels and the exporter read numbers, names and text; only the run
itself holds live tensors."""
import networkx as nx
import numpy as np
import pytest

from gradstudio.document import run
from gradstudio.document.examples import EXAMPLES, build

_PLAIN = (str, bytes, int, float, bool, type(None), np.ndarray, np.generic)


def _engine_objects(obj, path, seen, found):
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if any(c.__module__.startswith(("gradstudio.engine", "torch"))  # Tensor says torch
           for c in type(obj).__mro__):
        found.append(f"{path}: {type(obj).__name__}")
        return
    if isinstance(obj, _PLAIN):
        return
    if isinstance(obj, nx.MultiDiGraph):
        for n, attrs in obj.nodes(data=True):
            _engine_objects((n, attrs), f"{path}.nodes[{n!r}]", seen, found)
        for *edge, attrs in obj.edges(keys=True, data=True):
            _engine_objects((edge, attrs), f"{path}.edges", seen, found)
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            _engine_objects(k, f"{path} key", seen, found)
            _engine_objects(v, f"{path}[{k!r}]", seen, found)
        return
    if isinstance(obj, (list, tuple, set, frozenset)):
        for i, v in enumerate(obj):
            _engine_objects(v, f"{path}[{i}]", seen, found)
        return
    for name in dir(obj):
        if name.startswith("_"):
            continue
        value = getattr(obj, name)
        if not callable(value) or isinstance(value, type):
            _engine_objects(value, f"{path}.{name}", seen, found)


def _everything_public(doc, result):
    yield "result", result
    for step in range(result.step_count):
        for nid in doc.node_ids:
            yield f"state({nid!r}, {step})", result.state(nid, step)
            yield f"backward_graph({nid!r}, {step})", result.backward_graph(nid, step)
            yield (f"backward_graph_part({nid!r}, {step}, 3)",
                   result.backward_graph_part(nid, step, 3))
    for action in doc.timeline:
        yield f"outcome({action.id!r})", result.outcome(action.id)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_run_exposes_no_engine_object(name):
    doc = build(name)
    result = run(doc)
    assert any(o.steps for o in result.outcomes), "the example runs no backward"
    found, seen = [], set()
    for path, obj in _everything_public(doc, result):
        _engine_objects(obj, path, seen, found)
    assert not found, found[:5]


def test_the_walk_finds_a_tensor_where_one_is_left():
    doc = build(sorted(EXAMPLES)[0])
    result = run(doc)
    result.leaked = result._tensors       # what `result.tensors` used to be
    found = []
    _engine_objects(result, "result", set(), found)
    assert found and "Tensor" in found[0]


def test_a_digest_is_kept_for_its_snapshot_and_made_again_for_another():
    # a big run's digest is made once, in the thread that ran it (issue 29: the window
    # made it again in the GUI thread, a third of a second for 100,000 nodes)
    from gradstudio.document import Document
    doc = Document()
    x = doc.add_node("ones", {"requires_grad": True}, (0.0, 0.0), "x")
    y = doc.add_node("sum", {}, (200.0, 0.0), "y")
    doc.connect(x, y, "self")
    doc.add_action("backward", {"target": y})
    result = run(doc)
    end = result.digest()
    assert result.digest() is end and end[x] == (False, None, True)
    start = result.digest(0)
    assert start is not end and start[x] == (False, None, False)
    assert result.digest() is not end and result.digest() == end   # (made again)
    result.errors[y] = "planted"
    assert result.digest()[y] == (True, "SumBackward0", False)
