"""A sixth corpus of programs of the kind students write right after the autograd tutorial
(issue 32, measured on programs we cannot see), written the way students write them, not
tidy: a module class with ``__init__`` arguments, ``train_one_epoch(model, loader, opt)``
and ``evaluate(...)`` helpers returning floats, ``model.train()``/``model.eval()``,
Dropout and BatchNorm1d, accuracy through ``argmax(1) == y``, f-strings with format specs,
lists of losses and ``min(losses)``, early stopping with ``copy.deepcopy`` of a
``state_dict``, ``torch.save`` into a temporary file, seeded ``DataLoader``s,
``enumerate(loader)``, ``if epoch % 10 == 0`` prints, StepLR / ExponentialLR / cosine /
plateau / LambdaLR schedules with ``get_last_lr()``, clipping, ``zero_grad(set_to_none=
True)``, tensor and module hooks, custom ``autograd.Function``s, ``print(model)``,
parameter counts, ``named_parameters()`` loops, ``Sequential`` of an ``OrderedDict``,
``ModuleList``, ``model.apply(init_fn)``, synthetic data (regression, XOR, two moons and
spirals by hand), ``while`` loops stopped on a tolerance and RuntimeErrors provoked and
caught.

``PROGRAMS`` are scripts (``name -> source``); ``corpus6_more.py`` holds the second half.
``tests/document/test_trace_corpus6.py`` opens each and runs its export under torch."""
import textwrap

PROGRAMS = {}
NOTEBOOKS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("two_moons_mlp_train_eval_helpers", """
    import math
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader

    torch.manual_seed(0)

    # two moons, by hand
    n = 60
    t = torch.rand(n) * math.pi
    upper = torch.stack([torch.cos(t), torch.sin(t)], dim=1)
    lower = torch.stack([1 - torch.cos(t), 0.5 - torch.sin(t)], dim=1)
    X = torch.cat([upper, lower]) + 0.1 * torch.randn(2 * n, 2)
    y = torch.cat([torch.zeros(n), torch.ones(n)]).long()
    print("X:", X.shape, "y:", y.shape, "classes:", y.unique())

    class MLP(nn.Module):
        def __init__(self, hidden, p_drop=0.2):
            super().__init__()
            self.fc1 = nn.Linear(2, hidden)
            self.drop = nn.Dropout(p_drop)
            self.fc2 = nn.Linear(hidden, 2)

        def forward(self, x):
            x = torch.relu(self.fc1(x))
            x = self.drop(x)
            return self.fc2(x)

    def train_one_epoch(model, loader, opt):
        model.train()
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item() * xb.size(0)
        return total / len(loader.dataset)

    def evaluate(model, X, y):
        model.eval()
        with torch.no_grad():
            out = model(X)
            acc = (out.argmax(1) == y).float().mean().item()
        return acc

    g = torch.Generator().manual_seed(1)
    loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True, generator=g)
    model = MLP(hidden=16)
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for epoch in range(12):
        train_loss = train_one_epoch(model, loader, opt)
        acc = evaluate(model, X, y)
        if epoch % 3 == 0:
            print(f"epoch {epoch:3d}  loss {train_loss:.4f}  acc {acc:6.2%}")
    print("final accuracy:", evaluate(model, X, y))
""")

program("xor_ordered_sequential_apply_init_while", """
    import torch
    import torch.nn as nn
    from collections import OrderedDict

    torch.manual_seed(42)
    X = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
    Y = torch.tensor([[0.], [1.], [1.], [0.]])

    model = nn.Sequential(OrderedDict([
        ('hidden', nn.Linear(2, 4)),
        ('act', nn.Tanh()),
        ('out', nn.Linear(4, 1)),
        ('sigmoid', nn.Sigmoid()),
    ]))

    def init_weights(m):
        if isinstance(m, nn.Linear):
            nn.init.xavier_uniform_(m.weight)
            nn.init.zeros_(m.bias)

    model.apply(init_weights)
    print(model)
    print("hidden weight after init:")
    print(model.hidden.weight)

    loss_fn = nn.BCELoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
    loss = torch.tensor(1.0)
    epoch = 0
    while loss.item() > 0.05 and epoch < 300:
        optimizer.zero_grad()
        pred = model(X)
        loss = loss_fn(pred, Y)
        loss.backward()
        optimizer.step()
        if epoch % 25 == 0:
            print(f"epoch {epoch}, loss = {loss.item():.5f}")
        epoch += 1

    print("stopped after", epoch, "epochs with loss", round(loss.item(), 5))
    with torch.no_grad():
        probs = model(X)
    print(probs)
    print("predictions:", (probs > 0.5).int().flatten().tolist())
""")

