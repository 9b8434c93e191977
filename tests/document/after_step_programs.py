"""Programs of the patterns issue 32's last measure still recorded, most frequent in
student code first: an epoch loop with a training pass and a validation pass
inside each epoch (inline, and through ``train_one_epoch`` / ``evaluate`` helpers
returning floats); lists of losses (``losses.append(loss.detach())`` or ``.item()``)
averaged by ``torch.stack(losses).mean()`` or ``sum(losses) / len(losses)``; tensor and
module hooks registered after a backward and removed between steps; in-place arithmetic on
parameters after an optimizer step (``clamp_``, a weight decay by hand, ``w -= lr *
w.grad`` beside an optimizer); forward-mode AD with ``fwAD.dual_level()``.

``PROGRAMS``: name -> source. ``tests/document/test_trace_after_step.py`` opens each and
runs its export under torch."""
import textwrap

PROGRAMS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("epoch_train_val_inline", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader

    torch.manual_seed(0)
    X = torch.randn(64, 4)
    y = (X[:, 0] + X[:, 1] > 0).long()
    X_train, y_train = X[:48], y[:48]
    X_val, y_val = X[48:], y[48:]
    train_loader = DataLoader(TensorDataset(X_train, y_train), batch_size=16, shuffle=True)
    val_loader = DataLoader(TensorDataset(X_val, y_val), batch_size=8)

    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    for epoch in range(3):
        model.train()
        train_loss = 0.0
        for xb, yb in train_loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            train_loss += loss.item()
        model.eval()
        val_loss, correct = 0.0, 0
        with torch.no_grad():
            for xb, yb in val_loader:
                out = model(xb)
                val_loss += loss_fn(out, yb).item()
                correct += (out.argmax(1) == yb).sum().item()
        print(f"epoch {epoch}: train {train_loss / len(train_loader):.4f} "
              f"val {val_loss / len(val_loader):.4f} acc {correct / len(X_val):.2f}")
""")

program("epoch_train_val_helpers", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader

    torch.manual_seed(1)
    X = torch.randn(60, 3)
    y = X @ torch.tensor([[1.5], [-2.0], [0.5]]) + 0.1 * torch.randn(60, 1)
    train_ds = TensorDataset(X[:45], y[:45])
    val_ds = TensorDataset(X[45:], y[45:])
    train_loader = DataLoader(train_ds, batch_size=15, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=15)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(3, 1)

        def forward(self, x):
            return self.lin(x)

    def train_one_epoch(model, loader, opt, loss_fn):
        model.train()
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item() * len(xb)
        return total / len(loader.dataset)

    def evaluate(model, loader, loss_fn):
        model.eval()
        total = 0.0
        with torch.no_grad():
            for xb, yb in loader:
                total += loss_fn(model(xb), yb).item() * len(xb)
        return total / len(loader.dataset)

    model = Net()
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()
    for epoch in range(4):
        tr = train_one_epoch(model, train_loader, opt, loss_fn)
        va = evaluate(model, val_loader, loss_fn)
        print(f"Epoch {epoch + 1}/4 | train loss {tr:.4f} | val loss {va:.4f}")
    print(model.lin.weight)
""")

program("epoch_train_val_whole_tensor_val", """
    import torch
    import torch.nn as nn

    torch.manual_seed(3)
    X = torch.randn(40, 2)
    y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)
    X_tr, y_tr, X_va, y_va = X[:30], y[:30], X[30:], y[30:]
    model = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    crit = nn.BCEWithLogitsLoss()
    history = {"train": [], "val": []}
    for epoch in range(5):
        model.train()
        perm = torch.randperm(30)
        for i in range(0, 30, 10):
            idx = perm[i:i + 10]
            loss = crit(model(X_tr[idx]), y_tr[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            tl = crit(model(X_tr), y_tr).item()
            vl = crit(model(X_va), y_va).item()
            acc = ((model(X_va) > 0).float() == y_va).float().mean().item()
        history["train"].append(tl)
        history["val"].append(vl)
        print(f"{epoch} {tl:.4f} {vl:.4f} {acc:.3f}")
    print("best val:", round(min(history["val"]), 4))
""")

