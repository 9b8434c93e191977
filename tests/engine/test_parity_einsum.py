"""torch.einsum runs ATen's algorithm step for step (diagonals, alignment, pairwise
contraction through bmm), so it prints the same values, the same grad_fn chains and the
same errors as PyTorch's, for explicit and implicit outputs, ellipses and three operands."""
import parity

P, prog = parity.table()

prog("einsum", """
def tree(fn, d=0):
    if fn is None: print("  " * d + "None"); return
    print("  " * d + type(fn).__name__)
    for f, _ in fn.next_functions: tree(f, d + 1)
x = torch.tensor([3., 1., 2., 1., 5.], requires_grad=True)
m = torch.arange(9.).view(3, 3).requires_grad_()
b = torch.arange(24.).view(2, 3, 4).requires_grad_()
c = torch.arange(12.).view(3, 4).requires_grad_()
for eq, ops in [("ij,jk->ik", (m, m)), ("i,i->", (x, x)), ("ii->i", (m,)), ("i,j->ij", (x, x)), ("bij,bjk->bik", (b[:, :, :3], b.transpose(1, 2)[:, :3])),
                ("ij->", (m,)), ("ij->i", (m,)), ("ij,ij->ij", (m, m)), ("ij->ji", (m,)), ("ii", (m,)), ("ij,jk", (m, c)), ("bij,jk->bik", (b, c.t())),
                ("...ij,...jk->...ik", (b, c.t())), ("i,i,i->", (x, x, x)), ("ij,kj->ik", (m, c.t())), ("ii->", (m,)), ("bik,bjk->bij", (b, b)), ("i->", (x,)), ("ji,jk->ik", (m, m)),
                (" i j , j k -> i k ", (m, c)), ("b...,b...->b", (b, b))]:
    y = torch.einsum(eq, *ops)
    print(eq, y)
    tree(y.grad_fn)
    y.sum().backward()
print(x.grad, m.grad, b.grad, c.grad)
print(torch.einsum("ij,jk->ik", [m, m]))
for e in ["torch.einsum('ij,jk->ik', m)", "torch.einsum('ij->ik', m)", "torch.einsum('ij->ii', m)", "torch.einsum('i->', m)", "torch.einsum('ij,jk->ik', m, torch.ones(2, 2))", "torch.einsum('i1->i', m)", "torch.einsum('ij', m, m)", "torch.einsum('i..j->i', m)", "torch.einsum('ij->', )",
          "torch.einsum('...i,...i->...', torch.ones(2, 3), torch.ones(4, 3))", "torch.einsum('ij,jk', torch.ones(2, 3), torch.ones(4, 3))"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
torch.manual_seed(0)
A, B = torch.randn(5, 7), torch.randn(7, 6)
print(torch.einsum("ij,jk->ik", A, B), torch.einsum("ij,ij->", A, A))

""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
