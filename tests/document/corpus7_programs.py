"""A seventh corpus of programs of the kind students write right after the autograd
tutorial (issue 32, measured on programs we cannot see), written the way students write
them: linear regression with an ``nn.Module`` trained by hand and then with
``torch.optim``, classification of synthetic blobs with ``CrossEntropyLoss`` and an
accuracy per epoch, a tiny autoencoder, gradient accumulation over micro-batches, frozen
layers and an optimizer over ``filter(lambda p: p.requires_grad, ...)``, a ``LambdaLR``
warmup, weight tying, losses by hand (Huber, focal), masks and ``torch.where``,
``gather``/``scatter``/``index_select``, ``F.one_hot``, an ``nn.Embedding`` bag of words,
a character bigram model sampled with ``torch.multinomial`` and a ``Generator``.

``PROGRAMS`` are scripts (``name -> source``); ``corpus7_more.py`` holds the second half.
``tests/document/test_trace_corpus7.py`` opens each and runs its export under torch."""
import textwrap

PROGRAMS = {}
NOTEBOOKS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("linreg_module_by_hand_then_optim", """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    X = torch.linspace(-1, 1, 30).unsqueeze(1)
    y = 3.0 * X - 0.5 + 0.1 * torch.randn(30, 1)

    class LinearRegression(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = nn.Linear(1, 1)

        def forward(self, x):
            return self.linear(x)

    model = LinearRegression()
    print(model)
    lr = 0.1
    # first by hand
    for epoch in range(20):
        pred = model(X)
        loss = ((pred - y) ** 2).mean()
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
        if epoch % 5 == 0:
            print(f"[manual] epoch {epoch:2d}: loss = {loss.item():.4f}")

    w, b = model.linear.weight.item(), model.linear.bias.item()
    print(f"after manual loop: w = {w:.3f}, b = {b:.3f}")

    # then the same with torch.optim
    model2 = LinearRegression()
    optimizer = torch.optim.SGD(model2.parameters(), lr=lr)
    criterion = nn.MSELoss()
    for epoch in range(20):
        optimizer.zero_grad()
        loss = criterion(model2(X), y)
        loss.backward()
        optimizer.step()
        if epoch % 5 == 0:
            print(f"[optim]  epoch {epoch:2d}: loss = {loss.item():.4f}")
    print("learned weight:", model2.linear.weight.data)
    print("learned bias:", model2.linear.bias.data)
""")

program("blobs_three_classes_accuracy_per_epoch", """
    import torch
    import torch.nn as nn

    torch.manual_seed(1)
    centers = torch.tensor([[0.0, 2.0], [2.0, -1.0], [-2.0, -1.0]])
    n_per = 20
    X = torch.cat([c + 0.6 * torch.randn(n_per, 2) for c in centers])
    y = torch.arange(3).repeat_interleave(n_per)
    print("data:", X.shape, X.dtype, "labels:", y.shape, y.dtype)
    print("counts per class:", torch.bincount(y))

    model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 3))
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2)

    for epoch in range(1, 11):
        optimizer.zero_grad()
        logits = model(X)
        loss = criterion(logits, y)
        loss.backward()
        optimizer.step()
        preds = logits.argmax(dim=1)
        acc = (preds == y).sum().item() / len(y)
        print(f"Epoch {epoch:02d} | loss {loss.item():.4f} | acc {acc * 100:.1f}%")

    with torch.no_grad():
        probs = torch.softmax(model(centers), dim=1)
    print("probabilities at the centers:")
    print(probs)
    print("predicted:", probs.argmax(1).tolist())
""")

