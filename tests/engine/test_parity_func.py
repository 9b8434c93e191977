"""Whole programs of "autograd, the modern way": ``torch.func`` (``grad``,
``grad_and_value``, ``vmap``, ``jacrev``, ``jacfwd``, ``hessian``, ``vjp``, ``jvp``,
``functional_call``) as a student uses it after the tutorial: per-sample gradients,
Jacobians of a small network, Newton's method, an ensemble, nested derivatives. Each runs
under torch and under the engine; transcripts are compared exactly."""
import parity

P, prog = parity.table()

prog("per_sample_gradients", """
    import torch
    from torch import nn
    from torch.func import functional_call, grad, vmap
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    params = {k: v.detach() for k, v in model.named_parameters()}
    buffers = {k: v.detach() for k, v in model.named_buffers()}
    X = torch.randn(5, 3)
    y = torch.randn(5, 1)
    def loss_fn(params, buffers, x, t):
        out = functional_call(model, (params, buffers), (x.unsqueeze(0),))
        return nn.functional.mse_loss(out, t.unsqueeze(0))
    per_sample = vmap(grad(loss_fn), in_dims=(None, None, 0, 0))(params, buffers, X, y)
    for name, g in per_sample.items():
        print(name, tuple(g.shape))
    print(per_sample["2.bias"])
    print(per_sample["0.weight"][1])
    # the same by a loop, with ordinary autograd
    for i in range(5):
        model.zero_grad()
        nn.functional.mse_loss(model(X[i:i + 1]), y[i:i + 1]).backward()
        check(model[0].weight.grad, per_sample["0.weight"][i])
    print(torch.allclose(model[2].bias.grad, per_sample["2.bias"][4]))
""")

prog("grad_nested_and_aux", """
    import torch
    from torch.func import grad, grad_and_value
    f = lambda x: x ** 3 - 2 * x
    x = torch.tensor(1.5)
    print(grad(f)(x), grad(grad(f))(x), grad(grad(grad(f)))(x))
    def loss(w, b, x, y):
        pred = x @ w + b
        err = pred - y
        return (err ** 2).mean(), {"pred": pred, "max_err": err.abs().max()}
    w = torch.tensor([0.5, -1.0])
    b = torch.tensor(0.1)
    X = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]])
    Y = torch.tensor([1.0, 0.0, 2.0])
    (gw, gb), aux = grad(loss, argnums=(0, 1), has_aux=True)(w, b, X, Y)
    print(gw, gb)
    print(aux["pred"], aux["max_err"])
    grads, (value, aux) = grad_and_value(loss, argnums=1, has_aux=True)(w, b, X, Y)
    print(grads, value)
    print(grad(lambda x: torch.sin(x).sum())(torch.tensor([0.0, 1.0, 2.0])))
    print(grad(lambda p: (p["a"] * p["b"]).sum())({"a": torch.tensor([1.0, 2.0]),
                                                     "b": torch.tensor([3.0, 4.0])}))
    for step in range(3):                      # gradient descent with torch.func.grad
        gw, gb = grad(lambda w, b: loss(w, b, X, Y)[0], argnums=(0, 1))(w, b)
        w, b = w - 0.1 * gw, b - 0.1 * gb
        print(step, w, b, loss(w, b, X, Y)[0])
""")

prog("jacobians_of_a_network", """
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # (torch.jit's, on first use)
    import torch
    from torch.func import jacrev, jacfwd, vmap
    torch.manual_seed(3)
    W1, b1 = torch.randn(4, 3), torch.randn(4)
    W2 = torch.randn(2, 4)
    def net(x):
        return W2 @ torch.tanh(W1 @ x + b1)
    x = torch.randn(3)
    Jr = jacrev(net)(x)
    Jf = jacfwd(net)(x)
    print(Jr)
    print(Jf)
    print(torch.allclose(Jr, Jf, atol=1e-6))
    print(torch.autograd.functional.jacobian(net, x))
    J_all = jacrev(lambda W, x: W2 @ torch.tanh(W @ x + b1), argnums=(0, 1))(W1, x)
    print([tuple(j.shape) for j in J_all])
    print(jacrev(torch.sin)(torch.tensor([0.0, 1.0, 2.0])))
    print(jacfwd(torch.sin)(torch.tensor([0.0, 1.0, 2.0])))
    batch = torch.randn(5, 3)
    print(vmap(jacrev(net))(batch).shape)
    print(jacrev(lambda x: (x.sin(), x.exp().sum()))(torch.tensor([0.5, -0.5])))
    print(jacfwd(lambda x: x.softmax(0))(torch.tensor([1.0, 2.0, 0.5])))
    print(jacrev(lambda x: x.log_softmax(0))(torch.tensor([1.0, 2.0, 0.5])))
""")

