"""The rest of ``nn``'s activations (issue 31): ``SELU``, ``CELU``, ``Hardswish``,
``Hardsigmoid``, ``Mish``, ``Threshold``, ``Hardshrink``, ``Softshrink``, ``RReLU`` (in
evaluation, and in training with the slopes drawn from the seed), ``GLU`` and ``PReLU``,
modules and functionals: values, gradients, ``grad_fn`` names (first order, in-place forms
and second order where they are PyTorch's), reprs, state dicts and errors (transcripts
compared exactly)."""
import parity

P, prog = parity.table()

prog("activation_modules", """
    import torch.nn as nn
    x = torch.tensor([[-4.0, -3.0, -1.5, -0.3], [0.0, 0.7, 3.0, 5.5]], requires_grad=True)
    weights = torch.arange(8.0).view(2, 4)
    for m in (nn.SELU(), nn.CELU(), nn.CELU(0.5), nn.Hardswish(), nn.Hardsigmoid(), nn.Mish(),
              nn.Threshold(0.1, 20.0), nn.Hardshrink(), nn.Softshrink(1.0), nn.RReLU().eval(),
              nn.GLU(), nn.GLU(0), nn.PReLU(), nn.PReLU(4, init=0.1)):
        inp = x.view(4, 2).t() if isinstance(m, nn.PReLU) and m.num_parameters == 4 else x
        inp = x.view(1, 4, 2) if isinstance(m, nn.PReLU) and m.num_parameters == 4 else x
        y = m(inp)
        print(m, y, y.grad_fn.name(), [type(n[0]).__name__ for n in y.grad_fn.next_functions])
        x.grad = None
        (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
        print(x.grad, [p.grad for p in m.parameters()], list(m.state_dict()))
    print(nn.SELU(inplace=True), nn.CELU(2.0, True), nn.Threshold(1, 2, True), nn.Mish(True),
          nn.RReLU(0.1, 0.3, inplace=True), nn.Hardswish(True), nn.Hardsigmoid(inplace=True))
""")

prog("activation_functionals_and_dtypes", """
    import torch.nn.functional as F
    x = torch.linspace(-6, 6, 13)
    for f in (F.selu, F.celu, F.hardswish, F.hardsigmoid, F.mish, F.hardshrink, F.softshrink,
              F.rrelu, lambda t: F.celu(t, 0.3), lambda t: F.threshold(t, 1.5, -2.0),
              lambda t: F.softshrink(t, 2), lambda t: F.hardshrink(t, 2.5),
              lambda t: F.rrelu(t, 0.2, 0.4)):
        print(f(x), f(x.double()), f(x.half()))
    print(F.glu(x[:12].view(3, 4)), F.glu(x[:12].view(4, 3), 0), F.glu(x[:12].view(2, 2, 3), 1))
    print(F.prelu(x, torch.tensor([0.5])), F.prelu(x.view(1, 13), torch.tensor(0.2)))
    print(F.threshold(torch.tensor([1, 5, -2]), 1, 20), F.threshold(torch.tensor([0.5]), 1, 7))
    for call in (lambda: F.glu(torch.ones(3)), lambda: F.glu(torch.tensor(1.0)),
                 lambda: F.glu(torch.ones(2, 4), 2), lambda: F.softshrink(x, -1.0),
                 lambda: F.prelu(x.view(1, 13), torch.ones(3)),
                 lambda: F.prelu(x, torch.ones(1, dtype=torch.float64)),
                 lambda: F.prelu(x, torch.ones(1, 1)),
                 lambda: F.selu(torch.tensor([1, 2])), lambda: F.mish(torch.tensor([True])),
                 lambda: F.hardswish(torch.tensor([3])), lambda: F.threshold(torch.tensor([True]), 0, 1),
                 lambda: F.rrelu(torch.tensor([1, -2]), training=True)):
        try:
            print(call())
        except Exception as e:
            print(type(e).__name__, e)
""")

prog("activation_gradients_second_order_and_inplace", """
    import torch.nn.functional as F
    x = torch.tensor([-4.0, -3.0, -1.0, -0.2, 0.0, 0.5, 2.0, 3.0, 5.0], requires_grad=True)
    for name, f in (("selu", F.selu), ("celu", lambda t: F.celu(t, 0.5)),
                    ("hardswish", F.hardswish), ("mish", F.mish),
                    ("threshold", lambda t: F.threshold(t, 0.1, 20.0)),
                    ("hardshrink", F.hardshrink), ("softshrink", F.softshrink),
                    ("rrelu", F.rrelu), ("glu", lambda t: F.glu(t[:8]))):
        y = f(x)
        g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
        print(name, y.grad_fn.name(), g, g.grad_fn.name())
        gg, = torch.autograd.grad(g.sum(), x)
        print(gg)
    for name, f in (("selu_", lambda t: F.selu(t, True)), ("celu_", lambda t: F.celu(t, 0.4, True)),
                    ("threshold_", lambda t: F.threshold(t, 0.1, 2.0, True)),
                    ("rrelu_", lambda t: F.rrelu(t, inplace=True)),
                    ("hardswish_", lambda t: F.hardswish(t, True)),
                    ("mish_", lambda t: F.mish(t, True)), ("hardsigmoid_", lambda t: F.hardsigmoid(t, True))):
        y = f(x * 1)
        x.grad = None
        y.backward(torch.linspace(-1, 1, 9))
        print(name, y, y.grad_fn.name(), x.grad)
    y = F.hardsigmoid(x)
    g, = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(g)
    try:
        g.sum().backward()
    except RuntimeError as e:
        print(e)
""")

prog("rrelu_training_draws_from_the_seed", """
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(3)
    m = nn.RReLU()
    x = torch.tensor([[-1.0, 2.0, 0.0, -3.0], [-0.5, -2.0, 1.0, -0.0]], requires_grad=True)
    y = m(x)
    print(m, m.training, y, y.grad_fn.name(), torch.rand(2))
    y.sum().backward()
    print(x.grad)
    print(F.rrelu(x.detach(), training=True), F.rrelu(x.double(), 0.2, 0.4, True))
    m.eval()
    print(m(x))
    z = x.detach().clone()
    print(F.rrelu(z, 0.1, 0.9, True, True), z)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
