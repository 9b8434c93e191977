"""The second half of ``corpus_nb6.py``'s notebooks (split for size)."""
from corpus_nb6 import notebook

notebook("nb6_embedding_bag_of_words", """
    #md
    # Embeddings
    An `nn.Embedding` is a lookup table: integer ids in, vectors out.
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(3)
""", """
    emb = nn.Embedding(10, 4)
    ids = torch.tensor([[1, 2, 4], [4, 3, 9]])
    vectors = emb(ids)
    vectors.shape
""", """
    vectors[0, 0], emb.weight[1]
""", """
    #md
    Average the word vectors and classify.
""", """
    head = nn.Linear(4, 2)
    logits = head(vectors.mean(dim=1))
    logits
""", """
    loss = nn.functional.cross_entropy(logits, torch.tensor([0, 1]))
    loss.backward()
    emb.weight.grad[[0, 1, 4]]
""", """
    emb.weight.grad.abs().sum(dim=1).nonzero().flatten()
""")

notebook("nb6_conv_pool_shapes", """
    #md
    # Convolutions and pooling
    Track the shape through a tiny CNN.
""", """
    import torch
    from torch import nn
    torch.manual_seed(7)
""", """
    img = torch.randn(2, 1, 8, 8)
    conv = nn.Conv2d(1, 4, kernel_size=3, padding=1)
    conv(img).shape
""", """
    pool = nn.MaxPool2d(2)
    pool(conv(img)).shape
""", """
    conv.weight.shape, conv.bias.shape
""", """
    #md
    Put it together in a `Sequential`:
""", """
    cnn = nn.Sequential(
        nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(4, 8, 3), nn.ReLU(),
        nn.Flatten(), nn.Linear(8 * 2 * 2, 3))
    out = cnn(img)
    out.shape
""", """
    out
""", """
    out.sum().backward()
    cnn[0].weight.grad.shape, cnn[-1].bias.grad
""")

notebook("nb6_printoptions", """
    #md
    # How tensors print
""", """
    import torch
    torch.manual_seed(0)
    x = torch.randn(3, 4) * 100
    x
""", """
    torch.set_printoptions(precision=2)
    x
""", """
    torch.set_printoptions(sci_mode=True)
    x / 1000
""", """
    #md
    Back to the defaults:
""", """
    torch.set_printoptions(profile="default")
    x[0]
""", """
    torch.arange(12.0).reshape(3, 4), torch.tensor([1e-8, 1.0, 1e8])
""")

notebook("nb6_retain_grad_nonleaf", """
    #md
    # Gradients of intermediate tensors
    Non-leaf tensors do not keep `.grad` unless we ask.
""", """
    import torch
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    h = x * 2
    h.retain_grad()
    y = (h ** 2).sum()
    y
""", """
    y.backward()
    x.grad, h.grad
""", """
    h.is_leaf, x.is_leaf, h.grad_fn
""", """
    #md
    Without `retain_grad()` the gradient of `z` is not kept (and PyTorch warns).
""", """
    z = x * 3
    (z.sum()).backward()
    print(z.grad)
    x.grad
""", """
    x.grad.zero_()
""", """
    #md
    ## Backward twice
""", """
    a = torch.tensor(2.0, requires_grad=True)
    b = a ** 3
    b.backward(retain_graph=True)
    a.grad
""", """
    b.backward()
    a.grad
""", """
    #md
    A third time fails: the graph was freed.
""", """
    try:
        b.backward()
    except RuntimeError as e:
        print("RuntimeError:", str(e)[:60])
""", """
    c = a.exp() * a
    grads = torch.autograd.grad(c, a, create_graph=True)
    grads
""", """
    second, = torch.autograd.grad(grads[0], a)
    second
""")

notebook("nb6_detach_no_grad", """
    #md
    # Turning gradients off: `detach`, `no_grad`, `requires_grad_`
""", """
    import torch
    torch.manual_seed(11)
    w = torch.randn(3, requires_grad=True)
    w
""", """
    d = w.detach()
    d.requires_grad, d.grad_fn
""", """
    with torch.no_grad():
        v = w * 2
    v.requires_grad
""", """
    y = (w * 2).sum()
    y.grad_fn
""", """
    #md
    `requires_grad_()` turns a plain tensor into a leaf we can differentiate.
""", """
    u = torch.ones(3)
    u.requires_grad_()
""", """
    (u * w).sum().backward()
    u.grad, w.grad
""", """
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
    w
""")

