"""A fifth corpus of programs of the kind students write after the autograd tutorial
(issue 32: find what still breaks on programs none of the first four corpora holds). Each
mixes constructs as a student does: a module with a custom ``forward`` using ``F.*``, a
``Dataset`` class of its own, ``DataLoader`` with a seeded generator and ``drop_last``,
OneCycle / warm restarts / Sequential / Linear / plateau schedules, clipping with the norm
printed, checkpoints through ``io.BytesIO`` and a temporary file, param groups, several
optimizers, gradient accumulation, tensor and module hooks, a custom ``autograd.Function``
with ``needs_input_grad`` and ``mark_non_differentiable``, ``torch.func``,
``autograd.functional``, LayerNorm / Embedding / GRU / LSTMCell / Conv1d, seeded
``nn.init``, confusion matrices, early stopping, target networks, double backward and
in-place errors caught, printing a lot.

``PROGRAMS`` are scripts (``name -> source``); ``NOTEBOOKS`` are notebooks (``name ->
cells``, a cell starting ``#md`` is Markdown), made into ``.ipynb`` bytes by
``notebook_bytes``; ``corpus5_more.py`` holds the second half.
``tests/document/test_trace_corpus5.py`` opens each and runs its export under torch."""
import textwrap

from corpus4_programs import notebook_bytes  # noqa: F401  (the same .ipynb writer)

PROGRAMS = {}
NOTEBOOKS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


def notebook(name, *cells):
    NOTEBOOKS[name] = [textwrap.dedent(c).strip("\n") for c in cells]


program("gelu_net_onecycle_lr_trace", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(3)

    class GeluNet(nn.Module):
        def __init__(self, width=6):
            super().__init__()
            self.inp = nn.Linear(3, width)
            self.out = nn.Linear(width, 1)

        def forward(self, x):
            h = F.gelu(self.inp(x))
            return self.out(h).squeeze(-1)

    net = GeluNet()
    print(net)
    X = torch.randn(40, 3)
    y = X.sum(dim=1) ** 2 / 3

    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.05, total_steps=12)
    lrs = []
    for step in range(12):
        opt.zero_grad()
        loss = F.mse_loss(net(X), y)
        loss.backward()
        opt.step()
        lrs.append(sched.get_last_lr()[0])
        sched.step()
        if step % 3 == 0:
            print(f"step {step:02d} | loss {loss.item():8.5f} | lr {lrs[-1]:.5f}")

    print("peak lr at step", lrs.index(max(lrs)))
    print([round(v, 4) for v in lrs])
    print("final momentum:", round(opt.param_groups[0]["momentum"], 4))
""")

program("custom_dataset_class_uneven_batches", """
    import torch
    from torch.utils.data import Dataset, DataLoader

    class SquaresDataset(Dataset):
        \"\"\"x -> x**2 for x in a grid\"\"\"
        def __init__(self, n):
            self.x = torch.linspace(-1, 1, n).unsqueeze(1)
            self.y = self.x ** 2

        def __len__(self):
            return len(self.x)

        def __getitem__(self, i):
            return self.x[i], self.y[i]

    ds = SquaresDataset(25)
    print("dataset size:", len(ds))
    x0, y0 = ds[3]
    print("item 3:", x0, y0)

    g = torch.Generator().manual_seed(7)
    loader = DataLoader(ds, batch_size=7, shuffle=True, generator=g)
    print("batches per epoch:", len(loader))
    for i, (xb, yb) in enumerate(loader):
        print(i, tuple(xb.shape), f"mean y = {yb.mean().item():.4f}")

    loader2 = DataLoader(ds, batch_size=7, shuffle=False, drop_last=True)
    print("with drop_last:", len(loader2), "batches")
    sizes = [xb.shape[0] for xb, _ in loader2]
    print(sizes)

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.03)
    for epoch in range(3):
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item() * len(xb)
        print(f"epoch {epoch}: mean loss {total / len(ds):.5f}")
