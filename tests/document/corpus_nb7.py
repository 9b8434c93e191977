"""Twenty more notebooks of the part of a course after the autograd basics, written as
students keep them (issue 32, notebooks): Markdown between code cells; ``%matplotlib
inline`` at the top and ``plt.plot`` of a loss curve; names re-assigned from cell to cell;
cells ending with a bare expression Jupyter displays (tensors, tuples, a model's repr,
shapes, dtypes, lists of floats, dicts, ``model.state_dict()``, an optimizer, a scheduler's
``get_last_lr()``, the Generator ``torch.manual_seed(0)`` returns); prints inside loops; a
training cell run a second time to continue training; ``DataLoader`` mini-batches, a small
CNN, RNN / LSTM / GRU, schedulers, clipping, hooks, ``torch.func.grad``, checkpoints
through ``io.BytesIO``; a cell that raises on purpose, then the cells after it; ``del`` of
a name; a function defined in one cell and called in later ones.

``NOTEBOOKS``: name -> cells (a cell starting ``#md`` is Markdown), written as ``.ipynb``
by ``notebook_bytes`` (nbformat); ``corpus_nb7_more.py`` holds the second half.
``tests/document/test_trace_corpus_nb7.py`` opens each and runs its export under torch."""
import textwrap

NOTEBOOKS = {}


def notebook(name, *cells):
    NOTEBOOKS[name] = [textwrap.dedent(c).strip("\n") for c in cells]


def notebook_bytes(cells):
    """The ``.ipynb`` file of ``cells``, written with nbformat as Jupyter writes it."""
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell(c[3:].lstrip("\n")) if c.startswith("#md")
                else nbformat.v4.new_code_cell(c) for c in cells]
    return nbformat.writes(nb).encode()


notebook("nb7_small_cnn_minibatches", """
    #md
    # A small CNN on 8x8 "images"
    Two classes: a bright top half or a bright bottom half.
""", """
    %matplotlib inline
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.utils.data import TensorDataset, DataLoader
""", """
    torch.manual_seed(0)
""", """
    X = torch.rand(48, 1, 8, 8) * 0.2
    y = torch.randint(0, 2, (48,))
    X[y == 0, :, :4, :] += 0.8
    X[y == 1, :, 4:, :] += 0.8
    X.shape, y.dtype, y[:8]
""", """
    class SmallCNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(1, 4, kernel_size=3, padding=1)
            self.pool = nn.MaxPool2d(2)
            self.fc = nn.Linear(4 * 4 * 4, 2)

        def forward(self, x):
            x = self.pool(F.relu(self.conv(x)))
            return self.fc(x.flatten(1))

    model = SmallCNN()
    model
""", """
    model(X[:2]).shape
""", """
    #md
    ## Training in mini-batches
""", """
    loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True,
                        generator=torch.Generator().manual_seed(0))
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    loss_fn = nn.CrossEntropyLoss()
    losses = []
""", """
    for epoch in range(3):
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        print(f"epoch {epoch}: last batch loss {loss.item():.4f}")
""", """
    #md
    Run the same cell again to keep training.
""", """
    for epoch in range(3):
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        print(f"epoch {epoch}: last batch loss {loss.item():.4f}")
""", """
    len(losses), [round(l, 3) for l in losses[-3:]]
""", """
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean()
    acc
""")

notebook("nb7_rnn_running_sum", """
    #md
    # An RNN that learns a running sum
""", """
    import torch
    from torch import nn
    torch.manual_seed(0)
""", """
    seqs = torch.randn(16, 5, 1)
    target = seqs.sum(dim=1)
    seqs.shape, target.shape
""", """
    class SumRNN(nn.Module):
        def __init__(self, hidden=8):
            super().__init__()
            self.rnn = nn.RNN(1, hidden, batch_first=True)
            self.head = nn.Linear(hidden, 1)

        def forward(self, x):
            out, h = self.rnn(x)
            return self.head(out[:, -1])

    model = SumRNN()
    model
""", """
    out, h = model.rnn(seqs)
    out.shape, h.shape
""", """
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for step in range(40):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(seqs), target)
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        if step % 10 == 0:
            print(step, round(loss.item(), 4))
""", """
    #md
    How well does it add?
""", """
    test = torch.tensor([[[1.0], [2.0], [-0.5], [0.25], [0.0]]])
    with torch.no_grad():
        pred = model(test)
    pred, test.sum()
""", """
    loss
""")

notebook("nb7_step_lr_schedule", """
    #md
    # Learning-rate schedules: `StepLR`
""", """
    import torch
    torch.manual_seed(0)
""", """
    w = torch.randn(3, requires_grad=True)
    x = torch.randn(20, 3)
    y = x @ torch.tensor([2.0, -1.0, 0.5])
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
    opt
""", """
    sched.get_last_lr()
""", """
    lrs = []
    for epoch in range(12):
        opt.zero_grad()
        loss = ((x @ w - y) ** 2).mean()
        loss.backward()
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    lrs
""", """
    #md
    The weights after twelve epochs, and the last loss:
""", """
    w
""", """
    loss.item()
""", """
    sched.state_dict()
""")

notebook("nb7_clip_grad_value_and_norm", """
    #md
    # Clipping gradients
    `clip_grad_norm_` returns the norm *before* clipping.
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    x = torch.randn(10, 3) * 10
    y = torch.randn(10, 1)
""", """
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    total = nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5)
    total
""", """
    [p.grad.norm().item() for p in model.parameters()]
""", """
    model.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    nn.utils.clip_grad_value_(model.parameters(), clip_value=0.1)
    model[0].weight.grad
""", """
    #md
    Training with clipping, printing the norm every few steps.
""", """
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for step in range(15):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        norm = nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step % 5 == 4:
            print(f"step {step}: loss {loss.item():.4f}, norm {norm:.3f}")
""", """
    loss
""")

