"""Small names students found missing (issue 31): ``ravel``, ``round(decimals=)``,
``manual_seed``'s generator, ``relu_``, ``is_inference``, ``div(rounding_mode=)``,
``mode``, ``std_mean`` / ``var_mean`` and ``randint(high=...)``, each run under torch and
under the engine, transcripts compared."""
import parity

P, prog = parity.table()

prog("ravel", """
    a = torch.arange(6.).reshape(2, 3).requires_grad_()
    for r in (a.ravel(), torch.ravel(a), a.t().ravel(), a[0].ravel(), torch.tensor(3.).ravel()):
        print(r, r.shape, r.grad_fn, r.grad_fn and r.grad_fn.next_functions)
    a.t().ravel().pow(2).sum().backward()
    print(a.grad)
""")

prog("round_with_decimals", """
    a = torch.tensor([1.2345, -2.5, 0.125, 1234.5678, 0.5, 1.5, 2.675, -0.05], requires_grad=True)
    for d in (0, 1, 2, 3, -1, -2):
        r = torch.round(a, decimals=d)
        print(d, r, r.grad_fn)
        print(r.tolist())
    r = a.round(decimals=1)
    r.sum().backward()
    print(a.grad, a.round().grad_fn)
    for dt in (torch.float16, torch.float64):
        x = torch.tensor([15.25, 2.675, -3.5, 0.333], dtype=dt)
        print(x.round(decimals=1), x.round(decimals=-1), x.round(decimals=2).tolist())
    y = torch.tensor([1.26, 2.5])
    y.round_(decimals=1)
    print(y)
    for call in (lambda: y.round(1), lambda: torch.round(y, 1), lambda: y.round(decimals=1.5),
                 lambda: torch.round(y, decimals=1.5), lambda: torch.round(y, decimals=True),
                 lambda: y.round_(1)):
        try:
            call()
        except TypeError as e:
            print(e)
    for dt in (torch.int64, torch.bool, torch.uint8):
        for d in (0, 1):
            try:
                torch.round(torch.tensor([15, 2]).to(dt), decimals=d)
            except NotImplementedError as e:
                print(dt, d, e)
""")

prog("manual_seed_returns_the_generator", """
    g = torch.manual_seed(0)
    print(repr(g), type(g).__name__)
    print(repr(torch.Generator()))
    print(g.initial_seed(), torch.rand(2))
""")

prog("relu_in_place_function", """
    x = torch.tensor([-1.0, 2.0, -0.5])
    print(torch.relu_(x), x)
    y = torch.tensor([-1.0, 2.0], requires_grad=True) * 1
    print(torch.relu_(y))
    print(torch.relu_(torch.tensor([-1, 2])))
    try:
        torch.relu_(torch.tensor([1.0, 2.0], requires_grad=True))
    except RuntimeError as e:
        print(e)
""")

prog("is_inference_outside_inference_mode", """
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    print(a.is_inference(), (a * 2).is_inference(), a.detach().is_inference())
""")

prog("div_with_rounding_mode", """
    a = torch.tensor([[1.5, -2.5], [7.0, -3.0]], requires_grad=True)
    b = torch.tensor([2.0, -2.0], requires_grad=True)
    for m in (None, 'trunc', 'floor'):
        r = torch.div(a, b, rounding_mode=m)
        print(m, r, r.grad_fn)
        print(a.div(2, rounding_mode=m), a.div(2, rounding_mode=m).grad_fn)
        r.sum().backward()
        print(a.grad, b.grad)
    print(a.div(2).grad_fn, (a / 2).grad_fn)
    i = torch.tensor([7, -7, 5])
    print(torch.div(i, 2, rounding_mode='trunc'), torch.div(i, 2, rounding_mode='floor'))
    print(torch.div(i, torch.tensor([2, 2, -2]), rounding_mode='floor'), torch.div(i, 2))
    print(torch.div(i, 2.5, rounding_mode='floor'), torch.div(7, torch.tensor(2), rounding_mode='floor'))
    print(torch.div(i.float(), 0, rounding_mode='trunc'), torch.div(i.float(), 0, rounding_mode='floor'))
    print(torch.div(torch.tensor([5, 6], dtype=torch.int8), 4, rounding_mode='trunc'))
    for call in (lambda: torch.div(i, 0, rounding_mode='trunc'),
                 lambda: torch.div(i, 2, rounding_mode='x'),
                 lambda: torch.tensor([True, False]).div(True, rounding_mode='floor'),
                 lambda: torch.tensor([True, False]).div(True, rounding_mode='trunc')):
        try:
            call()
        except (RuntimeError, NotImplementedError) as e:
            print(type(e).__name__, e)
""")

