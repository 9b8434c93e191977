"""The causes the seventh corpus (``corpus7_programs.py``) found that have no other test
file, each on a program of its own: it opens drawn whole, and its export prints under real
torch exactly what the program printed under torch."""
from trace_jobs import check_round_trip, outcomes

from gradstudio.document import Document, export

GRADS_OF_TWO_LOSSES = """
    import torch
    import torch.nn.functional as F
    torch.manual_seed(11)
    labels = torch.tensor([0, 2, 1, 2, 0])
    oh = F.one_hot(labels, num_classes=3)
    oh_f = oh.float()
    logits = torch.randn(5, 3, requires_grad=True)
    probs = logits.softmax(dim=1)
    mse = F.mse_loss(probs, oh_f)
    ce = F.cross_entropy(logits, labels)
    g_mse, = torch.autograd.grad(mse, logits, retain_graph=True)
    g_ce, = torch.autograd.grad(ce, logits)
    print("mse grad norm:", g_mse.norm().item())
    print("ce grad norm:", g_ce.norm().item())
"""

DATA_PLUS_NEGATIVE_STEP = """
    import torch
    g = torch.Generator().manual_seed(2147483647)
    W = torch.randn((3, 3), generator=g, requires_grad=True)
    x = torch.tensor([0, 1, 2, 1])
    for k in range(3):
        loss = W[x].exp().sum(1).log().mean()
        W.grad = None
        loss.backward()
        W.data += -10 * W.grad
        print(f"iter {k}: loss {loss.item():.4f}")
    b = torch.zeros(2, requires_grad=True)
    lr = 0.5
    for k in range(2):
        (b * torch.tensor([1.0, 2.0])).sum().backward()
        with torch.no_grad():
            b += -lr * b.grad
        b.grad.zero_()
    print(W, b)
"""

# a step that is not minus a multiple of the gradient stays refused: the graph would draw
# another program (and an addition of +lr * grad climbs: not the update's descent)
CLIMBS = """
    import torch
    w = torch.ones(2, requires_grad=True)
    (w * 3).sum().backward()
    w.data += 0.1 * w.grad
    print(w)
"""


def _whole(doc):
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert doc.node_ids and all(doc.node(n).recorded is None for n in doc.node_ids)


def test_items_printed_after_gradients_of_two_losses_open_drawn_whole():
    # the tracer failed (IndexError in fold's printed items: no timeline action of the
    # script's own was left to place the prints after), and nothing was drawn
    (doc,) = outcomes([GRADS_OF_TWO_LOSSES])
    _whole(doc)
    check_round_trip([doc], [GRADS_OF_TWO_LOSSES])


def test_data_plus_a_negative_step_is_the_update_action():
    # Karpathy's makemore writes W.data += -lr * W.grad: one update, as w.data -= lr *
    # w.grad (the same bits: -(lr * g) is (-lr) * g, and w + (-s) is w - s)
    (doc,) = outcomes([DATA_PLUS_NEGATIVE_STEP])
    _whole(doc)
    updates = [a for a in doc.timeline if a.kind == "update"]
    assert [(a.params["lr"], a.params["style"]) for a in updates][:2] == \
        [(10.0, "data"), (0.5, "-=")]
    code = export.export_script(doc).text
    assert "W.data -= 10.0 * W.grad" in code and "b -= 0.5 * b.grad" in code
    check_round_trip([doc], [DATA_PLUS_NEGATIVE_STEP])


def test_data_plus_a_positive_step_is_not_drawn_as_an_update():
    (doc,) = outcomes([CLIMBS])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is not None and ".data" in doc.trace_note, doc.trace_note
    assert not [a for a in doc.timeline if a.kind == "update"]


def test_a_cross_entropy_saves_label_smoothing_only_when_set():
    # (added to the kind by this corpus: the files written before stay as they were, and
    # load with the default)
    from gradstudio.document import files, run
    doc = Document()
    x = doc.add_node("tensor", {"value": [[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]],
                                "requires_grad": True}, label="x")
    t = doc.add_node("tensor", {"value": [0, 2], "dtype": "int64"}, label="t")
    w = doc.add_node("tensor", {"value": [1.0, 2.0, 0.5]}, label="w")
    loss = doc.add_node("cross_entropy", label="loss")
    doc.connect(x, loss, "input")
    doc.connect(t, loss, "target")
    text = files.dumps(doc)
    assert "label_smoothing" not in text
    assert files.loads(text).node(loss).params["label_smoothing"] == 0.0
    doc.set_param(loss, "label_smoothing", 0.25)
    doc.connect(w, loss, "weight")
    assert '"label_smoothing": 0.25' in files.dumps(doc)
    import gradstudio.engine as torch
    want = torch.nn.functional.cross_entropy(
        torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]]), torch.tensor([0, 2]),
        torch.tensor([1.0, 2.0, 0.5]), label_smoothing=0.25)
    assert run(doc).state(loss).value.tolist() == want.tolist()
    assert "weight=w, label_smoothing=0.25" in export.export_script(doc).text


REINIT_AFTER_USE = """
    import torch
    import torch.nn as nn
    torch.manual_seed(17)
    layer = nn.Linear(6, 4)
    print("default init std:", round(layer.weight.std().item(), 4))
    nn.init.xavier_uniform_(layer.weight)
    print(f"xavier std {layer.weight.std().item():.4f}")
    nn.init.kaiming_normal_(layer.weight, nonlinearity="relu")
    nn.init.constant_(layer.bias, 0.1)
    out = layer(torch.randn(2, 6))
    out.sum().backward()
    print(out, layer.weight.grad)
    w = torch.empty(3, 5)
    nn.init.uniform_(w, a=-1, b=1)
    print(w)
    print(torch.eye(2, 4), torch.eye(3, 1, dtype=torch.float64))
"""


