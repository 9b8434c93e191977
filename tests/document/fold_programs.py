"""Mini-batch training loops of forms students write that the tracer did not fold into
one loop over the batches (issue 32, part 2): a ``Subset`` of the student's own rows, a
``sampler=``, epochs whose steps differ (a print or a validation pass every k epochs, a
smaller last batch), a scheduler stepped every epoch, and training continued in a second
notebook cell. Each ends by printing what the graph computes (a trained weight), so an
export that printed only recorded text would be caught. Torch is the oracle."""

PROGRAMS = {
    # a Subset of the student's own index list (the first 40 rows train, the rest test)
    "subset_indices": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(0)
        X = torch.randn(50, 3)
        y = (X @ torch.tensor([1.0, -2.0, 0.5]) > 0).long()
        ds = TensorDataset(X, y)
        train_ds = Subset(ds, list(range(40)))
        loader = DataLoader(train_ds, batch_size=10, shuffle=True,
                            generator=torch.Generator().manual_seed(3))
        model = torch.nn.Linear(3, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.3)
        for epoch in range(3):
            for xb, yb in loader:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(f"epoch {epoch} loss {loss.item():.4f}")
        print(model.weight)
    """,
    # a SubsetRandomSampler over the training rows, given as sampler=
    "subset_random_sampler": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, SubsetRandomSampler
        torch.manual_seed(1)
        X = torch.randn(30, 2)
        y = X[:, :1] * 2 - X[:, 1:]
        train_idx = list(range(24))
        sampler = SubsetRandomSampler(train_idx, generator=torch.Generator().manual_seed(0))
        loader = DataLoader(TensorDataset(X, y), batch_size=8, sampler=sampler)
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        for epoch in range(3):
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(epoch, round(loss.item(), 5))
        print(lin.weight, lin.bias)
    """,
    # sampler=RandomSampler(ds) with the global generator
    "random_sampler": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, RandomSampler
        torch.manual_seed(2)
        X = torch.randn(24, 2)
        y = X.sum(1, keepdim=True)
        ds = TensorDataset(X, y)
        loader = DataLoader(ds, batch_size=6, sampler=RandomSampler(ds))
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.Adam([w], lr=0.05)
        for epoch in range(3):
            for xb, yb in loader:
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(w.t())
    """,
    # 50 rows in shuffled batches of 16: every epoch's last batch has 2 rows
    "smaller_last_batch_shuffled": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(3)
        X = torch.randn(50, 4)
        y = (X[:, 0] > 0).float().unsqueeze(1)
        model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.2)
        loss_fn = torch.nn.BCEWithLogitsLoss()
        loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True)
        for epoch in range(4):
            for xb, yb in loader:
                loss = loss_fn(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(f"{loss.item():.4f}")
        print(model[2].bias)
    """,
    # the loss printed every other epoch
    "print_every_k": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(4)
        X = torch.randn(32, 2)
        y = X @ torch.tensor([[0.5], [-1.5]]) + 0.2
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True,
                            generator=torch.Generator().manual_seed(1))
        for epoch in range(6):
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            if epoch % 2 == 0:
                print(f"epoch {epoch}: loss {loss.item():.5f}")
        print(lin.weight)
    """,
    # a validation pass every other epoch, under no_grad
    "validate_every_k": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(5)
        X = torch.randn(40, 3)
        y = (X.sum(1) > 0).long()
        X_val, y_val = X[32:], y[32:]
        loader = DataLoader(TensorDataset(X[:32], y[:32]), batch_size=8, shuffle=True)
        model = torch.nn.Linear(3, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for epoch in range(4):
            model.train()
            for xb, yb in loader:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            if (epoch + 1) % 2 == 0:
                model.eval()
                with torch.no_grad():
                    val = torch.nn.functional.cross_entropy(model(X_val), y_val)
                print("epoch", epoch, "val", val)
        print(model.bias)
    """,
    # a cosine schedule stepped every epoch, the learning rate printed
    "scheduler_every_epoch": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(6)
        X = torch.randn(36, 2)
        y = X[:, :1] - 2 * X[:, 1:]
        model = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)
        loader = DataLoader(TensorDataset(X, y), batch_size=12, shuffle=True)
        for epoch in range(4):
            for xb, yb in loader:
                opt.zero_grad()
                loss = torch.nn.functional.mse_loss(model(xb), yb)
                loss.backward()
                opt.step()
            sched.step()
            print(epoch, f"{loss.item():.4f}", f"{sched.get_last_lr()[0]:.4f}")
        print(model.weight.detach())
    """,
    # batches by hand with a smaller last batch (50 rows, batches of 16)
    "randperm_smaller_last": """
        import torch
        torch.manual_seed(7)
        X = torch.randn(50, 2)
        y = X @ torch.tensor([[1.0], [2.0]])
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        n, bs = 50, 16
        for epoch in range(3):
            perm = torch.randperm(n)
            for i in range(0, n, bs):
                idx = perm[i:i + bs]
                loss = ((X[idx] @ w - y[idx]) ** 2).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(epoch, f"{loss.item():.5f}")
        print(w.t())
    """,
    # random_split into training and validation Subsets
    "random_split": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, random_split
        torch.manual_seed(10)
        X = torch.randn(40, 2)
        y = (X[:, 0] - X[:, 1] > 0).long()
        train_ds, val_ds = random_split(TensorDataset(X, y), [32, 8],
                                        generator=torch.Generator().manual_seed(0))
        loader = DataLoader(train_ds, batch_size=8, shuffle=True)
        model = torch.nn.Linear(2, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for epoch in range(3):
            for xb, yb in loader:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(f"epoch {epoch}: {loss.item():.4f}")
        print(model.weight)
    """,
    # a validation loader read every other epoch
    "val_loader_every_k": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(11)
        X = torch.randn(40, 2); y = X.sum(1, keepdim=True)
        train = DataLoader(TensorDataset(X[:32], y[:32]), batch_size=8, shuffle=True)
        val = DataLoader(TensorDataset(X[32:], y[32:]), batch_size=4)
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        for epoch in range(4):
            for xb, yb in train:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
            if epoch % 2 == 1:
                with torch.no_grad():
                    total = sum(torch.nn.functional.mse_loss(lin(xb), yb).item() for xb, yb in val)
                print(f"epoch {epoch} val {total / len(val):.4f}")
        print(lin.bias)
    """,
    # a print every other batch, with enumerate
    "print_every_k_batches": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(12)
        X = torch.randn(24, 3); y = (X[:, 2] > 0).float()
        w = torch.zeros(3, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.5)
        loader = DataLoader(TensorDataset(X, y), batch_size=6, shuffle=True)
        for epoch in range(2):
            for i, (xb, yb) in enumerate(loader):
                loss = torch.nn.functional.binary_cross_entropy_with_logits(xb @ w, yb)
                opt.zero_grad(); loss.backward(); opt.step()
                if i % 2 == 0:
                    print(epoch, i, f"{loss.item():.4f}")
        print(w)
    """,
    # a scheduler stepped every other epoch
    "scheduler_every_k": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(13)
        X = torch.randn(16, 2); y = X[:, :1] * 3
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
        loader = DataLoader(TensorDataset(X, y), batch_size=4)
        for epoch in range(6):
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
            if epoch % 2 == 1:
                sched.step()
            print(epoch, f"{loss.item():.5f}")
        print(lin.weight)
    """,
    # a Subset whose indices come from a seeded permutation
    "subset_randperm_indices": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(14)
        X = torch.randn(30, 2); y = X @ torch.tensor([[1.0], [1.0]])
        order = torch.randperm(30).tolist()
        ds = TensorDataset(X, y)
        train_loader = DataLoader(Subset(ds, order[:24]), batch_size=6, shuffle=True)
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(3):
            for xb, yb in train_loader:
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad(); loss.backward(); opt.step()
        print(w.t())
    """,
    # ReduceLROnPlateau stepped each epoch with the epoch's total loss, a Python number
    "plateau_per_epoch": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(33)
        X = torch.randn(24, 2); y = X[:, :1] ** 2
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.5)
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=0, factor=0.5)
        loader = DataLoader(TensorDataset(X, y), batch_size=6)
        for epoch in range(4):
            total = 0.0
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
                total += loss.item()
            sched.step(total)
            print(epoch, round(total, 4), opt.param_groups[0]["lr"])
        print(lin.weight)
    """,
}

# notebooks: a training cell run, then a cell that continues training
NOTEBOOKS = {
    "nb_eval_between_cells": [
        """import torch
