"""A third corpus of whole programs of the kind students write right after the autograd
tutorial (issue 32: reviewers measure on hidden programs of this kind, so the first two
corpora, ``test_parity_course.py`` and ``test_parity_course2.py``, must not be all we
measure). Each mixes several constructs, with the print styles students use: a module
whose ``forward`` calls ``F.relu``/``F.softmax`` and a ``state_dict`` round trip through
``io.BytesIO``; a character model sampled with ``torch.multinomial`` and a generator; an
input-gradient penalty (``create_graph=True``); per-sample gradients with
``torch.func.vmap(grad(...))``; a confusion matrix; early stopping with
``copy.deepcopy``; weight decay against a hand-written L2 term; a straight-through
``autograd.Function``; forward hooks collecting activations; errors caught with
``try``; ``.data`` and numpy pitfalls; ``ReduceLROnPlateau``; ``clip_grad_norm_``'s
returned norm; ``autograd.functional``; an LSTM; a tiny CNN; masking with ``where``; a
learning-rate sweep; print options; ``nn.init.normal_`` through ``model.apply``;
``BCEWithLogitsLoss`` with a thresholded accuracy. Each runs under torch and under the
engine, the transcripts compared exactly (``tests/document/test_trace_course3.py`` opens
each as a graph and runs its export under torch)."""
import parity

P, prog = parity.table()

prog("module_softmax_state_dict_bytesio", """
    import io
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
    class TinyNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(3, 4)
            self.fc2 = nn.Linear(4, 2)
        def forward(self, x):
            h = F.relu(self.fc1(x))
            return F.softmax(self.fc2(h), dim=1)
    net = TinyNet()
    print(net)
    print(net.fc2.bias)
    x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
    probs = net(x)
    print(probs)
    print(probs.sum(dim=1))
    buffer = io.BytesIO()
    torch.save(net.state_dict(), buffer)
    print(list(net.state_dict().keys()))
    buffer.seek(0)
    other = TinyNet()
    print(torch.equal(other.fc1.weight, net.fc1.weight))
    state = torch.load(buffer)
    print(other.load_state_dict(state))
    print(torch.equal(other.fc1.weight, net.fc1.weight))
    print(torch.allclose(other(x), probs))
    loss = -torch.log(probs[:, 0]).mean()
    loss.backward()
    print(f"loss = {loss.item():.5f}")
    print(net.fc1.weight.grad)
""")

prog("char_embedding_lm_sampling", """
    import torch
    import torch.nn as nn
    torch.manual_seed(7)
    text = "hello world hello there"
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    itos = {i: c for c, i in stoi.items()}
    data = torch.tensor([stoi[c] for c in text], dtype=torch.long)
    print(len(chars), data[:8].tolist(), data.dtype)
    class CharModel(nn.Module):
        def __init__(self, vocab, dim):
            super().__init__()
            self.emb = nn.Embedding(vocab, dim)
            self.head = nn.Linear(dim, vocab)
        def forward(self, idx):
            return self.head(self.emb(idx))
    model = CharModel(len(chars), 6)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    loss_fn = nn.CrossEntropyLoss()
    xs, ys = data[:-1], data[1:]
    for step in range(30):
        logits = model(xs)
        loss = loss_fn(logits, ys)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(f"step {step:2d} loss {loss.item():.4f}")
    print(logits.shape)
    g = torch.Generator().manual_seed(42)
    idx = stoi["h"]
    out = "h"
    with torch.no_grad():
        for _ in range(10):
            p = torch.softmax(model(torch.tensor([idx])), dim=-1)
            idx = torch.multinomial(p, num_samples=1, generator=g).item()
            out += itos[idx]
    print(repr(out))
""")

prog("input_gradient_penalty_double_backward", """
    import torch
    import torch.nn as nn
    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(2, 6), nn.Tanh(), nn.Linear(6, 1))
    X = torch.randn(16, 2)
    y = torch.sin(X[:, :1]) + 0.5 * X[:, 1:]
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    lam = 0.1
    for epoch in range(5):
        inp = X.clone().requires_grad_(True)
        pred = model(inp)
        mse = ((pred - y) ** 2).mean()
        grads, = torch.autograd.grad(pred.sum(), inp, create_graph=True)
        penalty = grads.pow(2).sum(dim=1).mean()
        loss = mse + lam * penalty
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, round(mse.item(), 4), round(penalty.item(), 4))
    print(grads.shape, grads.requires_grad, grads.grad_fn is not None)
    print(inp.grad is None)
    print(model[0].weight.grad)
""")

