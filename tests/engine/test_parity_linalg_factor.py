"""``torch.linalg.cholesky`` / ``cholesky_ex``, ``lu_factor`` / ``lu_factor_ex`` and ``lu``
(issue 31): values, pivots, gradients (PyTorch's ``cholesky_backward`` and
``linalg_lu_backward``), node names, named results and errors against torch; first and
second derivatives against central differences; ``eig``/``eigvals`` refused in words (the
engine has no complex tensors)."""
import numpy as np
import pytest

import gradstudio.engine as E
from gradstudio.engine.autograd import gradcheck, gradgradcheck

import parity

P, prog = parity.table()

prog("cholesky_and_lu", """
    A = torch.tensor([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], requires_grad=True)
    L = torch.linalg.cholesky(A)
    print(L, L.grad_fn.name())
    (L * torch.arange(9.0).view(3, 3)).sum().backward()
    print(A.grad)
    A.grad = None
    U = torch.linalg.cholesky(A, upper=True)
    U.sum().backward()
    print(U, A.grad)
    print(torch.linalg.cholesky_ex(A))
    B = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5], [7.0, 8.5, 10.0]], requires_grad=True)
    LU, piv = torch.linalg.lu_factor(B)
    print(LU, piv, LU.grad_fn.name())
    (LU * torch.arange(9.0).view(3, 3)).sum().backward()
    print(B.grad)
    B.grad = None
    P, Lo, Up = torch.linalg.lu(B)
    print(P, Lo, Up, Lo.grad_fn.name(), P.requires_grad)
    (Lo.sum() + 2 * Up.sum()).backward()
    print(B.grad)
    print(torch.linalg.lu_factor_ex(B.detach().double()))
    for call in (lambda: torch.linalg.cholesky(torch.tensor([[1.0, 2.0], [2.0, 1.0]])),
                 lambda: torch.linalg.cholesky(torch.ones(2, 3)), lambda: torch.linalg.lu_factor(torch.ones(3))):
        try:
            call()
        except RuntimeError as e:
            print(type(e).__name__, e)
    g, = torch.autograd.grad(torch.linalg.cholesky(A).sum(), A, create_graph=True)
    print(g.sum().requires_grad)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)

_SPD = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
_GEN = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5], [7.0, 8.5, 10.0]])
CASES = {
    "cholesky": (lambda a: E.linalg.cholesky(a @ a.mT + E.eye(3, dtype=E.float64)), _GEN),
    "cholesky_upper": (lambda a: E.linalg.cholesky((a + a.mT) / 2, upper=True), _SPD),
    "lu_factor": (lambda a: E.linalg.lu_factor(a).LU, _GEN),
    "lu": (lambda a: E.linalg.lu(a)[1:], _GEN),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_first_and_second_derivatives_match_central_differences(name):
    fn, value = CASES[name]
    a = E.tensor(value.tolist(), dtype=E.float64, requires_grad=True)
    assert gradcheck(fn, (a,), atol=1e-5, rtol=1e-3)
    assert gradgradcheck(fn, (a,), atol=1e-5, rtol=1e-3)


def test_eig_is_refused_in_words():
    for fn in (E.linalg.eig, E.linalg.eigvals):
        with pytest.raises(NotImplementedError, match="no complex tensors"):
            fn(E.eye(2))
