import parity
P, prog = parity.table()
H = """
def t(label, f):
    try:
        r = f()
        print(label, r if not hasattr(r, 'grad_fn') else (r, r.dtype, r.grad_fn))
    except Exception as e:
        print(label, type(e).__name__, str(e)[:400])
"""
def p(name, code):
    from textwrap import dedent
    prog(name, H + dedent(code))
p("tensor_api", """
a = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
for n in ('sum', 'mean', 'prod', 'std', 'var', 'max', 'min', 'amax', 'amin', 'argmax', 'argmin', 'median', 'nanmedian', 'logsumexp', 'norm', 'cumsum', 'cumprod', 'cummax', 'cummin', 'sort', 'argsort', 'topk', 'kthvalue', 'nansum', 'nanmean', 'count_nonzero', 'all', 'any', 'aminmax', 'std_mean', 'var_mean', 'quantile', 'nanquantile', 'unique', 'msort'):
    for args in ((), (1,), (0, True) if n not in ('cumsum', 'cumprod', 'cummax', 'cummin', 'topk', 'kthvalue', 'quantile', 'nanquantile', 'sort', 'argsort') else ((2,) if n in ('topk', 'kthvalue') else ((0.5,) if 'quantile' in n else (0,)))):
        t(f'{n}{args}', lambda: getattr(torch, n)(a, *args))
b = torch.tensor([1., 2., 3.])
for n in ('eq', 'ne', 'lt', 'le', 'gt', 'ge', 'maximum', 'minimum', 'fmax', 'fmin', 'isclose', 'allclose', 'equal', 'logical_and', 'logical_or', 'logical_xor', 'bitwise_and', 'floor_divide', 'remainder', 'fmod', 'hypot', 'atan2', 'copysign', 'xlogy', 'lerp', 'dist', 'cross', 'dot', 'inner', 'outer', 'kron'):
    try:
        extra = (0.3,) if n == 'lerp' else ()
        t(n, lambda: getattr(torch, n)(b, torch.tensor([2., 2., 1.]), *extra))
    except Exception as e: print(n, e)
for n in ('add_', 'sub_', 'mul_', 'div_', 'pow_', 'clamp_', 'abs_', 'neg_', 'exp_', 'log_', 'sqrt_', 'sigmoid_', 'tanh_', 'floor_', 'ceil_', 'fill_', 'zero_', 'clamp_min_', 'addcmul_', 'addcdiv_', 'lerp_', 'masked_fill_', 'index_add_', 'scatter_', 'copy_', 'uniform_', 'normal_', 'exponential_', 't_', 'unsqueeze_', 'squeeze_', 'transpose_', 'sign_', 'reciprocal_', 'sin_', 'round_', 'trunc_', 'frac_', 'square_', 'relu_'):
    x = torch.tensor([[1.5, -2.0], [0.25, 4.0]])
    args = {'add_': (1,), 'sub_': (1,), 'mul_': (2,), 'div_': (2,), 'pow_': (2,), 'clamp_': (0, 1), 'fill_': (3,), 'clamp_min_': (0,), 'addcmul_': (x, x), 'addcdiv_': (x, x), 'lerp_': (x * 0, 0.5), 'masked_fill_': (x > 0, 0.), 'index_add_': (0, torch.tensor([0]), torch.ones(1, 2)), 'scatter_': (0, torch.tensor([[1, 0]]), 9.), 'copy_': (x * 2,), 'unsqueeze_': (0,), 'squeeze_': (), 'transpose_': (0, 1)}.get(n, ())
    torch.manual_seed(0)
    t(n, lambda: getattr(x, n)(*args))
A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]], requires_grad=True)
B = torch.tensor([[1., 2.], [0., 1.], [3., -1.]])
L = torch.linalg
for n, f in (('solve', lambda: L.solve(A, B)), ('eigh', lambda: L.eigh(A)), ('eigvalsh', lambda: L.eigvalsh(A)), ('svd', lambda: L.svd(A)), ('svdvals', lambda: L.svdvals(A)),
             ('qr', lambda: L.qr(A)), ('lstsq', lambda: L.lstsq(A, B)), ('slogdet', lambda: L.slogdet(A)), ('det', lambda: L.det(A)), ('pinv', lambda: L.pinv(A)), ('inv', lambda: L.inv(A)),
             ('cholesky', lambda: L.cholesky(A)), ('norm', lambda: L.norm(A)), ('vnorm', lambda: L.vector_norm(A, 1)), ('mnorm', lambda: L.matrix_norm(A, 'nuc')), ('tsvd', lambda: torch.svd(A)),
             ('tqr', lambda: torch.qr(A)), ('tdet', lambda: torch.det(A)), ('tlogdet', lambda: torch.logdet(A)), ('tinv', lambda: torch.inverse(A)), ('tpinv', lambda: torch.pinverse(A)),
             ('mp', lambda: L.matrix_power(A, 2)), ('mrank', lambda: L.matrix_rank(A)), ('cond', lambda: L.cond(A)), ('eig', lambda: L.eigvals(A)), ('solve_bad', lambda: L.solve(A, torch.ones(2))),
             ('solve_int', lambda: L.solve(torch.eye(2, dtype=torch.int64), torch.ones(2, dtype=torch.int64))), ('eigh_ns', lambda: L.eigh(torch.ones(2, 3))), ('trace', lambda: torch.trace(A)), ('tril', lambda: torch.tril(A)),
             ('cholinv', lambda: torch.cholesky_inverse(L.cholesky(A))), ('lu', lambda: L.lu_factor(A)), ('chsolve', lambda: torch.cholesky_solve(B, L.cholesky(A)))):
    t(n, f)
for a_, b_ in ((torch.int8, torch.uint8), (torch.int32, torch.float16), (torch.bool, torch.int8), (torch.float16, torch.bfloat16), (torch.int64, torch.float32)):
    print(torch.promote_types(a_, b_), torch.can_cast(a_, b_), (torch.ones(2, dtype=a_) + torch.ones(2, dtype=b_)).dtype)
print(torch.result_type(torch.tensor(1, dtype=torch.int32), torch.tensor([1], dtype=torch.int8)), torch.result_type(torch.tensor([1]), True), torch.result_type(torch.tensor([True]), 1))
print((torch.tensor([1, 2], dtype=torch.uint8) * 1.5).dtype, (torch.tensor([1.]) * torch.tensor(2., dtype=torch.float64)).dtype)
""")
PROGRAMS = parity.programs(P)
