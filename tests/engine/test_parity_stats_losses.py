"""Reductions beyond sum and mean (amax/amin, prod, var/std, cumsum) and the losses
(cross_entropy, nll_loss) print the same under the engine as under PyTorch: values,
dtypes, grad_fn names, saved fields, gradients (also inf ones), warnings and errors.
"""
import parity

P, prog = parity.table()


prog("amax_amin", """
    x = torch.tensor([[1.0, 5.0, 5.0], [4.0, 2.0, 6.0]], requires_grad=True)
    for expr in ("x.amax()", "x.amin()", "x.amax(0)", "x.amax(1, keepdim=True)", "x.amin(-1)",
                 "x.amax((0, 1))", "torch.amax(x, 1)", "torch.amin(x, dim=0)", "x.amax(axis=1)",
                 "x.amax(dim=[])", "torch.tensor([[2.0, 2.0], [2.0, 1.0]], requires_grad=True).amax()"):
        y = eval(expr)
        print(expr, y, y.grad_fn.name())
        (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
        print("  grad", x.grad)
        x.grad = None
    for expr in ("torch.tensor([]).amax()", "torch.zeros(0, 3).amin(0)", "torch.zeros(0, 3).amax(1)",
                 "torch.tensor([3, 1]).amax()", "torch.tensor(2.5).amin(0)", "x.amax((1, -1))",
                 "torch.tensor([1.0, float('nan')]).amax()"):
        try:
            print(expr, eval(expr))
        except Exception as e:
            print(expr, type(e).__name__, e)
""")

prog("prod", """
    x = torch.tensor([[1.0, 2.0, 0.0], [3.0, -1.0, 4.0]], requires_grad=True)
    for expr in ("x.prod()", "x.prod(1)", "x.prod(0, keepdim=True)", "torch.prod(x)",
                 "torch.prod(x, dim=-1)", "(x + 1).prod()", "(x + 1).prod(0)", "x[1].prod()",
                 "(x * 0).prod()", "(x * 0).prod(1)", "x.prod(dtype=torch.float64)",
                 "x.t().prod(1)", "x[0, 0].prod()", "x[0, 0].prod(0)"):
        y = eval(expr)
        print(expr, y)
        y.sum().backward()
        print("  grad", x.grad)
        x.grad = None
    i = torch.tensor([[1, 2], [3, 4]])
    print(i.prod(), i.prod(0), torch.tensor([True, False]).prod(), torch.tensor([]).prod(),
          torch.zeros(0, 3).prod(0), torch.tensor([1.5, 2.0]).prod(dtype=torch.int64),
          i.to(torch.int32).prod().dtype)
    for expr in ("x.prod((0, 1))", "x.prod(2)"):
        try:
            print(eval(expr))
        except Exception as e:
            print(type(e).__name__, e)
    for vals in ([0.0, 0.0, 3.0], [0.0, 2.0, 3.0], [1.5, -2.0, 3.0]):
        z = torch.tensor(vals, requires_grad=True)
        g, = torch.autograd.grad(z.prod(), z, create_graph=True)
        gg, = torch.autograd.grad(g.sum(), z)
        z.prod().backward()
        print(g, gg, z.grad)
    y = x.prod(1)
    print(y.grad_fn._saved_dim, y.grad_fn._saved_keepdim, y.grad_fn._saved_result,
          y.grad_fn._saved_self)
""")

prog("var_std", """
    x = torch.tensor([[1.0, 2.0, 0.0], [3.0, -1.0, 4.0]], requires_grad=True)
    for expr in ("x.std()", "x.var()", "x.std(0)", "x.var(1, keepdim=True)", "x.std(unbiased=False)",
                 "x.var(correction=0)", "x.std(dim=1, correction=2)", "x.var((0, 1))", "torch.std(x)",
                 "torch.var(x, 0)", "x[0, :1].std()", "x[0, :1].var()", "x.var(0, False)",
                 "x.var(False)", "x.std(None)", "x.var(dim=-1, unbiased=True, keepdim=True)",
                 "x.std(correction=0.5)", "x.var(correction=6)", "x.var(correction=7)",
                 "x.std(1, correction=3)", "x[0, 0].var()", "x[0, 0].std(0, correction=0)",
                 "x.double().std(0)", "torch.std(x, dim=1, keepdim=True)"):
        y = eval(expr)
        # (PyTorch saves a negative dim as given, as an unsigned number: not compared)
        print(expr, y, repr(y.grad_fn._saved_correction), y.grad_fn._saved_keepdim)
        y.sum().backward()
        print("  grad", x.grad)
        x.grad = None
        eval(expr).backward(torch.full(y.shape, float("inf")))
        print("  inf grad", x.grad)
        x.grad = None
    c = torch.tensor([2.0, 2.0], requires_grad=True)
    y = c.std()
    y.backward()
    print(y, c.grad)
    for expr in ("torch.tensor([1, 2]).std()", "torch.tensor([]).std()", "torch.zeros(0, 3).var(0)",
                 "torch.zeros(0, 3).var(1)", "x.var(2)", "x.std((0, 0))"):
        try:
            print(expr, eval(expr))
        except Exception as e:
            print(expr, type(e).__name__, e)
    for vals in ([1.0, 2.0, 4.0], [3.0, 3.0, 3.0]):
        z = torch.tensor(vals, requires_grad=True)
        for f in (lambda z: z.var(), lambda z: z.std(), lambda z: z.std(0, keepdim=True)):
            g, = torch.autograd.grad(f(z).sum(), z, create_graph=True)
            gg, = torch.autograd.grad(g.sum(), z)
            print(g.detach(), gg)
""")

