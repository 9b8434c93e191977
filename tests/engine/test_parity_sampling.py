"""Sampling from tensors (bernoulli, multinomial, normal with tensor arguments,
exponential_, randint_like) draws the same numbers from the generator as PyTorch's CPU
kernels, so a seeded program prints the same; errors and grad_fn names match too."""
import parity

P, prog = parity.table()

prog("bernoulli_multinomial_normal", """
torch.manual_seed(3)
print(torch.bernoulli(torch.full((20,), 0.4)), torch.bernoulli(torch.full((5,), 0.4, dtype=torch.float64)))
print(torch.bernoulli(torch.zeros(6), 0.4), torch.zeros(2, 3).bernoulli_(0.7), torch.zeros(4, dtype=torch.float64).bernoulli_(torch.full((4,), 0.5)))
x = torch.full((3,), 0.5, requires_grad=True); y = torch.bernoulli(x); print(y, y.grad_fn.name(), y.requires_grad)
y.sum().backward(); print(x.grad)
print(x.bernoulli().grad_fn.name())
try: torch.bernoulli(x, 0.3).sum().backward()
except Exception as e: print(type(e).__name__, e)
print(torch.empty(6).exponential_(), torch.empty(3, dtype=torch.float64).exponential_(2.5))
w = torch.tensor([0.1, 0.0, 0.5, 0.4])
print(torch.multinomial(w, 6, replacement=True), torch.multinomial(w, 1), torch.multinomial(w, 3), w.multinomial(2))
print(torch.multinomial(torch.tensor([[1., 2., 3.], [3., 0., 1.]]), 2), torch.multinomial(torch.tensor([[1., 2., 3.], [3., 0., 1.]]), 4, True))
print(torch.normal(torch.arange(4.), torch.full((4,), 2.)), torch.normal(2., 3., size=(20,)), torch.normal(torch.arange(20.), 0.5), torch.normal(0.5, torch.ones(3)))
print(torch.randint_like(torch.zeros(2, 3), 10), torch.randint_like(torch.zeros(2, 3, dtype=torch.int32), 3, 10), torch.rand(2))
for e in ["torch.multinomial(torch.tensor([0., 0.]), 1)", "torch.multinomial(torch.tensor([1., -1.]), 1)", "torch.multinomial(torch.tensor([1., 1.]), 3)", "torch.multinomial(torch.ones(2,2,2), 1)", "torch.multinomial(torch.tensor([1., 1.]), 0)", "torch.bernoulli(torch.tensor([1.5]))", "torch.normal(torch.zeros(2), -1.)", "torch.multinomial(torch.tensor([1, 2]), 1)", "torch.empty(2).exponential_(0)"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("multinomial_ties_and_rows", """
torch.manual_seed(11)
w = torch.tensor([1., 1., 1., 1., 0., 2., 2.])
for k in (1, 2, 4, 6):
    print(k, torch.multinomial(w, k), torch.multinomial(w, k, replacement=True))
rows = torch.rand(3, 5)
print(torch.multinomial(rows, 3), torch.multinomial(rows.double(), 7, True), torch.rand(1))
g = torch.Generator().manual_seed(5)
print(torch.multinomial(rows, 2, generator=g), torch.bernoulli(rows, generator=g), torch.rand(1, generator=g))
""")

prog("inplace_sampling_grad_fns", """
torch.manual_seed(4)
a = torch.ones(3, requires_grad=True)
x = a * 1; x.exponential_(); print(x, x.grad_fn); x.sum().backward(); print(a.grad); a.grad = None
x = a * 1; x.bernoulli_(torch.full((3,), .5)); print(x, x.grad_fn)
x = a * 1; x.bernoulli_(0.5); print(x, x.grad_fn); x.sum().backward(); print(a.grad); a.grad = None
p = torch.full((3,), .5, requires_grad=True); x = a * 1; x.bernoulli_(p); print(x.grad_fn, [type(f).__name__ for f, _ in x.grad_fn.next_functions])
x.sum().backward(); print(a.grad, p.grad)
print(torch.zeros(2, 3, dtype=torch.float64).bernoulli_(torch.full((3,), 0.4)), torch.zeros(5).bernoulli_(torch.full((5,), 0.4, dtype=torch.float64)), torch.empty(4).exponential_(3.0))
for e in ["torch.repeat_interleave(torch.ones(2), 2, output_size=5)", "torch.repeat_interleave(torch.ones(2), torch.tensor([1, 2]), output_size=5)", "torch.repeat_interleave(torch.ones(2), 2, output_size=4)", "a.exponential_()", "torch.ones(2).bernoulli_(torch.ones(3))"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, type(ex).__name__, ex)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
