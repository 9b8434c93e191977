"""A script using ``nn.MultiheadAttention`` opens: the module's construction is drawn (its
in-projection weight, an empty tensor filled by ``xavier_uniform_`` after the
out-projection ``nn.Linear`` drew its own numbers, is a new ``uniform`` node made where the
fill drew, so the document draws in the script's order), the attention after it is drawn
from the ops it ran (``bmm``, ``softmax``, ``baddbmm`` for a mask ...), only the fused
kernel of ``need_weights=False`` is recorded, and the export prints under the engine and
under PyTorch what the script printed."""
from trace_jobs import check_round_trip, outcomes

MASKED = """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    attn = nn.MultiheadAttention(4, 2)
    x = torch.randn(3, 2, 4, requires_grad=True)
    mask = torch.ones(3, 3, dtype=torch.bool).triu(1)
    out, w = attn(x, x, x, attn_mask=mask, key_padding_mask=torch.tensor([[False, False, True], [False] * 3]))
    print(out, w)
    out2, _ = attn(x, x, x, need_weights=False)
    print(out2.grad_fn.name(), out2)
    (out.sum() + w.sum()).backward()
    print(x.grad)
"""

TRAINED = """
    import torch
    import torch.nn as nn
    torch.manual_seed(5)
    X = torch.randn(8, 4, 3)
    y = X[:, :, 0].argmax(1)
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Linear(3, 4)
            self.attn = nn.MultiheadAttention(4, 2, batch_first=True)
            self.head = nn.Linear(4, 4)
        def forward(self, x):
            h = self.embed(x)
            a, w = self.attn(h, h, h)
            return self.head((h + a).mean(1))
    model = Model()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(3):
        loss = nn.functional.cross_entropy(model(X), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss)
"""


def test_a_program_using_multihead_attention_opens_and_exports_what_it_printed():
    masked, trained = outcomes([MASKED, TRAINED])
    for doc in (masked, trained):
        assert not isinstance(doc, Exception), doc
    assert trained.trace_note is None, trained.trace_note
    assert masked.trace_note.startswith("Not drawn: line 9 (the operation "
                                        "'_scaled_dot_product_flash_attention_for_cpu'"), \
        masked.trace_note
    kinds = {trained.node(n).kind for n in trained.node_ids}
    assert {"bmm", "softmax", "linear", "cross_entropy", "uniform"} <= kinds, kinds
    assert "baddbmm" in {masked.node(n).kind for n in masked.node_ids}
    check_round_trip([masked, trained], [MASKED, TRAINED])
