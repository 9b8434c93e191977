"""Twenty notebooks of the part of a course after the autograd basics, as students keep
them in class (issue 32, measured on notebooks: every notebook opens, no cell fails under
the engine where torch runs it, the export prints what the cells printed and displayed).
Markdown cells sit between code cells; a cell often ends with a bare expression Jupyter
displays (a tensor, a module, a shape, ``loss.item()``, an optimizer, a ``state_dict``,
the Generator ``torch.manual_seed`` returns, a list, dict or tuple, a ``grad_fn``, a
batch); names are re-assigned from cell to cell; a training cell is followed by an
evaluation cell; errors are caught and printed. The constructs: ``nn.Module`` classes,
``DataLoader`` / ``TensorDataset`` / ``random_split``, schedulers, ``clip_grad_norm_``,
``state_dict`` through ``io.BytesIO``, ``torch.func``, forward-mode AD,
``autograd.functional``, custom ``autograd.Function``, RNN / LSTM / GRU / Embedding and
Conv2d / MaxPool2d shapes, ``set_printoptions``, ``retain_grad``, ``retain_graph``,
``detach``, ``no_grad``, ``requires_grad_``, in-place errors, IPython magics.

``NOTEBOOKS``: name -> cells (a cell starting ``#md`` is Markdown), made into ``.ipynb``
bytes by ``notebook_bytes``; ``corpus_nb6_more.py`` holds the second half.
``tests/document/test_trace_corpus_nb6.py`` opens each and runs its export under torch."""
import textwrap

from corpus4_programs import notebook_bytes  # noqa: F401  (the same .ipynb writer)

NOTEBOOKS = {}


def notebook(name, *cells):
    NOTEBOOKS[name] = [textwrap.dedent(c).strip("\n") for c in cells]


notebook("nb6_module_class_train_eval", """
    #md
    # Lab 3: a classifier as an `nn.Module`
    We build a small network as a class, train it, then evaluate it.
""", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
""", """
    class TwoLayer(nn.Module):
        def __init__(self, n_in, n_hidden, n_out):
            super().__init__()
            self.fc1 = nn.Linear(n_in, n_hidden)
            self.fc2 = nn.Linear(n_hidden, n_out)

        def forward(self, x):
            h = F.relu(self.fc1(x))
            return self.fc2(h)

    model = TwoLayer(4, 16, 3)
    model
""", """
    X = torch.randn(60, 4)
    y = (X[:, 0] + X[:, 1] > 0).long() + (X[:, 2] > 1).long()
    X.shape, y[:10]
""", """
    model.parameters()
""", """
    sum(p.numel() for p in model.parameters())
""", """
    #md
    ## Training
    Cross-entropy with plain SGD. `loss` is overwritten every step.
""", """
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    losses = []
    for epoch in range(25):
        opt.zero_grad()
        loss = F.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 4))
    losses[::5]
""", """
    loss.item()
""", """
    #md
    ## Evaluation
""", """
    model.eval()
    with torch.no_grad():
        logits = model(X)
        pred = logits.argmax(dim=1)
    acc = (pred == y).float().mean()
    print(f"accuracy: {acc.item():.3f}")
    pred[:12]
""", """
    logits.requires_grad, pred.dtype
""")

notebook("nb6_dataloader_random_split", """
    #md
    # Mini-batches with `DataLoader`
    Split a toy dataset into train and validation, then iterate in batches.
""", """
    import torch
    from torch import nn
    from torch.utils.data import TensorDataset, DataLoader, random_split
""", """
    torch.manual_seed(1)
""", """
    X = torch.linspace(-2, 2, 40).unsqueeze(1)
    y = 3 * X - 1 + 0.1 * torch.randn(40, 1)
    ds = TensorDataset(X, y)
    len(ds), ds[0]
""", """
    train_ds, val_ds = random_split(ds, [32, 8], generator=torch.Generator().manual_seed(42))
    len(train_ds), len(val_ds)
""", """
    loader = DataLoader(train_ds, batch_size=8, shuffle=True)
    xb, yb = next(iter(loader))
    display(xb[:2].T, None)
    xb.shape, yb.shape
""", """
    #md
    Train a single linear layer for a few epochs.
