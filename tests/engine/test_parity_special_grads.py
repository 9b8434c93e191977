"""Gradients where PyTorch writes zeros, under special values: backward seeded with inf,
nan and negative gradients, and inputs holding nan, 0 and -0.

PyTorch builds a zero gradient with ``zeros_like``, ``masked_fill`` or ``where``, so it
stays 0 (not nan, not -0.) whatever the incoming gradient holds; a ``g * 0`` formula
would give nan for an inf or nan gradient and -0. for a negative one, and print
differently. Each program prints every gradient, so the transcripts must match exactly.
"""
import parity

P, prog = parity.table()

# the seed has inf, nan, -inf and a negative number, one per element
SEED = "g = torch.tensor([float('inf'), float('nan'), -float('inf'), -1.5])\n"


prog("unary_zero_gradients", SEED + """
x = torch.tensor([0.5, -1.5, 0.0, 2.7], requires_grad=True)
for e in ("x.sign()", "x.floor()", "x.ceil()", "x.round()", "x.trunc()", "x ** 0",
          "x.pow(0)", "x.relu()", "torch.nn.functional.relu(x)", "x.abs()",
          "x.clamp(-1, 1)", "x.clamp(min=0.25)", "x.clamp(max=0.25)",
          "x.clamp(torch.tensor(-1.0), torch.tensor(1.0))"):
    y = eval(e)
    y.backward(g)
    print(e, y.grad_fn.name(), x.grad)
    x.grad = None
""")
prog("binary_zero_gradients", SEED + """
a = torch.tensor([0.5, -1.5, 1.0, 2.0], requires_grad=True)
b = torch.tensor([0.5, 0.0, 1.5, 3.0], requires_grad=True)
c = torch.tensor([True, False, True, False])
for e in ("torch.maximum(a, b)", "torch.minimum(a, b)", "a.maximum(b)", "torch.max(a, b)",
          "torch.where(c, a, b)", "torch.where(c, a, 0.0)", "torch.where(a > 0, 1.0, b)"):
    y = eval(e)
    y.backward(g)
    print(e, a.grad, b.grad)
    a.grad = b.grad = None
""")
prog("negative_gradients_give_plain_zeros", """
x = torch.tensor([-1.0, 2.0, 0.5], requires_grad=True)
for e in ("-x.relu()", "-x.sign()", "-x.floor()", "-x.clamp(0, 1)", "-torch.maximum(x, torch.zeros(3))",
          "-torch.minimum(x, torch.zeros(3))", "-torch.where(x > 0, x, torch.zeros(3))", "-x.max()",
          "-x.min()", "-x ** 0", "-(x * 1).zero_()", "-(x * 1).fill_(3.0)", "-(2 * x).norm()"):
    eval(e).sum().backward()
    print(e, x.grad)
    x.grad = None
""")
prog("in_place_zero_gradients", SEED + """
x = torch.tensor([0.5, -1.5, 0.0, 2.7], requires_grad=True)
v = torch.tensor(3.0, requires_grad=True)
s = torch.tensor([7.0, 8.0], requires_grad=True)
def rows(y):
    y = y * 1
    y[1:3] = s
    return y
def picked(y):
    y = y * 1
    y[torch.tensor([0, 3])] = s
    return y
def masked(y):
    y = y * 1
    y[y.detach() > 0] = 0.0
    return y
for e in ("(x * 1).zero_()", "(x * 1).fill_(2.0)", "(x * 1).fill_(v)", "(x * 1).copy_(s[:1])",
          "(x * 1).uniform_()", "(x * 1).normal_()", "rows(x)", "picked(x)", "masked(x)"):
    y = eval(e)
    y.backward(g)
    print(e, y.grad_fn.name(), x.grad, v.grad, s.grad)
    x.grad = v.grad = s.grad = None
""")
prog("reductions_share_without_nan", """
inf = torch.tensor(float('inf'))
x = torch.tensor([1.0, 2.0, 2.0, -3.0], requires_grad=True)
for e in ("x.max()", "x.min()", "x.amax()", "x.amin(0)", "torch.max(x)", "x.max(0).values", "x.norm(float('inf'))"):
    y = eval(e)
    y.backward(inf)
    print(e, x.grad)
    x.grad = None
n = torch.tensor([1.0, float('nan'), 3.0, float('nan')], requires_grad=True)
for e in ("n.max()", "n.min()", "n.norm(float('inf'))", "n.relu().sum()", "n.clamp(0, 2).sum()",
          "torch.maximum(n, torch.ones(4)).sum()", "torch.minimum(n, torch.ones(4)).sum()",
          "n.abs().sum()", "n.sign()"):
    y = eval(e)
    print(e, y)
    if y.requires_grad:
        y.backward(torch.ones_like(y))
    print("  grad", n.grad)
    n.grad = None
""")
prog("norm_at_zero", """
for p in (0, 0.5, 1, 1.5, 2, 3, float('inf')):
    x = torch.tensor([[0.0, 1.0, -2.0], [0.0, 0.0, 0.0]], requires_grad=True)
    y = x.norm(p)
    y.backward()
    print(p, y, x.grad)
    x.grad = None
    d = x.norm(p, dim=1)
    d.backward(torch.tensor([float('inf'), -1.0]))
    print("  dim", d, x.grad)
""")
prog("pow_at_zero", SEED + """
a = torch.tensor([0.0, 0.0, 2.0, 0.0], requires_grad=True)
b = torch.tensor([0.0, 1.0, 0.0, -1.0], requires_grad=True)
y = a ** b
print(y)
y.backward(g)
print(a.grad, b.grad)
a.grad = b.grad = None
(a ** b).sum().backward()
print(a.grad, b.grad)
b.grad = None
for base in (0.0, 0, 2.0, -2.0):
    z = base ** b
    z.backward(g)
    print(base, z, b.grad, z.grad_fn._saved_exponent)
    b.grad = None
""")
prog("create_graph_zero_gradients", SEED + """
x = torch.tensor([0.5, -1.5, 0.0, 2.7], requires_grad=True)
w = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
for e in ("x.sign()", "x.floor()", "x ** 0", "x.clamp(-1, 1) * w", "torch.maximum(x, w - 2)",
          "torch.where(x > 0, x, w)", "x.max() * w", "(x * 1).zero_() + w"):
    y = eval(e)
    gx, = torch.autograd.grad(y, x, g, create_graph=True)
    # (the nodes recorded for the gradient itself have other names than PyTorch's)
    print(e, gx.detach(), gx.requires_grad)
    check(gx)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
