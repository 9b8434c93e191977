"""The order a backward pass runs nodes of equal priority: several AccumulateGrad nodes
ready at once run in the order PyTorch's priority queue gives them (a leaf's hooks and
a step-through show that order). Random programs over many leaves, the order of the
leaves' hook calls compared with torch's, and the engine's own run repeated: the same
order every time, whatever the objects' addresses."""
import random

import pytest

import gradstudio.engine as engine

OPS = ("add", "mul", "sub")


def _program(rng):
    """A random expression over 2-7 leaves: list of (op, a, b) over value indices."""
    leaves = rng.randint(2, 7)
    steps = []
    count = leaves
    for _ in range(rng.randint(1, 9)):
        a, b = rng.randrange(count), rng.randrange(count)
        steps.append((rng.choice(OPS), a, b))
        count += 1
    return leaves, steps


def _order(T, leaves, steps):
    order = []
    values = []
    for i in range(leaves):
        t = T.tensor([1.0 + i, 2.0], requires_grad=True)
        t.register_hook(lambda g, i=i: order.append(i))
        values.append(t)
    for op, a, b in steps:
        x, y = values[a], values[b]
        values.append(x + y if op == "add" else x * y if op == "mul" else x - y)
    out = sum(v.sum() for v in values[leaves:]) if len(values) > leaves else values[0].sum()
    out.backward()
    return order


def test_leaves_accumulate_in_pytorchs_order():
    torch = pytest.importorskip("torch")
    rng = random.Random(1234)
    for _ in range(300):
        leaves, steps = _program(rng)
        assert _order(engine, leaves, steps) == _order(torch, leaves, steps), (leaves, steps)


def test_the_order_does_not_depend_on_where_objects_live():
    rng = random.Random(99)
    for _ in range(50):
        leaves, steps = _program(rng)
        first = _order(engine, leaves, steps)
        keep = [object() for _ in range(rng.randint(0, 50))]   # shift the addresses
        assert _order(engine, leaves, steps) == first
        del keep
