"""``load_state_dict`` is drawn as a timeline action (issue 32, item 2): each parameter
``copy_``s its saved value inside ``torch.no_grad()``, from a node of the graph (a clone
of the parameters) or from a literal holding what the script loaded (a
``copy.deepcopy`` of a ``state_dict``, what ``torch.load`` read, a ``state_dict`` whose
values training changed in place). Each program opens drawn whole and prints, as a
document and as its export, what it printed. Torch is the oracle."""
import pytest

from gradstudio.document.export import export_script

from trace_jobs import check_refused, check_round_trip, dedent, traced_documents

PROGRAMS = {
    "early_stopping_keeps_the_best_model": """
        import copy
        import torch
        from torch import nn
        torch.manual_seed(7)
        X = torch.randn(40, 1)
        y = 3 * X + 0.5 + 0.1 * torch.randn(40, 1)
        Xtr, ytr, Xva, yva = X[:30], y[:30], X[30:], y[30:]
        model = nn.Linear(1, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        best, best_state, bad = float("inf"), None, 0
        for epoch in range(50):
            opt.zero_grad()
            nn.functional.mse_loss(model(Xtr), ytr).backward()
            opt.step()
            with torch.no_grad():
                val = nn.functional.mse_loss(model(Xva), yva).item()
            if val < best - 1e-4:
                best, best_state, bad = val, copy.deepcopy(model.state_dict()), 0
            else:
                bad += 1
                if bad >= 3:
                    print("stop at", epoch)
                    break
        model.load_state_dict(best_state)
        print(f"{best:.6f}", model.weight, model.bias)
    """,
    "a_clone_taken_before_training_is_restored": """
        import torch
        torch.manual_seed(0)
        model = torch.nn.Linear(2, 1)
        start = {k: v.clone() for k, v in model.state_dict().items()}
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        x = torch.tensor([[1.0, 2.0]])
        for i in range(3):
            opt.zero_grad()
            loss = model(x).pow(2).sum()
            loss.backward()
            opt.step()
        print(model.weight)
        model.load_state_dict(start)
        print(model.weight, model.bias)
    """,
    "a_state_dict_is_an_alias_of_the_parameters": """
        import torch
        torch.manual_seed(0)
        model = torch.nn.Linear(2, 1)
        saved = model.state_dict()
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        x = torch.tensor([[1.0, 2.0]])
        for i in range(3):
            opt.zero_grad()
            model(x).pow(2).sum().backward()
            opt.step()
        model.load_state_dict(saved)
        print(model.weight, saved["bias"])
    """,
    "a_checkpoint_through_bytesio": """
        import io
        import torch
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(),
                                    torch.nn.Linear(3, 1))
        buf = io.BytesIO()
        torch.save(model.state_dict(), buf)
        opt = torch.optim.Adam(model.parameters(), lr=0.05)
        x = torch.randn(4, 2)
        for i in range(4):
            opt.zero_grad()
            model(x).pow(2).mean().backward()
            opt.step()
        print(model(x).detach())
        buf.seek(0)
        model.load_state_dict(torch.load(buf))
        out = model(x)
        out.sum().backward()
        print(out, model[0].weight.grad)
    """,
}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, traced_documents(list(PROGRAMS.values()))))


def test_each_is_drawn_whole_with_its_load(traced):
    for name, doc in traced.items():
        assert doc.trace_note is None, (name, doc.trace_note)
        loads = [a for a in doc.timeline if a.kind == "load_values"]
        assert len(loads) == 1, name
        assert len(loads[0].params["tensors"]) == len(loads[0].params["sources"]) >= 2


def test_the_documents_and_their_exports_print_what_the_programs_printed(traced):
    check_round_trip(list(traced.values()), list(PROGRAMS.values()))


def test_the_load_is_exported_as_copies_inside_no_grad(traced):
    script = export_script(traced["a_clone_taken_before_training_is_restored"]).text
    block = script[script.index("with torch.no_grad():"):].splitlines()[:3]
    assert block[1].startswith("    weight.copy_(") and block[2].startswith("    bias.copy_(")


def test_what_a_document_cannot_load_is_drawn_up_to_its_line():
    """A state_dict missing a key, loaded strictly (PyTorch raises, the script goes on),
    is recorded; with strict=False it is drawn (tests/document/test_trace_constructs)."""
    check_refused(dedent("""
        import torch
        model = torch.nn.Linear(2, 1)
        state = {k: v * 0 for k, v in model.state_dict().items()}
        try:
            model.load_state_dict({'weight': state['weight']})
        except RuntimeError as e:
            print(e)
        print(model.weight)
    """), "load_state_dict cannot be drawn unless the state_dict holds exactly the "
        "module's parameters and buffers, by name (or strict=False)", 4)


def test_what_was_loaded_is_a_literal_marked_with_the_line_it_was_loaded_at(traced):
    doc = traced["early_stopping_keeps_the_best_model"]
    recorded = {doc.node(n).recorded for n in doc.node_ids if doc.node(n).recorded}
    assert recorded == {24}                         # model.load_state_dict(best_state)
    script = export_script(doc).text
    marked = [line for line in script.splitlines() if line.endswith("# recorded (line 24)")]
    assert len(marked) == 2 and all("= torch.tensor(" in line for line in marked)
    assert not any(doc.node(n).recorded for n in traced[
        "a_clone_taken_before_training_is_restored"].node_ids)   # (clones are the graph's)