notebook("nb6_inplace_errors", """
    #md
    # In-place operations and autograd
""", """
    import torch
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    try:
        x.add_(1)
    except RuntimeError as err:
        print(err)
""", """
    y = x.exp()
    y.add_(1)
    try:
        y.sum().backward()
    except RuntimeError as err:
        print(type(err).__name__)
""", """
    #md
    An in-place change after a value was saved for backward:
""", """
    a = torch.tensor([0.5, 1.5], requires_grad=True)
    b = a.sigmoid()
    c = b * 2
    b.mul_(3)
    try:
        c.sum().backward()
        print("ok")
    except RuntimeError as err:
        print("error")
    a.grad
""", """
    b
""", """
    #md
    Assigning into a non-leaf tensor is fine; autograd records it:
""", """
    w = torch.ones(3, requires_grad=True)
    v = w * 2
    v[0] = 5.0
    v.sum().backward()
    v, w.grad
""")

notebook("nb6_magics_timing", """
    #md
    # Timing the training loop
    We use IPython magics to time things.
""", """
    %time import torch
""", """
    import torch
    torch.manual_seed(0)
""", """
    !pip install torch --quiet
""", """
    X = torch.randn(50, 3)
    y = X @ torch.tensor([1.0, -2.0, 0.5]) + 0.3
    w = torch.zeros(3, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    %time loss = ((X @ w + b - y) ** 2).mean()
    loss
""", """
    opt = torch.optim.SGD([w, b], lr=0.1)
    for i in range(30):
        opt.zero_grad()
        loss = ((X @ w + b - y) ** 2).mean()
        loss.backward()
        opt.step()
    w, b
""", """
    %timeit X @ w
    loss.item()
""")

notebook("nb6_seeded_dropout_evaluate", """
    #md
    # Dropout, `train()` / `eval()` and an evaluation function
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
""", """
    a = torch.rand(3)
    torch.manual_seed(0)
    b = torch.rand(3)
    a, b, torch.equal(a, b)
""", """
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(p=0.5), nn.Linear(8, 2))
    x = torch.randn(5, 4)
    model.train()
""", """
    model(x)
""", """
    #md
    In evaluation mode dropout does nothing, so two calls agree:
""", """
    model.eval()
    torch.equal(model(x), model(x))
""", """
    @torch.no_grad()
    def evaluate(model, x, y):
        logits = model(x)
        return (logits.argmax(1) == y).float().mean().item()

    y = torch.tensor([0, 1, 1, 0, 1])
    evaluate(model, x, y)
""", """
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model.train()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
    [p.grad is None for p in model.parameters()]
""", """
    #md
    Without the parentheses we only see the method:
""", """
    loss.item
""", """
    {name: tuple(p.shape) for name, p in model.named_parameters()}
""", """
    torch.initial_seed(), torch.randint(0, 10, (6,)).tolist()
""")

notebook("nb6_plateau_and_grad_fn", """
    #md
    # Watching the graph and the learning rate
""", """
    import torch
    import torch.nn as nn
    torch.manual_seed(9)
""", """
    model = nn.Linear(2, 1)
    x = torch.randn(20, 2)
    y = x.sum(dim=1, keepdim=True)
    pred = model(x)
    pred.grad_fn
""", """
    loss = nn.functional.mse_loss(pred, y)
    loss.grad_fn, loss.grad_fn.next_functions
""", """
    #md
    Reduce the learning rate when the loss stops improving.
""", """
    opt = torch.optim.SGD(model.parameters(), lr=0.3)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
    history = {}
    for epoch in range(10):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        sched.step(loss.item())
        history[epoch] = round(loss.item(), 5)
    history
""", """
    opt.param_groups[0]["lr"], model.weight.data
""", """
    model
""")

notebook("nb6_sequential_train_val_loop", """
    #md
    # Train / validation loop with early stopping
""", """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader
    torch.manual_seed(21)
""", """
    X = torch.randn(64, 2)
    y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)
    train = DataLoader(TensorDataset(X[:48], y[:48]), batch_size=16, shuffle=True)
    Xv, yv = X[48:], y[48:]
    next(iter(train))[0].shape
""", """
    model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
    loss_fn = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    opt
""", """
    #md
    Train for at most 15 epochs.
""", """
    best = float("inf")
    for epoch in range(15):
        model.train()
        for xb, yb in train:
            opt.zero_grad()
            loss_fn(model(xb), yb).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val = loss_fn(model(Xv), yv).item()
        if val < best:
            best = val
        print(f"epoch {epoch:2d}  val {val:.4f}")
""", """
    with torch.no_grad():
        acc = ((model(Xv) > 0).float() == yv).float().mean()
    acc, round(best, 4)
""")
