"""Convolution and pooling (``document.catalogue_conv``) in traced programs: small CNNs a
student writes (``nn.Conv1d`` / ``nn.Conv2d`` in an ``nn.Module`` or a ``Sequential``,
pooling, ``Flatten``, ``Linear``, trained with SGD or Adam) open drawn whole, each
convolution and pooling a node of its kind and each layer's weight and bias a leaf drawn
as PyTorch draws it; the self-check passes, and the exported script prints under torch
exactly what the program printed. A node with a wrong setting fails with PyTorch's own
error for the call it exports."""
import sys
from pathlib import Path

import pytest
import script_runner
from trace_jobs import check_round_trip, dedent, outcomes

from gradstudio.document import Document, export, run

_ENGINE_TESTS = str(Path(__file__).resolve().parents[1] / "engine")
if _ENGINE_TESTS not in sys.path:
    sys.path.insert(0, _ENGINE_TESTS)
import test_parity_course_nn as course_nn  # noqa: E402

# the CNNs of the engine's course corpus (written for the engine's parity, not for this)
COURSE = {p.name: p.code for p in course_nn.PROGRAMS
          if p.name in ("tiny_cnn_on_synthetic_images", "conv1d_over_sequences")}

PROGRAMS = {
    "cnn1d_regression": """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    x = torch.randn(16, 1, 12)
    y = x.sum(dim=(1, 2)).unsqueeze(1) * 0.1


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv1d(1, 4, kernel_size=3, padding=1)
            self.pool = nn.AvgPool1d(2)
            self.fc = nn.Linear(4 * 6, 1)

        def forward(self, x):
            h = torch.relu(self.conv(x))
            h = self.pool(h)
            return self.fc(h.flatten(1))


    model = Net()
    print(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()
    for step in range(5):
        opt.zero_grad()
        out = model(x)
        loss = loss_fn(out, y)
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")
    print(out.shape, out.grad_fn.name())
    print(model.conv.weight.grad)
""",
    "cnn2d_classifier": """
    import torch
    import torch.nn as nn

    torch.manual_seed(1)
    images = torch.randn(8, 1, 8, 8)
    labels = torch.randint(0, 3, (8,))


    class SmallCNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 4, 3, padding=1)
            self.pool = nn.MaxPool2d(2)
            self.flatten = nn.Flatten()
            self.fc = nn.Linear(4 * 4 * 4, 3)

        def forward(self, x):
            x = self.pool(torch.relu(self.conv1(x)))
            return self.fc(self.flatten(x))


    model = SmallCNN()
    print(model)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(4):
        optimizer.zero_grad()
        logits = model(images)
        loss = criterion(logits, labels)
        loss.backward()
        optimizer.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")
    print(logits.shape)
    print(loss.grad_fn.name())
    print(model.conv1.weight.grad.shape)
    print(model.conv1.bias.grad)
""",
    "functional_calls": """
    import torch
    import torch.nn.functional as F

    torch.manual_seed(3)
    x = torch.randn(2, 3, 9, requires_grad=True)
    img = torch.randn(3, 7, 7, requires_grad=True)
    w1 = torch.randn(4, 3, 3, requires_grad=True)
    w2 = torch.randn(6, 1, 3, 3, requires_grad=True)
    b2 = torch.zeros(6, requires_grad=True)
    a = F.conv1d(x, w1, stride=2, dilation=(2,))
    b = F.conv2d(img, w2, b2, padding="same", groups=3)
    c = F.max_pool1d(a, 2, ceil_mode=True)
    d = F.avg_pool1d(x, 3, stride=1, padding=1, count_include_pad=False)
    e = F.adaptive_avg_pool1d(d, 4)
    f = F.max_pool2d(b, (2, 3), stride=1, padding=(1, 0))
    g = F.avg_pool2d(b, 3, divisor_override=4)
    h = F.adaptive_avg_pool2d(f, (2, 3))
    k = F.adaptive_avg_pool2d(g, 1)
    m = F.adaptive_max_pool2d(b, 2)
    print(a.shape, b.shape, c.grad_fn.name(), f.grad_fn.name(), k.grad_fn.name())
    loss = c.sum() + e.pow(2).sum() + h.sum() + k.sum() + m.sum()
    loss.backward()
    print(loss)
    print(x.grad[0, 0])
    print(w2.grad[0])
    print(b2.grad)
""",
    "sequential_cnn": """
    import torch
    from torch import nn

    torch.manual_seed(7)
    model = nn.Sequential(
        nn.Conv2d(2, 4, 3, stride=2, padding=1, bias=False),
        nn.ReLU(),
        nn.AvgPool2d(2),
        nn.Conv2d(4, 4, 1, groups=2),
        nn.AdaptiveAvgPool2d((1, 1)),
        nn.Flatten(),
        nn.Linear(4, 2),
    )
    print(model)
    data = torch.randn(5, 2, 8, 8)
    target = torch.randn(5, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for i in range(3):
        opt.zero_grad()
        pred = model(data)
        loss = nn.functional.mse_loss(pred, target)
        loss.backward()
        opt.step()
        print(i, round(loss.item(), 5))
    print(model[0].weight.grad.sum())
    print(model[3].bias)
""",
}

