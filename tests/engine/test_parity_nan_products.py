"""``nansum``, ``nanmean``, ``aminmax``, ``torch.cross`` / ``torch.linalg.cross``,
``kron``, ``inner`` and ``dist`` print the same under the engine as under PyTorch:
values, dtypes, grad_fn names (of the composites' last step too, and double backward),
warnings and error messages. ``parity`` runs each program under both and compares the
transcripts."""
import parity

P, prog = parity.table()

HELPERS = """
def show(src):
    try:
        r = eval(src)
        print(src, r, getattr(r, 'dtype', None), getattr(r, 'grad_fn', None))
    except Exception as e:
        print(src, '->', type(e).__name__, e)
"""

prog("nansum_nanmean_aminmax", HELPERS + """
n = torch.tensor([[1., float('nan'), 3.], [float('nan'), 2., 2.]], requires_grad=True)
i, b = torch.tensor([[3, 1, 3], [2, 2, 0]]), torch.tensor([True, False, True])
for src in ("n.nansum()", "n.nansum(1)", "n.nansum((0, 1), True)", "torch.nansum(n, 0)", "i.nansum()",
            "b.nansum()", "n.nansum(dtype=torch.float64)", "n.nanmean()", "n.nanmean(1)",
            "torch.nanmean(n, dim=0, keepdim=True)", "torch.tensor([float('nan')]).nanmean()",
            "i.nanmean()", "n.aminmax()", "n.aminmax(dim=1)", "i.aminmax(dim=0, keepdim=True)",
            "b.aminmax()", "torch.aminmax(i)", "torch.aminmax(i, dim=-1)", "torch.tensor([]).aminmax()",
            "n.aminmax(1)", "torch.aminmax(n, 0, True)", "torch.zeros(2, 0).aminmax(dim=1)"):
    show(src)
print(n.nanmean(1).grad_fn.next_functions[0][0], type(torch.aminmax(i)).__name__, torch.aminmax(i).max)
n.nansum().backward(); print(n.grad); n.grad = None
n.nanmean().backward(); print(n.grad)
x = torch.tensor([[1., 5., 5.], [2., 2., 0.]], requires_grad=True)
r = x.aminmax(); (r.min + 2 * r.max).backward(); print(x.grad); x.grad = None
mn, mx = x.aminmax(dim=1); (mn + 2 * mx).sum().backward(); print(x.grad)
g, = torch.autograd.grad(torch.nansum(x * x), x, create_graph=True); print(g)
torch.manual_seed(0)
big = torch.randn(1000); big[::7] = float('nan')
print(big.nansum().item(), big.nanmean().item(), big.double().nansum().item())
""")
prog("cross_kron_inner_dist", HELPERS + """
a = torch.tensor([1., 2., 3.], requires_grad=True)
c = torch.tensor([2., 2., 1.], requires_grad=True)
A = torch.arange(6.).view(2, 3).requires_grad_()
B = torch.ones(2, 3)
i = torch.tensor([1, 2, 3])
for src in ("torch.linalg.cross(a, c)", "torch.cross(a, c, dim=0)", "torch.linalg.cross(A, B)",
            "torch.linalg.cross(A.t(), B.t(), dim=0)", "a.cross(c, dim=-1)", "torch.linalg.cross(i, i)",
            "torch.linalg.cross(A, c.expand(2, 3))", "torch.linalg.cross(a, torch.ones(4))",
            "torch.linalg.cross(a, c.double())", "torch.linalg.cross(A, c)",
            "torch.linalg.cross(torch.tensor([True, False, True]), torch.tensor([True, True, True]))",
            "torch.kron(a, c)", "torch.kron(A, B)", "torch.kron(a, A)", "a.kron(c)", "torch.kron(i, i)",
            "torch.kron(a, c.double())", "torch.inner(a, c)", "torch.inner(A, B)", "a.inner(c)",
            "torch.inner(a, A)", "torch.inner(a, torch.tensor(2.))", "torch.inner(i, i)", "torch.inner(a, B[:, :2])",
            "torch.dist(a, c)", "torch.dist(a, c, 1)", "torch.dist(a, c, 0)", "torch.dist(a, c, float('inf'))",
            "a.dist(c, 3)", "torch.dist(A, c)", "torch.dist(i, i)",
            "torch.dist(torch.tensor([True]), torch.tensor([False]))"):
    show(src)
print(torch.cross(a, c))   # (the deprecated default dim warns)
print(torch.inner(A, B).grad_fn.next_functions, torch.kron(A, B).grad_fn.next_functions)
for src in ("torch.kron(a, c)", "torch.linalg.cross(a, c)", "torch.dist(a, c)", "torch.dist(a, c, 3)",
            "torch.inner(a, c)", "torch.dist(a, c, 1)"):
    g = torch.autograd.grad(eval(src).pow(2).sum(), [a, c], create_graph=True)
    print(src, g, [x.grad_fn for x in g])
torch.manual_seed(0)
u, v = torch.randn(4, 3), torch.randn(4, 3)
print(torch.linalg.cross(u, v), torch.dist(u, v).item(), torch.inner(u, v), torch.kron(u[:2, :2], v[:2, :2]))
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
