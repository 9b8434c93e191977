"""Whole programs of what a course teaches after the basics of ``nn`` (issue 31): a small
CNN on synthetic images, a 1-d convolution over sequences, an activation comparison,
metric learning with triplet and cosine losses, multi-class hinge losses, initialisation
experiments, convolution by hand with ``unfold``, and gated/randomised activations. Each
trains or inspects a model the way a student's notebook does (programs run under torch
and under the engine, transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("tiny_cnn_on_synthetic_images", """
    import torch
    from torch import nn
    torch.manual_seed(0)
    # 8x8 images: class 1 has a bright vertical bar, class 0 a horizontal one
    X = torch.zeros(16, 1, 8, 8)
    y = torch.arange(16) % 2
    for i in range(16):
        pos = i // 2 % 6 + 1
        if y[i] == 1:
            X[i, 0, :, pos] = 1.0
        else:
            X[i, 0, pos, :] = 1.0
    model = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Conv2d(4, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                          nn.Linear(8, 2))
    print(model)
    print(sum(p.numel() for p in model.parameters()))
    opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    for step in range(8):
        opt.zero_grad()
        out = model(X)
        loss = loss_fn(out, y)
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.4f}", out.grad_fn.name())
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean()
    print("accuracy", acc.item())
    feats = model[:3](X[:2])
    print(feats.shape, feats.grad_fn.name())
""")

prog("conv1d_over_sequences", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(1)
    seqs = torch.randn(12, 3, 10)
    target = seqs[:, 0, :].mean(1, keepdim=True) - seqs[:, 2, :].abs().mean(1, keepdim=True)
    class SeqNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv1d(3, 5, kernel_size=3, padding=1)
            self.pool = nn.AvgPool1d(2)
            self.head = nn.Linear(5, 1)
        def forward(self, x):
            h = F.relu(self.conv(x))
            h = self.pool(h)
            return self.head(F.adaptive_avg_pool1d(h, 1).squeeze(-1))
    net = SeqNet()
    print(net)
    opt = torch.optim.Adam(net.parameters(), lr=0.05)
    for epoch in range(10):
        opt.zero_grad()
        loss = F.mse_loss(net(seqs), target)
        loss.backward()
        opt.step()
        if epoch % 3 == 0:
            print(epoch, round(loss.item(), 4))
    print(net.conv.weight.grad.shape, net.conv.bias.grad.abs().sum() > 0)
    print(F.max_pool1d(seqs[:1], 3, stride=2).shape)
""")

prog("comparing_activations", """
    import torch
    import torch.nn as nn
    torch.manual_seed(2)
    X = torch.linspace(-3, 3, 40).unsqueeze(1)
    Y = torch.sin(2 * X)
    results = {}
    for name, act in [("ReLU", nn.ReLU()), ("SELU", nn.SELU()), ("CELU", nn.CELU(0.5)),
                      ("Mish", nn.Mish()), ("Hardswish", nn.Hardswish()), ("PReLU", nn.PReLU()),
                      ("Softshrink", nn.Softshrink(0.1))]:
        torch.manual_seed(2)
        net = nn.Sequential(nn.Linear(1, 16), act, nn.Linear(16, 1))
        opt = torch.optim.Adam(net.parameters(), lr=0.02)
        for _ in range(30):
            opt.zero_grad()
            loss = nn.functional.mse_loss(net(X), Y)
            loss.backward()
            opt.step()
        results[name] = round(loss.item(), 3)
        print(net[1], results[name])
    print(min(results, key=results.get))
    prelu = nn.PReLU(3, init=0.1)
    print(prelu, prelu.weight, prelu(torch.tensor([[-1.0, 2.0, -3.0]])))
    print(nn.Hardsigmoid()(torch.tensor([-4.0, 0.0, 1.5])), nn.Threshold(0.5, -1.0)(torch.tensor([0.2, 0.7])))
""")

