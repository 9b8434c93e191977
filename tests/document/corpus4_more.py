"""The second half of the fourth corpus (``corpus4_programs.py``, split for size): checkpoints,
numpy, dtypes, print formats, loss shapes, a bigram model, early stopping, BCE with
pos_weight, ReduceLROnPlateau, BatchNorm, Dropout, SGD momentum by hand, and the four
notebooks."""
from corpus4_programs import notebook, program


program("checkpoint_dict_resume_training", """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(9)
    model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    X, y = torch.randn(10, 2), torch.randn(10, 1)

    def train(steps):
        for _ in range(steps):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
        return loss.item()

    last = train(4)
    checkpoint = {"epoch": 4, "model": model.state_dict(), "optimizer": opt.state_dict(),
                  "loss": last}
    buf = io.BytesIO()
    torch.save(checkpoint, buf)
    print(f"saved at epoch {checkpoint['epoch']} with loss {last:.5f}")
    print(sorted(checkpoint.keys()))
    print(opt.state_dict()["param_groups"][0]["lr"])

    buf.seek(0)
    loaded = torch.load(buf)
    model.load_state_dict(loaded["model"])
    opt.load_state_dict(loaded["optimizer"])
    print("resumed from epoch", loaded["epoch"])
    print(f"loss after 3 more steps: {train(3):.5f}")
    print(model[0].bias)
""")

program("numpy_interop_shared_memory", """
    import numpy as np
    import torch

    arr = np.array([1.0, 2.0, 3.0])
    t = torch.from_numpy(arr)        # shares memory with arr
    print(t, t.dtype)
    arr[0] = 10.0
    print("after changing the array:", t)

    copy = torch.tensor(arr)         # a copy
    arr[1] = -1.0
    print("copy:", copy, "shared:", t)

    x = t.float().requires_grad_()
    y = (x ** 2).sum()
    y.backward()
    print(x.grad, x.grad.dtype)
    g = x.grad.numpy()
    print(type(g).__name__, g.dtype, g)
    try:
        x.numpy()
    except RuntimeError as e:
        print(e)
    print(x.detach().numpy().mean())
    m = torch.as_tensor(np.arange(6).reshape(2, 3))
    print(m, m.dtype, m.sum().item())
""")

program("dtype_promotion_rules", """
    import torch

    i = torch.tensor([1, 2, 3])
    f = torch.tensor([0.5, 1.5, 2.5])
    d = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
    b = torch.tensor([True, False, True])

    print("int + float:", (i + f).dtype)
    print("int * 2.5:", (i * 2.5).dtype, i * 2.5)
    print("float32 + float64:", (f + d).dtype)
    print("bool sum:", b.sum(), b.sum().dtype)
    print("int / int:", i / 2, (i / 2).dtype)
    print("int // int:", i // 2, (i // 2).dtype)
    print("result_type:", torch.result_type(i, 2.0), torch.result_type(f, d))
    print(torch.promote_types(torch.int32, torch.float16))
    mixed = i.float().mean()
    print(f"mean of ints as float: {mixed.item():.3f}")
    try:
        i.mean()
    except RuntimeError as e:
        print("error:", e)
    w = torch.ones(3, requires_grad=True)
    loss = (w * i).sum()
    loss.backward()
    print(loss.dtype, w.grad)
""")

program("print_formats_and_options", """
    import torch

    torch.manual_seed(10)
    w = torch.randn(3, 3)
    loss = torch.tensor(0.123456789)
    print(w)
    print(f"loss: {loss.item():.3f} | {loss.item():e} | {loss.item():>10.4f}|")
    print("loss as tensor:", loss)
    print("repr:", repr(loss))
    print(f"{w.shape} {w.dtype} {w.device}")
    print(w.tolist()[0])
    print([round(v, 2) for v in w[0].tolist()])

    torch.set_printoptions(precision=2)
    print(w)
    torch.set_printoptions(sci_mode=False)
    print(torch.tensor([1e-5, 12345.678]))
    torch.set_printoptions(profile="default")
    print(torch.tensor([1e-5, 12345.678]))
    big = torch.arange(2000.0)
    print(big)
    print(str(w[0, 0].item())[:6])
""")

program("loss_shape_broadcast_trap", """
    import warnings
    import torch
    import torch.nn as nn

    warnings.simplefilter("ignore")
    torch.manual_seed(11)
    X = torch.randn(6, 3)
    y = torch.randn(6)                 # shape (6,)
    model = nn.Linear(3, 1)            # output shape (6, 1)
    pred = model(X)
    print(pred.shape, y.shape, (pred - y).shape)

    wrong = nn.MSELoss()(pred, y)      # broadcasts to (6, 6)!
    right = nn.MSELoss()(pred.squeeze(1), y)
    print(f"wrong: {wrong.item():.4f}  right: {right.item():.4f}")
    print("same?", torch.isclose(wrong, right).item())

    # cross entropy wants class indices of dtype long and shape (N,)
    logits = torch.randn(4, 3, requires_grad=True)
    target = torch.tensor([[0], [2], [1], [1]])
    try:
        nn.CrossEntropyLoss()(logits, target)
    except RuntimeError as e:
        print("RuntimeError:", e)
    loss = nn.CrossEntropyLoss()(logits, target.squeeze(1))
    loss.backward()
    print(loss, logits.grad.shape)
    print("rows of the gradient sum to zero:", logits.grad.sum(dim=1).abs().max().item() < 1e-6)
""")