notebook("nb7_forward_and_tensor_hooks", """
    #md
    # Hooks: looking inside a model
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
    activations = {}

    def save_output(name):
        def hook(module, inputs, output):
            activations[name] = output.detach()
        return hook

    handles = [model[0].register_forward_hook(save_output("fc1")),
               model[1].register_forward_hook(save_output("relu"))]
    len(handles)
""", """
    x = torch.randn(3, 4)
    out = model(x)
    {k: v.shape for k, v in activations.items()}
""", """
    activations["relu"]
""", """
    (activations["relu"] == 0).float().mean()
""", """
    #md
    A hook on a tensor sees (and can change) its gradient.
""", """
    grads = []
    h = out.register_hook(lambda g: grads.append(g.clone()))
    out.sum().backward()
    grads[0]
""", """
    model[2].bias.grad
""", """
    for handle in handles:
        handle.remove()
    h.remove()
    activations.clear()
    model(x).shape, activations
""")

notebook("nb7_func_grad_and_vmap", """
    #md
    # `torch.func`: gradients as functions
""", """
    import torch
    from torch.func import grad, vmap
""", """
    def f(x):
        return (x ** 3).sum()

    df = grad(f)
    x = torch.tensor([1.0, 2.0, 3.0])
    df(x)
""", """
    d2f = grad(lambda x: grad(f)(x).sum())
    d2f(x)
""", """
    #md
    A loss as a function of the weights, and its gradient.
""", """
    torch.manual_seed(0)
    X = torch.randn(8, 2)
    y = X @ torch.tensor([1.5, -0.5])

    def loss_fn(w):
        return ((X @ w - y) ** 2).mean()

    w = torch.zeros(2)
    for step in range(5):
        g = grad(loss_fn)(w)
        w = w - 0.2 * g
        print(step, loss_fn(w).item())
""", """
    w
""", """
    per_sample = vmap(grad(lambda w, xi, yi: (xi @ w - yi) ** 2), in_dims=(None, 0, 0))
    per_sample(w, X, y).shape
""")

notebook("nb7_checkpoint_bytesio", """
    #md
    # Saving and restoring a checkpoint
    We write to an in-memory buffer instead of a file.
""", """
    import io
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model.state_dict()
""", """
    X = torch.randn(16, 2)
    y = X.sum(dim=1, keepdim=True)
    for i in range(10):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
    loss.item()
""", """
    buf = io.BytesIO()
    torch.save({"model": model.state_dict(), "epoch": 10}, buf)
    buf.tell() > 0
""", """
    #md
    Now change the model, then restore it.
""", """
    with torch.no_grad():
        model.weight.fill_(0.0)
    model.weight
""", """
    buf.seek(0)
    ckpt = torch.load(buf)
    model.load_state_dict(ckpt["model"])
""", """
    model.weight, ckpt["epoch"]
""", """
    nn.functional.mse_loss(model(X), y)
""")

notebook("nb7_error_cell_then_fix", """
    #md
    # When a cell fails
    The shapes below do not match on purpose. Read the error, then fix it.
""", """
    import torch
    torch.manual_seed(0)
    A = torch.randn(2, 3)
    B = torch.randn(2, 3)
    A.shape, B.shape
""", """
    C = A @ B
""", """
    #md
    The inner sizes must agree: transpose `B`.
""", """
    C = A @ B.T
    C
""", """
    C.shape
""", """
    x = torch.ones(3, requires_grad=True)
    y = (x * 2).sum()
    y.backward()
    y.backward()
""", """
    x.grad
""", """
    y = (x * 2).sum()
    y.backward()
    x.grad
""")

notebook("nb7_del_and_reuse_names", """
    #md
    # Names across cells
    `del` removes a name; re-assigning replaces the tensor it points to.
""", """
    import torch
    torch.manual_seed(0)
""", """
    w = torch.randn(2, 2, requires_grad=True)
    out = (w * w).sum()
    out
""", """
    out.backward()
    g = w.grad.clone()
    g
""", """
    del out
    try:
        out
    except NameError as e:
        print("NameError:", e)
""", """
    w = w.detach() * 10
    w.requires_grad, w
""", """
    out = w.sum()
    out, g
""", """
    del g
    'g' in dir()
""")

notebook("nb7_function_defined_then_called", """
    #md
    # One training function, called from several cells
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    X = torch.randn(30, 3)
    y = (X[:, 0] - X[:, 2] > 0).float().unsqueeze(1)
""", """
    def train(model, opt, epochs):
        loss_fn = nn.BCEWithLogitsLoss()
        for epoch in range(epochs):
            opt.zero_grad()
            loss = loss_fn(model(X), y)
            loss.backward()
            opt.step()
        return loss.item()

    def accuracy(model):
        with torch.no_grad():
            return ((model(X) > 0).float() == y).float().mean().item()
""", """
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    train(model, opt, 10)
""", """
    train(model, opt, 10), accuracy(model)
""", """
    #md
    A deeper model with the same function.
""", """
    model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for round_ in range(3):
        print(round_, round(train(model, opt, 10), 4), accuracy(model))
""", """
    model[0].weight.shape, model[2].bias
""")
