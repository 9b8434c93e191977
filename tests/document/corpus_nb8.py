"""Ten notebooks of the eighth corpus (issue 32, notebooks), as students keep them right
after the autograd tutorial: Markdown between code cells, cells ending with a bare
expression Jupyter displays, names reassigned from cell to cell, and a training continued
in a later cell: a module class trained, evaluated and trained again; ``random_split`` +
``DataLoader``; a ``StepLR`` whose ``get_last_lr()`` is displayed; module hooks; a custom
``autograd.Function``; a ``state_dict`` through ``io.BytesIO``; ``autograd.grad`` with
``create_graph``; freezing; a regression whose data is reassigned; ``torch.where``.

``NOTEBOOKS``: name -> cells (a cell starting ``#md`` is Markdown), written as ``.ipynb``
by ``notebook_bytes`` (nbformat). ``tests/document/test_trace_corpus8.py`` opens each and
runs its export under torch."""
import textwrap

from corpus_nb7 import notebook_bytes  # noqa: F401  (the same nbformat writer)

NOTEBOOKS = {}


def notebook(name, *cells):
    NOTEBOOKS[name] = [textwrap.dedent(c).strip("\n") for c in cells]


notebook("nb8_module_class_train_more_later", """
    #md
    # A classifier as an `nn.Module` class
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    X = torch.randn(40, 2)
    y = (X[:, 0] * X[:, 1] > 0).long()
    y[:10]
""", """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.l1 = nn.Linear(2, 16)
            self.l2 = nn.Linear(16, 2)

        def forward(self, x):
            return self.l2(torch.relu(self.l1(x)))

    model = Net()
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    loss_fn = nn.CrossEntropyLoss()
    model
""", """
    for epoch in range(10):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
    print(f"loss after 10 epochs: {loss.item():.4f}")
""", """
    #md
    How accurate is it? Evaluate without building a graph.
""", """
    model.eval()
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean()
    acc
""", """
    #md
    Not good enough yet: train 20 more epochs.
""", """
    model.train()
    for epoch in range(20):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
    print(f"loss after 30 epochs: {loss.item():.4f}")
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean()
    acc.item()
""")

notebook("nb8_random_split_loader_accuracy", """
    #md
    # Train / validation split with `random_split`
""", """
    import torch
    from torch import nn
    from torch.utils.data import TensorDataset, DataLoader, random_split
    torch.manual_seed(1)
""", """
    X = torch.randn(50, 3)
    y = (X.sum(1) > 0).long()
    full = TensorDataset(X, y)
    train_set, val_set = random_split(full, [40, 10], generator=torch.Generator().manual_seed(3))
    len(train_set), len(val_set)
""", """
    train_loader = DataLoader(train_set, batch_size=8, shuffle=True, generator=torch.Generator().manual_seed(4))
    val_loader = DataLoader(val_set, batch_size=5)
    xb, yb = next(iter(train_loader))
    xb.shape, yb
""", """
    model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    criterion = nn.CrossEntropyLoss()
""", """
    #md
    One epoch per cell run.
""", """
    def run_epoch():
        model.train()
        for xb, yb in train_loader:
            opt.zero_grad()
            loss = criterion(model(xb), yb)
            loss.backward()
            opt.step()
        model.eval()
        correct = 0
        with torch.no_grad():
            for xb, yb in val_loader:
                correct += (model(xb).argmax(1) == yb).sum().item()
        return loss.item(), correct / len(val_set)

    run_epoch()
""", """
    for _ in range(4):
        last_loss, val_acc = run_epoch()
        print(f"loss {last_loss:.4f}  val acc {val_acc:.2f}")
""")

notebook("nb8_steplr_displayed_lr", """
    #md
    # Learning-rate schedules
    `StepLR` halves the learning rate every 3 epochs.
""", """
    import torch
    torch.manual_seed(2)
    w = torch.randn(3, requires_grad=True)
    target = torch.tensor([1.0, -1.0, 0.5])
    opt = torch.optim.SGD([w], lr=0.4)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)
    sched.get_last_lr()
""", """
    history = []
    for epoch in range(6):
        opt.zero_grad()
        loss = ((w - target) ** 2).sum()
        loss.backward()
        opt.step()
        sched.step()
        history.append(round(loss.item(), 5))
    history
""", """
    sched.get_last_lr()
""", """
    #md
    Continue for three more epochs.
""", """
    for epoch in range(3):
        opt.zero_grad()
        loss = ((w - target) ** 2).sum()
        loss.backward()
        opt.step()
        sched.step()
        print(epoch, f"{loss.item():.6f}", sched.get_last_lr())
    w
""")

notebook("nb8_module_hooks_activations", """
    #md
    # Looking inside with hooks
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(3)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 8), nn.Tanh(), nn.Linear(8, 1))
    print(model)
""", """
    activations = {}

    def keep(name):
        def hook(module, inp, out):
            activations[name] = out.detach()
        return hook

    for i, layer in enumerate(model):
        if isinstance(layer, nn.Tanh):
            layer.register_forward_hook(keep(f"tanh{i}"))
""", """
    x = torch.randn(16, 4)
    out = model(x)
    sorted(activations)
""", """
    #md
    How saturated are the tanh units?
""", """
    for name, a in activations.items():
        print(f"{name}: mean |a| = {a.abs().mean().item():.4f}, saturated = {(a.abs() > 0.9).float().mean().item():.3f}")
""", """
    x = x * 5
    out = model(x)
    {k: round(v.abs().mean().item(), 4) for k, v in activations.items()}
""")