""")

program("warm_restarts_cosine_schedule", """
    import torch
    from torch.optim.lr_scheduler import CosineAnnealingWarmRestarts

    torch.manual_seed(11)
    w = torch.randn(4, requires_grad=True)
    target = torch.tensor([1.0, -1.0, 0.5, 2.0])
    opt = torch.optim.SGD([w], lr=0.2)
    sched = CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.01)

    history = []
    for it in range(10):
        opt.zero_grad()
        loss = ((w - target) ** 2).mean()
        loss.backward()
        opt.step()
        sched.step()
        history.append(loss.item())
        print(f"it {it}: lr after step = {opt.param_groups[0]['lr']:.6f}, T_cur = {sched.T_cur}")

    print("loss went from", f"{history[0]:.4f}", "to", f"{history[-1]:.6f}")
    print("w =", w)
    print("w.grad =", w.grad)
    print(sched.state_dict()["T_i"], sched.state_dict()["base_lrs"])
""")

program("linear_warmup_then_exponential_sequential", """
    import torch
    import torch.nn as nn
    from torch.optim.lr_scheduler import LinearLR, ExponentialLR, SequentialLR

    torch.manual_seed(5)
    model = nn.Linear(4, 2)
    print(model.weight.shape, model.bias.dtype)
    opt = torch.optim.AdamW(model.parameters(), lr=0.1, weight_decay=0.05)
    warmup = LinearLR(opt, start_factor=0.25, total_iters=3)
    decay = ExponentialLR(opt, gamma=0.8)
    sched = SequentialLR(opt, schedulers=[warmup, decay], milestones=[3])

    X = torch.randn(16, 4)
    y = torch.randint(0, 2, (16,))
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(8):
        opt.zero_grad()
        out = model(X)
        loss = loss_fn(out, y)
        loss.backward()
        opt.step()
        print(f"epoch {epoch} lr={sched.get_last_lr()[0]:.5f} loss={loss.item():.4f}")
        sched.step()

    print(opt)
    print("weight norm:", model.weight.norm().item())
""")

program("plateau_on_accuracy_mode_max", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(8)
    X = torch.randn(60, 2)
    y = (X[:, 0] + 0.5 * X[:, 1] > 0).long()
    Xtr, ytr, Xva, yva = X[:40], y[:40], X[40:], y[40:]

    model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="max", factor=0.5, patience=1)

    for epoch in range(10):
        model.train()
        opt.zero_grad()
        loss = F.cross_entropy(model(Xtr), ytr)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            acc = (model(Xva).argmax(dim=1) == yva).float().mean().item()
        sched.step(acc)
        print(f"epoch {epoch}: loss {loss.item():.4f} val acc {acc:.3f} lr {opt.param_groups[0]['lr']}")

    print("best:", sched.best, "bad epochs:", sched.num_bad_epochs)
    print(model[2].bias)
""")

program("clip_norm_returned_and_clip_value", """
    import torch
    import torch.nn as nn
    from torch.nn.utils import clip_grad_norm_, clip_grad_value_

    torch.manual_seed(4)
    model = nn.Sequential(nn.Linear(3, 5), nn.Sigmoid(), nn.Linear(5, 1))
    X = torch.randn(10, 3) * 20     # large inputs -> large gradients
    y = torch.randn(10, 1)

    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for step in range(4):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        before = clip_grad_norm_(model.parameters(), max_norm=1.0)
        after = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters()))
        print(f"step {step}: norm before {before.item():.4f}, after {after.item():.4f}")
        opt.step()

    opt.zero_grad()
    loss = ((model(X) - y) ** 2).mean()
    loss.backward()
    inf_norm = clip_grad_norm_(model.parameters(), max_norm=0.5, norm_type=float("inf"))
    print("inf norm:", inf_norm)
    print("largest grad now:", max(p.grad.abs().max().item() for p in model.parameters()))

    opt.zero_grad()
    ((model(X) - y) ** 2).mean().backward()
    clip_grad_value_(model.parameters(), clip_value=0.1)
    print(model[0].bias.grad)
    print(model[2].weight.grad.min().item(), model[2].weight.grad.max().item())
""")

