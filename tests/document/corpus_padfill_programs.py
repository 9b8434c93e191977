"""Programs that start a parameter with rows the script writes itself (issue 32):
``nn.Embedding(n, d, padding_idx=k)`` (its padding row zeroed under no_grad by PyTorch),
and a parameter's rows or columns written under ``torch.no_grad()`` with ``w[0].fill_(0)``,
``w[:, 1] = 0.5``, ``layer.weight[0].zero_()``, ``layer.bias[1:] = 0``, before the first
use and after each training step. ``tests/document/test_trace_corpus_padfill.py`` opens
each and runs its export under torch."""
import textwrap

PROGRAMS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("embedding_lm_padded_batches_adam", """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    vocab, dim = 12, 8
    emb = nn.Embedding(vocab, dim, padding_idx=0)
    head = nn.Linear(dim, vocab)
    seqs = [[3, 5, 7, 2], [4, 9, 1], [6, 2], [8, 10, 11, 3]]
    batch = torch.zeros(len(seqs), 5, dtype=torch.long)
    for i, s in enumerate(seqs):
        batch[i, :len(s)] = torch.tensor(s)
    inputs, targets = batch[:, :-1], batch[:, 1:]
    loss_fn = nn.CrossEntropyLoss(ignore_index=0)
    opt = torch.optim.Adam(list(emb.parameters()) + list(head.parameters()), lr=0.01)
    for step in range(20):
        opt.zero_grad()
        logits = head(emb(inputs))
        loss = loss_fn(logits.reshape(-1, vocab), targets.reshape(-1))
        loss.backward()
        opt.step()
        if step % 5 == 0:
            print(step, round(loss.item(), 4))
    print(emb.weight[0])
    print(emb.weight.grad[0])
    print(loss)
""")


program("embedding_padding_idx_minus_one", """
    import torch
    import torch.nn as nn

    torch.manual_seed(1)
    emb = nn.Embedding(6, 4, padding_idx=-1)
    print(emb.padding_idx)
    print(emb.weight)
    ids = torch.tensor([[0, 5, 2], [5, 5, 1]])
    out = emb(ids)
    loss = (out * torch.arange(4.0)).sum()
    loss.backward()
    print(out)
    print(emb.weight.grad)
""")


program("word_and_position_embeddings", """
    import torch
    import torch.nn as nn

    torch.manual_seed(2)
    class Pair(nn.Module):
        def __init__(self):
            super().__init__()
            self.words = nn.Embedding(10, 6, padding_idx=0)
            self.pos = nn.Embedding(5, 6)
            self.out = nn.Linear(6, 2)
        def forward(self, ids):
            positions = torch.arange(ids.shape[1]).unsqueeze(0)
            h = self.words(ids) + self.pos(positions)
            return self.out(h.mean(dim=1))

    model = Pair()
    ids = torch.tensor([[1, 4, 7, 0, 0], [2, 2, 9, 3, 0], [5, 0, 0, 0, 0]])
    labels = torch.tensor([0, 1, 1])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(10):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(ids), labels)
        loss.backward()
        opt.step()
        print(epoch, f"{loss.item():.5f}")
    print(model.words.weight[0], model.words.weight.grad[0])
    print(model.pos.weight.grad.sum())
""")


program("leaf_row_filled_and_column_set", """
    import torch

    torch.manual_seed(3)
    w = torch.randn(4, 3, requires_grad=True)
    with torch.no_grad():
        w[0].fill_(0)
        w[:, 1] = 0.5
    print(w)
    x = torch.randn(5, 4)
    opt = torch.optim.SGD([w], lr=0.05)
    for i in range(5):
        opt.zero_grad()
        loss = (x @ w).pow(2).mean()
        loss.backward()
        opt.step()
        print(i, loss.item())
    print(w)
""")


