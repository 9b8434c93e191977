"""A second corpus of whole programs of the kind students write right after the autograd
tutorial (issue 32: reviewers measure on programs of their own, so the first corpus,
``test_parity_course.py``, must not be all we measure): a classifier class with its
``named_parameters``, mini-batches by ``randperm``, ``enumerate`` over a ``DataLoader``,
``state_dict`` saved to a file and loaded, ``MultiStepLR``/``ExponentialLR`` and a printed
optimizer, clipping and weight decay, tensor and module hooks, ``autograd.functional``, a
gradient penalty, the ``.data``/``detach`` and in-place pitfalls caught with ``try``,
numpy interop and dtype promotion, a loss-shape broadcasting trap, a character bigram
model, early stopping, ``BCEWithLogitsLoss``, every print style (``end=``, ``sep=``,
``%``, ``format``, f-string specs), a hand-written softmax regression, frozen and copied
models, gradient accumulation with dropout. Each runs under torch and under the engine;
the transcripts must be the same (``tests/document/test_trace_course2.py`` opens each as
a graph and runs its export under torch).

``KNOWN_DIFFERENCES`` are the engine's real last-digit differences from torch, marked
xfail(strict=True) so that fixing one fails the test until its entry goes."""
import parity
from cpu_paths import MKL_GENERIC
import pytest

from gradstudio.engine._cpu_kernels.elementwise import MKL_AVX512

P, prog = parity.table()

prog("iris_like_module_named_params", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(42)
    class Classifier(nn.Module):
        def __init__(self, n_in, n_hidden, n_out):
            super().__init__()
            self.hidden = nn.Linear(n_in, n_hidden)
            self.out = nn.Linear(n_hidden, n_out)
        def forward(self, x):
            x = F.relu(self.hidden(x))
            return self.out(x)
    model = Classifier(4, 10, 3)
    for name, param in model.named_parameters():
        print(name, param.shape, param.requires_grad)
    total = sum(p.numel() for p in model.parameters() if p.requires_grad)
    print("trainable parameters:", total)
    X = torch.randn(30, 4)
    y = torch.randint(0, 3, (30,))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
    for epoch in range(1, 41):
        optimizer.zero_grad()
        logits = model(X)
        loss = criterion(logits, y)
        loss.backward()
        optimizer.step()
        if epoch % 10 == 0:
            print(f"Epoch [{epoch}/40], Loss: {loss.item():.4f}")
    with torch.no_grad():
        preds = model(X).argmax(dim=1)
        correct = (preds == y).sum().item()
    print("Accuracy: %d/%d = %.2f%%" % (correct, len(y), 100.0 * correct / len(y)))
    print(preds[:10].tolist())
""")

prog("sequential_minibatch_randperm", """
    import torch
    from torch import nn
    torch.manual_seed(3)
    N = 48
    X = torch.randn(N, 3)
    y = (X.sum(dim=1) > 0).long()
    model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 2))
    print(model)
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
    batch_size = 12
    for epoch in range(4):
        perm = torch.randperm(N)
        running = 0.0
        for i in range(0, N, batch_size):
            idx = perm[i:i + batch_size]
            xb, yb = X[idx], y[idx]
            out = model(xb)
            loss = loss_fn(out, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item() * xb.size(0)
        print("epoch", epoch, "loss", round(running / N, 4))
    model.eval()
    with torch.no_grad():
        probs = torch.softmax(model(X[:4]), dim=1)
    print(probs)
    print(probs.sum(dim=1))
    acc = (model(X).argmax(1) == y).float().mean()
    print(f"train acc = {acc:.3f}")
""")

prog("dataloader_enumerate_shapes", """
    import torch
    from torch.utils.data import TensorDataset, DataLoader
    torch.manual_seed(7)
    features = torch.arange(20, dtype=torch.float32).reshape(10, 2)
    labels = torch.arange(10) % 2
    dataset = TensorDataset(features, labels)
    print(len(dataset))
    x0, y0 = dataset[0]
    print(x0, y0)
    loader = DataLoader(dataset, batch_size=4, shuffle=False)
    for batch_idx, (xb, yb) in enumerate(loader):
        print(batch_idx, xb.shape, yb.tolist(), xb.dtype, yb.dtype)
    w = torch.zeros(2, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=0.01)
    for epoch in range(3):
        for xb, yb in loader:
            pred = xb @ w + b
            loss = ((pred - yb.float()) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} w={w.detach().numpy()} b={b.item():.4f}")
    print(len(loader), "batches per epoch")
""")

prog("dataloader_shuffled_epochs", """
    import torch
    from torch.utils.data import TensorDataset, DataLoader
    torch.manual_seed(0)
    X = torch.randn(64, 2); y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)
    model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = torch.nn.BCEWithLogitsLoss()
    loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True,
                        generator=torch.Generator().manual_seed(1))
    for epoch in range(4):
        for xb, yb in loader:
            opt.zero_grad(); loss = loss_fn(model(xb), yb); loss.backward(); opt.step()
        print(epoch, loss.item())
    print(model[2].weight)
