"""The second half of ``corpus_nb7.py``."""
from corpus_nb7 import notebook

notebook("nb7_plot_loss_curve", """
    %matplotlib inline
    import torch
    import matplotlib.pyplot as plt
""", """
    #md
    # Plotting the loss curve
    Fit a line, keep the losses, plot them.
""", """
    torch.manual_seed(0)
    x = torch.linspace(0, 1, 25)
    y = 2 * x + 1 + 0.05 * torch.randn(25)
    a = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    losses = []
    for i in range(60):
        loss = ((a * x + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            a -= 0.5 * a.grad
            b -= 0.5 * b.grad
            a.grad.zero_()
            b.grad.zero_()
        losses.append(loss.item())
    losses[:3]
""", """
    plt.plot(losses)
    plt.xlabel("step")
    plt.ylabel("loss")
    plt.show()
""", """
    a, b
""", """
    plt.plot(x, y, "o")
    plt.plot(x, (a * x + b).detach())
    plt.show()
    print("final loss", losses[-1])
""")

notebook("nb7_generators_and_randperm", """
    #md
    # Random numbers you can reproduce
""", """
    import torch
    torch.manual_seed(0)
""", """
    torch.rand(3)
""", """
    torch.manual_seed(0)
    torch.rand(3)
""", """
    g = torch.Generator().manual_seed(123)
    torch.randn(2, 2, generator=g)
""", """
    perm = torch.randperm(10, generator=g)
    perm
""", """
    #md
    Mini-batches from a random permutation.
""", """
    X = torch.arange(10.0).unsqueeze(1)
    y = 3 * X + 1
    w = torch.zeros(1, 1, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.01)
    for epoch in range(2):
        perm = torch.randperm(10, generator=g)
        for i in range(0, 10, 5):
            idx = perm[i:i + 5]
            opt.zero_grad()
            loss = ((X[idx] @ w - y[idx]) ** 2).mean()
            loss.backward()
            opt.step()
            print(epoch, idx.tolist(), round(loss.item(), 3))
""", """
    w
""")

notebook("nb7_logistic_regression_metrics", """
    #md
    # Logistic regression with `BCEWithLogitsLoss`
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    X = torch.randn(40, 2) * torch.tensor([3.0, 0.5]) + 1
    y = ((X[:, 0] * 2 + X[:, 1]) > 2).float()
    y.mean()
""", """
    #md
    Standardise the features first.
""", """
    X.mean(0), X.std(0)
""", """
    X = (X - X.mean(0)) / X.std(0)
    X.std(), X[:3]
""", """
    model = nn.Linear(2, 1)
    loss_fn = nn.BCEWithLogitsLoss()
    opt = torch.optim.SGD(model.parameters(), lr=1.0)
    loss_fn
""", """
    for epoch in range(30):
        opt.zero_grad()
        logits = model(X).squeeze(1)
        loss = loss_fn(logits, y)
        loss.backward()
        opt.step()
        if epoch % 10 == 0:
            print(f"{epoch:2d}  {loss.item():.4f}")
""", """
    #md
    ## Metrics
""", """
    with torch.no_grad():
        probs = torch.sigmoid(model(X).squeeze(1))
    pred = (probs > 0.5).float()
    tp = ((pred == 1) & (y == 1)).sum().item()
    fp = ((pred == 1) & (y == 0)).sum().item()
    fn = ((pred == 0) & (y == 1)).sum().item()
    {"accuracy": (pred == y).float().mean().item(), "tp": tp, "fp": fp, "fn": fn}
""", """
    probs[:5]
""", """
    model.state_dict()
""")

notebook("nb7_adam_weight_decay", """
    #md
    # Adam with weight decay
    Compare the weight norms with and without decay.
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    X = torch.randn(32, 5)
    y = X[:, :1] * 3
""", """
    def fit(weight_decay):
        torch.manual_seed(1)
        model = nn.Linear(5, 1)
        opt = torch.optim.Adam(model.parameters(), lr=0.05, weight_decay=weight_decay)
        for _ in range(50):
            opt.zero_grad()
            loss = ((model(X) - y) ** 2).mean()
            loss.backward()
            opt.step()
        return model, opt, loss
""", """
    model, opt, loss = fit(0.0)
    model.weight.norm(), loss
""", """
    model, opt, loss = fit(0.5)
    model.weight.norm(), loss
""", """
    opt
""", """
    #md
    The optimizer keeps running averages per parameter.
""", """
    state = opt.state_dict()
    list(state.keys()), state["state"][0]["step"]
""", """
    state["param_groups"]
""", """
    #md
    A small network with SiLU activations and the same decay.
""", """
    torch.manual_seed(2)
    net = nn.Sequential(nn.Linear(5, 8), nn.SiLU(), nn.Linear(8, 1))
    opt = torch.optim.AdamW(net.parameters(), lr=0.02, weight_decay=0.1)
    for step in range(30):
        opt.zero_grad()
        loss = ((net(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
        if step % 10 == 9:
            print(step, loss.item())
    net[1](torch.linspace(-3, 3, 7))
""")

notebook("nb7_cosine_and_multistep", """
    #md
    # Two more schedules
""", """
    import torch
    torch.manual_seed(0)
    p = torch.nn.Parameter(torch.randn(2))
""", """
    opt = torch.optim.SGD([p], lr=1.0)
    cos = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=6, eta_min=0.1)
    lrs = []
    for epoch in range(8):
        opt.zero_grad()
        loss = (p ** 2).sum()
        loss.backward()
        opt.step()
        cos.step()
        lrs.append(round(cos.get_last_lr()[0], 4))
    lrs
""", """
    p
""", """
    opt = torch.optim.SGD([p], lr=0.5)
    ms = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[2, 4], gamma=0.1)
    for epoch in range(6):
        opt.zero_grad()
        loss = (p ** 2).sum()
        loss.backward()
        opt.step()
        ms.step()
        print(epoch, ms.get_last_lr(), loss.item())
""", """
    #md
    The scheduler's last learning rate and the parameter:
""", """
    ms.get_last_lr(), p
""")

