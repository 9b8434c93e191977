"""The second half of the fifth corpus (``corpus5_programs.py``, split for size): LayerNorm
and Embedding, GRU, LSTMCell, Conv1d, seeded ``nn.init``, a confusion matrix, a target
network with early stopping, double backward with ``retain_graph``, in-place errors caught,
and the six notebooks."""
from corpus5_programs import notebook, program


program("embedding_layernorm_bag_classifier", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(41)
    vocab, dim = 10, 4

    class BagClassifier(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, dim, padding_idx=0)
            self.norm = nn.LayerNorm(dim)
            self.fc = nn.Linear(dim, 2)

        def forward(self, tokens):
            e = self.emb(tokens)                  # (batch, length, dim)
            mask = (tokens != 0).unsqueeze(-1).float()
            pooled = (e * mask).sum(1) / mask.sum(1)
            return self.fc(self.norm(pooled))

    model = BagClassifier()
    print(model)
    print("padding row:", model.emb.weight[0])
    tokens = torch.tensor([[1, 2, 3, 0], [4, 5, 0, 0], [6, 7, 8, 9], [2, 2, 0, 0]])
    labels = torch.tensor([0, 1, 1, 0])
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for step in range(8):
        opt.zero_grad()
        logits = model(tokens)
        loss = F.cross_entropy(logits, labels)
        loss.backward()
        opt.step()
        print(f"{step}: {loss.item():.4f}")
    print("padding grad stays zero:", model.emb.weight.grad[0])
    print(model.norm.weight)
    print(F.softmax(logits, dim=1).detach().round(decimals=3))
""")

program("gru_sequence_sum_regression", """
    import torch
    import torch.nn as nn

    torch.manual_seed(43)

    class SeqSum(nn.Module):
        def __init__(self, hidden=5):
            super().__init__()
            self.rnn = nn.GRU(input_size=1, hidden_size=hidden, batch_first=True)
            self.head = nn.Linear(hidden, 1)

        def forward(self, seq):
            out, h_n = self.rnn(seq)
            return self.head(h_n[-1]).squeeze(1)

    model = SeqSum()
    print(model)
    for name, p in model.rnn.named_parameters():
        print(f"  {name:14s} {list(p.shape)}")

    X = torch.rand(16, 4, 1)
    y = X.sum(dim=(1, 2))
    print("X", X.shape, "y", y.shape)
    opt = torch.optim.RMSprop(model.parameters(), lr=0.02)
    for epoch in range(10):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        if epoch % 2 == 1:
            print(f"epoch {epoch + 1:2d}: mse {loss.item():.5f}")

    with torch.no_grad():
        test = torch.tensor([[[0.1], [0.2], [0.3], [0.4]]])
        print(f"prediction for sum=1.0: {model(test).item():.4f}")
        out, h = model.rnn(test)
    print(out.shape, h.shape, torch.equal(out[:, -1], h[0]))
""")

program("lstm_cell_unrolled_by_hand", """
    import torch
    import torch.nn as nn

    torch.manual_seed(47)
    cell = nn.LSTMCell(input_size=2, hidden_size=3)
    readout = nn.Linear(3, 1)
    print(cell)
    print(cell.weight_ih.shape, cell.weight_hh.shape, cell.bias_ih.shape)

    seq = torch.randn(5, 4, 2)           # (time, batch, features)
    target = seq[:, :, 0].cumsum(0)[-1]  # running sum of the first feature
    params = list(cell.parameters()) + list(readout.parameters())
    opt = torch.optim.Adam(params, lr=0.05)

    for epoch in range(6):
        h = torch.zeros(4, 3)
        c = torch.zeros(4, 3)
        for t in range(seq.shape[0]):
            h, c = cell(seq[t], (h, c))
        pred = readout(h).squeeze(1)
        loss = ((pred - target) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f}  |h|={h.norm().item():.3f}")

    print("final cell state:", c.detach())
    print("grad of bias_hh:", cell.bias_hh.grad)
""")

program("conv1d_learns_smoothing_kernel", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(53)
    signal = torch.randn(8, 1, 20)
    smooth = torch.tensor([[[0.25, 0.5, 0.25]]])
    target = F.conv1d(signal, smooth, padding=1)
    print("target", target.shape)

    conv = nn.Conv1d(1, 1, kernel_size=3, padding=1, bias=False)
    print(conv)
    print("initial kernel:", conv.weight.data.flatten())
    opt = torch.optim.SGD(conv.parameters(), lr=0.5, momentum=0.5)
    for it in range(25):
        opt.zero_grad()
        loss = F.mse_loss(conv(signal), target)
        loss.backward()
        opt.step()
        if it % 6 == 0:
            print(f"iter {it:2d} loss {loss.item():.2e}")

    learned = conv.weight.detach().squeeze()
    print("learned kernel:", learned)
    print("error:", (learned - smooth.squeeze()).abs().max().item() < 0.05)
    wide = nn.Conv1d(2, 3, kernel_size=5, stride=2)
    out = wide(torch.randn(1, 2, 11))
    print(out.shape, out.grad_fn.name())
""")

