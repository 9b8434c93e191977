"""Drawing on after a part the graph cannot draw (issue 32, item 1): the part is
recorded (what it printed is recorded text), the tensors it made or changed that the
rest of the program uses enter the graph as recorded literals holding the script's
values, each with the line that made it, and everything after it is drawn as editable
nodes and drawn prints. Each program opens, passes the self-check (the trace runs it),
its export prints under PyTorch exactly what the program printed, and at least so many
of its tensors are drawn as nodes after the part. Where the rest of the program needs
gradients to flow through the part, the graph is cut there as before and the note says
why: never a graph whose ``.grad`` values differ from the program's."""
import numpy as np
import pytest

from gradstudio.document import export
from gradstudio.document.recorded import is_stale
from gradstudio.document.run import run

from trace_jobs import check_round_trip, outcomes

# name -> (program, its recorded literals {line: how many}, nodes drawn after the part
# at least: computed from the recorded ones or later)
PROGRAMS = {
    "data_write_then_drawn": ("""
        import torch
        torch.manual_seed(0)
        x = torch.randn(3, requires_grad=True)
        y = x * 2
        print(y)
        w = torch.ones(3)
        w.data.mul_(3)
        z = (w * x).sum()
        print(z)
        z.backward()
        print(x.grad)
    """, {7: 1}, 2),
    "training_loop_recorded": ("""
        import torch
        torch.manual_seed(0)
        w = torch.randn(3, requires_grad=True)
        for i in range(3):
            loss = (w ** 2).sum()
            loss.backward()
            with torch.no_grad():
                w.data -= 0.1 * w.grad + 0.01 * w.data.sign()
            w.grad.zero_()
            print(i, round(loss.item(), 4))
        y = (w * 2).sum()
        print(y)
        y.backward()
        print(w.grad)
        z = torch.randn(2)
        print(z * 3)
    """, {8: 2}, 2),        # (w, and the .grad the loop left it: zeros)
    "random_drawn_in_the_part": ("""
        import torch
        torch.manual_seed(0)
        X = torch.randn(8, 2)
        w = torch.zeros(2, requires_grad=True)
        for epoch in range(2):
            perm = torch.randperm(8)
            for i in range(0, 8, 4):
                idx = perm[i:i + 4]
                loss = ((X[idx] @ w - 1) ** 2).mean()
                loss.backward()
                with torch.no_grad():
                    w.data.mul_(torch.tensor(0.5)).sub_(0.1 * w.grad)
                w.grad = None
            print("epoch", epoch, round(loss.item(), 4))
        noise = torch.randn(8)
        pred = X @ w + noise
        print(pred)
        loss = ((pred - 1) ** 2).mean()
        loss.backward()
        print(w.grad, loss)
    """, {12: 1, 15: 1}, 5),
    "recorded_non_leaf_printed": ("""
        import torch
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        h = x * 3; h.data.add_(1)
        print(h)
        g = h * 2
        print(g, g.sum())
        with torch.no_grad():
            print((g * 10).mean())
    """, {3: 1}, 4),
    "shared_memory_changed": ("""
        import torch
        torch.manual_seed(0)
        a = torch.randn(3, requires_grad=True)
        b = a.detach()
        b.data.mul_(2)
        c = (b * a).sum()
        c.backward()
        print(a.grad, c)
    """, {5: 2}, 2),
    # the self-check's difference at line 7 comes before the refusal at line 12: both
    # are recorded parts
    "two_parts": ("""
        import torch
        a = torch.tensor([1.0, 2.0], requires_grad=True)
        b = a.sigmoid()
        c = b * 2
        b.mul_(3)
        try:
            c.sum().backward()
            print("no error")
        except RuntimeError as e:
            print("error:", str(e)[:60])
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        w.data.mul_(torch.tensor(2.0))   # (by a tensor: a part; by a number it is drawn)
        (w * w).sum().backward()
        print(w, w.grad)
        try:
            w.add_(1)
        except RuntimeError as e:
            print(e)
    """, {12: 1}, 2),
    # a mini-batch loop too long to draw unrolled, which cannot be folded (a loader over
    # a Subset, whose batches are not drawn as a loop's), is a part; a
    # node drawn before it (the first batch) refused only at the end starts the part
    # earlier, and a second part in a later statement lasts to that statement's end
    "loader_loop_then_drawn": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(0)
        X = torch.randn(24, 2)
        y = X.sum(1, keepdim=True)
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        # (rows read with .tolist(), copied: a Subset of its own rows would fold)
        loader = DataLoader(Subset(TensorDataset(X, y), list(torch.arange(24).tolist())),
                            batch_size=2, shuffle=True,
                            generator=torch.Generator().manual_seed(1))
        for epoch in range(2):
            total = 0.0
            for xb, yb in loader:
                opt.zero_grad()
                loss = ((xb @ w - yb) ** 2).mean()
                loss.backward()
                opt.step()
                total += loss.item()
            print(epoch, round(total, 4))
        pred = X @ w
        print(pred[:3])
        err = (pred - y).abs().mean()
        with torch.no_grad():
            s = err.item()
            z = X[:2] * s
            m = (X * s).mean()
        print(z.shape, m)
    """, {14: 2, 27: 1}, 4),
    # the first batch, drawn before the part (the loop's first step), is picked with
    # indices random_split drew (of data requiring grad, a split the graph does not
    # draw): refused only at the end, it starts the part earlier
    "split_loader_first_batch": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader, random_split
        torch.manual_seed(0)
        X = torch.randn(30, 2).requires_grad_()
        y = X.sum(1, keepdim=True)
        train, test = random_split(TensorDataset(X, y), [24, 6],
                                   generator=torch.Generator().manual_seed(0))
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        loader = DataLoader(train, batch_size=2, shuffle=True,
                            generator=torch.Generator().manual_seed(1))
        for epoch in range(2):
            for xb, yb in loader:
                opt.zero_grad()
                loss = ((xb @ w - yb) ** 2).mean()
                loss.backward()
                opt.step()
            print(epoch, round(loss.item(), 4))
        print(w)
        out = w * 2
        print(out.sum())
    """, {13: 2}, 2),
    # early stopping: a loop too long to unroll (its iterations differ), the best
    # state_dict kept and loaded back, then an accuracy under no_grad; the trained
    # parameters' .grad steps come before the literals of the best state (which used
    # to be checked against the steps of the others and cut the graph)
    "early_stopping_best_state": ("""
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        class TinyNet(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc1 = nn.Linear(2, 8)
                self.fc2 = nn.Linear(8, 1)
            def forward(self, x):
                return self.fc2(torch.tanh(self.fc1(x)))
        X = torch.randn(32, 2)
        y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)
        model = TinyNet()
        print(model)
        loss_fn = nn.BCEWithLogitsLoss()
        opt = torch.optim.Adam(model.parameters(), lr=0.05)
        best_loss, best_state, bad = float("inf"), None, 0
        for epoch in range(25):
            opt.zero_grad()
            loss = loss_fn(model(X), y)
            loss.backward()
            opt.step()
            if loss.item() < best_loss - 1e-3:
                best_loss, bad = loss.item(), 0
                best_state = {k: v.clone() for k, v in model.state_dict().items()}
            else:
                bad += 1
            if epoch % 10 == 0:
                print(f"epoch {epoch:2d} loss {loss.item():.4f}")
            if bad >= 3:
                break
        model.load_state_dict(best_state)
        model.eval()
        with torch.no_grad():
            acc = ((model(X) > 0).float() == y).float().mean()
        print(f"best loss {best_loss:.4f}, accuracy {acc.item():.3f}")
        print(acc)
        print(model.fc2.bias)
    """, {25: 4}, 4),
}
# (the best state's values are recorded where they are loaded and the rest is drawn: no part
# is cut, so the trace has no note; the load step writes them into the weights)
LOADED_ONLY = {"early_stopping_best_state"}

