"""torch.linalg's decompositions (solve, eigh, eigvalsh, svd, svdvals, qr, slogdet, pinv,
lstsq, torch.slogdet, torch.logdet, torch.svd, torch.pinverse and the Tensor methods, and
matrix_norm's 2, -2 and 'nuc') print the same under the
engine as under PyTorch: values, named results, grad_fn names, gradients and errors.

Known differences (docs/engine.md): values are computed in float64 and rounded once,
where PyTorch's MKL computes in the input's dtype, so a last-bit difference can show
(``9.`` against ``9.0000``): the programs use matrices whose printed results are not at
such a tie. The signs of singular vectors can differ from MKL's (numpy's LAPACK is
OpenBLAS): the programs print svd's U and Vh only through sign-invariant quantities
(``U @ diag(S) @ Vh``, ``abs``), and so are eigh's eigenvectors (MKL's signs differ from
numpy's on about 4 random symmetric matrices in 10). qr's Q and R print as they are:
both builds agreed on them for every random matrix tried (a difference fails this test).
Gradients are checked against PyTorch's own (the same formulas) and, first and second
order, against central differences."""
import numpy as np
import pytest

import parity
import gradstudio.engine as engine
from gradstudio.engine.autograd import gradcheck, gradgradcheck

P, prog = parity.table()

prog("solve", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]], requires_grad=True)
b = torch.tensor([1., 2., 3.], requires_grad=True)
B = torch.tensor([[1., 0.], [2., 1.], [3., -1.]], requires_grad=True)
x = torch.linalg.solve(A, b); print(x, x.grad_fn, x.grad_fn.next_functions)
x.pow(2).sum().backward(); print(A.grad, b.grad)
X = torch.linalg.solve(A, B); print(X); X.sum().backward(); print(B.grad)
batch = torch.stack([A.detach(), A.detach().T * 2]).requires_grad_()
y = torch.linalg.solve(batch, b); print(y); y.sum().backward(); print(batch.grad)
print(torch.linalg.solve(batch, torch.ones(2, 3)), torch.linalg.solve(A, B, left=True).shape)
C = B.detach().T.contiguous().requires_grad_(); A.grad = None
y = torch.linalg.solve(A, C, left=False); print(y, y.grad_fn.next_functions); (y * torch.tensor([[1., 2., 3.], [0.5, -1., 2.]])).sum().backward(); print(A.grad, C.grad)
print(torch.linalg.solve(A.double(), b.double()))
for e in ["torch.linalg.solve(torch.tensor([[1., 2.], [2., 4.]]), torch.ones(2))",
          "torch.linalg.solve(torch.ones(2, 3), torch.ones(2))",
          "torch.linalg.solve(A, torch.ones(4))", "torch.linalg.solve(A, torch.ones(4, 2))",
          "torch.linalg.solve(A, torch.ones(3, dtype=torch.long))",
          "torch.linalg.solve(A.long(), torch.ones(3).long())", "torch.linalg.solve(A, 3)",
          "torch.linalg.solve(A, b, left=False)", "torch.linalg.solve(A, B, left=False)"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("eigh_eigvalsh", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]], requires_grad=True)
r = torch.linalg.eigh(A); print(r.eigenvalues, r.eigenvectors.abs(), type(r), r.eigenvalues.grad_fn, r[1].grad_fn.next_functions)
print((r.eigenvectors * r.eigenvalues) @ r.eigenvectors.mT)
L, V = r; print(L.dtype, V.shape)
(L * torch.tensor([1., 2., 3.])).sum().backward(); print(A.grad); A.grad = None
torch.linalg.eigh(A).eigenvectors.pow(2).mul(torch.tensor([[1., 0., 2.], [0., 3., 1.], [2., 1., 0.]])).sum().backward(); print(A.grad)
print(torch.linalg.eigvalsh(A), torch.linalg.eigvalsh(A, UPLO="U"), torch.linalg.eigh(A.double()).eigenvalues)
print(torch.linalg.eigvalsh(torch.tensor([[2., 7.], [1., 3.]])), torch.linalg.eigvalsh(torch.tensor([[2., 7.], [1., 3.]]), UPLO="U"))
print(torch.linalg.eigvalsh(torch.stack([A.detach(), A.detach() * 2])))
for e in ["torch.linalg.eigh(torch.ones(2, 3))", "torch.linalg.eigh(torch.ones(3))",
          "torch.linalg.eigh(torch.eye(2).long())", "torch.linalg.eigh(A, UPLO='X')",
          "torch.linalg.eigvalsh(torch.ones(2, 3))"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("svd_svdvals", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.], [1., -1., 1.]], requires_grad=True)
