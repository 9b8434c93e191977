"""``torch.nn`` prints and computes as PyTorch's: ``Parameter``, ``Module`` (registration,
traversal, state_dict round trips and their errors, train/eval, zero_grad, forward hooks,
the repr), ``Linear`` (torch's initial weights from the seed, AddmmBackward0 and the
flattened paths for other inputs, its errors), the containers, activations and losses,
and whole training loops (programs run under torch and under the engine, transcripts
compared exactly)."""
import parity

P, prog = parity.table()

prog("parameters", """
    import torch.nn as nn
    d = torch.ones(3)
    p = nn.Parameter(d)
    d.add_(1)
    print(p, p._version, p.is_leaf, p.grad_fn, p.requires_grad)
    print(type(p).__name__, type(p * 2).__name__, type(p.detach()).__name__,
          type(p.data).__name__, isinstance(p, torch.Tensor))
    with torch.no_grad():
        print(type(p.add_(1)).__name__, p)
    print(nn.Parameter())
    print(nn.Parameter(torch.ones(2), requires_grad=False))
    print(nn.Parameter(torch.tensor([1, 2]), requires_grad=False))
    print(f"{p}", str(p) == repr(p))
    q = nn.Parameter(torch.tensor([1.0, -2.0]))
    y = (q * q).sum()
    y.backward()
    print(y, q.grad, q + 1, q @ q)
    import copy
    r = copy.deepcopy(q)
    print(type(r).__name__, r, r.grad, r is q)
    try:
        q.add_(1)
    except RuntimeError as e:
        print(e)
    nn.Parameter(torch.tensor([1, 2]))
""")

prog("linear_initialisation_and_paths", """
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
    lin = nn.Linear(2, 1)
    print(lin, lin.weight, lin.bias)
    big = nn.Linear(5, 3)
    print(big.weight, big.bias)
    nob = nn.Linear(3, 2, bias=False)
    print(nob, nob.bias, nob.weight)
    dbl = nn.Linear(2, 2, dtype=torch.float64)
    print(dbl.weight.dtype, dbl.bias)
    torch.manual_seed(1)
    lin = nn.Linear(3, 2)
    names = lambda t: [type(f).__name__ if f is not None else None
                       for f, _ in t.grad_fn.next_functions]
    for x in (torch.ones(4, 3, requires_grad=True), torch.ones(3, requires_grad=True),
              torch.ones(2, 4, 3, requires_grad=True),
              torch.ones(3, 4, requires_grad=True).t(),
              torch.ones(2, 3, 4, requires_grad=True).transpose(1, 2)):
        y = lin(x)
        print(tuple(y.shape), y.grad_fn, names(y))
        y.sum().backward()
        print(x.grad.shape, lin.weight.grad, lin.bias.grad)
        lin.zero_grad()
    for x in (torch.ones(4, 3), torch.ones(3)):
        y = nob(x)
        print(y, y.grad_fn, names(y))
    print(lin(torch.tensor([[1.0, 2.0, 3.0]])))
    for bad in ("lin(torch.ones(3, 4))", "lin(torch.ones(4))", "lin(torch.ones(2, dtype=torch.float64))",
                "lin(torch.ones(5, 3, dtype=torch.float64))", "lin(torch.tensor(1.0))",
                "lin(torch.ones(2, 3, dtype=torch.long))", "nob(torch.ones(3, dtype=torch.float64))",
                "F.linear(torch.ones(4, 3), lin.weight, torch.ones(3))",
                "F.linear(torch.ones(4, 3), lin.weight, torch.ones(2, dtype=torch.float64))"):
        try:
            eval(bad)
        except RuntimeError as e:
            print(bad, "->", e)
    print(F.linear(torch.ones(2, 3), torch.ones(4, 3)), F.linear(torch.ones(3), torch.ones(4, 3), torch.ones(4)))
""")

