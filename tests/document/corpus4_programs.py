"""A fourth corpus of programs of the kind students write right after the autograd
tutorial (issue 32: the hidden programs reviewers measure us with are of this kind, so the
first three corpora must not be all we measure). Each is written as a student writes it:
comments, prints with f-strings and ``.item()``, model reprs, shapes and dtypes. The
themes: a module class and its ``state_dict``, a ``Sequential`` trained with
``CrossEntropyLoss``, mini-batches and ``DataLoader``, ``eval()`` + ``no_grad``
accuracy, schedulers, clipping, weight decay, a custom ``autograd.Function``, tensor and
module hooks, ``autograd.functional``, a gradient penalty, ``.data`` pitfalls, in-place
errors, ``torch.save``/``load``, numpy interop, dtype promotion, print formats, loss-shape
traps, an embedding language model, early stopping.

``PROGRAMS`` are scripts (``name -> source``); ``NOTEBOOKS`` are notebooks (``name ->
cells``, a cell starting ``#md`` is Markdown), made into ``.ipynb`` bytes by
``notebook_bytes``; ``corpus4_more.py`` holds the second half.
``tests/document/test_trace_corpus4.py`` opens each and runs its export under torch."""
import json
import textwrap

PROGRAMS = {}
NOTEBOOKS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


def notebook(name, *cells):
    NOTEBOOKS[name] = [textwrap.dedent(c).strip("\n") for c in cells]


def notebook_bytes(cells):
    """The ``.ipynb`` file (nbformat 4) of ``cells``."""
    out = []
    for c in cells:
        kind = "markdown" if c.startswith("#md") else "code"
        text = c[3:].lstrip("\n") if kind == "markdown" else c
        cell = {"cell_type": kind, "metadata": {}, "source": text}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        out.append(cell)
    return json.dumps({"cells": out, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}, indent=1).encode()


program("module_class_state_dict_tour", """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(0)

    # a two-layer regression net, written as a class
    class Regressor(nn.Module):
        def __init__(self, n_in, n_hidden):
            super().__init__()
            self.hidden = nn.Linear(n_in, n_hidden)
            self.out = nn.Linear(n_hidden, 1)

        def forward(self, x):
            return self.out(torch.tanh(self.hidden(x)))

    model = Regressor(3, 5)
    print(model)
    total = sum(p.numel() for p in model.parameters())
    print(f"parameters: {total}")
    for name, tensor in model.state_dict().items():
        print(f"{name:15s} {tuple(tensor.shape)} {tensor.dtype}")

    X = torch.randn(16, 3)
    y = X[:, :1] * 2.0 - X[:, 1:2]
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(5):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f}")

    buf = io.BytesIO()
    torch.save(model.state_dict(), buf)
    buf.seek(0)
    clone = Regressor(3, 5)
    print(clone.load_state_dict(torch.load(buf)))
    print("same predictions:", torch.equal(clone(X), model(X)))
    print(model.out.bias)
""")

program("sequential_cross_entropy_eval_accuracy", """
    import torch
    import torch.nn as nn

    torch.manual_seed(1)
    # three blobs in 2-D, one per class
    centers = torch.tensor([[2.0, 0.0], [-2.0, 1.0], [0.0, -2.0]])
    labels = torch.arange(3).repeat_interleave(10)
    X = centers[labels] + 0.5 * torch.randn(30, 2)
    print(X.shape, labels.shape, labels.dtype)

    model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 3))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)

    for step in range(15):
        optimizer.zero_grad()
        logits = model(X)
        loss = criterion(logits, labels)
        loss.backward()
        optimizer.step()
        if step % 5 == 0:
            print(f"step {step:2d}  loss {loss.item():.4f}")

    model.eval()
    with torch.no_grad():
        pred = model(X).argmax(dim=1)
        acc = (pred == labels).float().mean()
    print(f"train accuracy: {acc.item():.2%}")
    print("predictions:", pred[:6])
    print("requires grad inside no_grad?", model(X).requires_grad)
""")

