"""A corpus of training loops that keep a value of every iteration (issue 32): a list of
losses filled with ``loss.item()``, ``loss.detach()`` or ``float(loss)`` and printed,
indexed, measured and stacked after the loop; a dict of histories; the best loss so far
(``min(best, ...)`` and ``if loss.item() < best``); early stopping with ``break``; an
accuracy computed only in the printing epochs; a running loss over mini-batches reset
each epoch. Written the way students write them.

``tests/document/test_trace_corpus_collect.py`` opens each and runs its export under
torch."""
import textwrap

PROGRAMS = {}
NOTEBOOKS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("losses_item_list_summary", """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    X = torch.randn(64, 3)
    y = X @ torch.tensor([[1.5], [-2.0], [0.5]]) + 0.3
    model = nn.Linear(3, 1)
    loss_fn = nn.MSELoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    losses = []
    for epoch in range(100):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())

    print(losses[0], losses[-1], len(losses), min(losses))
    print(torch.tensor(losses)[::25])
    print(f"first {losses[0]:.4f}, last {losses[-1]:.4f}")
""")

program("losses_detach_stack_every_25", """
    import torch
    import torch.nn as nn

    torch.manual_seed(1)
    X = torch.randn(40, 2)
    y = (X[:, :1] * 2 - X[:, 1:] + 1).detach()
    model = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)

    losses = []
    for epoch in range(80):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.detach())

    curve = torch.stack(losses)
    print(curve[::20])
    print(curve.shape, curve.min(), curve.argmin())
    print("went down:", bool(curve[-1] < curve[0]))
""")

program("float_loss_tensor_slice", """
    import torch

    torch.manual_seed(2)
    x = torch.linspace(0, 1, 25).unsqueeze(1)
    t = 4 * x - 1 + 0.05 * torch.randn(25, 1)
    w = torch.zeros(1, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=0.3)

    history = []
    for step in range(60):
        pred = x @ w + b
        loss = ((pred - t) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        history.append(float(loss))

    print(len(history))
    print(torch.tensor(history)[::15])
    print(round(history[-1], 5), max(history))
    print(w.item(), b.item())
""")

program("history_dict_train_and_val", """
    import torch
    import torch.nn as nn

    torch.manual_seed(3)
    X = torch.randn(50, 4)
    y = X.sum(dim=1, keepdim=True)
    X_val = torch.randn(20, 4)
    y_val = X_val.sum(dim=1, keepdim=True)
    model = nn.Linear(4, 1)
    criterion = nn.MSELoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    history = {"loss": [], "val_loss": []}
    for epoch in range(40):
        model.train()
        optimizer.zero_grad()
        loss = criterion(model(X), y)
        loss.backward()
        optimizer.step()
        history["loss"].append(loss.item())
        model.eval()
        with torch.no_grad():
            val_loss = criterion(model(X_val), y_val)
        history["val_loss"].append(val_loss.item())

    print(len(history["loss"]), len(history["val_loss"]))
    print("train:", history["loss"][0], history["loss"][-1])
    print("val:", history["val_loss"][0], history["val_loss"][-1])
""")

program("best_loss_min_so_far", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    X = torch.randn(30, 2)
    y = torch.sin(X[:, :1]) + X[:, 1:]
    net = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    loss_fn = nn.MSELoss()

    best = float("inf")
    for epoch in range(50):
        opt.zero_grad()
        loss = loss_fn(net(X), y)
        loss.backward()
        opt.step()
        best = min(best, loss.item())

    print("best loss:", best)
    print(f"best = {best:.6f}")
""")

program("best_epoch_if_lower", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    X = torch.randn(60, 3)
    y = (X[:, 0] > 0).long()
    model = nn.Linear(3, 2)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)

    best_loss = 1e9
    best_epoch = -1
    for epoch in range(30):
        optimizer.zero_grad()
        loss = criterion(model(X), y)
        loss.backward()
        optimizer.step()
        if loss.item() < best_loss:
            best_loss = loss.item()
            best_epoch = epoch

    print("best epoch:", best_epoch, "best loss:", round(best_loss, 4))
""")

program("early_stopping_threshold_break", """
    import torch
    import torch.nn as nn

    torch.manual_seed(6)
    X = torch.randn(32, 2)
    y = X @ torch.tensor([[2.0], [-1.0]])
    model = nn.Linear(2, 1, bias=False)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    losses = []
    for epoch in range(200):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.item())
        if loss.item() < 1e-3:
            print(f"stopped at epoch {epoch}, loss {loss.item():.6f}")
            break

    print("epochs run:", len(losses))
    print(model.weight)
""")

program("accuracy_in_printing_epochs", """
    import torch
    import torch.nn as nn

    torch.manual_seed(7)
    X = torch.randn(90, 2)
    y = (X[:, 0] + X[:, 1] > 0).long()
    model = nn.Linear(2, 2)
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)

    for epoch in range(50):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
        if (epoch + 1) % 10 == 0:
            acc = (model(X).argmax(1) == y).float().mean()
            print(epoch + 1, loss.item(), acc.item())
""")

