"""``torch.optim`` prints and updates as PyTorch's: training loops with every option of
SGD, Adam, AdamW, RMSprop and Adagrad (parameters printed to ten digits, so every last bit
shows), the optimizers' reprs, their state and state_dict, load_state_dict round trips,
zero_grad both ways, the version counters in-place updates leave, the learning-rate
schedulers and their warnings, and the errors for bad arguments (programs run under torch
and under the engine, transcripts compared exactly). The tests at the end feed both the
same gradients for 200 steps and compare the parameters to the last bit."""
import numpy as np
import pytest

import parity
from cpu_paths import MKL_GENERIC, assert_torchs_bits

P, prog = parity.table()

prog("sgd_training_loops", """
    torch.manual_seed(0)
    X = torch.randn(8, 3)
    y = torch.randn(8)
    for kw in ({}, {"momentum": 0.9}, {"momentum": 0.9, "nesterov": True},
               {"momentum": 0.5, "dampening": 0.3}, {"weight_decay": 0.01},
               {"momentum": 0.9, "weight_decay": 0.1, "maximize": True}):
        w = torch.randn(3, requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        opt = torch.optim.SGD([w, b], lr=0.05, **kw)
        for step in range(15):
            opt.zero_grad()
            loss = ((X @ w + b - y) ** 2).mean()
            loss.backward()
            opt.step()
        print(kw, loss, w, b, w._version)
        check(loss, w, b)
        sd = opt.state_dict()
        print(sorted(sd["state"]), sd["param_groups"])
    print(opt)
""")

prog("sgd_groups_state_and_errors", """
    w = torch.ones(2, requires_grad=True)
    v = torch.tensor([1.0, -2.0], requires_grad=True)
    o = torch.optim.SGD([{"params": [w], "lr": 0.5}, {"params": v}], lr=0.1, momentum=0.9)
    print(o)
    ((w * w).sum() + (v * v).sum()).backward()
    print(o.step(), w, v, o.state[w], o.state[v])
    o.zero_grad(set_to_none=False)
    print(w.grad, v.grad)
    o.zero_grad()
    print(w.grad, v.grad)
    sd = o.state_dict()
    print(sd)
    o2 = torch.optim.SGD([{"params": [w]}, {"params": [v]}], lr=1.0, momentum=0.1)
    o2.load_state_dict(sd)
    print(o2, o2.state[w], o2.state[w]["momentum_buffer"] is o.state[w]["momentum_buffer"])
    loss = o2.step(lambda: (w * v).sum())
    print(loss)
    o3 = torch.optim.SGD([w], lr=0.1)
    o3.add_param_group({"params": [v], "momentum": 0.5})
    print(o3)
    for bad in ("torch.optim.SGD(w)", "torch.optim.SGD([])", "torch.optim.SGD([w], lr=-1)",
                "torch.optim.SGD([w], momentum=-0.5)", "torch.optim.SGD([w], weight_decay=-1)",
                "torch.optim.SGD([w], nesterov=True)", "torch.optim.SGD([w * 2])",
                "torch.optim.SGD([1.0])", "torch.optim.SGD({w})",
                "torch.optim.SGD([{'params': [w]}, {'params': [w]}])",
                "o2.load_state_dict(torch.optim.SGD([w]).state_dict())",
                "o3.add_param_group({'params': [w]})", "o3.add_param_group([v])"):
        try:
            eval(bad)
        except Exception as e:
            print(bad, type(e).__name__, e)
""")

