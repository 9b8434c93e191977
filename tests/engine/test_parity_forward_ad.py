"""Whole programs of forward-mode AD (``torch.autograd.forward_ad``): dual tensors as
PyTorch prints them, tangents through the ops a student uses (elementwise, matrix
products, reductions, activations, losses, a module), the tutorial's JVP of a module's
parameters, and PyTorch's errors. Each runs under torch and under the engine."""
import parity

P, prog = parity.table()

_HEAD = """
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # (torch.jit's, on first use)
    import torch
    import torch.autograd.forward_ad as fwAD
"""

prog("dual_numbers_basics", _HEAD + """
    x = torch.tensor([0.5, 1.0, 2.0])
    v = torch.tensor([1.0, 0.0, -1.0])
    with fwAD.dual_level() as level:
        print(level)
        d = fwAD.make_dual(x, v)
        print(d)
        y = d.exp() * d.sin() + d ** 2 / 3
        print(y)
        u = fwAD.unpack_dual(y)
        print(u)
        print(u.primal, u.tangent, type(u).__name__)
        primal, tangent = fwAD.unpack_dual(y)
        print(fwAD.unpack_dual(x))
        print(d.sum(), d.mean(), d.norm())
        print(d.max(), torch.max(d, 0).values if False else d.amax())
        print((d @ d), d.view(3, 1), d.reshape(1, 3).t())
        print(d.detach(), d.to(torch.float64))
        print(d > 1, d.argmax())
        z = d.clone()
        z.mul_(2)
        print(z)
        print(torch.cat([d, x]), torch.stack([d, d * 2]))
        print(d[1:], d[0], d.unsqueeze(0).expand(2, 3))
    print(d, y)
    print(fwAD.unpack_dual(y))
""")

prog("tangents_through_a_network", _HEAD + """
    import torch.nn.functional as F
    torch.set_default_dtype(torch.float64)  # (float32 products differ from MKL's in the last bit)
    torch.manual_seed(0)
    W = torch.randn(4, 3)
    b = torch.randn(4)
    x = torch.randn(2, 3)
    t = torch.randn(2, 3)
    target = torch.tensor([1, 3])
    with fwAD.dual_level():
        xd = fwAD.make_dual(x, t)
        h = F.linear(xd, W, b)
        for name, out in [("relu", F.relu(h)), ("tanh", torch.tanh(h)),
                          ("sigmoid", torch.sigmoid(h)), ("gelu", F.gelu(h)),
                          ("leaky", F.leaky_relu(h, 0.1)), ("softplus", F.softplus(h)),
                          ("softmax", h.softmax(1)), ("log_softmax", F.log_softmax(h, 1)),
                          ("mse", F.mse_loss(h, torch.zeros(2, 4))),
                          ("ce", F.cross_entropy(h, target)),
                          ("sqrt", h.abs().sqrt()), ("clamp", h.clamp(-0.5, 0.5)),
                          ("logsumexp", h.logsumexp(1)), ("mm", h @ W),
                          ("mean0", h.mean(0)), ("std", h.std(1)),
                          ("layer_norm", F.layer_norm(h, (4,))),
                          ("where", torch.where(h > 0, h, h * 0.5))]:
            print(name, fwAD.unpack_dual(out).tangent)
""")

prog("jvp_of_module_parameters", _HEAD + """
    from torch import nn
    from torch.func import functional_call
    torch.manual_seed(1)
    model = nn.Linear(5, 3)
    input = torch.randn(4, 5)
    params = {name: p for name, p in model.named_parameters()}
    tangents = {name: torch.rand_like(p) for name, p in params.items()}
    with fwAD.dual_level():
        for name, p in params.items():
            delattr(model, name)
            setattr(model, name, fwAD.make_dual(p, tangents[name]))
        out = model(input)
        jvp = fwAD.unpack_dual(out).tangent
    # (PyTorch's tangent has grad_fn=<AddBackward0> here, its formula reading the
    # parameters, which require grad; the engine's has none: see docs/engine.md)
    print(jvp.detach())
    model2 = nn.Linear(5, 3)
    with fwAD.dual_level():
        dual_params = {name: fwAD.make_dual(p, tangents[name])
                       for name, p in model2.named_parameters()}
        out = functional_call(model2, dual_params, input)
        print(fwAD.unpack_dual(out).tangent.detach())
    # a directional derivative against a finite difference
    f = lambda x: (x.sin() * x.exp()).sum()
    x = torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64)
    v = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)
    with fwAD.dual_level():
        print(fwAD.unpack_dual(f(fwAD.make_dual(x, v))).tangent)
    eps = 1e-6
    print(round(((f(x + eps * v) - f(x - eps * v)) / (2 * eps)).item(), 6))
""")

prog("forward_ad_errors", _HEAD + """
    x = torch.tensor([1.0, 2.0])
    def attempt(f):
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__ + ":", e)
    attempt(lambda: fwAD.make_dual(x, torch.ones(2)))
    with fwAD.dual_level():
        attempt(lambda: fwAD.make_dual(x, torch.ones(3)))
        attempt(lambda: fwAD.make_dual(torch.tensor([1, 2]), torch.ones(2)))
        attempt(lambda: fwAD.make_dual(x, torch.tensor([1, 2])))
        d = fwAD.make_dual(x, torch.ones(2))
        attempt(lambda: fwAD.make_dual(d, torch.ones(2)))
        attempt(lambda: d // 2)
        def nested():
            with fwAD.dual_level():
                pass
        attempt(nested)
        r = torch.tensor([1.0, 2.0], requires_grad=True)
        dr = fwAD.make_dual(r, torch.ones(2))
        print(dr)
        (dr * 3).sum().backward()
        print(r.grad)
""")