notebook("nb8_custom_function_clipped_relu", """
    #md
    # A custom autograd Function
    A ReLU clipped at 1 whose gradient we write ourselves.
""", """
    import torch

    class ClippedReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.clamp(0, 1)

        @staticmethod
        def backward(ctx, grad):
            x, = ctx.saved_tensors
            return grad * ((x > 0) & (x < 1)).to(grad.dtype)
""", """
    x = torch.tensor([-0.5, 0.25, 0.75, 1.5], requires_grad=True)
    y = ClippedReLU.apply(x)
    y
""", """
    y.sum().backward()
    x.grad
""", """
    #md
    Compare with the built-in clamp.
""", """
    x2 = x.detach().clone().requires_grad_()
    x2.clamp(0, 1).sum().backward()
    x2.grad, torch.equal(x.grad, x2.grad)
""", """
    x = torch.linspace(-1, 2, 7, requires_grad=True)
    y = ClippedReLU.apply(x) * 3
    y.sum().backward()
    print(y)
    x.grad
""")

notebook("nb8_state_dict_bytesio_reload", """
    #md
    # Saving and loading a model
""", """
    import io
    import torch
    import torch.nn as nn
    torch.manual_seed(4)
    model = nn.Linear(3, 2)
    model.state_dict()
""", """
    X = torch.randn(12, 3)
    Y = X @ torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, -1.0]])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(15):
        opt.zero_grad()
        loss = ((model(X) - Y) ** 2).mean()
        loss.backward()
        opt.step()
    loss.item()
""", """
    buf = io.BytesIO()
    torch.save(model.state_dict(), buf)
    buf.seek(0)
    state = torch.load(buf)
    list(state.keys())
""", """
    #md
    A fresh model gets the saved weights.
""", """
    model = nn.Linear(3, 2)
    print("fresh loss:", ((model(X) - Y) ** 2).mean().item() > loss.item())
    model.load_state_dict(state)
""", """
    with torch.no_grad():
        print(f"reloaded loss: {((model(X) - Y) ** 2).mean().item():.6f}")
    model.weight
""")

notebook("nb8_autograd_grad_create_graph", """
    #md
    # Higher derivatives with `torch.autograd.grad`
""", """
    import torch
    x = torch.tensor(2.0, requires_grad=True)
    f = x ** 3 - 2 * x
    f
""", """
    df, = torch.autograd.grad(f, x, create_graph=True)
    df
""", """
    d2f, = torch.autograd.grad(df, x, create_graph=True)
    d2f
""", """
    #md
    Newton's method on $f'(x) = 0$, starting again from a new `x`.
""", """
    x = torch.tensor(1.5, requires_grad=True)
    for step in range(4):
        f = x ** 3 - 2 * x
        df, = torch.autograd.grad(f, x, create_graph=True)
        d2f, = torch.autograd.grad(df, x)
        with torch.no_grad():
            x -= df / d2f
        print(f"step {step}: x = {x.item():.6f}, f'(x) = {df.item():.6f}")
""", """
    x, (2 / 3) ** 0.5
""")

notebook("nb8_freeze_then_fine_tune", """
    #md
    # Freezing a layer
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(3, 6), nn.ReLU(), nn.Linear(6, 1))
    X = torch.randn(20, 3)
    y = X[:, :1] - 2 * X[:, 2:]
""", """
    model[0].requires_grad_(False)
    [(n, p.requires_grad) for n, p in model.named_parameters()]
""", """
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.05)
    for i in range(10):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
    loss
""", """
    #md
    Now unfreeze everything and fine-tune with a smaller learning rate.
""", """
    model[0].requires_grad_(True)
    opt = torch.optim.SGD(model.parameters(), lr=0.02)
    for i in range(10):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
    print(f"{loss.item():.5f}")
    model[0].weight.grad.abs().sum() > 0
""")

notebook("nb8_regression_data_reassigned", """
    #md
    # Regression with `MSELoss`: first on a line, then on a parabola
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(6)
    x = torch.linspace(0, 1, 20).unsqueeze(1)
    y = 2 * x + 1
    model = nn.Linear(1, 1)
    loss_fn = nn.MSELoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
""", """
    for i in range(50):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
    model.weight.item(), model.bias.item()
""", """
    #md
    Same code, new data: a parabola needs a hidden layer.
""", """
    y = x ** 2
    model = nn.Sequential(nn.Linear(1, 10), nn.Tanh(), nn.Linear(10, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    losses = []
""", """
    for i in range(40):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    print(f"first {losses[0]:.4f} last {losses[-1]:.5f}")
    model(torch.tensor([[0.5]]))
""")

notebook("nb8_where_masks_detach", """
    #md
    # Masks, `torch.where` and `detach`
""", """
    import torch
    torch.manual_seed(7)
    scores = torch.randn(6, requires_grad=True)
    scores
""", """
    mask = scores > 0
    mask, mask.dtype
""", """
    positive = torch.where(mask, scores, torch.zeros_like(scores))
    positive.sum().backward()
    scores.grad
""", """
    #md
    `detach` cuts the graph: the target below is a constant.
""", """
    target = (scores * 2).detach()
    loss = ((scores - target) ** 2).mean()
    scores.grad = None
    loss.backward()
    scores.grad
""", """
    masked = scores.detach().masked_fill(~mask, 0.0)
    print(masked)
    masked.sum(), target.requires_grad
""")
