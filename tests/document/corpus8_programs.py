"""An eighth corpus of programs of the kind students write right after the autograd
tutorial (issue 32, measured on programs we cannot see), each mixing several constructs:
an ``nn.Module`` class with a ``StepLR`` and ``named_parameters()``, a ``Sequential`` of
an ``OrderedDict`` over ``random_split`` and ``DataLoader`` (``drop_last``), every
scheduler of ``torch.optim.lr_scheduler`` with ``get_last_lr()``, clipping, weight decay,
checkpoints through ``io.BytesIO``, hook handles removed, ``register_full_backward_hook``,
custom ``autograd.Function``, freezing with ``requires_grad_(False)``.

``PROGRAMS`` are scripts (``name -> source``); ``corpus8_more.py`` holds the second half.
``tests/document/test_trace_corpus8.py`` opens each and runs its export under torch."""
import textwrap

PROGRAMS = {}
NOTEBOOKS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("sine_mlp_steplr_named_parameters", """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    x = torch.linspace(-3, 3, 40).unsqueeze(1)
    y = torch.sin(x)

    class SineNet(nn.Module):
        def __init__(self, hidden=16):
            super().__init__()
            self.fc1 = nn.Linear(1, hidden)
            self.fc2 = nn.Linear(hidden, 1)

        def forward(self, x):
            h = torch.tanh(self.fc1(x))
            return self.fc2(h)

    net = SineNet()
    print(net)
    for name, p in net.named_parameters():
        print(f"{name:12s} {str(tuple(p.shape)):10s} requires_grad={p.requires_grad}")

    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.5)
    loss_fn = nn.MSELoss()
    for epoch in range(30):
        opt.zero_grad()
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        sched.step()
        if epoch % 10 == 9:
            print(f"epoch {epoch + 1:3d}  loss {loss.item():.5f}  lr {sched.get_last_lr()[0]:.4f}")

    print("prediction at 0:", net(torch.zeros(1, 1)).item() > -1)
    print("final lr:", sched.get_last_lr())
""")

program("ordered_dict_sequential_random_split_loader", """
    import torch
    import torch.nn as nn
    from collections import OrderedDict
    from torch.utils.data import TensorDataset, DataLoader, random_split

    torch.manual_seed(1)
    X = torch.randn(60, 3)
    y = (X[:, 0] + X[:, 1] > 0).long()
    dataset = TensorDataset(X, y)
    train_set, val_set = random_split(dataset, [45, 15], generator=torch.Generator().manual_seed(1))
    print("sizes:", len(train_set), len(val_set))

    model = nn.Sequential(OrderedDict([
        ("hidden", nn.Linear(3, 8)),
        ("act", nn.ReLU()),
        ("out", nn.Linear(8, 2)),
    ]))
    print(model)
    print("hidden weight shape:", model.hidden.weight.shape)

    loader = DataLoader(train_set, batch_size=10, shuffle=True, drop_last=True,
                        generator=torch.Generator().manual_seed(2))
    print("batches per epoch:", len(loader))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)

    for epoch in range(5):
        model.train()
        total = 0.0
        for xb, yb in loader:
            optimizer.zero_grad()
            loss = criterion(model(xb), yb)
            loss.backward()
            optimizer.step()
            total += loss.item()
        model.eval()
        with torch.no_grad():
            xv = torch.stack([val_set[i][0] for i in range(len(val_set))])
            yv = torch.stack([val_set[i][1] for i in range(len(val_set))])
            acc = (model(xv).argmax(dim=1) == yv).float().mean().item()
        print(f"epoch {epoch}: train loss {total / len(loader):.4f}, val acc {acc:.2%}")
""")

program("multistep_lr_clip_value_drop_last", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader

    torch.manual_seed(2)
    X = torch.randn(50, 4)
    true_w = torch.tensor([[1.0], [-2.0], [0.5], [3.0]])
    y = X @ true_w + 0.05 * torch.randn(50, 1)

    loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True, drop_last=True,
                        generator=torch.Generator().manual_seed(0))
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[3, 6], gamma=0.1)

    for epoch in range(8):
        n_batches = 0
        for xb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            torch.nn.utils.clip_grad_value_(model.parameters(), clip_value=1.0)
            opt.step()
            n_batches += 1
        sched.step()
        print(f"epoch {epoch}: batches={n_batches} last loss={loss.item():.4f} lr={sched.get_last_lr()[0]:.5f}")

    print("weights:", model.weight.data.squeeze())
    print("max |grad| after clipping:", model.weight.grad.abs().max().item() <= 1.0)