""")

prog("randperm_epochs_sliced", """
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
""")

prog("state_dict_save_load_file", """
    import os
    import tempfile
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    print(model.state_dict().keys())
    for k, v in model.state_dict().items():
        print(k, tuple(v.shape))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(8, 3)
    y = torch.randn(8, 1)
    for _ in range(5):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
    print("loss before save:", loss.item())
    path = os.path.join(tempfile.gettempdir(), f"gs_course2_model_{os.getpid()}.pt")
    torch.save(model.state_dict(), path)
    model2 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    print(torch.equal(model2[0].weight, model[0].weight))
    result = model2.load_state_dict(torch.load(path))
    print(result)
    print(torch.equal(model2[0].weight, model[0].weight))
    with torch.no_grad():
        print(nn.functional.mse_loss(model2(x), y).item() == nn.functional.mse_loss(model(x), y).item())
    os.remove(path)
""")

prog("exponential_multistep_lr_print_optimizer", """
    import torch
    torch.manual_seed(5)
    w = torch.nn.Parameter(torch.randn(2, 2))
    optimizer = torch.optim.SGD([w], lr=0.1, momentum=0.5, weight_decay=1e-3)
    print(optimizer)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[2, 4], gamma=0.1)
    for epoch in range(6):
        optimizer.zero_grad()
        loss = (w - 1).pow(2).sum()
        loss.backward()
        optimizer.step()
        scheduler.step()
        print("epoch %d lr %.5f loss %.4f" % (epoch, optimizer.param_groups[0]['lr'], loss.item()))
    opt2 = torch.optim.Adam([w], lr=0.01)
    sched2 = torch.optim.lr_scheduler.ExponentialLR(opt2, gamma=0.9)
    lrs = []
    for step in range(4):
        opt2.step()
        sched2.step()
        lrs.append(round(sched2.get_last_lr()[0], 6))
    print(lrs)
    print(w.data)
""")

prog("clipping_and_weight_decay", """
    import torch
    import torch.nn as nn
    torch.manual_seed(11)
    model = nn.Linear(5, 1)
    X = torch.randn(20, 5) * 10
    y = torch.randn(20, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, weight_decay=0.01)
    for it in range(5):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        after = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters()))
        print(f"it {it}: loss={loss.item():.3f} norm before={norm.item():.3f} after={after.item():.3f}")
        opt.step()
    opt.zero_grad()
    ((model(X) - y) ** 2).mean().backward()
    torch.nn.utils.clip_grad_value_(model.parameters(), clip_value=0.5)
    print(model.weight.grad)
    print(model.bias.grad.abs().max() <= 0.5)
""")

prog("tensor_and_module_hooks", """
    import torch
    import torch.nn as nn
    torch.manual_seed(2)
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    def double_grad(grad):
        print("hook sees", grad)
        return grad * 2
    h = x.register_hook(double_grad)
    y = (x ** 2).sum()
    y.backward()
    print("x.grad:", x.grad)
    h.remove()
    x.grad = None
    (x ** 2).sum().backward()
    print("after remove:", x.grad)
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    activations = {}
    def save_output(name):
        def hook(module, inp, out):
            activations[name] = out.detach()
        return hook
    handles = [net[0].register_forward_hook(save_output("fc1")), net[1].register_forward_hook(save_output("relu"))]
    out = net(torch.randn(2, 3))
    for k, v in activations.items():
        print(k, v.shape, (v > 0).sum().item())
    print((activations["relu"] >= 0).all())
    for hd in handles:
        hd.remove()
    activations.clear()
    net(torch.randn(1, 3))
    print(len(activations))