prog("adaptive_training_loops", """
    torch.set_printoptions(precision=10)
    a = torch.tensor([1.5, -2.0, 0.5, 3.0])
    target = torch.tensor([0.25, 1.0, -1.5, 2.0])
    configs = [
        ("Adam", {}), ("Adam", {"amsgrad": True}), ("Adam", {"weight_decay": 0.1}),
        ("Adam", {"maximize": True, "lr": 0.01}),
        ("Adam", {"betas": (0.8, 0.95), "eps": 1e-6, "amsgrad": True, "weight_decay": 0.05}),
        ("Adam", {"decoupled_weight_decay": True, "weight_decay": 0.1}),
        ("Adam", {"foreach": True, "amsgrad": True}),
        ("AdamW", {}), ("AdamW", {"amsgrad": True, "weight_decay": 0.5}),
        ("AdamW", {"maximize": True, "lr": 0.01}), ("AdamW", {"weight_decay": 0}),
        ("RMSprop", {}), ("RMSprop", {"centered": True}), ("RMSprop", {"momentum": 0.9}),
        ("RMSprop", {"momentum": 0.5, "centered": True, "weight_decay": 0.1, "alpha": 0.9}),
        ("RMSprop", {"maximize": True, "eps": 1e-4, "lr": 0.001}),
        ("Adagrad", {}), ("Adagrad", {"lr_decay": 0.05}),
        ("Adagrad", {"weight_decay": 0.1, "initial_accumulator_value": 0.5}),
        ("Adagrad", {"maximize": True, "eps": 1e-3, "lr": 0.01}),
    ]
    for name, kw in configs:
        w = torch.tensor([0.5, -0.5, 1.0, 2.0], requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        opt = getattr(torch.optim, name)([w, b], lr=kw.pop("lr", 0.05), **kw)
        for step in range(12):
            opt.zero_grad()
            loss = ((w * a + b - target) ** 2).sum() + 0.1 * ((w * w) ** 2).sum()
            loss.backward()
            opt.step()
        print(name, kw, loss, w, b, w._version, b._version)
        print({k: (v, v._version) for k, v in opt.state[w].items()})
        check(loss, w, b)
""")

prog("mlp_training", """
    X = torch.randn(16, 3)
    y = torch.randn(16, 1)
    for name in ("SGD", "Adam", "AdamW", "RMSprop", "Adagrad"):
        torch.manual_seed(1)
        W1 = (torch.randn(3, 8) * 0.5).requires_grad_()
        b1 = torch.zeros(8, requires_grad=True)
        W2 = (torch.randn(8, 1) * 0.5).requires_grad_()
        opt = getattr(torch.optim, name)([{"params": [W1, b1]}, {"params": [W2], "lr": 0.02}],
                                         lr=0.01)
        for epoch in range(20):
            opt.zero_grad()
            loss = ((torch.tanh(X @ W1 + b1) @ W2 - y) ** 2).mean()
            loss.backward()
            opt.step()
        # (matmul and tanh may differ from torch's in the last bit: values are checked
        # with torch's tolerances, not printed)
        print(name, f"{loss.item():.3f}")
        check(loss, W1, b1, W2)
        print(sorted(opt.state_dict()["state"]), [sorted(s) for s in opt.state_dict()["state"].values()])
""")

prog("reprs_state_dicts_and_round_trips", """
    w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    v = torch.tensor([[0.5, 0.25]], requires_grad=True)
    for name in ("Adam", "AdamW", "RMSprop", "Adagrad"):
        opt = getattr(torch.optim, name)([{"params": [w]}, {"params": [v], "lr": 0.5}], lr=0.1)
        print(opt)
        print(opt.state_dict())
        for _ in range(3):
            opt.zero_grad()
            ((w ** 2).sum() + (v ** 3).sum()).backward()
            opt.step()
        sd = opt.state_dict()
        print(sd)
        w2 = w.detach().clone().requires_grad_()
        v2 = v.detach().clone().requires_grad_()
        other = getattr(torch.optim, name)([{"params": [w2]}, {"params": [v2]}], lr=1.0)
        other.load_state_dict(sd)
        print(other)
        print(other.state[w2])
        print(other.state[w2]["step"] is opt.state[w]["step"],
              [other.state[w2][k] is opt.state[w][k] for k in opt.state[w]])
        for o, p, q in ((opt, w, v), (other, w2, v2)):
            o.zero_grad()
            ((p ** 2).sum() + (q ** 3).sum()).backward()
            o.step()
        print(w, w2, v, v2, opt.state[w]["step"])
    o = torch.optim.AdamW([w])
    o.load_state_dict(torch.optim.Adam([w]).state_dict())
    print(o.param_groups[0]["decoupled_weight_decay"], o.param_groups[0]["weight_decay"])
    o = torch.optim.Adam([w], betas=[0.5, 0.6])
    print(o.defaults["betas"], o)
""")

