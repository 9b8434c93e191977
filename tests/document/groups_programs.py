"""Programs training with an optimizer of several parameter groups (issue 32: the most
frequent reason a training program was still recorded): a backbone and a head at two
learning rates, no weight decay on biases (``named_parameters()`` filters), per-group
``weight_decay``, ``betas`` and ``alpha`` with SGD / Adam / AdamW / RMSprop, layer-wise
learning rates from a comprehension, ``opt.param_groups[1]['lr']`` read, printed and set
by hand, ``opt.add_param_group``, schedulers over several groups (StepLR, LambdaLR with a
list of lambdas, OneCycleLR with a list of ``max_lr``, CosineAnnealingLR,
ReduceLROnPlateau), ``scheduler.get_last_lr()`` printed, ``opt.state_dict()
['param_groups']`` and ``print(opt)``. ``PROGRAMS``: name -> source;
``tests/document/test_trace_groups.py`` opens each and runs its export under torch."""
import textwrap

PROGRAMS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")


program("sgd_body_head_momentum", """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
            self.head = nn.Linear(8, 1)

        def forward(self, x):
            return self.head(self.body(x))

    model = Net()
    opt = torch.optim.SGD([{'params': model.body.parameters()},
                           {'params': model.head.parameters(), 'lr': 1e-3}],
                          lr=0.1, momentum=0.9)
    X = torch.randn(16, 4)
    y = X.sum(dim=1, keepdim=True)
    for epoch in range(8):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: loss {loss.item():.5f}")
    print("lrs:", [g["lr"] for g in opt.param_groups])
    print(model.head.weight)
""")

program("adamw_no_decay_on_biases", """
    import torch
    import torch.nn as nn

    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(5, 6), nn.Tanh(), nn.Linear(6, 2))
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        (no_decay if name.endswith("bias") else decay).append(p)
    opt = torch.optim.AdamW([{'params': decay, 'weight_decay': 1e-4},
                             {'params': no_decay, 'weight_decay': 0.0}], lr=0.01)
    print(len(decay), "tensors decay,", len(no_decay), "do not")
    X = torch.randn(20, 5)
    target = torch.randint(0, 2, (20,))
    for step in range(10):
        loss = nn.functional.cross_entropy(model(X), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 3 == 0:
            print(step, round(loss.item(), 5))
    print(opt.state_dict()['param_groups'])
    print(model[2].bias)
""")

program("adam_per_group_lr_and_betas", """
    import torch

    torch.manual_seed(2)
    w = torch.randn(3, 2, requires_grad=True)
    b = torch.zeros(2, requires_grad=True)
    scale = torch.ones(1, requires_grad=True)
    opt = torch.optim.Adam([
        {"params": [w, b]},
        {"params": [scale], "lr": 0.05, "betas": (0.8, 0.99), "weight_decay": 0.01},
    ], lr=0.02)
    x = torch.randn(12, 3)
    t = torch.randn(12, 2)
    for i in range(12):
        pred = scale * (x @ w + b)
        loss = ((pred - t) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", loss.item())
    print("w", w)
    print("scale", scale)
    for i, g in enumerate(opt.param_groups):
        print(i, g["lr"], g["betas"], g["weight_decay"])
""")

program("rmsprop_groups_alpha", """
    import torch
    import torch.nn as nn

    torch.manual_seed(3)
    enc = nn.Linear(6, 3)
    dec = nn.Linear(3, 6)
    opt = torch.optim.RMSprop([{"params": enc.parameters(), "alpha": 0.9},
                               {"params": dec.parameters(), "lr": 0.001, "momentum": 0.5}],
                              lr=0.005)
    data = torch.randn(32, 6)
    for epoch in range(6):
        recon = dec(torch.relu(enc(data)))
        loss = ((recon - data) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"{epoch} {loss.item():.6f}")
    print(dec.bias)
""")

program("steplr_two_groups_get_last_lr", """
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    features = nn.Linear(3, 5)
    classifier = nn.Linear(5, 3)
    opt = torch.optim.SGD([{"params": features.parameters(), "lr": 0.01},
                           {"params": classifier.parameters()}], lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    X = torch.randn(30, 3)
    y = torch.randint(0, 3, (30,))
    for epoch in range(6):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(classifier(torch.relu(features(X))), y)
        loss.backward()
        opt.step()
        sched.step()
        print(epoch, f"{loss.item():.4f}", sched.get_last_lr())
    print(features.weight)
""")

program("cosine_two_groups_weight_decay", """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    net = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
    params = list(net.parameters())
    opt = torch.optim.SGD([{"params": params[:2], "weight_decay": 5e-4},
                           {"params": params[2:]}], lr=0.05)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10, eta_min=0.001)
    x = torch.rand(64, 2) * 4 - 2
    y = (x[:, :1] * x[:, 1:]).sin()
    for step in range(10):
        loss = nn.functional.mse_loss(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
    print("final loss", loss.item())
    print("lrs", sched.get_last_lr())
    print(net[2].weight)
""")

program("plateau_two_groups", """
    import torch

    torch.manual_seed(6)
    a = torch.randn(4, requires_grad=True)
    c = torch.randn(1, requires_grad=True)
    opt = torch.optim.SGD([{"params": [a]}, {"params": [c], "lr": 0.5}], lr=0.2)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
    x = torch.linspace(-1, 1, 9)
    target = 2 * x ** 3 - x + 0.5
    for epoch in range(10):
        pred = a[0] * x ** 3 + a[1] * x ** 2 + a[2] * x + a[3] + c
        loss = ((pred - target) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step(loss)
        print(epoch, round(loss.item(), 4), [g["lr"] for g in opt.param_groups])
    print(a, c)
""")