program("spirals_batchnorm_steplr", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.optim.lr_scheduler import StepLR

    torch.manual_seed(7)

    def make_spirals(n_per_class=40, noise=0.15):
        xs, ys = [], []
        for c in range(2):
            r = torch.linspace(0.1, 1.0, n_per_class)
            theta = torch.linspace(0, 3.0, n_per_class) + c * 3.1416 + noise * torch.randn(n_per_class)
            xs.append(torch.stack([r * torch.sin(theta), r * torch.cos(theta)], 1))
            ys.append(torch.full((n_per_class,), c))
        return torch.cat(xs), torch.cat(ys)

    X, y = make_spirals()
    print(X.shape, y.dtype, y[:5], y[-5:])

    class Net(nn.Module):
        def __init__(self, hidden=32):
            super(Net, self).__init__()
            self.l1 = nn.Linear(2, hidden)
            self.bn1 = nn.BatchNorm1d(hidden)
            self.l2 = nn.Linear(hidden, 2)

        def forward(self, x):
            return self.l2(F.relu(self.bn1(self.l1(x))))

    net = Net()
    opt = torch.optim.SGD(net.parameters(), lr=0.3)
    scheduler = StepLR(opt, step_size=10, gamma=0.5)
    for epoch in range(30):
        net.train()
        opt.zero_grad()
        out = net(X)
        loss = F.cross_entropy(out, y)
        loss.backward()
        opt.step()
        scheduler.step()
        if epoch % 10 == 0:
            correct = (out.argmax(1) == y).sum().item()
            print(f"epoch {epoch:2d} loss {loss.item():.4f} correct {correct}/{len(y)} lr {scheduler.get_last_lr()}")

    net.eval()
    with torch.no_grad():
        acc = (net(X).argmax(dim=1) == y).float().mean()
    print(f"eval accuracy {acc.item():.3f}")
    print("running mean (first 4):", net.bn1.running_mean[:4])
    print("num_batches_tracked:", net.bn1.num_batches_tracked.item())
""")

program("early_stopping_deepcopy_best_state", """
    import copy
    import torch
    import torch.nn as nn

    torch.manual_seed(3)
    x = torch.linspace(-2, 2, 80).unsqueeze(1)
    y = torch.sin(2 * x) + 0.1 * torch.randn_like(x)
    perm = torch.randperm(80)
    train_idx, val_idx = perm[:60], perm[60:]
    x_train, y_train = x[train_idx], y[train_idx]
    x_val, y_val = x[val_idx], y[val_idx]

    model = nn.Sequential(nn.Linear(1, 20), nn.Tanh(), nn.Linear(20, 1))
    criterion = nn.MSELoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

    best_val = float('inf')
    best_state = None
    patience, bad_epochs = 5, 0
    train_losses, val_losses = [], []
    for epoch in range(60):
        model.train()
        optimizer.zero_grad()
        loss = criterion(model(x_train), y_train)
        loss.backward()
        optimizer.step()
        model.eval()
        with torch.no_grad():
            val_loss = criterion(model(x_val), y_val).item()
        train_losses.append(loss.item())
        val_losses.append(val_loss)
        if val_loss < best_val - 1e-4:
            best_val = val_loss
            best_state = copy.deepcopy(model.state_dict())
            bad_epochs = 0
        else:
            bad_epochs += 1
        if epoch % 10 == 0:
            print(f"[{epoch:02d}] train={loss.item():.4f} val={val_loss:.4f} best={best_val:.4f}")
        if bad_epochs >= patience:
            print("early stop at epoch", epoch)
            break

    print("lowest train loss:", min(train_losses))
    print("lowest val loss:", min(val_losses), "at epoch", val_losses.index(min(val_losses)))
    model.load_state_dict(best_state)
    with torch.no_grad():
        print("val loss of restored model: %.4f" % criterion(model(x_val), y_val).item())
    print(list(best_state.keys()))
""")

program("save_state_dict_tempfile_reload", """
    import os
    import tempfile
    import torch
    import torch.nn as nn

    torch.manual_seed(11)

    class Regressor(nn.Module):
        def __init__(self, n_in, n_hidden):
            super().__init__()
            self.hidden = nn.Linear(n_in, n_hidden)
            self.out = nn.Linear(n_hidden, 1)

        def forward(self, x):
            return self.out(torch.relu(self.hidden(x)))

    X = torch.randn(50, 3)
    true_w = torch.tensor([[1.5], [-2.0], [0.7]])
    y = X @ true_w + 0.3

    model = Regressor(3, 8)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for i in range(40):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
        if i % 10 == 9:
            print("iter", i + 1, "loss", f"{loss.item():.5f}")

    tmpdir = tempfile.mkdtemp()
    path = os.path.join(tmpdir, "regressor.pt")
    torch.save(model.state_dict(), path)
    print("saved", os.path.basename(path), "exists:", os.path.exists(path))

    model2 = Regressor(3, 8)
    with torch.no_grad():
        print("fresh model differs:", not torch.allclose(model(X), model2(X)))
    model2.load_state_dict(torch.load(path))
    model2.eval()
    with torch.no_grad():
        same = torch.equal(model(X), model2(X))
    print("reloaded model gives the same outputs:", same)
    for k, v in model2.state_dict().items():
        print(f"{k:15s} {tuple(v.shape)}")
    print(model2.out.bias)
""")

program("exponential_lr_linear_regression_min_loss", """
    import torch

    torch.manual_seed(5)
    x = torch.linspace(0, 1, 30)
    y = 3 * x - 1 + 0.05 * torch.randn(30)

    w = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w, b], lr=0.5, momentum=0.5)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)

    losses = []
    lrs = []
    for epoch in range(40):
        y_hat = w * x + b
        loss = ((y_hat - y) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        lrs.append(scheduler.get_last_lr()[0])
        scheduler.step()
        losses.append(loss.item())
        if epoch % 10 == 0:
            print(f"Epoch {epoch+1}/40 - loss: {loss.item():.6f} - lr: {lrs[-1]:.4f}")

    print(min(losses))
    print("last lr", scheduler.get_last_lr())
    print(f"w = {w.item():.4f}, b = {b.item():.4f}")
    print("w:", w, "b:", b)
    print(len(losses), "losses, decreasing every step:",
          all(a >= c for a, c in zip(losses, losses[1:])))
""")

program("cosine_annealing_clip_grad_norm", """
    import torch
    import torch.nn as nn
    from torch.nn.utils import clip_grad_norm_

    torch.manual_seed(21)
    X = torch.randn(64, 5) * 4
    y = (X ** 2).sum(1, keepdim=True)

    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=20, eta_min=0.0005)
    max_norm = 5.0
    norms = []
    for step in range(20):
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        total_norm = clip_grad_norm_(model.parameters(), max_norm)
        norms.append(total_norm.item())
        opt.step()
        sched.step()
        if step % 5 == 0:
            print(f"step {step:2d}  loss {loss.item():10.3f}  grad norm {total_norm:.3f}  lr {sched.get_last_lr()[0]:.6f}")

    print("clipped steps:", sum(1 for nrm in norms if nrm > max_norm), "of", len(norms))
    print("largest norm before clipping: %.2f" % max(norms))
    after = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters()))
    print("norm after clipping:", round(after.item(), 4))
    print("final lr:", opt.param_groups[0]["lr"])