program("embedding_bigram_language_model", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(12)
    text = "hello world hello there"
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    itos = {i: c for c, i in stoi.items()}
    V = len(chars)
    data = torch.tensor([stoi[c] for c in text])
    print("vocab", V, "tokens", data.shape)

    class Bigram(nn.Module):
        def __init__(self, vocab):
            super().__init__()
            self.table = nn.Embedding(vocab, vocab)

        def forward(self, idx):
            return self.table(idx)

    model = Bigram(V)
    opt = torch.optim.Adam(model.parameters(), lr=0.1)
    xs, ys = data[:-1], data[1:]
    for step in range(30):
        logits = model(xs)
        loss = F.cross_entropy(logits, ys)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(f"step {step}: {loss.item():.4f}")
    print(f"final: {loss.item():.4f}")

    # greedy generation from 'h'
    idx = stoi["h"]
    out = "h"
    for _ in range(8):
        nxt = model(torch.tensor([idx])).argmax(dim=-1)
        idx = int(nxt.item())
        out += itos[idx]
    print(repr(out))
""")

program("early_stopping_best_state", """
    import copy
    import torch
    import torch.nn as nn

    torch.manual_seed(13)
    X = torch.randn(40, 3)
    y = X @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.3 * torch.randn(40, 1)
    X_train, y_train, X_val, y_val = X[:30], y[:30], X[30:], y[30:]

    model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    best, best_state, patience, bad = float("inf"), None, 2, 0
    for epoch in range(30):
        model.train()
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X_train), y_train)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(X_val), y_val).item()
        if val < best - 1e-3:
            best, bad = val, 0
            best_state = copy.deepcopy(model.state_dict())
        else:
            bad += 1
        if epoch % 5 == 0 or bad > patience:
            print(f"epoch {epoch:2d} train {loss.item():.4f} val {val:.4f}")
        if bad > patience:
            print(f"stopping early at epoch {epoch}")
            break
    model.load_state_dict(best_state)
    with torch.no_grad():
        print(f"best val {best:.4f}, restored val "
              f"{nn.functional.mse_loss(model(X_val), y_val).item():.4f}")
""")

program("bce_with_logits_pos_weight_threshold", """
    import torch
    import torch.nn as nn

    torch.manual_seed(14)
    X = torch.randn(24, 2)
    y = ((X[:, 0] + 0.5 * X[:, 1]) > 0.8).float().unsqueeze(1)
    print(f"positives: {int(y.sum().item())} of {len(y)}")

    model = nn.Linear(2, 1)
    criterion = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([3.0]))
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(10):
        opt.zero_grad()
        loss = criterion(model(X), y)
        loss.backward()
        opt.step()
    print(f"loss {loss.item():.4f}")
    with torch.no_grad():
        probs = torch.sigmoid(model(X))
        pred = (probs > 0.5).float()
        tp = ((pred == 1) & (y == 1)).sum().item()
        fp = ((pred == 1) & (y == 0)).sum().item()
        acc = (pred == y).float().mean().item()
    print(f"accuracy {acc:.3f}  tp={tp} fp={fp}")
    print(probs[:4].squeeze())
    print(criterion)
""")

program("reduce_lr_on_plateau_validation", """
    import torch
    import torch.nn as nn

    torch.manual_seed(15)
    model = nn.Linear(1, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.4)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5,
                                                       patience=1)
    X = torch.linspace(-1, 1, 10).unsqueeze(1)
    y = 3 * X + 1
    for epoch in range(8):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
        val = round(loss.item(), 1)      # a coarse validation score
        sched.step(val)
        print(f"epoch {epoch}: val {val} lr {opt.param_groups[0]['lr']:.4f}")
    print(model.weight.item() > 1.0, sched.num_bad_epochs)
    print(f"final weight {model.weight.item():.3f}, bias {model.bias.item():.3f}")
""")

program("batchnorm_train_vs_eval", """
    import torch
    import torch.nn as nn

    torch.manual_seed(16)
    bn = nn.BatchNorm1d(3)
    print(bn)
    print("running mean before:", bn.running_mean)
    x = torch.randn(8, 3) * 2 + 1
    out = bn(x)
    print("train-mode output mean:", out.mean(dim=0))
    print("running mean after one batch:", bn.running_mean)
    print(bn.num_batches_tracked)
    bn.eval()
    out_eval = bn(x)
    print("eval output differs:", not torch.allclose(out, out_eval))
    print(out_eval[0])
    # eval mode normalises with the running statistics, not the batch's
    manual = (x - bn.running_mean) / torch.sqrt(bn.running_var + bn.eps)
    manual = manual * bn.weight + bn.bias
    print("matches running stats:", torch.allclose(manual, out_eval, atol=1e-6))
    print(bn.running_var)
