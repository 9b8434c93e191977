"""Scripts using ``torch.nn.functional``'s activations and losses trace into their own
node kinds, with their arguments as node params; the document the trace builds computes
what the script computed (the trace's own self-check) and exports the same calls back.
``nn.Module`` and ``nn.Parameter`` are refused in plain words (tested with the other
refusals in ``test_trace_faithful``)."""
import textwrap

from gradstudio.document.export import export_script
from gradstudio.document.trace import trace

SCRIPT = textwrap.dedent("""
    import torch
    import torch.nn.functional as F
    x = torch.tensor([[-1.5, 0.25, 2.0]], requires_grad=True)
    t = torch.tensor([[0.0, 1.0, 0.5]])
    h = F.gelu(F.leaky_relu(x, 0.2), approximate="tanh") + F.softplus(x, beta=2.0)
    h = F.elu(h) * F.silu(x) - F.logsigmoid(x) + F.hardtanh(x, -1.0, 0.5)
    loss = F.binary_cross_entropy_with_logits(h, t) + F.smooth_l1_loss(h, t, beta=0.5)
    loss = loss + F.huber_loss(x, t, reduction="sum", delta=2.0)
    loss = loss + F.binary_cross_entropy(torch.sigmoid(h), t, reduction="sum")
    loss = loss + F.mse_loss(h, t)
    loss.backward()
    print(x.grad)
""")


def test_activations_and_losses_trace_to_their_own_kinds():
    doc = trace(SCRIPT)
    kinds = {n.kind: n.params for n in doc.nodes()}
    assert kinds["leaky_relu"] == {"negative_slope": 0.2}
    assert kinds["gelu"] == {"approximate": "tanh"}
    assert kinds["softplus"] == {"beta": 2.0, "threshold": 20.0}
    assert kinds["hardtanh"] == {"min_val": -1.0, "max_val": 0.5}
    assert kinds["smooth_l1_loss"] == {"reduction": "mean", "beta": 0.5}
    assert kinds["huber_loss"] == {"reduction": "sum", "delta": 2.0}
    assert kinds["binary_cross_entropy"] == {"reduction": "sum"}
    assert kinds["mse_loss"] == {"reduction": "mean"}
    for name in ("elu", "silu", "logsigmoid", "binary_cross_entropy_with_logits"):
        assert name in kinds
    script = export_script(doc).text
    for call in ("torch.nn.functional.gelu(", "approximate='tanh'",
                 "reduction='sum', delta=2.0", "beta=0.5"):
        assert call in script, call
    again = trace(script)
    assert sorted(n.kind for n in again.nodes()) == sorted(n.kind for n in doc.nodes())


def test_the_old_size_average_and_reduce_arguments_trace_to_the_reduction_they_ran_with():
    doc = trace(textwrap.dedent("""
        import torch
        import torch.nn.functional as F
        x = torch.tensor([[-1.5, 0.25, 2.0], [0.5, 1.0, -0.5]], requires_grad=True)
        t = torch.tensor([[0.0, 1.0, 0.5], [1.0, 0.0, 0.5]])
        k = torch.tensor([2, 0])
        a = F.mse_loss(x, t, reduce=False)
        b = F.nll_loss(x, k, size_average=False)
        c = F.cross_entropy(x, k, size_average=False, reduce=False)
        d = F.smooth_l1_loss(x, t, size_average=False)
        (a.sum() + b + c.sum() + d).backward()
        print(a, b, c, d, x.grad)
    """))
    reductions = {n.kind: n.params["reduction"] for n in doc.nodes() if "reduction" in n.params}
    assert reductions == {"mse_loss": "none", "nll_loss": "sum", "cross_entropy": "none",
                          "smooth_l1_loss": "sum"}
