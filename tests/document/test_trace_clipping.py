"""Gradient clipping is drawn as timeline actions (issue 32, item 2):
``clip_grad_norm_`` and ``clip_grad_value_`` of a model's parameters (a generator, a
list or one tensor) between the backward pass and the step open drawn whole, and the
document and its export print what the program printed. Torch is the oracle."""
import pytest

from gradstudio.document.export import export_script

from trace_jobs import check_refused, check_round_trip, dedent, traced_documents

PROGRAMS = {
    "norm_and_value_of_a_model": """
        import torch
        torch.manual_seed(0)
        X = torch.randn(16, 3)
        y = X @ torch.tensor([[1.0], [-2.0], [0.5]])
        model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(),
                                    torch.nn.Linear(4, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.2)
        for step in range(5):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(X), y)
            loss.backward()
            norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5)
            torch.nn.utils.clip_grad_value_(model.parameters(), 0.1)
            opt.step()
            print(step, f"{loss.item():.5f}", f"{norm.item():.4f}")
        print(model[0].weight.grad)
    """,
    "other_norms_and_one_tensor": """
        import torch
        w = torch.tensor([3.0, -4.0, 12.0], requires_grad=True)
        b = torch.tensor([0.5], requires_grad=True)
        (w * w).sum().backward()
        (b * 10).sum().backward()
        total = torch.nn.utils.clip_grad_norm_([w, b], 2.0, norm_type=float("inf"))
        print(total, w.grad, b.grad)
        w.grad = None
        (w ** 3).sum().backward()
        torch.nn.utils.clip_grad_norm_(w, max_norm=5.0, norm_type=1)
        print(w.grad)
        torch.nn.utils.clip_grad_norm_([w], 1.0, error_if_nonfinite=True)
        print(w.grad)
    """,
}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, traced_documents(list(PROGRAMS.values()))))


def test_each_is_drawn_whole_with_its_clipping_steps(traced):
    for name, doc in traced.items():
        assert doc.trace_note is None, (name, doc.trace_note)
    kinds = [a.kind for a in traced["norm_and_value_of_a_model"].timeline]
    assert kinds.index("backward") < kinds.index("clip_grad_norm") < \
        kinds.index("clip_grad_value") < kinds.index("step")
    clips = [a.params for a in traced["other_norms_and_one_tensor"].timeline
             if a.kind == "clip_grad_norm"]
    assert [(len(p["params"]), p["norm_type"], p["error_if_nonfinite"]) for p in clips] == \
        [(2, "inf", False), (1, "1", False), (1, "2", True)]


def test_the_documents_and_their_exports_print_what_the_programs_printed(traced):
    check_round_trip(list(traced.values()), list(PROGRAMS.values()))


def test_clipping_is_exported_as_one_call_over_the_parameters(traced):
    script = export_script(traced["norm_and_value_of_a_model"]).text
    assert "    torch.nn.utils.clip_grad_norm_([weight, bias, weight_2, bias_2], " \
        "max_norm=0.5)\n" in script
    assert "clip_grad_value_([weight, bias, weight_2, bias_2], clip_value=0.1)" in script
    script = export_script(traced["other_norms_and_one_tensor"]).text
    assert "norm_type=float('inf')" in script and "norm_type=1.0" in script
    assert "error_if_nonfinite=True" in script


@pytest.mark.parametrize("call, words", [
    ("torch.nn.utils.clip_grad_norm_([w], 1.0, norm_type=3.0)",
     "clip_grad_norm_ with norm_type=3.0 cannot be drawn yet"),
    ("torch.nn.utils.clip_grad_norm_([w], 1.0, foreach=True)",
     "clip_grad_norm_(..., foreach=...) cannot be drawn yet"),
    ("torch.nn.utils.clip_grad_value_([w], w.grad.abs().max().item() / 2)",
     "clip_grad_value_'s clip_value cannot be drawn unless it is a plain, finite number"),
    ("torch.nn.utils.clip_grad_norm_((p for p in []), 1.0)",
     "gradient clipping cannot be drawn unless it is given a tensor or a list"),
])
def test_what_a_document_cannot_clip_is_drawn_up_to_its_line(call, words):
    check_refused(dedent(f"""
        import torch
        w = torch.tensor([3.0, -4.0], requires_grad=True)
        (w * w).sum().backward()
        {call}
        print(w.grad)
    """), words, 4)
