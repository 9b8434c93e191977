"""Values a script keeps while the graph changes around them (issue 32): a print that
mixes a drawn tensor with a recorded ``Parameter`` prints the drawn one live and only the
other as recorded; gradients read after ``clip_grad_norm_`` inside a folded training loop
are the clipped ones; a parameter snapshot taken before training (``w0 =
w.detach().clone()``) keeps its values through the training loop and the optimizer's
steps or its updates by hand (so does a detached tensor or ``.data`` sharing its
memory). Each opens drawn (before, the self-check cut them and recorded what they
printed), and the export prints under torch exactly what the program printed."""
import pytest

from gradstudio.document import export, run
from gradstudio.document.recorded import is_stale

from trace_jobs import check_round_trip, dedent, traced_documents

PROGRAMS = {
    # (b) ``lin2`` is a deep copy: its parameters are recorded values (line 6)
    "print_of_a_drawn_tensor_and_a_recorded_parameter": """
        import copy
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        lin = nn.Linear(2, 1)
        lin2 = copy.deepcopy(lin)
        x = torch.tensor([1.0, 2.0])
        y = x * 2
        print(y, lin2.weight)
        print("bias", lin2.bias, y.sum(), sep=" | ")
    """,
    # (c) the gradients' norm read after clipping, inside the folded loop
    "grad_norm_after_clipping_in_a_loop": """
        import torch
        X = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [-2.0, 1.0]])
        y = torch.tensor([1.0, -1.0, 0.5, 2.0])
        w = torch.tensor([0.5, -0.5], requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for step in range(3):
            opt.zero_grad()
            loss = ((X @ w - y) ** 2).mean()
            loss.backward()
            before = w.grad.norm()
            torch.nn.utils.clip_grad_norm_([w], max_norm=0.5)
            after = w.grad.norm()
            print(f"step {step}: before {before.item():.4f} after {after.item():.4f}")
            opt.step()
        print(w)
    """,
    # (c) a snapshot before a folded training loop, compared after it
    "parameter_snapshot_before_training": """
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        model = nn.Linear(3, 1)
        w0 = model.weight.detach().clone()
        X = torch.randn(8, 3)
        y = torch.randn(8, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for epoch in range(5):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
        print(torch.allclose(w0, model.weight), (model.weight - w0).abs().max())
        print(w0)
    """,
    # (c) a view of a parameter printed before a folded loop trains it
    "view_printed_before_a_training_loop": """
        import torch
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        print("before", w.t())
        for step in range(3):
            opt.zero_grad()
            loss = ((w - 1) ** 2).sum()
            loss.backward()
            opt.step()
        print(w.t())
    """,
    # (c) a detached view of a parameter before one optimizer step (shares its memory)
    "detached_parameter_before_a_step": """
        import torch
        torch.manual_seed(18)
        w = torch.randn(3, requires_grad=True)
        x = torch.tensor([1.0, 2.0, -1.0])
        opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
        w_copy = w.detach().clone()
        seen = w.detach()
        loss = (w @ x - 1.0) ** 2
        loss.backward()
        opt.step()
        print(w_copy, seen, w)
        print((w - w_copy).abs().sum())
    """,
    # (c) the same through updates by hand: a detached tensor (only inspected, printed
    # after the update, used by the folded loop) and .data change with the parameter
    "detached_parameter_before_updates_by_hand": """
        import torch
        torch.manual_seed(1)
        w = torch.randn(3, requires_grad=True)
        anchor = w.detach()
        print(anchor.requires_grad, w.detach().grad_fn)
        x = torch.randn(5, 3)
        for step in range(4):
            loss = ((x @ w) ** 2).mean() + ((w - anchor) ** 2).sum() + (anchor * 0.5).sum()
            loss.backward()
            with torch.no_grad():
                w -= 0.1 * w.grad
            w.grad.zero_()
            print(loss.item(), anchor)
        print(w, anchor)
    """,
    "data_of_a_parameter_before_updates_by_hand": """
        import torch
        torch.manual_seed(1)
        w = torch.randn(3, requires_grad=True)
        view = w.data
        x = torch.randn(5, 3)
        for step in range(3):
            loss = ((x @ w) ** 2).mean()
            loss.backward()
            with torch.no_grad():
                w -= 0.1 * w.grad
            w.grad.zero_()
            print(view.norm())
        print(view * 2)
    """,
}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, traced_documents(list(PROGRAMS.values()))))


def test_each_opens_drawn_and_its_export_prints_what_it_printed(traced):
    for name, doc in traced.items():
        assert doc.trace_note is None, (name, doc.trace_note)
    check_round_trip(list(traced.values()), list(PROGRAMS.values()))


def test_only_the_recorded_parameter_is_printed_as_recorded(traced):
    doc = traced["print_of_a_drawn_tensor_and_a_recorded_parameter"]
    says = [a for a in doc.timeline if a.kind == "say"]
    assert [[next(iter(p)) for p in a.params["parts"]] for a in says] == \
        [["tensor", "text"], ["text", "text", "tensor"]]
    assert says[0].params["parts"][1]["text"].startswith("Parameter containing:\n")
    y = next(n for n in doc.node_ids if doc.node(n).label == "y")
    assert says[0].params["tensors"] == [y]
    # the drawn part prints live: edit x and the first print's tensor follows
    x = next(n for n in doc.node_ids if doc.node(n).label == "x")
    doc.set_param(x, "value", [5.0, 6.0])
    text = export.transcript(doc, run(doc))
    assert text.startswith("tensor([10., 12.]) Parameter containing:\n"), text
    assert "| tensor(22.)" in text and is_stale(doc)


def test_the_gradients_after_clipping_are_their_own_nodes(traced):
    doc = traced["grad_norm_after_clipping_in_a_loop"]
    kinds = [a.kind for a in doc.timeline]
    clip = kinds.index("clip_grad_norm")
    assert kinds[clip - 1] == "compute" and kinds[clip + 1] == "compute", kinds
    before, after = (doc.timeline[clip - 1].params["nodes"],
                     doc.timeline[clip + 1].params["nodes"])
    assert len(before) == len(after) == 1 and before != after
    assert all(doc.node(n).kind == "grad_of" for n in before + after)


def test_the_snapshot_is_computed_once_before_the_loop(traced):
    doc = traced["parameter_snapshot_before_training"]
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    kinds = [a.kind for a in doc.timeline]
    assert kinds.index("compute") < kinds.index("loop"), kinds
    (w0,) = [n for n in doc.node_ids if doc.node(n).label == "w0"]
    result = run(doc)
    weight = next(n for n in doc.node_ids if doc.node(n).label == "weight")
    assert (result.state(w0).value == result.state(weight, step=0).value).all()
    assert not (result.state(w0).value == result.state(weight).value).all()
