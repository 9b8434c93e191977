"""The Playground examples: TensorFlow Playground's four classification sets (XOR,
circles, spirals, moons), each with a small MLP and its training loop, ready for the Data
panel to show the boundary forming. Built with the same public ``Document`` API as the
other examples (see ``examples``).

Every one is the same program: a dataset node ``data`` (its own seed, so the points stay
put whatever the model draws), ``x = data[:, :2]`` and ``y = data[:, 2:]``, ``nn.Linear``
layers with ``tanh`` between them, ``binary_cross_entropy_with_logits`` on the last
layer's output (the logits; the Data panel shows their sigmoid, the probability of class
1) and ``torch.optim.Adam``.
"""
from .lesson import example_lesson
from .model import Document
from .training import add_linear, add_train_loop

__all__ = ["playground", "xor_playground", "circles_playground", "spirals_playground",
           "moons_playground"]


def playground(dataset, hidden=(8,), count=200, lr=0.03, points=200, noise=None,
               data_seed=0, activation="tanh", test_fraction=0.0):
    """A document training an MLP with ``hidden`` layer widths on ``dataset`` (a dataset
    kind such as ``"make_moons"``): ``count`` Adam steps at ``lr``, on all the points or,
    with ``test_fraction``, on the rest of them."""
    doc = Document()
    settings = {"n": points, "manual_seed": data_seed}
    if test_fraction:
        settings["test_fraction"] = test_fraction
    if noise is not None:
        settings["noise"] = noise
    data = doc.add_node(dataset, settings, label="data")
    x = doc.add_node("index", {"key": ":, :2"}, label="x")
    y = doc.add_node("index", {"key": ":, 2:"}, label="y")
    doc.connect(data, x, "self")
    doc.connect(data, y, "self")
    params, h, width = [], x, 2
    for i, out in enumerate(tuple(hidden) + (1,), 1):
        last = i == len(hidden) + 1
        w, b, h = add_linear(doc, h, width, out, "logits" if last else f"layer{i}")
        params += [w, b]
        if not last:
            act = doc.add_node(activation, label=f"h{i}")
            doc.connect(h, act, "self")
            h, width = act, out
    loss = doc.add_node("binary_cross_entropy_with_logits", label="loss", watched=True)
    doc.connect(h, loss, "self")
    doc.connect(y, loss, "target")
    add_train_loop(doc, params, loss, count=count, lr=lr, optimizer="Adam")
    return doc


def _lesson(title, body):
    return example_lesson(
        f"## Playground: {title}\n\n{body}\n\n"
        "Open **View ▸ Data**: the points are coloured by class, the background is the "
        "network's probability of class 1 over the plane, crosses mark the points it gets "
        "wrong. Drag the line in the Training panel to see the boundary at any iteration, "
        "or press ▶ in the Data panel to watch it form.")


def xor_playground():
    """XOR points in [-1, 1]², a 2-4-1 tanh network."""
    doc = playground("make_xor", hidden=(4,), count=150, lr=0.05)
    doc.lesson = _lesson(
        "XOR",
        "Class 1 where x₁ and x₂ have opposite signs. One straight line cannot separate "
        "the classes, so the network needs its hidden layer of four tanh units. **Try**: "
        "shrink it to one unit (`layer1_weight` of shape (1, 2), `layer1_bias` (1,), "
        "`logits_weight` (1, 1)): one unit draws one line, and the accuracy stalls well "
        "short of 100 %. Or give Adam `lr=1.0`: the loss jumps up to about 1.45 before it settles.")
    return doc


def circles_playground():
    """Two rings, a 2-8-1 tanh network."""
    doc = playground("make_circles", hidden=(8,), count=200, lr=0.05)
    doc.lesson = _lesson(
        "circles",
        "One class inside the other: the boundary has to close on itself, which a single "
        "linear layer cannot draw. **Look for** the boundary starting as a slanted line "
        "and bending into a closed curve around the inner ring. **Try**: raise the "
        "dataset's `noise` to 0.3: the rings overlap and the accuracy falls to about "
        "80 %; scrub back to early iterations to see where the curve came from.")
    return doc


def spirals_playground():
    """Two interleaved spirals, a 2-12-12-1 tanh network."""
    doc = playground("make_spirals", hidden=(12, 12), count=200, lr=0.05)
    doc.lesson = _lesson(
        "spirals",
        "The hardest of the four: each arm winds almost twice round the centre, so the "
        "boundary has to wind with it. It takes two hidden layers of 12 units and 200 "
        "steps. **Look for** broad bands early on, winding tighter as it trains: at iteration "
        "50 the accuracy is only 60.5 %. **Try**: one hidden layer of 4 units (too little "
        "capacity): after 200 steps the loss is still 0.59 and the accuracy 70.5 %.")
    return doc


def moons_playground():
    """Two interleaving half circles, a 2-8-1 tanh network."""
    doc = playground("make_moons", hidden=(8,), count=200, lr=0.05)
    doc.lesson = _lesson(
        "two moons",
        "Two half circles hooked into each other, micrograd's demo set. A straight line "
        "gets most points right, the tips of the moons need the curve. **Look for** the "
        "crosses on the tips disappearing as the boundary bends. **Try**: a learning "
        "rate of 0.001 in the optimizer (Adam): after 200 steps the loss is still 0.47 "
        "and the accuracy 86 %, the boundary still nearly straight.")
    return doc