U, S, Vh = torch.linalg.svd(A); print(U.shape, S, Vh.shape, S.grad_fn, U.grad_fn.next_functions)
r = torch.linalg.svd(A, full_matrices=False); print(type(r), r.U.shape, r.S, r.Vh.shape)
rd = torch.linalg.svd(A.double(), full_matrices=False); print((rd.U * rd.S) @ rd.Vh, r.U.abs(), r.Vh.abs())
(r.S * torch.tensor([1., -2., 0.5])).sum().backward(); print(A.grad); A.grad = None
r = torch.linalg.svd(A, full_matrices=False)
((r.U @ r.U.mT) * torch.arange(16.).view(4, 4) / 3).sum().backward(); print(A.grad); A.grad = None
print(torch.linalg.svdvals(A), torch.linalg.svdvals(A.T), torch.linalg.svdvals(torch.stack([A.detach(), 2 * A.detach()])))
torch.linalg.svdvals(A).sum().backward(); print(A.grad); A.grad = None
# full_matrices=True (the default): the extra columns of U (rows of Vh) get no gradient
for e in ["torch.linalg.svd(A).U.abs().sum()", "torch.linalg.svd(A.T).U.abs().sum()", "torch.svd(A, some=False).U.abs().sum()"]:
    eval(e).backward(); print(e, A.grad); A.grad = None
