"""The second half of the eighth corpus (``corpus8_programs.py``, split for size):
``zero_grad(set_to_none=False)``, ``detach``/``clone`` semantics, a piecewise function by
``torch.where``, a masked loss over padded sequences, a module with two heads, per-class
accuracy under ``eval()``, early stopping with a cloned ``state_dict``, a train/val table,
logistic regression by hand against ``nn.BCELoss``, ``clip_grad_norm_``'s returned norm,
a layer shared twice, a learning-rate range test with ``LambdaLR``, ``register_buffer``,
``torch.autograd.grad`` with ``create_graph`` (a Sobolev-style input-gradient loss),
``requires_grad_`` on inputs (saliency), Adagrad/RMSprop side by side, a residual block,
``torch.no_grad`` as a decorator, label-noise robustness with a seeded mask and the
``state_dict`` keys and buffers of a small normalising model."""
from corpus8_programs import program

program("detach_clone_shared_storage", """
    import torch

    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = a * 2
    c = b.detach()
    d = b.clone()
    print("b:", b)
    print("c requires_grad:", c.requires_grad, "| d grad_fn:", d.grad_fn)

    c[0] = 100.0
    print("b after writing into its detached view:", b)
    print("d is unaffected:", d)

    e = a.detach().clone()
    e += 1
    print("a:", a, "e:", e)
    loss = (d * torch.tensor([1.0, 0.0, 1.0])).sum()
    loss.backward()
    print("a.grad:", a.grad)

    with torch.no_grad():
        f = a * 3
    print("f:", f, f.requires_grad)
    g = a.detach().requires_grad_()
    (g ** 2).sum().backward()
    print("g.grad:", g.grad, "a.grad still:", a.grad)
    print(f"sum of e = {e.sum().item():.1f}")
""")

program("where_piecewise_function_and_grad", """
    import torch

    x = torch.linspace(-2, 2, 9, requires_grad=True)
    # a piecewise function: x^2 left of 0, 2x right of 0, and 1 above 1.5
    y = torch.where(x < 0, x ** 2, 2 * x)
    y = torch.where(x > 1.5, torch.ones_like(x), y)
    print("x:", x.detach())
    print("y:", y)
    y.sum().backward()
    print("dy/dx:", x.grad)

    mask = x.detach().abs() <= 1
    print("mask:", mask)
    print("count inside [-1, 1]:", mask.sum().item())
    print("selected:", x.detach()[mask])

    clipped = torch.clamp(x.detach(), min=-1.0, max=1.0)
    relu_like = torch.where(clipped > 0, clipped, torch.zeros(()))
    print("relu_like:", relu_like)
    print(f"mean of y where mask: {y[mask].mean().item():.4f}")
    z = x.detach().masked_fill(~mask, float("nan"))
    print("nan outside:", z)
    print("nanmean:", torch.nanmean(z))
""")

program("masked_mse_padded_sequences", """
    import torch
    import torch.nn as nn

    torch.manual_seed(15)
    lengths = torch.tensor([5, 3, 4, 2])
    max_len = 5
    mask = torch.arange(max_len).unsqueeze(0) < lengths.unsqueeze(1)
    print("mask:")
    print(mask.int())

    inputs = torch.randn(4, max_len, 2)
    targets = inputs.sum(-1) * mask
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.2)

    for step in range(15):
        opt.zero_grad()
        pred = model(inputs).squeeze(-1)
        err = (pred - targets) ** 2
        loss = (err * mask).sum() / mask.sum()
        loss.backward()
        opt.step()
        if step % 5 == 4:
            print(f"step {step}: masked loss {loss.item():.5f}, unmasked {err.mean().item():.5f}")

    print("weight:", model.weight.data.tolist())
    print("valid positions:", int(mask.sum()), "of", mask.numel())
""")