""")

program("exponential_lr_adamw_weight_decay_norms", """
    import torch
    import torch.nn as nn

    torch.manual_seed(3)
    X = torch.randn(32, 5)
    y = X[:, :1] * 2 - X[:, 1:2]

    def make_model():
        torch.manual_seed(10)
        return nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 1))

    results = {}
    for wd in [0.0, 0.1]:
        model = make_model()
        opt = torch.optim.AdamW(model.parameters(), lr=0.05, weight_decay=wd)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
        for step in range(25):
            opt.zero_grad()
            loss = ((model(X) - y) ** 2).mean()
            loss.backward()
            opt.step()
            sched.step()
        norm = sum(p.pow(2).sum() for p in model.parameters()).sqrt()
        results[wd] = (loss.item(), norm.item())
        print(f"wd={wd}: loss={loss.item():.4f} weight norm={norm.item():.4f}")
        print("  lr now:", [round(lr, 6) for lr in sched.get_last_lr()])

    smaller = results[0.1][1] < results[0.0][1]
    print("weight decay gives smaller weights:", smaller)
""")

program("cosine_annealing_lr_trajectory", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    w = nn.Parameter(torch.tensor([4.0, -3.0]))
    opt = torch.optim.SGD([w], lr=0.2)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10, eta_min=0.01)

    lrs = []
    for step in range(12):
        opt.zero_grad()
        loss = (w ** 2).sum() + 0.5 * w[0] * w[1]
        loss.backward()
        opt.step()
        lrs.append(sched.get_last_lr()[0])
        sched.step()
        print(f"step {step:2d} | loss {loss.item():8.4f} | w = {w.detach().numpy().round(4)}")

    print("learning rates:", [f"{lr:.4f}" for lr in lrs])
    print("lowest lr reached:", min(lrs))
    print("w.grad:", w.grad)
    print(opt.param_groups[0]["lr"])
""")

program("reduce_on_plateau_val_loss_history", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    X_train = torch.randn(40, 2)
    y_train = (X_train ** 2).sum(1, keepdim=True)
    X_val = torch.randn(20, 2)
    y_val = (X_val ** 2).sum(1, keepdim=True)

    class Quadratic(nn.Module):
        def __init__(self):
            super().__init__()
            self.layer1 = nn.Linear(2, 12)
            self.layer2 = nn.Linear(12, 1)

        def forward(self, x):
            return self.layer2(torch.relu(self.layer1(x)))

    model = Quadratic()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=2)
    criterion = nn.MSELoss()
    history = []
    for epoch in range(15):
        model.train()
        opt.zero_grad()
        loss = criterion(model(X_train), y_train)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val_loss = criterion(model(X_val), y_val).item()
        sched.step(val_loss)
        history.append(val_loss)
        lr = opt.param_groups[0]["lr"]
        print(f"{epoch:2d} train={loss.item():.4f} val={val_loss:.4f} lr={lr}")
    best = min(history)
    print(f"best val loss {best:.4f} at epoch {history.index(best)}")
""")

program("onecycle_lr_and_momentum_schedule", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(6)
    X = torch.randn(64, 3)
    y = torch.randint(0, 3, (64,))
    model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    total_steps = 20
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=total_steps)

    for step in range(total_steps):
        opt.zero_grad()
        logits = model(X)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        opt.step()
        sched.step()
        if step % 4 == 0:
            group = opt.param_groups[0]
            print(f"step {step:2d}: loss={loss.item():.4f} lr={group['lr']:.5f} momentum={group['momentum']:.4f}")

    acc = (model(X).argmax(1) == y).float().mean()
    print("train accuracy:", round(acc.item(), 4))
    print("last lr:", sched.get_last_lr())
""")