""", """
    model = nn.Linear(1, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = nn.MSELoss()
    for epoch in range(5):
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item() * len(xb)
        print(epoch, round(total / len(train_ds), 4))
""", """
    model.weight, model.bias
""", """
    val_x = torch.stack([val_ds[i][0] for i in range(len(val_ds))])
    val_y = torch.stack([val_ds[i][1] for i in range(len(val_ds))])
    with torch.no_grad():
        val_loss = loss_fn(model(val_x), val_y)
    val_loss
""")

notebook("nb6_schedulers_compare", """
    #md
    # Learning-rate schedules
    How `StepLR` and `CosineAnnealingLR` change the learning rate.
""", """
    import torch
    torch.manual_seed(0)
""", """
    w = torch.nn.Parameter(torch.randn(3))
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    opt
""", """
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)
    lrs = []
    for step in range(9):
        opt.zero_grad()
        loss = (w ** 2).sum()
        loss.backward()
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    lrs
""", """
    w
""", """
    #md
    Now cosine annealing, on a fresh optimizer.
""", """
    w = torch.nn.Parameter(torch.ones(3))
    opt = torch.optim.Adam([w], lr=0.05)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=6)
    for step in range(6):
        opt.zero_grad()
        loss = ((w - 2) ** 2).mean()
        loss.backward()
        opt.step()
        sched.step()
        print(step, f"{sched.get_last_lr()[0]:.5f}", f"{loss.item():.5f}")
""", """
    opt.param_groups[0]["lr"]
""", """
    sched.state_dict()
""")

notebook("nb6_clip_grad_norm", """
    #md
    # Exploding gradients and `clip_grad_norm_`
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(5)
""", """
    net = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
    x = torch.randn(16, 3) * 10
    t = torch.randn(16, 1) * 10
    net
""", """
    loss = ((net(x) - t) ** 2).mean()
    loss.backward()
    total = torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
    total
""", """
    #md
    After clipping, the global norm is at most 1:
""", """
    torch.sqrt(sum((p.grad ** 2).sum() for p in net.parameters()))
""", """
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    norms = []
    for i in range(8):
        opt.zero_grad()
        loss = ((net(x) - t) ** 2).mean()
        loss.backward()
        norms.append(round(nn.utils.clip_grad_norm_(net.parameters(), 2.0).item(), 3))
        opt.step()
    norms
""", """
    loss
""")

notebook("nb6_state_dict_bytesio", """
    #md
    # Saving and loading a model
    `torch.save` writes to any file-like object; we use `io.BytesIO` so nothing touches disk.
""", """
    import io
    import torch
    from torch import nn
    torch.manual_seed(2)
""", """
    model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
    model.state_dict()
""", """
    list(model.state_dict().keys())
""", """
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    buffer.seek(0)
""", """
    #md
    A second model with other weights, then load the saved ones.
""", """
    other = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
    x = torch.tensor([[0.5, -1.0]])
    other(x), model(x)
""", """
    state = torch.load(buffer)
    other.load_state_dict(state)
""", """
    other(x), model(x)
""", """
    torch.equal(other[0].weight, model[0].weight)
""")

notebook("nb6_func_grad_vmap_jacrev", """
    #md
    # `torch.func`: functions in, functions out
""", """
    import torch
    from torch.func import grad, vmap, jacrev
""", """
    def loss(w, x, y):
        return ((x @ w - y) ** 2).mean()

    torch.manual_seed(4)
    w = torch.randn(3)
    x = torch.randn(10, 3)
    y = torch.randn(10)
    loss(w, x, y)
""", """
    g = grad(loss)(w, x, y)
    g
""", """
    #md
    Compare with ordinary autograd:
""", """
    w2 = w.clone().requires_grad_()
    loss(w2, x, y).backward()
    torch.allclose(w2.grad, g), w2.grad
""", """
    #md
    Per-example gradients with `vmap`:
""", """
    per_example = vmap(grad(loss), in_dims=(None, 0, 0))(w, x.unsqueeze(1), y.unsqueeze(1))
    per_example.shape
""", """
    per_example.mean(0)
""", """
    def f(v):
        return torch.stack([v.sin().sum(), (v ** 2).prod()])

    jacrev(f)(torch.tensor([0.1, 0.2, 0.3]))
