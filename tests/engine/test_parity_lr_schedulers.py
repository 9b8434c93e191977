"""Every scheduler of ``torch.optim.lr_scheduler`` prints as PyTorch's: the learning
rates step by step as full float reprs (chainable ``step()`` and closed-form
``step(epoch)``), momentum and Adam's beta1 where the cyclic schedulers move them,
``get_last_lr``, ``state_dict``/``load_state_dict`` round trips that continue the same,
the warnings (``scheduler.step()`` before ``optimizer.step()``, ``get_lr()`` outside a
step, the epoch argument) and the constructors' errors (programs run under torch and
under the engine, transcripts compared exactly)."""
import parity

P, prog = parity.table()

PRELUDE = """
    from torch.optim import lr_scheduler as S
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    def run(sched, opt, n=12, metric=None):
        out = []
        for i in range(n):
            opt.zero_grad()
            (w * w).sum().backward()
            opt.step()
            sched.step() if metric is None else sched.step(metric[i])
            out.append(sched.get_last_lr()[0])
        print(type(sched).__name__, out)
        return out
"""


def sched_prog(name, code):
    prog(name, PRELUDE + code)


sched_prog("annealing_schedulers_chainable", """
    for make in (lambda o: S.ConstantLR(o), lambda o: S.ConstantLR(o, factor=0.5, total_iters=3),
                 lambda o: S.LinearLR(o), lambda o: S.LinearLR(o, 0.1, 0.9, 7),
                 lambda o: S.LinearLR(o, start_factor=1.0, end_factor=0.0, total_iters=10),
                 lambda o: S.PolynomialLR(o), lambda o: S.PolynomialLR(o, total_iters=8, power=2.0),
                 lambda o: S.CosineAnnealingLR(o, T_max=5), lambda o: S.CosineAnnealingLR(o, 10, eta_min=0.001),
                 lambda o: S.CosineAnnealingLR(o, T_max=3, eta_min=0.01),
                 lambda o: S.StepLR(o, 4, 0.5), lambda o: S.ExponentialLR(o, 0.9)):
        opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
        sched = make(opt)
        print(sched.get_last_lr(), opt.param_groups[0]["lr"])
        run(sched, opt, 25)
    print(w)
""")

sched_prog("annealing_closed_form_and_groups", """
    v = torch.ones(3, requires_grad=True)
    for make in (lambda o: S.ConstantLR(o, 0.25, 4), lambda o: S.LinearLR(o, 0.2, 1.0, 6),
                 lambda o: S.PolynomialLR(o, 6, 0.5), lambda o: S.CosineAnnealingLR(o, 7, 0.002)):
        opt = torch.optim.SGD([{"params": [w]}, {"params": [v], "lr": 0.3}], lr=0.1)
        sched = make(opt)
        for epoch in (3, 1, 6, 9, 2):
            opt.step()
            sched.step(epoch)
            print(type(sched).__name__, epoch, sched.get_last_lr(), sched.last_epoch)
        print(sched.state_dict())
""")