program("manual_minibatches_randperm_epochs", """
    import torch

    torch.manual_seed(2)
    # linear regression with hand-made mini-batches
    N, D = 32, 2
    X = torch.randn(N, D)
    true_w = torch.tensor([[1.5], [-0.5]])
    y = X @ true_w + 0.1 * torch.randn(N, 1)

    w = torch.zeros(D, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    lr, batch_size = 0.1, 8
    history = []
    for epoch in range(3):
        perm = torch.randperm(N)
        running = 0.0
        for start in range(0, N, batch_size):
            idx = perm[start:start + batch_size]
            xb, yb = X[idx], y[idx]
            loss = ((xb @ w + b - yb) ** 2).mean()
            loss.backward()
            with torch.no_grad():
                w -= lr * w.grad
                b -= lr * b.grad
            w.grad.zero_()
            b.grad.zero_()
            running += loss.item() * len(idx)
        history.append(running / N)
        print(f"epoch {epoch + 1}: mean loss {history[-1]:.5f}")
    print("w =", w.detach().flatten())
    print("b =", b.item())
    print([round(h, 3) for h in history])
""")

program("dataloader_tensordataset_shuffled", """
    import torch
    import torch.nn as nn
    from torch.utils.data import DataLoader, TensorDataset

    torch.manual_seed(3)
    X = torch.randn(20, 4)
    y = (X.sum(dim=1) > 0).long()
    dataset = TensorDataset(X, y)
    print(len(dataset), dataset[0][0].shape, dataset[0][1])

    g = torch.Generator().manual_seed(42)
    loader = DataLoader(dataset, batch_size=6, shuffle=True, generator=g)
    print("batches per epoch:", len(loader))

    model = nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(2):
        total = 0.0
        for i, (xb, yb) in enumerate(loader):
            if epoch == 0:
                print(f"  batch {i}: x {tuple(xb.shape)} y {yb.tolist()}")
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: {total / len(loader):.4f}")
    print(model.weight)
""")

program("steplr_and_multistep_schedules", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)

    x = torch.randn(8, 2)
    y = torch.randn(8, 1)
    for epoch in range(6):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        sched.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}, next lr {sched.get_last_lr()[0]}")

    # a second optimizer with milestones
    opt2 = torch.optim.SGD(model.parameters(), lr=1.0)
    multi = torch.optim.lr_scheduler.MultiStepLR(opt2, milestones=[1, 3], gamma=0.1)
    lrs = []
    for epoch in range(5):
        opt2.step()
        multi.step()
        lrs.append(opt2.param_groups[0]["lr"])
    print("lrs:", [f"{lr:.3g}" for lr in lrs])
    print(sched.state_dict()["last_epoch"], multi.last_epoch)
""")

program("clip_grad_norm_exploding_inputs", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    X = torch.randn(10, 3) * 50      # badly scaled inputs
    y = torch.randn(10, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.01)

    for step in range(4):
        opt.zero_grad()
        loss = nn.MSELoss()(net(X), y)
        loss.backward()
        # the norm of all gradients together, before clipping
        manual = torch.sqrt(sum((p.grad ** 2).sum() for p in net.parameters()))
        total = nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
        after = torch.sqrt(sum((p.grad ** 2).sum() for p in net.parameters()))
        print(f"step {step}: loss {loss.item():10.3f} norm {total.item():9.3f} "
              f"manual {manual.item():9.3f} after {after.item():.4f}")
        opt.step()
    nn.utils.clip_grad_value_(net.parameters(), clip_value=0.05)
    print(net[2].weight.grad)
""")