prog("state_before_and_after_steps", """
    w = torch.ones(2, requires_grad=True)
    u = torch.ones(2, requires_grad=True)
    o = torch.optim.Adagrad([w, u], initial_accumulator_value=0.3)
    print(o.state_dict())
    w.grad = torch.tensor([1.0, -1.0])
    o.step()
    print(o.state[w], o.state[u], w, u)
    o.add_param_group({"params": [torch.zeros(3, requires_grad=True)], "lr": 1.0})
    print(len(o.state), o)
    a = torch.optim.Adam([w, u])
    a.step()
    print(len(a.state), a.state_dict()["state"])
    w.grad = torch.tensor([0.5, 0.5])
    print(a.step(), a.state_dict()["state"], dict(a.state).keys() == {w}, u in a.state)
    r = torch.optim.RMSprop([w], momentum=0.5, centered=True)
    r.step()
    print(r.state[w])
    s = torch.optim.SGD([w], momentum=0.9)
    s.step()
    print(s.state[w], s.state_dict())
    torch.set_default_dtype(torch.float64)
    d = torch.ones(2, requires_grad=True)
    d.grad = torch.ones(2)
    for name in ("Adam", "RMSprop", "Adagrad"):
        o = getattr(torch.optim, name)([d])
        o.step()
        print(name, o.state[d]["step"], d.dtype)
""")

prog("step_closure_versions_and_stale_graphs", """
    w = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
    x = torch.tensor([0.5, -1.0, 2.0])
    opt = torch.optim.Adam([w], lr=0.1)

    def closure():
        opt.zero_grad()
        loss = ((w * x) ** 2).sum()
        loss.backward()
        return loss
    for _ in range(3):
        print(opt.step(closure), w, w._version, torch.is_grad_enabled())
    print(opt.step(), w._version)
    y = (w * w).sum()
    opt.step()
    try:
        y.backward()
    except RuntimeError as e:
        print(e)
    z = (w * w).sum()
    with torch.no_grad():
        pass
    opt.zero_grad()
    z.backward()
    print(w.grad, w.grad.requires_grad, w.requires_grad, w.grad_fn, w.is_leaf)
    frozen = torch.ones(2, requires_grad=True)
    o2 = torch.optim.RMSprop([w, frozen])
    o2.step()
    print(frozen, frozen._version, frozen in o2.state, w in o2.state)
""")

prog("zero_grad_both_ways", """
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    opt = torch.optim.AdamW([w])
    (w * torch.tensor([3.0, 4.0])).sum().backward()
    g = w.grad
    print(g, g._version)
    opt.zero_grad(set_to_none=False)
    print(w.grad, w.grad is g, g._version)
    opt.zero_grad()
    (w * w * w).sum().backward(create_graph=True)
    g = w.grad
    v = g._version
    print(g, g.grad_fn, g.requires_grad)
    opt.zero_grad(set_to_none=False)
    print(w.grad, w.grad is g, g.grad_fn, g.requires_grad, g._version - v, g.is_leaf)
    (w ** 2).sum().backward()
    print(w.grad, w.grad is g)
    opt.zero_grad(False)
    print(w.grad, g._version - v)
    opt.zero_grad()
    print(w.grad)
    opt.zero_grad(set_to_none=False)
    print(w.grad)
""")

prog("optimizer_errors", """
    w = torch.ones(2, requires_grad=True)
    for bad in ("torch.optim.Adam(w)", "torch.optim.Adam([])", "torch.optim.Adam([w], lr=-1.0)",
                "torch.optim.Adam([w], eps=-1e-8)", "torch.optim.Adam([w], betas=(1.0, 0.9))",
                "torch.optim.Adam([w], betas=(0.9, -0.1))", "torch.optim.Adam([w], betas=(0, 0.9))",
                "torch.optim.Adam([w], weight_decay=-0.1)", "torch.optim.AdamW([w], lr=-0.5)",
                "torch.optim.AdamW([w], betas=(0.9, 1))", "torch.optim.AdamW(w)",
                "torch.optim.Adam([w], fused=True, foreach=True)",
                "torch.optim.RMSprop([w], lr=-1)", "torch.optim.RMSprop([w], alpha=-0.5)",
                "torch.optim.RMSprop([w], eps=-1.0)", "torch.optim.RMSprop([w], momentum=-1)",
                "torch.optim.RMSprop([w], weight_decay=-1)",
                "torch.optim.Adagrad([w], lr=-0.1)", "torch.optim.Adagrad([w], lr_decay=-1)",
                "torch.optim.Adagrad([w], weight_decay=-2)",
                "torch.optim.Adagrad([w], initial_accumulator_value=-1)",
                "torch.optim.Adagrad([w], eps=-1)", "torch.optim.Adagrad([w], fused=True, foreach=True)",
                "torch.optim.SGD([w], fused=True, foreach=True)",
                "torch.optim.Adam([w, 3])", "torch.optim.Adam([w.detach() * 2])",
                "torch.optim.Adam({w})", "torch.optim.Adam([w], lr=0.1, nesterov=True)",
                "torch.optim.Adam([{'params': [w]}], [0.9, 0.99])",
                "torch.optim.SGD([w], lr=float('nan'))", "torch.optim.Adam([w], lr=float('nan'))",
                "torch.optim.RMSprop([w], alpha=float('nan'))"):
        try:
            eval(bad)
            print(bad, "ok")
        except Exception as e:
            print(bad, type(e).__name__, e)
    w.grad = torch.ones(2)
    for name in ("Adam", "AdamW", "RMSprop"):
        o = getattr(torch.optim, name)([w], capturable=True)
        try:
            o.step()
        except AssertionError as e:
            print(name, type(e).__name__, e, sorted(o.state[w]))
    o = torch.optim.Adam([w, w])
    print(len(o.param_groups[0]["params"]))
    o.add_param_group({"params": [torch.zeros(1, requires_grad=True)] * 2})
""")