program("minibatch_running_loss_per_epoch", """
    import torch
    import torch.nn as nn

    torch.manual_seed(8)
    X = torch.randn(48, 3)
    y = X @ torch.tensor([[0.5], [1.0], [-1.0]])
    model = nn.Linear(3, 1)
    criterion = nn.MSELoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    batch_size = 16

    epoch_losses = []
    for epoch in range(10):
        running_loss = 0.0
        for i in range(0, 48, batch_size):
            xb = X[i:i + batch_size]
            yb = y[i:i + batch_size]
            optimizer.zero_grad()
            loss = criterion(model(xb), yb)
            loss.backward()
            optimizer.step()
            running_loss += loss.item()
        epoch_losses.append(running_loss / 3)

    print([round(v, 4) for v in epoch_losses])
    print(len(epoch_losses))
""")

program("accuracy_list_per_epoch", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(9)
    X = torch.randn(100, 2)
    y = (X[:, 0] * X[:, 1] > 0).long()
    model = nn.Sequential(nn.Linear(2, 12), nn.Tanh(), nn.Linear(12, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.5)

    losses, accs = [], []
    for epoch in range(40):
        logits = model(X)
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
        accs.append((logits.argmax(dim=1) == y).float().mean().item())

    print("loss", losses[0], "->", losses[-1])
    print("acc", accs[0], "->", accs[-1], "best", max(accs))
""")

program("sgd_by_hand_no_grad_losses", """
    import torch

    torch.manual_seed(10)
    x = torch.randn(20)
    y = 3 * x + 2
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    lr = 0.1

    losses = []
    for i in range(50):
        loss = ((w * x + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
        losses.append(loss.item())

    print(f"w = {w.item():.4f}, b = {b.item():.4f}")
    print(losses[:3])
    print(sum(losses) / len(losses))
""")

program("detached_losses_mean_and_print_every", """
    import torch
    import torch.nn as nn

    torch.manual_seed(11)
    X = torch.rand(30, 1) * 4 - 2
    y = X ** 2
    model = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.03)
    losses = []
    for epoch in range(60):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        losses.append(loss.detach())
        if epoch % 20 == 0:
            print(f"epoch {epoch}: {loss.item():.4f}")

    print(torch.stack(losses).mean())
    print(losses[-1])
""")

program("grad_norm_history", """
    import torch
    import torch.nn as nn

    torch.manual_seed(12)
    X = torch.randn(25, 3)
    y = torch.randn(25, 1)
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.2)

    norms = []
    for epoch in range(30):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        norms.append(model.weight.grad.norm().item())
        opt.step()

    print(len(norms), norms[0] > norms[-1])
    print(round(norms[0], 4), round(norms[-1], 4))
""")

program("history_dict_loss_and_lr_scheduler", """
    import torch
    import torch.nn as nn

    torch.manual_seed(13)
    X = torch.randn(40, 2)
    y = X[:, :1] - 2 * X[:, 1:]
    model = nn.Linear(2, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.5)

    history = {"loss": [], "lr": []}
    for epoch in range(30):
        optimizer.zero_grad()
        loss = nn.MSELoss()(model(X), y)
        loss.backward()
        optimizer.step()
        history["lr"].append(optimizer.param_groups[0]["lr"])
        scheduler.step()
        history["loss"].append(loss.item())

    print(history["lr"][::10])
    print(history["loss"][::10])
""")

program("train_function_returns_losses", """
    import torch
    import torch.nn as nn

    def train(model, X, y, epochs, lr):
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        losses = []
        for epoch in range(epochs):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        return losses

    torch.manual_seed(14)
    X = torch.randn(36, 2)
    y = X[:, :1] * 0.5 + X[:, 1:] * 1.5
    model = nn.Linear(2, 1)
    losses = train(model, X, y, 40, 0.1)
    curve = torch.tensor(losses)
    print(len(losses), curve.mean(), curve[-5:])
    print(f"final loss {losses[-1]:.5f}")
""")

program("early_stopping_patience_val_losses", """
    import torch
    import torch.nn as nn

    torch.manual_seed(15)
    X = torch.randn(40, 3)
    y = X @ torch.tensor([[1.0], [0.0], [-1.0]]) + 0.5 * torch.randn(40, 1)
    X_train, y_train = X[:30], y[:30]
    X_val, y_val = X[30:], y[30:]
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    val_losses = []
    best, patience, bad = float("inf"), 3, 0
    for epoch in range(100):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X_train), y_train)
        loss.backward()
        opt.step()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(X_val), y_val)
        val_losses.append(val.item())
        if val.item() < best - 1e-4:
            best, bad = val.item(), 0
        else:
            bad += 1
        if bad >= patience:
            print("early stop at epoch", epoch)
            break

    v = torch.tensor(val_losses)
    print(len(val_losses), v.argmin().item(), v.min())
""")