prog("cumsum", """
    x = torch.tensor([[1.0, 2.0, 0.0], [3.0, -1.0, 4.0]], requires_grad=True)
    for expr in ("x.cumsum(0)", "x.cumsum(dim=1)", "torch.cumsum(x, -1)",
                 "x.cumsum(1, dtype=torch.float64)", "x[0].cumsum(0)", "x[0, 0].cumsum(0)",
                 "x[:1].cumsum(0)", "x.t().cumsum(1)"):
        y = eval(expr)
        print(expr, y)
        (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
        print("  grad", x.grad)
        x.grad = None
        y = eval(expr)
        g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
        gg, = torch.autograd.grad(g.sum(), x)
        print("  ", g.detach(), gg)
    print(x.cumsum(1).grad_fn._saved_dim)
    i = torch.tensor([[1, 2], [3, 4]], dtype=torch.int32)
    for expr in ("i.cumsum(0)", "i.cumsum(0).dtype", "torch.tensor([True, True]).cumsum(0)",
                 "torch.tensor([]).cumsum(0)", "torch.ones(2).cumsum(1)",
                 "torch.zeros(2, 0).cumsum(1)"):
        try:
            print(expr, eval(expr))
        except Exception as e:
            print(expr, type(e).__name__, e)
""")

prog("cross_entropy", """
    import torch.nn.functional as F
    logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]], requires_grad=True)
    t = torch.tensor([0, 2])
    loss = F.cross_entropy(logits, t)
    print(loss, loss.grad_fn.next_functions, loss.grad_fn.next_functions[0][0].next_functions)
    g = loss.grad_fn
    print(g._saved_reduction, g._saved_ignore_index, g._saved_total_weight, g._saved_target,
          g._saved_weight, g._saved_self)
    loss.backward()
    print(logits.grad)
    logits.grad = None
    for kw in ("reduction='sum'", "reduction='none'", "ignore_index=2", "ignore_index=-100",
               "weight=torch.tensor([1.0, 2.0, 0.5])",
               "weight=torch.tensor([1.0, 2.0, 0.5]), reduction='none'",
               "weight=torch.tensor([1.0, 2.0, 0.5]), reduction='sum', ignore_index=0"):
        l = eval(f"F.cross_entropy(logits, t, {kw})")
        print(kw, l, l.grad_fn._saved_total_weight, l.grad_fn._saved_reduction)
        l.sum().backward()
        print("  ", logits.grad)
        logits.grad = None
        l = eval(f"F.cross_entropy(logits, t, {kw})")
        l.backward(torch.full(l.shape, float('inf')))
        print("   inf", logits.grad)
        logits.grad = None
    for e in ("F.cross_entropy(logits, torch.tensor([0, 3]))",
              "F.cross_entropy(logits, torch.tensor([0.0, 2.0]))",
              "F.cross_entropy(logits, torch.tensor([0]))",
              "F.cross_entropy(logits[0], torch.tensor(0))",
              "F.cross_entropy(logits, torch.tensor([0, 2], dtype=torch.int32))",
              "F.cross_entropy(logits.double(), t)", "F.nll_loss(logits.log_softmax(1), t)",
              "F.cross_entropy(logits, torch.tensor([-1, 0]))",
              "F.cross_entropy(logits, t, reduction='avg')",
              "F.cross_entropy(logits, torch.tensor([2, 2]), ignore_index=2)",
              "F.cross_entropy(logits, torch.tensor([0, 1], dtype=torch.uint8))",
              "F.cross_entropy(logits, t, weight=torch.ones(2))",
              "F.cross_entropy(logits.double(), t, weight=torch.ones(3))",
              "F.cross_entropy(torch.tensor(1.0), torch.tensor(0))",
              "F.cross_entropy(torch.randint(0, 3, (2, 3)), t)",
              "F.cross_entropy(torch.randn(2, 3, 4), torch.zeros(2, 3, dtype=torch.long))",
              "F.cross_entropy(torch.tensor([[1.0, 2.0]]), torch.tensor([5]), ignore_index=5)"):
        try:
            print(e, eval(e))
        except Exception as ex:
            print(e, type(ex).__name__, ex)
    x = torch.randn(2, 3, 4, requires_grad=True)
    tt = torch.tensor([[0, 1, 2, 0], [1, 1, 1, 2]])
    for red in ("mean", "none", "sum"):
        l = F.cross_entropy(x, tt, reduction=red, ignore_index=1)
        print(red, l, l.grad_fn.next_functions[0][0])
        l.sum().backward()
        print(x.grad)
        x.grad = None
    img = torch.randn(1, 3, 2, 2, requires_grad=True)
    l = F.cross_entropy(img, torch.tensor([[[0, 1], [2, 0]]]), reduction="none")
    print(l)
    l.sum().backward()
    print(img.grad)
    l = F.cross_entropy(logits[0], torch.tensor(1), reduction='none')
    l.backward()
    print(l, logits.grad)
    logits.grad = None
    # (numpy's float32 exp may be an ulp off PyTorch's: the numbers themselves with tolerance)
    check(F.cross_entropy(logits, t), F.cross_entropy(x, tt, reduction="none"))
    g1, = torch.autograd.grad(F.cross_entropy(logits, t), logits, create_graph=True)
    g2, = torch.autograd.grad((g1 * g1).sum(), logits)
    print(g1.detach(), g2)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