program("losses_detach_stack_mean", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    X = torch.randn(32, 3)
    y = X.sum(dim=1, keepdim=True)

    class Reg(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 1)

        def forward(self, x):
            return self.fc(x)

    model = Reg()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(3):
        losses = []
        for i in range(0, 32, 8):
            pred = model(X[i:i + 8])
            loss = ((pred - y[i:i + 8]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.detach())
        print(epoch, torch.stack(losses).mean())
""")

program("losses_item_sum_len", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    X = torch.randn(20, 2)
    y = 3 * X[:, :1] - X[:, 1:]
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = nn.MSELoss()
    losses = []
    for step in range(6):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    print("mean loss:", sum(losses) / len(losses))
    print("first/last:", round(losses[0], 4), round(losses[-1], 4))
    print(f"avg of last 3: {sum(losses[-3:]) / 3:.5f}")
""")

program("losses_detach_stack_after_loop", """
    import torch
    import torch.nn as nn

    torch.manual_seed(6)
    X = torch.randn(16, 4)
    t = torch.randint(0, 3, (16,))
    model = nn.Sequential(nn.Linear(4, 5), nn.ReLU(), nn.Linear(5, 3))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    losses = []
    for step in range(5):
        loss = nn.functional.cross_entropy(model(X), t)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
    losses = torch.stack(losses)
    print(losses)
    print(losses.mean(), losses.min())
""")

program("tensor_hook_after_backward", """
    import torch

    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (x ** 2).sum()
    y.backward()
    print(x.grad)
    x.grad = None
    h = x.register_hook(lambda g: g * 2)
    z = (x ** 3).sum()
    z.backward()
    print(x.grad)
    h.remove()
    x.grad.zero_()
    w = (x * 4).sum()
    w.backward()
    print(x.grad)
""")

program("module_hook_remove_between_steps", """
    import torch
    import torch.nn as nn

    torch.manual_seed(7)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    X = torch.randn(8, 3)
    y = torch.randn(8, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    acts = []

    def save_act(module, inp, out):
        acts.append(out.detach())

    for step in range(3):
        if step == 1:
            handle = model[1].register_forward_hook(save_act)
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        if step == 1:
            handle.remove()
        print(step, round(loss.item(), 5))
    print(len(acts), acts[0].shape, (acts[0] > 0).sum().item())
""")

program("grad_hook_clip_registered_later", """
    import torch

    torch.manual_seed(8)
    w = torch.randn(3, requires_grad=True)
    x = torch.tensor([1.0, -2.0, 0.5])
    opt = torch.optim.SGD([w], lr=0.1)
    for step in range(4):
        if step == 2:
            hook = w.register_hook(lambda g: g.clamp(-0.5, 0.5))
        opt.zero_grad()
        loss = (w * x).sum() ** 2
        loss.backward()
        print(step, w.grad)
        opt.step()
    hook.remove()
    print(w)
""")

program("clamp_weights_after_step", """
    import torch
    import torch.nn as nn

    torch.manual_seed(9)
    model = nn.Linear(3, 1)
    X = torch.randn(10, 3)
    y = X @ torch.tensor([[4.0], [-3.0], [0.2]])
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    for step in range(5):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
        with torch.no_grad():
            model.weight.clamp_(-1, 1)
        print(step, f"{loss.item():.4f}")
    print(model.weight)
""")

program("manual_weight_decay_mul", """
    import torch
    import torch.nn as nn

    torch.manual_seed(10)
    model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
    X = torch.randn(12, 2)
    y = torch.randn(12, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for step in range(4):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        with torch.no_grad():
            for p in model.parameters():
                p.mul_(0.99)
        print(step, round(loss.item(), 6))
    print(model[2].weight)
""")

program("manual_sgd_mixed_with_optimizer", """
    import torch

    torch.manual_seed(11)
    w = torch.randn(2, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    X = torch.randn(10, 2)
    y = X @ torch.tensor([[2.0], [-1.0]]) + 0.5
    opt = torch.optim.SGD([b], lr=0.1)
    lr = 0.1
    for step in range(5):
        loss = ((X @ w + b - y) ** 2).mean()
        opt.zero_grad()
        w.grad = None
        loss.backward()
        opt.step()
        with torch.no_grad():
            w -= lr * w.grad
        print(step, loss.item())
    print(w, b)
""")

program("buffer_ema_after_step", """
    import torch
    import torch.nn as nn

    torch.manual_seed(12)
    model = nn.Linear(2, 1)
    ema = [p.detach().clone() for p in model.parameters()]
    X = torch.randn(8, 2)
    y = torch.randn(8, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(3):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        with torch.no_grad():
            for e, p in zip(ema, model.parameters()):
                e.mul_(0.9).add_(p, alpha=0.1)
    print(ema[0])
    print(ema[1])
""")

program("forward_ad_jvp", """
    import torch
    import torch.autograd.forward_ad as fwAD

    x = torch.tensor([0.5, 1.0, 2.0])
    t = torch.tensor([1.0, 0.0, 0.0])
    with fwAD.dual_level():
        d = fwAD.make_dual(x, t)
        y = torch.sin(d) * d ** 2
        out = fwAD.unpack_dual(y)
        print(out.primal)
        print(out.tangent)
""")

program("forward_ad_function_directional", """
    import torch
    import torch.autograd.forward_ad as fwAD

    def f(v):
        return (v.exp() * v).sum()

    x = torch.tensor([0.1, -0.3, 0.7])
    for i in range(3):
        tangent = torch.zeros(3)
        tangent[i] = 1.0
        with fwAD.dual_level():
            y = f(fwAD.make_dual(x, tangent))
            print(i, fwAD.unpack_dual(y).tangent)
    x.requires_grad_(True)
    f(x).backward()
    print(x.grad)
""")

program("hook_registered_before_training_loop", """
    import torch

    torch.manual_seed(8)
    w = torch.randn(3, requires_grad=True)
    x = torch.tensor([1.0, -2.0, 0.5])
    loss = (w * x).sum() ** 2
    loss.backward()
    print(w.grad)
    w.grad = None
    w.register_hook(lambda g: g.clamp(-0.5, 0.5))
    opt = torch.optim.SGD([w], lr=0.1)
    for step in range(30):
        opt.zero_grad()
        loss = (w * x).sum() ** 2
        loss.backward()
        opt.step()
    print(w)
""")

program("wgan_critic_data_clamp", """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    critic = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.RMSprop(critic.parameters(), lr=0.01)
    real = torch.randn(16, 2) + 2
    fake = torch.randn(16, 2)
    for step in range(30):
        opt.zero_grad()
        loss = critic(fake).mean() - critic(real).mean()
        loss.backward()
        opt.step()
        for p in critic.parameters():
            p.data.clamp_(-0.05, 0.05)
        if step % 10 == 0:
            print(step, f"{loss.item():.5f}")
    print(critic[0].weight.abs().max())
""")

program("grad_clamp_by_hand_per_parameter", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 1))
    X = torch.randn(24, 4)
    y = torch.randn(24, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(30):
        opt.zero_grad()
        loss = nn.MSELoss()(model(X), y)
        loss.backward()
        for p in model.parameters():
            p.grad.data.clamp_(-0.1, 0.1)
        opt.step()
        if epoch % 10 == 9:
            print(f"epoch {epoch + 1}: {loss.item():.5f}")
""")

program("manual_sgd_and_decay_by_hand", """
    import torch
    import torch.nn as nn

    torch.manual_seed(6)
    model = nn.Linear(2, 1)
    X = torch.randn(16, 2)
    y = X.sum(1, keepdim=True)
    lr, wd = 0.1, 0.01
    for epoch in range(30):
        model.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
                p *= 1 - lr * wd
        if epoch % 10 == 0:
            print(epoch, loss.item())
    print(model.weight.data, model.bias.data)
""")
