"""Issue 31, the names a first pass left missing or wrong: ``nn.AdaptiveMaxPool2d`` /
``F.adaptive_max_pool2d`` (values, indices, ``AdaptiveMaxPool2DBackward0``, gradients,
reprs, checks and errors); the deprecated ``Module.register_backward_hook`` (its node
hooks, its FutureWarnings, the refusal to mix it with full hooks); ``addcmul`` and
``addcdiv``'s keyword-only ``value`` given by position; the argument errors of
``count_nonzero`` (PyTorch's two overloads, the method's dims one by one) and ``msort``;
``max_pool2d``'s index of a window holding nans (the last) or only -inf and padding;
each compared with torch's transcript exactly."""
import parity

P, prog = parity.table()

prog("adaptive_max_pool2d", """
    import torch.nn as nn
    import torch.nn.functional as F
    print(nn.AdaptiveMaxPool2d((2, None), return_indices=True), nn.AdaptiveMaxPool2d(3))
    x = (torch.tensor([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3], [5, 8, 9, 7, 9], [3, 2, 3, 8, 4]],
                      dtype=torch.float32) / 4).view(1, 1, 4, 5).repeat(2, 3, 1, 1)
    x = (x + torch.arange(6.0).view(2, 3, 1, 1)).requires_grad_()
    for size in ((2, 3), 1, (3, 3), (None, 2), (4, 5), (5, 7)):
        out, idx = F.adaptive_max_pool2d(x, size, return_indices=True)
        print(size, out, idx, out.dtype, idx.dtype, out.grad_fn.name())
        x.grad = None
        (out * torch.arange(float(out.numel())).view(out.shape)).sum().backward()
        print(x.grad)
    empty = F.adaptive_max_pool2d(x, 0)
    print(empty, empty.grad_fn.name())
    try:
        empty.sum().backward()
    except RuntimeError as e:
        print(e)
    m = nn.AdaptiveMaxPool2d((2, 2))
    y = m(x[0])
    print(y, y.grad_fn, y.grad_fn.next_functions[0][0].name())
    n, i = float("nan"), float("-inf")
    z = torch.tensor([[[n, 1.0, n], [i, i, i]]])
    print(F.adaptive_max_pool2d(z, 1, True), F.adaptive_max_pool2d(z[:, 1:], (1, 2), True))
    for dt in (torch.float64, torch.float16):
        print(F.adaptive_max_pool2d(x.detach().to(dt), (2, 2), return_indices=True))
    g = torch.autograd.grad(F.adaptive_max_pool2d(x, 2).pow(2).sum(), x, create_graph=True)[0]
    print(g.grad_fn.name(), torch.autograd.grad(g.sum(), x)[0].sum())
    for call in (lambda: F.adaptive_max_pool2d(torch.ones(3, 4), 2),
                 lambda: F.adaptive_max_pool2d(torch.ones(1, 3, 4, dtype=torch.long), 2),
                 lambda: F.adaptive_max_pool2d(torch.ones(1, 3, 4, dtype=torch.bool), 2),
                 lambda: F.adaptive_max_pool2d(torch.ones(1, 3, 4, dtype=torch.int32), 2),
                 lambda: F.adaptive_max_pool2d(torch.ones(1, 3, 4), (2, 2, 2)),
                 lambda: F.adaptive_max_pool2d(torch.ones(1, 0, 4), 2),
                 lambda: F.adaptive_max_pool2d(torch.ones(1, 2, 3, 4, 5), 2)):
        try:
            print(call())
        except Exception as e:
            print(type(e).__name__, e)
""")

prog("register_backward_hook", """
    import warnings
    import torch.nn as nn
    def show(m, gi, go):
        print(type(m).__name__, [None if g is None else g.shape for g in gi], [None if g is None else g.shape for g in go])
    torch.manual_seed(0)
    lin = nn.Linear(3, 2)
    h = lin.register_backward_hook(show)
    print(type(h).__name__, lin._is_full_backward_hook)
    x = torch.ones(4, 3, requires_grad=True)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        y = lin(x)
        print([(x.category.__name__, str(x.message)) for x in w])
    y.sum().backward()
    print(x.grad)
    try:
        lin.register_full_backward_hook(show)
    except RuntimeError as e:
        print(e)
    h.remove()
    y = lin(x); y.sum().backward()
    relu = nn.ReLU()
    relu.register_backward_hook(lambda m, gi, go: (gi[0] * 2,))
    z = (x * 1)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = relu(z)
        print(len(w))
    x.grad = None
    out.sum().backward()
    print(x.grad)
    full = nn.Tanh(); full.register_full_backward_hook(show)
    try:
        full.register_backward_hook(show)
    except RuntimeError as e:
        print(e)
    seq = nn.Sequential(nn.Linear(3, 3), nn.Tanh())
    seq.register_backward_hook(show)
    seq(x).sum().backward()
    print(nn.Linear(1, 1)._is_full_backward_hook)
    class Two(nn.Module):
        def forward(self, a, b):
            return [a * b, a + b]
    class Pair(nn.Module):
        def forward(self, a):
            return a * 2, a.exp()
    for m, ins in ((Two(), (x, x)), (Pair(), (x,))):
        m.register_backward_hook(show)
        outs = m(*ins)
        (outs[0].sum() + outs[1].sum()).backward()
""")