program("weight_decay_sgd_vs_manual_l2", """
    import copy
    import torch
    import torch.nn as nn

    torch.manual_seed(6)
    base = nn.Linear(3, 2)
    a = copy.deepcopy(base)
    b = copy.deepcopy(base)
    X = torch.randn(12, 3)
    Y = torch.randn(12, 2)

    opt_a = torch.optim.SGD(a.parameters(), lr=0.1, weight_decay=0.01)
    opt_b = torch.optim.SGD(b.parameters(), lr=0.1)
    for step in range(5):
        opt_a.zero_grad()
        ((a(X) - Y) ** 2).mean().backward()
        opt_a.step()

        opt_b.zero_grad()
        l2 = sum((p ** 2).sum() for p in b.parameters())
        loss_b = ((b(X) - Y) ** 2).mean() + 0.01 / 2 * l2
        loss_b.backward()
        opt_b.step()
    print("weight decay == manual L2:", torch.allclose(a.weight, b.weight, atol=1e-6))
    print(a.weight)
    print(f"weight norm: {a.weight.norm().item():.5f}")

    c = copy.deepcopy(base)
    adamw = torch.optim.AdamW(c.parameters(), lr=0.05, weight_decay=0.5)
    for step in range(3):
        adamw.zero_grad()
        ((c(X) - Y) ** 2).mean().backward()
        adamw.step()
    print(f"AdamW weight norm: {c.weight.norm().item():.5f}")
""")

program("custom_function_straight_through_round", """
    import torch

    class RoundSTE(torch.autograd.Function):
        # rounds in the forward pass, lets the gradient through unchanged
        @staticmethod
        def forward(ctx, x):
            return torch.round(x)

        @staticmethod
        def backward(ctx, grad_output):
            return grad_output

    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 3

        @staticmethod
        def backward(ctx, grad_output):
            (x,) = ctx.saved_tensors
            return 3 * x ** 2 * grad_output

    x = torch.tensor([0.2, 1.6, -2.4], requires_grad=True)
    y = RoundSTE.apply(x)
    print(y, y.grad_fn is not None)
    (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print("grad through STE:", x.grad)

    x.grad = None
    z = Cube.apply(x).sum()
    z.backward()
    print("grad of cube:", x.grad)
    print("matches 3x^2:", torch.allclose(x.grad, 3 * x.detach() ** 2))
    xd = torch.randn(4, dtype=torch.double, requires_grad=True)
    print("gradcheck:", torch.autograd.gradcheck(Cube.apply, (xd,)))
""")

program("tensor_hooks_scale_and_record", """
    import torch

    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    h = x * 2
    h.retain_grad()
    seen = []
    # record the gradient flowing into h, then halve it
    h.register_hook(lambda g: seen.append(g.clone()))
    h.register_hook(lambda g: g * 0.5)
    out = (h ** 2).sum()
    out.backward()
    print("h.grad (after hooks):", h.grad)
    print("x.grad:", x.grad)
    print("hook saw", len(seen), "gradient(s):", seen[0])

    # a hook on a leaf that clips each gradient
    w = torch.tensor([0.5, 4.0], requires_grad=True)
    w.register_hook(lambda g: g.clamp(-1.0, 1.0))
    loss = (w ** 3).sum()
    loss.backward()
    print(f"clipped leaf grad: {w.grad.tolist()}")
""")

program("module_forward_hooks_activation_stats", """
    import torch
    import torch.nn as nn

    torch.manual_seed(7)
    model = nn.Sequential(
        nn.Linear(4, 16), nn.ReLU(),
        nn.Linear(16, 16), nn.ReLU(),
        nn.Linear(16, 3),
    )
    stats = {}

    def make_hook(name):
        def hook(module, inputs, output):
            stats[name] = (output.mean().item(), output.std().item(),
                           (output > 0).float().mean().item())
        return hook

    handles = []
    for name, module in model.named_modules():
        if isinstance(module, nn.ReLU):
            handles.append(module.register_forward_hook(make_hook(name)))
    x = torch.randn(64, 4)
    logits = model(x)
    print(logits.shape)
    print(f"{'layer':>5} {'mean':>8} {'std':>8} {'alive':>6}")
    for name, (m, s, alive) in stats.items():
        print(f"{name:>5} {m:8.4f} {s:8.4f} {alive:6.1%}")
    for h in handles:
        h.remove()
    stats.clear()
    model(x)
    print("after remove:", stats)
""")