""")

program("dropout_train_eval_modes", """
    import torch
    import torch.nn as nn

    torch.manual_seed(17)
    net = nn.Sequential(nn.Linear(4, 4), nn.Dropout(p=0.5), nn.Linear(4, 2))
    x = torch.ones(2, 4)
    print(net.training, net[1].training)
    a = net(x)
    b = net(x)
    print("train mode, two passes equal?", torch.equal(a, b))
    net.eval()
    with torch.no_grad():
        c = net(x)
        d = net(x)
    print("eval mode equal?", torch.equal(c, d))
    print(c)
    net.train()
    drop = nn.Dropout(0.25)
    y = drop(torch.ones(8))
    print(y, (y == 0).sum().item())
""")

program("sgd_momentum_by_hand", """
    import torch

    torch.manual_seed(18)
    w = torch.randn(3, requires_grad=True)
    x = torch.tensor([1.0, 2.0, -1.0])
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)

    # the same steps by hand
    w_hand = w.detach().clone().requires_grad_(True)
    buf = None
    for step in range(4):
        opt.zero_grad()
        loss = (w @ x - 1.0) ** 2
        loss.backward()
        opt.step()

        loss_h = (w_hand @ x - 1.0) ** 2
        loss_h.backward()
        with torch.no_grad():
            g = w_hand.grad
            buf = g.clone() if buf is None else 0.9 * buf + g
            w_hand -= 0.1 * buf
        w_hand.grad.zero_()
        print(f"step {step}: loss {loss.item():.5f} hand {loss_h.item():.5f}")
    print(w)
    print(w_hand)
    print(torch.allclose(w, w_hand))
""")

notebook("nb_module_train_eval_accuracy", """
    #md
    # Training a classifier module
    We build a small `nn.Module`, train it with **cross-entropy** and measure accuracy.
""", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(20);
""", """
    class Classifier(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(2, 6)
            self.fc2 = nn.Linear(6, 2)

        def forward(self, x):
            return self.fc2(F.relu(self.fc1(x)))

    model = Classifier()
    model
""", """
    X = torch.randn(20, 2)
    y = (X[:, 0] * X[:, 1] > 0).long()
    X.shape, y[:8]
""", """
    #md
    Train for a few steps with Adam:
""", """
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for step in range(12):
        opt.zero_grad()
        loss = F.cross_entropy(model(X), y)
        loss.backward()
        opt.step()
    loss.item()
""", """
    model.eval()
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean()
    print(f"accuracy = {acc:.3f}")
    acc
""", """
    model.fc2.bias
""")

notebook("nb_hooks_and_jacobian", """
    #md
    ## Hooks and Jacobians
""", """
    import torch
    from torch.autograd.functional import jacobian
""", """
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    grads = []
    y = x ** 2
    handle = y.register_hook(lambda g: grads.append(g))
    y.sum().backward()
    grads
""", """
    x.grad
""", """
    #md
    The Jacobian of $f(x) = x^2$ is diagonal:
""", """
    J = jacobian(lambda v: v ** 2, x.detach())
    J
""", """
    torch.diag(J), J.shape
""")

notebook("nb_dataloader_early_stopping", """
    #md
    # Mini-batches and early stopping
""", """
    import torch
    import torch.nn as nn
    from torch.utils.data import DataLoader, TensorDataset
    torch.manual_seed(21)
    X = torch.randn(24, 2)
    y = X.sum(dim=1, keepdim=True)
    loader = DataLoader(TensorDataset(X, y), batch_size=8)
    len(loader)
""", """
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    best = float("inf")
    for epoch in range(6):
        for xb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            opt.step()
        with torch.no_grad():
            full = nn.functional.mse_loss(model(X), y).item()
        print(f"epoch {epoch}: {full:.5f}")
        if full > best - 1e-4:
            print("stop")
            break
        best = full
""", """
    model.weight
""")

notebook("nb_dtypes_and_numpy", """
    #md
    ## dtypes and numpy
""", """
    import numpy as np
    import torch
    a = np.linspace(0, 1, 5)
    t = torch.from_numpy(a)
    t.dtype
""", """
    t32 = t.float()
    (t32 * 2).dtype, (t + t32).dtype
""", """
    i = torch.tensor([3, 4])
    i / 2
""", """
    w = torch.tensor([1.0, 1.0], requires_grad=True)
    loss = (w * i).sum()
    loss.backward()
    w.grad
""", """
    print(type(w.grad.numpy()), w.grad.numpy().dtype)
    np.shares_memory(t.numpy(), a)
""")