from torch.utils.data import TensorDataset, DataLoader, Subset
torch.manual_seed(40)
X = torch.randn(30, 2); y = (X[:, 0] > 0).long()
ds = TensorDataset(X, y)
train = DataLoader(Subset(ds, list(range(24))), batch_size=6, shuffle=True)
model = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
def accuracy():
    with torch.no_grad():
        return (model(X[24:]).argmax(1) == y[24:]).float().mean().item()""",
        """for epoch in range(3):
    for xb, yb in train:
        loss = torch.nn.functional.cross_entropy(model(xb), yb)
        opt.zero_grad(); loss.backward(); opt.step()
print("after 3 epochs", accuracy())""",
        """for epoch in range(2):
    for xb, yb in train:
        loss = torch.nn.functional.cross_entropy(model(xb), yb)
        opt.zero_grad(); loss.backward(); opt.step()
    print(epoch, f"{loss.item():.4f}")
accuracy()""",
    ],
    "nb_lr_lowered_between_cells": [
        """import torch
from torch.utils.data import TensorDataset, DataLoader
torch.manual_seed(41)
X = torch.randn(20, 2); y = X.sum(1, keepdim=True)
loader = DataLoader(TensorDataset(X, y), batch_size=5, shuffle=True)
lin = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(lin.parameters(), lr=0.2)
for epoch in range(2):
    for xb, yb in loader:
        loss = torch.nn.functional.mse_loss(lin(xb), yb)
        opt.zero_grad(); loss.backward(); opt.step()
