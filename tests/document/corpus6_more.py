"""The second half of the sixth corpus (``corpus6_programs.py``, split for size): gradients
set to None and accumulated, logistic regression counted with ``.sum().item()``, a
polynomial fitted by hand until a tolerance, Dropout and BatchNorm in train and eval mode,
``enumerate(loader)`` with running losses, optimizers compared through a helper,
``SGD`` against the update by hand, an L2 penalty, an autoencoder, finite differences,
a learning-rate sweep, Huber against MSE, ``detach`` between two heads, and a custom
Function inside a module."""
from corpus6_programs import program


program("set_to_none_and_accumulated_grads", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(8, 3)
    y = torch.randn(8, 1)

    print("before any backward:", model.weight.grad)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    g1 = model.weight.grad.clone()
    print("grad after one backward:", g1)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    print("after a second backward (accumulated):", model.weight.grad)
    print("twice the first?", torch.allclose(model.weight.grad, 2 * g1))

    opt.zero_grad(set_to_none=True)
    print("after zero_grad(set_to_none=True):", model.weight.grad)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.zero_grad(set_to_none=False)
    print("after zero_grad(set_to_none=False):", model.weight.grad)

    # accumulate over 4 micro batches, then step
    opt.zero_grad()
    for i in range(4):
        xb, yb = x[i * 2:(i + 1) * 2], y[i * 2:(i + 1) * 2]
        loss = nn.functional.mse_loss(model(xb), yb) / 4
        loss.backward()
        print(f"micro batch {i}: loss {loss.item():.5f} grad[0,0] {model.weight.grad[0, 0].item():.5f}")
    opt.step()
    print("weight after the step:", model.weight)
    print("bias grad:", model.bias.grad)
""")

program("logistic_regression_bce_correct_count", """
    import torch
    import torch.nn as nn

    torch.manual_seed(19)
    N = 100
    X = torch.randn(N, 2)
    y = ((X[:, 0] + 2 * X[:, 1]) > 0.3).float()
    print("positives:", int(y.sum().item()), "/", N)

    class LogReg(nn.Module):
        def __init__(self, n_features):
            super().__init__()
            self.linear = nn.Linear(n_features, 1)

        def forward(self, x):
            return self.linear(x).squeeze(1)   # logits

    model = LogReg(2)
    criterion = nn.BCEWithLogitsLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=1.0)

    for epoch in range(1, 31):
        logits = model(X)
        loss = criterion(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if epoch % 10 == 0:
            preds = (torch.sigmoid(logits) > 0.5).float()
            correct = (preds == y).sum().item()
            print(f"Epoch [{epoch}/30], Loss: {loss.item():.4f}, Correct: {correct}, Acc: {correct / N:6.2%}")

    w = model.linear.weight.detach().squeeze()
    b = model.linear.bias.item()
    print(f"decision boundary: {w[0]:.3f}*x0 + {w[1]:.3f}*x1 + {b:.3f} = 0")
    print("ratio w1/w0 =", round((w[1] / w[0]).item(), 3))
    with torch.no_grad():
        p = torch.sigmoid(model(torch.tensor([[0.0, 0.0], [1.0, 1.0], [-1.0, -1.0]])))
    print(p)
""")

program("polynomial_fit_by_hand_until_tolerance", """
    import torch

    torch.manual_seed(6)
    x = torch.linspace(-1, 1, 25)
    y_true = 0.5 * x ** 3 - x + 0.2
    y = y_true + 0.02 * torch.randn(25)

    coeffs = torch.zeros(4, requires_grad=True)
    lr = 0.3
    tol = 1e-3
    prev_loss = None
    it = 0
    while True:
        powers = torch.stack([x ** k for k in range(4)], dim=1)
        pred = powers @ coeffs
        loss = ((pred - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            coeffs -= lr * coeffs.grad
        coeffs.grad.zero_()
        if it % 50 == 0:
            print(f"it {it:4d}  loss {loss.item():.6f}  coeffs {coeffs.detach().numpy().round(3)}")
        if prev_loss is not None and abs(prev_loss - loss.item()) < tol * 1e-3:
            print("converged at iteration", it)
            break
        prev_loss = loss.item()
        it += 1
        if it > 400:
            print("gave up")
            break

    print("coefficients:", coeffs)
    print("true:", [0.2, -1.0, 0.0, 0.5])
    print("final loss {:.3e}".format(loss.item()))
""")

program("dropout_train_versus_eval", """
    import torch
    import torch.nn as nn

    torch.manual_seed(12)
    drop = nn.Dropout(p=0.5)
    x = torch.ones(2, 8)
    print("training mode:", drop.training)
    out = drop(x)
    print(out)
    print("zeros:", (out == 0).sum().item(), "kept values are", out[out != 0].unique())
    drop.eval()
    print("eval mode:", drop(x))

    class Net(nn.Module):
        def __init__(self, p):
            super().__init__()
            self.fc = nn.Linear(4, 4)
            self.dropout = nn.Dropout(p)
            self.out = nn.Linear(4, 1)

        def forward(self, x):
            return self.out(self.dropout(torch.relu(self.fc(x))))

    net = Net(0.3)
    data = torch.randn(16, 4)
    target = data.sum(1, keepdim=True)
    opt = torch.optim.Adam(net.parameters(), lr=0.05)
    for epoch in range(10):
        net.train()
        opt.zero_grad()
        loss = nn.MSELoss()(net(data), target)
        loss.backward()
        opt.step()
        net.eval()
        with torch.no_grad():
            eval_loss = nn.MSELoss()(net(data), target)
        print(f"epoch {epoch}: train {loss.item():.4f} eval {eval_loss.item():.4f}")
    net.eval()
    a = net(data[:3])
    b = net(data[:3])
    print("eval is deterministic:", torch.equal(a, b))
    net.train()
    print("train outputs differ:", not torch.equal(net(data[:3]), net(data[:3])))
""")

program("batchnorm1d_train_eval_running_stats", """
    import torch
    import torch.nn as nn

    torch.manual_seed(14)
    bn = nn.BatchNorm1d(3)
    print(bn)
    print("initial running_mean", bn.running_mean, "running_var", bn.running_var)
    x = torch.randn(10, 3) * 2 + 5
    out = bn(x)
    print("batch mean after bn:", out.mean(0))
    print("batch std after bn:", out.std(0, unbiased=False))
    print("running_mean", bn.running_mean)
    print("running_var", bn.running_var)

    model = nn.Sequential(nn.Linear(3, 6), nn.BatchNorm1d(6), nn.ReLU(), nn.Linear(6, 1))
    X = torch.randn(32, 3) * 2 + 5
    y = X.mean(1, keepdim=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    model.train()
    for step in range(15):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        if step % 5 == 0:
            print("step", step, "loss", round(loss.item(), 5))
    model.eval()
    with torch.no_grad():
        pred = model(X[:4])
    print(pred.squeeze())
    print(y[:4].squeeze())
    print("bn layer tracked", model[1].num_batches_tracked.item(), "batches")
    print("eval on one sample works:", model(X[:1]).shape)
""")

program("blobs_enumerate_loader_running_loss", """
    import torch
    import torch.nn as nn
    from torch.utils.data import DataLoader, TensorDataset

    torch.manual_seed(27)
    centers = torch.tensor([[0.0, 2.0], [2.0, -1.0], [-2.0, -1.0]])
    X = torch.cat([c + 0.6 * torch.randn(30, 2) for c in centers])
    y = torch.arange(3).repeat_interleave(30)
    dataset = TensorDataset(X, y)
    gen = torch.Generator()
    gen.manual_seed(2024)
    train_loader = DataLoader(dataset, batch_size=10, shuffle=True, generator=gen)
    print(len(dataset), "samples in", len(train_loader), "batches")

    model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 3))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    for epoch in range(4):
        running_loss = 0.0
        for i, (inputs, labels) in enumerate(train_loader):
            optimizer.zero_grad()
            outputs = model(inputs)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            running_loss += loss.item()
            if i % 3 == 2:
                print(f"[{epoch + 1}, {i + 1:3d}] loss: {running_loss / 3:.3f}")
                running_loss = 0.0

    correct = 0
    total = 0
    with torch.no_grad():
        for inputs, labels in DataLoader(dataset, batch_size=30):
            predicted = model(inputs).argmax(1)
            total += labels.size(0)
            correct += (predicted == labels).sum().item()
    print(f"Accuracy of the network: {100 * correct // total} %")
    print("per class:", [(model(X[y == c]).argmax(1) == c).float().mean().item() for c in range(3)])
""")

program("adam_vs_sgd_compare_with_helper", """
    import torch
    import torch.nn as nn

    torch.manual_seed(33)
    X = torch.randn(60, 2)
    y = (torch.sin(X[:, 0]) + torch.cos(X[:, 1])).unsqueeze(1)

    def make_model(seed):
        torch.manual_seed(seed)
        return nn.Sequential(nn.Linear(2, 10), nn.Sigmoid(), nn.Linear(10, 1))

    def fit(model, optimizer, epochs=30):
        losses = []
        for epoch in range(epochs):
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(X), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        return losses

    results = {}
    for name in ["sgd", "momentum", "adam", "rmsprop"]:
        model = make_model(0)
        if name == "sgd":
            opt = torch.optim.SGD(model.parameters(), lr=0.1)
        elif name == "momentum":
            opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        elif name == "adam":
            opt = torch.optim.Adam(model.parameters(), lr=0.05)
        else:
            opt = torch.optim.RMSprop(model.parameters(), lr=0.01)
        results[name] = fit(model, opt)
        print(f"{name:>9}: first {results[name][0]:.4f} last {results[name][-1]:.4f} min {min(results[name]):.4f}")

    winner = min(results, key=lambda k: results[k][-1])
    print("winner:", winner)
    print("epochs where adam beat sgd:", sum(a < s for a, s in zip(results["adam"], results["sgd"])))
""")

program("manual_update_versus_optim_sgd", """
    import torch

    torch.manual_seed(10)
    X = torch.randn(20, 3)
    y = X @ torch.tensor([2.0, -1.0, 0.5]) + 1.0

    # version 1: by hand
    w = torch.zeros(3, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    lr = 0.1
    for epoch in range(20):
        loss = ((X @ w + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
            w.grad.zero_()
            b.grad.zero_()
        if epoch % 5 == 0:
            print(f"by hand   epoch {epoch:2d} loss {loss.item():.6f}")
    w_hand = w.detach().clone()

    # version 2: torch.optim
    w = torch.zeros(3, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=lr)
    for epoch in range(20):
        opt.zero_grad()
        loss = ((X @ w + b - y) ** 2).mean()
        loss.backward()
        opt.step()
        if epoch % 5 == 0:
            print(f"optimizer epoch {epoch:2d} loss {loss.item():.6f}")
    print("same weights:", torch.allclose(w_hand, w), (w_hand - w).abs().max().item())
    print(w_hand)
    print(w)
    print("b =", b.item())
""")

program("l2_penalty_by_hand_vs_weight_decay", """
    import torch
    import torch.nn as nn

    def build():
        torch.manual_seed(0)
        return nn.Linear(5, 1)

    torch.manual_seed(15)
    X = torch.randn(30, 5)
    y = X[:, 0:1] * 3 + torch.randn(30, 1)
    lam = 0.01

    model_a = build()
    opt_a = torch.optim.SGD(model_a.parameters(), lr=0.05)
    for epoch in range(25):
        opt_a.zero_grad()
        mse = nn.functional.mse_loss(model_a(X), y)
        l2 = sum((p ** 2).sum() for name, p in model_a.named_parameters() if 'weight' in name)
        loss = mse + lam / 2 * l2
        loss.backward()
        opt_a.step()
        if epoch % 8 == 0:
            print(f"epoch {epoch}: mse={mse.item():.4f} l2={l2.item():.4f} total={loss.item():.4f}")

    model_b = build()
    opt_b = torch.optim.SGD([{"params": model_b.weight, "weight_decay": lam},
                             {"params": model_b.bias}], lr=0.05)
    for epoch in range(25):
        opt_b.zero_grad()
        nn.functional.mse_loss(model_b(X), y).backward()
        opt_b.step()

    print("weights by hand:     ", model_a.weight.data)
    print("weights weight_decay:", model_b.weight.data)
    print("max difference:", (model_a.weight - model_b.weight).abs().max().item())
    for name, p in model_a.named_parameters():
        print(f"{name}: norm {p.norm().item():.4f}")
""")

program("tiny_autoencoder_bottleneck", """
    import torch
    from torch import nn

    torch.manual_seed(36)

    class AutoEncoder(nn.Module):
        def __init__(self, n_in=6, code=2):
            super().__init__()
            self.encoder = nn.Sequential(nn.Linear(n_in, 4), nn.ReLU(), nn.Linear(4, code))
            self.decoder = nn.Sequential(nn.Linear(code, 4), nn.ReLU(), nn.Linear(4, n_in), nn.Sigmoid())

        def forward(self, x):
            z = self.encoder(x)
            return self.decoder(z), z

    # data living on a 2-d surface inside 6-d
    latent = torch.rand(50, 2)
    mix = torch.randn(2, 6)
    data = torch.sigmoid(latent @ mix)
    ae = AutoEncoder()
    print(ae)
    print("parameters:", sum(p.numel() for p in ae.parameters()))
    optim = torch.optim.Adam(ae.parameters(), lr=1e-2)
    loss_fn = nn.MSELoss()
    losses = []
    for epoch in range(40):
        recon, code = ae(data)
        loss = loss_fn(recon, data)
        optim.zero_grad()
        loss.backward()
        optim.step()
        losses.append(loss.item())
        if epoch % 10 == 0:
            print('epoch', epoch, 'reconstruction loss', '%.5f' % loss.item())
    print(min(losses), losses[-1])
    ae.eval()
    with torch.no_grad():
        recon, code = ae(data[:3])
    print("codes:", code)
    print("error per sample:", ((recon - data[:3]) ** 2).mean(dim=1))
""")

program("finite_differences_check_by_hand", """
    import torch

    torch.manual_seed(18)

    def f(w, x):
        return torch.tanh(x @ w).pow(2).sum()

    x = torch.randn(5, 3, dtype=torch.float64)
    w = torch.randn(3, dtype=torch.float64, requires_grad=True)
    value = f(w, x)
    value.backward()
    print("f(w) =", value.item())
    print("autograd:", w.grad)

    eps = 1e-6
    numeric = torch.zeros(3, dtype=torch.float64)
    with torch.no_grad():
        for i in range(3):
            e = torch.zeros(3, dtype=torch.float64)
            e[i] = eps
            numeric[i] = (f(w + e, x) - f(w - e, x)) / (2 * eps)
    print("numeric: ", numeric)
    err = (numeric - w.grad).abs().max().item()
    print(f"max abs error {err:.2e}", "OK" if err < 1e-6 else "MISMATCH")

    ok = torch.autograd.gradcheck(lambda w: f(w, x), (w,))
    print("gradcheck:", ok)

    # the same in float32 is much less precise
    w32 = w.detach().float().requires_grad_()
    f(w32, x.float()).backward()
    print("float32 grad:", w32.grad)
    print("difference to float64:", (w32.grad.double() - w.grad).abs().max().item() < 1e-5)
""")

program("learning_rate_sweep_fresh_models", """
    import torch
    import torch.nn as nn

    torch.manual_seed(44)
    X = torch.linspace(-3, 3, 40).reshape(-1, 1)
    y = 0.5 * X ** 2 - 1

    def run(lr, epochs=20):
        torch.manual_seed(1)
        model = nn.Sequential(nn.Linear(1, 12), nn.ReLU(), nn.Linear(12, 1))
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        for _ in range(epochs):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
        return loss.item()

    lrs = [0.001, 0.003, 0.01, 0.03]
    final = []
    for lr in lrs:
        l = run(lr)
        final.append(l)
        print(f"lr={lr:<6} final loss={l:.5f}")
    best = lrs[final.index(min(final))]
    print("best lr:", best)
    print("sorted:", sorted(zip(final, lrs))[:2])
    print(f"{'improvement':>12}: {final[0] / min(final):.2f}x")
""")

program("huber_versus_mse_with_outliers", """
    import torch
    import torch.nn as nn

    torch.manual_seed(25)
    x = torch.linspace(0, 5, 30).unsqueeze(1)
    y = 2 * x + 1 + 0.1 * torch.randn(30, 1)
    y[[3, 17, 25]] += torch.tensor([[15.0], [-12.0], [20.0]])   # outliers
    print("outliers at", (y - (2 * x + 1)).abs().squeeze().gt(5).nonzero().flatten().tolist())

    def fit(loss_fn, epochs=60):
        torch.manual_seed(0)
        lin = nn.Linear(1, 1)
        opt = torch.optim.Adam(lin.parameters(), lr=0.1)
        for epoch in range(epochs):
            opt.zero_grad()
            loss = loss_fn(lin(x), y)
            loss.backward()
            opt.step()
        return lin, loss.item()

    for name, fn in [("mse", nn.MSELoss()), ("huber", nn.HuberLoss(delta=1.0)),
                     ("smooth_l1", nn.SmoothL1Loss(beta=0.5)), ("l1", nn.L1Loss())]:
        lin, final = fit(fn)
        print(f"{name:10s} slope {lin.weight.item():.3f} intercept {lin.bias.item():.3f} loss {final:.4f}")

    pred = torch.tensor([0.0, 1.0, 3.0])
    target = torch.zeros(3)
    print("huber per element:", nn.HuberLoss(reduction='none')(pred, target))
    print("mse per element:", nn.MSELoss(reduction='none')(pred, target))
""")

program("detach_between_two_heads", """
    import torch
    import torch.nn as nn

    torch.manual_seed(29)

    class TwoHeads(nn.Module):
        def __init__(self):
            super().__init__()
            self.trunk = nn.Linear(3, 4)
            self.head_a = nn.Linear(4, 1)
            self.head_b = nn.Linear(4, 1)

        def forward(self, x, stop_b=True):
            h = torch.relu(self.trunk(x))
            a = self.head_a(h)
            b = self.head_b(h.detach() if stop_b else h)
            return a, b

    net = TwoHeads()
    x = torch.randn(6, 3)
    a, b = net(x)
    print("a requires grad:", a.requires_grad, "b:", b.requires_grad)
    b.sum().backward()
    print("trunk grad after b only:", net.trunk.weight.grad)
    print("head_b grad:", net.head_b.weight.grad)
    net.zero_grad()
    a, b = net(x, stop_b=False)
    (a.sum() + b.sum()).backward()
    print("trunk grad with both heads:", net.trunk.weight.grad)

    for name, p in net.named_parameters():
        g = p.grad
        print(f"{name:15s} grad norm {g.norm().item():.4f}" if g is not None else f"{name:15s} no grad")

    h = net.trunk(x)
    d = h.detach()
    d[0, 0] = 100.0
    print("detach shares memory:", h[0, 0].item())
    try:
        h.sum().backward()
        print("backward still works")
    except RuntimeError as e:
        print("RuntimeError:", e)
""")

program("custom_function_inside_module", """
    import torch
    import torch.nn as nn

    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, input):
            ctx.save_for_backward(input)
            return input.clamp(min=0)

        @staticmethod
        def backward(ctx, grad_output):
            input, = ctx.saved_tensors
            grad_input = grad_output.clone()
            grad_input[input < 0] = 0
            return grad_input

    class Net(nn.Module):
        def __init__(self, n_hidden):
            super().__init__()
            self.fc1 = nn.Linear(2, n_hidden)
            self.fc2 = nn.Linear(n_hidden, 1)

        def forward(self, x):
            return self.fc2(MyReLU.apply(self.fc1(x)))

    torch.manual_seed(37)
    X = torch.rand(40, 2) * 2 - 1
    y = (X[:, :1] * X[:, 1:] > 0).float()
    net = Net(8)
    opt = torch.optim.Adam(net.parameters(), lr=0.05)
    loss_fn = nn.BCEWithLogitsLoss()
    for epoch in range(30):
        opt.zero_grad()
        logits = net(X)
        loss = loss_fn(logits, y)
        loss.backward()
        opt.step()
        if epoch % 10 == 0:
            acc = ((logits > 0).float() == y).float().mean().item()
            print(f"epoch {epoch:2d} loss {loss.item():.4f} acc {acc:.3f}")
    print(logits.grad_fn)
    h = MyReLU.apply(net.fc1(X[:2]))
    print(h.grad_fn.__class__.__name__)
    print(h)
""")