program("state_dict_tempfile_fresh_model", """
    import os
    import tempfile
    import torch
    import torch.nn as nn

    class TinyNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 2)
            self.register_buffer("calls", torch.zeros(1))

        def forward(self, x):
            self.calls += 1
            return torch.softmax(self.fc(x), dim=-1)

    torch.manual_seed(12)
    net = TinyNet()
    x = torch.randn(4, 3)
    print(net(x))
    print(list(net.state_dict().keys()))

    path = os.path.join(tempfile.mkdtemp(), "tiny.pt")
    torch.save(net.state_dict(), path)
    print("saved", os.path.basename(path))

    torch.manual_seed(99)
    fresh = TinyNet()
    print("equal before load?", torch.equal(fresh.fc.weight, net.fc.weight))
    result = fresh.load_state_dict(torch.load(path))
    print(result)
    print("equal after load?", torch.equal(fresh.fc.weight, net.fc.weight))
    print("calls buffer:", fresh.calls)
    print(torch.allclose(fresh(x), net(x)))

    partial = {"fc.weight": net.fc.weight.detach().clone()}
    other = TinyNet()
    missing = other.load_state_dict(partial, strict=False)
    print("missing:", missing.missing_keys)
    print("unexpected:", missing.unexpected_keys)
    os.remove(path)
""")

program("param_groups_backbone_head", """
    import torch
    import torch.nn as nn

    torch.manual_seed(6)
    backbone = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
    head = nn.Linear(8, 3)
    model = nn.Sequential(backbone, head)

    opt = torch.optim.SGD([
        {"params": backbone.parameters(), "lr": 0.01},
        {"params": head.parameters(), "lr": 0.1, "weight_decay": 1e-3},
    ], momentum=0.9, nesterov=True)
    print(opt)
    for i, group in enumerate(opt.param_groups):
        n = sum(p.numel() for p in group["params"])
        print(f"group {i}: {n} params, lr={group['lr']}, wd={group['weight_decay']}")

    X = torch.randn(24, 4)
    y = torch.randint(0, 3, (24,))
    head_before = head.weight.detach().clone()
    back_before = backbone[0].weight.detach().clone()
    for step in range(6):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
    print(f"loss after 6 steps: {loss.item():.5f}")
    print("head moved by    ", (head.weight - head_before).abs().sum().item())
    print("backbone moved by", (backbone[0].weight - back_before).abs().sum().item())
    opt.param_groups[1]["lr"] *= 0.1
    print([g["lr"] for g in opt.param_groups])
    print(opt.state[head.weight]["momentum_buffer"].shape)
""")

program("four_optimizers_same_bowl", """
    import torch

    def bowl(p):
        # an elongated quadratic bowl with its minimum at (1, -2)
        return 5 * (p[0] - 1) ** 2 + 0.5 * (p[1] + 2) ** 2

    makers = {
        "SGD+nesterov": lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.8, nesterov=True),
        "Adam": lambda ps: torch.optim.Adam(ps, lr=0.3),
        "AdamW": lambda ps: torch.optim.AdamW(ps, lr=0.3, weight_decay=0.1),
        "RMSprop": lambda ps: torch.optim.RMSprop(ps, lr=0.1, alpha=0.9),
    }
    results = {}
    for name, make in makers.items():
        torch.manual_seed(0)
        p = torch.zeros(2, requires_grad=True)
        opt = make([p])
        for _ in range(25):
            opt.zero_grad()
            loss = bowl(p)
            loss.backward()
            opt.step()
        results[name] = (loss.item(), p.detach().clone())
        print(f"{name:>13}: loss={loss.item():.6f} p={p.data.tolist()}")

    best = min(results, key=lambda k: results[k][0])
    print("best optimizer:", best)
    print(results["Adam"][1])
    print(type(results["RMSprop"][1]), results["RMSprop"][1].requires_grad)
""")