prog("init", """
    import torch.nn as nn
    init = nn.init
    print([init.calculate_gain(n) for n in ("linear", "conv2d", "sigmoid", "tanh", "relu",
                                            "leaky_relu", "selu")],
          init.calculate_gain("leaky_relu", 0.2))
    torch.manual_seed(0)
    w = torch.empty(3, 4)
    print(init.uniform_(w), init.uniform_(w, -2, 2), init.normal_(w), init.normal_(w, 1.0, 0.1))
    print(init.constant_(w, 0.5), init.ones_(w), init.zeros_(w))
    print(init.xavier_uniform_(w), init.xavier_uniform_(w, gain=init.calculate_gain("tanh")))
    print(init.xavier_normal_(w), init.xavier_normal_(w, gain=2.0))
    print(init.kaiming_uniform_(w), init.kaiming_uniform_(w, a=0.1, mode="fan_out"))
    print(init.kaiming_normal_(w, nonlinearity="relu"),
          init.kaiming_normal_(torch.empty(2, 3, 4), mode="fan_out"))
    p = nn.Parameter(torch.empty(2, 2))
    print(init.normal_(p), p.grad_fn, p.requires_grad)
    print(init.kaiming_uniform_(torch.empty(0, 3)), init.kaiming_normal_(torch.empty(3, 0)))
    print(nn.Linear(0, 2))
    for bad in ("init.xavier_uniform_(torch.empty(3))", "init.kaiming_uniform_(torch.empty(3))",
                "init.kaiming_uniform_(w, mode='fan')", "init.calculate_gain('relu6')",
                "init.calculate_gain('leaky_relu', 'x')"):
        try:
            eval(bad)
        except ValueError as e:
            print(bad, "->", e)
""")

prog("modules_registration_and_traversal", """
    import torch.nn as nn
    import torch.nn.functional as F
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(3, 4)
            self.act = nn.Tanh()
            self.fc2 = nn.Linear(4, 1)
            self.scale = nn.Parameter(torch.tensor(2.0))
            self.register_buffer("steps", torch.zeros(1))
            self.note = "plain attribute"

        def forward(self, x):
            return self.fc2(self.act(self.fc1(x))) * self.scale

    torch.manual_seed(0)
    net = Net()
    print(net)
    print([n for n, _ in net.named_parameters()], len(list(net.parameters())))
    print([n for n, _ in net.named_modules()], [type(m).__name__ for m in net.children()])
    print([n for n, _ in net.named_buffers()], net.note, net.steps)
    print(list(net.state_dict().keys()))
    print(net.state_dict()["scale"], net.state_dict(keep_vars=True)["scale"])
    print(net.fc1.weight.shape, net.get_parameter("fc2.bias"), net.get_submodule("fc1"))
    y = net(torch.ones(2, 3))
    print(y, y.grad_fn)
    y.sum().backward()
    print(net.scale.grad, net.fc2.bias.grad)
    net.zero_grad()
    print(net.scale.grad, net.fc2.bias.grad)
    y = net(torch.ones(2, 3)); y.sum().backward()
    net.zero_grad(set_to_none=False)
    print(net.scale.grad, net.fc1.bias.grad)
    print(net.training, net.fc1.training, net.eval().training, net.fc1.training,
          net.train().fc2.training)
    net.requires_grad_(False)
    print([p.requires_grad for p in net.parameters()], net(torch.ones(1, 3)).requires_grad)
    net.requires_grad_()
    sd = net.state_dict()
    other = Net()
    print(other.load_state_dict(sd), other.fc1.weight.equal(net.fc1.weight))
    print(other.load_state_dict({"scale": torch.tensor(3.0)}, strict=False), other.scale)
    for bad in ({"fc1.weight": torch.ones(2, 2)}, dict(sd, extra=torch.ones(1)),
                dict(sd, **{"fc1.weight": torch.ones(4, 2)}), dict(sd, scale=5)):
        try:
            other.load_state_dict(bad)
        except RuntimeError as e:
            print(e)
    del net.fc2
    print(net, hasattr(net, "fc2"))
    try:
        net.scale = torch.ones(1)
    except TypeError as e:
        print(e)
    try:
        net.fc1 = 3
    except TypeError as e:
        print(e)
    try:
        net.missing
    except AttributeError as e:
        print(e)
    try:
        net.steps = 4
    except TypeError as e:
        print(e)
    try:
        net.register_parameter("a.b", None)
    except KeyError as e:
        print(e)
    try:
        net.register_parameter("w", torch.ones(1))
    except TypeError as e:
        print(e)
    try:
        net.train("yes")
    except ValueError as e:
        print(e)

    class Early(nn.Module):
        def __init__(self):
            self.w = nn.Parameter(torch.ones(1))
    try:
        Early()
    except AttributeError as e:
        print(e)
    try:
        nn.Module()(1)
    except NotImplementedError as e:
        print(e)
    print(nn.Module(), nn.Identity(), nn.Identity()(torch.ones(2)))
""")

