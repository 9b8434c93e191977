"""``lerp``, ``addcmul``, ``addcdiv``, ``fmax``, ``fmin``, ``fmod``, ``hypot`` and
``copysign`` (functions, methods, in-place forms) print the same under the engine as under
PyTorch: values to the last bit where a sum shows it (``lerp``'s fused multiply-add),
dtypes, grad_fn names (double backward too) and the error messages. ``parity`` runs each
program under both and compares the transcripts."""
import parity

P, prog = parity.table()

HELPERS = """
def show(label, r):
    print(label, r, r.dtype, r.grad_fn)
def attempt(src):
    try: print(src, '->', eval(src))
    except Exception as e: print(src, '->', type(e).__name__, e)
"""

prog("lerp", HELPERS + """
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([2., 2., 1.], requires_grad=True)
w = torch.tensor([0.3, 0.7, 0.5], requires_grad=True)
for src in ("torch.lerp(a, b, 0.3)", "torch.lerp(a, b, w)", "a.lerp(b, 0.7)", "torch.lerp(a, b, 2)",
            "torch.lerp(a, b[:1], 0.5)", "torch.lerp(input=a, end=b, weight=w)"):
    show(src, eval(src))
(torch.lerp(a, b, w) * torch.tensor([1., 2., 3.])).sum().backward(); print(a.grad, b.grad, w.grad)
for x in (a, b, w): x.grad = None
torch.lerp(a, b, 0.25).sum().backward(); print(a.grad, b.grad, w.grad)
g = torch.autograd.grad(torch.lerp(a, b, 0.3).pow(2).sum(), [a, b], create_graph=True)
print(g, [x.grad_fn for x in g])
g = torch.autograd.grad(torch.lerp(a, b, w).pow(2).sum(), [a, b, w], create_graph=True)
print(g, [x.grad_fn for x in g])
torch.manual_seed(0)
x, y, z = torch.randn(100), torch.randn(100), torch.rand(100)
for wt in (0.3, 0.8, -0.2, 0.5, z):
    print(torch.lerp(x, y, wt).sum().item(), torch.lerp(x.double(), y.double(), wt if isinstance(wt, float) else wt.double()).sum().item())
print(torch.lerp(x.half(), y.half(), 0.3)[:6], torch.lerp(x[:5], y[:5], z[:5]))
m = torch.zeros(2, 2); m.lerp_(torch.ones(2, 2), 0.25); print(m)
v = torch.tensor([1., 2.], requires_grad=True).clone(); v.lerp_(torch.tensor([3., 5.]), 0.5); print(v)
for bad in ("torch.lerp(torch.tensor([1, 2]), torch.tensor([2, 3]), 0.5)", "torch.lerp(a, b.double(), 0.5)",
            "torch.lerp(a, b, w.double())", "torch.lerp(torch.tensor([1, 2]), torch.tensor([2, 3]), torch.tensor([1, 1]))",
            "torch.lerp(torch.ones(2, dtype=torch.int64), torch.ones(2), 0.5)", "torch.lerp(a, torch.ones(2), 0.5)",
            "torch.lerp(a, 2.0, 0.5)", "torch.ones(3).lerp_(torch.ones(2, 3), 0.5)"):
    attempt(bad)
""")
prog("addcmul_addcdiv", HELPERS + """
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([2., 2., 1.], requires_grad=True)
w = torch.tensor([0.3, 0.7, 0.5], requires_grad=True)
i, j = torch.tensor([1, 2, 3]), torch.tensor([2, 2, 1])
for src in ("torch.addcmul(a, b, w)", "torch.addcmul(a, b, w, value=2)", "a.addcdiv(b, w, value=0.5)",
            "torch.addcmul(i, j, j)", "torch.addcmul(a, i, j)", "torch.addcmul(i, j, j, value=0.5)",
            "torch.addcdiv(a, i, j)", "torch.addcmul(a, b[:1], w.view(3, 1))"):
    show(src, eval(src))
torch.addcdiv(a, b, w, value=0.5).sum().backward(); print(a.grad, b.grad, w.grad)
g = torch.autograd.grad(torch.addcdiv(a, b, w, value=0.5).pow(2).sum(), [a, b, w], create_graph=True)
print(g, [x.grad_fn for x in g])
g = torch.autograd.grad(torch.addcmul(a, b, w, value=2).pow(2).sum(), [a, b, w], create_graph=True)
print(g, [x.grad_fn for x in g])
torch.manual_seed(0)
x, y, z = torch.randn(50), torch.randn(50), torch.rand(50) + 0.5
print(torch.addcmul(x, y, z, value=0.3).sum().item(), torch.addcdiv(x, y, z, value=-0.3).sum().item())
# Adam's update, written by hand as its paper has it
p = torch.zeros(3); m, v = torch.tensor([0.1, -0.2, 0.3]), torch.tensor([0.01, 0.04, 0.09])
p.addcdiv_(m, v.sqrt().add_(1e-8), value=-0.001); print(p)
v.mul_(0.999).addcmul_(m, m, value=0.001); print(v)
for bad in ("torch.addcdiv(i, j, j)", "torch.addcmul(a, b, torch.ones(2))", "i.clone().addcmul_(a, b)"):
    attempt(bad)
""")
prog("fmax_fmin_fmod_hypot_copysign", HELPERS + """
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([2., 2., 1.], requires_grad=True)
i, j = torch.tensor([1, 2, 3]), torch.tensor([2, 2, 1])
nan = float('nan')
for src in ("torch.fmax(a, b)", "torch.fmin(a, b)", "a.fmax(b)", "torch.fmod(a, b)", "torch.fmod(a, 2)",
            "torch.fmod(a, -1.5)", "a.fmod(b * 0.7)", "torch.hypot(a, b)", "torch.copysign(a, -b)",
            "torch.copysign(a, 2)", "torch.fmax(i, j)", "torch.fmod(i, j)", "torch.fmod(i, 2.5)",
            "torch.copysign(i, j)", "torch.copysign(i, -1)", "torch.fmax(i, a)",
            "torch.fmax(torch.tensor([True]), torch.tensor([False]))",
            "torch.fmax(torch.tensor([nan, 1., nan]), torch.tensor([2., nan, nan]))",
            "torch.fmin(torch.tensor([nan, 1., nan]), torch.tensor([2., nan, nan]))",
            "torch.tensor([-3., 3., -0.5]).fmod(2)", "torch.tensor([-3., 3.]).remainder(2)",
            "torch.copysign(torch.tensor([0., -0., 2.]), torch.tensor([-1., 1., -0.]))"):
    show(src, eval(src))
for src in ("torch.fmax(a, b)", "torch.fmin(a, b)", "torch.fmod(a, b * 0.7)", "torch.hypot(a, b)",
            "torch.copysign(a, -b)", "torch.copysign(a, -2)", "torch.fmod(a, 1.5)"):
    a.grad = b.grad = None
    (eval(src) * torch.tensor([1., 2., 3.])).sum().backward(); print(src, a.grad, b.grad)
    g = torch.autograd.grad(eval(src).pow(2).sum(), [a, b], create_graph=True, allow_unused=True)
    print([x if x is None else (x, x.grad_fn) for x in g])
x = torch.tensor([5., -5.]); x.fmod_(3); print(x); x.copysign_(torch.tensor([-1., 1.])); print(x)
x.hypot_(torch.tensor([3., 4.])); print(x)
for bad in ("torch.fmod(i, 0)", "torch.fmod(torch.tensor([True]), torch.tensor([True]))",
            "torch.hypot(i, j)", "torch.hypot(torch.tensor([True]), torch.tensor([False]))", "torch.hypot(a, 2.)",
            "torch.fmax(a, 2.)", "torch.fmod(a, torch.ones(2))", "i.clone().copysign_(j)"):
    attempt(bad)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