program("lambdalr_one_lambda_per_group", """
    import torch
    import torch.nn as nn

    torch.manual_seed(7)
    base = nn.Linear(4, 4)
    top = nn.Linear(4, 1)
    opt = torch.optim.Adam([{"params": base.parameters()},
                            {"params": top.parameters(), "lr": 0.01}], lr=0.001)
    warm = lambda epoch: min(1.0, (epoch + 1) / 3)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda=[warm, lambda epoch: 0.9 ** epoch])
    X = torch.randn(10, 4)
    y = torch.randn(10, 1)
    for epoch in range(6):
        loss = ((top(torch.tanh(base(X))) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        print(epoch, f"{loss.item():.5f}", [f"{lr:.5f}" for lr in sched.get_last_lr()])
    print(top.weight)
""")

program("onecycle_max_lr_per_group", """
    import torch
    import torch.nn as nn

    torch.manual_seed(8)
    model = nn.Sequential(nn.Linear(3, 6), nn.GELU(), nn.Linear(6, 1))
    opt = torch.optim.SGD([{"params": model[0].parameters()},
                           {"params": model[2].parameters()}], lr=0.01, momentum=0.9)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=[0.05, 0.2], total_steps=8)
    X = torch.randn(16, 3)
    y = X[:, :1] - X[:, 1:2]
    for step in range(8):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        sched.step()
        print(step, f"{loss.item():.5f}", [round(lr, 5) for lr in sched.get_last_lr()])
    print(model[0].bias)
""")

program("head_lr_cut_by_hand", """
    import torch
    import torch.nn as nn

    torch.manual_seed(9)
    backbone = nn.Linear(4, 6)
    head = nn.Linear(6, 2)
    opt = torch.optim.SGD([{"params": backbone.parameters(), "lr": 0.01},
                           {"params": head.parameters(), "lr": 0.1}], momentum=0.9)
    X = torch.randn(24, 4)
    y = torch.randint(0, 2, (24,))

    def train(steps):
        for _ in range(steps):
            opt.zero_grad()
            loss = nn.functional.cross_entropy(head(torch.relu(backbone(X))), y)
            loss.backward()
            opt.step()
        return loss

    loss = train(4)
    print("before:", loss.item(), opt.param_groups[1]["lr"])
    opt.param_groups[1]["lr"] *= 0.1
    loss = train(4)
    print("after:", loss.item(), opt.param_groups[1]["lr"])
    print(head.weight)
""")

program("layerwise_lr_decay_comprehension", """
    import torch
    import torch.nn as nn

    torch.manual_seed(10)
    layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
    groups = [{"params": layer.parameters(), "lr": 0.1 * 0.5 ** i}
              for i, layer in enumerate(layers)]
    opt = torch.optim.SGD(groups, lr=0.1)
    print([g["lr"] for g in opt.param_groups])
    x = torch.randn(8, 4)
    target = torch.randn(8, 4)
    for step in range(5):
        h = x
        for layer in layers:
            h = torch.tanh(layer(h))
        loss = ((h - target) ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"loss {loss.item():.4f}")
    print(layers[0].weight)
    print(opt)
""")

program("add_param_group_to_unfreeze", """
    import torch
    import torch.nn as nn

    torch.manual_seed(11)
    backbone = nn.Linear(3, 4)
    head = nn.Linear(4, 1)
    opt = torch.optim.Adam(head.parameters(), lr=0.01)
    X = torch.randn(12, 3)
    y = torch.randn(12, 1)
    for step in range(3):
        loss = ((head(torch.relu(backbone(X))) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("head only:", loss.item())
    opt.add_param_group({"params": backbone.parameters(), "lr": 0.001})
    print(len(opt.param_groups), "groups")
    for step in range(3):
        loss = ((head(torch.relu(backbone(X))) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("all:", loss.item())
    print(backbone.weight)
""")

program("one_dict_group_and_nesterov", """
    import torch

    torch.manual_seed(12)
    w = torch.randn(5, requires_grad=True)
    opt = torch.optim.SGD([{"params": [w], "lr": 0.05, "nesterov": True}], lr=0.5,
                          momentum=0.8)
    for step in range(6):
        loss = (w ** 4).sum() + (w - 1).abs().sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())
    print(w)
    print(opt.param_groups[0]["nesterov"], opt.param_groups[0]["lr"])
""")

program("every_group_decayed_each_epoch", """
    import torch
    import torch.nn as nn

    torch.manual_seed(13)
    model = nn.Sequential(nn.Linear(2, 3), nn.Sigmoid(), nn.Linear(3, 1))
    opt = torch.optim.SGD([{"params": model[0].parameters(), "lr": 0.2},
                           {"params": model[2].parameters(), "lr": 0.4}])
    X = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
    y = torch.tensor([[0.], [1.], [1.], [0.]])
    for step in range(6):
        loss = nn.functional.binary_cross_entropy_with_logits(model(X), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("first", loss.item())
    for g in opt.param_groups:
        g["lr"] = 0.05
    for step in range(6):
        loss = nn.functional.binary_cross_entropy_with_logits(model(X), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("then", loss.item(), [g["lr"] for g in opt.param_groups])
    print(model[0].weight)
""")
