"""Mini-batch training programs a student writes (issue 32): loops over a
``DataLoader``, and what the tracer cannot fold. Shared by the document and window
tests. Each ends by printing what the graph computes (a trained weight, a loss), so an
export that printed only recorded text would be caught."""

FOLDED = {
    # (the brief's program: a shuffled loader with its own seeded generator)
    "shuffle_generator": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(0)
        X = torch.randn(64, 2); y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)
        model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        loss_fn = torch.nn.BCEWithLogitsLoss()
        loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True, generator=torch.Generator().manual_seed(1))
        for epoch in range(4):
            for xb, yb in loader:
                opt.zero_grad(); loss = loss_fn(model(xb), yb); loss.backward(); opt.step()
            print(epoch, loss.item())
        print(model[2].weight)
    """, 16),
    # 50 rows in batches of 16, the last 2 left out
    "drop_last": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(3)
        X = torch.randn(50, 3)
        y = X @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.1 * torch.randn(50, 1)
        lin = torch.nn.Linear(3, 1)
        opt = torch.optim.Adam(lin.parameters(), lr=0.05)
        loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True, drop_last=True,
                            generator=torch.Generator().manual_seed(7))
        print(len(loader), "batches per epoch")
        for epoch in range(5):
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(lin.weight, lin.bias)
    """, 15),
    # a dataset made first, no shuffle (its base seed drawn from the global generator
    # every epoch), the epoch's mean loss printed, a draw after training
    "dataset_epoch_losses": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(1)
        X = torch.randn(40, 4)
        labels = (X.sum(1) > 0).long()
        dataset = TensorDataset(X, labels)
        loader = DataLoader(dataset, batch_size=10)
        model = torch.nn.Linear(4, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
        for epoch in range(3):
            total = 0.0
            for xb, yb in loader:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
                total += loss.item()
            print(f"epoch {epoch}: mean loss {total / len(loader):.4f}")
        print(model.weight)
        print(torch.randn(3))
    """, 12),
    # shuffled by the global generator (two seeds drawn from it every epoch), then a
    # draw after training that must still be the script's
    "shuffle_global": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(5)
        X = torch.randn(24, 2)
        y = (X[:, :1] > 0).float()
        w = torch.zeros(2, 1, requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True)
        for epoch in range(3):
            for xb, yb in loader:
                loss = torch.nn.functional.binary_cross_entropy_with_logits(xb @ w + b, yb)
                loss.backward()
                with torch.no_grad():
                    w -= 0.5 * w.grad
                    b -= 0.5 * b.grad
                    w.grad.zero_()
                    b.grad.zero_()
            print("epoch", epoch, "loss", round(loss.item(), 6))
        print(w.t(), b)
        print(torch.rand(2))
    """, 9),
    # 10 rows in batches of 4: every epoch's last batch has 2 rows
    "smaller_last_batch": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(7)
        features = torch.arange(20, dtype=torch.float32).reshape(10, 2) / 10
        targets = features.sum(1, keepdim=True) * 0.5 - 1
        model = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.05)
        for epoch in range(3):
            for xb, yb in DataLoader(TensorDataset(features, targets), batch_size=4):
                loss = ((model(xb) - yb) ** 2).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
                print(xb.shape[0], end=" ")
            print(f"| epoch {epoch}: {loss.item():.5f}")
        print(model.bias)
    """, 9),
    # batches by hand: a permutation each epoch, sliced
    "randperm_batches": ("""
        import torch
        torch.manual_seed(0)
        X = torch.randn(64, 2); y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)
        model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        loss_fn = torch.nn.BCEWithLogitsLoss()
        n, bs = 64, 16
        for epoch in range(4):
            perm = torch.randperm(n)
            for i in range(0, n, bs):
                idx = perm[i:i+bs]
                xb, yb = X[idx], y[idx]
                opt.zero_grad(); loss = loss_fn(model(xb), yb); loss.backward(); opt.step()
            print(epoch, loss.item())
        print(model[0].bias)
    """, 16),
    # ... only whole batches (30 rows in batches of 8: 6 left out each epoch)
    "randperm_whole_batches": ("""
        import torch
        torch.manual_seed(2)
        X = torch.randn(30, 3)
        y = X @ torch.tensor([[0.5], [-1.0], [2.0]])
        w = torch.zeros(3, 1, requires_grad=True)
        for epoch in range(3):
            perm = torch.randperm(30)
            for start in range(0, 30 - 8 + 1, 8):
                rows = perm[start:start + 8]
                loss = ((X[rows] @ w - y[rows]) ** 2).mean()
                loss.backward()
                with torch.no_grad():
                    w -= 0.1 * w.grad
                w.grad.zero_()
            print(f"epoch {epoch}: {loss.item():.6f}")
        print(w.t())
    """, 9),
}

NOT_FOLDED = {
    # Python logic in __getitem__: the loader's calls are what the graph shows
    "dataset_class": """
        import torch
        from torch.utils.data import Dataset, DataLoader
        torch.manual_seed(2)
        class Noisy(Dataset):
            def __init__(self, X):
                self.X = X
            def __len__(self):
                return len(self.X)
            def __getitem__(self, i):
                x = self.X[i]
                return x * 2 if i % 2 else x, x.sum()
        X = torch.randn(12, 2)
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(2):
            for xb, yb in DataLoader(Noisy(X), batch_size=4, shuffle=True,
                                     generator=torch.Generator().manual_seed(0)):
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(epoch, loss.item())
        print(w)
    """,
    # a batch peeked at first (the loader started again before its epoch ran out)
    "peeked": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(4)
        X = torch.randn(12, 2)
        y = X.sum(1, keepdim=True)
        loader = DataLoader(TensorDataset(X, y), batch_size=4, shuffle=True)
        xb, yb = next(iter(loader))
        print(xb.shape, yb.shape)
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(2):
            for xb, yb in loader:
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(w.t())
        print(torch.randn(2))
    """,
    # a permutation the program also uses whole (and prints): its slices stay slices
    "randperm_used_whole": """
        import torch
        torch.manual_seed(6)
        X = torch.randn(8, 2)
        w = torch.ones(2, requires_grad=True)
        for epoch in range(2):
            perm = torch.randperm(8)
            print(perm)
            for i in range(0, 8, 4):
                loss = (X[perm[i:i + 4]] @ w).pow(2).mean()
                loss.backward()
                with torch.no_grad():
                    w -= 0.05 * w.grad
                    w.grad.zero_()
        print(w)
    """,
}

# a test loader read under no_grad after each epoch's training: one loop over every
# batch split into epochs (``document/epochs.py``), the test batches computed at the end
# of each epoch
EPOCH_LOOPS = {
    "train_and_test_loaders": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(0)
        X = torch.randn(40, 2); y = (X[:, 0] > X[:, 1]).long()
        train = DataLoader(TensorDataset(X[:32], y[:32]), batch_size=8, shuffle=True)
        test = DataLoader(TensorDataset(X[32:], y[32:]), batch_size=4)
        model = torch.nn.Linear(2, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for epoch in range(3):
            model.train()
            for xb, yb in train:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
            model.eval()
            correct = 0
            with torch.no_grad():
                for xb, yb in test:
                    correct += (model(xb).argmax(1) == yb).sum().item()
            print(f"epoch {epoch} loss {loss.item():.4f} acc {correct}/8")
        print(torch.randn(2))
    """, [12]),
}