program("tiny_autoencoder_per_sample_error", """
    import torch
    import torch.nn as nn

    torch.manual_seed(2)
    data = torch.randn(16, 6)
    data[:, 3:] = data[:, :3] * 2  # the last three columns are redundant

    class AutoEncoder(nn.Module):
        def __init__(self, d_in=6, d_code=3):
            super().__init__()
            self.encoder = nn.Sequential(nn.Linear(d_in, d_code), nn.Tanh())
            self.decoder = nn.Linear(d_code, d_in)

        def forward(self, x):
            code = self.encoder(x)
            return self.decoder(code)

    ae = AutoEncoder()
    opt = torch.optim.Adam(ae.parameters(), lr=0.01)
    loss_fn = nn.MSELoss()
    for step in range(60):
        recon = ae(data)
        loss = loss_fn(recon, data)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 15 == 0 or step == 59:
            print(f"step {step}: mse {loss.item():.5f}")

    with torch.no_grad():
        recon = ae(data)
        per_sample = ((recon - data) ** 2).mean(dim=1)
    print("per-sample error:", per_sample[:4])
    print("worst sample:", per_sample.argmax().item(), f"({per_sample.max().item():.4f})")
    code = ae.encoder(data[:2])
    print("code of two samples:", code)
    print("code requires_grad:", code.requires_grad)
""")