prog("hooks", """
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
    lin = nn.Linear(2, 2)
    seen = []
    h1 = lin.register_forward_pre_hook(lambda m, args: seen.append(("pre", args[0].shape)))
    h2 = lin.register_forward_hook(lambda m, args, out: out * 10)
    h3 = lin.register_forward_pre_hook(lambda m, args: (args[0] * 0,))
    print(lin(torch.ones(1, 2)), seen)
    h3.remove()
    print(lin(torch.ones(1, 2)))
    h2.remove(); h1.remove()
    print(lin(torch.ones(1, 2)), len(seen))
    h = lin.register_forward_hook(lambda m, args, kwargs, out: out + 1, with_kwargs=True)
    print(lin(torch.ones(1, 2)))
    h.remove()
    with lin.register_forward_hook(lambda m, a, o: o.sum()):
        print(lin(torch.ones(1, 2)))
    print(lin(torch.ones(1, 2)))
""")

prog("containers_and_activations", """
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1), nn.Sigmoid())
    print(model, len(model), model[0], model[-1])
    print(model[1:], model[::2])
    print([type(m).__name__ for m in model])
    x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    y = model(x)
    print(y, y.grad_fn)
    model.append(nn.Identity())
    model[4] = nn.Tanh()
    print(model)
    del model[4]
    print(len(model))
    layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
    layers.append(nn.ReLU())
    print(layers, len(layers), layers[-1], layers[0:2])
    layers.insert(1, nn.Tanh())
    print([type(m).__name__ for m in layers])
    layers.extend([nn.Sigmoid()])
    print(nn.ModuleList(), [n for n, _ in layers.named_parameters()][:4])
    print(nn.ReLU(inplace=True), nn.Softmax(dim=1), nn.LogSoftmax(1), nn.Flatten(),
          nn.Flatten(0, 1), nn.Tanh(), nn.Sigmoid())
    z = torch.tensor([[-1.0, 2.0, 0.5]], requires_grad=True)
    for m in (nn.ReLU(), nn.Tanh(), nn.Sigmoid(), nn.Softmax(dim=1), nn.LogSoftmax(dim=-1),
              nn.Flatten(0), nn.Identity()):
        print(m, m(z))
    t = z * 1
    print(nn.ReLU(inplace=True)(t), t)
    print(nn.Flatten()(torch.ones(2, 3, 4, requires_grad=True)).grad_fn)
    try:
        model[7]
    except IndexError as e:
        print(e)
    try:
        layers[9]
    except IndexError as e:
        print(e)
""")

prog("legacy_reduction_arguments", """
    import torch.nn as nn
    import torch.nn.functional as F
    import warnings
    warnings.simplefilter("always")
    x = torch.tensor([[0.2, 0.8], [0.6, 0.4]], requires_grad=True)
    p = torch.tensor([[0.3, 0.7], [0.9, 0.2]])
    k = torch.tensor([1, 0])
    for sa, r in ((None, None), (False, None), (None, False), (True, True), (False, True), (True, False)):
        print(sa, r, F.nll_loss(x, k, size_average=sa, reduce=r),
              F.cross_entropy(x, k, size_average=sa, reduce=r),
              F.mse_loss(x, p, size_average=sa, reduce=r), F.l1_loss(x, p, size_average=sa, reduce=r),
              F.binary_cross_entropy(x, p, size_average=sa, reduce=r),
              F.binary_cross_entropy_with_logits(x, p, size_average=sa, reduce=r),
              F.smooth_l1_loss(x, p, size_average=sa, reduce=r))
        m = nn.MSELoss(size_average=sa, reduce=r)
        print(m, m.reduction, nn.NLLLoss(size_average=sa, reduce=r)(x, k),
              nn.CrossEntropyLoss(reduce=r, size_average=sa).reduction)
    print(F.mse_loss(x, p, size_average=True, reduction="sum"))
    try:
        F.mse_loss(x, p, reduction="average")
    except ValueError as e:
        print(e)
    print(F.mse_loss(x, p, reduction="average", reduce=True))
""")