program("seeded_init_generator_reproducible", """
    import torch
    import torch.nn as nn

    def build(seed):
        g = torch.Generator().manual_seed(seed)
        layer = nn.Linear(3, 4)
        nn.init.kaiming_uniform_(layer.weight, a=0.1, generator=g)
        nn.init.uniform_(layer.bias, -0.1, 0.1, generator=g)
        return layer

    a, b, c = build(1), build(1), build(2)
    print("same seed, same weights:", torch.equal(a.weight, b.weight))
    print("other seed differs:", not torch.equal(a.weight, c.weight))
    print(a.weight)
    print(a.bias)

    torch.manual_seed(0)
    deep = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))

    def init_weights(m):
        if isinstance(m, nn.Linear):
            nn.init.xavier_normal_(m.weight)
            nn.init.zeros_(m.bias)
    deep.apply(init_weights)
    print("bias after apply:", deep[0].bias)
    print(f"std of first layer: {deep[0].weight.std().item():.4f}")
    with torch.no_grad():
        nn.init.constant_(deep[2].weight, 0.3)
        nn.init.eye_(deep[0].weight)
    print(deep[0].weight.diag(), deep[2].weight.sum().item())
    x = torch.ones(1, 4)
    print(deep(x))
""")

program("confusion_matrix_precision_recall", """
    import torch
    import torch.nn as nn

    torch.manual_seed(59)
    n_classes = 3
    X = torch.randn(45, 4)
    y = (X[:, 0] > 0.5).long() + (X[:, 1] > 0.5).long()
    model = nn.Sequential(nn.Linear(4, 10), nn.ReLU(), nn.Linear(10, n_classes))
    opt = torch.optim.Adam(model.parameters(), lr=0.02, weight_decay=1e-4)
    for epoch in range(30):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
    print(f"final training loss {loss.item():.4f}")

    model.eval()
    with torch.no_grad():
        pred = model(X).argmax(1)
    cm = torch.zeros(n_classes, n_classes, dtype=torch.long)
    for t, p in zip(y, pred):
        cm[t, p] += 1
    print(cm)
    print("counts per class:", torch.bincount(y, minlength=n_classes).tolist())
    for k in range(n_classes):
        tp = cm[k, k].item()
        precision = tp / max(cm[:, k].sum().item(), 1)
        recall = tp / max(cm[k, :].sum().item(), 1)
        print(f"class {k}: precision {precision:.3f} recall {recall:.3f}")
    print(f"accuracy {cm.diag().sum().item() / cm.sum().item():.2%}")
""")

