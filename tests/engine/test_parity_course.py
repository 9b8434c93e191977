"""Whole programs of the kind students write right after the autograd tutorial: a
``nn.Module`` class trained on a ``DataLoader``, schedulers, gradient clipping,
``state_dict`` and checkpoints, hooks, a custom ``Function``, early stopping, a gradient
penalty, an embedding language model, dtype promotion, numpy interop, the ``.data`` and
in-place pitfalls. Each mixes several constructs, so each tests the engine as a student
meets it (programs run under torch and under the engine, transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("module_class_dataloader", """
    import torch
    from torch import nn
    from torch.utils.data import TensorDataset, DataLoader
    torch.manual_seed(0)
    X = torch.randn(64, 2)
    y = (X[:, 0] * X[:, 1] > 0).long()
    ds = TensorDataset(X, y)
    loader = DataLoader(ds, batch_size=16, shuffle=True)
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(2, 8)
            self.fc2 = nn.Linear(8, 2)
        def forward(self, x):
            return self.fc2(torch.relu(self.fc1(x)))
    model = Net()
    print(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(3):
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: loss {total / len(loader):.4f}")
    model.eval()
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean()
    print("accuracy", acc.item())
""")

prog("scheduler_steplr_print_lr", """
    import torch
    torch.manual_seed(1)
    w = torch.randn(3, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.5, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    for epoch in range(6):
        opt.zero_grad()
        loss = (w ** 2).sum()
        loss.backward()
        opt.step()
        sched.step()
        print(epoch, sched.get_last_lr(), round(loss.item(), 5))
    print(w)
""")

prog("cosine_and_plateau", """
    import torch
    from torch.optim.lr_scheduler import CosineAnnealingLR, ReduceLROnPlateau
    torch.manual_seed(2)
    p = torch.nn.Parameter(torch.randn(4))
    opt = torch.optim.Adam([p], lr=0.1)
    cos = CosineAnnealingLR(opt, T_max=5)
    for i in range(7):
        opt.zero_grad(); (p ** 2).sum().backward(); opt.step(); cos.step()
        print(i, f"{opt.param_groups[0]['lr']:.6f}")
    q = torch.nn.Parameter(torch.ones(2))
    opt2 = torch.optim.SGD([q], lr=1.0)
    plateau = ReduceLROnPlateau(opt2, mode="min", factor=0.5, patience=1)
    for val in [1.0, 0.9, 0.95, 0.96, 0.97, 0.5, 0.6, 0.7]:
        plateau.step(val)
        print(val, opt2.param_groups[0]["lr"])
""")

prog("clip_grad_norm_training", """
    import torch
    from torch import nn
    torch.manual_seed(3)
    model = nn.Sequential(nn.Linear(3, 5), nn.Tanh(), nn.Linear(5, 1))
    X = torch.randn(20, 3) * 10
    y = torch.randn(20, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for step in range(5):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        print(step, f"{loss.item():.5f}", f"{norm.item():.5f}")
    torch.nn.utils.clip_grad_value_(model.parameters(), 0.01)
    print(model[0].weight.grad)
    vec = torch.nn.utils.parameters_to_vector(model.parameters())
    print(vec.shape, vec[:4])
""")

prog("state_dict_roundtrip", """
    import torch
    from torch import nn
    torch.manual_seed(4)
    a = nn.Linear(2, 3)
    b = nn.Linear(2, 3)
    sd = a.state_dict()
    print(list(sd.keys()))
    print(sd["weight"])
    b.load_state_dict(sd)
    print(torch.equal(a.weight, b.weight), b.bias)
    x = torch.randn(4, 2)
    print(torch.allclose(a(x), b(x)))
    opt = torch.optim.Adam(a.parameters(), lr=0.01)
    a(x).sum().backward(); opt.step()
    osd = opt.state_dict()
    print(osd["param_groups"][0]["lr"], sorted(osd["state"][0].keys()))
""")

prog("save_load_bytesio", """
    import io
    import torch
    from torch import nn
    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    buf = io.BytesIO()
    torch.save(model.state_dict(), buf)
    buf.seek(0)
    state = torch.load(buf)
    fresh = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    print(fresh.load_state_dict(state))
    x = torch.randn(2, 3)
    print(fresh(x))
    print(model(x))
""")

prog("hooks_tensor_and_module", """
    import torch
    from torch import nn
    torch.manual_seed(6)
    lin = nn.Linear(3, 2)
    seen = []
    h = lin.register_forward_hook(lambda m, inp, out: seen.append(out.shape))
    x = torch.randn(4, 3, requires_grad=True)
    y = lin(x)
    y.register_hook(lambda g: print("grad of y", g))
    y.sum().backward()
    print(seen)
    h.remove()
    lin(x)
    print(len(seen), x.grad)
""")

prog("custom_function_square", """
    import torch
    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x
        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 2 * x * g
    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = Square.apply(x)
    print(y)
    y.sum().backward()
    print(x.grad, y.grad_fn)
    print(torch.autograd.gradcheck(Square.apply, (torch.randn(3, dtype=torch.double, requires_grad=True),)))
""")

prog("early_stopping_best_model", """
    import copy
    import torch
    from torch import nn
    torch.manual_seed(7)
    X = torch.randn(40, 1)
    y = 3 * X + 0.5 + 0.1 * torch.randn(40, 1)
    Xtr, ytr, Xva, yva = X[:30], y[:30], X[30:], y[30:]
    model = nn.Linear(1, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    best, best_state, bad = float("inf"), None, 0
    for epoch in range(50):
        opt.zero_grad()
        nn.functional.mse_loss(model(Xtr), ytr).backward()
        opt.step()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(Xva), yva).item()
        if val < best - 1e-4:
            best, best_state, bad = val, copy.deepcopy(model.state_dict()), 0
        else:
            bad += 1
            if bad >= 3:
                print("stop at", epoch)
                break
    model.load_state_dict(best_state)
    print(f"{best:.6f}", model.weight, model.bias)
""")

prog("weight_decay_and_eval_accuracy", """
    import torch
    from torch import nn
    torch.manual_seed(8)
    X = torch.randn(100, 4)
    w_true = torch.tensor([1.0, -2.0, 0.5, 0.0])
    y = (X @ w_true > 0).float()
    model = nn.Sequential(nn.Linear(4, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.5, weight_decay=1e-3)
    crit = nn.BCEWithLogitsLoss()
    for it in range(30):
        opt.zero_grad()
        loss = crit(model(X).squeeze(1), y)
        loss.backward()
        opt.step()
        if it % 10 == 0:
            print(it, round(loss.item(), 4))
    model.eval()
    with torch.no_grad():
        pred = (torch.sigmoid(model(X)).squeeze(1) > 0.5).float()
        print("acc", (pred == y).float().mean().item())
    print(model.state_dict())
""")

prog("random_split_and_subset", """
    import torch
    from torch.utils.data import TensorDataset, random_split, DataLoader, Subset
    g = torch.Generator().manual_seed(42)
    ds = TensorDataset(torch.arange(10.0).unsqueeze(1), torch.arange(10))
    train, val = random_split(ds, [8, 2], generator=g)
    print(len(train), len(val), train.indices, val.indices)
    for xb, yb in DataLoader(val, batch_size=2):
        print(xb, yb)
    sub = Subset(ds, [0, 5, 9])
    print([int(sub[i][1]) for i in range(len(sub))])
    loader = DataLoader(train, batch_size=3, shuffle=True, drop_last=True,
                        generator=torch.Generator().manual_seed(0))
    for xb, yb in loader:
        print(yb)
""")

prog("manual_minibatch_randperm", """
    import torch
    torch.manual_seed(9)
    X = torch.randn(12, 2)
    y = X @ torch.tensor([2.0, -1.0]) + 0.3
    w = torch.zeros(2, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    for epoch in range(3):
        perm = torch.randperm(12)
        for i in range(0, 12, 4):
            idx = perm[i:i + 4]
            loss = ((X[idx] @ w + b - y[idx]) ** 2).mean()
            loss.backward()
            with torch.no_grad():
                w -= 0.1 * w.grad
                b -= 0.1 * b.grad
                w.grad.zero_(); b.grad.zero_()
        print(epoch, loss.item())
    print(w, b)
""")

prog("gradient_penalty_create_graph", """
    import torch
    torch.manual_seed(10)
    x = torch.randn(5, 3, requires_grad=True)
    w = torch.randn(3, 1, requires_grad=True)
    out = torch.tanh(x @ w).sum()
    g, = torch.autograd.grad(out, x, create_graph=True)
    penalty = ((g.norm(2, dim=1) - 1) ** 2).mean()
    print(penalty)
    penalty.backward()
    print(w.grad)
    print(g.grad_fn)
""")

prog("embedding_language_model", """
    import torch
    from torch import nn
    torch.manual_seed(11)
    text = "hello world"
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    data = torch.tensor([stoi[c] for c in text])
    emb = nn.Embedding(len(chars), 4)
    head = nn.Linear(4, len(chars))
    opt = torch.optim.Adam(list(emb.parameters()) + list(head.parameters()), lr=0.05)
    for step in range(20):
        logits = head(emb(data[:-1]))
        loss = nn.functional.cross_entropy(logits, data[1:])
        opt.zero_grad(); loss.backward(); opt.step()
        if step % 5 == 0:
            print(step, f"{loss.item():.4f}")
    print(logits.argmax(-1))
""")

prog("dtype_promotion_and_printing", """
    import torch
    a = torch.tensor([1, 2, 3])
    b = torch.tensor([0.5, 1.5, 2.5])
    print(a + b, (a + b).dtype)
    print(a / 2, a // 2, 1.0 - a, a * True)
    print(torch.result_type(a, 2.0), torch.promote_types(torch.int32, torch.float16))
    torch.set_printoptions(precision=2)
    print(b * 1.2345)
    torch.set_printoptions(profile="default")
    print(torch.arange(6).reshape(2, 3).float().mean(1))
    print(torch.tensor([1e-8, 1.0, 1e8]))
""")

prog("numpy_interop", """
    import numpy as np
    import torch
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = torch.from_numpy(arr)
    t[0, 0] = 10
    print(arr[0, 0], t.dtype)
    x = torch.tensor(arr, requires_grad=True)
    y = (x * 2).sum()
    y.backward()
    print(x.grad.numpy(), type(x.detach().numpy()))
    print(torch.as_tensor([1, 2]).tolist(), x.detach().numpy().sum())
""")

prog("inplace_error_and_data_pitfall", """
    import torch
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a.sigmoid()
    c = b * 2
    b.mul_(3)
    try:
        c.sum().backward()
        print("no error")
    except RuntimeError as e:
        print("error:", str(e)[:60])
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    w.data.mul_(2)
    (w * w).sum().backward()
    print(w, w.grad)
    try:
        w.add_(1)
    except RuntimeError as e:
        print(e)
""")

prog("multistep_exponential_lambda", """
    import torch
    from torch.optim.lr_scheduler import MultiStepLR, ExponentialLR, LambdaLR
    for make in (lambda o: MultiStepLR(o, milestones=[2, 4], gamma=0.1),
                 lambda o: ExponentialLR(o, gamma=0.9),
                 lambda o: LambdaLR(o, lambda e: 1 / (e + 1))):
        p = torch.nn.Parameter(torch.zeros(1))
        opt = torch.optim.SGD([p], lr=1.0)
        s = make(opt)
        lrs = []
        for _ in range(5):
            opt.step(); s.step(); lrs.append(s.get_last_lr()[0])
        print(type(s).__name__, [round(v, 6) for v in lrs])
""")

prog("jacobian_hessian_several_inputs", """
    import torch
    from torch.autograd.functional import jacobian, hessian
    def f(a, b):
        return a * b + a.sin()
    a = torch.tensor([0.5, 1.0])
    b = torch.tensor([2.0, -1.0])
    J = jacobian(f, (a, b))
    print(J)
    H = hessian(lambda x: (x ** 3).sum(), torch.tensor([1.0, 2.0]))
    print(H)
""")

prog("module_buffers_and_params", """
    import torch
    from torch import nn
    class Scaler(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("mean", torch.zeros(3))
            self.scale = nn.Parameter(torch.ones(3))
        def forward(self, x):
            return (x - self.mean) * self.scale
    torch.manual_seed(12)
    m = Scaler()
    m.mean += 1
    print(dict(m.named_buffers()), [n for n, _ in m.named_parameters()])
    print(m.state_dict())
    out = m(torch.randn(2, 3)).sum()
    out.backward()
    print(m.scale.grad)
    print(sum(p.numel() for p in m.parameters()))
""")

prog("batched_grad_per_sample", """
    import torch
    torch.manual_seed(13)
    w = torch.randn(3, requires_grad=True)
    X = torch.randn(4, 3)
    losses = (X @ w) ** 2
    grads = [torch.autograd.grad(l, w, retain_graph=True)[0] for l in losses]
    print(torch.stack(grads))
    print(torch.stack(grads).mean(0))
    losses.mean().backward()
    print(w.grad)
""")

prog("training_with_adamw_and_onecycle", """
    import torch
    from torch import nn
    torch.manual_seed(14)
    model = nn.Sequential(nn.Linear(2, 6), nn.ReLU(), nn.Linear(6, 1))
    opt = torch.optim.AdamW(model.parameters(), lr=0.01)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=10)
    X = torch.randn(16, 2); y = X.sum(1, keepdim=True)
    for i in range(10):
        opt.zero_grad()
        loss = nn.MSELoss()(model(X), y)
        loss.backward(); opt.step(); sched.step()
        print(i, f"{loss.item():.5f}", f"{sched.get_last_lr()[0]:.5f}")
""")


PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
