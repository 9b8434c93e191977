"""Programs with BatchNorm of the kind students write (issue 32: a module's buffers,
BatchNorm's running statistics, drawn natively): an MLP with BatchNorm1d trained over
epochs of a seeded DataLoader's mini-batches, BatchNorm2d in a tiny CNN, accuracy in eval
mode, the running statistics and ``num_batches_tracked`` printed, ``state_dict()`` keys,
the best model kept by ``copy.deepcopy`` and loaded back, ``momentum=None`` (a cumulative
average), ``affine=False``, ``track_running_stats=False``, ``eps``, and a module class
switching ``train()``/``eval()`` every epoch. ``PROGRAMS``: name -> source;
``tests/document/test_trace_batchnorm.py`` opens each and runs its export under torch."""
import textwrap

PROGRAMS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("sequential_bn_full_batch_eval_running_mean", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    X = torch.randn(32, 3)
    y = (X[:, 0] > 0).long()
    model = nn.Sequential(nn.Linear(3, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(5):
        model.train()
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
        print(epoch, round(loss.item(), 4))
    model.eval()
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean()
    print(acc)
    print(model[1].running_mean)
""")

program("mlp_bn_dataloader_epochs", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader

    torch.manual_seed(3)
    X = torch.randn(48, 4)
    y = (X[:, 0] + X[:, 1] * X[:, 2] > 0).long()
    loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True,
                        generator=torch.Generator().manual_seed(7))

    model = nn.Sequential(
        nn.Linear(4, 16),
        nn.BatchNorm1d(16),
        nn.ReLU(),
        nn.Linear(16, 2),
    )
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(4):
        model.train()
        for xb, yb in loader:
            optimizer.zero_grad()
            loss = criterion(model(xb), yb)
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch}: last batch loss {loss.item():.4f}")

    model.eval()
    with torch.no_grad():
        logits = model(X)
        accuracy = (logits.argmax(dim=1) == y).float().mean().item()
    print(f"train accuracy: {accuracy:.3f}")
    print("batches seen by bn:", model[1].num_batches_tracked)
    print("running var:", model[1].running_var)
""")

program("tiny_cnn_batchnorm2d", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(1)
    images = torch.randn(8, 1, 6, 6)
    labels = torch.tensor([0, 1, 0, 1, 1, 0, 1, 0])

    class TinyCNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(1, 4, kernel_size=3, padding=1)
            self.bn = nn.BatchNorm2d(4)
            self.fc = nn.Linear(4 * 3 * 3, 2)

        def forward(self, x):
            x = F.relu(self.bn(self.conv(x)))
            x = F.max_pool2d(x, 2)
            return self.fc(x.flatten(1))

    net = TinyCNN()
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    for step in range(6):
        opt.zero_grad()
        out = net(images)
        loss = F.cross_entropy(out, labels)
        loss.backward()
        opt.step()
        print("step", step, "loss", round(loss.item(), 4))

    net.eval()
    with torch.no_grad():
        pred = net(images).argmax(1)
    print("predictions:", pred)
    print("correct:", (pred == labels).sum().item(), "of", len(labels))
    print(net.bn.running_mean)
    print(net.bn.running_var)
""")

program("state_dict_keys_and_buffers", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3), nn.Tanh(), nn.Linear(3, 1))
    print(list(model.state_dict().keys()))
    for name, buf in model.named_buffers():
        print(name, tuple(buf.shape))
    X = torch.randn(20, 2)
    y = X.sum(1, keepdim=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for it in range(8):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
    print("final loss", loss.item())
    sd = model.state_dict()
    print(len(sd), "entries")
    print(model[1].num_batches_tracked)
    print(model[1].running_mean)
""")

program("early_stopping_deepcopy_best_bn", """
    import copy
    import torch
    import torch.nn as nn

    torch.manual_seed(11)
    X = torch.randn(40, 3)
    y = (X @ torch.tensor([1.0, -2.0, 0.5])).unsqueeze(1) + 0.1 * torch.randn(40, 1)
    X_val, y_val = X[30:], y[30:]
    X_tr, y_tr = X[:30], y[:30]

    model = nn.Sequential(nn.Linear(3, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()
    best_loss = float("inf")
    best_state = None
    for epoch in range(6):
        model.train()
        opt.zero_grad()
        loss = loss_fn(model(X_tr), y_tr)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val = loss_fn(model(X_val), y_val).item()
        print(f"epoch {epoch} train {loss.item():.4f} val {val:.4f}")
        if val < best_loss:
            best_loss = val
            best_state = copy.deepcopy(model.state_dict())

    model.load_state_dict(best_state)
    model.eval()
    with torch.no_grad():
        print("best val", round(loss_fn(model(X_val), y_val).item(), 4))
    print(model[1].running_var)
""")

program("momentum_none_cumulative_average", """
    import torch
    import torch.nn as nn

    torch.manual_seed(2)
    bn = nn.BatchNorm1d(4, momentum=None)
    print(bn)
    w = torch.randn(3, 4, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    data = torch.randn(24, 3) * 3 + 1
    for i in range(5):
        opt.zero_grad()
        h = bn(data @ w)
        loss = (h ** 2).mean() + h[:, 0].mean()
        loss.backward()
        opt.step()
    print("running_mean:", bn.running_mean)
    print("running_var:", bn.running_var)
    print("tracked:", bn.num_batches_tracked.item())
    bn.eval()
    print(bn(data[:2] @ w))
""")

program("affine_false_and_eps", """
    import torch
    import torch.nn as nn

    torch.manual_seed(8)
    norm = nn.BatchNorm1d(5, affine=False, eps=1e-3, momentum=0.3)
    lin = nn.Linear(5, 1)
    opt = torch.optim.SGD(lin.parameters(), lr=0.1)
    x = torch.randn(16, 5) * 4
    target = torch.randn(16, 1)
    print("weight is", norm.weight)
    for step in range(4):
        opt.zero_grad()
        loss = ((lin(norm(x)) - target) ** 2).mean()
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.5f}")
    print(norm.running_mean, norm.running_var, sep="\\n")
    norm.eval()
    with torch.no_grad():
        print(lin(norm(x[:3])))
""")

program("track_running_stats_false", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4, track_running_stats=False),
                          nn.Sigmoid(), nn.Linear(4, 1))
    print(model[1].running_mean)
    X = torch.randn(12, 3)
    y = torch.randn(12, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    for epoch in range(3):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        print("loss", round(loss.item(), 5))
    model.eval()
    with torch.no_grad():
        print(model(X[:3]))
""")

program("module_class_train_eval_each_epoch", """
    import torch
    import torch.nn as nn

    torch.manual_seed(21)

    class Net(nn.Module):
        def __init__(self, n_in, hidden):
            super().__init__()
            self.fc1 = nn.Linear(n_in, hidden)
            self.bn1 = nn.BatchNorm1d(hidden)
            self.fc2 = nn.Linear(hidden, 3)

        def forward(self, x):
            return self.fc2(torch.relu(self.bn1(self.fc1(x))))

    X = torch.randn(30, 5)
    y = torch.randint(0, 3, (30,))
    X_test = torch.randn(10, 5)
    y_test = torch.randint(0, 3, (10,))
    net = Net(5, 10)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(5):
        net.train()
        opt.zero_grad()
        loss = nn.functional.cross_entropy(net(X), y)
        loss.backward()
        opt.step()
        net.eval()
        with torch.no_grad():
            test_acc = (net(X_test).argmax(1) == y_test).float().mean()
        print(f"epoch {epoch} loss {loss.item():.4f} test acc {test_acc.item():.2f}")
    print(net.bn1.num_batches_tracked, net.bn1.running_mean.sum())
""")

program("checkpoint_bytesio_with_buffers", """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(9)
    model = nn.Sequential(nn.Linear(2, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 1))
    X = torch.randn(16, 2)
    y = X[:, :1] * 2 - X[:, 1:]
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(4):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    buffer.seek(0)
    fresh = nn.Sequential(nn.Linear(2, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 1))
    fresh.load_state_dict(torch.load(buffer))
    fresh.eval()
    model.eval()
    with torch.no_grad():
        print(torch.equal(fresh(X), model(X)))
    print(fresh[1].running_mean)
    print(fresh[1].num_batches_tracked)
""")