# gradients flow through the part: cut there, as before, saying why
THROUGH_THE_PART = """
    import torch
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 3; h.data.add_(1)
    print(h)
    loss = (h * h).sum()
    loss.backward()
    print(x.grad)
"""


@pytest.fixture(scope="module")
def traced():
    names = list(PROGRAMS)
    docs = outcomes([PROGRAMS[n][0] for n in names] + [THROUGH_THE_PART])
    return dict(zip(names + ["through"], docs))


def _recorded(doc):
    lines = {}
    for n in doc.node_ids:
        line = doc.node(n).recorded
        if line is not None:
            lines[line] = lines.get(line, 0) + 1
    return lines


def _drawn_after(doc):
    """The nodes computed from a recorded literal (directly or not)."""
    found = set()
    todo = [n for n in doc.node_ids if doc.node(n).recorded is not None]
    while todo:
        for _, v, _ in doc.graph.out_edges(todo.pop(), keys=True):
            if v not in found:
                found.add(v)
                todo.append(v)
    return found


@pytest.mark.parametrize("name", sorted(LOADED_ONLY))
def test_values_loaded_from_an_if_are_recorded_and_everything_drawn(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    assert _recorded(doc) == PROGRAMS[name][1] and doc.trace_note is None
    assert any(a.kind == "load_values" for a in doc.timeline)


@pytest.mark.parametrize("name", [n for n in PROGRAMS if n not in LOADED_ONLY])
def test_the_part_is_recorded_and_the_rest_drawn(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    _, lines, at_least = PROGRAMS[name]
    assert _recorded(doc) == lines
    assert len(_drawn_after(doc)) >= at_least
    assert doc.trace_note.startswith("Not drawn: ") and \
        doc.trace_note.endswith(("everything after it is drawn.",
                                 "everything after them is drawn.")), doc.trace_note
    assert "recorded value" in doc.trace_note
    # the prints after the part that print a drawn tensor are drawn prints
    drawn = [a.params["tensors"][p["tensor"]] for a in doc.timeline if a.kind == "say"
             for p in a.params["parts"] if "tensor" in p]
    recorded = {n for n in doc.node_ids if doc.node(n).recorded is not None}
    assert set(drawn) & (_drawn_after(doc) | recorded), drawn


def test_every_export_prints_under_torch_what_the_program_printed(traced):
    names = list(PROGRAMS)
    check_round_trip([traced[n] for n in names], [PROGRAMS[n][0] for n in names])


def test_a_loop_that_cannot_be_drawn_is_one_part_and_names_its_lines(traced):
    note = traced["training_loop_recorded"].trace_note
    assert note.startswith("Not drawn: lines 4–10 from line 8 on (an in-place update of "
                           "a leaf that requires grad"), note


def test_an_in_place_error_is_drawn_and_a_data_write_after_it_is_a_part(traced):
    """``b.mul_(3)`` on a tensor the backward needs is drawn in place (before, the
    self-check found its backward succeeding where the script's raised, and recorded it:
    that check's cut is tested in test_trace_transcript); the ``.data`` write after it
    is the one part."""
    note = traced["two_parts"].trace_note
    assert note.startswith("Not drawn: line 12 (writing through .data"), note
    assert note.endswith("What it printed is recorded as text, 1 tensor the graph uses "
                         "from it is a recorded value (marked with the line that made it), "
                         "and everything after it is drawn."), note


def test_a_recorded_non_leaf_is_a_leaf_of_the_graph_with_the_scripts_values(traced):
    doc = traced["recorded_non_leaf_printed"]
    (node,) = [n for n in doc.node_ids if doc.node(n).recorded == 3]
    data = doc.node(node)
    assert data.kind == "tensor" and data.params["requires_grad"] is True
    assert data.params["value"] == [4.0, 7.0]
    # printed by the program with its grad_fn: that print is the program's text
    first = next(a for a in doc.timeline if a.kind == "say")
    assert first.params["parts"] == [{"text": "tensor([4., 7.], grad_fn=<MulBackward0>)"}]


def test_random_numbers_after_a_part_that_drew_some_are_recorded(traced):
    doc = traced["random_drawn_in_the_part"]
    noise = [n for n in doc.node_ids if doc.node(n).recorded == 15]
    assert [doc.node(n).kind for n in noise] == ["tensor"]
    assert [doc.node(n).kind for n in doc.node_ids].count("randn") == 1   # (X, before)


def test_gradients_through_the_part_keep_the_cut_and_say_why(traced):
    doc = traced["through"]
    assert not isinstance(doc, Exception), doc
    note = doc.trace_note
    assert note.startswith("Drawn up to line 3; from there on, what the program printed is "
                           "recorded, as text, because writing through .data"), note
    assert note.endswith("It could not be drawn on after that with the values it computed "
                         "recorded, because the graph would differ from the script from "
                         "line 6 (loss.backward()): x.grad would be None where the script "
                         "had a gradient after the backward step."), note
    assert _recorded(doc) == {}
    # no .grad differs: nothing after the cut is drawn, what was printed is the text
    result = run(doc)
    x = next(n for n in doc.node_ids if doc.display_name(n) == "x")
    assert result.state(x).grad is None
    out = export.transcript(doc, result)
    assert out.endswith("tensor([24., 42.])\n"), out
    check_round_trip([doc], [THROUGH_THE_PART])


def test_a_recorded_value_is_stale_once_what_came_before_it_is_edited(traced):
    doc = traced["data_write_then_drawn"]
    assert doc.recorded_against is not None and not is_stale(doc)
    x = next(n for n in doc.node_ids if doc.display_name(n) == "x")
    doc.set_param(x, "requires_grad", False)
    assert is_stale(doc)
    assert "# recorded (line 7), before the graph was edited" in \
        export.export_script(doc).text


def test_a_loop_too_long_to_unroll_is_a_part_and_each_part_says_its_own_reasons(traced):
    doc = traced["loader_loop_then_drawn"]
    assert doc.trace_note.startswith("Not drawn: lines 12–20 from line 14 on ("), doc.trace_note
    assert "this training loop's iterations are not the same steps each time" in \
        doc.trace_note
    # (one part for the statement lines 22-25, though two of its lines were refused)
    assert "); lines 24–27 from line 26 on (a number read from a tensor (such as " \
           "loss.item() or x.tolist()) is used to compute a new tensor" in doc.trace_note
    assert doc.trace_note.count("lines 24–27") == 1, doc.trace_note


def test_a_node_drawn_before_a_part_and_refused_at_the_end_starts_the_part(traced):
    note = traced["split_loader_first_batch"].trace_note
    assert note.startswith("Not drawn: lines 12–18 from line 13 on ("), note
    assert note.count("lines 12–18") == 1, note
    # (the reason names what the script wrote: no .item() it never called)
    assert "the DataLoader at line 13 makes its batches from the rows random_split " \
           "chose at line 6" in note and ".item()" not in note, note


def test_a_parameter_a_recorded_part_trained_keeps_its_grad(traced):
    """w, trained by the recorded loop, is a recorded literal after it; the .grad the
    loop left it is a recorded literal too, given to it by ``w_2.grad = ...``, so its
    .grad is the script's at the end (the check compares it)."""
    doc = traced["loader_loop_then_drawn"]
    (step,) = [a for a in doc.timeline if a.kind == "set_grad"]
    w, grad = step.params["tensor"], step.params["grad"]
    assert doc.node(w).recorded == 14 and doc.node(grad).recorded == 14
    assert doc.node(w).params["requires_grad"] is True
    result = run(doc)
    assert np.array_equal(result.state(w).grad,
                          np.array(doc.node(grad).params["value"], np.float32))
    assert "w_2.grad = tensor_n" in export.export_script(doc).text