prog("hessian_and_newton", """
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # (torch.jit's, on first use)
    import torch
    from torch.func import hessian, grad, jacfwd, jacrev
    def rosenbrock(p):
        x, y = p[0], p[1]
        return (1 - x) ** 2 + 100 * (y - x ** 2) ** 2
    p = torch.tensor([-1.0, 2.0], dtype=torch.float64)
    print(hessian(rosenbrock)(p))
    print(jacfwd(jacrev(rosenbrock))(p))
    print(jacrev(jacrev(rosenbrock))(p))
    print(torch.autograd.functional.hessian(rosenbrock, p))
    for i in range(5):                        # Newton's method
        g = grad(rosenbrock)(p)
        H = hessian(rosenbrock)(p)
        p = p - torch.linalg.solve(H, g)
        print(i, p, f"{rosenbrock(p).item():.6f}")
    f = lambda x: (x.exp() * x.sin()).sum() + (x ** 2).prod()
    x = torch.tensor([0.3, -0.7, 1.1])
    print(hessian(f)(x))
    A = torch.tensor([[2.0, 1.0], [1.0, 3.0]])
    quad = lambda v: 0.5 * v @ A @ v
    print(hessian(quad)(torch.tensor([1.0, -1.0])))
    print(hessian(lambda a, b: (a * b ** 2).sum(), argnums=1)(torch.tensor([1.0, 2.0]),
                                                             torch.tensor([3.0, 4.0])))
""")

prog("vjp_jvp_and_functional_call", """
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # (torch.jit's, on first use)
    import torch
    from torch import nn
    from torch.func import vjp, jvp, functional_call
    x = torch.tensor([0.5, 1.0, 1.5])
    out, vjp_fn = vjp(lambda x: (x.exp(), x.sin() * x), x)
    print(out)
    print(vjp_fn((torch.ones(3), torch.tensor([1.0, 0.0, -1.0]))))
    out, vjp_fn, aux = vjp(lambda x: (x ** 2, x.max()), x, has_aux=True)
    print(out, aux, vjp_fn(torch.ones(3)))
    print(jvp(torch.tanh, (x,), (torch.ones(3),)))
    print(jvp(lambda a, b: a * b + a.exp(), (x, x.flip(0)), (torch.ones(3), torch.zeros(3))))
    torch.manual_seed(1)
    model = nn.Linear(3, 2)
    new = {"weight": torch.ones(2, 3), "bias": torch.zeros(2)}
    print(functional_call(model, new, (x,)))
    print(functional_call(model, {"bias": torch.tensor([10.0, 20.0])}, x))
    print(model(x))
    print(model.bias)
    bn = nn.BatchNorm1d(3)
    stats = {"running_mean": torch.ones(3), "running_var": torch.full((3,), 4.0)}
    bn.eval()
    print(functional_call(bn, stats, (torch.tensor([[1.0, 3.0, 5.0]]),)))
    print(bn.running_mean, bn.running_var)
    try:
        functional_call(model, ({"bias": torch.zeros(2)}, {"bias": torch.ones(2)}), (x,))
    except ValueError as e:
        print("ValueError:", e)
""")