program("target_network_early_stopping", """
    import copy
    import torch
    import torch.nn as nn

    torch.manual_seed(61)
    online = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
    target = copy.deepcopy(online)
    for p in target.parameters():
        p.requires_grad_(False)
    opt = torch.optim.Adam(online.parameters(), lr=0.01)

    states = torch.randn(32, 2)
    rewards = states[:, :1].sin()
    next_states = states + 0.1
    gamma, tau = 0.9, 0.2
    best, patience, bad = float("inf"), 3, 0
    for step in range(40):
        with torch.no_grad():
            goal = rewards + gamma * target(next_states)
        pred = online(states)
        loss = nn.functional.smooth_l1_loss(pred, goal.detach())
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():     # soft update of the target network
            for tp, op in zip(target.parameters(), online.parameters()):
                tp.mul_(1 - tau).add_(tau * op)
        if loss.item() < best - 1e-4:
            best, bad = loss.item(), 0
        else:
            bad += 1
        if step % 5 == 0 or bad >= patience:
            print(f"step {step:2d} loss {loss.item():.5f} best {best:.5f} bad {bad}")
        if bad >= patience:
            print("early stop at step", step)
            break
    print(target[0].weight.requires_grad, online[0].weight.requires_grad)
    print(target[2].bias, online[2].bias)
""")

program("double_backward_retain_graph_twice", """
    import torch

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (x ** 3).sum()

    (g,) = torch.autograd.grad(y, x, create_graph=True)
    print("dy/dx =", g)
    print(g.requires_grad, g.grad_fn)
    (h,) = torch.autograd.grad(g.sum(), x, retain_graph=True)
    print("d2y/dx2 =", h)

    z = torch.sin(x).sum()
    z.backward(retain_graph=True)
    print("first backward:", x.grad)
    z.backward()
    print("second backward (accumulated):", x.grad)
    try:
        z.backward()
    except RuntimeError as e:
        print("third backward fails:", str(e).split(".")[0])

    x.grad = None
    w = torch.tensor(0.5, requires_grad=True)
    f = w * x.pow(2).sum()
    (gx,) = torch.autograd.grad(f, x, create_graph=True)
    penalty = gx.norm() ** 2
    penalty.backward()
    print(f"penalty {penalty.item():.3f}, dpenalty/dw {w.grad.item():.3f}")
    print("x.grad:", x.grad)
""")

program("inplace_pitfalls_caught", """
    import torch

    a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    try:
        a += 1
    except RuntimeError as err:
        print("1:", err)

    s = torch.sigmoid(a)
    s.mul_(2)                     # sigmoid saved its output
    try:
        s.sum().backward()
    except RuntimeError as err:
        print("2:", str(err)[:70])

    e = a.exp()
    v = e[1:]
    v.zero_()                     # a view of exp's saved output
    try:
        e.sum().backward()
    except RuntimeError as err:
        print("3:", type(err).__name__, "version" in str(err))

    with torch.no_grad():
        a.add_(1)                 # fine: no graph
    print("a after no_grad update:", a)
    b = a.detach()
    b[0] = 100.0
    print("detach shares memory:", a)
    c = a.clone()
    c[0] = -1.0
    c.sum().backward()
    print("clone is safe, grad:", a.grad)
    print(a.is_leaf, c.is_leaf, c.grad_fn)
    t = torch.ones(2, 2)
    t.requires_grad_()
    print(t.requires_grad, t._version)
""")


notebook("nb_onecycle_mlp_reassigned", """
    #md
    # One-cycle training of a small MLP
    We watch the **learning rate** rise and fall while the loss drops.
""", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(71)
""", """
    class MLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(2, 8)
            self.b = nn.Linear(8, 1)

        def forward(self, x):
            return self.b(F.silu(self.a(x)))

    model = MLP()
    model
""", """
    X = torch.randn(30, 2)
    y = (X[:, :1] - X[:, 1:]).tanh()
    X.dtype, y.shape
""", """
    #md
    Train with `OneCycleLR`; `loss` is reassigned each step.
""", """
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.05, total_steps=10)
    lrs = []
    for step in range(10):
        opt.zero_grad()
        loss = F.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        sched.step()
        lrs.append(round(sched.get_last_lr()[0], 5))
    lrs
""", """
    loss = F.mse_loss(model(X), y).item()
    f"loss after the cycle: {loss:.5f}"
""", """
    model.b.bias
