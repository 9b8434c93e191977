"""Issue 31's course after the basics, as students write it: six programs, each mixing
several of the issue's names (data loaders, schedulers, gradient clipping, checkpoints,
module hooks, ``torch.func``, forward-mode AD, inference mode ...), run under torch and
under the engine, transcripts compared exactly. Losses are printed to four decimals, as a
student prints them."""
import parity

P, prog = parity.table()

prog("regression_loader_onecycle_clip_checkpoint", """
    import io
    from torch.utils.data import DataLoader, TensorDataset
    torch.manual_seed(0)
    X = torch.linspace(-2, 2, 40).unsqueeze(1)
    Y = torch.sin(2 * X) + 0.1 * torch.randn(40, 1)
    loader = DataLoader(TensorDataset(X, Y), batch_size=8, shuffle=True, drop_last=True,
                        generator=torch.Generator().manual_seed(1))
    def make():
        return torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    model = make()
    opt = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.05, total_steps=3 * len(loader))
    for epoch in range(3):
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
            opt.step()
            sched.step()
            total += loss.item()
        print(f"epoch {epoch} loss {total / len(loader):.4f} norm {norm:.4f} "
              f"lr {sched.get_last_lr()[0]:.6f}")
    buf = io.BytesIO()
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(),
                "sched": sched.state_dict(), "epoch": 3}, buf)
    buf.seek(0)
    ckpt = torch.load(buf)
    clone = make()
    clone.load_state_dict(ckpt["model"])
    opt2 = torch.optim.AdamW(clone.parameters(), lr=0.01, weight_decay=0.01)
    opt2.load_state_dict(ckpt["opt"])
    print(sorted(ckpt), ckpt["epoch"], sorted(ckpt["sched"])[:4])
    print(torch.equal(clone(X), model(X)), opt2.state_dict()["param_groups"][0]["lr"])
    print(list(ckpt["opt"]["state"][0]), ckpt["opt"]["state"][0]["step"])
""")

prog("text_classifier_hooks_plateau_split", """
    from torch.utils.data import DataLoader, TensorDataset, random_split
    import torch.nn.modules.module as M
    torch.manual_seed(0)
    class Bag(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = torch.nn.Embedding(10, 4, padding_idx=0)
            self.norm = torch.nn.LayerNorm(4)
            self.out = torch.nn.Linear(4, 3)
        def forward(self, ids):
            return self.out(self.norm(self.emb(ids).mean(1)))
    ids = torch.randint(0, 10, (24, 5))
    labels = ids.sum(1) % 3
    train, val = random_split(TensorDataset(ids, labels), [18, 6],
                              generator=torch.Generator().manual_seed(2))
    model = Bag()
    stats, grads, calls = [], [], {"n": 0}
    model.norm.register_forward_hook(lambda m, i, o: stats.append(round(o.std().item(), 3)))
    model.out.register_full_backward_hook(
        lambda m, gi, go: grads.append(round(go[0].abs().sum().item(), 3)))
    handle = M.register_module_forward_pre_hook(lambda m, a: calls.update(n=calls["n"] + 1))
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.1)
    opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=0)
    for epoch in range(4):
        for xb, yb in DataLoader(train, batch_size=6, shuffle=True):
            opt.zero_grad()
            loss_fn(model(xb), yb).backward()
            torch.nn.utils.clip_grad_value_(model.parameters(), 0.5)
            opt.step()
        with torch.no_grad():
            xv, yv = next(iter(DataLoader(val, batch_size=6)))
            val_loss = loss_fn(model(xv), yv)
        plateau.step(val_loss)
        print(epoch, f"{val_loss.item():.4f}", opt.param_groups[0]["lr"])
    handle.remove()
    print(len(stats), stats[:3], len(grads), calls["n"], model.emb.weight[0])
    print(model.emb.weight.grad[0], plateau.state_dict()["num_bad_epochs"])
""")

prog("per_sample_gradients_with_torch_func", """
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # (torch.jit's, on first use)
    from torch.func import functional_call, grad, vmap, jacrev, jacfwd, hessian, vjp, jvp
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    params = {k: v.detach() for k, v in model.named_parameters()}
    x, y = torch.randn(5, 3), torch.randn(5, 1)
    def loss(p, xi, yi):
        out = functional_call(model, p, (xi.unsqueeze(0),))
        return torch.nn.functional.mse_loss(out, yi.unsqueeze(0))
    per_sample = vmap(grad(loss), in_dims=(None, 0, 0))(params, x, y)
    print({k: tuple(v.shape) for k, v in per_sample.items()})
    mean_grad = {k: v.mean(0) for k, v in per_sample.items()}
    model.zero_grad()
    torch.nn.functional.mse_loss(model(x), y).backward()
    for k, p in model.named_parameters():
        print(k, torch.allclose(mean_grad[k], p.grad, atol=1e-6))
    f = lambda v: (v ** 3).sum() + v.prod()
    v = torch.tensor([1.0, 2.0, 0.5])
    print(jacrev(f)(v), jacfwd(f)(v), hessian(f)(v))
    out, pull = vjp(torch.sin, v)
    print(out, pull(torch.ones(3)))
    print(jvp(torch.exp, (v,), (torch.tensor([1.0, 0.0, 0.0]),)))
    w = v.clone().requires_grad_()
    rows, = torch.autograd.grad(w.sin(), w, torch.eye(3), is_grads_batched=True)
    print(rows)
""")

