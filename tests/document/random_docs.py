"""Small random documents for the export tests: a few sources, a handful of operations
(some of which fail, which the exporter must keep as comments), optional no-grad regions,
labels chosen to collide with each other and with names the script uses, watched nodes,
and a timeline of backward / zero_grad / grad = None / autograd.grad actions (some of
which PyTorch rejects), sometimes a hook keeping a gradient, read back and removed. Built from ``random.Random(seed)``: the same seed gives the same
document.

The generator stays clear of places where the engine is known to differ from PyTorch
(see the engine's open issues), so that a mismatch points at the exporter: no views in
no-grad regions, no requires_grad_ (a view taken before it follows its base in PyTorch),
no NaN-producing ops, no relu or maximum (sign of zero),
``autograd.grad`` only with ``retain_graph=True`` and every leaf that requires grad as
its inputs (PyTorch runs only the part of the graph it needs), and ``create_graph`` only
without ``retain_grad`` marks and without a later backward."""
import random

from gradstudio.document import Document, run

SHAPES = [(3,), (2, 3), (2, 2), ()]
TRICKY_LABELS = ["x", "x", "torch_", "type", "float", "error", "Exception", "grad_x", "y",
                 "out", "e", "sum"]
UNARY = ["exp", "sin", "cos", "tanh", "sigmoid", "abs", "neg", "clone", "detach"]
VIEWS = {"t", "reshape", "index", "unsqueeze", "requires_grad_"}
BINARY = ["add", "sub", "mul", "div"]


def _source(doc, rng, shape):
    kind = rng.choice(["ones", "rand", "randn", "tensor", "full", "linspace", "zeros"])
    rg = rng.random() < 0.7
    if kind == "tensor":
        n = 1
        for s in shape:
            n *= s
        flat = [round(rng.uniform(-3, 3), rng.choice([0, 1, 2, 4])) for _ in range(n)]
        value = flat[0] if not shape else _nest(flat, shape)
        return doc.add_node("tensor", {"value": value, "requires_grad": rg})
    if kind == "full":
        return doc.add_node("full", {"shape": shape, "fill_value": rng.choice([2, -1.5, 0.25]),
                                     "requires_grad": rg})
    if kind == "linspace":
        n = shape[0] if shape else 1
        return doc.add_node("linspace", {"start": -1.0, "end": 2.0, "steps": n,
                                         "requires_grad": rg})
    return doc.add_node(kind, {"shape": shape, "requires_grad": rg})


def _nest(flat, shape):
    if len(shape) == 1:
        return list(flat)
    step = len(flat) // shape[0]
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _operation(doc, rng, nodes):
    a = rng.choice(nodes)
    r = rng.random()
    if r < 0.3:
        n = doc.add_node(rng.choice(UNARY))
        doc.connect(a, n, "self")
    elif r < 0.6:
        kind = rng.choice(BINARY)
        n = doc.add_node(kind, {"other": rng.choice([2, 0.5, -3.0])})
        doc.connect(a, n, "self")
        if rng.random() < 0.6:
            doc.connect(rng.choice(nodes), n, "other")
    elif r < 0.7:
        n = doc.add_node("pow", {"exponent": rng.choice([2, 3, 1.5])})
        doc.connect(a, n, "self")
    elif r < 0.8:
        kind = rng.choice(["sum", "mean", "softmax", "norm"])
        params = {}
        if kind in ("sum", "mean") and rng.random() < 0.5:
            params = {"dim": 0, "keepdim": rng.random() < 0.5}
        if kind == "softmax":
            params = {"dim": -1}
        n = doc.add_node(kind, params)
        doc.connect(a, n, "self")
    elif r < 0.9:
        kind, params = rng.choice([("t", {}), ("reshape", {"shape": (-1,)}),
                                   ("unsqueeze", {"dim": 0}), ("index", {"key": "0"}),
                                   ("index", {"key": ":, 1:"}), ("to", {"dtype": "float64"}),
                                   ("matmul", {})])
        n = doc.add_node(kind, params)
        doc.connect(a, n, "self")
        if kind == "matmul":
            doc.connect(rng.choice(nodes), n, "other")
    else:
        doc.set_retains_grad(a, True)    # a.retain_grad(), left out where a needs no grad
        n = doc.add_node("neg")
        doc.connect(a, n, "self")
    return n