""")

program("plateau_scheduler_on_val_loss", """
    import torch
    import torch.nn as nn
    from torch.optim.lr_scheduler import ReduceLROnPlateau

    torch.manual_seed(8)
    X = torch.randn(40, 4)
    y = X @ torch.tensor([1.0, -1.0, 2.0, 0.0]) + 0.5 * torch.randn(40)
    Xv = torch.randn(20, 4)
    yv = Xv @ torch.tensor([1.0, -1.0, 2.0, 0.0]) + 0.5 * torch.randn(20)

    class LinReg(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.lin = nn.Linear(d, 1)
        def forward(self, x):
            return self.lin(x).squeeze(-1)

    def evaluate(model, X, y):
        model.eval()
        with torch.no_grad():
            return nn.functional.mse_loss(model(X), y).item()

    model = LinReg(4)
    opt = torch.optim.Adam(model.parameters(), lr=0.1)
    scheduler = ReduceLROnPlateau(opt, mode='min', factor=0.5, patience=2)
    for epoch in range(25):
        model.train()
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        val = evaluate(model, Xv, yv)
        scheduler.step(val)
        if epoch % 4 == 0 or epoch == 24:
            print(f"epoch {epoch:2d} train {loss.item():.4f} val {val:.4f} lr {opt.param_groups[0]['lr']:.5f}")
    print("learned weights:", model.lin.weight.data)
    print("bias", model.lin.bias.item())
    print("scheduler best:", round(scheduler.best, 4), "bad epochs:", scheduler.num_bad_epochs)
""")

program("lambda_lr_warmup_then_decay", """
    import torch
    import torch.nn as nn
    from torch.optim.lr_scheduler import LambdaLR

    torch.manual_seed(13)
    warmup = 5
    model = nn.Linear(3, 2)
    X = torch.randn(32, 3)
    target = torch.randint(0, 2, (32,))
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    sched = LambdaLR(opt, lr_lambda=lambda ep: (ep + 1) / warmup if ep < warmup else 0.95 ** (ep - warmup))

    history = []
    for epoch in range(15):
        logits = model(X)
        loss = nn.CrossEntropyLoss()(logits, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        history.append((epoch, sched.get_last_lr()[0], loss.item()))
        sched.step()

    for ep, lr, l in history:
        if ep % 3 == 0:
            print(f"ep {ep:2d} | lr {lr:.5f} | loss {l:.4f}")
    print("peak lr:", max(h[1] for h in history))
    print("current lr:", sched.get_last_lr())
    acc = (model(X).argmax(1) == target).float().mean().item()
    print(f"train acc: {acc:.2%}")
""")

program("tensor_hooks_print_and_scale", """
    import torch

    torch.manual_seed(2)
    x = torch.randn(4, requires_grad=True)
    w = torch.randn(4, requires_grad=True)

    h = x * w
    h.register_hook(lambda grad: print("grad reaching h:", grad))
    z = h.tanh()

    def double_it(grad):
        return grad * 2

    handle = z.register_hook(double_it)
    out = z.sum()
    out.backward()
    print("x.grad:", x.grad)
    print("w.grad:", w.grad)

    handle.remove()
    x.grad = None
    w.grad.zero_()
    out2 = (x * w).tanh().sum()
    out2.backward()
    print("without the hook x.grad:", x.grad)
    print("w.grad now:", w.grad)

    grads = []
    y = (x ** 2).sum()
    x.register_hook(lambda g: grads.append(g.clone()))
    y.backward()
    print("kept", len(grads), "gradient(s):", grads[0])
    print("x.grad accumulated:", x.grad)
""")

program("forward_hook_activation_stats", """
    import torch
    import torch.nn as nn

    torch.manual_seed(17)

    class SmallNet(nn.Module):
        def __init__(self, sizes):
            super().__init__()
            self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])])

        def forward(self, x):
            for i, layer in enumerate(self.layers):
                x = layer(x)
                if i < len(self.layers) - 1:
                    x = torch.relu(x)
            return x

    net = SmallNet([4, 8, 8, 3])
    print(net)
    activations = {}

    def save_activation(name):
        def hook(module, inp, out):
            activations[name] = out.detach()
        return hook

    handles = []
    for i, layer in enumerate(net.layers):
        handles.append(layer.register_forward_hook(save_activation(f"layer{i}")))

    x = torch.randn(10, 4)
    out = net(x)
    for name, act in activations.items():
        print(f"{name}: shape={tuple(act.shape)} mean={act.mean().item():+.4f} std={act.std().item():.4f}")
    print("dead units in layer0:", (activations["layer0"] <= 0).all(dim=0).sum().item())
    for h in handles:
        h.remove()
    activations.clear()
    net(x)
    print("after removing hooks:", len(activations), "activations saved")
    print(out[:2])
