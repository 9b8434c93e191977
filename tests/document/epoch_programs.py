"""Training programs with a loop over epochs around a loop over a loader's batches and
steps once per epoch (issue 32): a scheduler's step, an evaluation under no_grad, the
epoch's mean loss printed. Each ends by printing what the graph computes."""

# name -> (source, the loop blocks' counts, the iterations per epoch or None, the most
# nodes the graph may have; the number it had with a loop per epoch)
NESTED = {
    # the form students write most: a running total of loss.item(), a scheduler step
    # and the epoch's mean loss printed after each epoch's batches
    "scheduler_and_total": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(0)
        X = torch.randn(48, 3)
        y = (X @ torch.tensor([[1.0], [-1.0], [0.5]]) > 0).float()
        loader = DataLoader(TensorDataset(X, y), batch_size=12, shuffle=True)
        model = torch.nn.Sequential(torch.nn.Linear(3, 6), torch.nn.ReLU(), torch.nn.Linear(6, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.2)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        loss_fn = torch.nn.BCEWithLogitsLoss()
        for epoch in range(4):
            total = 0.0
            for xb, yb in loader:
                opt.zero_grad()
                loss = loss_fn(model(xb), yb)
                loss.backward()
                opt.step()
                total += loss.item()
            sched.step()
            print(f"epoch {epoch}: loss {total/len(loader):.4f}")
        print(model(X[:2]))
    """, [16], 4, 20, 41),
    # an evaluation of the whole validation set under no_grad each epoch, printed as a
    # tensor (a node of the epoch's end), and an exponential schedule
    "evaluation_per_epoch": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(2)
        X = torch.randn(40, 2)
        y = X @ torch.tensor([[2.0], [-1.0]]) + 0.3
        X_val, y_val = torch.randn(10, 2), torch.randn(10, 1)
        train_loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True,
                                  generator=torch.Generator().manual_seed(5))
        model = torch.nn.Linear(2, 1)
        opt = torch.optim.Adam(model.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
        loss_fn = torch.nn.MSELoss()
        for epoch in range(3):
            model.train()
            for xb, yb in train_loader:
                loss = loss_fn(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            sched.step()
            model.eval()
            with torch.no_grad():
                val_loss = loss_fn(model(X_val), y_val)
            print(f"epoch {epoch}:", val_loss)
        print(model.bias.detach())
    """, [15], 5, 16, 30),
    # batches by hand (a permutation each epoch), a scheduler step per epoch
    "randperm_with_scheduler": ("""
        import torch
        torch.manual_seed(4)
        X = torch.randn(24, 2)
        y = X.sum(1, keepdim=True)
        w = torch.zeros(2, 1, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.2, momentum=0.5)
        sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[1, 2], gamma=0.5)
        for epoch in range(3):
            perm = torch.randperm(24)
            for i in range(0, 24, 6):
                idx = perm[i:i + 6]
                loss = ((X[idx] @ w - y[idx]) ** 2).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
            sched.step()
            print(epoch, round(loss.item(), 5), sched.get_last_lr())
        print(w.detach().t())
    """, [12], 4, 12, 26),
    # a step only some epochs take: the epochs differ, so the loops stay as the trace
    # found them (the first two epochs, where the rate is the same, one loop)
    "epochs_that_differ": ("""
        import torch
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(1)
        X = torch.randn(12, 2)
        y = X[:, :1] - X[:, 1:]
        lin = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
        for epoch in range(3):
            for xb, yb in DataLoader(TensorDataset(X, y), batch_size=4):
                loss = torch.nn.functional.mse_loss(lin(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
            if epoch == 1:
                sched.step()
            print(epoch, f"{loss.item():.5f}")
        print(lin.weight.detach())
    """, [6, 3], None, 20, None),
    # the mean loss printed every fifth epoch only: one loop of 14 epochs, the print in
    # each (printing nothing in the epochs the script did not print in)
    "printed_every_fifth_epoch": ("""
        import torch
        import torch.nn.functional as F
        from torch.utils.data import TensorDataset, DataLoader
        torch.manual_seed(4)
        X = torch.randn(24, 2)
        y = (X[:, 0] * X[:, 1] > 0).long()
        model = torch.nn.Sequential(torch.nn.Linear(2, 5), torch.nn.Tanh(), torch.nn.Linear(5, 2))
        opt = torch.optim.Adam(model.parameters(), lr=0.05)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
        loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True,
                            generator=torch.Generator().manual_seed(1))
        for epoch in range(14):
            total = 0.0
            for xb, yb in loader:
                opt.zero_grad()
                loss = F.cross_entropy(model(xb), yb)
                loss.backward()
                opt.step()
                total += loss.item()
            sched.step()
            if epoch % 5 == 0:
                print(f"epoch {epoch}: loss {total / len(loader):.4f} lr {sched.get_last_lr()[0]:.4f}")
        print(model(X[:3]))
    """, [42], 3, 21, 84),
}


def a_loop_per_epoch(count=2, printed=(0, 1), line=None):
    """A document as a trace draws a loop per epoch: two epochs of ``count`` iterations,
    each with its own copy of the graph (``w * w`` summed, its backward), ``w``'s gradient
    printed after the epochs in ``printed`` (at ``line``)."""
    from gradstudio.document import Document
    doc = Document()
    w = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="w")
    for k in range(2):
        sq = doc.add_node("mul", None)
        doc.connect(w, sq, "self")
        doc.connect(w, sq, "other")
        s = doc.add_node("sum", None)
        doc.connect(sq, s, "self")
        doc.add_action("loop", {"count": count})
        doc.add_action("compute", {"nodes": [sq]})
        doc.add_action("backward", {"target": s})
        doc.add_action("end_loop")
        if k in printed:
            doc.add_action("say", {"tensors": [w], "parts": [{"grad": 0}], "line": line})
    return doc
