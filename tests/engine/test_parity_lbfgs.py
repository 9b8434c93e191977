"""``torch.optim.LBFGS`` runs as PyTorch's: fixed-step and strong-Wolfe line search runs on
a least-squares fit and on Rosenbrock's function (losses, parameters and the function
evaluation counts, with ``check`` for the values), its state after a step, a tiny history,
early stops on a converged problem, and its errors (programs run under torch and under
the engine, transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("lbfgs_least_squares", """
    torch.set_default_dtype(torch.float64)    # float32's last bits would decide the stops
    torch.manual_seed(0)
    X, y = torch.randn(20, 3), torch.randn(20)
    for kw in ({}, {"line_search_fn": "strong_wolfe"}, {"lr": 0.5, "max_iter": 5},
               {"history_size": 2, "line_search_fn": "strong_wolfe", "max_iter": 7}):
        w = torch.zeros(3, requires_grad=True)
        b = torch.zeros(1, requires_grad=True)
        opt = torch.optim.LBFGS([w, b], **kw)
        def closure():
            opt.zero_grad()
            loss = ((X @ w + b - y) ** 2).mean()
            loss.backward()
            return loss
        for i in range(3):
            loss = opt.step(closure)
            check(loss, w, b)
            st = opt.state[w]
            print(kw, i, f"{loss.item():.4f}", st["func_evals"], st["n_iter"], len(st["old_dirs"]))
        print(sorted(opt.state[w]), type(opt.state[w]["t"]).__name__)
    print(opt)
""")

prog("lbfgs_rosenbrock", """
    for ls in (None, "strong_wolfe"):
        xy = torch.tensor([-1.5, 2.0], requires_grad=True)
        opt = torch.optim.LBFGS([xy], lr=1 if ls else 0.05, max_iter=50, line_search_fn=ls)
        def closure():
            opt.zero_grad()
            x, y = xy[0], xy[1]
            loss = (1 - x) ** 2 + 100 * (y - x ** 2) ** 2
            loss.backward()
            return loss
        for i in range(4):
            loss = opt.step(closure)
            check(loss, xy)
            print(ls, i, f"{loss.item():.3e}", opt.state[xy]["func_evals"], opt.state[xy]["n_iter"])
""")

prog("lbfgs_stops_and_errors", """
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    opt = torch.optim.LBFGS([w])
    def closure():
        opt.zero_grad()
        loss = (w * 0).sum()
        loss.backward()
        return loss
    print(opt.step(closure), dict(opt.state[w]))
    v = torch.tensor([3.0], requires_grad=True)
    opt = torch.optim.LBFGS([v], line_search_fn="backtracking")
    def closure2():
        opt.zero_grad()
        loss = (v ** 2).sum()
        loss.backward()
        return loss
    for bad in ("opt.step(closure2)", "torch.optim.LBFGS([w], lr=-1)",
                "torch.optim.LBFGS([{'params': [w]}, {'params': [v]}])", "opt.step()"):
        try:
            eval(bad)
        except Exception as e:
            print(type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