prog("losses", """
    import torch.nn as nn
    import torch.nn.functional as F
    import warnings
    warnings.simplefilter("always")
    a = torch.tensor([[1.0, 2.0], [3.0, 4.5]], requires_grad=True)
    t = torch.tensor([[0.5, 2.0], [1.0, 5.0]])
    for red in ("mean", "sum", "none"):
        for loss in (nn.MSELoss(reduction=red), nn.L1Loss(reduction=red)):
            out = loss(a, t)
            print(loss, red, out)
            (out.sum() if red == "none" else out).backward()
            print(a.grad)
            a.grad = None
    print(F.mse_loss(a, t), F.l1_loss(a, t), F.mse_loss(a, t, reduction="sum"))
    print(F.mse_loss(a, torch.zeros(2)))
    print(F.mse_loss(torch.ones(2, requires_grad=True), torch.zeros(3, 2)).grad_fn.next_functions[0][0])
    print(F.l1_loss(a, torch.zeros(2)))
    for bad in ("F.mse_loss(a, t, reduction='avg')", "nn.L1Loss(reduction='x')(a, t)",
                "F.mse_loss(a, torch.zeros(3))"):
        try:
            eval(bad)
        except (RuntimeError, ValueError) as e:
            print(bad, "->", type(e).__name__, e)
    g, = torch.autograd.grad(F.mse_loss(a, t), a, create_graph=True)
    print(g)
    logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]], requires_grad=True)
    target = torch.tensor([0, 2])
    for loss in (nn.CrossEntropyLoss(), nn.CrossEntropyLoss(reduction="sum"),
                 nn.NLLLoss(), nn.CrossEntropyLoss(ignore_index=2)):
        print(loss, loss(logits, target))
    print(nn.NLLLoss()(torch.log_softmax(logits, 1), target), nn.MSELoss().reduction)
""")

prog("training_loops", """
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
    X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    Y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
    model = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1), nn.Sigmoid())
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    loss_fn = nn.MSELoss()
    for epoch in range(60):
        opt.zero_grad()
        loss = loss_fn(model(X), Y)
        loss.backward()
        opt.step()
        if epoch % 20 == 0:
            print(epoch, f"{loss.item():.4f}")
    check(loss, *model.parameters())
    torch.manual_seed(3)
    net = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    data = torch.randn(16, 3)
    labels = torch.randint(0, 2, (16,))
    for step in range(30):
        opt.zero_grad()
        loss = F.cross_entropy(net(data), labels)
        loss.backward()
        opt.step()
    print(f"{loss.item():.4f}", opt)
    check(loss, *net.parameters())
    print([k for k in net.state_dict()])
""")