def test_an_init_of_a_parameter_already_used_by_an_op_is_drawn():
    # nn.init.xavier_uniform_(layer.weight) after layer.weight.std() was printed was
    # refused ("... or a parameter nothing used yet"): the std keeps the first values'
    # node, the weight is a new uniform node from there; w = torch.empty(3, 5) on a line
    # of its own, then filled, was refused as an empty tensor; torch.eye(n, m) too
    (doc,) = outcomes([REINIT_AFTER_USE])
    _whole(doc)
    kinds = [n.kind for n in doc.nodes()]
    # (Linear's weight and bias, xavier's, w's; kaiming's)
    assert kinds.count("uniform") == 4 and kinds.count("normal") == 1
    assert "empty" not in kinds
    eyes = [n.params for n in doc.nodes() if n.kind == "eye"]
    assert [(p["n"], p.get("m")) for p in eyes] == [(2, 4), (3, 1)]
    code = export.export_script(doc).text
    assert "torch.eye(2, 4)" in code
    check_round_trip([doc], [REINIT_AFTER_USE])


def test_an_init_of_a_parameter_a_step_used_stays_refused():
    (doc,) = outcomes(["""
        import torch
        import torch.nn as nn
        layer = nn.Linear(3, 1)
        layer(torch.ones(2, 3)).sum().backward()
        nn.init.zeros_(layer.weight)
        print(layer.weight)
    """])
    assert isinstance(doc, Document), doc
    assert doc.trace_note is not None and "Not drawn: line 5" in doc.trace_note, \
        doc.trace_note


AFTER_A_BACKWARD = """
    import torch
    torch.manual_seed(24)
    w = torch.randn(3, requires_grad=True)
    y = (w * 2).sum()
    y.backward()
    try:
        y.backward()
    except RuntimeError as e:
        print("second backward:", str(e)[:60])
    a = torch.randn(3, requires_grad=True)
    out = a.sigmoid()
    out.mul_(2)
    try:
        out.sum().backward()
    except RuntimeError as e:
        print("modified:", type(e).__name__, "inplace" in str(e))
    print(out, a.grad)
"""


def test_arithmetic_in_place_after_a_backward_fails_as_the_script_did():
    # out.mul_(2) after the first backward was drawn as a new tensor, so the graph's
    # backward through sigmoid succeeded where the script's raised: the check cut it
    (doc,) = outcomes([AFTER_A_BACKWARD])
    _whole(doc)
    (mul,) = [n for n in doc.nodes() if n.kind == "mul" and n.params.get("in_place")]
    code, _, originals = check_round_trip([doc], [AFTER_A_BACKWARD])
    assert "out.mul_(2)" in code[0] and "modified: RuntimeError True" in originals[0]


TOPK_INDICES = """
    import torch
    torch.manual_seed(5)
    probs = torch.softmax(torch.randn(4, 5, requires_grad=True), dim=1)
    top = probs.topk(2, dim=1)
    print(top.indices, torch.topk(probs, 3, largest=False).indices)
    labels = torch.tensor([0, 3, 1, 4])
    hit = (top.indices == labels.unsqueeze(1)).any(dim=1).float().mean()
    picked = probs.gather(1, top.indices)
    picked.sum().backward()
    print(f"top-2 accuracy {hit.item():.2f}", picked)
"""


def test_the_indices_of_a_topk_are_a_node():
    # "the indices of x.topk(k) cannot be drawn yet; its values (.values) can": a
    # topk_indices node now (int64, no gradient), which a gather can take
    (doc,) = outcomes([TOPK_INDICES])
    _whole(doc)
    assert [n.params["largest"] for n in doc.nodes() if n.kind == "topk_indices"] == \
        [True, False]
    code, _, _ = check_round_trip([doc], [TOPK_INDICES])
    assert ".topk(3, dim=1, largest=False, sorted=True).indices" in code[0]


def test_adding_another_tensor_to_a_parameter_is_still_said_as_an_add():
    (doc,) = outcomes(["""
        import torch
        w = torch.ones(2, requires_grad=True)
        v = torch.tensor([0.5, 0.25])
        with torch.no_grad():
            w += 0.1 * v
        print(w)
    """])
    assert isinstance(doc, Document), doc
    assert "an in-place add_ (+=) of a leaf that requires grad" in doc.trace_note, \
        doc.trace_note


FROZEN_AFTER_TRAINING = """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    X = torch.randn(4, 3)
    model = nn.Sequential(nn.Linear(3, 2), nn.Linear(2, 1))
    model(X).sum().backward()
    print(model[0].weight.grad)
    model[0].requires_grad_(False)
    model.zero_grad()
    model(X).sum().backward()
    print(model[0].weight.grad, model[1].weight.grad)
    print(model[0].weight.requires_grad, model(X).grad_fn.name())
"""


def test_a_layer_frozen_after_a_backward_is_frozen_from_there():
    # model[0].requires_grad_(False) after a backward was a node of the forward pass, so
    # the graph froze the layer before the first backward too, and the check cut it
    # ("weight.grad would be None where the script had a gradient")
    (doc,) = outcomes([FROZEN_AFTER_TRAINING])
    _whole(doc)
    frozen = [n for n in doc.nodes() if n.kind == "requires_grad_"]
    assert [n.params["requires_grad"] for n in frozen] == [False, False]
    computed = {n for a in doc.timeline if a.kind == "compute" for n in a.params["nodes"]}
    assert {n.id for n in frozen} <= computed
    check_round_trip([doc], [FROZEN_AFTER_TRAINING])
