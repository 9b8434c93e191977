"""``kthvalue``, ``nanmedian``, ``cummax`` and ``cummin`` print the same under the engine
as under PyTorch: values, the indices PyTorch's kernels pick among ties and nans, grad_fn
names (double backward too), and the error messages. ``parity`` runs each program under
both and compares the transcripts."""
import parity

P, prog = parity.table()

prog("kthvalue", """
a = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
r = a.kthvalue(2); print(r, type(r).__name__, r.values.grad_fn, r.indices.grad_fn)
print(torch.kthvalue(a, 1, 0, True), torch.kthvalue(a, k=2, dim=0), a.kthvalue(3, keepdim=True))
(r.values * torch.tensor([2., 3.])).sum().backward(); print(a.grad)
ties = torch.tensor([2., 1., 2., 1.])
print([ties.kthvalue(k) for k in (1, 2, 3, 4)], torch.zeros(3).kthvalue(1, 0, True))
torch.manual_seed(0)
t = torch.randint(0, 4, (3, 40)).float()
for k in (1, 2, 7, 20, 39, 40):
    print(k, t.kthvalue(k).indices.tolist(), t.kthvalue(k, 0).indices.tolist())
nan = torch.tensor([[1., float('nan'), 3.], [float('nan'), 2., 2.]])
print(nan.kthvalue(2), nan.kthvalue(3), torch.tensor([3, 1, 2]).kthvalue(2), torch.tensor(3.).kthvalue(1))
y = torch.tensor([[3., 1., 2.], [0., 5., 4.]], requires_grad=True)
g, = torch.autograd.grad(y.kthvalue(2).values.pow(2).sum(), y, create_graph=True); print(g)
g.sum().backward(); print(y.grad)
check(r.values, g)
for bad in ("a.kthvalue(4)", "a.kthvalue(0)", "a.kthvalue()", "a.kthvalue(1.5)", "a.kthvalue(1, 2)",
            "torch.tensor([True]).kthvalue(1)", "torch.tensor([]).kthvalue(1)", "torch.tensor(5.).kthvalue(2)"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("nanmedian", """
n = torch.tensor([[1., float('nan'), 3.], [float('nan'), 2., 2.]], requires_grad=True)
print(n.nanmedian(), torch.nanmedian(n), n.nanmedian().grad_fn)
n.nanmedian().backward(); print(n.grad); n.grad = None
r = n.nanmedian(1); print(r, type(r).__name__, r.values.grad_fn)
r.values.sum().backward(); print(n.grad); n.grad = None
print(torch.nanmedian(n, 0, keepdim=True), n.nanmedian(dim=-1, keepdim=True))
print(torch.tensor([[1., 2., 2., 1.]]).nanmedian(1), torch.tensor([1., 2., 3., 4.]).nanmedian())
print(torch.tensor([float('nan')] * 3).nanmedian(0), torch.tensor([]).nanmedian(), torch.tensor(5.).nanmedian(0))
print(torch.tensor([[3, 1, 3], [2, 2, 0]]).nanmedian(), torch.tensor([[3, 1, 3], [2, 2, 0]]).nanmedian(1))
m = torch.tensor([[4., 1., 4., 2.], [0., 0., 3., 3.]], requires_grad=True)
print(m.nanmedian(), m.median(), m.nanmedian(1), m.median(1))
g, = torch.autograd.grad(m.nanmedian(1).values.pow(2).sum(), m, create_graph=True); print(g)
g.sum().backward(); print(m.grad)
check(r.values, g)
for bad in ("torch.tensor([True]).nanmedian()", "torch.tensor([True]).nanmedian(0)", "n.nanmedian(keepdim=True)",
            "torch.tensor([]).nanmedian(0)", "n.nanmedian(2)"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("cummax_cummin", """
a = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
for f in (torch.cummax, torch.cummin):
    r = f(a, 1); print(r, type(r).__name__, r.values.grad_fn, r.indices.grad_fn)
    print(f(a, 0), f(a, dim=-1).indices)
print(a.cummax(1).values.sum().backward(), a.grad); a.grad = None
(a.cummin(0).values * torch.tensor([[1., 2., 3.]])).sum().backward(); print(a.grad)
print(torch.tensor([1., 3., 3., 2., 3.]).cummax(0), torch.tensor([3., 1., 1., 2., 1.]).cummin(0))
nan = torch.tensor([[1., float('nan'), 3., float('nan')], [float('nan'), 2., 2., 0.]])
print(nan.cummax(1), nan.cummin(1), nan.cummin(0))
print(torch.tensor([[3, 1, 3], [2, 2, 0]]).cummax(1), torch.tensor([True, False, True]).cummax(0),
      torch.tensor([True, False, True]).cummin(0))
print(torch.tensor(3.).cummax(0), torch.tensor([]).cummax(0), torch.zeros(2, 0).cummin(1))
torch.manual_seed(0)
t = torch.randint(0, 3, (2, 12)).double()
print(t.cummax(1).indices.tolist(), t.cummin(1).indices.tolist())
y = torch.tensor([2., 1., 3., 0.], requires_grad=True)
g, = torch.autograd.grad(y.cummax(0).values.pow(2).sum(), y, create_graph=True); print(g, g.grad_fn)
g.sum().backward(); print(y.grad)
check(g)
for bad in ("a.cummax()", "a.cummin(2)", "torch.cummax(a)"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")
prog("quantile_nanquantile", """
a = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
n = torch.tensor([[1., float('nan'), 3.], [float('nan'), 2., 2.]])
for src in ("a.quantile(0.5)", "a.quantile(0.3, 1)", "a.quantile(0.3, 1, True)", "a.quantile(0.5, keepdim=True)",
            "a.quantile(torch.tensor([0.25, 0.75]))", "a.quantile(torch.tensor([0.25, 0.75]), dim=0)",
            "a.quantile(torch.tensor([0.25, 0.75]), dim=0, keepdim=True)", "torch.quantile(a, 0.5, dim=1, keepdim=True)",
            "a.quantile(torch.tensor(0.5))", "a.quantile(torch.tensor([0.5]), 1)", "a.double().quantile(0.3)",
            "n.quantile(0.5)", "n.nanquantile(0.5)", "n.nanquantile(0.5, 1)", "n.quantile(0.5, 1)",
            "torch.nanquantile(torch.tensor([float('nan')] * 3), 0.2)",
            "a.quantile(1.5)", "torch.tensor([1, 2]).quantile(0.5)", "a.quantile(0.5, interpolation='x')",
            "torch.tensor([]).quantile(0.5)", "a.quantile(torch.tensor([0.5], dtype=torch.float64))"):
    try: print(src, eval(src))
    except Exception as e: print(src, type(e).__name__, e)
for mode in ("linear", "lower", "higher", "nearest", "midpoint"):
    print(mode, a.quantile(0.4, interpolation=mode), torch.quantile(a, torch.tensor([0.1, 0.5, 0.9]), 1, interpolation=mode))
r = a.quantile(0.3, 1); print(r.grad_fn, r.grad_fn.next_functions[0][0], r.grad_fn.next_functions[0][0].next_functions)
r.sum().backward(); print(a.grad); a.grad = None
a.quantile(torch.tensor([0.2, 0.9]), 0).sum().backward(); print(a.grad)
torch.manual_seed(0)
x = torch.randn(101)
print(x.quantile(torch.tensor([0.1, 0.33, 0.5, 0.9])).tolist(), x.double().quantile(0.37).item(),
      x.view(1, 101).nanquantile(0.61, 1).tolist())
""")
prog("shape_in_place", """
def attempt(src):
    try:
        r = eval(src); print(src, r, tuple(r.shape), r._version, r.grad_fn)
    except Exception as e: print(src, type(e).__name__, e)
x = torch.tensor([[1.5, -2.], [0.25, 4.]])
attempt("x.t_()"); print(x)
for src in ("torch.ones(2, 3, 4).t_()", "torch.ones(2, 3).squeeze_(5)", "torch.ones(2, 3).unsqueeze_(3)",
            "torch.ones(2, 3).transpose_(0, 2)", "torch.ones(3).t_()", "torch.ones(2, 1, 3).squeeze_(1)",
            "torch.ones(2, 1, 3).squeeze_(0)", "torch.ones(1, 2, 1).squeeze_()", "torch.ones(2, 3).unsqueeze_(-1)",
            "torch.ones(2, 3).transpose_(-1, 0)"):
    attempt(src)
w = torch.ones(2, 3, requires_grad=True)
attempt("w.t_()"); attempt("w.unsqueeze_(0)"); v = w[0]; attempt("v.unsqueeze_(0)")
y = w * 2; attempt("y.t_()"); print(y.grad_fn.next_functions)
z = w * 2; attempt("z.unsqueeze_(1)")
z = w * 2; attempt("z.transpose_(0, 1)")
with torch.no_grad():
    attempt("w.t_()")
w = torch.ones(2, 3, requires_grad=True)
z = w * 2; z.unsqueeze_(0); z.squeeze_()
(z.t_() * torch.arange(6.).view(3, 2)).sum().backward(); print(w.grad, z._version)
b = torch.arange(6.).view(2, 3); c = b.view(3, 2); b.t_(); b.mul_(10); print(b, c)
g, = torch.autograd.grad((w * 3).t_().pow(2).sum(), w, create_graph=True); print(g)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