""")

notebook("nb_custom_function_gradcheck", """
    #md
    ## A custom autograd Function: clamp with a straight-through gradient
""", """
    import torch
    from torch.autograd import gradcheck
""", """
    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 3

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return grad * 3 * x ** 2

    x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
    y = Cube.apply(x)
    y
""", """
    y.sum().backward()
    x.grad
""", """
    #md
    Check the backward numerically, in double precision:
""", """
    xd = torch.randn(4, dtype=torch.float64, requires_grad=True)
    gradcheck(Cube.apply, (xd,))
""", """
    x = torch.linspace(-1, 1, 5, requires_grad=True)
    y = Cube.apply(x).mean()
    y.backward()
    x.grad, y
""")

notebook("nb_func_vmap_jacrev", """
    #md
    # `torch.func` in three cells
""", """
    import torch
    from torch.func import vmap, jacrev, grad
    torch.manual_seed(73)
""", """
    def f(v):
        return (v ** 2).sum().sqrt()

    v = torch.randn(3)
    grad(f)(v), v / v.norm()
""", """
    batch = torch.randn(4, 3)
    vmap(grad(f))(batch)
""", """
    #md
    The Jacobian of a map from R^3 to R^2:
""", """
    def g(v):
        return torch.stack([v[0] * v[1], v[2].exp()])

    J = jacrev(g)(v)
    J.shape
""", """
    J = vmap(jacrev(g))(batch)
    J[0]
""")

notebook("nb_checkpoint_bytesio_resume", """
    #md
    # Save, load, resume
""", """
    import io
    import torch
    import torch.nn as nn
    torch.manual_seed(79)
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    X, y = torch.randn(12, 3), torch.randn(12, 1)
""", """
    for _ in range(5):
        opt.zero_grad()
        loss = nn.functional.mse_loss(net(X), y)
        loss.backward()
        opt.step()
    loss
""", """
    buffer = io.BytesIO()
    torch.save({"model": net.state_dict(), "opt": opt.state_dict()}, buffer)
    buffer.seek(0)
    ckpt = torch.load(buffer)
    sorted(ckpt["model"].keys())
""", """
    #md
    A fresh network takes the saved weights:
""", """
    net2 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    net2.load_state_dict(ckpt["model"])
""", """
    torch.equal(net2(X), net(X)), ckpt["opt"]["param_groups"][0]["momentum"]
""", """
    net2[0].bias
""")

notebook("nb_hooks_collect_grads", """
    #md
    ## Collecting gradients with hooks
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(83)
    layer = nn.Linear(3, 2)
    grads = []
""", """
    x = torch.randn(4, 3, requires_grad=True)
    out = layer(x)
    out.register_hook(lambda g: grads.append(g.clone()))
    x.register_hook(lambda g: g * 0)
    out.sum().backward()
    len(grads), x.grad
""", """
    grads[0]
""", """
    #md
    A module forward hook records the outputs' shapes:
""", """
    shapes = []
    handle = layer.register_forward_hook(lambda m, i, o: shapes.append(tuple(o.shape)))
    layer(torch.randn(5, 3)); layer(torch.randn(1, 3))
    handle.remove()
    shapes
""", """
    out = layer(x)
    out
""")

notebook("nb_embedding_gru_shapes", """
    #md
    # From tokens to a GRU's hidden state
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(89)
    emb = nn.Embedding(12, 3)
    gru = nn.GRU(3, 4, batch_first=True)
    gru
""", """
    tokens = torch.tensor([[1, 5, 7], [2, 2, 11]])
    x = emb(tokens)
    x.shape
""", """
    out, h = gru(x)
    out.shape, h.shape
""", """
    #md
    The last output **is** the final hidden state:
""", """
    torch.allclose(out[:, -1], h[0])
""", """
    h = h.squeeze(0)
    loss = h.pow(2).mean()
    loss.backward()
    emb.weight.grad[tokens[0]]
""", """
    print(f"loss = {loss.item():.6f}")
    gru.bias_hh_l0.grad.shape
""")