program("gradient_accumulation_micro_batches", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(3)
    X = torch.randn(24, 4)
    true_w = torch.tensor([[1.0], [-2.0], [0.5], [3.0]])
    y = X @ true_w + 0.05 * torch.randn(24, 1)

    model = nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    accum_steps = 3
    micro = 4

    for epoch in range(5):
        optimizer.zero_grad()
        running = 0.0
        for i in range(0, 24, micro):
            xb, yb = X[i:i + micro], y[i:i + micro]
            loss = F.mse_loss(model(xb), yb) / accum_steps
            loss.backward()
            running += loss.item()
            if (i // micro + 1) % accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
        print(f"epoch {epoch}: accumulated loss {running:.4f}")

    print("weight:", model.weight)
    print("bias:", model.bias)
    print("error vs true:", (model.weight.data.t() - true_w).abs().max())
""")

program("freeze_backbone_filter_requires_grad", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    backbone = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU())
    head = nn.Linear(8, 2)
    model = nn.Sequential(backbone, head)

    for p in backbone.parameters():
        p.requires_grad_(False)

    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    total = sum(p.numel() for p in model.parameters())
    print(f"trainable params: {trainable} / {total}")

    optimizer = torch.optim.Adam(filter(lambda p: p.requires_grad, model.parameters()), lr=0.05)
    print("param groups:", len(optimizer.param_groups), "tensors in group 0:",
          len(optimizer.param_groups[0]["params"]))

    x = torch.randn(10, 5)
    target = torch.randint(0, 2, (10,))
    before = backbone[0].weight.clone()
    for step in range(8):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), target)
        loss.backward()
        optimizer.step()
    print(f"final loss {loss.item():.4f}")
    print("backbone unchanged:", torch.equal(before, backbone[0].weight))
    print("backbone grad:", backbone[0].weight.grad)
    print("head grad shape:", head.weight.grad.shape)
    for name, p in model.named_parameters():
        print(f"{name:<10} requires_grad={p.requires_grad}")
""")

program("lambda_lr_linear_warmup_steps", """
    import torch
    import torch.nn as nn
    from torch.optim.lr_scheduler import LambdaLR

    torch.manual_seed(5)
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    warmup = 4
    scheduler = LambdaLR(optimizer, lr_lambda=lambda step: min(1.0, (step + 1) / warmup))

    X = torch.randn(20, 3)
    y = X.sum(dim=1, keepdim=True)
    lrs = []
    for step in range(8):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        optimizer.step()
        lrs.append(optimizer.param_groups[0]["lr"])
        scheduler.step()
        print(f"step {step} lr {lrs[-1]:.4f} loss {loss.item():.4f}")
    print("lr schedule:", [round(v, 3) for v in lrs])
    print("last lr:", scheduler.get_last_lr())
    print(model.weight)
""")

program("weight_tying_embedding_output", """
    import torch
    import torch.nn as nn

    torch.manual_seed(6)

    class TiedLM(nn.Module):
        def __init__(self, vocab, dim):
            super().__init__()
            self.embed = nn.Embedding(vocab, dim)
            self.out = nn.Linear(dim, vocab, bias=False)
            self.out.weight = self.embed.weight  # weight tying

        def forward(self, idx):
            return self.out(self.embed(idx))

    model = TiedLM(vocab=7, dim=4)
    print("same tensor:", model.out.weight is model.embed.weight)
    n_params = sum(p.numel() for p in model.parameters())
    print("parameters (shared counted once):", n_params)
    print("named:", [n for n, _ in model.named_parameters()])

    tokens = torch.tensor([0, 3, 5, 1, 2, 6])
    targets = torch.tensor([3, 5, 1, 2, 6, 0])
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(5):
        logits = model(tokens)
        loss = nn.functional.cross_entropy(logits, targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")
    print("grad on the shared weight:", model.embed.weight.grad.shape)
    print(model.embed.weight[:2])
""")

program("huber_loss_by_hand_vs_builtin", """
    import torch
    import torch.nn.functional as F

    def huber(pred, target, delta=1.0):
        err = pred - target
        abs_err = err.abs()
        quadratic = 0.5 * err ** 2
        linear = delta * (abs_err - 0.5 * delta)
        return torch.where(abs_err <= delta, quadratic, linear).mean()

    torch.manual_seed(7)
    pred = torch.randn(8, requires_grad=True)
    target = torch.randn(8) * 2
    mine = huber(pred, target)
    builtin = F.huber_loss(pred, target, delta=1.0)
    print(f"mine    = {mine.item():.6f}")
    print(f"builtin = {builtin.item():.6f}")
    print("close:", torch.isclose(mine, builtin).item())

    mine.backward()
    g_mine = pred.grad.clone()
    pred.grad.zero_()
    builtin.backward()
    print("grads equal:", torch.allclose(g_mine, pred.grad))
    print("grad:", g_mine)

    for delta in [0.5, 1.0, 2.0]:
        h = huber(pred, target, delta)
        s = F.smooth_l1_loss(pred, target, beta=delta) * delta
        print(f"delta={delta}: huber {h.item():.4f}  smooth_l1*delta {s.item():.4f}")
""")

program("focal_loss_binary_by_hand", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    def focal_loss(logits, targets, alpha=0.25, gamma=2.0):
        p = torch.sigmoid(logits)
        ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
        p_t = p * targets + (1 - p) * (1 - targets)
        alpha_t = alpha * targets + (1 - alpha) * (1 - targets)
        loss = alpha_t * (1 - p_t) ** gamma * ce
        return loss.mean()

    torch.manual_seed(8)
    X = torch.randn(40, 3)
    y = (X[:, 0] > 0.8).float()  # rare positives
    print("positive rate:", y.mean().item())

    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=1.0)
    for epoch in range(6):
        logits = model(X).squeeze(1)
        loss = focal_loss(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: focal {loss.item():.5f}  bce {F.binary_cross_entropy_with_logits(logits, y).item():.5f}")

    with torch.no_grad():
        probs = torch.sigmoid(model(X).squeeze(1))
    print("mean prob on positives:", round(probs[y == 1].mean().item(), 4))
    print("mean prob on negatives:", round(probs[y == 0].mean().item(), 4))
    print("gamma=0 equals alpha-weighted BCE:",
          torch.isclose(focal_loss(logits, y, alpha=0.5, gamma=0.0),
                        0.5 * F.binary_cross_entropy_with_logits(logits, y)).item())
""")

program("masks_where_and_masked_fill", """
    import torch

    torch.manual_seed(9)
    x = torch.randn(4, 5, requires_grad=True)
    mask = x > 0
    print("mask:")
    print(mask)
    print("positives per row:", mask.sum(dim=1))

    relu_like = torch.where(mask, x, torch.zeros_like(x))
    leaky = torch.where(x > 0, x, 0.1 * x)
    print("relu_like grad_fn:", relu_like.grad_fn)

    lengths = torch.tensor([5, 3, 2, 4])
    pad_mask = torch.arange(5).unsqueeze(0) < lengths.unsqueeze(1)
    print("pad mask:", pad_mask.int())
    masked = x.masked_fill(~pad_mask, float("-inf"))
    attn = torch.softmax(masked, dim=1)
    print("attention rows sum to:", attn.sum(dim=1))
    print(attn)

    masked_mean = (x * pad_mask).sum(dim=1) / pad_mask.sum(dim=1)
    total = relu_like.sum() + leaky.sum() + masked_mean.sum() + attn[:, 0].sum()
    total.backward()
    print("grad of x:")
    print(x.grad)
    print("x[mask] has", x[mask].numel(), "elements, shape", tuple(x[mask].shape))
""")

program("gather_scatter_index_select", """
    import torch

    torch.manual_seed(10)
    scores = torch.randn(4, 3, requires_grad=True)
    labels = torch.tensor([2, 0, 1, 2])

    picked = scores.gather(1, labels.unsqueeze(1)).squeeze(1)
    print("picked scores:", picked)
    same = scores[torch.arange(4), labels]
    print("same as fancy indexing:", torch.equal(picked, same))

    rows = torch.index_select(scores, 0, torch.tensor([0, 2]))
    print("rows 0 and 2:")
    print(rows)

    counts = torch.zeros(3).scatter_add_(0, labels, torch.ones(4))
    print("class counts via scatter_add_:", counts)
    one_hot = torch.zeros(4, 3).scatter_(1, labels.unsqueeze(1), 1.0)
    print("one-hot via scatter_:")
    print(one_hot)

    loss = -picked.sum() + rows.pow(2).sum()
    loss.backward()
    print("grad:")
    print(scores.grad)
    print(f"loss = {loss.item():.4f}, grad_fn = {loss.grad_fn.name()}")
    print(picked.grad_fn, rows.grad_fn)
""")

program("one_hot_targets_mse_vs_cross_entropy", """
    import torch
    import torch.nn.functional as F

    torch.manual_seed(11)
    labels = torch.tensor([0, 2, 1, 2, 0])
    oh = F.one_hot(labels, num_classes=3)
    print(oh)
    print("dtype:", oh.dtype, "shape:", oh.shape)
    oh_f = oh.float()

    logits = torch.randn(5, 3, requires_grad=True)
    probs = logits.softmax(dim=1)
    mse = F.mse_loss(probs, oh_f)
    ce = F.cross_entropy(logits, labels)
    ce_manual = -(oh_f * F.log_softmax(logits, dim=1)).sum(dim=1).mean()
    print(f"mse {mse.item():.4f}  ce {ce.item():.4f}  ce by hand {ce_manual.item():.4f}")

    g_mse, = torch.autograd.grad(mse, logits, retain_graph=True)
    g_ce, = torch.autograd.grad(ce, logits)
    print("mse grad norm:", g_mse.norm().item())
    print("ce grad norm:", g_ce.norm().item())
    print("ce grad equals (softmax - onehot)/N:",
          torch.allclose(g_ce, (probs - oh_f) / 5))
    print("argmax back:", oh.argmax(dim=1))
    try:
        F.one_hot(torch.tensor([0.0, 1.0]))
    except RuntimeError as e:
        print("RuntimeError:", e)
""")

program("embedding_bag_of_words_sentiment", """
    import torch
    import torch.nn as nn

    vocab = {"<pad>": 0, "good": 1, "great": 2, "bad": 3, "awful": 4, "movie": 5, "the": 6}
    sentences = [["the", "movie", "good"], ["great", "movie"], ["bad", "movie"],
                 ["the", "awful", "movie"], ["good", "great"], ["awful", "bad"]]
    labels = torch.tensor([1, 1, 0, 0, 1, 0])
    max_len = max(len(s) for s in sentences)
    ids = torch.tensor([[vocab[w] for w in s] + [0] * (max_len - len(s)) for s in sentences])
    print("ids:")
    print(ids)

    class BagOfWords(nn.Module):
        def __init__(self, n_vocab, dim, n_classes):
            super().__init__()
            self.emb = nn.Embedding(n_vocab, dim)
            self.fc = nn.Linear(dim, n_classes)

        def forward(self, ids):
            mask = (ids != 0).unsqueeze(-1).float()
            summed = (self.emb(ids) * mask).sum(dim=1)
            mean = summed / mask.sum(dim=1)
            return self.fc(mean)

    torch.manual_seed(12)
    model = BagOfWords(len(vocab), 4, 2)
    opt = torch.optim.Adam(model.parameters(), lr=0.1)
    for epoch in range(15):
        logits = model(ids)
        loss = nn.functional.cross_entropy(logits, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 5 == 4:
            acc = (logits.argmax(1) == labels).float().mean()
            print(f"epoch {epoch + 1}: loss {loss.item():.4f} acc {acc.item():.2f}")
    print("pad embedding grad is zero:", model.emb.weight.grad[0].abs().sum().item() == 0)
    test = torch.tensor([[vocab["great"], vocab["movie"], 0]])
    print("P(positive | 'great movie') =", torch.softmax(model(test), 1)[0, 1].item())
""")

program("char_bigram_multinomial_sampling", """
    import torch

    text = "hello world hello there"
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    itos = {i: c for c, i in stoi.items()}
    V = len(chars)
    print("vocab:", "".join(chars), "size", V)

    xs = torch.tensor([stoi[c] for c in text[:-1]])
    ys = torch.tensor([stoi[c] for c in text[1:]])
    print("pairs:", xs.shape[0])

    g = torch.Generator().manual_seed(2147483647)
    W = torch.randn((V, V), generator=g, requires_grad=True)
    for k in range(30):
        xenc = torch.nn.functional.one_hot(xs, num_classes=V).float()
        logits = xenc @ W
        counts = logits.exp()
        probs = counts / counts.sum(1, keepdims=True)
        loss = -probs[torch.arange(len(xs)), ys].log().mean() + 0.01 * (W ** 2).mean()
        W.grad = None
        loss.backward()
        W.data += -10 * W.grad
        if k % 10 == 0:
            print(f"iter {k}: loss {loss.item():.4f}")

    g = torch.Generator().manual_seed(42)
    for _ in range(3):
        out = []
        ix = stoi["h"]
        while True:
            p = torch.softmax(W[ix], dim=0)
            ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
            if itos[ix] == " " or len(out) > 8:
                break
            out.append(itos[ix])
        print("h" + "".join(out))
""")

program("bce_pos_weight_imbalanced", """
    import torch
    import torch.nn as nn

    torch.manual_seed(13)
    N = 60
    X = torch.randn(N, 2)
    y = ((X[:, 0] - X[:, 1]) > 1.2).float().unsqueeze(1)
    n_pos = y.sum()
    pos_weight = (N - n_pos) / n_pos
    print(f"positives {int(n_pos.item())}, pos_weight {pos_weight.item():.3f}")

    def train(criterion, name):
        torch.manual_seed(0)
        model = nn.Linear(2, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for _ in range(40):
            opt.zero_grad()
            loss = criterion(model(X), y)
            loss.backward()
            opt.step()
        with torch.no_grad():
            pred = (model(X) > 0).float()
        tp = ((pred == 1) & (y == 1)).sum().item()
        fp = ((pred == 1) & (y == 0)).sum().item()
        fn = ((pred == 0) & (y == 1)).sum().item()
        recall = tp / (tp + fn)
        print(f"{name:10s} loss {loss.item():.4f} tp {tp} fp {fp} fn {fn} recall {recall:.2f}")
        return model

    plain = train(nn.BCEWithLogitsLoss(), "plain")
    weighted = train(nn.BCEWithLogitsLoss(pos_weight=pos_weight), "weighted")
    print("weighted bias:", weighted.bias.data, "plain bias:", plain.bias.data)
""")

program("polynomial_features_stack_cat_fit", """
    import torch

    torch.manual_seed(14)
    x = torch.linspace(-2, 2, 25)
    y = 0.5 * x ** 3 - x + 1 + 0.2 * torch.randn(25)

    def poly_features(x, degree):
        return torch.stack([x ** d for d in range(1, degree + 1)], dim=1)

    feats = poly_features(x, 3)
    print("features:", feats.shape)
    Xb = torch.cat([torch.ones(25, 1), feats], dim=1)
    print("with bias column:", Xb.shape)
    print(Xb[:3])

    w = torch.zeros(4, requires_grad=True)
    opt = torch.optim.Adam([w], lr=0.1)
    for it in range(200):
        opt.zero_grad()
        loss = ((Xb @ w - y) ** 2).mean()
        loss.backward()
        opt.step()
        if it % 50 == 0:
            print(f"it {it:3d}  loss {loss.item():.4f}")
    print("coefficients:", w.detach())
    closed = torch.linalg.lstsq(Xb, y.unsqueeze(1)).solution.squeeze(1)
    print("least squares:", closed)
    print("max diff:", (w.detach() - closed).abs().max().item() < 0.05)
""")