# what each program draws: the kinds of its convolutions and poolings, node by node
KINDS = {
    "cnn1d_regression": ["conv1d", "avg_pool1d"],
    "cnn2d_classifier": ["conv2d", "max_pool2d"],
    "functional_calls": ["conv1d", "conv2d", "max_pool1d", "avg_pool1d", "adaptive_avg_pool1d",
                         "max_pool2d", "avg_pool2d", "adaptive_avg_pool2d", "adaptive_avg_pool2d",
                         "adaptive_max_pool2d"],
    "sequential_cnn": ["conv2d", "avg_pool2d", "conv2d", "adaptive_avg_pool2d"],
}
_CONV = {"conv1d", "conv2d", "max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d",
         "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool2d"}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, outcomes(list(PROGRAMS.values()))))


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_a_cnn_opens_drawn_whole(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note      # (the self-check passed too)
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    kinds = [doc.node(n).kind for n in doc.node_ids if doc.node(n).kind in _CONV]
    assert kinds == KINDS[name]


def test_a_conv_layers_weight_and_bias_are_leaves_drawn_as_pytorch_draws_them(traced):
    doc = traced["cnn2d_classifier"]
    (conv,) = [n for n in doc.node_ids if doc.node(n).kind == "conv2d"]
    assert doc.node(conv).params == {"stride": 1, "padding": 1, "dilation": 1, "groups": 1}
    weight, bias = (doc.node(doc.source_of(conv, port)) for port in ("weight", "bias"))
    bound = 1 / 3               # 1 / sqrt(fan_in), fan_in = 1 * 3 * 3
    assert (weight.kind, bias.kind) == ("uniform", "uniform")
    assert weight.params["shape"] == (4, 1, 3, 3) and bias.params["shape"] == (4,)
    assert weight.params["high"] == pytest.approx(bound) and weight.params["requires_grad"]
    assert bias.params["high"] == pytest.approx(bound)


def test_the_exports_print_what_the_programs_printed_under_torch(traced):
    docs = [traced[n] for n in PROGRAMS]
    codes, _, printed = check_round_trip(docs, list(PROGRAMS.values()))
    assert all(printed)
    assert "torch.nn.functional.conv2d(images, weight, bias, padding=1)" in codes[1]
    assert "torch.nn.functional.max_pool1d(a, 2, ceil_mode=True)" in codes[2]
    assert "torch.nn.functional.conv2d(data, weight, stride=2, padding=1)" in codes[3]


INDICES = [dedent("""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(0)
    x = torch.randn(1, 1, 4, 4, requires_grad=True)
    y, where = F.max_pool2d(x, 2, return_indices=True)
    print(y)
    print(where)
    y.sum().backward()
    print(x.grad)
"""), dedent("""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(2)
    x = torch.randn(2, 3, 8, requires_grad=True)
    v, i = F.max_pool1d(x, 2, return_indices=True)
    print(v.grad_fn.name(), i.shape)
    img = torch.randn(3, 6, 6, dtype=torch.float64)
    conv = nn.Conv2d(3, 2, 3, dtype=torch.float64, bias=False)
    y = conv(img)
    print(y.grad_fn.name(), y.dtype)
    z = F.avg_pool2d(y, 2, ceil_mode=True)
    pool = nn.MaxPool1d(3, stride=2, padding=1)
    p = pool(x)
    (v.sum() + z.sum() + p.sum()).backward()
    print(x.grad.sum(), conv.weight.grad.sum())
    print(z)
""")]


def test_pooling_that_returns_its_indices_draws_the_values_and_records_the_indices():
    """The values of ``F.max_pool2d(x, 2, return_indices=True)`` are the max_pool2d node of
    the table op it ran (a 1-d pooling's: unsqueeze, max_pool2d, squeeze); the indices,
    which no node computes, are recorded (printed as text, or a recorded value). A float64
    ``nn.Conv2d`` without a bias on an unbatched image is drawn too."""
    docs = outcomes(INDICES)
    for doc in docs:
        assert isinstance(doc, Document), doc
        assert doc.trace_note is None, doc.trace_note
    kinds = [[doc.node(n).kind for n in doc.node_ids] for doc in docs]
    assert "max_pool2d" in kinds[0] and "max_pool2d" in kinds[1]
    assert {"conv2d", "avg_pool2d", "max_pool1d"} <= set(kinds[1])
    recorded = [doc.node(n) for n in docs[1].node_ids if docs[1].node(n).recorded is not None]
    # the indices, recorded with the line that made them (v, i = F.max_pool1d(...))
    assert [(r.kind, r.recorded) for r in recorded] == [("tensor", 7)]
    (conv,) = [n for n in docs[1].node_ids if docs[1].node(n).kind == "conv2d"]
    weight = docs[1].node(docs[1].source_of(conv, "weight"))
    assert weight.params["dtype"] == "float64" and docs[1].source_of(conv, "bias") is None
    check_round_trip(docs, INDICES)


def _node(d, kind, params, **inputs):
    n = d.add_node(kind, params, watched=True)
    for port, src in inputs.items():
        d.connect(src, n, port)
    return n


WRONG = [("conv2d", {"padding": (1, 1, 1)}), ("conv2d", {"stride": 0}),
         ("conv2d", {"groups": 2}), ("conv2d", {"padding": -1}),
         ("conv1d", {}),                                   # a 4-d weight for conv1d
         ("max_pool2d", {"kernel_size": 2, "padding": 2}),
         ("max_pool2d", {"kernel_size": (2, 2, 2)}), ("max_pool2d", {"kernel_size": 9}),
         ("max_pool1d", {"kernel_size": (2, 2)}), ("avg_pool1d", {"kernel_size": 0}),
         ("avg_pool2d", {"kernel_size": 3, "divisor_override": 0}),
         ("adaptive_avg_pool2d", {"output_size": -1}),
         ("adaptive_avg_pool1d", {"output_size": (2, 2)}),
         ("adaptive_max_pool2d", {"output_size": (2, 2, 2)})]


def test_a_wrong_setting_fails_the_node_with_pytorchs_error_for_the_call_it_exports():
    d = Document()
    d.set_seed(0)
    img = d.add_node("randn", {"shape": (2, 3, 6, 6), "requires_grad": True}, label="img")
    sig = d.add_node("randn", {"shape": (2, 3, 6)}, label="sig")
    w = d.add_node("randn", {"shape": (4, 3, 3, 3), "requires_grad": True}, label="w")
    nodes = []
    for kind, params in WRONG:
        ports = {"input": sig if kind.endswith("1d") and kind != "conv1d" else img}
        if kind.startswith("conv"):
            ports = {"input": sig if kind == "conv1d" else img, "weight": w}
        nodes.append(_node(d, kind, params, **ports))
    result = run(d)
    errors = [result.errors.get(n) for n in nodes]
    assert all(errors), errors
    # each failing node's exported call, run under torch
    lines = export.export_script(d, result).text.splitlines()
    calls = [line for line in lines if line.startswith("# ") and " = torch.nn.functional." in line]
    assert len(calls) == len(nodes)
    setup = "\n".join(line for line in lines if line and not line.startswith(("#", "print")))
    tries = "".join(f"try:\n    {c[2:].split('  # ')[0]}\nexcept Exception as e:\n"
                    f"    print(f'{{type(e).__name__}}: {{e}}')\n" for c in calls)
    if not script_runner.torch_available():
        pytest.skip("torch is not installed")
    ((out, error),) = script_runner.run_scripts([setup + "\n" + tries])
    assert error is None, error
    assert out.splitlines() == errors


def test_the_course_corpus_cnns_open_drawn_whole_and_export_what_they_printed():
    docs = outcomes(list(COURSE.values()))
    for name, doc in zip(COURSE, docs):
        assert isinstance(doc, Document), (name, doc)
        assert doc.trace_note is None, (name, doc.trace_note)
        assert all(doc.node(n).recorded is None for n in doc.node_ids), name
        assert {doc.node(n).kind for n in doc.node_ids} & {"conv1d", "conv2d"}, name
    check_round_trip(docs, list(COURSE.values()))
