"""meshgrid, unique, repeat_interleave, cosine_similarity and torch.linalg (norms,
det, inv) print the same under the engine as under PyTorch: values, grad_fn chains of
PyTorch's composites, warnings and errors. (det and inverse are computed in float64 and
rounded once, where PyTorch's LAPACK rounds along the way: the programs use matrices
whose results are exact in float32.)"""
import parity

P, prog = parity.table()

prog("meshgrid_unique_repeat_interleave", """
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = torch.tensor([4., 5.], requires_grad=True)
a, b = torch.meshgrid(x, y, indexing="xy"); print(a, b, a.grad_fn.next_functions, b.grad_fn.next_functions)
(a * b).sum().backward(); print(x.grad, y.grad)
print(torch.meshgrid([x, y], indexing="ij")[0].shape, torch.meshgrid(x)[0].grad_fn, torch.meshgrid(x, y))
for e in ["torch.meshgrid()", "torch.meshgrid(x, y.double(), indexing='ij')", "torch.meshgrid(x, indexing='xz')", "torch.meshgrid(torch.tensor(3.), y, indexing='ij')"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
print(torch.unique(torch.tensor([3, 1, 3, 2]), sorted=False), torch.unique(torch.tensor([[1, 2], [1, 2], [0, 5]]), dim=0, return_counts=True))
u = torch.unique(torch.tensor([2., 1., 2.], requires_grad=True), return_inverse=True); print(u)
print(torch.tensor([2., 1., 2.], requires_grad=True).unique(dim=0), torch.tensor([[3, 1], [3, 0]]).unique(return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([float('nan'), 1., float('nan')])), torch.tensor([True, False, True]).unique())
try: torch.unique(torch.tensor([2., 1., 2.], requires_grad=True)).sum().backward()
except Exception as e: print(type(e).__name__, e)
m = torch.arange(6.).view(2, 3).requires_grad_()
for r in (torch.repeat_interleave(m, 2), m.repeat_interleave(2, dim=1), torch.tensor(5., requires_grad=True).repeat_interleave(2)):
    print(r, r.grad_fn.next_functions, r.grad_fn.next_functions[0][0].next_functions[0][0].next_functions)
for r in (m.repeat_interleave(torch.tensor([1, 2]), dim=0), m.repeat_interleave(torch.tensor([2]), dim=1), m.repeat_interleave(torch.tensor(2), dim=1)):
    print(r, r.grad_fn)
print(torch.repeat_interleave(torch.tensor([2, 0, 1])))
r = m.repeat_interleave(torch.tensor([1, 2]), dim=0); r.sum().backward(); print(m.grad, r.grad_fn)
m.grad = None; (m.repeat_interleave(3, dim=-1) * torch.arange(18.).view(2, 9)).sum().backward(); print(m.grad)
for e in ["m.repeat_interleave(torch.tensor([1, 2, 3]), dim=0)", "m.repeat_interleave(-1)", "m.repeat_interleave(torch.tensor([1, -2]), dim=0)", "torch.repeat_interleave(torch.tensor([1.0]))"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("cosine_similarity", """
import torch.nn.functional as F
m = torch.arange(9.).view(3, 3).requires_grad_()
x = torch.tensor([3., 1., 2., 1., 5.], requires_grad=True)
c = F.cosine_similarity(m, m + 1); print(c); c.sum().backward(); print(m.grad)
print(F.cosine_similarity(x, x.flip(0), dim=0), torch.cosine_similarity(torch.ones(3), torch.zeros(3), 0))
def tree(fn, d=0):
    if fn is None: print("  " * d + "None"); return
    print("  " * d + type(fn).__name__)
    for f, _ in fn.next_functions: tree(f, d + 1)
tree(F.cosine_similarity(m, m + 1).grad_fn)
for e in ['F.cosine_similarity(torch.ones(2,3), torch.ones(3,3))', 'F.cosine_similarity(torch.ones(2,3), torch.ones(2,3).double())', 'F.cosine_similarity(torch.ones(2,3), torch.ones(3))', 'F.cosine_similarity(torch.ones(3), torch.ones(3))','F.cosine_similarity(torch.ones(2,3,dtype=torch.long), torch.ones(2,3,dtype=torch.long))']:
    try: print(e, eval(e))
    except Exception as ex: print(e, '!!', type(ex).__name__, ex)
torch.manual_seed(0)
a, b = torch.randn(4, 8), torch.randn(4, 8)
print(F.cosine_similarity(a, b), F.cosine_similarity(a, b, dim=0, eps=0.5))
""")
prog("linalg_det_inv_norms", """
m = torch.tensor([[2., 1.], [1., 3.]], requires_grad=True)
s = torch.tensor([[1., 2.], [2., 4.]], requires_grad=True)
print(torch.det(m), m.det(), torch.linalg.det(m), torch.inverse(m), m.inverse(), torch.linalg.inv(m))
d = torch.det(m); d.backward(); print(m.grad); m.grad = None
torch.det(s).backward(); print(s.grad)
i = torch.inverse(m); i.sum().backward(); print(m.grad)
b = torch.arange(8.).view(2, 2, 2) + torch.eye(2); print(torch.det(b), torch.inverse(b))
for e in ["torch.inverse(s)", "torch.linalg.inv(torch.zeros(3,3))", "torch.det(torch.ones(2,3))", "torch.det(torch.ones(3))", "torch.inverse(torch.tensor([[1, 2], [3, 4]]))", "torch.det(torch.tensor([[1, 2], [3, 4]]))", "torch.linalg.norm(m.flatten(), 3)", "torch.linalg.vector_norm(m, 1, dim=0)", "torch.linalg.norm(m, dim=1)", "torch.linalg.norm(m, ord=float('inf'), dim=1)", "torch.linalg.norm(m, 'fro', dim=(0,1))", "torch.linalg.matrix_norm(m)", "torch.linalg.norm(torch.tensor([1,2]))", "torch.linalg.norm(m, 1)", "torch.linalg.norm(m, float('inf'))", "torch.linalg.norm(m, -1, keepdim=True)", "torch.linalg.matrix_norm(b, float('-inf'))", "torch.linalg.norm(m)", "torch.linalg.vector_norm(b, 0.5)",
          "torch.linalg.det([1.])", "torch.linalg.inv([1.])", "torch.linalg.norm([1.])", "torch.linalg.vector_norm([1.])"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
g, = torch.autograd.grad(torch.linalg.norm(m, 1), m); print(g)
g, = torch.autograd.grad(torch.inverse(m).sum(), m, create_graph=True); print(g)
print(torch.linalg.LinAlgError, issubclass(torch.linalg.LinAlgError, RuntimeError))
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