prog("metric_learning_with_triplets", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(3)
    centers = torch.tensor([[2.0, 0.0], [-2.0, 0.0], [0.0, 2.0]])
    points = centers.repeat_interleave(4, 0) + 0.3 * torch.randn(12, 2)
    labels = torch.arange(3).repeat_interleave(4)
    embed = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 3))
    triplet = nn.TripletMarginLoss(margin=1.0)
    opt = torch.optim.SGD(embed.parameters(), lr=0.1)
    for step in range(10):
        anchor_idx = torch.arange(12)
        pos_idx = (anchor_idx // 4) * 4 + (anchor_idx + 1) % 4
        neg_idx = (anchor_idx + 4) % 12
        e = embed(points)
        loss = triplet(e[anchor_idx], e[pos_idx], e[neg_idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 3 == 0:
            print(step, f"{loss.item():.4f}", loss.grad_fn.name())
    e = embed(points).detach()
    d = F.pairwise_distance(e[0:1], e)
    print(d.argsort()[:4], labels[d.argsort()[:4]])
    cos = nn.CosineEmbeddingLoss(margin=0.1)
    same = torch.where(labels[:6] == labels[6:12], 1, -1)
    print(cos(e[:6], e[6:12], same), same)
    print(F.cosine_similarity(e[0:1], e[1:2]))
""")

prog("multiclass_hinge_and_soft_margin", """
    import torch
    import torch.nn as nn
    torch.manual_seed(4)
    X = torch.randn(30, 4)
    W_true = torch.tensor([[1.0, -1.0, 0.5], [0.5, 1.0, -1.0], [-1.0, 0.5, 1.0], [0.0, 0.0, 0.0]])
    y = (X @ W_true).argmax(1)
    model = nn.Linear(4, 3)
    for loss_fn in (nn.MultiMarginLoss(), nn.MultiMarginLoss(p=2, margin=0.5)):
        torch.manual_seed(4)
        model.reset_parameters()
        opt = torch.optim.SGD(model.parameters(), lr=0.2)
        for step in range(15):
            opt.zero_grad()
            loss = loss_fn(model(X), y)
            loss.backward()
            opt.step()
        acc = (model(X).argmax(1) == y).float().mean().item()
        print(loss_fn, round(loss.item(), 4), round(acc, 3))
    signs = torch.where(y == 0, 1.0, -1.0)
    scorer = nn.Linear(4, 1)
    opt = torch.optim.SGD(scorer.parameters(), lr=0.5)
    soft = nn.SoftMarginLoss()
    for step in range(10):
        opt.zero_grad()
        loss = soft(scorer(X).squeeze(1), signs)
        loss.backward()
        opt.step()
    print(round(loss.item(), 4), loss.grad_fn.name())
    multi = nn.MultiLabelMarginLoss()
    targets = torch.tensor([[0, 2, -1], [1, -1, 0], [2, 1, 0]])
    print(multi(model(X[:3]), targets), nn.MultiLabelMarginLoss(reduction="none")(model(X[:3]), targets))
""")

prog("initialisation_experiments", """
    import torch
    import torch.nn as nn
    torch.manual_seed(5)
    x = torch.randn(256, 32)
    def depth_stats(init_fn, act):
        h = x
        stds = []
        for _ in range(6):
            layer = nn.Linear(32, 32, bias=False)
            init_fn(layer.weight)
            h = act(layer(h))
            stds.append(round(h.std().item(), 3))
        return stds
    print("orthogonal", depth_stats(lambda w: nn.init.orthogonal_(w), torch.tanh))
    print("trunc normal", depth_stats(lambda w: nn.init.trunc_normal_(w, std=0.02), torch.tanh))
    print("kaiming fan_out", depth_stats(lambda w: nn.init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu"), torch.relu))
    print("xavier", depth_stats(lambda w: nn.init.xavier_uniform_(w, gain=nn.init.calculate_gain("tanh")), torch.tanh))
    print("eye", depth_stats(nn.init.eye_, torch.relu)[:2])
    conv = nn.Conv2d(2, 2, 3, padding=1, bias=False)
    nn.init.dirac_(conv.weight)
    img = torch.randn(1, 2, 4, 4)
    print(torch.equal(conv(img), img))
    sparse = nn.init.sparse_(torch.empty(6, 3), sparsity=0.5)
    print((sparse == 0).sum(0))
""")

prog("convolution_by_hand_with_unfold", """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(6)
    img = torch.randn(1, 2, 5, 5, requires_grad=True)
    conv = nn.Conv2d(2, 3, 3, stride=1, padding=1)
    cols = F.unfold(img, 3, padding=1)
    print(cols.shape, cols.grad_fn.name())
    manual = (conv.weight.view(3, -1) @ cols + conv.bias.view(1, 3, 1)).view(1, 3, 5, 5)
    auto = conv(img)
    print(torch.allclose(manual, auto, atol=1e-6), auto.grad_fn.name(), manual.grad_fn.name())
    g1, = torch.autograd.grad(manual.sum(), img)
    g2, = torch.autograd.grad(auto.sum(), img)
    print(torch.allclose(g1, g2, atol=1e-6))
    print(F.fold(cols, (5, 5), 3, padding=1)[0, 0])
    patches = nn.Unfold(kernel_size=2, stride=2)(img)
    print(patches.shape, nn.Fold((4, 4), 2, stride=2)(patches[..., :4]).shape)
    pooled, idx = nn.MaxPool2d(2, return_indices=True)(img)
    print(idx[0, 0], pooled.grad_fn.name())
""")

prog("gated_and_randomised_activations", """
    import torch
    import torch.nn as nn
    torch.manual_seed(7)
    glu_net = nn.Sequential(nn.Linear(3, 8), nn.GLU(), nn.Linear(4, 1))
    print(glu_net)
    x = torch.randn(5, 3)
    out = glu_net(x)
    print(out.squeeze(1), out.grad_fn.name(), glu_net[1](glu_net[0](x)).grad_fn.name())
    rrelu = nn.RReLU(0.1, 0.3)
    h = torch.tensor([[-1.0, 2.0, -3.0, 0.5]], requires_grad=True)
    y_train = rrelu(h)
    y_train.sum().backward()
    print(rrelu, y_train, h.grad)
    rrelu.eval()
    print(rrelu(h), rrelu.training)
    print(nn.CELU(2.0)(h), nn.SELU()(h), nn.Hardshrink(1.0)(h), nn.Softshrink(1.0)(h))
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