""")

prog("autograd_functional_tools", """
    import torch
    from torch.autograd.functional import jacobian, hessian, vjp, jvp
    def f(x):
        return torch.stack([x[0] * x[1], x[0] ** 2, torch.sin(x[1])])
    x = torch.tensor([1.0, 2.0])
    J = jacobian(f, x)
    print(J)
    print(J.shape)
    def energy(x):
        return (x ** 3).sum() + x[0] * x[1]
    H = hessian(energy, x)
    print(H)
    out, v = vjp(f, x, torch.ones(3))
    print(out, v)
    out2, jv = jvp(f, x, torch.tensor([1.0, 0.0]))
    print(jv)
    print(torch.allclose(J @ torch.tensor([1.0, 0.0]), jv))
    g = torch.autograd.grad(energy(x.requires_grad_()), x)[0]
    print("grad:", g, "norm: %.4f" % g.norm().item())
""")

prog("gradient_penalty_critic", """
    import torch
    import torch.nn as nn
    torch.manual_seed(9)
    critic = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.Adam(critic.parameters(), lr=1e-2, betas=(0.5, 0.9))
    real = torch.randn(16, 2) + 2
    fake = torch.randn(16, 2)
    for step in range(5):
        alpha = torch.rand(16, 1)
        interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        score = critic(interp)
        grads = torch.autograd.grad(outputs=score, inputs=interp, grad_outputs=torch.ones_like(score), create_graph=True)[0]
        gp = ((grads.norm(2, dim=1) - 1) ** 2).mean()
        loss = critic(fake).mean() - critic(real).mean() + 10 * gp
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():+.4f} gp {gp.item():.4f}")
    print(grads.shape, grads.requires_grad)
""")

prog("data_and_detach_pitfalls", """
    import torch
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out = a.sigmoid()
    c = out.data
    c.zero_()
    print(out)
    out.sum().backward()
    print("wrong grad, no error:", a.grad)
    a.grad = None
    out = a.sigmoid()
    d = out.detach()
    d.zero_()
    print(out)
    try:
        out.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", str(e)[:80])
    w = torch.ones(2, requires_grad=True)
    w.data.mul_(3)
    print(w, w.requires_grad, w.is_leaf)
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    print(y.detach().requires_grad, y.data.requires_grad, y.requires_grad)
""")

prog("inplace_errors_try_except", """
    import torch
    w = torch.randn(3, requires_grad=True)
    try:
        w += 1
    except RuntimeError as e:
        print("error 1:", e)
    with torch.no_grad():
        w += 1
    print(w.requires_grad, w.grad_fn)
    x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    y = torch.exp(x)
    y.add_(1)
    try:
        y.sum().backward()
    except RuntimeError as e:
        print("error 2:", e)
    z = torch.tensor([1.0, 2.0], requires_grad=True)
    s = z * 3
    s[0] = 0.0
    s.sum().backward()
    print(z.grad)
    t = torch.tensor([1.0, 2.0], requires_grad=True)
    try:
        t.numpy()
    except RuntimeError as e:
        print(e)
    print(t.detach().numpy())
""")

prog("numpy_interop_dtype_promotion", """
    import numpy as np
    import torch
    arr = np.array([[1, 2], [3, 4]])
    t = torch.from_numpy(arr)
    print(t, t.dtype)
    arr[0, 0] = 100
    print(t[0, 0].item())
    f = torch.tensor(np.linspace(0, 1, 3))
    print(f.dtype, f)
    print((t + 1.5).dtype, (t * 2).dtype, (t / 2).dtype)
    print((torch.ones(2, dtype=torch.int32) + torch.ones(2, dtype=torch.int64)).dtype)
    print((torch.ones(2, dtype=torch.float16) + torch.ones(2)).dtype)
    print((torch.tensor([1, 2]) + torch.tensor(0.5, dtype=torch.float64)).dtype)
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * torch.tensor([3, 4])).sum()
    y.backward()
    print(x.grad, x.grad.dtype)
    n = x.detach().numpy()
    print(type(n).__name__, n.dtype, n * 2)
    print(torch.tensor([1, 2, 3]).float().mean())
    print(np.float32(x.sum().item()) == np.float32(3.0))
""")

prog("loss_shape_broadcast_trap", """
    import torch
    import torch.nn as nn
    torch.manual_seed(4)
    model = nn.Linear(2, 1)
    X = torch.randn(6, 2)
    y = X[:, 0] * 2 - X[:, 1]
    pred = model(X)
    print(pred.shape, y.shape)
    diff = pred - y
    print("broadcast diff shape:", diff.shape)
    wrong = (diff ** 2).mean()
    right = ((pred.squeeze(1) - y) ** 2).mean()
    also_right = ((pred - y.unsqueeze(1)) ** 2).mean()
    print(f"wrong {wrong.item():.4f} right {right.item():.4f} same? {torch.isclose(right, also_right).item()}")
    loss_fn = nn.MSELoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(30):
        opt.zero_grad()
        loss = loss_fn(model(X).view(-1), y)
        loss.backward()
        opt.step()
    print("final loss %.5f" % loss.item())
    print(model.weight.data, model.bias.data)
