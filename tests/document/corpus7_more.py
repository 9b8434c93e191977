"""The second half of the seventh corpus (``corpus7_programs.py``, split for size): a
softmax temperature, k-fold splits with ``torch.randperm``, ``named_parameters()`` shapes
and parameter counts, ``torch.nn.init`` calls, early stopping with a patience counter, a
``state_dict`` saved to and loaded from ``io.BytesIO``, gradient norms per layer, SGD
with momentum by hand, finite differences against autograd, a second derivative through
``create_graph``, ``set_printoptions``, int/float promotion, RuntimeErrors caught,
and ``log_softmax`` + ``NLLLoss`` against ``CrossEntropyLoss``."""
from corpus7_programs import program


program("softmax_temperature_entropy", """
    import torch

    logits = torch.tensor([2.0, 1.0, 0.1, -1.0])
    for T in [0.5, 1.0, 2.0, 5.0]:
        p = torch.softmax(logits / T, dim=0)
        entropy = -(p * p.log()).sum()
        print(f"T={T:<4} probs={p.numpy().round(3)} entropy={entropy.item():.4f}")

    t = torch.tensor(1.0, requires_grad=True)
    p = torch.softmax(logits / t, dim=0)
    p[0].backward()
    print("d p[0] / d T at T=1:", t.grad)
    print(p)

    g = torch.Generator().manual_seed(0)
    for T in [0.5, 2.0]:
        p = torch.softmax(logits / T, dim=0)
        samples = torch.multinomial(p, 200, replacement=True, generator=g)
        print(f"T={T}: counts", torch.bincount(samples, minlength=4).tolist())
    print("entropy of the uniform distribution:", torch.log(torch.tensor(4.0)))
""")

program("kfold_randperm_cross_validation", """
    import torch
    import torch.nn as nn

    torch.manual_seed(15)
    N, k = 30, 3
    X = torch.randn(N, 2)
    y = (X[:, 0] * 0.7 - X[:, 1] > 0).long()
    perm = torch.randperm(N)
    folds = perm.chunk(k)
    print("fold sizes:", [len(f) for f in folds])
    print("first fold:", folds[0])

    scores = []
    for i in range(k):
        val_idx = folds[i]
        train_idx = torch.cat([folds[j] for j in range(k) if j != i])
        model = nn.Linear(2, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for epoch in range(25):
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(X[train_idx]), y[train_idx])
            loss.backward()
            opt.step()
        with torch.no_grad():
            acc = (model(X[val_idx]).argmax(1) == y[val_idx]).float().mean().item()
        scores.append(acc)
        print(f"fold {i}: train {len(train_idx)} val {len(val_idx)} loss {loss.item():.4f} val acc {acc:.3f}")
    mean = sum(scores) / k
    print(f"mean accuracy {mean:.3f}")
    print("scores tensor:", torch.tensor(scores))
""")

program("named_parameters_shapes_and_counts", """
    import torch
    import torch.nn as nn

    class ConvFreeNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.layer1 = nn.Linear(10, 16)
            self.norm = nn.LayerNorm(16)
            self.layer2 = nn.Linear(16, 4, bias=False)
            self.act = nn.GELU()

        def forward(self, x):
            return self.layer2(self.act(self.norm(self.layer1(x))))

    torch.manual_seed(16)
    net = ConvFreeNet()
    print(net)
    for name, param in net.named_parameters():
        print(f"{name:15} {str(tuple(param.shape)):10} {param.numel():5d} {param.dtype}")
    total = sum(p.numel() for p in net.parameters())
    trainable = sum(p.numel() for p in net.parameters() if p.requires_grad)
    print(f"Total params: {total:,}")
    print(f"Trainable params: {trainable:,}")
    print("modules:", [n for n, _ in net.named_children()])
    print("state_dict keys:", list(net.state_dict().keys()))
    out = net(torch.randn(3, 10))
    print("output:", out.shape, out.grad_fn)
    print(f"{out.abs().mean().item():.4f}")
""")