loss""",
        """for g in opt.param_groups:
    g["lr"] = 0.05
for epoch in range(2):
    for xb, yb in loader:
        loss = torch.nn.functional.mse_loss(lin(xb), yb)
        opt.zero_grad(); loss.backward(); opt.step()
lin.weight""",
    ],
    "continued_in_a_second_cell": [
        """#md
# Training in two cells""",
        """import torch
from torch.utils.data import TensorDataset, DataLoader
torch.manual_seed(8)
X = torch.randn(24, 2)
y = X @ torch.tensor([[1.5], [-0.5]])
model = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(X, y), batch_size=6, shuffle=True)""",
        """for epoch in range(2):
    for xb, yb in loader:
        loss = torch.nn.functional.mse_loss(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(epoch, round(loss.item(), 4))""",
        """#md
Not converged yet: train some more.""",
        """for epoch in range(2, 4):
    for xb, yb in loader:
        loss = torch.nn.functional.mse_loss(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(epoch, round(loss.item(), 4))""",
        """model.weight""",
    ],
    # a function that trains, called in two cells
    "train_function_called_twice": [
        """import torch
torch.manual_seed(9)
X = torch.randn(20, 3)
y = X @ torch.tensor([[1.0], [0.0], [-1.0]])
w = torch.zeros(3, 1, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.05)

def train(epochs):
    for epoch in range(epochs):
        perm = torch.randperm(20)
        for i in range(0, 20, 5):
            idx = perm[i:i + 5]
            loss = ((X[idx] @ w - y[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()""",
        """print(round(train(2), 5))""",
        """print(round(train(3), 5))
w.t()""",
    ],
}