prog("more_activations", """
    import torch.nn as nn
    import torch.nn.functional as F
    import warnings
    warnings.simplefilter("always")
    x = torch.tensor([[-3.0, -1.0, -0.25, 0.0], [0.25, 1.0, 2.5, 30.0]], requires_grad=True)
    mods = (nn.LeakyReLU(), nn.LeakyReLU(0.2), nn.ELU(), nn.ELU(alpha=0.5), nn.GELU(),
            nn.GELU(approximate="tanh"), nn.SiLU(), nn.Softplus(), nn.Softplus(beta=2, threshold=5),
            nn.Hardtanh(), nn.Hardtanh(-2, 2), nn.ReLU6(), nn.LogSigmoid())
    for m in mods:
        y = m(x)
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        gg, = torch.autograd.grad(g.sum(), x)
        print(m, y, g, gg, sep="\n")
        check(y, g, gg)
    for f in (F.leaky_relu, F.elu, F.silu, F.hardtanh, F.relu6, F.relu):
        t = x.detach().clone()
        out = f(t, inplace=True)
        print(f.__name__, out is t, t._version, t)
    t = x * 1
    print(F.relu(t, inplace=True), F.leaky_relu(x, 0.3), F.elu(x, 2.0))
    print(F.softmax(torch.tensor([1.0, 2.0, 3.0])), F.log_softmax(torch.ones(2, 3)))
    print(F.softmax(x, dim=1, dtype=torch.float64))
    for bad in ("F.gelu(x, approximate='fast')", "F.hardtanh(x, 2.0, 1.0)"):
        try:
            eval(bad)
        except (RuntimeError, ValueError) as e:
            print(bad, "->", type(e).__name__, e)
""")

prog("more_losses", """
    import torch.nn as nn
    import torch.nn.functional as F
    import warnings
    warnings.simplefilter("always")
    p = torch.tensor([[0.1, 0.8], [0.5, 0.999]], requires_grad=True)
    t = torch.tensor([[0.0, 1.0], [1.0, 0.5]], requires_grad=True)
    z = torch.tensor([[-2.0, 0.5], [3.0, -40.0]], requires_grad=True)
    for red in ("mean", "sum", "none"):
        for loss, inp in ((nn.BCELoss(reduction=red), p), (nn.BCEWithLogitsLoss(reduction=red), z),
                          (nn.SmoothL1Loss(reduction=red), z), (nn.SmoothL1Loss(reduction=red, beta=0.5), z),
                          (nn.HuberLoss(reduction=red), z), (nn.HuberLoss(reduction=red, delta=2.0), z)):
            out = loss(inp, t)
            gi, gt = torch.autograd.grad(out.sum(), (inp, t))
            print(loss, red, out, gi, gt, sep="\n")
            check(out, gi, gt)
    print(F.binary_cross_entropy(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.0])))
    print(F.smooth_l1_loss(z, t, beta=0.0), F.huber_loss(z, torch.zeros(2)))
    print(nn.BCELoss(), nn.BCEWithLogitsLoss(), nn.SmoothL1Loss(), nn.HuberLoss())
    for bad in ("F.binary_cross_entropy(p, torch.ones(2, 2, 1))", "F.binary_cross_entropy(z, t)",
                "F.binary_cross_entropy_with_logits(z, torch.ones(3))",
                "F.smooth_l1_loss(z, t, beta=-1.0)", "F.huber_loss(z, t, reduction='avg')",
                "F.binary_cross_entropy(p, t, reduction='x')"):
        try:
            eval(bad)
        except (RuntimeError, ValueError) as e:
            print(bad, "->", type(e).__name__, e)
""")

prog("dropout", """
    import torch.nn as nn
    import torch.nn.functional as F
    x = torch.ones(2, 3, requires_grad=True)
    print(F.dropout(x, training=False) is x, F.dropout(x, 0.0) is x)
    torch.manual_seed(0)
    y = F.dropout(x, 0.3)
    y.sum().backward()
    print(y, y.grad_fn, x.grad, torch.rand(2))
    print(F.dropout(x, 1.0), F.dropout(torch.ones(7, dtype=torch.float64), 0.6))
    z = torch.ones(5)
    print(F.dropout(z, 0.25, inplace=True) is z, z, z._version)
    drop = nn.Dropout(0.2)
    print(drop, drop(torch.arange(12.0).view(3, 4)), drop.eval()(torch.ones(2)), drop.training)
    torch.manual_seed(5)
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 1))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data, target = torch.randn(6, 4), torch.randn(6, 1)
    for _ in range(5):
        opt.zero_grad()
        loss = F.mse_loss(net(data), target)
        loss.backward()
        opt.step()
    net.eval()
    print(f"{loss.item():.4f}", net(data).shape, net)
    check(loss, net(data), *net.parameters())
    for bad in ("F.dropout(x, 1.5)", "nn.Dropout(-0.1)"):
        try:
            eval(bad)
        except ValueError as e:
            print(e)
""")