""")

prog("embedding_char_bigram_lm", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(1337)
    text = "hello world hello there"
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    itos = {i: c for c, i in stoi.items()}
    data = torch.tensor([stoi[c] for c in text], dtype=torch.long)
    print(len(chars), data[:8])
    class Bigram(nn.Module):
        def __init__(self, vocab):
            super().__init__()
            self.table = nn.Embedding(vocab, vocab)
        def forward(self, idx):
            return self.table(idx)
    model = Bigram(len(chars))
    opt = torch.optim.AdamW(model.parameters(), lr=0.1)
    xs, ys = data[:-1], data[1:]
    for step in range(60):
        logits = model(xs)
        loss = F.cross_entropy(logits, ys)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if step % 20 == 0:
            print(step, f"{loss.item():.4f}")
    idx = stoi["h"]
    out = [itos[idx]]
    with torch.no_grad():
        for _ in range(10):
            probs = F.softmax(model(torch.tensor([idx])), dim=-1)
            idx = torch.multinomial(probs, num_samples=1).item()
            out.append(itos[idx])
    print("".join(out))
""")

prog("early_stopping_validation", """
    import torch
    import torch.nn as nn
    torch.manual_seed(21)
    X = torch.randn(40, 3)
    y = X @ torch.tensor([1.0, -2.0, 0.5]) + 0.1 * torch.randn(40)
    X_train, y_train = X[:30], y[:30]
    X_val, y_val = X[30:], y[30:]
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    best_val = float("inf")
    best_state = None
    patience, bad = 3, 0
    for epoch in range(100):
        model.train()
        opt.zero_grad()
        train_loss = nn.functional.mse_loss(model(X_train).squeeze(), y_train)
        train_loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val_loss = nn.functional.mse_loss(model(X_val).squeeze(), y_val).item()
        if val_loss < best_val - 1e-3:
            best_val = val_loss
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
            bad = 0
        else:
            bad += 1
        if epoch % 10 == 0:
            print(f"{epoch:3d} train {train_loss.item():.4f} val {val_loss:.4f}")
        if bad >= patience:
            print("early stop at epoch", epoch)
            break
    model.load_state_dict(best_state)
    print("best val", round(best_val, 4))
    print(model.weight)
""")

prog("logistic_bce_manual_init", """
    import torch
    import torch.nn as nn
    torch.manual_seed(8)
    X = torch.cat([torch.randn(10, 2) + 1.5, torch.randn(10, 2) - 1.5])
    y = torch.cat([torch.ones(10), torch.zeros(10)]).unsqueeze(1)
    model = nn.Linear(2, 1)
    with torch.no_grad():
        model.weight.fill_(0.0)
        model.bias.zero_()
    print(model.weight, model.bias)
    criterion = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    history = []
    for epoch in range(25):
        optimizer.zero_grad()
        loss = criterion(model(X), y)
        loss.backward()
        optimizer.step()
        history.append(loss.item())
    print([round(h, 3) for h in history[::5]])
    with torch.no_grad():
        p = torch.sigmoid(model(X))
    print(p[:3].squeeze())
    pred = (p > 0.5).float()
    print("accuracy:", (pred == y).float().mean().item())
    print(list(model.parameters()))
""")

prog("print_formats_everywhere", """
    import torch
    import torch.nn as nn
    torch.manual_seed(6)
    t = torch.randn(3)
    print("values:", end=" ")
    for v in t:
        print(f"{v.item():.2f}", end=" ")
    print()
    print(*t.tolist(), sep=", ")
    print("mean=%.3f std=%.3f" % (t.mean(), t.std()))
    print("max {:.4f} at {}".format(t.max().item(), t.argmax().item()))
    print(round(t.sum().item(), 3), t.shape, t.dtype, t.size(0))
    layer = nn.Linear(2, 2)
    print(layer)
    opt = torch.optim.SGD(layer.parameters(), lr=0.1)
    out = layer(torch.ones(1, 2)).sum()
    out.backward()
    opt.step()
    for name, p in layer.named_parameters():
        print(f"{name:>8s} | grad norm {p.grad.norm():.4f} | {p.data.tolist()}")
    print(f"{out}")
    print(repr(out.item())[:6], str(out.detach()))
    print(t > 0, (t > 0).dtype)
    print(f"{t.mean().item():8.3f}|{t.numel():4d}|")
""")