prog("div_in_place_with_rounding_mode", """
    c = torch.tensor([7, -7, 5])
    c.div_(2, rounding_mode='floor')
    print(c)
    try:
        c.div_(2)
    except RuntimeError as e:
        print(e)
    try:
        c.div_(2, rounding_mode=None)
    except RuntimeError as e:
        print(e)
    x = torch.tensor([1.0, 5.0], requires_grad=True) * 1
    x.div_(3, rounding_mode='floor')
    print(x, x.grad_fn)
    z = torch.tensor([1.0, 5.0], requires_grad=True) * 1
    z.div_(3, rounding_mode=None)
    print(z, z.grad_fn)
""")

prog("mode", """
    print(torch.mode(torch.tensor([3, 1, 3, 1, 2, 2])))
    print(torch.mode(torch.tensor([5., 1., 5., 1., 1., 5., 7.])))
    m = torch.tensor([[1, 2, 2, 3], [4, 4, 1, 1], [0, 9, 8, 7]])
    print(m.mode(1), m.mode(0, keepdim=True), m.mode(), torch.mode(m, dim=-1).indices)
    print(torch.tensor(3.).mode())
    a = torch.tensor([[1., 2., 2., 3.], [4., 4., 1., 1.]], requires_grad=True)
    values, indices = a.mode()
    print(values, indices, values.grad_fn)
    values.sum().backward()
    print(a.grad)
    print(torch.mode(torch.tensor([float('nan'), 1., float('nan'), 2.])))
    print(torch.mode(torch.tensor([True, False, True])))
    print(torch.mode(torch.tensor([7, 7, 1, 1, 7, 1, 1, 0])))
    torch.manual_seed(3)
    big = torch.randint(0, 4, (3, 40))
    print(big.mode(1))
    try:
        torch.mode(torch.tensor([]))
    except IndexError as e:
        print(e)
""")

prog("std_mean_and_var_mean", """
    a = torch.tensor([[1., 2., 4.], [3., 5., 9.]], requires_grad=True)
    s, m = torch.std_mean(a)
    print(s, m, s.grad_fn, m.grad_fn)
    r = torch.var_mean(a, dim=1, keepdim=True, correction=0)
    print(r, type(r).__name__)
    r = torch.var_mean(a, 1, unbiased=False)
    print(r)
    (r[0].sum() + 2 * r[1].sum()).backward()
    print(a.grad)
    a.grad = None
    s, m = torch.std_mean(a, 0)
    print(s, m)
    s.sum().backward()
    print(a.grad)
    torch.manual_seed(0)
    x = torch.randn(7, 13)
    for d in (None, 0, 1, (0, 1)):
        v, mu = torch.var_mean(x, d) if d is not None else torch.var_mean(x)
        check(v, mu)
        print(mu.tolist() == x.mean(d).tolist() if d is not None else mu.item(), v.sum().item())
    big = torch.randn(40000) * 3 + 1      # (one output of 32768 elements or more: threads)
    print([t.tolist() for t in torch.var_mean(big) + torch.std_mean(big.reshape(2, -1), 1)])
    print(torch.std_mean(torch.tensor([1., 2.]).double()), torch.std_mean(torch.tensor([1.])))
    try:
        torch.std_mean(torch.tensor([1, 2]))
    except RuntimeError as e:
        print(e)
""")

prog("randint_with_keyword_high", """
    print(torch.randint(high=10, size=(3,)))
    print(torch.randint(10, size=(3,)), torch.randint(2, high=10, size=(3,)))
    print(torch.randint(low=2, high=10, size=(2, 2)))
""")