""", """
    #md
    Gradients with respect to a module's parameters, as a dict:
""", """
    from torch.func import functional_call
    net = torch.nn.Linear(3, 1)
    params = dict(net.named_parameters())

    def net_loss(params, x, y):
        return ((functional_call(net, params, (x,)).squeeze(1) - y) ** 2).mean()

    grads = grad(net_loss)(params, x, y)
    grads["weight"], grads["bias"]
""")

notebook("nb6_forward_ad_dual", """
    #md
    # Forward-mode AD
    A dual number carries a value and a tangent: one forward pass gives a
    Jacobian-vector product.
""", """
    import torch
    import torch.autograd.forward_ad as fwAD
""", """
    x = torch.tensor([1.0, 2.0, 3.0])
    v = torch.tensor([1.0, 0.0, 0.0])
    with fwAD.dual_level():
        dual = fwAD.make_dual(x, v)
        out = (dual ** 2).sin()
        primal, tangent = fwAD.unpack_dual(out)
    primal, tangent
""", """
    #md
    Check against the derivative by hand: d/dx sin(x^2) = 2x cos(x^2)
""", """
    2 * x * torch.cos(x ** 2) * v
""", """
    def f(a, b):
        return a * b + a.exp()

    a = torch.tensor([0.5, -0.5])
    b = torch.tensor([2.0, 3.0])
    with fwAD.dual_level():
        out = f(fwAD.make_dual(a, torch.ones(2)), b)
        jvp = fwAD.unpack_dual(out).tangent
    jvp
""", """
    b + a.exp()
""")

notebook("nb6_functional_jacobian_hessian", """
    #md
    # Jacobians and Hessians with `torch.autograd.functional`
""", """
    import torch
    from torch.autograd.functional import jacobian, hessian
""", """
    def f(x):
        return torch.stack([x[0] ** 2 * x[1], 5 * x[0] + x[1].sin()])

    x = torch.tensor([1.0, 2.0])
    J = jacobian(f, x)
    J
""", """
    J.shape
""", """
    #md
    The Hessian of a scalar function is symmetric:
""", """
    def energy(x):
        return (x ** 3).sum() + x[0] * x[1]

    H = hessian(energy, x)
    H, torch.allclose(H, H.T)
""", """
    def two_inputs(a, b):
        return (a * b).sum()

    jacobian(two_inputs, (torch.ones(2), torch.tensor([3.0, 4.0])))
""")

notebook("nb6_custom_function", """
    #md
    # Writing your own `autograd.Function`
    A ReLU whose backward we write by hand.
""", """
    import torch

    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.clamp(min=0)

        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            grad = grad_output.clone()
            grad[x < 0] = 0
            return grad
""", """
    x = torch.tensor([-2.0, -0.5, 0.0, 1.5, 3.0], requires_grad=True)
    y = MyReLU.apply(x)
    y
""", """
    y.grad_fn
""", """
    (y * torch.arange(5.0)).sum().backward()
    x.grad
""", """
    #md
    The same with the built-in `relu`:
""", """
    x2 = x.detach().clone().requires_grad_(True)
    (torch.relu(x2) * torch.arange(5.0)).sum().backward()
    x2.grad, torch.equal(x.grad, x2.grad)
""")

notebook("nb6_rnn_shapes", """
    #md
    # Recurrent layers: what shapes come out?
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    rnn = nn.RNN(input_size=5, hidden_size=7, batch_first=True)
    x = torch.randn(3, 4, 5)          # batch 3, sequence 4, features 5
    out, h = rnn(x)
    out.shape, h.shape
""", """
    rnn
""", """
    lstm = nn.LSTM(5, 6, num_layers=2, batch_first=True)
    out, (h, c) = lstm(x)
    out.shape, h.shape, c.shape
""", """
    #md
    A GRU on sequence-first input:
""", """
    gru = nn.GRU(5, 4)
    out, h = gru(x.transpose(0, 1))
    out.shape, h.shape
""", """
    torch.allclose(out[-1], h[0])
""", """
    [name for name, p in lstm.named_parameters()]
""", """
    out.sum().backward()
    gru.weight_hh_l0.grad.shape
""")


# the second half (split for size): it adds to NOTEBOOKS
import corpus_nb6_more  # noqa: E402,F401