program("accumulate_micro_batches_vs_full", """
    import torch
    import torch.nn as nn

    torch.manual_seed(13)
    model = nn.Linear(5, 1)
    X = torch.randn(12, 5)
    y = torch.randn(12, 1)
    loss_fn = nn.MSELoss()

    # gradient of the full batch
    model.zero_grad()
    loss_fn(model(X), y).backward()
    full_grad = model.weight.grad.clone()

    # the same gradient from 4 micro-batches of 3
    model.zero_grad()
    micro = 3
    steps = len(X) // micro
    for k in range(steps):
        xb, yb = X[k * micro:(k + 1) * micro], y[k * micro:(k + 1) * micro]
        loss = loss_fn(model(xb), yb) / steps
        loss.backward()
        print(f"micro-batch {k}: loss {loss.item():.5f} grad norm so far {model.weight.grad.norm():.5f}")
    print("full   :", full_grad)
    print("accum  :", model.weight.grad)
    print("close? ", torch.allclose(full_grad, model.weight.grad, atol=1e-6))

    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        opt.zero_grad()
        for k in range(steps):
            xb, yb = X[k * micro:(k + 1) * micro], y[k * micro:(k + 1) * micro]
            (loss_fn(model(xb), yb) / steps).backward()
        opt.step()
        with torch.no_grad():
            print(f"epoch {epoch}: full loss {loss_fn(model(X), y).item():.5f}")
""")

program("grad_hooks_clamp_and_named_dict", """
    import torch

    torch.manual_seed(21)
    weights = {"w1": torch.randn(3, 3, requires_grad=True),
               "w2": torch.randn(3, 1, requires_grad=True)}
    seen = {}

    def keep(name):
        def hook(grad):
            seen[name] = grad.detach().clone()
        return hook

    for name, t in weights.items():
        t.register_hook(keep(name))

    x = torch.randn(5, 3)
    h = torch.relu(x @ weights["w1"])
    h.register_hook(lambda g: g.clamp(-0.1, 0.1))    # clip the hidden gradient
    out = (h @ weights["w2"]).sum()
    out.backward()

    for name, g in seen.items():
        print(name, tuple(g.shape), f"{g.abs().sum().item():.5f}")
    print(torch.equal(seen["w1"], weights["w1"].grad))
    print(weights["w2"].grad.T)

    counter = []
    y = torch.tensor([2.0, -1.0], requires_grad=True)
    handle = y.register_hook(lambda g: counter.append(g.sum().item()) or g * 2)
    (y ** 3).sum().backward()
    print("grad doubled by the hook:", y.grad)
    handle.remove()
    y.grad = None
    (y ** 3).sum().backward()
    print("after remove:", y.grad, "hook calls:", counter)
""")

program("module_pre_and_backward_hooks", """
    import torch
    import torch.nn as nn

    torch.manual_seed(17)
    net = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))
    log = []

    def scale_input(module, args):
        (x,) = args
        log.append(("pre", tuple(x.shape)))
        return (x * 0.5,)

    def show_output(module, args, output):
        log.append(("fwd", type(module).__name__, round(output.abs().mean().item(), 4)))

    def show_grads(module, grad_input, grad_output):
        log.append(("bwd", type(module).__name__, tuple(grad_output[0].shape)))

    h1 = net[0].register_forward_pre_hook(scale_input)
    h2 = net[1].register_forward_hook(show_output)
    h3 = net[2].register_full_backward_hook(show_grads)

    x = torch.randn(6, 4)
    out = net(x)
    out.pow(2).sum().backward()
    for entry in log:
        print(entry)
    print(net[0].weight.grad[0])

    for h in (h1, h2, h3):
        h.remove()
    log.clear()
    out2 = net(x)
    print("hooks removed, log:", log)
    print("outputs differ:", not torch.allclose(out, out2))
    print(out2[:2])
""")