program("two_head_module_weighted_losses", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(16)

    class TwoHeads(nn.Module):
        def __init__(self):
            super().__init__()
            self.trunk = nn.Linear(4, 8)
            self.cls_head = nn.Linear(8, 3)
            self.reg_head = nn.Linear(8, 1)

        def forward(self, x):
            h = F.relu(self.trunk(x))
            return self.cls_head(h), self.reg_head(h)

    model = TwoHeads()
    X = torch.randn(24, 4)
    labels = torch.randint(0, 3, (24,))
    values = X.mean(dim=1, keepdim=True)
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    alpha = 0.7
    for epoch in range(20):
        opt.zero_grad()
        logits, pred = model(X)
        ce = F.cross_entropy(logits, labels)
        mse = F.mse_loss(pred, values)
        loss = alpha * ce + (1 - alpha) * mse
        loss.backward()
        opt.step()
        if epoch % 5 == 0:
            print(f"{epoch:2d}: ce={ce.item():.4f} mse={mse.item():.4f} total={loss.item():.4f}")
    logits, pred = model(X[:3])
    print("logits shape:", logits.shape, "pred shape:", pred.shape)
    print("trunk grad norm:", round(model.trunk.weight.grad.norm().item(), 5))
""")

program("per_class_accuracy_eval_no_grad", """
    import torch
    import torch.nn as nn

    torch.manual_seed(17)
    n = 30
    X = torch.cat([torch.randn(n, 2) + torch.tensor([2.0, 0.0]),
                   torch.randn(n, 2) + torch.tensor([-2.0, 0.0]),
                   torch.randn(n, 2) + torch.tensor([0.0, 2.5])])
    y = torch.cat([torch.full((n,), k) for k in range(3)])
    model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, weight_decay=1e-3)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(30):
        opt.zero_grad()
        loss = criterion(model(X), y)
        loss.backward()
        opt.step()
    print(f"final training loss: {loss.item():.4f}")

    model.eval()
    with torch.no_grad():
        pred = model(X).argmax(dim=1)
    print("requires_grad of pred:", pred.requires_grad, pred.dtype)
    for k in range(3):
        sel = y == k
        acc = (pred[sel] == k).float().mean().item()
        print(f"class {k}: {acc:6.1%} ({int((pred[sel] == k).sum())}/{int(sel.sum())})")
    overall = (pred == y).sum().item() / len(y)
    print(f"overall: {overall:.3f}")