prog("cross_entropy_probabilities_and_label_smoothing", """
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], requires_grad=True)
p = torch.tensor([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]])
k = torch.tensor([2, 0])
for kw in ({}, {"reduction": "sum"}, {"reduction": "none"}, {"label_smoothing": 0.1}, {"label_smoothing": 0.25, "reduction": "none"}):
    for t in (p, k):
        y = F.cross_entropy(x, t, **kw)
        (y.sum() if y.dim() else y).backward()
        print(kw, y, type(y.grad_fn).__name__, x.grad)
        x.grad = None
print(F.cross_entropy(x, torch.tensor([2, -100]), label_smoothing=0.2), F.cross_entropy(x, torch.tensor([-100, -100]), label_smoothing=0.2))
print(F.cross_entropy(x[0], p[0]), F.cross_entropy(x[0], torch.tensor(1), label_smoothing=0.3), F.cross_entropy(x, k, label_smoothing=-0.5))
print(nn.CrossEntropyLoss(label_smoothing=0.05)(x, k), nn.CrossEntropyLoss()(x, p))
img = torch.arange(24.0).reshape(2, 3, 2, 2).requires_grad_()
print(F.cross_entropy(img, torch.softmax(img.detach(), 1)), F.cross_entropy(img, torch.tensor([[[0, 1], [2, 1]], [[1, 1], [0, 2]]]), label_smoothing=0.1))
for bad in ("F.cross_entropy(x, p, ignore_index=1)", "F.cross_entropy(x, p, label_smoothing=1.5)",
            "F.cross_entropy(x, k, label_smoothing=2.0)", "F.cross_entropy(x, p.long())",
            "F.cross_entropy(x, p, reduction='avg')"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")

prog("kl_div_and_softmax_modules_without_dim", """
import torch.nn as nn
import torch.nn.functional as F
import warnings
warnings.simplefilter("always")
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], requires_grad=True)
print(nn.Softmax()(x), nn.LogSoftmax()(x), nn.Softmax(), nn.Softmax(dim=None))
logp = F.log_softmax(x, 1)
q = torch.tensor([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]])
for red in ("batchmean", "sum", "none", "mean"):
    y = F.kl_div(logp, q, reduction=red)
    (y.sum() if y.dim() else y).backward()
    print(red, y, type(y.grad_fn).__name__, x.grad)
    x.grad = None
    logp = F.log_softmax(x, 1)
print(F.kl_div(logp, q.log(), reduction="batchmean", log_target=True), nn.KLDivLoss(reduction="batchmean")(logp, q), nn.KLDivLoss())
print(F.kl_div(logp, torch.tensor([[0.0, 0.5, 0.5], [1.0, 0.0, 0.0]]), reduction="sum"))
""")

prog("embedding", """
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
e = nn.Embedding(5, 3)
print(e, e.weight)
i = torch.tensor([[0, 2], [4, 2]])
y = e(i)
print(y, y.grad_fn, y.shape)
(y * torch.arange(12.0).reshape(2, 2, 3)).sum().backward()
print(e.weight.grad)
w = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
z = F.embedding(torch.tensor([3, 3, 0], dtype=torch.int32), w)
g, = torch.autograd.grad(z.pow(2).sum(), w, create_graph=True)
print(z, g, type(g.grad_fn).__name__)
g.sum().backward()
print(w.grad)
print(torch.embedding(w, torch.tensor(1)), F.embedding(torch.tensor([], dtype=torch.long), w))
print(nn.Embedding(2, 2, _freeze=True).weight.requires_grad)
for bad in ("F.embedding(torch.tensor([0.0]), w)", "F.embedding(torch.tensor([4]), w)",
            "F.embedding(torch.tensor([-1]), w)", "e(torch.tensor([[5]]))"):
    try: print(eval(bad))
    except Exception as ex: print(bad, type(ex).__name__, ex)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
