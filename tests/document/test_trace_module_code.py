"""A module's own code is traced as it runs (issue 32, item 2): forward hooks and forward
pre-hooks (what they compute is drawn into the graph, what they print is said, also in
a folded training loop, and a removed hook runs no more), and buffers registered by a
module or a loss (a tensor of the script the module holds). Each program opens drawn
whole and prints, as a document and as its export, what it printed. Torch is the oracle."""
import pytest

from trace_jobs import check_exports, check_round_trip, traced_documents

PROGRAMS = {
    "a_hook_that_records_and_is_removed": """
        import torch
        from torch import nn
        torch.manual_seed(6)
        lin = nn.Linear(3, 2)
        seen = []
        h = lin.register_forward_hook(lambda m, inp, out: seen.append(out.shape))
        x = torch.randn(4, 3, requires_grad=True)
        y = lin(x)
        y.register_hook(lambda g: print("grad of y", g))
        y.sum().backward()
        print(seen)
        h.remove()
        lin(x)
        print(len(seen), x.grad)
    """,
    "a_hook_that_changes_the_output": """
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        layer = nn.Linear(2, 1)
        layer.register_forward_hook(lambda module, inputs, output: output * 2)
        out = layer(torch.ones(3, 2)).sum()
        out.backward()
        print(out, layer.weight.grad)
    """,
    "a_buffer_and_a_parameter": """
        import torch
        from torch import nn
        class Scaler(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("mean", torch.zeros(3))
                self.scale = nn.Parameter(torch.ones(3))
            def forward(self, x):
                return (x - self.mean) * self.scale
        torch.manual_seed(12)
        m = Scaler()
        m.mean += 1
        print(dict(m.named_buffers()), [n for n, _ in m.named_parameters()])
        out = m(torch.randn(2, 3)).sum()
        out.backward()
        print(m.scale.grad, m.mean)
    """,
}

TRAINED_WITH_HOOKS = """
    import torch
    from torch import nn
    torch.manual_seed(1)
    net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    def double(module, inputs, output):
        print("layer out", output.shape)
        return output * 2
    def pre(module, inputs):
        return (inputs[0] + 1,)
    net[0].register_forward_hook(double)
    net[2].register_forward_pre_hook(pre)
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    x = torch.randn(5, 2)
    for i in range(3):
        opt.zero_grad()
        loss = net(x).pow(2).mean()
        loss.backward()
        opt.step()
        print(i, f"{loss.item():.5f}")
    print(net[0].weight.grad)
"""


@pytest.fixture(scope="module")
def traced():
    sources = list(PROGRAMS.values()) + [TRAINED_WITH_HOOKS]
    return dict(zip(list(PROGRAMS) + ["trained"], traced_documents(sources)))


def test_each_is_drawn_whole(traced):
    for name, doc in traced.items():
        assert doc.trace_note is None, (name, doc.trace_note)


def test_the_documents_and_their_exports_print_what_the_programs_printed(traced):
    check_round_trip([traced[n] for n in PROGRAMS], list(PROGRAMS.values()))


def test_hooks_in_a_training_loop_are_drawn_into_its_body(traced):
    doc = traced["trained"]
    kinds = [a.kind for a in doc.timeline]
    assert "loop" in kinds                             # (folded: one iteration drawn)
    node_kinds = [doc.node(n).kind for n in doc.node_ids]
    assert "mul" in node_kinds and "add" in node_kinds  # (the hooks' output * 2, + 1)
    check_round_trip([doc], [TRAINED_WITH_HOOKS])


def test_a_hook_that_changes_the_output_is_a_node_of_the_graph(traced):
    doc = traced["a_hook_that_changes_the_output"]
    linear = next(n for n in doc.node_ids if doc.node(n).kind == "linear")
    assert any(doc.node(n).kind == "mul" and linear in doc.inputs_of(n).values()
               for n in doc.node_ids)
    check_exports([doc])