# variations the folding must get right or leave exact: rows in steps, a tensor of rows,
# a subset of a subset, the data written after the subset was made, rows read from a
# tensor, the global generator drawn from after and during the loop, two samplers
EDGES = {
    "subset_stepped_rows": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(20)
        X = torch.randn(20, 2); y = X.sum(1)
        evens = Subset(TensorDataset(X, y), range(0, 20, 2))
        odds = Subset(TensorDataset(X, y), [i for i in range(20) if i % 2])
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(2):
            for ds in (evens, odds):
                for xb, yb in DataLoader(ds, batch_size=5):
                    loss = ((xb @ w - yb) ** 2).mean()
                    opt.zero_grad(); loss.backward(); opt.step()
        print(w)
    """,
    "subset_tensor_rows_nested": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(21)
        X = torch.randn(30, 3); y = (X[:, 0] > 0).long()
        keep = torch.nonzero(X[:, 1] > -1).flatten()
        first = Subset(TensorDataset(X, y), keep)
        inner = Subset(first, list(range(0, len(first) - 4)))
        print(len(first), len(inner))
        model = torch.nn.Linear(3, 2)
        opt = torch.optim.Adam(model.parameters(), lr=0.05)
        loader = DataLoader(inner, batch_size=4, shuffle=True,
                            generator=torch.Generator().manual_seed(2))
        for epoch in range(2):
            for xb, yb in loader:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
        print(model.weight.detach())
    """,
    "subset_then_data_written": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(22)
        X = torch.randn(12, 2); y = X[:, :1] * 2
        train = Subset(TensorDataset(X, y), [0, 3, 5, 7, 8, 11])
        X[3] = 10.0
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.01)
        for epoch in range(3):
            for xb, yb in DataLoader(train, batch_size=3):
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad(); loss.backward(); opt.step()
        print(w.t())
    """,
    "sampler_rows_from_tolist": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, SubsetRandomSampler
        torch.manual_seed(23)
        X = torch.randn(20, 2); y = X @ torch.tensor([[1.0], [-1.0]])
        order = torch.randperm(20).tolist()
        loader = DataLoader(TensorDataset(X, y), batch_size=5,
                            sampler=SubsetRandomSampler(order[:15]))
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        for epoch in range(2):
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
        print(lin.weight.detach(), lin.bias.detach())
    """,
    "sampler_global_then_draws": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, SubsetRandomSampler
        torch.manual_seed(24)
        X = torch.randn(20, 4); y = (X[:, 0] > 0).float().unsqueeze(1)
        model = torch.nn.Sequential(torch.nn.Linear(4, 6), torch.nn.ReLU(),
                                    torch.nn.Dropout(0.3), torch.nn.Linear(6, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        loader = DataLoader(TensorDataset(X, y), batch_size=4,
                            sampler=SubsetRandomSampler(list(range(16))))
        for epoch in range(3):
            for xb, yb in loader:
                loss = torch.nn.functional.binary_cross_entropy_with_logits(model(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
            print(epoch, f"{loss.item():.4f}")
        print(model[3].weight.detach())
        print(torch.rand(2))
    """,
    "train_and_valid_samplers": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, SubsetRandomSampler
        torch.manual_seed(25)
        X = torch.randn(40, 2); y = (X[:, 0] + X[:, 1] > 0).long()
        ds = TensorDataset(X, y)
        idx = list(range(40))
        split = 32
        train_loader = DataLoader(ds, batch_size=8, sampler=SubsetRandomSampler(idx[:split]))
        valid_loader = DataLoader(ds, batch_size=8, sampler=SubsetRandomSampler(idx[split:]))
        model = torch.nn.Linear(2, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for epoch in range(3):
            model.train()
            for xb, yb in train_loader:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
            model.eval()
            correct = 0
            with torch.no_grad():
                for xb, yb in valid_loader:
                    correct += (model(xb).argmax(1) == yb).sum().item()
            print(f"epoch {epoch}: loss {loss.item():.4f} valid {correct}/8")
        print(model.bias.detach())
    """,
    "sampler_and_loader_generators": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, SubsetRandomSampler
        torch.manual_seed(26)
        X = torch.randn(16, 2); y = X.sum(1, keepdim=True)
        loader = DataLoader(TensorDataset(X, y), batch_size=4,
                            sampler=SubsetRandomSampler(range(12), generator=torch.Generator().manual_seed(1)),
                            generator=torch.Generator().manual_seed(2))
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(2):
            for xb, yb in loader:
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad(); loss.backward(); opt.step()
        print(w.t(), torch.randn(1))
    """,
    # the data normalised in place after the subsets were made: a Subset reads its rows
    # when a batch is made, so the rows taken where it was made would be stale
    "subset_then_normalised": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(47)
        X = torch.randn(20, 2) * 3 + 1; y = X.sum(1, keepdim=True)
        train = Subset(TensorDataset(X, y), range(16))
        test = Subset(TensorDataset(X, y), [16, 17, 18, 19])
        X -= X.mean(0)
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.05)
        for epoch in range(2):
            for xb, yb in DataLoader(train, batch_size=4):
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad(); loss.backward(); opt.step()
        xt, yt = next(iter(DataLoader(test, batch_size=4)))
        print(w.t(), ((xt @ w - yt) ** 2).mean())
    """,
    # rows too many to write as an index key (a shuffled numpy split): left as the
    # engine made them; its batches of 250 rows are stacks of more tensors than a stack
    # node joins: recorded, never refused (it was refused before)
    "subset_long_row_list": """
        import numpy as np
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(48)
        X = torch.randn(600, 2); y = X.sum(1, keepdim=True)
        order = np.random.default_rng(1).permutation(600)
        train = Subset(TensorDataset(X, y), order[:500])
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.05)
        loader = DataLoader(train, batch_size=250)
        for epoch in range(2):
            for xb, yb in loader:
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad(); loss.backward(); opt.step()
        print(w.t())
    """,
    "subset_numpy_rows": """
        import numpy as np
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(27)
        X = torch.randn(10, 2); y = X[:, 1:]
        rows = np.arange(8)
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(2):
            for xb, yb in DataLoader(Subset(TensorDataset(X, y), rows), batch_size=4):
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad(); loss.backward(); opt.step()
        print(w.t())
    """,
}

# name -> (the loop blocks' counts, the steps per epoch of an epoch's end or None): the
# programs that open as loops over their batches, nothing recorded
FOLDS = {
    "subset_indices": ([12], None),
    "subset_random_sampler": ([9], None),
    "random_sampler": ([12], None),
    "smaller_last_batch_shuffled": ([16], None),
    "print_every_k": ([24], None),
    "validate_every_k": ([16], 8),
    "scheduler_every_epoch": ([12], 3),
    "randperm_smaller_last": ([12], None),
    "random_split": ([12], None),
    "val_loader_every_k": ([16], 8),
    "print_every_k_batches": ([8], None),
    "scheduler_every_k": ([24], 8),
    "subset_tensor_rows_nested": ([12], None),
    "subset_numpy_rows": ([4], None),
    "sampler_global_then_draws": ([12], None),
    "train_and_valid_samplers": ([12], 4),
    "plateau_per_epoch": ([16], 4),
    "continued_in_a_second_cell": ([16], None),
    "nb_eval_between_cells": ([12, 8], None),
    "early_stopping_break": ([12], 4),
    "grad_accumulation": ([6], None),
    "train_epoch_function": ([9], None),
    "numpy_split_indices": ([12], None),
    "train_function_called_twice": ([20], None),
}

# what is not folded, and how it opens: "recorded" (a part recorded, the note naming its
# line) or "unrolled" (every batch drawn, no loop block); exact either way
NOT_FOLDED = {
    "subset_randperm_indices": "recorded",         # rows from perm.tolist()
    "sampler_rows_from_tolist": "recorded",
    "subset_then_data_written": "recorded",        # X[3] = 10 after X[:, :1] was taken
    "sampler_and_loader_generators": "unrolled",   # a generator for both
    "subset_then_normalised": "unrolled",          # X written after the subsets were made
    "subset_long_row_list": "recorded",            # 500 rows in no order, batches of
                                                   # 250 stacked: more than a stack joins
}

# more loops students write: early stopping, gradient accumulation, an epoch in a function,
# rows split by numpy
MORE = {
    "early_stopping_break": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(30)
        X = torch.randn(32, 2); y = X @ torch.tensor([[0.3], [0.7]])
        Xv, yv = torch.randn(8, 2), torch.randn(8, 1)
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.2)
        loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True,
                            generator=torch.Generator().manual_seed(0))
        best, bad = float("inf"), 0
        for epoch in range(20):
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
            with torch.no_grad():
                v = torch.nn.functional.mse_loss(lin(Xv), yv).item()
            if v < best - 1e-3:
                best, bad = v, 0
            else:
                bad += 1
                if bad == 2:
                    print("stop at epoch", epoch)
                    break
        print(lin.weight)
    """,
    "grad_accumulation": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(31)
        X = torch.randn(24, 3); y = X.sum(1, keepdim=True)
        lin = torch.nn.Linear(3, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        loader = DataLoader(TensorDataset(X, y), batch_size=4)
        for epoch in range(2):
            for i, (xb, yb) in enumerate(loader):
                loss = torch.nn.functional.mse_loss(lin(xb), yb) / 2
                loss.backward()
                if (i + 1) % 2 == 0:
                    opt.step()
                    opt.zero_grad()
        print(lin.weight)
    """,
    "train_epoch_function": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(32)
        X = torch.randn(30, 2); y = (X[:, 0] > X[:, 1]).long()
        model = torch.nn.Sequential(torch.nn.Linear(2, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
        opt = torch.optim.Adam(model.parameters(), lr=0.01)
        loader = DataLoader(TensorDataset(X, y), batch_size=10, shuffle=True)
        def train_epoch(model, loader, opt):
            model.train()
            total = 0.0
            for xb, yb in loader:
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
                total += loss.item() * len(xb)
            return total / len(loader.dataset)
        for epoch in range(3):
            print(f"epoch {epoch}: {train_epoch(model, loader, opt):.4f}")
        print(model[2].bias)
    """,
    "numpy_split_indices": """
        import numpy as np
        import torch
        from torch.utils.data import TensorDataset, DataLoader, Subset
        torch.manual_seed(34)
        rng = np.random.default_rng(0)
        X = torch.randn(20, 2); y = X.sum(1, keepdim=True)
        order = rng.permutation(20)
        train = Subset(TensorDataset(X, y), order[:16])
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(3):
            for xb, yb in DataLoader(train, batch_size=4, shuffle=True):
                loss = ((xb @ w - yb) ** 2).mean()
                opt.zero_grad(); loss.backward(); opt.step()
        print(w.t())
    """,
}

# a learning rate set by hand: a change_lr step where the script set it (a plain number),
# or a recorded part (computed from a tensor)
LR_BY_HAND = {
    "lr_drop_at_epoch": """
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(42)
        X = torch.randn(16, 2); y = X[:, :1] - X[:, 1:]
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.3, momentum=0.5)
        loader = DataLoader(TensorDataset(X, y), batch_size=4, shuffle=True)
        for epoch in range(6):
            if epoch == 3:
                for g in opt.param_groups:
                    g["lr"] = g["lr"] * 0.1
            for xb, yb in loader:
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad(); loss.backward(); opt.step()
            print(epoch, f"{loss.item():.5f}", opt.param_groups[0]["lr"])
        print(lin.weight)
    """,
    "lr_decay_by_hand": """
        import torch
        torch.manual_seed(43)
        x = torch.linspace(-1, 1, 10).unsqueeze(1); y = 3 * x + 1
        w = torch.zeros(1, 1, requires_grad=True); b = torch.zeros(1, requires_grad=True)
        opt = torch.optim.Adam([w, b], lr=0.2)
        for epoch in range(5):
            loss = ((x @ w + b - y) ** 2).mean()
            opt.zero_grad(); loss.backward(); opt.step()
            opt.param_groups[0]["lr"] *= 0.8
        print(w, b)
    """,
    "lr_from_a_tensor": """
        import torch
        torch.manual_seed(44)
        w = torch.ones(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for epoch in range(3):
            loss = (w ** 2).sum()
            opt.zero_grad(); loss.backward(); opt.step()
            opt.param_groups[0]["lr"] = 0.1 * loss.item()
        print(w)
    """,
}

# name -> (the loop blocks' counts, change_lr steps, or None: recorded)
LR_EXPECTED = {"lr_drop_at_epoch": ([12, 12], 1), "lr_decay_by_hand": ([], 5),
               "lr_from_a_tensor": None, "nb_lr_lowered_between_cells": ([8, 8], 1)}