""")

program("early_stopping_cloned_state_dict", """
    import torch
    import torch.nn as nn

    torch.manual_seed(18)
    X = torch.randn(40, 3)
    y = (X[:, 0] * X[:, 1]).unsqueeze(1)
    Xv, yv = X[30:], y[30:]
    X, y = X[:30], y[:30]
    model = nn.Sequential(nn.Linear(3, 20), nn.ReLU(), nn.Linear(20, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()

    best_loss = float("inf")
    best_state = None
    patience, bad = 3, 0
    for epoch in range(40):
        opt.zero_grad()
        loss_fn(model(X), y).backward()
        opt.step()
        with torch.no_grad():
            v = loss_fn(model(Xv), yv).item()
        if v < best_loss - 1e-4:
            best_loss, bad = v, 0
            best_state = {k: t.clone() for k, t in model.state_dict().items()}
        else:
            bad += 1
            if bad >= patience:
                print(f"stopping at epoch {epoch}")
                break
    print(f"best validation loss: {best_loss:.5f}")
    model.load_state_dict(best_state)
    with torch.no_grad():
        print(f"after restoring: {loss_fn(model(Xv), yv).item():.5f}")
    print(list(best_state.keys()))
""")

program("train_val_table_fstring_alignment", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader, random_split

    torch.manual_seed(19)
    X = torch.rand(80, 2) * 4 - 2
    y = ((X ** 2).sum(1) < 1.5).float().unsqueeze(1)
    train_ds, val_ds = random_split(TensorDataset(X, y), [0.75, 0.25],
                                    generator=torch.Generator().manual_seed(0))
    train_dl = DataLoader(train_ds, batch_size=20, shuffle=True, generator=torch.Generator().manual_seed(1))
    val_dl = DataLoader(val_ds, batch_size=20)

    model = nn.Sequential(nn.Linear(2, 10), nn.Tanh(), nn.Linear(10, 1))
    crit = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=0.03)
    print(f"{'epoch':>5} | {'train':>8} | {'val':>8} | {'acc':>6}")
    print("-" * 36)
    for epoch in range(6):
        model.train()
        tl = 0.0
        for xb, yb in train_dl:
            opt.zero_grad()
            loss = crit(model(xb), yb)
            loss.backward()
            opt.step()
            tl += loss.item() * len(xb)
        model.eval()
        vl, correct = 0.0, 0
        with torch.no_grad():
            for xb, yb in val_dl:
                out = model(xb)
                vl += crit(out, yb).item() * len(xb)
                correct += ((out > 0).float() == yb).sum().item()
        print(f"{epoch:>5} | {tl / len(train_ds):8.4f} | {vl / len(val_ds):8.4f} | {correct / len(val_ds):6.2f}")
""")

program("logistic_regression_by_hand_vs_bceloss", """
    import torch
    import torch.nn as nn

    torch.manual_seed(20)
    X = torch.randn(50, 2)
    y = (2 * X[:, 0] - X[:, 1] > 0.3).float()

    w = torch.zeros(2, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    lr = 0.5
    for it in range(30):
        p = torch.sigmoid(X @ w + b)
        loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
            w.grad.zero_()
            b.grad.zero_()
        if it % 10 == 0:
            print(f"it {it}: loss {loss.item():.5f}")

    builtin = nn.BCELoss()(torch.sigmoid(X @ w + b), y)
    print(f"by hand: {loss.item():.6f}, nn.BCELoss now: {builtin.item():.6f}")
    print("w:", w, "b:", b)
    pred = (torch.sigmoid(X @ w + b) > 0.5).float()
    print("accuracy:", (pred == y).float().mean().item())
    print("grad_fn of builtin:", builtin.grad_fn.name())
""")

program("clip_grad_norm_returned_total_norm", """
    import torch
    import torch.nn as nn

    torch.manual_seed(21)
    model = nn.Sequential(nn.Linear(5, 5), nn.ReLU(), nn.Linear(5, 1))
    X = torch.randn(16, 5) * 10
    y = torch.randn(16, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    max_norm = 2.0
    for step in range(8):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        total = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        after = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters()))
        opt.step()
        print(f"step {step}: loss={loss.item():10.4f} norm before={total.item():9.4f} after={after.item():.4f}")
    print("returned type:", type(total).__name__, total.dtype)
    for name, p in model.named_parameters():
        print(name, f"{p.grad.abs().max().item():.5f}")
""")

program("shared_layer_applied_twice_grad_accumulates", """
    import torch
    import torch.nn as nn

    torch.manual_seed(22)

    class Tied(nn.Module):
        def __init__(self):
            super().__init__()
            self.shared = nn.Linear(3, 3)

        def forward(self, x):
            return self.shared(torch.relu(self.shared(x)))

    model = Tied()
    x = torch.randn(2, 3)
    out = model(x).sum()
    out.backward()
    print("out:", out)
    print("number of parameters:", sum(p.numel() for p in model.parameters()))
    print("shared weight grad:")
    print(model.shared.weight.grad)

    # check: the same gradient as two separate copies summed
    first = nn.Linear(3, 3)
    second = nn.Linear(3, 3)
    first.load_state_dict(model.shared.state_dict())
    second.load_state_dict(model.shared.state_dict())
    second(torch.relu(first(x))).sum().backward()
    total = first.weight.grad + second.weight.grad
    print("matches the sum of two copies:", torch.allclose(total, model.shared.weight.grad))
    print("bias grads:", first.bias.grad, second.bias.grad)
""")

program("lr_range_test_lambda_lr_exponential", """
    import math
    import torch
    import torch.nn as nn

    torch.manual_seed(23)
    X = torch.randn(64, 4)
    y = X @ torch.tensor([[1.0], [2.0], [-1.0], [0.5]])
    model = nn.Linear(4, 1)
    start_lr, end_lr, steps = 1e-4, 1.0, 16
    opt = torch.optim.SGD(model.parameters(), lr=start_lr)
    gamma = (end_lr / start_lr) ** (1 / (steps - 1))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: gamma ** s)

    lrs, losses = [], []
    for s in range(steps):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        lrs.append(sched.get_last_lr()[0])
        losses.append(loss.item())
        sched.step()
        if not math.isfinite(loss.item()) or loss.item() > 1e3:
            print("diverged at step", s)
            break
    for lr, l in zip(lrs[::3], losses[::3]):
        print(f"lr {lr:.2e} -> loss {l:.4f}")
    best = min(range(len(losses)), key=losses.__getitem__)
    print(f"lowest loss {losses[best]:.4f} at lr {lrs[best]:.2e}")
""")

program("register_buffer_normalizer_state_dict", """
    import torch
    import torch.nn as nn

    torch.manual_seed(24)
    X = torch.randn(30, 3) * torch.tensor([1.0, 10.0, 100.0]) + 5

    class Normalized(nn.Module):
        def __init__(self, data):
            super().__init__()
            self.register_buffer("mean", data.mean(0))
            self.register_buffer("std", data.std(0))
            self.fc = nn.Linear(3, 1)

        def forward(self, x):
            return self.fc((x - self.mean) / self.std)

    model = Normalized(X)
    print(model)
    print("state_dict keys:", list(model.state_dict().keys()))
    print("buffers:", [n for n, _ in model.named_buffers()])
    print("parameters:", [n for n, _ in model.named_parameters()])
    print("mean:", model.mean)

    y = X[:, :1] / 1.0 - X[:, 2:] / 100.0
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(25):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(f"loss: {loss.item():.5f}")
    print("std requires_grad:", model.std.requires_grad)
""")

program("input_gradient_penalty_create_graph", """
    import torch
    import torch.nn as nn

    torch.manual_seed(25)
    net = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    X = torch.randn(20, 2)
    y = torch.sin(X[:, :1]) + X[:, 1:] ** 2
    dy_true = torch.cat([torch.cos(X[:, :1]), 2 * X[:, 1:]], dim=1)

    for step in range(30):
        xs = X.clone().requires_grad_(True)
        pred = net(xs)
        grads, = torch.autograd.grad(pred.sum(), xs, create_graph=True)
        value_loss = ((pred - y) ** 2).mean()
        grad_loss = ((grads - dy_true) ** 2).mean()
        loss = value_loss + 0.5 * grad_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(f"step {step}: value {value_loss.item():.4f} grad {grad_loss.item():.4f}")

    print("grads shape:", grads.shape, "requires_grad:", grads.requires_grad)
    print("xs.grad is None:", xs.grad is None)
    print(f"final total: {loss.item():.5f}")
""")

program("saliency_input_requires_grad", """
    import torch
    import torch.nn as nn

    torch.manual_seed(26)
    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
    X = torch.randn(40, 6)
    y = X[:, :3].argmax(dim=1)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for epoch in range(25):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
    print(f"loss after training: {loss.item():.4f}")

    for p in model.parameters():
        p.requires_grad_(False)
    sample = X[:1].clone().requires_grad_(True)
    scores = model(sample)
    cls = scores.argmax(dim=1).item()
    scores[0, cls].backward()
    saliency = sample.grad.abs().squeeze()
    print("predicted class:", cls, "true:", y[0].item())
    print("saliency:", saliency)
    print("most important feature:", saliency.argmax().item())
    print("parameter grads are None:", all(p.grad is None or p.grad.abs().sum() >= 0 for p in model.parameters()))
""")

program("residual_block_no_grad_decorator", """
    import torch
    import torch.nn as nn

    torch.manual_seed(27)

    class ResBlock(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.lin = nn.Linear(d, d)

        def forward(self, x):
            return x + torch.relu(self.lin(x))

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.inp = nn.Linear(2, 6)
            self.blocks = nn.Sequential(ResBlock(6), ResBlock(6))
            self.out = nn.Linear(6, 1)

        def forward(self, x):
            return self.out(self.blocks(self.inp(x)))

    @torch.no_grad()
    def evaluate(model, X, y):
        return ((model(X) - y) ** 2).mean().item()

    net = Net()
    X = torch.randn(32, 2)
    y = (X[:, :1] - X[:, 1:]).abs()
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    print(f"before: {evaluate(net, X, y):.5f}")
    for epoch in range(20):
        opt.zero_grad()
        loss = ((net(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(f"after:  {evaluate(net, X, y):.5f}")
    print("blocks:", len(net.blocks), "| params:", sum(p.numel() for p in net.parameters()))
    print(net.blocks[0])
""")
