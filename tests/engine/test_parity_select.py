"""Sorting, selecting by rank, writing by index, diagonals, rolling, running products and
addmm print the same under the engine as under PyTorch: values, the indices PyTorch's
sorting algorithms leave equal elements in, grad_fn names (double backward too), and the
error messages. ``parity`` runs each program under both and compares the transcripts."""
import parity

P, prog = parity.table()

prog("sort_argsort_msort", """
x = torch.tensor([3., 1., 2., 1., 5.], requires_grad=True)
s = torch.sort(x); print(s, type(s).__name__, s.values.grad_fn, s.indices.grad_fn)
print(torch.sort(x, descending=True), x.argsort(), torch.argsort(x, descending=True), x.msort())
(torch.sort(x).values * torch.arange(5.)).sum().backward(); print(x.grad)
m = torch.tensor([[4., 1., 4., 2.], [0., 0., 3., 3.]], requires_grad=True)
print(m.sort(0), m.sort(dim=1, descending=True, stable=True), torch.argsort(m, dim=0, descending=True))
print(torch.tensor(3.).sort(), torch.tensor([[]]).sort(), torch.tensor([True, False, True]).sort())
nan = torch.tensor([2., float('nan'), -1., float('nan'), 0.])
print(nan.sort(), nan.sort(descending=True), nan.argsort(stable=True))
y = torch.tensor([2., 1., 2.], requires_grad=True)
g, = torch.autograd.grad(y.sort().values.pow(2).sum(), y, create_graph=True); print(g)
g.sum().backward(); print(y.grad)
check(s.values, x.grad, g)
for bad in ("x.sort(1)", "x.argsort(-2)"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("sort_ties_follow_introsort", """
torch.manual_seed(0)
for n in (5, 16, 17, 40, 300):
    t = torch.randint(0, 4, (n,)).float()
    for d in (False, True):
        print(n, d, t.sort(descending=d).indices.tolist())
        print(n, d, t.sort(descending=d, stable=True).indices.tolist())
w = torch.randint(0, 3, (3, 40))
print(w.sort(1).indices, w.sort(0, descending=True).indices, w.double().argsort(1))
""")
prog("topk", """
x = torch.tensor([3., 1., 2., 1., 5.], requires_grad=True)
print(torch.topk(x, 2), torch.topk(x, 3, largest=False), x.topk(k=2, sorted=False))
print(torch.topk(torch.tensor([1., 2., 2., 2., 0.]), 2))
x.topk(2).values.sum().backward(); print(x.grad)
torch.manual_seed(1)
t = torch.randint(0, 5, (4, 130)).float()
for k in (1, 2, 3, 70):
    for largest in (True, False):
        for srt in (True, False):
            print(k, largest, srt, t.topk(k, 1, largest, srt).indices.tolist())
print(torch.tensor(3.).topk(1), torch.tensor([float('nan'), 1., float('nan')]).topk(2))
for bad in ("x.topk(6)", "x.topk(-1)", "torch.tensor([True, False]).topk(1)", "x.topk(1, 1)"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("median", """
m = torch.tensor([[4., 1., 4., 2.], [0., 0., 3., 3.]], requires_grad=True)
r = m.median(1); print(r); r.values.sum().backward(); print(m.grad); m.grad = None
r = m.median(0, keepdim=True); print(r); r.values.sum().backward(); print(m.grad); m.grad = None
print(m.median()); m.median().backward(); print(m.grad)
print(torch.median(m, dim=-1), torch.tensor([1, 5, 2]).median(), torch.tensor([1, 5, 2]).median(0))
print(torch.median(torch.tensor([])), torch.tensor(3.).median(0), torch.tensor([1., float('nan'), 0.]).median(0))
print(torch.tensor([0., -0., 0., -0.]).median(), torch.tensor([[2., float('nan')]]).median())
g, = torch.autograd.grad(m.median(1).values.pow(2).sum(), m, create_graph=True); print(g)
check(r.values, g)
for bad in ("torch.tensor([]).median(0)", "torch.tensor([True]).median()", "m.median(keepdim=True)",
            "m.median(2)"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("scatter_scatter_add_index_add", """
t = torch.zeros(3, 5); idx = torch.tensor([[0, 1, 2, 0, 0]])
src = torch.ones(3, 5, requires_grad=True)
print(t.scatter(0, idx, src), t.scatter(0, idx, 2.5), t.scatter_add(0, idx, src))
print(t.index_add(0, torch.tensor([0, 2]), src[:2]), t.index_add(0, torch.tensor([0, 2]), src[:2], alpha=2))
print(torch.scatter(t, 0, torch.tensor([[0, 1]]), 2.), t.scatter(0, torch.tensor([[0, 1]]), value=2.),
      t.scatter(dim=0, index=torch.tensor([[0, 1]]), src=torch.ones(1, 2)))
t = torch.zeros(3, 5, requires_grad=True)
src = torch.arange(20.).view(4, 5).requires_grad_()
i2 = torch.tensor([[2, 0, 1, 2, 0], [1, 1, 0, 0, 2]])
for f in ("scatter", "scatter_add"):
    t.grad = None; src.grad = None
    y = getattr(t, f)(0, i2, src[:2] * 1)
    (y * torch.arange(15.).view(3, 5)).sum().backward(); print(f, y, t.grad, src.grad)
    check(y, t.grad, src.grad)
    try:
        getattr(t, f)(0, torch.tensor([[0, 1]]), src).sum().backward()
    except RuntimeError as e: print(f, e)
t.grad = None; src.grad = None
y = t.index_add(1, torch.tensor([4, 0, 4]), src[:3, :3], alpha=0.5)
(y * torch.arange(15.).view(3, 5)).sum().backward(); print(y, t.grad, src.grad)
z = torch.zeros(3, 5); z.scatter_(0, torch.tensor([[0, 1]]), 5.); print(z)
w = t.clone(); w.scatter_(0, torch.tensor([[0, 1]]), src[:1, :2]); print(w.grad_fn)
w.index_add_(1, torch.tensor([0]), torch.ones(3, 1)); print(w.grad_fn)
w.scatter_add_(1, torch.tensor([[0], [1], [0]]), torch.ones(3, 1)); print(w)
print(torch.scatter_add(torch.zeros(2), 0, torch.tensor([0, 0, 1]), torch.tensor([1., 2, 3])),
      torch.index_add(torch.zeros(2), 0, torch.tensor([1, 1]), torch.tensor([1., 2.]), alpha=3))
a = torch.tensor([1., 2., 3.], requires_grad=True)
g, = torch.autograd.grad(torch.zeros(3).scatter_add(0, torch.tensor([2, 0]), a[:2] ** 2).sum(), a, create_graph=True)
print(g)
t = torch.zeros(3, 5)
for bad in ["t.scatter(0, torch.tensor([[0, 1]]), torch.ones(1, 2, dtype=torch.float64))",
            "t.scatter(0, torch.tensor([[0., 1]]), 1.)", "t.scatter(0, torch.tensor([0, 1]), 1.)",
            "t.scatter(0, torch.tensor([[5, 1]]), 1.)", "t.scatter(0, torch.tensor([[0, 1]]), torch.ones(1, 1))",
            "t.index_add(0, torch.tensor([0, 1]), torch.ones(2, 4))", "t.index_add(0, torch.tensor([0, 7]), torch.ones(2, 5))",
            "t.index_add(0, torch.tensor([[0, 1]]), torch.ones(2, 5))",
            "t.index_add(0, torch.tensor([0, 1]), torch.ones(2, 5, dtype=torch.float64))",
            "t.index_add(0, torch.tensor([0., 1]), torch.ones(2, 5))", "t.scatter_add(0, torch.tensor([[0, 1]]), 2.)",
            "src.scatter_(0, torch.tensor([[0, 1]]), 5.)"]:
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("roll_diag_diagonal_trace", """
x = torch.arange(6.).view(2, 3).requires_grad_()
print(torch.roll(x, 1), torch.roll(x, (1, -1), (0, 1)), x.roll(2, 1), torch.roll(x, shifts=1, dims=(0,)))
(torch.roll(x, (1, -1), (0, 1)) * torch.arange(6.).view(2, 3)).sum().backward(); print(x.grad)
m = torch.arange(9.).view(3, 3).requires_grad_()
print(m.diagonal(1), m.diagonal(0, 1, 0), torch.diagonal(m, -1), torch.trace(m), m.trace(),
      torch.diag(torch.tensor([1, 2]), 1), torch.diag(m), torch.diag(m, -1))
(m.diagonal(1) * torch.tensor([2., 3.])).sum().backward(); print(m.grad); m.grad = None
torch.trace(m).backward(); print(m.grad); m.grad = None
torch.diag(m, 1).sum().backward(); print(m.grad); m.grad = None
v = torch.tensor([1., 2.], requires_grad=True)
d = torch.diag(v, -1); print(d); (d * torch.arange(9.).view(3, 3)).sum().backward(); print(v.grad)
w = m.detach().clone(); w.diagonal().fill_(7); print(w)
w.diagonal(1).mul_(2); print(w)
b = torch.ones(2, 3, 3); print(b.diagonal(0, 1, 2).shape, b.diagonal(dim1=0, dim2=2))
g, = torch.autograd.grad((m.diagonal() ** 2).sum(), m, create_graph=True); print(g)
check(d, v.grad, g)
for bad in ["x.roll((1, 2), 0)", "x.roll(1, 2)", "x.roll((1, 2))", "torch.trace(torch.ones(3))",
            "torch.diag(torch.ones(2, 2, 2))", "x.diagonal(0, 0, 0)", "torch.diag(torch.tensor(3.))"]:
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("cumprod_count_nonzero", """
a = torch.tensor([2., 0., 3., 0.], requires_grad=True)
c = a.cumprod(0); c.backward(torch.tensor([1., 2., 3., 4.])); print(c, a.grad)
a = torch.tensor([[2., 0.5, 3.], [1., -2., 0.]], requires_grad=True)
c = torch.cumprod(a, 1); c.backward(torch.tensor([[1., 2., 3.], [4., 5., 6.]])); print(c, a.grad)
a.grad = None; c = a.cumprod(dim=0); c.sum().backward(); print(c, a.grad)
check(c, a.grad)
torch.manual_seed(0)
r = torch.rand(200) + 0.5
print(r.cumprod(0)[-5:], r.cumsum(0)[-5:], torch.tensor([1, 2, 3]).cumprod(0), torch.ones(3).cumprod(0, dtype=torch.float64))
print(torch.tensor([[1, 0], [0, 0]]).count_nonzero(), torch.count_nonzero(torch.zeros(2, 3), dim=(0, 1)),
      torch.tensor([True, False]).count_nonzero(0), torch.ones(2, 3).count_nonzero(-1))
""")
prog("addmm", """
mm = torch.arange(4.).view(2, 2).requires_grad_()
vv = torch.tensor([1., 2.], requires_grad=True)
for e in ["torch.addmm(vv, mm, mm)", "torch.addmm(mm, mm, mm, beta=0)", "torch.addmm(mm, mm, mm, alpha=0.5)",
          "mm.addmm(mm, mm)", "torch.addmm(torch.ones(3), mm, mm)", "torch.addmm(mm, vv, mm)",
          "torch.addmm(mm, mm, torch.ones(3, 2))", "torch.addmm(1., mm, mm)", "mm.addmm_(mm, mm)",
          "mm.clone().addmm_(mm, mm)", "torch.addmm(mm.double(), mm, mm)", "mm.add_(1)"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, type(ex).__name__, ex)
y = torch.addmm(vv, mm, mm, beta=0.5, alpha=2); y.sum().backward(); print(vv.grad, mm.grad)
check(y, vv.grad, mm.grad)
""")

prog("next_functions_leave_out_index_mask_and_weight", """
import torch.nn.functional as F
x = torch.tensor([[0.2, 1.5, -0.3], [2.0, 0.1, 0.4]], requires_grad=True)
t = torch.tensor([1, 2])
i = torch.tensor([[0, 2], [1, 1]])
for name, y in [("nll", F.nll_loss(x.log_softmax(1), t)), ("gather", x.gather(1, i)), ("index_select", x.index_select(1, torch.tensor([2, 0]))),
                ("masked_fill", x.masked_fill(x > 1, 0.)), ("masked_select", x.masked_select(x > 1)), ("where", torch.where(x > 1, x, 0.)),
                ("scatter", torch.zeros(2, 3).scatter(1, i, x[:, :2])), ("scatter_add", torch.zeros(2, 3).scatter_add(1, i, x[:, :2])),
                ("index_add", torch.zeros(2, 3).index_add(0, torch.tensor([1, 0]), x)), ("bce_w", F.binary_cross_entropy(x.sigmoid(), torch.ones(2, 3), weight=torch.ones(3))),
                ("bce_logits_w", F.binary_cross_entropy_with_logits(x, torch.ones(2, 3), pos_weight=torch.ones(3))), ("mse", F.mse_loss(x, torch.ones(2, 3))),
                ("cross_entropy", F.cross_entropy(x, t)), ("one_hot_mul", x * F.one_hot(t, 3)), ("sort", x.sort().values), ("topk", x.topk(2).values)]:
    print(name, type(y.grad_fn).__name__, [None if f is None else type(f).__name__ for f, _ in y.grad_fn.next_functions])
""")

prog("indices_past_a_half_precision_tables_exact_integers", """
# float16 holds every integer only up to 2048: an index must not be rounded like a value
w = (torch.arange(5000.0) % 7).to(torch.float16).reshape(5000, 1).requires_grad_()
i = torch.tensor([2049, 3001, 4097])
for y in (torch.nn.functional.embedding(i, w), w.index_select(0, i), w.gather(0, i[:, None])):
    print(y.flatten(), y.grad_fn)
z = torch.zeros(5000, dtype=torch.float16)
print(z.scatter(0, i, 1.0).nonzero().flatten(),
      z.scatter_add(0, i, torch.ones(3, dtype=torch.float16)).nonzero().flatten(),
      z.index_add(0, i, torch.ones(3, dtype=torch.float16)).nonzero().flatten())
torch.nn.functional.embedding(i, w).sum().backward()
print(w.grad.nonzero().flatten())
""")

prog("scatter_reduce_every_reduction_and_its_gradients", """
x = torch.randn(5, requires_grad=True)
idx = torch.tensor([0, 1, 0, 2, 1])
for base in (torch.zeros(3), torch.tensor([0.5, -2.0, 3.0])):
    for r in ("sum", "prod", "mean", "amax", "amin"):
        for inc in (True, False):
            y = base.scatter_reduce(0, idx, x, reduce=r, include_self=inc)
            (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
            print(r, inc, y, x.grad); check(y, x.grad); x.grad = None
a = torch.tensor([[1., 0, 3], [2, 2, -1]], requires_grad=True)
s = torch.tensor([[2., 0, 0.5], [0, 0, 1]], requires_grad=True)
i2 = torch.tensor([[0, 1, 1], [1, 1, 0]])
for r in ("sum", "prod", "mean", "amax", "amin"):
    for d in (0, 1):
        y = torch.scatter_reduce(a, d, i2, s, r, include_self=d == 0)
        ga, gs = torch.autograd.grad((y * y).sum(), (a, s), create_graph=True)
        print(r, d, y, ga, gs)
        try: print(torch.autograd.grad((ga * gs).sum(), (a, s), allow_unused=True))
        except RuntimeError as e: print(r, "twice:", e)
b = a.detach().clone().requires_grad_(); c = b * 1
c.scatter_reduce_(1, i2, s, "amax"); print(c, c.grad_fn, c._version)
c.sum().backward(); print(b.grad, s.grad)
print(torch.tensor([1, 2, 3]).scatter_reduce(0, torch.tensor([0, 0, 1]), torch.tensor([4, 5, 7]), "mean"),
      torch.tensor([1, 2, 3]).scatter_reduce(0, torch.tensor([0, 0, 1]), torch.tensor([4, 5, 7]), "mean", include_self=False),
      torch.tensor(2.).scatter_reduce(0, torch.tensor(0), torch.tensor(3.), "prod"))
t = torch.tensor([1., 2, 3, 4]); i = torch.tensor([0, 1, 0, 1])
for bad in ("t.scatter_reduce(0, i, t, 'foo')", "t.scatter_reduce(0, i, t, 'add')", "t.scatter_reduce(0, i, t)",
            "t.scatter_reduce(0, i.float(), t, 'sum')", "t.scatter_reduce(0, i, t.double(), 'sum')",
            "t.scatter_reduce(0, torch.tensor([5]), t, 'sum')"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