program("lambda_lr_inverse_sqrt_warmup", """
    import torch
    import torch.nn as nn

    torch.manual_seed(7)
    warmup = 4

    def inv_sqrt(step):
        step = step + 1
        return min(step / warmup, (warmup / step) ** 0.5)

    layer = nn.Linear(6, 2)
    opt = torch.optim.Adam(layer.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda=inv_sqrt)
    X = torch.randn(24, 6)
    target = torch.randn(24, 2)

    print("initial lr:", sched.get_last_lr())
    losses = []
    for step in range(12):
        opt.zero_grad()
        loss = (layer(X) - target).pow(2).mean()
        loss.backward()
        opt.step()
        sched.step()
        losses.append(round(loss.item(), 4))
        print(f"step {step:2d}  factor {inv_sqrt(step):.3f}  lr {sched.get_last_lr()[0]:.5f}")
    print("losses:", losses)
    print("decreased:", losses[-1] < losses[0])
""")

program("checkpoint_bytesio_model_and_optimizer", """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(8)
    X = torch.randn(20, 3)
    y = X.sum(dim=1, keepdim=True)

    def train(model, opt, steps):
        for _ in range(steps):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
        return loss.item()

    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    print(f"after 5 steps: {train(model, opt, 5):.5f}")

    buffer = io.BytesIO()
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": 5}, buffer)
    print("checkpoint bytes > 0:", buffer.tell() > 0)

    buffer.seek(0)
    ckpt = torch.load(buffer)
    print("keys:", sorted(ckpt.keys()), "epoch:", ckpt["epoch"])
    restored = nn.Linear(3, 1)
    restored.load_state_dict(ckpt["model"])
    opt2 = torch.optim.SGD(restored.parameters(), lr=0.05, momentum=0.9)
    opt2.load_state_dict(ckpt["opt"])
    print("same weights:", torch.equal(restored.weight, model.weight))

    a = train(model, opt, 5)
    b = train(restored, opt2, 5)
    print(f"continued: {a:.6f} vs resumed: {b:.6f}")
    print(restored.weight)
""")

program("forward_hook_handle_remove_counts", """
    import torch
    import torch.nn as nn

    torch.manual_seed(9)
    model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
    calls = []
    stats = {}

    def record(name):
        def hook(module, inputs, output):
            calls.append(name)
            stats[name] = (output.mean().item(), output.std().item())
        return hook

    handles = []
    for name, module in model.named_children():
        handles.append(module.register_forward_hook(record(name)))

    x = torch.randn(8, 4)
    out = model(x)
    print("calls:", calls)
    for name, (m, s) in stats.items():
        print(f"layer {name}: mean {m:+.4f} std {s:.4f}")

    for h in handles:
        h.remove()
    calls.clear()
    out2 = model(x)
    print("calls after remove:", calls)
    print("same output:", torch.allclose(out, out2))
    dead = (model[1](model[0](x)) == 0).float().mean()
    print(f"fraction of dead ReLUs: {dead.item():.3f}")
""")

program("full_backward_hook_grad_output_norms", """
    import torch
    import torch.nn as nn

    torch.manual_seed(10)

    class TwoLayer(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(3, 5)
            self.b = nn.Linear(5, 1)

        def forward(self, x):
            return self.b(torch.sigmoid(self.a(x)))

    net = TwoLayer()
    grad_norms = {}

    def save_grad(name):
        def hook(module, grad_input, grad_output):
            grad_norms[name] = grad_output[0].norm().item()
        return hook

    net.a.register_full_backward_hook(save_grad("a"))
    net.b.register_full_backward_hook(save_grad("b"))

    x = torch.randn(10, 3)
    target = torch.ones(10, 1)
    loss = ((net(x) - target) ** 2).mean()
    loss.backward()
    print(f"loss: {loss.item():.5f}")
    for k in sorted(grad_norms):
        print(f"grad_output norm of {k}: {grad_norms[k]:.6f}")
    print("a.weight.grad:")
    print(net.a.weight.grad)
    print("bias grad of b:", net.b.bias.grad)
""")

