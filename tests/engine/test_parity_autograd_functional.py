"""``torch.autograd.functional`` computes, prints and fails as PyTorch's: ``jacobian`` and
``hessian`` of one or several inputs and outputs (with ``create_graph``, ``strict``),
``vjp``, ``jvp``, ``vhp`` and ``hvp`` (the double-backward trick), under no_grad, with
their errors (programs run under torch and under the engine, transcripts compared
exactly); ``vectorize=True`` and ``strategy="forward-mode"``."""
import parity

P, prog = parity.table()

prog("autograd_functional", """
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp
def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.tensor([[0.5, -1.0], [2.0, 0.25]])
print(jacobian(exp_reducer, inputs))
print(jacobian(exp_reducer, inputs, create_graph=True))
def exp_adder(x, y):
    return 2 * x.exp() + 3 * y
ins = (torch.tensor([0.1, 0.7]), torch.tensor([-0.3, 1.2]))
print(jacobian(exp_adder, ins))
def pow_reducer(x):
    return x.pow(3).sum()
print(hessian(pow_reducer, torch.tensor([[1.0, -2.0], [0.5, 3.0]])))
def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()
print(hessian(pow_adder_reducer, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))))
def exp_reducer2(x):
    return x.exp().sum(dim=1)
v = torch.ones(2)
print(vjp(exp_reducer2, inputs, v))
print(vjp(exp_reducer2, inputs, v, create_graph=True))
def adder(x, y):
    return 2 * x + 3 * y
print(vjp(adder, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])), torch.ones(2)))
print(jvp(exp_reducer2, inputs, torch.ones(2, 2)))
print(jvp(adder, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])), (torch.ones(2), torch.ones(2))))
def pow_reducer2(x):
    return x.pow(3).sum()
x = torch.tensor([[0.5, 1.5], [-1.0, 2.0]])
print(vhp(pow_reducer2, x, torch.ones(2, 2)))
print(hvp(pow_reducer2, x, torch.ones(2, 2)))
print(hvp(pow_adder_reducer, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])), (torch.ones(2), torch.ones(2))))
print(jacobian(lambda a: a * 2, torch.tensor(3.0)), jacobian(lambda a: (a, a * a), torch.tensor([1.0, 2.0])))
print(jacobian(lambda a, b: a * 2, (torch.ones(2), torch.ones(3))))
for bad in ("jacobian(lambda a: a, [1.0])", "jacobian(lambda a: a, 1.0)", "jacobian(lambda a: 1.0, torch.ones(2))",
            "vjp(lambda a: a * 2, torch.ones(2))", "vjp(lambda a: a * 2, torch.ones(2), torch.ones(3))",
            "vjp(lambda a: (a, a), torch.ones(2), (torch.ones(2),))", "jvp(lambda a: a, torch.ones(2))",
            "hessian(lambda a: a * 2, torch.ones(2))", "hessian(lambda a: (a.sum(),), torch.ones(2))",
            "jacobian(lambda a, b: a * 2, (torch.ones(2), torch.ones(3)), strict=True)",
            "jacobian(lambda a: torch.ones(2), torch.ones(2), strict=True)",
            "hessian(lambda a: a.sum(), torch.ones(2), strict=True)",
            "hvp(lambda a: a.sum(), torch.ones(2), torch.ones(2), strict=True)",
            "vhp(lambda a: a, torch.ones(2), torch.ones(2))",
            "jacobian(lambda a: a, torch.ones(2), strategy='forward')",
            "jacobian(lambda a: a, torch.ones(2), strategy='forward-mode')",
            "vjp(lambda a, b: a * b, (torch.ones(2), torch.ones(2)), torch.ones(2), strict=True)",
            "jvp(lambda a: a.detach(), torch.ones(2), torch.ones(2), strict=True)"):
        try:
            print(bad, "->", eval(bad))
        except Exception as e:
            print(bad, "->", type(e).__name__, e)
x = torch.ones(2, requires_grad=True)
out, g = vjp(lambda a: (a * a).sum(), x, create_graph=True)
print(out, g, x.requires_grad)
g.sum().backward(); print(x.grad)
with torch.no_grad():
    print(vjp(lambda a: a * 3, torch.ones(2), torch.ones(2)))
    print(hessian(pow_reducer, torch.tensor([1.0, 2.0]), create_graph=True))
def sig_loss(w, x, y):
    p = torch.sigmoid(x @ w)
    return -(y * p.log() + (1 - y) * (1 - p).log()).mean()
X = torch.tensor([[1.0, 2.0], [0.5, -1.0], [-1.5, 0.3]]); Y = torch.tensor([1.0, 0.0, 1.0])
w = torch.tensor([0.1, -0.2])
print(jacobian(lambda w: sig_loss(w, X, Y), w), hessian(lambda w: sig_loss(w, X, Y), w))
""")

prog("vectorized_and_forward_mode", """
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # (torch.jit's, on first use)
    import torch
    from torch.autograd.functional import jacobian, hessian
    x = torch.tensor([0.5, 1.0, 2.0]); y = torch.tensor([1.0, -1.0])
    print(jacobian(torch.sin, x, vectorize=True, strategy="forward-mode"))
    print(jacobian(torch.sin, x, vectorize=True))
    f = lambda a, b: (a.sum() * b, a.exp())
    print(jacobian(f, (x, y), vectorize=True, strategy="forward-mode"))
    print(jacobian(f, (x, y), vectorize=True))
    print(hessian(lambda a: (a ** 3).sum(), x, vectorize=True))
    try:
        jacobian(torch.sin, x, strategy="forward-mode")
    except NotImplementedError as e:
        print("NotImplementedError:", e)
""")


PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