program("linear_weight_row_and_bias_tail_zeroed", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    layer = nn.Linear(3, 4)
    with torch.no_grad():
        layer.weight[0].zero_()
        layer.bias[1:] = 0
    print(layer.weight)
    print(layer.bias)
    x = torch.randn(8, 3)
    y = torch.randn(8, 4)
    opt = torch.optim.Adam(layer.parameters(), lr=0.02)
    for i in range(15):
        opt.zero_grad()
        loss = nn.functional.mse_loss(layer(x), y)
        loss.backward()
        opt.step()
    print(loss.item())
    print(layer.weight.grad)
    print(layer.bias)
""")


program("sequential_bias_fill_and_weight_block", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    with torch.no_grad():
        model[0].bias.fill_(0.01)
        model[2].weight[:, :4] = 0.1
        model[2].bias.zero_()
    x = torch.randn(16, 4)
    y = x.sum(dim=1, keepdim=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(12):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        if epoch % 3 == 0:
            print(epoch, round(loss.item(), 5))
    print(model[2].weight)
""")


program("computed_parameter_entries_set_in_init", """
    import torch
    import torch.nn as nn

    torch.manual_seed(6)
    class Mix(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.randn(3, 3) * 0.1)
            with torch.no_grad():
                self.w[0, 0] = 1.0
                self.w[2].fill_(-0.5)
        def forward(self, x):
            return torch.tanh(x @ self.w)

    m = Mix()
    x = torch.randn(6, 3)
    out = m(x).sum()
    out.backward()
    print(m.w)
    print(m.w.grad)
""")


program("embedding_row_zeroed_by_hand", """
    import torch
    import torch.nn as nn

    torch.manual_seed(7)
    emb = nn.Embedding(7, 3)
    with torch.no_grad():
        emb.weight[0].zero_()
    ids = torch.tensor([0, 3, 3, 6])
    opt = torch.optim.SGD(emb.parameters(), lr=0.5)
    for i in range(3):
        opt.zero_grad()
        emb(ids).pow(2).sum().backward()
        opt.step()
    print(emb.weight)
""")


program("weight_column_zeroed_after_every_step", """
    import torch
    import torch.nn as nn

    torch.manual_seed(8)
    layer = nn.Linear(4, 3)
    x = torch.randn(10, 4)
    y = torch.randn(10, 3)
    opt = torch.optim.SGD(layer.parameters(), lr=0.1)
    for epoch in range(6):
        opt.zero_grad()
        loss = nn.functional.mse_loss(layer(x), y)
        loss.backward()
        opt.step()
        with torch.no_grad():
            layer.weight[:, 0].zero_()
            layer.bias[1:] = 0
        print(epoch, f"{loss.item():.6f}")
    print(layer.weight)
    print(layer.bias)
""")


program("row_view_kept_in_a_name_then_filled", """
    import torch

    torch.manual_seed(9)
    w = torch.randn(3, 4, requires_grad=True)
    with torch.no_grad():
        row = w[1]
        row.fill_(2.0)
        w[2, 1:].zero_()
    print(w)
    z = (w * torch.randn(3, 4)).sum()
    z.backward()
    print(w.grad)
    print(w[1].requires_grad)
""")


program("row_view_used_then_filled", """
    import torch

    torch.manual_seed(10)
    w = torch.randn(3, 2, requires_grad=True)
    with torch.no_grad():
        first = w[0]
        s = first.sum()
        first.fill_(0.25)
    print(s, w)
    loss = (w ** 2).sum()
    loss.backward()
    print(w.grad)
""")


program("embedding_made_after_a_training_step", """
    import torch
    import torch.nn as nn

    torch.manual_seed(11)
    w = torch.randn(3, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    (w ** 2).sum().backward()
    opt.step()
    emb = nn.Embedding(5, 2, padding_idx=2)
    out = emb(torch.tensor([2, 1, 2]))
    out.sum().backward()
    print(out, emb.weight.grad)
    print(w)
""")


program("row_filled_after_a_forward_before_its_backward", """
    import torch

    torch.manual_seed(12)
    w = torch.randn(2, 3, requires_grad=True)
    y = (w * 2).sum()
    with torch.no_grad():
        w[1].fill_(0.5)
    y.backward()
    print(w, w.grad)
    z = (w ** 2).sum()
    z.backward()
    print(w.grad)
""")


program("fill_through_a_view_of_a_view", """
    import torch

    torch.manual_seed(13)
    w = torch.randn(3, 4, requires_grad=True)
    with torch.no_grad():
        w[0][1].fill_(7.0)
        w[1, 2:].zero_()
        w.T[2].fill_(-1.0)
    loss = (w * torch.arange(12.0).reshape(3, 4)).sum()
    loss.backward()
    print(w, w.grad)
""")