def _keeping_hook(doc, rng, forward, nodes):
    """Sometimes a hook keeping what the first backward sends a tensor (``keep_grad``),
    the kept value watched after that backward (``kept_grad``) and the hook removed
    again; drawn from a generator of its own, so the rest of the document is unchanged."""
    wanted = [n for n in nodes if forward.state(n, 0) is not None and
              forward.state(n, 0).requires_grad]
    if not wanted or rng.random() < 0.6:
        return
    keep = doc.add_node("keep_grad", {"keep": rng.choice(["grad", "grad * 2", "grad.clone()"]),
                                      "into": rng.choice(["grads", "x", "total"]),
                                      "handle": rng.choice([None, "h", "x"])})
    doc.connect(rng.choice(wanted), keep, "self")
    into = doc.node(keep).params["into"]
    kept = doc.add_node("kept_grad", {"into": into}, watched=True)
    doc.add_action("compute", {"nodes": [kept]}, index=1)
    if doc.node(keep).params["handle"] is not None and rng.random() < 0.7:
        doc.add_action("remove_hook", {"hook": keep, "handle": doc.node(keep).params["handle"]},
                       index=2)


def random_document(seed):
    rng = random.Random(seed)
    doc = Document()
    doc.set_seed(rng.choice([0, 1, 42]))
    shape = rng.choice(SHAPES)
    nodes = [_source(doc, rng, shape) for _ in range(rng.randint(1, 3))]
    if shape == (2, 3) and rng.random() < 0.5:
        nodes.append(_source(doc, rng, (3,)))           # broadcasting
    for _ in range(rng.randint(2, 7)):
        nodes.append(_operation(doc, rng, nodes))
    if rng.random() < 0.4:
        ops = [n for n in nodes if doc.node(n).kind not in VIEWS]
        if ops:
            doc.add_region(rng.sample(ops, min(len(ops), rng.randint(1, 2))))
    for n in nodes:
        if rng.random() < 0.4:
            doc.set_label(n, rng.choice(TRICKY_LABELS))
        if rng.random() < 0.5:
            doc.set_watched(n, True)
    total = doc.add_node("sum", label=rng.choice([None, "total", "x"]), watched=True)
    doc.connect(rng.choice(nodes[-3:]), total, "self")
    leaves = [n for n in nodes if doc.node(n).params.get("requires_grad")]
    forward = run(doc)
    tracked = [n for n in nodes if forward.state(n, 0).requires_grad and
               forward.state(n, 0).is_leaf]
    no_retained = not any(doc.node(n).retains_grad for n in nodes)
    create_graph = no_retained and rng.random() < 0.15
    doc.add_action("backward", {"target": total, "retain_graph": rng.random() < 0.5,
                                "create_graph": create_graph})
    for _ in range(rng.randint(0, 3)):
        r = rng.random()
        if create_graph and r < 0.5:
            continue
        if r < 0.35:
            doc.add_action("backward", {"target": total})
        elif r < 0.5 and leaves:
            doc.add_action("zero_grad", {"tensor": rng.choice(leaves)})
        elif r < 0.6 and leaves:
            doc.add_action("set_grad_none", {"tensor": rng.choice(leaves)})
        elif r < 0.8 and tracked:
            doc.add_action("grad", {"outputs": [total], "inputs": tracked,
                                    "retain_graph": True})
        elif not create_graph:
            target = rng.choice(nodes)
            grad = doc.add_node("ones", {"shape": shape})
            doc.add_action("backward", {"target": target, "gradient": grad,
                                        "retain_graph": True})
    _keeping_hook(doc, random.Random(seed * 7919 + 1), forward, nodes)
    if rng.random() < 0.3:        # how the later prints print: torch.set_printoptions
        doc.add_action("print_options", {"precision": float(rng.choice([0, 2, 6])),
                                         "sci_mode": rng.choice(["None", "True", "False"]),
                                         "linewidth": rng.choice([None, 40.0])},
                       index=rng.randint(0, len(doc.timeline)))
    return doc
