"""``torch.optim`` prints and updates as PyTorch's: training loops with every SGD option,
the optimizer's repr, its state_dict and load_state_dict, zero_grad both ways and the
errors for bad arguments (programs run under torch and under the engine, transcripts
compared exactly). ``test_sgd_updates_are_bit_identical`` feeds both the same gradients
and compares the parameters to the last bit."""
import numpy as np
import pytest

import parity

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

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


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