prog("saved_tensors_hooks_demo", _HEAD + """
    def pack_hook(x):
        print("Packing", x)
        return x
    def unpack_hook(x):
        print("Unpacking", x)
        return x
    a = torch.ones(5, requires_grad=True)
    b = torch.ones(5, requires_grad=True) * 2
    with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
        y = a * b
        z = y.exp()
        w = (z * 3).sum()
    w.backward()
    print(a.grad)
    storage = {}
    def pack_to_dict(t):
        key = len(storage)
        storage[key] = t.clone()
        return key
    def unpack_from_dict(key):
        return storage.pop(key)
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(pack_to_dict, unpack_from_dict):
        out = (x.sin() * x.pow(2)).sum()
    print(len(storage))
    out.backward()
    print(len(storage), x.grad)
    counted = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: counted.append(t.shape) or t,
                                                  lambda t: t):
        model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(),
                                    torch.nn.Linear(4, 1))
        loss = model(torch.ones(2, 3)).pow(2).mean()
    print(counted)
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t.numpy().copy(),
                                                  lambda arr: torch.from_numpy(arr)):
        q = (x ** 3).sum()
    x.grad = None
    q.backward()
    print(x.grad)
    with torch.autograd.graph.save_on_cpu():
        r = (x.exp() * x).sum()
    x.grad = None
    r.backward()
    print(x.grad)
    with torch.autograd.graph.disable_saved_tensors_hooks("no hooks in this part"):
        try:
            with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
                pass
        except RuntimeError as e:
            print("RuntimeError:", e)
""")

prog("detect_anomaly_nan", _HEAD + """
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    print(torch.is_anomaly_enabled())
    with torch.autograd.detect_anomaly():
        print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
        try:
            (x.sqrt() * torch.tensor([0.0, 1.0])).sum().backward()
        except RuntimeError as e:
            print("caught:", e)
    u = torch.tensor([0.0], requires_grad=True)
    try:
        with torch.autograd.detect_anomaly():
            (u / u).backward()
    except RuntimeError as e:
        print("caught:", e)
    torch.autograd.set_detect_anomaly(True)
    a = torch.tensor([0.0], requires_grad=True)
    try:
        (a.sqrt() * 0).backward()
    except RuntimeError as e:
        print("caught:", e)
    torch.autograd.set_detect_anomaly(False)
    (a.sqrt() * 0).backward()
    print(a.grad)
    with torch.autograd.set_detect_anomaly(True, check_nan=False):
        (a.sqrt() * 0).backward()
    print(a.grad, torch.is_anomaly_enabled())
""")

prog("gradcheck_and_post_accumulate_hooks", _HEAD + """
    from torch.autograd import gradcheck, gradgradcheck
    x = torch.randn(3, dtype=torch.float64, requires_grad=True)
    y = torch.randn(3, dtype=torch.float64, requires_grad=True)
    print(gradcheck(lambda a, b: (a * b.sin()).exp(), (x, y)))
    print(gradgradcheck(lambda a, b: (a * b.sin()).exp(), (x, y)))
    print(gradgradcheck(lambda a: torch.tanh(a).sum(), (x,)))
    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a)
            return a ** 3
        @staticmethod
        def backward(ctx, g):
            (a,) = ctx.saved_tensors
            return 3 * a ** 2 * g
    print(gradcheck(Cube.apply, (x,)), gradgradcheck(Cube.apply, (x,)))
    class Exp(torch.autograd.Function):     # the forward-AD tutorial's Function
        @staticmethod
        def forward(ctx, foo):
            result = torch.exp(foo)
            ctx.result = result
            return result
        @staticmethod
        def jvp(ctx, gI):
            gO = gI * ctx.result
            del ctx.result
            return gO
    print(gradcheck(Exp.apply, (x,), check_forward_ad=True, check_backward_ad=False,
                    check_undefined_grad=False, check_batched_grad=False))
    print(gradcheck(lambda a, b: a.sin() * b, (x, y), check_forward_ad=True))
    class WrongJvp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            ctx.a = a
            return a ** 2
        @staticmethod
        def backward(ctx, g):
            return 2 * ctx.a * g
        @staticmethod
        def jvp(ctx, t):
            return 3 * ctx.a * t
    w = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    try:
        gradcheck(WrongJvp.apply, (w,), check_forward_ad=True, check_undefined_grad=False)
    except Exception as e:
        print(type(e).__name__, e)
    # the optimizer-in-backward pattern
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 1)
    opts = {p: torch.optim.SGD([p], lr=0.1) for p in model.parameters()}
    def step(p):
        opts[p].step()
        opts[p].zero_grad()
        print("stepped", tuple(p.shape))
    for p in model.parameters():
        p.register_post_accumulate_grad_hook(step)
    model(torch.ones(2, 3)).sum().backward()
    print(model.weight, model.bias, model.weight.grad)
""")


PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