program("nn_init_calls_and_statistics", """
    import torch
    import torch.nn as nn

    torch.manual_seed(17)
    layer = nn.Linear(64, 32)
    print("default init std:", round(layer.weight.std().item(), 4))

    nn.init.xavier_uniform_(layer.weight)
    print(f"xavier_uniform_: mean {layer.weight.mean().item():+.4f} std {layer.weight.std().item():.4f}")
    bound = (6 / (64 + 32)) ** 0.5
    print("within bound:", bool((layer.weight.abs() <= bound).all()))

    nn.init.kaiming_normal_(layer.weight, nonlinearity="relu")
    print(f"kaiming_normal_: std {layer.weight.std().item():.4f} (expected {(2 / 64) ** 0.5:.4f})")

    nn.init.normal_(layer.weight, mean=0.0, std=0.02)
    nn.init.constant_(layer.bias, 0.1)
    print("bias:", layer.bias[:5])
    nn.init.zeros_(layer.bias)
    print("bias sum after zeros_:", layer.bias.sum().item())
    nn.init.ones_(layer.bias)
    print("requires_grad kept:", layer.weight.requires_grad, layer.bias.requires_grad)

    w = torch.empty(3, 5)
    nn.init.uniform_(w, a=-1, b=1)
    print(w)
    nn.init.eye_(w)
    print(w)
    out = layer(torch.randn(4, 64))
    print("output std:", f"{out.std().item():.4f}")
""")

program("early_stopping_patience_counter", """
    import torch
    import torch.nn as nn

    torch.manual_seed(18)
    X = torch.randn(80, 4)
    y = X[:, :1] * 2 - X[:, 1:2] + 0.3 * torch.randn(80, 1)
    X_train, y_train = X[:60], y[:60]
    X_val, y_val = X[60:], y[60:]

    model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()

    best_val = float("inf")
    best_epoch = -1
    patience, bad_epochs = 5, 0
    for epoch in range(100):
        model.train()
        opt.zero_grad()
        train_loss = loss_fn(model(X_train), y_train)
        train_loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val_loss = loss_fn(model(X_val), y_val).item()
        if val_loss < best_val - 1e-4:
            best_val, best_epoch, bad_epochs = val_loss, epoch, 0
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
        else:
            bad_epochs += 1
        if epoch % 10 == 0:
            print(f"epoch {epoch:3d} train {train_loss.item():.4f} val {val_loss:.4f} bad {bad_epochs}")
        if bad_epochs >= patience:
            print(f"early stop at epoch {epoch}, best epoch {best_epoch} (val {best_val:.4f})")
            break

    model.load_state_dict(best_state)
    with torch.no_grad():
        print(f"restored val loss: {loss_fn(model(X_val), y_val).item():.4f}")
""")

program("state_dict_bytesio_round_trip", """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(19)
    model = nn.Sequential(nn.Linear(3, 4), nn.Sigmoid(), nn.Linear(4, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    x = torch.randn(5, 3)
    for _ in range(3):
        opt.zero_grad()
        model(x).pow(2).mean().backward()
        opt.step()

    buffer = io.BytesIO()
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": 3}, buffer)
    print("saved bytes > 0:", buffer.tell() > 0)
    buffer.seek(0)
    ckpt = torch.load(buffer)
    print("keys:", sorted(ckpt.keys()), "epoch:", ckpt["epoch"])
    print("model keys:", list(ckpt["model"].keys()))

    fresh = nn.Sequential(nn.Linear(3, 4), nn.Sigmoid(), nn.Linear(4, 2))
    print("before load equal:", torch.equal(fresh[0].weight, model[0].weight))
    result = fresh.load_state_dict(ckpt["model"])
    print(result)
    print("after load equal:", torch.equal(fresh[0].weight, model[0].weight))
    print("same outputs:", torch.allclose(fresh(x), model(x)))
    print(fresh(x))
    print("momentum buffer shape:", ckpt["opt"]["state"][0]["momentum_buffer"].shape)
""")

program("grad_norms_per_layer_each_epoch", """
    import torch
    import torch.nn as nn

    torch.manual_seed(20)
    X = torch.randn(32, 6)
    y = torch.randint(0, 3, (32,))
    model = nn.Sequential(
        nn.Linear(6, 12), nn.Tanh(),
        nn.Linear(12, 12), nn.Tanh(),
        nn.Linear(12, 3),
    )
    opt = torch.optim.SGD(model.parameters(), lr=0.3)
    for epoch in range(4):
        opt.zero_grad()
        loss = nn.CrossEntropyLoss()(model(X), y)
        loss.backward()
        norms = []
        for name, p in model.named_parameters():
            if "weight" in name:
                norms.append(f"{name}={p.grad.norm().item():.4f}")
        print(f"epoch {epoch} loss {loss.item():.4f} | " + " ".join(norms))
        total_norm = torch.norm(torch.stack([p.grad.norm() for p in model.parameters()]))
        print("  total grad norm:", round(total_norm.item(), 5))
        opt.step()
    print("last layer grad:")
    print(model[4].weight.grad)
""")