for e in ["torch.linalg.svd(torch.ones(3))", "torch.linalg.svd(torch.eye(2).long())",
          "torch.linalg.svd(A, driver='gesvd')", "torch.linalg.svdvals(A, driver='gesvd')",
          "torch.linalg.svd(torch.ones(0, 2))", "torch.linalg.pinv(A, hermitian=False).shape",
          "torch.linalg.svdvals(torch.eye(2).int())"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("matrix_norm_2_nuc", """
A = torch.tensor([[4., 1., 0.5], [-1., 3., 0.2], [0.5, 0.2, 2.], [1., -1., 1.]], requires_grad=True)
for o in (2, -2, "nuc"):
    n = torch.linalg.matrix_norm(A, o); print(n, n.grad_fn, n.grad_fn.next_functions)
    n.backward(); print(A.grad); A.grad = None
    print(torch.linalg.norm(A, o, keepdim=True), torch.linalg.matrix_norm(A, o, dim=(1, 0)))
print(torch.linalg.norm(torch.stack([A.detach(), A.detach() + 1]), 2, dim=(-2, -1)))
for e in ["torch.linalg.matrix_norm(A, 3)", "torch.linalg.matrix_norm(A.long(), 2)", "torch.linalg.norm(A, 'nuc', dim=1)"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("qr", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.], [1., -1., 1.]], requires_grad=True)
r = torch.linalg.qr(A); print(r, type(r), r.Q.grad_fn.next_functions)
(r.Q.abs().sum() + r.R.pow(2).sum()).backward(); print(A.grad); A.grad = None
print(torch.linalg.qr(A, mode="complete"), torch.linalg.qr(A, mode="r"))
sq = A[:3].detach().requires_grad_(); q = torch.linalg.qr(sq, mode="complete")
(q.Q.sum() + q.R.sum()).backward(); print(sq.grad)
w = A.detach().T.contiguous().requires_grad_(); q = torch.linalg.qr(w); print(q)
(q.Q.pow(2).sum() + q.R.sum()).backward(); print(w.grad)
for mode in ("complete", "r"):
    try: q = torch.linalg.qr(A, mode=mode); (q.Q.sum() + q.R.sum()).backward()
    except Exception as ex: print(mode, "!!", type(ex).__name__, ex)
for e in ["torch.linalg.qr(torch.ones(3))", "torch.linalg.qr(A, mode='x')", "torch.linalg.qr(torch.eye(2).long())"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("slogdet_logdet", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]], requires_grad=True)
N = torch.tensor([[0.5, 2.], [1.5, 0.5]], requires_grad=True)
s = torch.linalg.slogdet(A); print(s, type(s), s.logabsdet.grad_fn.next_functions)
s.logabsdet.backward(); print(A.grad); A.grad = None
print(torch.slogdet(N), type(torch.slogdet(N)), torch.logdet(A), torch.logdet(N), torch.logdet(torch.tensor([[1., 2.], [2., 4.]])))
torch.logdet(A).backward(); print(A.grad)
t = torch.slogdet(N); (t.sign * t.logabsdet).backward(); print(N.grad)
print(torch.linalg.slogdet(torch.tensor([[1., 2.], [2., 4.]])).logabsdet, torch.linalg.slogdet(torch.stack([A.detach(), -A.detach()])))
for e in ["torch.linalg.slogdet(torch.ones(2, 3))", "torch.linalg.slogdet(torch.eye(2).long())", "torch.logdet(torch.ones(2, 3))"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("pinv", """
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2]], requires_grad=True)
p = torch.linalg.pinv(A); print(p, p.grad_fn.next_functions)
p.pow(2).sum().backward(); print(A.grad); A.grad = None
t = torch.linalg.pinv(A.T); print(t); (t * torch.arange(6.).view(2, 3)).sum().backward(); print(A.grad)
print(torch.linalg.pinv(torch.ones(2, 2)), torch.linalg.pinv(torch.ones(2, 2), atol=0.5), torch.linalg.pinv(torch.ones(2, 2), rtol=1.5))
print(torch.linalg.pinv(torch.tensor([[2., 1.], [1., 3.]]).double()))
for e in ["torch.linalg.pinv(torch.ones(3))", "torch.linalg.pinv(torch.eye(2).long())"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("float16_and_batch_errors", """
A = torch.tensor([[2., 1.], [1., 3.]])
h = A.half()
for e in ["torch.linalg.solve(h, h)", "torch.linalg.solve(A, h)", "torch.linalg.solve(h, A)",
          "torch.linalg.eigh(h)", "torch.linalg.eigvalsh(h)", "torch.linalg.svd(h)",
          "torch.linalg.svdvals(h)", "torch.linalg.qr(h)", "torch.linalg.slogdet(h)",
          "torch.logdet(h)", "torch.slogdet(h)", "torch.linalg.pinv(h)", "torch.linalg.matrix_norm(h)",
          "torch.linalg.matrix_norm(h, 2)", "torch.linalg.norm(h, 'nuc')", "torch.logdet(A.long())",
          "torch.slogdet(A.long())", "torch.linalg.solve(torch.ones(3, 2, 2), torch.ones(2, 2))",
          "torch.linalg.solve(torch.ones(4, 3, 2, 2), torch.ones(5, 2, 2, 2))",
          "torch.linalg.solve(torch.ones(3, 2, 2), torch.ones(2, 2, 2))",
          "torch.linalg.solve(torch.eye(2), torch.ones(2, 1, 2))"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("lstsq", """
A = torch.tensor([[1., 1.], [1., 2.], [1., 3.], [1., 4.]], requires_grad=True)
b = torch.tensor([[1.], [2.], [2.], [5.]], requires_grad=True)
r = torch.linalg.lstsq(A, b); print(r, r.rank.dtype, type(r))
r.solution.pow(2).sum().backward(); print(A.grad, b.grad); A.grad = b.grad = None
for d in ["gels", "gelsd", "gelss", "gelsy"]:
    r = torch.linalg.lstsq(A, b, driver=d); print(d, r)
    (r.solution.sum() + r.residuals.sum()).backward(); print(A.grad, b.grad); A.grad = b.grad = None
print(torch.linalg.lstsq(A, b.squeeze(-1)), torch.linalg.lstsq(A, b.squeeze(-1), driver="gelsd"))
print(torch.linalg.lstsq(A.T, torch.ones(2, 1)), torch.linalg.lstsq(A.double(), b.double(), rcond=0.5, driver="gelsd"))
print(torch.linalg.lstsq(torch.stack([A.detach(), A.detach() * 2]), torch.stack([b.detach(), b.detach()]), driver="gelss"))
for e in ["torch.linalg.lstsq(A, b, driver='x')", "torch.linalg.lstsq(A.long(), b.long())",
          "torch.linalg.lstsq(A, torch.ones(3, 1))", "torch.linalg.lstsq(A, b.double())",
          "torch.linalg.lstsq(torch.ones(3), b)", "torch.linalg.lstsq(A.half(), b.half())",
          "torch.linalg.lstsq(torch.tensor([[1., 2.], [2., 4.], [3., 6.]]), torch.ones(3, 1))",
          "torch.linalg.lstsq(A, torch.ones(3))",
          "torch.linalg.lstsq(torch.stack([A.detach(), A.detach()]), b.detach())"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("torch_svd_pinverse_and_methods", """
A = torch.tensor([[2., 1.], [1., 3.], [0., 1.]], requires_grad=True)
r = torch.svd(A); print(type(r), r.S, r.U.abs(), r.V.abs(), r.V.grad_fn, r.V.grad_fn.next_functions[0][1])
print(torch.svd(A, some=False).U.shape, torch.svd(A, compute_uv=False), A.svd().S)
print(torch.pinverse(A), A.pinverse(), A.pinverse(rcond=0.5), A[:2].slogdet(), A[:2].logdet())
(r.S.sum() + A.pinverse().sum()).backward(); print(A.grad)
for e in ["A.logdet()", "A.slogdet()", "torch.svd(torch.ones(3))", "A.long().pinverse()"]:
    try: print(e, eval(e))
    except Exception as ex: print(e, "!!", type(ex).__name__, ex)
""")
prog("saved_outputs_modified_in_place", """
A = torch.tensor([[2., 1.], [1., 3.]], requires_grad=True)
L, V = torch.linalg.eigh(A); V.mul_(2)
try: L.sum().backward()
except Exception as e: print(type(e).__name__, e)
x = torch.linalg.solve(A, torch.ones(2)); x.add_(1)
try: x.sum().backward()
except Exception as e: print(type(e).__name__, e)
with torch.no_grad():
    print(torch.linalg.eigh(A).eigenvalues, torch.linalg.svd(A).S.requires_grad)
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        a, b = x * 2, x * 3
        ctx.save_for_backward(b)
        return a, b
    @staticmethod
    def backward(ctx, g1, g2):
        b, = ctx.saved_tensors
        return g1 * b
a, b = F.apply(A); b.add_(1)
try: a.sum().backward()
except Exception as e: print(type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)


# ---------------------------------------------------------------- gradients
def _well(rng, shape):
    n = shape[-1]
    return 2.0 * np.eye(max(shape[-2:]))[:shape[-2], :n] + rng.uniform(-0.5, 0.5, shape)


def _sym(rng, shape):
    a = rng.uniform(-1, 1, shape)
    return a + np.swapaxes(a, -1, -2) + 4 * np.diag(np.arange(1.0, shape[-1] + 1))


# (name, function of the engine module or torch, input shapes, input maker); the outputs
# are reduced sign-invariantly where a decomposition's signs are a convention
GRAD_CASES = [
    ("solve-vector", lambda t, a, b: t.linalg.solve(a, b), [(3, 3), (3,)], _well),
    ("solve-right", lambda t, a, b: t.linalg.solve(a, b, left=False), [(3, 3), (2, 3)], _well),
    ("solve-matrix-batch", lambda t, a, b: t.linalg.solve(a, b), [(2, 3, 3), (3, 2)], _well),
    # (eigh reads one triangle, so central differences see a one-sided matrix, and PyTorch's
    # gradient is the symmetric one: the cases differentiate through a + a.mT)
    ("eigh", lambda t, a: (lambda r: (r[0], r[1].pow(2)))(t.linalg.eigh(a + a.mT)), [(3, 3)],
     _sym),
    ("eigh-upper", lambda t, a: t.linalg.eigh(a + a.mT, UPLO="U")[1].abs(), [(3, 3)], _well),
    ("eigvalsh-batch", lambda t, a: t.linalg.eigvalsh(a + a.mT), [(2, 3, 3)], _sym),
    ("svd-tall", lambda t, a: (lambda r: (r.S, r.U @ r.U.mT, r.Vh.mT @ r.Vh))(
        t.linalg.svd(a, full_matrices=False)), [(4, 3)], _well),
    ("svd-wide", lambda t, a: (lambda r: (r.S, (r.U * r.S) @ r.Vh[..., :2, :]))(
        t.linalg.svd(a, full_matrices=False)), [(2, 4)], _well),
    ("svdvals-batch", lambda t, a: t.linalg.svdvals(a), [(2, 3, 3)], _well),
    ("matrix_norm-nuc", lambda t, a: t.linalg.matrix_norm(a, "nuc"), [(3, 4)], _well),
    ("qr", lambda t, a: (lambda r: (r.Q.abs(), r.R.abs()))(t.linalg.qr(a)), [(4, 3)], _well),
    ("qr-wide", lambda t, a: (lambda r: (r.Q.abs(), r.R.abs()))(t.linalg.qr(a)), [(2, 4)], _well),
    ("qr-batch", lambda t, a: (lambda r: (r.Q.abs(), r.R.abs()))(t.linalg.qr(a)), [(2, 3, 3)],
     _well),
    ("slogdet", lambda t, a: t.linalg.slogdet(a).logabsdet, [(2, 3, 3)], _well),
    ("logdet", lambda t, a: t.logdet(a), [(3, 3)], _well),
    ("pinv-wide", lambda t, a: t.linalg.pinv(a), [(2, 3)], _well),
    ("lstsq-gelsy", lambda t, a, b: t.linalg.lstsq(a, b).solution, [(4, 3), (4, 2)], _well),
    ("lstsq-gels-residuals", lambda t, a, b: tuple(t.linalg.lstsq(a, b, driver="gels")[:2]),
     [(4, 2), (4,)], _well),
    ("pinv-tall", lambda t, a: t.linalg.pinv(a), [(4, 2)], _well),
]


def _inputs(module, shapes, maker, seed):
    rng = np.random.default_rng(seed)
    arrays = [maker(rng, s) if len(s) > 1 else rng.uniform(-1, 1, s) for s in shapes]
    if module is engine:
        return [engine.from_numpy(a).requires_grad_() for a in arrays]
    return [module.from_numpy(a).requires_grad_() for a in arrays]


def _outs(x):
    return x if isinstance(x, tuple) else (x,)


@pytest.mark.parametrize("name, fn, shapes, maker", GRAD_CASES, ids=[c[0] for c in GRAD_CASES])
def test_gradients_are_pytorchs(name, fn, shapes, maker):
    torch = pytest.importorskip("torch")
    grads = []
    for module in (engine, torch):
        ins = _inputs(module, shapes, maker, 7)
        outs = _outs(fn(module, *ins))
        rng = np.random.default_rng(3)
        seeds = [module.from_numpy(rng.standard_normal(tuple(o.shape))) for o in outs]
        grads.append([g.detach().numpy() for g in
                      module.autograd.grad(outs, ins, seeds)])
    # (for eigh of a non-symmetric matrix, the gradient is PyTorch's choice: the symmetric one)
    for mine, theirs in zip(*grads):
        np.testing.assert_allclose(mine, theirs, rtol=1e-9, atol=1e-10)


@pytest.mark.parametrize("name, fn, shapes, maker", GRAD_CASES, ids=[c[0] for c in GRAD_CASES])
def test_gradcheck_first_and_second_order(name, fn, shapes, maker):
    ins = tuple(_inputs(engine, shapes, maker, 11))
    f = lambda *a: fn(engine, *a)  # noqa: E731
    assert gradcheck(f, ins, atol=1e-5, rtol=1e-3)
    assert gradgradcheck(f, ins, atol=1e-5, rtol=1e-3)


def test_eigh_of_a_nonsymmetric_matrix_has_pytorchs_gradient():
    torch = pytest.importorskip("torch")
    a = np.array([[2.0, 0.3, -0.4], [1.1, 3.0, 0.2], [0.7, -0.9, 4.0]])
    grads = []
    for module in (engine, torch):
        x = module.from_numpy(a.copy()).requires_grad_()
        r = module.linalg.eigh(x)
        (r.eigenvalues.pow(3).sum() + r.eigenvectors.abs().sum()).backward()
        grads.append(x.grad.numpy())
    np.testing.assert_allclose(grads[0], grads[1], rtol=1e-9, atol=1e-10)


def test_gelsy_refuses_a_cut_off_that_it_would_answer_differently():
    a = engine.tensor([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]])
    b = engine.tensor([[1.0], [2.0], [2.0], [5.0]])
    with pytest.raises(RuntimeError, match="cannot reproduce the 'gelsy' driver"):
        engine.linalg.lstsq(a, b, rcond=0.5)
    assert engine.linalg.lstsq(a, b, rcond=0.5, driver="gelsd").rank.item() == 1


def test_grad_of_several_outputs_of_one_node():
    torch = pytest.importorskip("torch")
    got = []
    for module in (engine, torch):
        x = module.tensor([1.0, 2.0], requires_grad=True)
        a, b = x.unbind()
        r = module.linalg.lstsq(module.tensor([[2.0, 1.0], [1.0, 2.0], [1.0, 3.0]]),
                                module.stack([x, x * x, x]), driver="gels")
        got.append([module.autograd.grad([a, b], [x], retain_graph=True)[0].tolist(),
                    module.autograd.grad([r.solution.sum(), r.residuals.sum()], [x])[0].tolist()])
    np.testing.assert_allclose(got[0], got[1], rtol=1e-6)


def test_the_nodes_explain_their_derivatives_in_pytorchs_terms():
    from gradstudio.engine import inspect
    a = engine.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)
    b = engine.tensor([[1.0], [2.0]], requires_grad=True)
    outs = {"torch.linalg.solve(A, B, left)": engine.linalg.solve(a, b),
            "torch.linalg.eigh(A)": engine.linalg.eigh(a)[0],
            "torch.linalg.svd(A, full_matrices)": engine.linalg.svd(a)[1],
            "torch.linalg.qr(A, mode)": engine.linalg.qr(a)[1],
            "torch.linalg.slogdet(A)": engine.linalg.slogdet(a)[1],
            "torch.linalg.pinv(A, atol, rtol)": engine.linalg.pinv(a),
            "torch.linalg.lstsq(A, B, rcond, driver)": engine.linalg.lstsq(a, b)[0]}
    for forward, out in outs.items():
        d = inspect.derivative(out.grad_fn)
        assert d.forward == forward
        assert all(f and "backward(ctx" not in f for f in d.formulas), d.formulas


def test_pinv_hermitian_of_a_nonsymmetric_matrix_is_refused():
    a = engine.tensor([[2.0, 1.0], [0.0, 3.0]])
    with pytest.raises(RuntimeError, match="hermitian=True reads only the lower triangle"):
        engine.linalg.pinv(a, hermitian=True)
    s = engine.tensor([[2.0, 1.0], [1.0, 3.0]])
    assert engine.linalg.pinv(s, hermitian=True).tolist() == engine.linalg.pinv(s).tolist()