program("tensor_hook_vs_retain_grad_intermediate", """
    import torch

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    h = x * w
    h.retain_grad()
    z = torch.tanh(h)
    seen = []
    z.register_hook(lambda g: seen.append(g.clone()))
    doubled = h.register_hook(lambda g: g * 2)
    out = z.sum() + (h ** 2).sum() * 0.1
    out.backward()

    print("out:", out)
    print("grad reaching z:", seen[0])
    print("h.grad:", h.grad)
    print("x.grad:", x.grad)
    print("w.grad:", w.grad)
    print("h.is_leaf:", h.is_leaf, "| z.grad_fn:", z.grad_fn)

    doubled.remove()
    x.grad = None
    w.grad = None
    h = x * w
    out = torch.tanh(h).sum()
    out.backward()
    print("without hooks x.grad:", x.grad)
""")

program("custom_function_swish_gradcheck", """
    import torch
    import torch.nn as nn

    class Swish(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            s = torch.sigmoid(x)
            ctx.save_for_backward(x, s)
            return x * s

        @staticmethod
        def backward(ctx, grad_out):
            x, s = ctx.saved_tensors
            return grad_out * (s + x * s * (1 - s))

    x = torch.linspace(-2, 2, 5, dtype=torch.float64, requires_grad=True)
    y = Swish.apply(x)
    print("swish:", y)
    print("grad_fn:", type(y.grad_fn).__name__)
    print("gradcheck:", torch.autograd.gradcheck(Swish.apply, (x,)))

    class SwishNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(2, 3)
            self.out = nn.Linear(3, 1)

        def forward(self, x):
            return self.out(Swish.apply(self.fc(x)))

    torch.manual_seed(11)
    net = SwishNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = torch.randn(16, 2)
    target = data[:, :1] * data[:, 1:]
    for i in range(20):
        opt.zero_grad()
        loss = ((net(data) - target) ** 2).mean()
        loss.backward()
        opt.step()
        if i % 5 == 0:
            print(f"iter {i}: {loss.item():.5f}")
""")

program("freeze_then_unfreeze_requires_grad_counts", """
    import torch
    import torch.nn as nn

    torch.manual_seed(12)
    backbone = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 8), nn.Tanh())
    head = nn.Linear(8, 2)
    model = nn.Sequential(backbone, head)

    def count(m):
        trainable = sum(p.numel() for p in m.parameters() if p.requires_grad)
        total = sum(p.numel() for p in m.parameters())
        return trainable, total

    X = torch.randn(30, 4)
    y = torch.randint(0, 2, (30,))
    loss_fn = nn.CrossEntropyLoss()

    backbone.requires_grad_(False)
    print("phase 1 trainable/total:", count(model))
    opt = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.3)
    before = backbone[0].weight.clone()
    for step in range(10):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
    print(f"phase 1 loss {loss.item():.4f}; backbone unchanged: {torch.equal(before, backbone[0].weight)}")
    print("backbone grad is None:", backbone[0].weight.grad is None)

    backbone.requires_grad_(True)
    print("phase 2 trainable/total:", count(model))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(10):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
    print(f"phase 2 loss {loss.item():.4f}; backbone changed: {not torch.equal(before, backbone[0].weight)}")
""")

program("grad_accumulation_loader_every_two_batches", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader

    torch.manual_seed(13)
    X = torch.randn(48, 3)
    y = X @ torch.tensor([[2.0], [0.0], [-1.0]]) + 1.0
    loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True,
                        generator=torch.Generator().manual_seed(13))
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.MSELoss()
    accum = 2

    for epoch in range(4):
        opt.zero_grad(set_to_none=True)
        updates = 0
        for i, (xb, yb) in enumerate(loader):
            loss = criterion(model(xb), yb) / accum
            loss.backward()
            if (i + 1) % accum == 0:
                opt.step()
                opt.zero_grad(set_to_none=True)
                updates += 1
        with torch.no_grad():
            full = criterion(model(X), y)
        print(f"epoch {epoch}: {updates} updates, full-data loss {full.item():.5f}")

    print("grad after zero_grad(set_to_none=True):", model.weight.grad)
    print("weight:", model.weight.data, "bias:", model.bias.data)
""")
