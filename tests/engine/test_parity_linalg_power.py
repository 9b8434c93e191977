"""``torch.linalg.matrix_power`` (PyTorch's order of products), ``matrix_rank``, ``cond``
and the deprecated ``torch.qr`` (its warning, once) print the same under the engine as
under PyTorch: values, grad_fn names and what they link to, gradients and errors.
``parity`` runs each program under both and compares the transcripts."""
import parity

P, prog = parity.table()

prog("matrix_power_rank_cond_qr", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]], requires_grad=True)
L = torch.linalg
for src in ("L.matrix_power(A, 2)", "L.matrix_power(A, 3)", "L.matrix_power(A, 1)", "L.matrix_power(A, 0)",
            "L.matrix_power(A, -1)", "L.matrix_power(A, -2)", "L.matrix_power(A, 5)", "L.matrix_power(A.double(), 4)",
            "torch.matrix_power(A, 2)", "L.matrix_power(torch.tensor([[1, 2], [3, 4]]), 3)",
            "L.matrix_power(torch.ones(2, 2, 2), 6)", "L.matrix_power(torch.ones(2, 3), 2)",
            "L.matrix_rank(A)", "L.matrix_rank(torch.ones(3, 3))", "L.matrix_rank(torch.ones(2, 3, 3))",
            "L.matrix_rank(A, atol=2.0)", "L.matrix_rank(A, rtol=0.5)", "L.matrix_rank(A.double())",
            "L.cond(A)", "L.cond(A, -2)", "L.cond(A.double())", "torch.qr(A)", "torch.qr(A, some=False)", "torch.qr(A)"):
    try:
        r = eval(src)
        print(src, r, getattr(r, 'grad_fn', None) and r.grad_fn.next_functions)
    except Exception as e:
        print(src, type(e).__name__, e)
(L.matrix_power(A, 5).sum() + L.cond(A) + L.matrix_power(A, -1).sum()).backward(); print(A.grad)
Q, R = torch.qr(A); print(type(torch.qr(A)).__name__, (Q @ R - A).abs().max() < 1e-5)
""")
prog("cholesky_inverse_solve", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]], requires_grad=True)
B = torch.tensor([[1., 2.], [0., 1.], [3., -1.]], requires_grad=True)
L = torch.linalg.cholesky(A)
for src in ("torch.cholesky_inverse(L)", "torch.cholesky_inverse(L.mT, upper=True)", "L.cholesky_inverse()",
            "torch.cholesky_solve(B, L)", "B.cholesky_solve(L)", "torch.cholesky_solve(B, L.mT, True)",
            "torch.cholesky_inverse(L.double())", "torch.cholesky_inverse(torch.eye(2, dtype=torch.int64))",
            "torch.cholesky_solve(torch.ones(3, 2, dtype=torch.int64), torch.eye(3, dtype=torch.int64))",
            "torch.cholesky_solve(B, L.double())", "torch.cholesky_inverse(torch.ones(2, 3))",
            "torch.cholesky_solve(torch.ones(2, 2), L)", "torch.cholesky_solve(torch.ones(3), L)"):
    try: print(src, eval(src))
    except Exception as e: print(src, type(e).__name__, e)
W = torch.arange(9.).view(3, 3)
(torch.cholesky_inverse(torch.linalg.cholesky(A)) * W).sum().backward(); print(A.grad); A.grad = None
(torch.cholesky_solve(B, torch.linalg.cholesky(A)) * W[:, :2]).sum().backward(); print(A.grad, B.grad)
A.grad = B.grad = None
(torch.cholesky_solve(B, torch.linalg.cholesky(A).mT, upper=True) * W[:, :2]).sum().backward(); print(A.grad)
F = torch.linalg.cholesky(A).detach().requires_grad_()
g, = torch.autograd.grad(torch.cholesky_inverse(F).pow(2).sum(), F, create_graph=True); print(g)
g, = torch.autograd.grad(torch.cholesky_solve(B, F).pow(2).sum(), F, create_graph=True); print(g)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