prog("per_sample_grads_vmap", """
    import torch
    from torch.func import grad, vmap, functional_call
    torch.manual_seed(2)
    model = torch.nn.Linear(3, 1)
    params = {k: v.detach() for k, v in model.named_parameters()}
    X = torch.randn(5, 3)
    y = torch.randn(5, 1)
    def loss_one(p, x, t):
        out = functional_call(model, p, (x.unsqueeze(0),))
        return ((out - t.unsqueeze(0)) ** 2).mean()
    per_sample = vmap(grad(loss_one), in_dims=(None, 0, 0))(params, X, y)
    for name, g in per_sample.items():
        print(name, tuple(g.shape))
    print(per_sample["weight"][:2])
    loss = ((model(X) - y) ** 2).mean()
    loss.backward()
    mean_grad = per_sample["weight"].mean(dim=0)
    print(torch.allclose(mean_grad, model.weight.grad, atol=1e-6))
    print(model.weight.grad)
    norms = per_sample["weight"].flatten(1).norm(dim=1)
    print("norms:", [round(n, 4) for n in norms.tolist()])
    print("largest sample:", norms.argmax().item())
""")

prog("confusion_matrix_eval_no_grad", """
    import torch
    import torch.nn as nn
    torch.manual_seed(11)
    n_classes = 3
    X = torch.randn(60, 4)
    y = X[:, :3].argmax(dim=1)
    model = nn.Sequential(nn.Linear(4, 12), nn.ReLU(), nn.Linear(12, n_classes))
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    crit = nn.CrossEntropyLoss()
    for epoch in range(25):
        opt.zero_grad()
        loss = crit(model(X), y)
        loss.backward()
        opt.step()
    print("final loss:", round(loss.item(), 3))
    model.eval()
    with torch.no_grad():
        preds = model(X).argmax(dim=1)
    print(preds.requires_grad, preds.dtype)
    confusion = torch.zeros(n_classes, n_classes, dtype=torch.int64)
    for t, p in zip(y, preds):
        confusion[t, p] += 1
    print(confusion)
    acc = confusion.diag().sum().item() / confusion.sum().item()
    print(f"accuracy: {acc:.2%}")
    per_class = confusion.diag().float() / confusion.sum(dim=1).float()
    for c in range(n_classes):
        print(f"class {c}: recall {per_class[c]:.3f}")
    print(model.training)
""")

prog("early_stopping_deepcopy_state", """
    import copy
    import torch
    from torch import nn
    torch.manual_seed(21)
    X = torch.randn(40, 2)
    y = (2 * X[:, 0] - X[:, 1]).unsqueeze(1) + 0.1 * torch.randn(40, 1)
    X_train, y_train = X[:30], y[:30]
    X_val, y_val = X[30:], y[30:]
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.3)
    loss_fn = nn.MSELoss()
    best_loss = float("inf")
    best_state = None
    patience, bad_epochs = 2, 0
    for epoch in range(30):
        model.train()
        opt.zero_grad()
        loss = loss_fn(model(X_train), y_train)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val = loss_fn(model(X_val), y_val).item()
        if val < best_loss - 1e-4:
            best_loss, bad_epochs = val, 0
            best_state = copy.deepcopy(model.state_dict())
        else:
            bad_epochs += 1
            if bad_epochs >= patience:
                print(f"stopping at epoch {epoch}")
                break
    print(f"best val loss {best_loss:.5f}")
    model.load_state_dict(best_state)
    print(model.weight.data, model.bias.data)
    print(best_state["weight"] is model.weight)
""")

prog("weight_decay_vs_manual_l2", """
    import torch
    torch.manual_seed(4)
    X = torch.randn(10, 3)
    y = torch.randn(10)
    w1 = torch.zeros(3, requires_grad=True)
    w2 = torch.zeros(3, requires_grad=True)
    wd = 0.05
    opt1 = torch.optim.SGD([w1], lr=0.1, weight_decay=wd)
    opt2 = torch.optim.SGD([w2], lr=0.1)
    for step in range(8):
        opt1.zero_grad()
        loss1 = ((X @ w1 - y) ** 2).mean()
        loss1.backward()
        opt1.step()
        opt2.zero_grad()
        loss2 = ((X @ w2 - y) ** 2).mean() + wd / 2 * (w2 ** 2).sum()
        loss2.backward()
        opt2.step()
    print(w1)
    print(w2)
    print(torch.allclose(w1, w2, atol=1e-6))
    print(f"{loss1.item():.6f} vs {loss2.item():.6f}")
    print(opt1.param_groups[0]["weight_decay"], opt2.defaults["weight_decay"])
    print((w1 - w2).abs().max().item() < 1e-5)
""")