""")

program("custom_function_clamp_ste", """
    import torch

    class ClampSTE(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.clamp(-1, 1)

        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            # straight through estimator: pass the gradient through unchanged
            return grad_output

    clamp_ste = ClampSTE.apply

    torch.manual_seed(9)
    x = torch.randn(6, requires_grad=True)
    print("x:", x)
    y = clamp_ste(x * 2)
    print("y:", y)
    print(y.grad_fn)
    y.sum().backward()
    print("x.grad with STE:", x.grad)

    x2 = x.detach().clone().requires_grad_(True)
    (x2 * 2).clamp(-1, 1).sum().backward()
    print("x.grad with real clamp:", x2.grad)
    print("they differ in", (x.grad != x2.grad).sum().item(), "places")

    w = torch.randn(6, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    for step in range(5):
        opt.zero_grad()
        loss = ((clamp_ste(w) - 0.5) ** 2).sum()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")
    print(w)
""")

program("runtime_errors_students_provoke", """
    import torch

    torch.manual_seed(1)
    a = torch.randn(3, requires_grad=True)
    b = (a * 2).sum()
    b.backward()
    print("first backward ok, a.grad =", a.grad)
    try:
        b.backward()
    except RuntimeError as e:
        print("second backward failed:", str(e).split(".")[0])

    try:
        a += 1
    except RuntimeError as e:
        print("in-place on leaf:", e)

    x = torch.randn(2, 3)
    w = torch.randn(4, 2)
    try:
        y = x @ w
    except RuntimeError as e:
        print("shape error:", e)
    y = w @ x
    print("w @ x has shape", y.shape)

    c = torch.ones(3, requires_grad=True)
    d = c.exp()
    d.mul_(2)
    try:
        d.sum().backward()
    except RuntimeError as err:
        msg = str(err)
        print("modified in place:", msg[:60])

    e = torch.tensor([1.0, 2.0])
    try:
        e.backward()
    except RuntimeError as err:
        print("no grad:", err)
    print("done, a.grad still", a.grad)
""")

program("print_model_params_named_parameters_freeze", """
    import torch
    import torch.nn as nn

    class Classifier(nn.Module):
        def __init__(self, in_features, hidden_sizes, n_classes, dropout=0.1):
            super().__init__()
            layers = []
            prev = in_features
            for h in hidden_sizes:
                layers += [nn.Linear(prev, h), nn.ReLU(), nn.Dropout(dropout)]
                prev = h
            self.body = nn.Sequential(*layers)
            self.head = nn.Linear(prev, n_classes)

        def forward(self, x):
            return self.head(self.body(x))

    torch.manual_seed(23)
    model = Classifier(6, [12, 8], 3)
    print(model)
    total = sum(p.numel() for p in model.parameters())
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    print(f"total params: {total}, trainable: {trainable}")
    for name, param in model.named_parameters():
        print(name, list(param.shape), param.requires_grad)

    # freeze the body, train only the head
    for name, param in model.named_parameters():
        if name.startswith("body"):
            param.requires_grad = False
    print("trainable now:", sum(p.numel() for p in model.parameters() if p.requires_grad))

    X = torch.randn(20, 6)
    y = torch.randint(0, 3, (20,))
    opt = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.1)
    model.train()
    for step in range(6):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
        print(f"{step} {loss.item():.4f}")
    print("body grad is None:", model.body[0].weight.grad is None)
    print("head grad norm:", model.head.weight.grad.norm().item())
""")

program("modulelist_residual_depth_sweep", """
    import torch
    import torch.nn as nn

    class ResMLP(nn.Module):
        def __init__(self, dim, depth):
            super().__init__()
            self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
            self.out = nn.Linear(dim, 1)

        def forward(self, x):
            for block in self.blocks:
                x = x + torch.tanh(block(x))
            return self.out(x)

    torch.manual_seed(31)
    X = torch.randn(48, 4)
    y = X[:, :1] * X[:, 1:2] - X[:, 2:3]

    def train(depth, steps=25):
        torch.manual_seed(0)
        model = ResMLP(4, depth)
        opt = torch.optim.Adam(model.parameters(), lr=0.01)
        for _ in range(steps):
            opt.zero_grad()
            loss = ((model(X) - y) ** 2).mean()
            loss.backward()
            opt.step()
        return model, loss.item()

    results = {}
    for depth in [1, 2, 3]:
        model, final = train(depth)
        n_params = sum(p.numel() for p in model.parameters())
        results[depth] = final
        print(f"depth={depth}  params={n_params:4d}  final loss={final:.5f}")
    best = min(results, key=results.get)
    print("best depth:", best)
    print(len(model.blocks), "blocks in the last model")
    print(model.blocks[0])
""")