program("momentum_sgd_by_hand_vs_optim", """
    import torch

    torch.manual_seed(21)
    A = torch.randn(5, 3)
    b = torch.randn(5)

    def loss_fn(w):
        return ((A @ w - b) ** 2).sum()

    w_hand = torch.zeros(3, requires_grad=True)
    velocity = torch.zeros(3)
    lr, mu = 0.01, 0.9
    for step in range(10):
        loss = loss_fn(w_hand)
        loss.backward()
        with torch.no_grad():
            velocity = mu * velocity + w_hand.grad
            w_hand -= lr * velocity
        w_hand.grad.zero_()
        if step % 3 == 0:
            print(f"hand  step {step}: loss {loss.item():.5f}")

    w_opt = torch.zeros(3, requires_grad=True)
    opt = torch.optim.SGD([w_opt], lr=lr, momentum=mu)
    for step in range(10):
        opt.zero_grad()
        loss = loss_fn(w_opt)
        loss.backward()
        opt.step()
        if step % 3 == 0:
            print(f"optim step {step}: loss {loss.item():.5f}")
    print("hand: ", w_hand)
    print("optim:", w_opt)
    print("match:", torch.allclose(w_hand, w_opt))
    print("velocity:", velocity)
""")

program("finite_differences_vs_autograd_vector", """
    import torch

    def f(x):
        return (x.sin() * x ** 2).sum() + x.prod()

    torch.manual_seed(22)
    x = torch.randn(4, dtype=torch.float64, requires_grad=True)
    y = f(x)
    y.backward()
    analytic = x.grad.clone()

    eps = 1e-6
    numeric = torch.zeros_like(x)
    with torch.no_grad():
        for i in range(x.numel()):
            e = torch.zeros_like(x)
            e[i] = eps
            numeric[i] = (f(x + e) - f(x - e)) / (2 * eps)
    print("analytic:", analytic)
    print("numeric: ", numeric)
    err = (analytic - numeric).abs().max().item()
    print(f"max abs error {err:.2e}", "OK" if err < 1e-6 else "MISMATCH")
    print("relative:", ((analytic - numeric).norm() / analytic.norm()).item() < 1e-8)
    print("gradcheck:", torch.autograd.gradcheck(f, (x,)))

    x32 = x.detach().float().requires_grad_()
    f(x32).backward()
    print("float32 grad dtype:", x32.grad.dtype)
    print("float32 vs float64 close:", torch.allclose(x32.grad.double(), analytic, atol=1e-5))
""")

program("second_derivative_create_graph_newton", """
    import torch

    def f(x):
        return x ** 3 - 2 * x - 5

    x = torch.tensor(2.0, requires_grad=True)
    y = f(x)
    dy, = torch.autograd.grad(y, x, create_graph=True)
    d2y, = torch.autograd.grad(dy, x)
    print(f"f(2) = {y.item()}, f'(2) = {dy.item()}, f''(2) = {d2y.item()}")
    print("dy:", dy)
    print("d2y:", d2y)

    # Newton's method on f, with the derivative from autograd
    x = torch.tensor(2.0, requires_grad=True)
    for it in range(5):
        y = f(x)
        g, = torch.autograd.grad(y, x)
        with torch.no_grad():
            x -= y / g
        print(f"iter {it}: x = {x.item():.8f}, f(x) = {f(x).item():.2e}")

    # minimise g(t) = t^4 - 3t^2 + t with Newton steps using the second derivative
    t = torch.tensor(1.5, requires_grad=True)
    for it in range(4):
        val = t ** 4 - 3 * t ** 2 + t
        g1, = torch.autograd.grad(val, t, create_graph=True)
        g2, = torch.autograd.grad(g1, t)
        with torch.no_grad():
            t -= g1 / g2
        print(f"newton {it}: t = {t.item():.6f}  g' = {g1.item():+.6f}  g'' = {g2.item():.4f}")
    print(t)
""")

program("set_printoptions_precision_tensors", """
    import torch

    torch.manual_seed(23)
    x = torch.randn(3, 4)
    print(x)
    torch.set_printoptions(precision=2)
    print(x)
    big = x * 1e5
    print(big)
    torch.set_printoptions(sci_mode=False)
    print(big)
    print(torch.tensor([1e-8, 1.0, 123456.789]))
    torch.set_printoptions(precision=6)
    w = torch.randn(2, 2, requires_grad=True)
    print(w * 2)
    torch.set_printoptions(linewidth=40)
    print(torch.arange(20.0))
    torch.set_printoptions(profile="default")
    print(torch.arange(20.0))
    print(torch.tensor([0.1, 0.25, 1 / 3]))
    torch.set_printoptions(threshold=5)
    print(torch.arange(10))
    torch.set_printoptions(profile="default")
    print(torch.linspace(0, 1, 7, dtype=torch.float64))
""")