prog("straight_through_clamp_function", """
    import torch
    class ClampSTE(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, lo, hi):
            ctx.save_for_backward(x)
            return x.clamp(lo, hi)
        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            return grad_output.clone(), None, None
    x = torch.tensor([-2.0, -0.5, 0.0, 0.7, 3.0], requires_grad=True)
    y = ClampSTE.apply(x, -1.0, 1.0)
    print(y)
    print(y.grad_fn.__class__.__name__)
    (y * torch.arange(1.0, 6.0)).sum().backward()
    print("STE grad:", x.grad)
    x2 = x.detach().clone().requires_grad_()
    z = x2.clamp(-1.0, 1.0)
    (z * torch.arange(1.0, 6.0)).sum().backward()
    print("clamp grad:", x2.grad)
    w = torch.tensor([0.3, -1.7, 2.5], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.5)
    for i in range(3):
        opt.zero_grad()
        out = ClampSTE.apply(w, -1.0, 1.0)
        loss = ((out - 0.5) ** 2).sum()
        loss.backward()
        opt.step()
        print(i, w.data.tolist(), round(loss.item(), 4))
""")

prog("forward_hooks_collect_activations", """
    import torch
    import torch.nn as nn
    torch.manual_seed(9)
    model = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))
    activations = {}
    def save_activation(name):
        def hook(module, inputs, output):
            activations[name] = output.detach()
        return hook
    handles = []
    for name, layer in model.named_children():
        handles.append(layer.register_forward_hook(save_activation(name)))
    x = torch.randn(4, 3)
    out = model(x)
    for name, act in activations.items():
        print(name, tuple(act.shape), f"mean={act.mean().item():.4f}")
    print("dead units:", (activations["1"] == 0).all(dim=0).sum().item())
    grads = []
    h = out.register_hook(lambda g: grads.append(g.clone()))
    out.pow(2).sum().backward()
    print(grads[0])
    print(torch.equal(grads[0], 2 * out.detach()))
    for hd in handles:
        hd.remove()
    h.remove()
    activations.clear()
    model(x)
    print(len(activations), len(grads))
""")

prog("runtime_errors_caught", """
    import torch
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    try:
        a += 1
    except RuntimeError as e:
        print("in-place on leaf:", e)
    s = torch.sigmoid(a)
    s.mul_(2)
    try:
        s.sum().backward()
    except RuntimeError as e:
        print("caught:", type(e).__name__)
        print(e)
    b = a * 2
    loss = b.sum()
    loss.backward()
    try:
        loss.backward()
    except RuntimeError as e:
        print(str(e).split(".")[0])
    print(a.grad)
    try:
        torch.ones(2, 3) @ torch.ones(2, 3)
    except RuntimeError as e:
        print(e)
    try:
        torch.tensor([1, 2]).float().requires_grad_().long().backward()
    except RuntimeError as e:
        print(e)
    print("done")
""")

prog("data_attribute_and_numpy_pitfalls", """
    import numpy as np
    import torch
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (w * w).sum()
    w.data.mul_(10)
    y.backward()
    print(w.grad, w)
    arr = np.array([1.0, 2.0, 3.0])
    t = torch.from_numpy(arr)
    arr[0] = 100.0
    print(t, t.dtype)
    t.add_(1)
    print(arr)
    u = torch.tensor(arr)
    arr[1] = -5.0
    print(u)
    f = t.float()
    print(f.dtype, (f + t).dtype, (f + 1).dtype, (t.long() + 0.5).dtype)
    print((torch.tensor([1, 2]) / 2).dtype, (torch.tensor([1, 2]) // 2).dtype)
    n = w.detach().numpy()
    n[2] = -1.0
    print(w)
    try:
        w.numpy()
    except RuntimeError as e:
        print(e)
    print(torch.tensor(np.float32(2.5)).dtype, torch.as_tensor([1, 2], dtype=torch.float64))
""")

prog("reduce_lr_on_plateau_param_groups", """
    import torch
    import torch.nn as nn
    torch.manual_seed(13)
    model = nn.Linear(2, 1)
    X = torch.randn(20, 2)
    y = X @ torch.tensor([[1.0], [-1.0]])
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=1)
    targets = [1.0, 0.9, 0.95, 0.97, 0.96, 0.99, 0.5, 0.6, 0.7]
    for epoch, fake_val in enumerate(targets):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        sched.step(fake_val)
        lr = opt.param_groups[0]['lr']
        print(f"epoch {epoch} val {fake_val:.2f} lr {lr}")
    print(sched.num_bad_epochs, sched.best)
    print(round(loss.item(), 4))
""")

