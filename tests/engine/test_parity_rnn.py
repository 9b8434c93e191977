"""``nn.RNN``, ``nn.GRU``, ``nn.LSTM`` (layers, batch_first, dropout between layers,
bidirectional) and ``RNNCell``/``GRUCell``/``LSTMCell`` (issue 31): parameters drawn as
PyTorch draws them from the seed, values, gradients, ``grad_fn`` names, reprs and errors
(transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("recurrent_layers_and_cells", """
    torch.manual_seed(0)
    mods = [nn.RNN(2, 3), nn.RNN(2, 3, num_layers=2, nonlinearity='relu', batch_first=True), nn.GRU(2, 3),
            nn.GRU(2, 3, bidirectional=True, bias=False), nn.LSTM(2, 3), nn.LSTM(2, 3, num_layers=2, bidirectional=True, batch_first=True),
            nn.RNN(2, 3, num_layers=2, dropout=0.5)]
    x = torch.randn(4, 2, 2, requires_grad=True)
    for m in mods:
        print(m, [(n, tuple(p.shape)) for n, p in m.named_parameters()][:5])
        out, h = m(x)
        hn = h[0] if isinstance(h, tuple) else h
        # (an LSTM's output node and a batch_first output's node are named otherwise in torch:
        # docs/engine.md, known differences)
        plain = not isinstance(m, nn.LSTM) and not m.batch_first
        print(out.detach(), hn.detach(), out.grad_fn.name() if plain else None, hn.grad_fn.name())
        x.grad = None
        (out.sum() + hn.sum()).backward()
        print(x.grad, m.weight_hh_l0.grad)
    o, h = nn.GRU(2, 3)(x[:, 0])
    print(o.shape, h.shape, o.grad_fn.name())
    cells = [nn.RNNCell(2, 3), nn.RNNCell(2, 3, nonlinearity='relu', bias=False), nn.GRUCell(2, 3), nn.LSTMCell(2, 3)]
    for c in cells:
        print(c, [n for n, _ in c.named_parameters()])
        h = None
        for t in range(3):
            h = c(x[t], h)
        hh = h[0] if isinstance(h, tuple) else h
        print(hh, hh.grad_fn.name(), [type(n[0]).__name__ for n in hh.grad_fn.next_functions])
        x.grad = None
        hh.sum().backward()
        print(x.grad)
    print(nn.LSTMCell(2, 3)(x[0, 0]))
    for call in (lambda: nn.RNN(2, 3)(torch.ones(5)), lambda: nn.RNN(2, 3)(torch.ones(3, 1, 4)),
                 lambda: nn.RNN(2, 3)(torch.ones(3, 1, 2), torch.ones(2, 1, 3)), lambda: nn.GRU(2, 3)(torch.ones(3, 1, 2, dtype=torch.float64)),
                 lambda: nn.RNN(2, 3, nonlinearity='gelu')):
        try:
            print(call())
        except (RuntimeError, ValueError) as e:
            print(type(e).__name__, e)
""")

prog("sequence_model_training", """
    import torch
    import torch.nn as nn
    torch.manual_seed(8)
    # predict the running sum of a sequence's signs
    X = torch.randn(16, 6, 1)
    Y = (X > 0).float().cumsum(1)
    class Model(nn.Module):
        def __init__(self, cell):
            super().__init__()
            self.rnn = cell(1, 8, batch_first=True)
            self.head = nn.Linear(8, 1)
        def forward(self, x):
            out, _ = self.rnn(x)
            return self.head(out)
    for cell in (nn.RNN, nn.GRU, nn.LSTM):
        torch.manual_seed(8)
        model = Model(cell)
        opt = torch.optim.Adam(model.parameters(), lr=0.05)
        for step in range(15):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), Y)
            loss.backward()
            opt.step()
        print(cell.__name__, round(loss.item(), 4))
        check(loss)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
