"""``Adamax``, ``NAdam``, ``RAdam`` and ``Adadelta`` update as PyTorch's single-tensor CPU
path does (and as its multi-tensor path with ``foreach=True``): fed the same float32 gradients for 200 steps, parameters, every state tensor
and the version counter equal torch's to the last bit; and their reprs, state,
state_dict round trips and constructor errors print the same (programs run under torch
and under the engine, transcripts compared exactly)."""
import numpy as np
import pytest

import parity
from cpu_paths import assert_torchs_bits

P, prog = parity.table()

prog("more_optimizers_training_loops", """
    torch.manual_seed(0)
    X = torch.randn(8, 3)
    y = torch.randn(8)
    for name, kw in (("Adamax", {}), ("Adamax", {"weight_decay": 0.1, "maximize": True}),
                     ("NAdam", {}), ("NAdam", {"weight_decay": 0.1, "momentum_decay": 0.01}),
                     ("NAdam", {"weight_decay": 0.1, "decoupled_weight_decay": True}),
                     ("RAdam", {}), ("RAdam", {"weight_decay": 0.1, "decoupled_weight_decay": True}),
                     ("RAdam", {"lr": 0.1, "betas": (0.8, 0.9)}),
                     ("Adadelta", {}), ("Adadelta", {"lr": 0.5, "rho": 0.5, "weight_decay": 0.1})):
        w = torch.randn(3, requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        opt = getattr(torch.optim, name)([w, b], **kw)
        for step in range(15):
            opt.zero_grad()
            loss = ((X @ w + b - y) ** 2).mean()
            loss.backward()
            opt.step()
        check(loss, w, b)
        print(name, kw, w._version, sorted(opt.state[w]), opt.state[w]["step"])
    print(opt)
""")

prog("more_optimizers_state_and_errors", """
    w = torch.ones(2, requires_grad=True)
    for cls in (torch.optim.Adamax, torch.optim.NAdam, torch.optim.RAdam, torch.optim.Adadelta):
        opt = cls([w])
        print(opt)
        print(opt.state_dict())
        (w * torch.tensor([1.0, -3.0])).sum().backward()
        opt.step()
        print({k: v for k, v in opt.state[w].items()}, w)
        sd = opt.state_dict()
        print(sd)
        again = cls([w], lr=0.5)
        again.load_state_dict(sd)
        print(again.param_groups[0]["lr"], again.state[w]["step"])
        w.grad = None
    for bad in ("torch.optim.Adamax([w], lr=-1)", "torch.optim.Adamax([w], betas=(1.0, 0.9))",
                "torch.optim.NAdam([w], betas=(0.9, -0.1))", "torch.optim.NAdam([w], momentum_decay=-1)",
                "torch.optim.RAdam([w], eps=-1)", "torch.optim.RAdam([w], weight_decay=-1)",
                "torch.optim.Adadelta([w], rho=1.5)", "torch.optim.Adadelta([w], lr=-0.5)",
                "torch.optim.Adadelta([w], eps=-1)", "torch.optim.Adamax([])"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


def _run(lib, name, kw, start, grads):
    w = lib.tensor(start.copy(), requires_grad=True)
    v = lib.tensor(start[0] * 3, requires_grad=True)
    opt = getattr(lib.optim, name)([w, v], **kw)
    for g in grads:
        w.grad = lib.tensor(g)
        v.grad = lib.tensor(g[-1] * 2)
        opt.step()
    state = {k: s.numpy().copy() for k, s in opt.state[w].items()}
    return w.detach().numpy().copy(), v.detach().numpy().copy(), state, w._version


CASES = [("Adamax", {}), ("Adamax", {"weight_decay": 0.1, "maximize": True, "eps": 1e-3}),
         ("Adamax", {"lr": 0.05, "betas": (0.5, 0.9)}),
         ("NAdam", {}), ("NAdam", {"weight_decay": 0.1, "momentum_decay": 0.02}),
         ("NAdam", {"weight_decay": 0.1, "decoupled_weight_decay": True, "maximize": True}),
         ("RAdam", {}), ("RAdam", {"weight_decay": 0.1}),
         ("RAdam", {"weight_decay": 0.1, "decoupled_weight_decay": True, "lr": 0.01,
                    "betas": (0.8, 0.9), "maximize": True}),
         ("Adadelta", {}), ("Adadelta", {"lr": 0.5, "rho": 0.5, "weight_decay": 0.1}),
         ("Adadelta", {"eps": 1e-3, "maximize": True}),
         # foreach=True: torch's multi-tensor arithmetic, which differs for NAdam and RAdam
         ("Adamax", {"foreach": True, "weight_decay": 0.1}), ("NAdam", {"foreach": True}),
         ("NAdam", {"foreach": True, "weight_decay": 0.1, "maximize": True}),
         ("NAdam", {"foreach": True, "weight_decay": 0.1, "decoupled_weight_decay": True}),
         ("RAdam", {"foreach": True}), ("RAdam", {"foreach": True, "weight_decay": 0.1}),
         ("RAdam", {"foreach": True, "decoupled_weight_decay": True, "weight_decay": 0.1,
                    "maximize": True, "betas": (0.8, 0.9)}),
         ("Adadelta", {"foreach": True, "weight_decay": 0.1})]


@pytest.mark.parametrize("shape,scale", [((4, 3), 1.0), ((37, 29), 1e-3)])
@pytest.mark.parametrize("name,kw", CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_updates_are_bit_identical(name, kw, shape, scale):
    """200 steps from the same start with the same float32 gradients: parameters, every
    state tensor and the version counter equal torch's to the last bit."""
    torch = pytest.importorskip("torch")
    import gradstudio.engine as engine
    rng = np.random.default_rng([len(name), len(kw), shape[0]])
    start = rng.standard_normal(shape).astype(np.float32)
    grads = [(rng.standard_normal(shape) * scale).astype(np.float32) for _ in range(200)]
    theirs = _run(torch, name, kw, start, grads)
    ours = _run(engine, name, kw, start, grads)
    assert_torchs_bits(ours[0], theirs[0])
    assert_torchs_bits(ours[1], theirs[1])
    assert list(ours[2]) == list(theirs[2])
    for key in theirs[2]:
        assert_torchs_bits(ours[2][key], theirs[2][key], err_msg=key)
    assert ours[3] == theirs[3]