prog("schedulers", """
    w = torch.tensor([1.0, -1.0], requires_grad=True)
    def loop(opt, sched, epochs=7):
        for epoch in range(epochs):
            opt.zero_grad()
            (w ** 2).sum().backward()
            opt.step()
            sched.step()
            print(epoch, sched.get_last_lr(), sched.last_epoch, opt.param_groups[0]["lr"])
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    print(sched.get_last_lr(), sched.last_epoch, sched.state_dict())
    print(opt)
    loop(opt, sched)
    print(sched.state_dict(), w)
    opt = torch.optim.Adam([{"params": [w]}, {"params": [torch.zeros(1, requires_grad=True)], "lr": 0.2}], lr=0.1)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    loop(opt, sched)
    print(sched.state_dict())
    opt = torch.optim.AdamW([w], lr=0.05)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda epoch: 1 / (epoch + 1))
    loop(opt, sched, 4)
    print(sched.state_dict(), opt.state_dict()["param_groups"])
    class Warmup:
        def __init__(self):
            self.n = 3
        def __call__(self, epoch):
            return min(1.0, (epoch + 1) / self.n)
    opt = torch.optim.RMSprop([w], lr=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, Warmup())
    loop(opt, sched, 4)
    sd = sched.state_dict()
    print(sd)
    opt = torch.optim.Adagrad([w], lr=0.3)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[2, 4, 4], gamma=0.1)
    loop(opt, sched)
    sched = torch.optim.lr_scheduler.MultiplicativeLR(opt, lambda e: 0.5)
    loop(opt, sched, 3)
    from torch.optim.lr_scheduler import StepLR
    opt = torch.optim.SGD([w], lr=1.0)
    sched = StepLR(opt, 3)
    sched.step()
    sched.step()
    print(sched.get_last_lr())
    print(sched.get_lr())
    opt.step()
    sched.step(5)
    print(sched.get_last_lr(), sched.last_epoch)
    resumed = StepLR(opt, 3, last_epoch=5)
    print(resumed.state_dict())
    new = StepLR(torch.optim.SGD([w], lr=2.0), 3)
    new.load_state_dict(sched.state_dict())
    print(new.last_epoch, new.get_last_lr(), new.base_lrs)
    for bad in ("StepLR(torch.optim.SGD([w]), 2, last_epoch=3)", "StepLR(3, 2)",
                "torch.optim.lr_scheduler.LambdaLR(opt, [lambda e: 1.0, lambda e: 2.0])",
                "torch.optim.lr_scheduler.MultiplicativeLR(opt, [0.5])"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

prog("import_styles_and_custom_optimizer", """
    import torch.optim as optim
    from torch.optim import Adam, lr_scheduler
    from torch.optim.lr_scheduler import ExponentialLR
    w = torch.tensor([3.0, -1.0], requires_grad=True)
    opt = optim.Adam([w], lr=0.5)
    sched = ExponentialLR(opt, 0.5)
    print(type(opt), type(sched), isinstance(opt, optim.Optimizer), Adam is torch.optim.Adam,
          lr_scheduler.StepLR is torch.optim.lr_scheduler.StepLR)
    print(optim.SGD, optim.AdamW, optim.RMSprop, optim.Adagrad, optim.Optimizer)

    class MySGD(optim.Optimizer):
        def __init__(self, params, lr=0.1):
            super().__init__(params, dict(lr=lr))

        @torch.no_grad()
        def step(self, closure=None):
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        p.add_(p.grad, alpha=-group["lr"])
                        self.state[p]["n"] = self.state[p].get("n", 0) + 1
    my = MySGD([w], lr=0.25)
    for _ in range(3):
        my.zero_grad()
        (w ** 2).sum().backward()
        my.step()
    print(my, w, my.state_dict())
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


def _run_200_steps(lib, name, kw, start, grads):
    """200 steps of ``lib.optim.<name>`` on two parameters (a matrix and a row of it,
    scaled) fed the given gradients: the parameters and the matrix's state, as arrays."""
    w = lib.tensor(start.copy(), requires_grad=True)
    v = lib.tensor(start[0] * 3, requires_grad=True)
    opt = getattr(lib.optim, name)([w, v], **kw)
    for g in grads:
        w.grad = lib.tensor(g)
        v.grad = lib.tensor(g[-1] * 2)
        opt.step()
    state = {k: s.numpy().copy() for k, s in opt.state[w].items()}
    return w.detach().numpy().copy(), v.detach().numpy().copy(), state, w._version


ADAPTIVE = [("Adam", {}), ("Adam", {"amsgrad": True}), ("Adam", {"weight_decay": 0.1}),
            ("Adam", {"maximize": True, "amsgrad": True, "weight_decay": 0.05}),
            ("Adam", {"lr": 0.01, "betas": (0.8, 0.99), "eps": 1e-6}),
            ("AdamW", {}), ("AdamW", {"amsgrad": True, "weight_decay": 0.3, "lr": 0.01}),
            ("AdamW", {"maximize": True}), ("RMSprop", {}), ("RMSprop", {"centered": True}),
            ("RMSprop", {"momentum": 0.9}),
            ("RMSprop", {"momentum": 0.5, "centered": True, "weight_decay": 0.1,
                         "alpha": 0.9, "maximize": True}),
            ("Adagrad", {}), ("Adagrad", {"lr_decay": 0.01, "weight_decay": 0.1}),
            ("Adagrad", {"initial_accumulator_value": 0.1, "eps": 1e-6, "maximize": True})]


@pytest.mark.parametrize("shape,scale", [((4, 3), 1.0), ((37, 29), 1e-3)])
@pytest.mark.parametrize("name,kw", ADAPTIVE, ids=[f"{n}-{k}" for n, k in ADAPTIVE])
def test_adaptive_updates_are_bit_identical(name, kw, shape, scale):
    """200 steps from the same start with the same float32 gradients: parameters, every
    state tensor and the version counter equal torch's to the last bit (small tensors run
    PyTorch's scalar kernel loops, larger ones mostly its AVX2 ones)."""
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    rng = np.random.default_rng([len(name), len(kw), shape[0]])
    start = rng.standard_normal(shape).astype(np.float32)
    grads = [(rng.standard_normal(shape) * scale).astype(np.float32) for _ in range(200)]
    theirs = _run_200_steps(torch, name, kw, start, grads)
    ours = _run_200_steps(engine, name, kw, start, grads)
    assert_torchs_bits(ours[0], theirs[0])
    assert_torchs_bits(ours[1], theirs[1])
    assert list(ours[2]) == list(theirs[2])
    for key in theirs[2]:
        assert_torchs_bits(ours[2][key], theirs[2][key], err_msg=key)
    assert ours[3] == theirs[3]
    assert not np.array_equal(ours[0], start)        # (it did move)


@pytest.mark.parametrize("name", ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad"])
def test_foreach_true_updates_as_the_default(name):
    """The engine runs ``foreach=True`` as the single-tensor loop because PyTorch's foreach
    kernels give the same bits on the CPU: both sides checked."""
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    rng = np.random.default_rng(9)
    start = rng.standard_normal((5, 4)).astype(np.float32)
    grads = [rng.standard_normal((5, 4)).astype(np.float32) for _ in range(50)]
    kw = {"lr": 0.01, "momentum": 0.9} if name in ("SGD", "RMSprop") else {"lr": 0.01}
    runs = [_run_200_steps(lib, name, {**kw, **fe}, start, grads)[0]
            for lib in (torch, engine) for fe in ({}, {"foreach": True})]
    np.testing.assert_array_equal(runs[1], runs[0])    # (torch's two ways)
    for other in runs[2:]:
        assert_torchs_bits(other, runs[0])


@pytest.mark.parametrize("call, message", [
    ("SGD([w], fused=True)", "no fused optimizer kernels"),
    ("Adam([w], fused=True)", "no fused optimizer kernels"),
    ("AdamW([w], fused=True)", "no fused optimizer kernels"),
    ("Adagrad([w], fused=True)", "no fused optimizer kernels"),
    ("Adam([w], differentiable=True)", "does not differentiate"),
    ("RMSprop([w], differentiable=True)", "does not differentiate"),
    ("Adam([w], lr=torch.tensor(0.1))", "Python numbers"),
    ("Adam([w], betas=(torch.tensor(0.9), torch.tensor(0.99)))", "Python numbers"),
])
def test_what_the_engine_does_not_model_is_refused_in_so_many_words(call, message):
    import gradstudio.engine as torch
    w = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError, match=message):
        eval("torch.optim." + call, {"torch": torch, "w": w})


@pytest.mark.parametrize("kw", [{}, {"momentum": 0.9}, {"momentum": 0.9, "nesterov": True},
                                {"momentum": 0.5, "dampening": 0.3}, {"weight_decay": 0.01},
                                {"momentum": 0.9, "weight_decay": 0.1, "maximize": True}])
def test_sgd_updates_are_bit_identical(kw):
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    rng = np.random.default_rng(len(kw))
    grads = [rng.standard_normal((4, 3)).astype(np.float32) for _ in range(200)]
    start = rng.standard_normal((4, 3)).astype(np.float32)
    finals = []
    for lib in (torch, engine):
        w = lib.tensor(start.copy(), requires_grad=True)
        opt = lib.optim.SGD([w], lr=0.05, **kw)
        for g in grads:
            w.grad = lib.tensor(g)
            opt.step()
        finals.append(w.detach().numpy().copy())
    np.testing.assert_array_equal(finals[1], finals[0])



@pytest.mark.parametrize("name,kw", [("Adam", {}), ("Adam", {"amsgrad": True}),
                                     ("AdamW", {"weight_decay": 0.1}),
                                     ("Adam", {"weight_decay": 0.05, "maximize": True})])
def test_adam_updates_parameters_of_different_steps_and_dtypes_as_torch(name, kw):
    """The engine updates a group's parameters of one dtype together: a parameter that
    missed steps (its own step count and bias correction), a float64 one beside float32
    ones, a 0-d one and an empty one each end as torch's, to the last bit, versions too
    (float64 to within an ulp: MKL's float64 square root is not correctly rounded and the
    engine's is, which shows in about one element in a hundred)."""
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    rng = np.random.default_rng(11)
    shapes = [((3, 2), np.float32), ((4,), np.float64), ((), np.float32), ((0,), np.float32),
              ((5,), np.float32)]
    starts = [rng.standard_normal(s).astype(d) for s, d in shapes]
    grads = [[rng.standard_normal(s).astype(d) for s, d in shapes] for _ in range(40)]

    def run(lib):
        ps = [lib.tensor(x.copy(), requires_grad=True) for x in starts]
        opt = getattr(lib.optim, name)(ps, lr=0.05, **kw)
        for i, gs in enumerate(grads):
            for j, (p, g) in enumerate(zip(ps, gs)):
                # the last parameter gets a gradient only every third step
                p.grad = None if (j == 4 and i % 3) else lib.tensor(g)
            opt.step()
        return ([p.detach().numpy().copy() for p in ps], [p._version for p in ps],
                [{k: (v.numpy().copy(), v._version) for k, v in opt.state[p].items()}
                 for p in ps])
    def same(a, b, msg=""):
        if not MKL_GENERIC:
            assert_torchs_bits(a, b, err_msg=msg)
        elif a.dtype == np.float64:
            np.testing.assert_allclose(a, b, rtol=4e-16, atol=0, err_msg=msg)
        else:
            np.testing.assert_array_equal(a, b, err_msg=msg)
    theirs, ours = run(torch), run(engine)
    for a, b in zip(ours[0], theirs[0]):
        same(a, b)
    assert ours[1] == theirs[1]
    for sa, sb in zip(ours[2], theirs[2]):
        assert list(sa) == list(sb)
        for key in sb:
            same(sa[key][0], sb[key][0], key)
            assert sa[key][1] == sb[key][1], key