prog("embedding_with_padding_idx", """
    e = torch.nn.Embedding(4, 3, padding_idx=1)
    print(e, e.padding_idx, e.weight)
    e2 = torch.nn.Embedding(4, 3, padding_idx=-1)
    print(e2, e2.padding_idx, e2.weight)
    x = torch.tensor([[0, 1, 1, 3]])
    out = e(x)
    print(out, out.grad_fn)
    (out * torch.arange(3.)).sum().backward()
    print(e.weight.grad)
    w = torch.arange(8.).reshape(4, 2)
    f = torch.nn.Embedding.from_pretrained(w, padding_idx=2)
    print(f, f.weight, f.weight.requires_grad, torch.nn.Embedding.from_pretrained(w))
    f = torch.nn.Embedding.from_pretrained(w, freeze=False, padding_idx=2)
    o = f(torch.tensor([2, 2, 0]))
    print(o)
    o.sum().backward()
    print(f.weight.grad)
    v = w.clone().requires_grad_()
    r = torch.nn.functional.embedding(torch.tensor([0, 2, 3]), v, padding_idx=-1)
    print(r, r.grad_fn)
    r.pow(2).sum().backward()
    print(v.grad)
    for call in (lambda: torch.nn.Embedding(4, 3, padding_idx=4),
                 lambda: torch.nn.Embedding(4, 3, padding_idx=-5),
                 lambda: torch.nn.functional.embedding(torch.tensor([0, 2]), w, padding_idx=7)):
        try:
            call()
        except AssertionError as e:
            print(e)
    opt = torch.optim.SGD(e.parameters(), lr=0.5)
    for _ in range(2):
        opt.zero_grad()
        e(torch.tensor([1, 2, 1])).pow(2).sum().backward()
        opt.step()
    print(e.weight)
""")

prog("grad_with_batched_grad_outputs", """
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    y = x ** 2
    g, = torch.autograd.grad(y, x, torch.eye(3), is_grads_batched=True, retain_graph=True)
    print(g, g.grad_fn, g.requires_grad)
    print(torch.autograd.grad(y, x, torch.eye(3), is_grads_batched=True))
    try:
        y.sum().backward()
    except RuntimeError as e:
        print(str(e)[:60])
    w = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    b = torch.tensor([1., -1.], requires_grad=True)
    print(torch.autograd.grad(w @ b, (w, b), torch.eye(2), is_grads_batched=True))
    s = (x * x).sum()
    print(torch.autograd.grad(s, x, torch.tensor([1., 2.]), is_grads_batched=True, retain_graph=True))
    print(torch.autograd.grad(x.sum() * x, x, torch.eye(3), is_grads_batched=True))
    u = torch.tensor([1., 2.], requires_grad=True)
    v = torch.tensor([3.], requires_grad=True)
    print(torch.autograd.grad((u * 2, v * 3), (u, v), (torch.ones(4, 2), torch.ones(4, 1)),
                              is_grads_batched=True))
    print(torch.autograd.grad(u * 2, (u, v), torch.eye(2), is_grads_batched=True, allow_unused=True))
    for bad in (torch.tensor(1.), torch.ones(2, 2)):
        try:
            torch.autograd.grad(x * 2, x, bad, is_grads_batched=True)
        except (IndexError, RuntimeError) as e:
            print(type(e).__name__, e)
""")

prog("module_full_backward_hooks", """
    lin = torch.nn.Linear(3, 2)

    def hook(m, grad_input, grad_output):
        print("hook", type(m).__name__, [None if g is None else tuple(g.shape) for g in grad_input],
              [tuple(g.shape) for g in grad_output])

    def pre(m, grad_output):
        print("pre", [tuple(g.shape) for g in grad_output], grad_output[0][0])

    h = lin.register_full_backward_hook(hook)
    h2 = lin.register_full_backward_pre_hook(pre)
    print(type(h).__name__)
    x = torch.randn(4, 3, requires_grad=True)
    out = lin(x)
    print(out.grad_fn, out.grad_fn.next_functions)
    out.sum().backward()
    print(x.grad, lin.weight.grad)
    out = lin(torch.randn(4, 3))
    print(out.grad_fn)
    out.sum().backward()
    h.remove()
    h2.remove()
    out = lin(x)
    print(out.grad_fn)

    seq = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU())
    seq.register_full_backward_hook(lambda m, gi, go: print("seq", gi, go))
    seq[0].register_full_backward_hook(lambda m, gi, go: (gi[0] * 2,))
    seq[1].register_full_backward_pre_hook(lambda m, go: (go[0] * 10,))
    x = torch.randn(2, 3, requires_grad=True)
    o = seq(x)
    print(o.grad_fn)
    (o * torch.tensor([1.0, -1.0])).sum().backward()
    print(x.grad, seq[0].bias.grad)
    with torch.no_grad():
        print(seq(x).grad_fn)
    lin.register_full_backward_hook(lambda m, gi, go: (torch.ones(1), torch.ones(1)))
    try:
        lin(x).sum().backward()
    except RuntimeError as e:
        print(e)
""")

prog("version_as_printed", """
    print(torch.__version__)
    print(repr(str(torch.__version__)), torch.__version__.split("+")[0] >= "2.0")
""")


PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
