"""Training programs over a ``random_split`` of a ``TensorDataset`` (issue 32, item 2),
and splits the graph cannot draw (item 3: the recorded part names the split's line).
Each prints what the graph computes (a loss, a trained weight) after training, so an
export that printed only recorded text would be caught."""

# name -> (source, the loop blocks' counts, the nodes the graph draws at most)
FOLDED = {
    # the commonest form: a train/validation split from the global generator, a
    # shuffled train loader, the validation loader read under no_grad after each epoch
    # (one loop over epochs: ``epochs.py``)
    "train_val_split": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader, random_split
        torch.manual_seed(0)
        X = torch.randn(50, 3)
        y = (X @ torch.tensor([[1.0], [-2.0], [0.5]]) > 0).float()
        train_set, val_set = random_split(TensorDataset(X, y), [40, 10])
        train_loader = DataLoader(train_set, batch_size=10, shuffle=True)
        val_loader = DataLoader(val_set, batch_size=5)
        model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.3)
        loss_fn = torch.nn.BCEWithLogitsLoss()
        for epoch in range(3):
            model.train()
            for xb, yb in train_loader:
                opt.zero_grad()
                loss = loss_fn(model(xb), yb)
                loss.backward()
                opt.step()
            model.eval()
            with torch.no_grad():
                val = sum(loss_fn(model(xb), yb).item() for xb, yb in val_loader)
            print(f"epoch {epoch}: train {loss.item():.4f} val {val / len(val_loader):.4f}")
        print(model[0].bias)
        print(torch.randn(2))
    """, [12], 40),
    # a seeded generator of its own, fractions, drop_last, Adam
    "seeded_fractions": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader, random_split
        torch.manual_seed(3)
        features = torch.randn(36, 2)
        targets = features @ torch.tensor([[0.7], [-1.3]]) + 0.05 * torch.randn(36, 1)
        data = TensorDataset(features, targets)
        train_data, test_data = random_split(data, [0.75, 0.25],
                                             generator=torch.Generator().manual_seed(42))
        print(len(train_data), len(test_data))
        loader = DataLoader(train_data, batch_size=8, shuffle=True, drop_last=True,
                            generator=torch.Generator().manual_seed(1))
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.Adam(lin.parameters(), lr=0.05)
        for epoch in range(4):
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(lin.weight, lin.bias)
        print(torch.nn.functional.mse_loss(lin(features), targets))
    """, [12], 25),
}

# a split the graph cannot draw: what the loop computed is recorded, and the reason
# names the line of random_split and the DataLoader's (never an .item() not written)
REFUSED = {
    "split_of_a_dataset_class": ("""
        import torch
        from torch.utils.data import Dataset, DataLoader, random_split
        torch.manual_seed(0)
        class Points(Dataset):
            def __init__(self, X, y):
                self.X, self.y = X, y
            def __len__(self):
                return len(self.X)
            def __getitem__(self, i):     # (more than its rows: a scaled input)
                return self.X[i] * 2, self.y[i]
        X = torch.randn(20, 2)
        y = X.sum(1, keepdim=True)
        train_set, val_set = random_split(Points(X, y), [16, 4])
        w = torch.zeros(2, 1, requires_grad=True)
        for xb, yb in DataLoader(train_set, batch_size=8):
            loss = ((xb @ w - yb) ** 2).mean()
            loss.backward()
        print(w.grad)
    """, 13, 15),
}