sched_prog("cosine_warm_restarts", """
    opt = torch.optim.SGD([w], lr=0.5)
    sched = S.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.01)
    run(sched, opt, 20)
    print(sched.T_i, sched.T_cur, sched.last_epoch)
    opt = torch.optim.SGD([w], lr=0.5)
    sched = S.CosineAnnealingWarmRestarts(opt, T_0=4)
    iters = 3
    for epoch in range(3):
        for i in range(iters):
            opt.step()
            sched.step(epoch + i / iters)
            print(epoch, i, sched.get_last_lr(), sched.T_cur, sched.T_i)
    sched = S.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=3)
    for e in (0, 1, 2, 7, 8.5, 30):
        sched.step(e)
        print(e, sched.get_last_lr(), sched.T_cur, sched.T_i, sched.last_epoch)
    print(sorted(sched.state_dict()))
    for bad in ("S.CosineAnnealingWarmRestarts(opt, 0)", "S.CosineAnnealingWarmRestarts(opt, 2.0)",
                "S.CosineAnnealingWarmRestarts(opt, 2, T_mult=0)",
                "S.CosineAnnealingWarmRestarts(opt, 2, eta_min='0')", "sched.step(-1)"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

sched_prog("sequential_and_chained", """
    opt = torch.optim.SGD([w], lr=0.1)
    warm = S.LinearLR(opt, start_factor=0.1, total_iters=3)
    cos = S.CosineAnnealingLR(opt, T_max=10)
    sched = S.SequentialLR(opt, schedulers=[warm, cos], milestones=[3])
    print(sched.get_last_lr(), warm.last_epoch, cos.last_epoch)
    run(sched, opt, 15)
    sd = sched.state_dict()
    print(sd)
    opt = torch.optim.SGD([w], lr=1.0)
    sched = S.SequentialLR(opt, [S.ConstantLR(opt, 0.5, 2), S.ExponentialLR(opt, 0.9),
                                 S.StepLR(opt, 2)], milestones=[2, 5])
    run(sched, opt, 10)
    opt = torch.optim.SGD([w], lr=1.0)
    chained = S.ChainedScheduler([S.ConstantLR(opt, factor=0.1, total_iters=2),
                                  S.ExponentialLR(opt, gamma=0.9)])
    print(chained.get_last_lr())
    run(chained, opt, 6)
    print(chained.state_dict())
    other = S.ChainedScheduler([S.ConstantLR(opt, factor=0.1, total_iters=2),
                                S.ExponentialLR(opt, gamma=0.9)], optimizer=opt)
    other.load_state_dict(chained.state_dict())
    print(other.get_last_lr(), [s.last_epoch for s in other._schedulers])
    o2 = torch.optim.SGD([w], lr=1.0)
    plateau = S.ReduceLROnPlateau(opt)
    for bad in ("S.SequentialLR(opt, [], [])", "S.SequentialLR(opt, [S.StepLR(opt, 2)], [1])",
                "S.SequentialLR(opt, [plateau], [])", "S.ChainedScheduler([])",
                "S.ChainedScheduler([S.StepLR(opt, 2), S.StepLR(o2, 2)])",
                "S.ChainedScheduler([S.StepLR(opt, 2), 3])"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, str(e).replace(repr(opt), "OPT").replace(repr(o2), "O2"))
""")

sched_prog("reduce_lr_on_plateau", """
    losses = [1.0, 0.9, 0.95, 0.96, 0.97, 0.89, 0.9, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97,
              0.98, 0.99, 1.0, 1.01, 1.02, 1.03]
    for kw in ({}, {"patience": 2}, {"patience": 1, "factor": 0.5, "cooldown": 2},
               {"patience": 0, "min_lr": 0.02, "factor": 0.3},
               {"mode": "max", "patience": 1, "threshold": 0.05, "threshold_mode": "abs"},
               {"patience": 1, "threshold_mode": "abs", "eps": 0.05}):
        opt = torch.optim.SGD([w], lr=0.1)
        sched = S.ReduceLROnPlateau(opt, **kw)
        print(kw, sched.get_last_lr(), sched.best)
        run(sched, opt, len(losses), [torch.tensor(x) for x in losses])
        print(sched.num_bad_epochs, sched.cooldown_counter, sched.best, sched.last_epoch)
    print(sched.state_dict())
    s2 = S.ReduceLROnPlateau(torch.optim.SGD([w], lr=1.0))
    s2.load_state_dict(sched.state_dict())
    print(s2.mode, s2.threshold_mode, s2.best, s2.eps)
    v = torch.ones(2, requires_grad=True)
    opt = torch.optim.SGD([{"params": [w]}, {"params": [v], "lr": 0.5}], lr=0.1)
    sched = S.ReduceLROnPlateau(opt, patience=0, min_lr=[0.05, 0.2])
    run(sched, opt, 5, [1.0, 1.0, 1.0, 1.0, 1.0])
    print(opt.param_groups[1]["lr"])
    sched.step(0.5, epoch=10)
    print(sched.last_epoch)
    opt.add_param_group({"params": [torch.zeros(1, requires_grad=True)]})
    for bad in ("S.ReduceLROnPlateau(opt, factor=1.0)", "S.ReduceLROnPlateau(opt, mode='up')",
                "S.ReduceLROnPlateau(opt, threshold_mode='x')", "S.ReduceLROnPlateau(3)",
                "S.ReduceLROnPlateau(opt, min_lr=[0.1])",
                "[sched.step(2.0) for _ in range(3)]"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

sched_prog("cyclic_lr", """
    for kw in ({}, {"mode": "triangular2"}, {"mode": "exp_range", "gamma": 0.9},
               {"step_size_down": 2}, {"scale_fn": lambda x: 0.5 ** x, "scale_mode": "iterations"},
               {"cycle_momentum": False, "base_lr": [0.01], "max_lr": [0.5]}):
        opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
        kw = {"base_lr": 0.01, "max_lr": 0.1, "step_size_up": 3, **kw}
        sched = S.CyclicLR(opt, **kw)
        momentum = []
        for i in range(14):
            opt.step()
            sched.step()
            momentum.append(opt.param_groups[0]["momentum"])
        print(sched.get_last_lr(), momentum, sched.last_epoch)
        print(sorted(sched.state_dict()), sched.state_dict()["_scale_fn_custom"])
    opt = torch.optim.Adam([w], lr=0.1)
    sched = S.CyclicLR(opt, 0.001, 0.01, step_size_up=2)
    run(sched, opt, 6)
    print(opt.param_groups[0]["betas"], opt.param_groups[0]["max_momentum"])
    for bad in ("S.CyclicLR(opt, 0.1, 1.0, mode='x')", "S.CyclicLR(torch.optim.RMSprop([w]), 0.1, 1.0)",
                "S.CyclicLR(opt, [0.1, 0.2], 1.0)", "S.CyclicLR(3, 0.1, 1.0)"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

sched_prog("one_cycle_lr", """
    for kw in ({"total_steps": 20}, {"epochs": 4, "steps_per_epoch": 5, "anneal_strategy": "linear"},
               {"total_steps": 20, "three_phase": True, "pct_start": 0.25},
               {"total_steps": 10, "cycle_momentum": False, "div_factor": 10.0, "final_div_factor": 100.0}):
        opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
        sched = S.OneCycleLR(opt, max_lr=1.0, **kw)
        print(sched.get_last_lr(), opt.param_groups[0]["momentum"], opt.param_groups[0]["initial_lr"])
        n = sched.total_steps - 1
        lrs = run(sched, opt, n)
        print(opt.param_groups[0]["momentum"], sorted(opt.param_groups[0]))
    opt = torch.optim.AdamW([w], lr=0.1)
    sched = S.OneCycleLR(opt, max_lr=0.01, total_steps=6)
    run(sched, opt, 5)
    print(opt.param_groups[0]["betas"])
    try:
        sched.step()
        sched.step()
    except ValueError as e:
        print(e)
    print(sorted(sched.state_dict()))
    for bad in ("S.OneCycleLR(opt, 1.0)", "S.OneCycleLR(opt, 1.0, total_steps=0)",
                "S.OneCycleLR(opt, 1.0, epochs=0, steps_per_epoch=2)",
                "S.OneCycleLR(opt, 1.0, epochs=2, steps_per_epoch=1.5)",
                "S.OneCycleLR(opt, 1.0, 10, pct_start=1)", "S.OneCycleLR(opt, 1.0, 10, anneal_strategy='exp')",
                "S.OneCycleLR(opt, [1.0, 2.0], 10)", "S.OneCycleLR(torch.optim.Adagrad([w]), 1.0, 10)"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

sched_prog("warnings_and_state_round_trips", """
    opt = torch.optim.SGD([w], lr=0.1)
    sched = S.CosineAnnealingLR(opt, T_max=4)
    sched.step()
    print(sched.get_last_lr())
    print(sched.get_lr())
    opt.step()
    sched.step(2)
    for make in (lambda o: S.LinearLR(o, 0.5, total_iters=4), lambda o: S.PolynomialLR(o, 4, 2.0),
                 lambda o: S.CosineAnnealingLR(o, 5), lambda o: S.ConstantLR(o),
                 lambda o: S.CyclicLR(o, 0.01, 0.1, 2), lambda o: S.OneCycleLR(o, 0.1, 12),
                 lambda o: S.CosineAnnealingWarmRestarts(o, 3)):
        opt = torch.optim.SGD([w], lr=0.1, momentum=0.5)
        sched = make(opt)
        run(sched, opt, 3)
        sd = sched.state_dict()
        opt2 = torch.optim.SGD([w], lr=0.1, momentum=0.5)
        opt2.load_state_dict(opt.state_dict())
        again = make(opt2)
        again.load_state_dict(sd)
        run(sched, opt, 4)
        run(again, opt2, 4)
        print({k: v for k, v in sorted(sd.items()) if not callable(v)})
    opt = torch.optim.SGD([w], lr=0.1)
    sched = S.LinearLR(opt, total_iters=2, last_epoch=-1)
    resumed = S.CosineAnnealingLR(opt, 6, last_epoch=2)
    print(resumed.get_last_lr(), resumed.last_epoch)
    for bad in ("S.ConstantLR(opt, factor=2)", "S.LinearLR(opt, start_factor=0)",
                "S.LinearLR(opt, end_factor=1.5)", "S.CosineAnnealingLR(torch.optim.SGD([w]), 3, last_epoch=1)"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

sched_prog("training_loop_with_scheduler", """
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 1)
    X, y = torch.randn(16, 3), torch.randn(16, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=30)
    for step in range(30):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        sched.step()
        if step % 5 == 0:
            print(step, f"{loss.item():.4f}", sched.get_last_lr())
        check(loss)
    check(model.weight, model.bias)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