prog("forward_ad_and_autograd_hooks", """
    import torch.autograd.forward_ad as fwAD
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Sigmoid(), torch.nn.Linear(3, 1))
    x = torch.tensor([[0.5, -1.0], [2.0, 0.25]])
    direction = torch.tensor([[1.0, 0.0], [0.0, 1.0]])
    with fwAD.dual_level():
        out = net(fwAD.make_dual(x, direction))
        primal, tangent = fwAD.unpack_dual(out)
    print(primal, tangent.detach())
    xr = x.clone().requires_grad_()
    y = net(xr)
    g, = torch.autograd.grad(y, xr, torch.ones_like(y), create_graph=True)
    print(torch.allclose((g * direction).sum(1, keepdim=True), tangent, atol=1e-6))
    packed = []
    def pack(t):
        packed.append(tuple(t.shape))
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = (net(xr) ** 2).mean()
    print(packed)
    def sgd_step(p):
        with torch.no_grad():
            p -= 0.1 * p.grad
        p.grad = None
    for p in net.parameters():
        p.register_post_accumulate_grad_hook(sgd_step)
    before = net[0].weight.clone()
    loss.backward()
    print(net[0].weight - before, net[0].weight.grad)
    with torch.autograd.detect_anomaly():
        z = torch.tensor([0.0, 1.0], requires_grad=True)
        try:
            (z.sqrt() * 0).sum().backward()
            print(z.grad)
        except RuntimeError as e:
            print("anomaly:", str(e).splitlines()[0])
""")

prog("tiny_cnn_weighted_sampler_warm_restarts_file_checkpoint", """
    import os, tempfile
    from torch.utils.data import DataLoader, TensorDataset, WeightedRandomSampler
    from torch.nn.utils import parameters_to_vector, vector_to_parameters
    torch.manual_seed(0)
    images = (torch.rand(16, 1, 6, 6) * 4).round() / 4
    labels = (images[:, 0, :3].sum((1, 2)) > images[:, 0, 3:].sum((1, 2))).long()
    weights = torch.where(labels == 1, 2.0, 1.0)
    sampler = WeightedRandomSampler(weights, num_samples=16, replacement=True,
                                    generator=torch.Generator().manual_seed(3))
    loader = DataLoader(TensorDataset(images, labels), batch_size=4, sampler=sampler)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(1, 2, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(2, 2))
    torch.nn.init.kaiming_uniform_(model[0].weight, nonlinearity="relu")
    opt = torch.optim.RAdam(model.parameters(), lr=0.05)
    sched = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=2)
    for epoch in range(4):
        seen = []
        for xb, yb in loader:
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            seen += yb.tolist()
        sched.step()
        print(epoch, f"{loss.item():.4f}", sum(seen), f"{sched.get_last_lr()[0]:.5f}")
    print(model[0].weight.grad.shape, model(images[:2]).grad_fn)
    vec = parameters_to_vector(model.parameters())
    print(vec.shape, vec.grad_fn)
    path = os.path.join(tempfile.mkdtemp(), "cnn.pt")
    torch.save(model.state_dict(), path)
    state = torch.load(path, weights_only=True)
    print(list(state), state["0.weight"].shape)
    vector_to_parameters(torch.zeros_like(vec), model.parameters())
    print(model[5].bias)
    model.load_state_dict(state)
    print(torch.equal(parameters_to_vector(model.parameters()), vec))
""")

prog("sequence_model_warmup_inference_and_small_names", """
    torch.manual_seed(0)
    seq = torch.sin(torch.arange(0, 24, dtype=torch.float32) / 3).reshape(4, 6, 1)
    lstm = torch.nn.LSTM(1, 4, batch_first=True)
    head = torch.nn.Linear(4, 1)
    params = list(lstm.parameters()) + list(head.parameters())
    opt = torch.optim.NAdam(params, lr=0.02)
    warm = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=2)
    decay = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    sched = torch.optim.lr_scheduler.SequentialLR(opt, [warm, decay], milestones=[2])
    for step in range(5):
        opt.zero_grad()
        out, (h, c) = lstm(seq[:, :-1])
        loss = torch.nn.functional.mse_loss(head(out), seq[:, 1:])
        loss.backward()
        total = torch.nn.utils.clip_grad_norm_(params, 0.5, error_if_nonfinite=True)
        opt.step()
        sched.step()
        print(step, f"{loss.item():.4f}", f"{total.item():.4f}", round(sched.get_last_lr()[0], 6))
    with torch.inference_mode():
        pred, _ = lstm(seq)
        pred = head(pred)
    print(pred.is_inference(), pred.requires_grad, pred.shape)
    try:
        (pred * head.weight).sum()
    except RuntimeError as e:
        print(str(e)[:60])
    codes = torch.div((pred.clone() * 10).round(), 3, rounding_mode="floor").long()
    print(codes.flatten()[:8], torch.mode(codes.flatten()))
    print(torch.round(pred[0, :3, 0], decimals=2), pred.clone().ravel().shape)
    print(torch.result_type(codes, 2.5), torch.promote_types(torch.int32, torch.float16))
    bad = [torch.nn.Parameter(torch.ones(2))]
    bad[0].grad = torch.tensor([float("inf"), 1.0])
    try:
        torch.nn.utils.clip_grad_norm_(bad, 1.0, error_if_nonfinite=True)
    except RuntimeError as e:
        print(str(e)[:70])
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