prog("manual_softmax_regression", """
    import torch
    torch.manual_seed(10)
    X = torch.randn(12, 4)
    y = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    W = torch.randn(4, 3) * 0.01
    W.requires_grad_()
    b = torch.zeros(3, requires_grad=True)
    lr = 0.5
    for epoch in range(20):
        logits = X @ W + b
        log_probs = logits - logits.logsumexp(dim=1, keepdim=True)
        loss = -log_probs[torch.arange(12), y].mean()
        loss.backward()
        with torch.no_grad():
            W -= lr * W.grad
            b -= lr * b.grad
            W.grad.zero_()
            b.grad.zero_()
        if epoch % 5 == 4:
            print("epoch", epoch + 1, "loss", loss.item())
    with torch.no_grad():
        probs = torch.softmax(X @ W + b, dim=1)
    print(probs.argmax(dim=1))
    print("acc", (probs.argmax(dim=1) == y).float().mean().item())
    print(W.grad, b.is_leaf, W.shape)
""")

prog("freeze_copy_compare_models", """
    import copy
    import torch
    import torch.nn as nn
    torch.manual_seed(13)
    base = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
    clone = copy.deepcopy(base)
    for p in clone[0].parameters():
        p.requires_grad = False
    print([p.requires_grad for p in clone.parameters()])
    trainable = [p for p in clone.parameters() if p.requires_grad]
    print(len(trainable), sum(p.numel() for p in trainable))
    opt = torch.optim.SGD(trainable, lr=0.1)
    x = torch.randn(5, 3)
    for _ in range(3):
        opt.zero_grad()
        loss = clone(x).pow(2).mean()
        loss.backward()
        opt.step()
    print(clone[0].weight.grad)
    for (n1, p1), (n2, p2) in zip(base.named_parameters(), clone.named_parameters()):
        print(n1, torch.equal(p1, p2), n1 == n2)
    base.load_state_dict(clone.state_dict())
    print(all(torch.equal(a, b) for a, b in zip(base.parameters(), clone.parameters())))
    print(base(x).squeeze().tolist() == clone(x).squeeze().tolist())
""")

prog("grad_accumulation_dropout_eval", """
    import torch
    import torch.nn as nn
    torch.manual_seed(17)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(p=0.5), nn.Linear(8, 1))
    X = torch.randn(8, 4)
    y = torch.randn(8, 1)
    model.eval()
    full = nn.MSELoss()(model(X), y)
    full.backward()
    g_full = model[0].weight.grad.clone()
    model.zero_grad()
    for chunk_x, chunk_y in zip(X.split(4), y.split(4)):
        loss = nn.MSELoss()(model(chunk_x), chunk_y) / 2
        loss.backward()
    print(torch.allclose(g_full, model[0].weight.grad, atol=1e-6))
    print(model.training, model[2].training)
    model.train()
    out1 = model(X)
    out2 = model(X)
    print(torch.equal(out1, out2), model.training)
    model.eval()
    with torch.no_grad():
        e1 = model(X)
        e2 = model(X)
    print(torch.equal(e1, e2), e1.requires_grad)
    print(e1[:2])
""")


PROGRAMS = parity.programs(P)

KNOWN_DIFFERENCES = {
    # logsumexp's log is MKL's vsLn: where MKL runs its generic kernel (AMD), a last digit
    # from the correctly rounded one for a few inputs in a hundred
    # (_cpu_kernels/elementwise.py), and the loss drifts by epoch 10; on an Intel CPU with
    # AVX-512, 4 in 100,000, and the program prints torch's text
    "manual_softmax_regression": "MKL's float32 log in logsumexp",
}
# the known differences that show on this CPU (the others must print torch's text)
DIFFER_HERE = set(KNOWN_DIFFERENCES) - ({"manual_softmax_regression"} if MKL_AVX512 else set())

results, test_prints_the_same = parity.parity_tests(PROGRAMS, exclude=KNOWN_DIFFERENCES)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(n in DIFFER_HERE, strict=MKL_GENERIC, reason=r))
    for n, r in KNOWN_DIFFERENCES.items()])
def test_known_differences_still_differ(results, name):
    parity.assert_same(results, name)