program("custom_function_topk_mask_gradcheck", """
    import torch
    from torch.autograd import Function, gradcheck

    class SoftSign(Function):
        @staticmethod
        def forward(ctx, x, scale):
            ctx.save_for_backward(x)
            ctx.scale = scale
            return x / (scale + x.abs())

        @staticmethod
        def backward(ctx, grad_out):
            (x,) = ctx.saved_tensors
            grad_x = None
            if ctx.needs_input_grad[0]:
                grad_x = grad_out * ctx.scale / (ctx.scale + x.abs()) ** 2
            return grad_x, None

    class ArgmaxMask(Function):
        @staticmethod
        def forward(ctx, x):
            idx = x.argmax(dim=-1)
            ctx.mark_non_differentiable(idx)
            return x * 1.0, idx

        @staticmethod
        def backward(ctx, grad_y, grad_idx):
            return grad_y

    torch.manual_seed(2)
    x = torch.randn(5, dtype=torch.double, requires_grad=True)
    y = SoftSign.apply(x, 2.0)
    print(y)
    print(y.grad_fn is not None)
    y.sum().backward()
    print("grad:", x.grad)
    print("gradcheck:", gradcheck(lambda t: SoftSign.apply(t, 2.0), (x,), eps=1e-6, atol=1e-4))

    m = torch.randn(3, 4, requires_grad=True)
    vals, idx = ArgmaxMask.apply(m)
    print(idx, idx.requires_grad, idx.dtype)
    vals.sum().backward()
    print(m.grad.sum().item())
""")

program("func_grad_vmap_jacrev_regression", """
    import torch
    from torch.func import grad, vmap, jacrev

    torch.manual_seed(31)
    w = torch.randn(3)
    b = torch.tensor(0.5)
    X = torch.randn(6, 3)
    y = torch.randn(6)

    def loss_one(w, b, x, t):
        pred = x @ w + b
        return (pred - t) ** 2

    # gradient of one sample's loss with respect to w and b
    g_w, g_b = grad(loss_one, argnums=(0, 1))(w, b, X[0], y[0])
    print("one sample:", g_w, g_b)

    per_sample = vmap(grad(loss_one), in_dims=(None, None, 0, 0))(w, b, X, y)
    print("per-sample grads:", per_sample.shape)
    print(per_sample.mean(dim=0))

    def mean_loss(w):
        return ((X @ w + b - y) ** 2).mean()
    print("grad of the mean:", grad(mean_loss)(w))
    print(torch.allclose(per_sample.mean(0), grad(mean_loss)(w), atol=1e-6))

    def features(v):
        return torch.stack([v.sin().sum(), (v ** 2).sum(), v.prod()])
    J = jacrev(features)(w)
    print("jacobian", tuple(J.shape))
    print(J)
""")

program("functional_jacobian_hessian_quadratic", """
    import torch
    from torch.autograd.functional import jacobian, hessian, vjp

    torch.manual_seed(23)
    A = torch.randn(3, 3)
    b = torch.randn(3)

    def quad(x):
        return x @ A @ x + b @ x

    x0 = torch.tensor([0.5, -1.0, 2.0])
    print("f(x0) =", round(quad(x0).item(), 5))
    J = jacobian(quad, x0)
    print("jacobian:", J)
    print("analytic:", (A + A.T) @ x0 + b)
    H = hessian(quad, x0)
    print("hessian == A + A.T:", torch.allclose(H, A + A.T))
    print(H)

    def pair(u, v):
        return torch.stack([u * v, u + v]).sum(dim=1)
    Ju, Jv = jacobian(pair, (torch.ones(2), torch.arange(2.0)))
    print(Ju.shape, Jv.shape)
    print(Jv)

    out, back = vjp(lambda t: t.exp().cumsum(0), x0, torch.ones(3))
    print("vjp out:", out)
    print("vjp:", back)
""")


# the second half (split for size): it adds to PROGRAMS and NOTEBOOKS
import corpus5_more  # noqa: E402,F401