prog("vmap_in_out_dims_nested", """
    import torch
    from torch.func import vmap
    torch.manual_seed(2)
    a = torch.randn(4, 3)
    b = torch.randn(5, 3)
    dist = vmap(vmap(lambda u, v: ((u - v) ** 2).sum().sqrt(), in_dims=(None, 0)),
                in_dims=(0, None))(a, b)
    print(dist)
    print(torch.stack([((a - row) ** 2).sum(1).sqrt() for row in b], 1))
    dot = vmap(torch.dot)
    print(dot(a, a))
    M = torch.randn(2, 3, 4)
    print(vmap(lambda m: m.sum(0), in_dims=2)(M))
    print(vmap(lambda m: m * 2, in_dims=1, out_dims=1)(M).shape)
    print(vmap(lambda x, s: x * s, in_dims=(0, None))(a, 10.0))
    print(vmap(lambda x: (x.max(), x.argmax()))(a))
    print(vmap(lambda d: d["p"] + d["q"])({"p": a, "q": a * 2})[0])
    batched_mv = vmap(torch.mv, in_dims=(None, 0))
    print(batched_mv(torch.eye(3), a))
    for bad in (lambda: vmap(torch.add)(a, b), lambda: vmap(torch.sin, in_dims=3)(a),
                lambda: vmap(lambda x: 1.0)(a), lambda: vmap(torch.sin, in_dims=None)(a),
                lambda: vmap(lambda x: x + torch.randn(3))(a)):
        try:
            bad()
        except (ValueError, RuntimeError) as e:
            print(type(e).__name__ + ":", e)
""")

prog("ensemble_with_stack_module_state", """
    import torch
    from torch import nn
    from torch.func import functional_call, stack_module_state, vmap
    torch.manual_seed(5)
    models = [nn.Linear(2, 1) for _ in range(3)]
    params, buffers = stack_module_state(models)
    print({k: tuple(v.shape) for k, v in params.items()}, buffers)
    print(params["weight"].requires_grad, params["weight"].is_leaf)
    base = models[0]
    def fmodel(p, b, x):
        return functional_call(base, (p, b), (x,))
    x = torch.tensor([[1.0, 2.0], [0.0, -1.0]])
    out = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, x)
    print(out.shape, out.requires_grad)
    with torch.no_grad():
        print(out.detach())
        print(torch.stack([m(x) for m in models]))
    y = torch.tensor([[1.0], [-1.0]])
    opt = torch.optim.SGD(params.values(), lr=0.1)
    for step in range(4):                 # trains the three members at once
        opt.zero_grad()
        pred = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, x)
        loss = ((pred - y) ** 2).mean(dim=(1, 2)).sum()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 5))
    print(params["weight"].grad)
    print(params["bias"])
""")

prog("func_errors", """
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # (torch.jit's, on first use)
    import torch
    from torch.func import grad, grad_and_value, jacrev, vjp, jvp
    x = torch.tensor([1.0, 2.0])
    attempts = [
        lambda: grad(lambda x: x * 2)(x),
        lambda: grad(lambda x: 3.0)(x),
        lambda: grad(lambda x: x.sum(), argnums=2)(x),
        lambda: grad(lambda x, y: (x * y).sum(), argnums=(0, 0))(x, x),
        lambda: grad(lambda x: x.sum(), argnums=())(x),
        lambda: grad(lambda x: x.sum(), argnums=[0])(x),
        lambda: grad(lambda x: x.sum(), has_aux=True)(x),
        lambda: grad(lambda x: x.sum())(3.0),
        lambda: vjp(lambda x: x.argmax(), x),
        lambda: vjp(lambda x: [1.0], x),
        lambda: jvp(torch.sin, x, (x,)),
        lambda: jvp(torch.sin, (x,), (torch.ones(3),)),
        lambda: jvp(lambda x: x, (x,), [x]),
        lambda: jacrev(torch.sin, chunk_size=0),
        lambda: grad_and_value(lambda x: (x.sum(), 1))(x),
    ]
    for f in attempts:
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__ + ":", e)
    print(grad(lambda x, y: (x * 0).sum() + y)(x, torch.tensor(1.0)))
    print(grad(lambda x, y: y.sum(), argnums=0)(x, x))
""")

prog("printing_inside_transforms", """
    import torch
    from torch.func import grad, vjp, jacrev
    def f(x):
        y = x * 2
        print("x:", x)
        print("y:", y)
        s = (y ** 2).sum()
        print("s:", s)
        return s
    x = torch.tensor([1.0, 2.0])
    print(grad(f)(x))
    print(grad(lambda x: grad(f)(x).sum())(x))
    M = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    def g(m):
        print(m)
        return m.sum()
    print(vjp(g, M)[0])
    print(jacrev(lambda z: (print(z), z * 2)[1])(x))
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    print(grad(g)(w))
    print(x, w)
""")


PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