program("dtype_promotion_int_float_prints", """
    import torch

    a = torch.tensor([1, 2, 3])
    b = torch.tensor([0.5, 1.5, 2.5])
    print(a.dtype, b.dtype)
    print("a + b:", a + b, (a + b).dtype)
    print("a / 2:", a / 2, (a / 2).dtype)
    print("a // 2:", a // 2, (a // 2).dtype)
    print("a * 2.5:", a * 2.5)
    print("a + True:", a + True)
    mask = a > 1
    print("mask:", mask, mask.dtype, "sum:", mask.sum(), mask.sum().dtype)
    print("mean of float mask:", mask.float().mean())
    h = b.half()
    print("half + float64:", (h + torch.tensor(1.0, dtype=torch.float64)).dtype)
    print("half + python float:", (h + 1.0).dtype)
    i8 = torch.tensor([100, 120], dtype=torch.int8)
    print("int8 overflow:", i8 + i8)
    print("int32 + int64:", (torch.tensor([1], dtype=torch.int32) + torch.tensor([1])).dtype)
    print("to float:", a.to(torch.float32), a.double())
    print("result_type:", torch.result_type(a, 2.0))
    print(torch.tensor(3) / torch.tensor(2), torch.tensor(3).float().item())
    try:
        a.requires_grad_()
    except RuntimeError as e:
        print("RuntimeError:", e)
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (w * torch.tensor([2, 3])).sum()
    y.backward()
    print("grad:", w.grad, w.grad.dtype)
""")

program("runtime_errors_caught_messages", """
    import torch
    import torch.nn as nn

    torch.manual_seed(24)
    x = torch.randn(3, 4)
    layer = nn.Linear(5, 2)
    try:
        layer(x)
    except RuntimeError as e:
        print("shape error:", e)

    w = torch.randn(3, requires_grad=True)
    try:
        w += 1
    except RuntimeError as e:
        print("leaf in-place:", e)

    y = (w * 2).sum()
    y.backward()
    try:
        y.backward()
    except RuntimeError as e:
        print("second backward:", str(e)[:60])

    z = torch.randn(2, 3).t()
    try:
        z.view(6)
    except RuntimeError as e:
        print("view error:", str(e).split(".")[0])
    print("reshape works:", z.reshape(6).shape)

    try:
        torch.randn(2, 3) @ torch.randn(2, 3)
    except RuntimeError as e:
        print("matmul:", e)

    v = torch.randn(4, requires_grad=True)
    try:
        v.numpy()
    except RuntimeError as e:
        print("numpy:", e)
    print("detach().numpy() works:", v.detach().numpy().shape)

    a = torch.randn(3, requires_grad=True)
    out = a.sigmoid()
    out.mul_(2)
    try:
        out.sum().backward()
    except RuntimeError as e:
        print("modified:", type(e).__name__, "inplace" in str(e))
    print("done")
""")

program("log_softmax_nll_vs_cross_entropy_smoothing", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(25)
    logits = torch.randn(6, 4, requires_grad=True)
    target = torch.tensor([0, 3, 1, 1, 2, 0])

    log_probs = F.log_softmax(logits, dim=1)
    nll = nn.NLLLoss()(log_probs, target)
    ce = nn.CrossEntropyLoss()(logits, target)
    print(f"NLL(log_softmax) = {nll.item():.6f}")
    print(f"CrossEntropy     = {ce.item():.6f}")
    print("grad_fns:", nll.grad_fn.name(), ce.grad_fn.name())

    smooth = nn.CrossEntropyLoss(label_smoothing=0.1)(logits, target)
    eps, K = 0.1, 4
    by_hand = ((1 - eps) * F.nll_loss(log_probs, target) - eps / K * log_probs.sum(dim=1).mean())
    print(f"smoothed {smooth.item():.6f} by hand {by_hand.item():.6f}")

    per_sample = F.cross_entropy(logits, target, reduction="none")
    print("per sample:", per_sample)
    weights = torch.tensor([1.0, 2.0, 1.0, 0.5])
    weighted = F.cross_entropy(logits, target, weight=weights)
    print("weighted:", weighted)
    total = ce + smooth + weighted
    total.backward()
    print("grad row sums ~ 0:", logits.grad.sum(dim=1).abs().max().item() < 1e-6)
    print(logits.grad[:2])
""")