prog("clip_grad_norm_xavier_init", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    layer = nn.Linear(4, 3)
    nn.init.xavier_uniform_(layer.weight)
    nn.init.zeros_(layer.bias)
    print(layer.weight)
    print(layer.bias)
    x = torch.randn(8, 4) * 10
    target = torch.randn(8, 3)
    opt = torch.optim.SGD(layer.parameters(), lr=0.01)
    for step in range(4):
        opt.zero_grad()
        loss = ((layer(x) - target) ** 2).mean()
        loss.backward()
        total = nn.utils.clip_grad_norm_(layer.parameters(), max_norm=1.0)
        after = torch.norm(torch.stack([p.grad.norm() for p in layer.parameters()]))
        print(f"step {step}: norm before {total:.4f}, after {after:.4f}")
        opt.step()
    print(type(total).__name__, total.dtype)
    print(layer.weight.grad.abs().max() <= 1.0)
""")

prog("autograd_functional_jacobian_hessian", """
    import torch
    from torch.autograd.functional import jacobian, hessian
    def f(x):
        return torch.stack([x[0] ** 2 * x[1], 5 * x[0] + torch.sin(x[1])])
    x = torch.tensor([1.0, 2.0])
    J = jacobian(f, x)
    print(J)
    print(J.shape)
    def energy(v):
        return (v ** 3).sum() + v[0] * v[1]
    H = hessian(energy, torch.tensor([1.0, -1.0]))
    print(H)
    print(torch.equal(H, H.T))
    def g(a, b):
        return (a * b).sum()
    ja, jb = jacobian(g, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
    print(ja, jb)
    xr = x.clone().requires_grad_(True)
    out = f(xr)
    rows = []
    for i in range(2):
        gi, = torch.autograd.grad(out[i], xr, retain_graph=True)
        rows.append(gi)
    print(torch.allclose(torch.stack(rows), J))
    print(jacobian(f, x, create_graph=True).requires_grad)
""")

prog("lstm_short_sequence", """
    import torch
    import torch.nn as nn
    torch.manual_seed(3)
    lstm = nn.LSTM(input_size=2, hidden_size=3, batch_first=True)
    head = nn.Linear(3, 1)
    print(lstm)
    for name, p in lstm.named_parameters():
        print(name, list(p.shape))
    seq = torch.randn(2, 4, 2)
    out, (h, c) = lstm(seq)
    print(out.shape, h.shape, c.shape)
    print(torch.allclose(out[:, -1], h[0]))
    target = torch.tensor([[0.5], [-0.5]])
    opt = torch.optim.Adam(list(lstm.parameters()) + list(head.parameters()), lr=0.05)
    for step in range(5):
        out, (h, c) = lstm(seq)
        pred = head(out[:, -1])
        loss = nn.functional.mse_loss(pred, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.5f}")
    print(pred.detach())
    print(lstm.weight_hh_l0.grad.shape)
""")

prog("conv_maxpool_tiny_image", """
    import torch
    import torch.nn as nn
    torch.manual_seed(1)
    img = torch.zeros(1, 1, 6, 6)
    img[0, 0, 2:4, :] = 1.0
    img[0, 0, :, 3] = 0.5
    print(img[0, 0])
    conv = nn.Conv2d(1, 2, kernel_size=3, padding=1)
    pool = nn.MaxPool2d(2)
    print(conv.weight.shape, conv.bias.shape)
    feat = torch.relu(conv(img))
    pooled = pool(feat)
    print(feat.shape, pooled.shape)
    print(pooled)
    score = pooled.sum()
    score.backward()
    print(conv.weight.grad)
    print(conv.bias.grad)
    edge = torch.tensor([[[[-1.0, 0.0, 1.0]] * 3]])
    with torch.no_grad():
        conv.weight[0] = edge[0]
        response = conv(img)[0, 0]
    print(response.round(decimals=2))
    print(pooled.grad_fn.name(), feat.grad_fn.name())
""")

prog("where_and_masked_loss", """
    import torch
    torch.manual_seed(8)
    x = torch.randn(2, 5, requires_grad=True)
    y = torch.where(x > 0, x ** 2, -x)
    print(y)
    y.sum().backward()
    print(x.grad)
    lengths = torch.tensor([3, 5])
    mask = torch.arange(5).unsqueeze(0) < lengths.unsqueeze(1)
    print(mask)
    print(mask.dtype, mask.sum().item())
    pred = torch.randn(2, 5, requires_grad=True)
    target = torch.zeros(2, 5)
    err = (pred - target) ** 2
    masked = err * mask
    loss = masked.sum() / mask.sum()
    loss.backward()
    print(round(loss.item(), 4))
    print(pred.grad)
    filled = pred.detach().masked_fill(~mask, float("-inf"))
    print(filled.softmax(dim=1))
    print(x[x > 0].shape, x.clamp(min=0).count_nonzero().item())
""")

prog("mse_learning_rate_sweep", """
    import torch
    import torch.nn as nn
    torch.manual_seed(6)
    X = torch.linspace(-1, 1, 20).unsqueeze(1)
    y = 3 * X - 0.5 + 0.1 * torch.randn(20, 1)
    results = {}
    for lr in [0.01, 0.1, 0.5, 1.2]:
        torch.manual_seed(0)
        model = nn.Linear(1, 1)
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        criterion = nn.MSELoss()
        for epoch in range(20):
            opt.zero_grad()
            loss = criterion(model(X), y)
            loss.backward()
            opt.step()
        results[lr] = loss.item()
        w, b = model.weight.item(), model.bias.item()
        print(f"lr={lr:<5} loss={loss.item():10.6f} w={w:+.3f} b={b:+.3f}")
    best = min(results, key=results.get)
    print("best lr:", best)
    print(sorted(results.items(), key=lambda kv: kv[1])[0][0] == best)
""")

prog("print_options_report", """
    import torch
    torch.manual_seed(12)
    w = torch.randn(3, 4, requires_grad=True)
    loss = (w.sin() * 1e-3).sum()
    loss.backward()
    print(w.grad)
    torch.set_printoptions(precision=2)
    print(w)
    print(w.grad)
    torch.set_printoptions(sci_mode=True)
    print(w.grad[0])
    torch.set_printoptions(precision=6, sci_mode=False)
    print(loss)
    torch.set_printoptions(profile="short")
    print(torch.arange(2000.0).reshape(40, 50) / 7)
    torch.set_printoptions(profile="default")
    print(torch.tensor([1e-8, 1.0, 1e8]))
    print(torch.tensor([0.1, 0.25], dtype=torch.float64))
    print(w.shape, w.dtype, w.grad.dtype, w.is_leaf, loss.grad_fn)
""")

prog("custom_dataset_dataloader_generator", """
    import torch
    from torch.utils.data import Dataset, DataLoader
    class Squares(Dataset):
        def __init__(self, n):
            self.x = torch.arange(n, dtype=torch.float32).unsqueeze(1) / n
            self.y = self.x ** 2
        def __len__(self):
            return len(self.x)
        def __getitem__(self, i):
            return self.x[i], self.y[i]
    ds = Squares(10)
    print(len(ds), ds[3])
    g = torch.Generator()
    g.manual_seed(123)
    loader = DataLoader(ds, batch_size=4, shuffle=True, generator=g, drop_last=True)
    for xb, yb in loader:
        print(xb.squeeze(1).tolist(), yb.shape)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(1, 4), torch.nn.Sigmoid(), torch.nn.Linear(4, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(3):
        epoch_loss = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            opt.step()
            epoch_loss += loss.item() * len(xb)
        print("epoch", epoch, "loss", round(epoch_loss / 8, 5))
    print(model[2].weight)
""")


prog("init_apply_normal_then_train", """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    def init_weights(m):
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, mean=0.0, std=0.1)
            nn.init.constant_(m.bias, 0.01)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    model.apply(init_weights)
    print(model[0].weight)
    print(model[2].bias)
    x = torch.randn(5, 3)
    y = x.sum(dim=1, keepdim=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for step in range(3):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        print(f"step {step}: {loss.item():.5f}")
    print(model(x).squeeze())
""")

prog("bce_logits_threshold_accuracy", """
    import torch
    import torch.nn as nn
    torch.manual_seed(8)
    X = torch.randn(20, 2)
    y = (X[:, 0] + X[:, 1] > 0).float().unsqueeze(1)
    model = nn.Linear(2, 1)
    crit = nn.BCEWithLogitsLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for i in range(10):
        opt.zero_grad()
        loss = crit(model(X), y)
        loss.backward()
        opt.step()
    with torch.no_grad():
        p = torch.sigmoid(model(X))
        acc = ((p > 0.5).float() == y).float().mean()
    print(f"loss {loss:.4f} acc {acc:.2f}")
    print(p[:3].squeeze().tolist())
    print(model.weight.grad, model.bias.grad)
""")


PROGRAMS = parity.programs(P)

KNOWN_DIFFERENCES = {}

results, test_prints_the_same = parity.parity_tests(PROGRAMS, exclude=KNOWN_DIFFERENCES)