program("autograd_functional_tour", """
    import torch
    from torch.autograd.functional import hessian, jacobian, jvp, vjp

    def f(x):
        return torch.stack([x[0] * x[1], x[0] ** 2 + torch.sin(x[1])])

    def energy(x):
        return (x ** 4).sum() / 4 + x[0] * x[1]

    x = torch.tensor([1.0, 2.0])
    J = jacobian(f, x)
    print("J =", J)
    print("shape", J.shape)
    H = hessian(energy, x)
    print("H =", H)
    out, v = vjp(f, x, torch.tensor([1.0, -1.0]))
    print("vjp:", out, v)
    out, jv = jvp(f, x, torch.tensor([0.5, 0.5]))
    print("jvp:", jv)
    print("vjp matches v @ J:", torch.allclose(v, torch.tensor([1.0, -1.0]) @ J))
    J2 = jacobian(lambda a, b: a * b + b, (x, torch.tensor([3.0, 4.0])))
    print(type(J2).__name__, len(J2), J2[0])
""")

program("gradient_penalty_critic", """
    import torch
    import torch.nn as nn

    torch.manual_seed(8)
    critic = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.Adam(critic.parameters(), lr=1e-2)
    real = torch.randn(16, 2) + 2.0
    fake = torch.randn(16, 2)

    for step in range(3):
        eps = torch.rand(16, 1)
        mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
        score = critic(mix)
        grads = torch.autograd.grad(score.sum(), mix, create_graph=True)[0]
        penalty = ((grads.norm(2, dim=1) - 1) ** 2).mean()
        loss = critic(fake).mean() - critic(real).mean() + 10 * penalty
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f} penalty {penalty.item():.4f}")
    print(grads.shape, grads.requires_grad)
    print(critic[2].weight.grad)
""")

program("data_attribute_pitfalls", """
    import torch

    # .data changes a tensor behind autograd's back; .detach() shares memory but is tracked
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out = a.sigmoid()
    out.data.mul_(0)        # autograd does not notice
    out.sum().backward()
    print("out:", out)
    print("grad computed from the zeroed output:", a.grad)

    b = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out2 = b.sigmoid()
    d = out2.detach()
    d.zero_()
    try:
        out2.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", str(e).split(".")[0])
    print(out2._version, d._version)

    w = torch.tensor([0.5, -0.5], requires_grad=True)
    w.data += 1.0          # an update no graph sees
    print(w, w.is_leaf, w.grad_fn)
    w2 = w.detach().clone()
    w2 += 1.0
    print(w2.requires_grad, w)
""")

program("inplace_errors_and_fixes", """
    import torch

    x = torch.tensor([0.5, 1.5], requires_grad=True)
    # 1. in-place on a leaf that requires grad
    try:
        x.add_(1.0)
    except RuntimeError as err:
        print("leaf:", err)

    # 2. in-place on a tensor saved for backward
    y = torch.exp(x)
    y.add_(1)
    try:
        y.sum().backward()
    except RuntimeError as err:
        print("saved:", str(err)[:90])

    # the fix: work on a copy
    y = torch.exp(x)
    z = y.clone()
    z.add_(1)
    (y * z).sum().backward()
    print("grad:", x.grad)

    # 3. in-place under no_grad is fine
    with torch.no_grad():
        x.mul_(2)
    print(x, x.requires_grad)
    print(f"version counter: {x._version}")
""")


# the second half (split for size): it adds to PROGRAMS and NOTEBOOKS
import corpus4_more  # noqa: E402,F401