notebook("nb7_lstm_sequence_classifier", """
    #md
    # An LSTM that tells rising sequences from falling ones
""", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader
    torch.manual_seed(0)
""", """
    n = 32
    start = torch.rand(n, 1)
    step = torch.where(torch.rand(n, 1) > 0.5, 0.1, -0.1)
    seqs = (start + step * torch.arange(6.0)).unsqueeze(-1)
    labels = (step.squeeze(1) > 0).long()
    seqs.shape, labels[:6]
""", """
    class Classifier(nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(1, 6, batch_first=True)
            self.out = nn.Linear(6, 2)

        def forward(self, x):
            _, (h, c) = self.lstm(x)
            return self.out(h[-1])

    model = Classifier()
    sum(p.numel() for p in model.parameters())
""", """
    loader = DataLoader(TensorDataset(seqs, labels), batch_size=8)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for epoch in range(4):
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item()
        print(epoch, round(total / len(loader), 4))
""", """
    #md
    Evaluate on two new sequences.
""", """
    test = torch.tensor([[0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
                         [0.9, 0.8, 0.7, 0.6, 0.5, 0.4]]).unsqueeze(-1)
    model.eval()
    with torch.no_grad():
        logits = model(test)
    logits.argmax(dim=1)
""", """
    logits.softmax(dim=1)
""")

notebook("nb7_batchnorm_train_eval", """
    #md
    # BatchNorm: training mode and evaluation mode
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    bn = nn.BatchNorm1d(3)
    bn.running_mean, bn.running_var
""", """
    x = torch.randn(8, 3) * 2 + 5
    out = bn(x)
    out.mean(dim=0), bn.running_mean
""", """
    for _ in range(3):
        bn(torch.randn(8, 3) * 2 + 5)
    bn.num_batches_tracked
""", """
    #md
    In `eval()` the running statistics are used instead of the batch's.
""", """
    bn.eval()
    bn(x)[:2]
""", """
    list(bn.state_dict().keys())
""", """
    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    y = x.sum(dim=1, keepdim=True)
    model.train()
    for step in range(5):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 4))
""", """
    model[1].running_mean
""")

notebook("nb7_early_stopping_best_state", """
    #md
    # Early stopping: keep the best model
""", """
    import copy
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    X = torch.randn(40, 3)
    y = X @ torch.tensor([[1.0], [-1.0], [0.5]]) + 0.3 * torch.randn(40, 1)
    X_train, y_train = X[:30], y[:30]
    X_val, y_val = X[30:], y[30:]
    X_train.shape, X_val.shape
""", """
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    best_val, best_state, patience, bad = float("inf"), None, 3, 0
    for epoch in range(40):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X_train), y_train)
        loss.backward()
        opt.step()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(X_val), y_val).item()
        if val < best_val:
            best_val, best_state, bad = val, copy.deepcopy(model.state_dict()), 0
        else:
            bad += 1
            if bad >= patience:
                print("stopping at epoch", epoch)
                break
    round(best_val, 4)
""", """
    #md
    Restore the best weights.
""", """
    model.load_state_dict(best_state)
    model.weight
""", """
    with torch.no_grad():
        val = nn.functional.mse_loss(model(X_val), y_val)
    val
""")

notebook("nb7_dtypes_and_shapes", """
    #md
    # dtypes and shapes, one cell at a time
""", """
    import torch
""", """
    a = torch.tensor([1, 2, 3])
    a.dtype
""", """
    b = a * 0.5
    b.dtype, b
""", """
    a = a.to(torch.float64)
    a.dtype, (a + b).dtype
""", """
    c = torch.arange(12).reshape(3, 4)
    c.shape, c.T.shape, c.T.is_contiguous()
""", """
    c = c.T.contiguous().view(2, 6)
    c
""", """
    #md
    Integer division and comparisons.
""", """
    c // 4, (c % 2 == 0).dtype
""", """
    m = c.float().mean(dim=1)
    m.tolist()
""", """
    torch.zeros(2, 3).dtype, torch.zeros(2, 3, dtype=torch.int32).dtype, torch.get_default_dtype()
""")

notebook("nb7_char_embedding_model", """
    #md
    # Predicting the next character
    A tiny bigram model with an embedding table.
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    text = "hello world hello there"
    chars = sorted(set(text))
    stoi = {ch: i for i, ch in enumerate(chars)}
    data = torch.tensor([stoi[ch] for ch in text])
    len(chars), data[:8]
""", """
    class Bigram(nn.Module):
        def __init__(self, vocab):
            super().__init__()
            self.emb = nn.Embedding(vocab, vocab)

        def forward(self, idx):
            return self.emb(idx)

    model = Bigram(len(chars))
    opt = torch.optim.Adam(model.parameters(), lr=0.1)
    model
""", """
    x, y = data[:-1], data[1:]
    for step in range(30):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    loss
""", """
    #md
    Train a bit more (the same cell again), then predict.
""", """
    for step in range(30):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    loss
""", """
    with torch.no_grad():
        nxt = model(torch.tensor([stoi["h"], stoi["l"]])).argmax(dim=1)
    [chars[i] for i in nxt.tolist()]
""")