prog("addcmul_addcdiv_value_is_keyword_only", """
    a = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    b, c = torch.tensor([2.0, 3.0, -1.0]), torch.tensor([3.0, 0.5, 4.0])
    calls = ("a.addcmul(b, c, 2)", "a.addcdiv(b, c, 2)", "torch.addcmul(a, b, c, 2)",
             "torch.addcdiv(a, b, c, 2.5)", "a.detach().addcmul_(b, c, 2)",
             "a.detach().addcdiv_(b, c, 2)", "torch.addcmul(a, b, c, 2, 3)",
             "torch.addcdiv(a, b, c, 2, 3)", "torch.addcmul(a, b, c, 2, value=3)",
             "torch.addcdiv(a, b, c, 2, value=3)", "a.addcmul(b, c, value=2)",
             "a.addcdiv(b, c, value=-0.5)", "torch.addcmul(a, b, c, value=2)",
             "torch.addcdiv(a, b, c, value=2)", "a.detach().addcdiv_(b, c, value=2)",
             "a.detach().addcmul_(b, c, value=2)", "torch.addcdiv(a, b, c)",
             "a.addcdiv(tensor1=b, tensor2=c, value=2)", "a.addcdiv(b, tensor2=c)",
             "torch.addcdiv(a, tensor1=b, tensor2=c)")
    for call in calls:
        try:
            print(call, eval(call))
        except TypeError as e:
            print(call, type(e).__name__, e)
""")

prog("count_nonzero_and_msort_arguments", """
    a = torch.tensor([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]])
    calls = ("torch.count_nonzero(a, 0, True)", "a.count_nonzero(0, True)", "torch.count_nonzero(a, 0)",
             "torch.count_nonzero(a, (0, 1))", "a.count_nonzero(dim=1)", "torch.count_nonzero(a, keepdim=True)",
             "torch.count_nonzero(a, dim=0, keepdim=True)",
             "torch.msort(a)", "torch.msort(a, 0)", "torch.msort(a, dim=0)", "a.msort()", "a.msort(0)",
             "torch.msort(a, descending=True)", "torch.msort(5)", "torch.msort()", "a.msort(stable=True)",
             "torch.msort(input=a)", "torch.count_nonzero(a, 0, 1, 2)", "torch.count_nonzero(input=a, dim=1)")
    for call in calls:
        try:
            print(call, eval(call))
        except Exception as e:
            print(call, type(e).__name__, e)
    for call in ("a.count_nonzero(keepdim=True)", "a.count_nonzero(0, 1.5)", "a.count_nonzero(dim=0, keepdim=True)",
                 "a.count_nonzero(0, dim=1)", "torch.count_nonzero(a, 0, dim=1)", "a.count_nonzero(1, 0)",
                 "torch.count_nonzero(a, 1.5)", "a.count_nonzero((0, 1))"):
        try:
            print(call, eval(call))
        except Exception as e:
            print(call, type(e).__name__, e)
""")

prog("max_pool2d_nan_and_minus_inf_windows", """
    F = torch.nn.functional
    n = float("nan")
    x = torch.tensor([[[n, 1.0, n, 2.0], [3.0, n, 0.0, n]]], requires_grad=True)
    for f in (lambda t: F.max_pool2d(t, (2, 2), return_indices=True),
              lambda t: F.max_pool2d(t, (1, 3), 1, return_indices=True),
              lambda t: F.max_pool1d(t[0], 3, 1, return_indices=True)):
        out, idx = f(x)
        x.grad = None
        out.sum().backward()
        print(out, idx, x.grad)
    low = torch.full((1, 1, 2, 3), float("-inf"), requires_grad=True)
    out, idx = F.max_pool2d(low, 3, 1, 1, return_indices=True)
    out.sum().backward()
    print(out, idx, low.grad)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
