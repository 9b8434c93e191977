"""Tutorial-style programs print the same under the engine as under PyTorch.

Each entry of the tables below is a small program; ``parity`` runs all of them in one
torch process and one engine process and compares the transcripts exactly (addresses
blanked) and the values passed to ``check`` with torch's float32 tolerances.
"""
from textwrap import dedent

import pytest

import parity

P = []


def prog(name, code):
    P.append((name, dedent(code)))


# ============================================================================ creation
prog("harness_backend_name", """
    import torch as t
    print(t.__name__, t is torch)
""")
prog("tensor_nested_floats", """
    t = torch.tensor([[1.5, 2.0], [3.25, -4.0]])
    print(t, t.dtype, t.shape, t.requires_grad, t.is_leaf, t.grad_fn)
""")
prog("tensor_ints_bools_scalars", """
    for data in ([1, 2, 3], [[1, 2], [3, 4]], [True, False], [True, 2], [1, 2.5], 3.5, 7, True,
                 [], [[]], [[1.0]], -0.0, [1e10, 1e-10]):
        t = torch.tensor(data)
        print(repr(data), t, t.dtype, t.shape, t.dim())
""")
prog("tensor_dtype_kw", """
    for dt in (torch.float32, torch.float, torch.float64, torch.double, torch.int64,
               torch.long, torch.bool, torch.int32):
        t = torch.tensor([[0, 1], [2, 3]], dtype=dt)
        print(dt, t, t.dtype, t.is_floating_point())
    print(torch.tensor([1.7, -2.7], dtype=torch.int64))
    print(torch.tensor(2.5, dtype=torch.float64, requires_grad=True))
""")
prog("tensor_requires_grad_kw", """
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor(3.0, requires_grad=True)
    print(a, b, a.is_leaf, a.grad, a.grad_fn)
""")
prog("factories", """
    print(torch.ones(2, 3))
    print(torch.ones((2, 3)), torch.ones([3]), torch.ones(()))
    print(torch.zeros(2, 2, dtype=torch.int64))
    print(torch.full((2, 2), 7.0), torch.full((2,), 3), torch.full((1,), True))
    print(torch.eye(3), torch.eye(2, 3))
    print(torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25), torch.arange(5.0))
    print(torch.arange(10, 0, -3), torch.arange(0.1, 0.5, 0.1))
    print(torch.linspace(0, 1, 5), torch.linspace(-1, 1, steps=4), torch.linspace(3, 3, 1))
    print(torch.ones(2, 2, requires_grad=True), torch.zeros(3, dtype=torch.float64))
    print(torch.zeros(0), torch.ones(2, 0))
""")
prog("factories_like", """
    x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
    for t in (torch.ones_like(x), torch.zeros_like(x), torch.zeros_like(x, dtype=torch.int64),
              torch.ones_like(x, requires_grad=True), torch.full_like(x, 2.5)):
        print(t, t.dtype, t.requires_grad)
    i = torch.tensor([1, 2])
    print(torch.ones_like(i), torch.zeros_like(i))
""")
prog("random_seeded", """
    torch.manual_seed(42)
    print(torch.rand(2, 3))
    print(torch.randn(3))
    print(torch.rand(2, dtype=torch.float64), torch.randn(2, 2, requires_grad=True))
    torch.manual_seed(42)
    print(torch.rand(2, 3))
    print(torch.manual_seed(3).initial_seed())
""")
prog("dtypes", """
    print(torch.float32, torch.float, torch.float64, torch.double, torch.int64, torch.long,
          torch.bool, torch.int32, torch.int)
    print(torch.float is torch.float32, torch.double is torch.float64, torch.long is torch.int64)
    print(torch.float32 == torch.float, torch.float32 != torch.float64)
    print(torch.float32.is_floating_point, torch.int64.is_floating_point, torch.bool.is_floating_point)
    print(torch.get_default_dtype())
    x = torch.tensor([1, 2])
    print(x.float(), x.double(), x.long(), x.bool(), x.float().int(), x.to(torch.float64))
    print(x.float().dtype, x.to(torch.float16).dtype, x.type())
""")
prog("size", """
    x = torch.zeros(2, 3, 4)
    s = x.shape
    print(s, x.size(), x.size(1), x.size(-1), len(s), s[0], s[-1], s[1:], s == (2, 3, 4))
    print(isinstance(s, tuple), list(s), tuple(s), s.numel(), x.shape == x.size())
    print(torch.Size([2, 3]), torch.Size(), torch.Size((5,)), type(s[1:]).__name__)
    a, b, c = x.shape
    print(a, b, c, x.shape + (1,), str(s), repr(torch.Size([1])))
    print(x.ndim, x.dim(), x.numel(), x.nelement())
""")

# ============================================================================ arithmetic
prog("binary_ops_and_reflected", """
    a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    b = torch.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True)
    for expr in ("a + b", "a - b", "a * b", "a / b", "a ** b", "a @ b", "a + 2", "2 + a",
                 "a - 2", "2 - a", "a * 3", "3 * a", "a / 4", "4 / a", "a ** 2", "2 ** a",
                 "-a", "a ** 0.5", "a ** -1", "a + True", "a * 2.5", "+a", "a ** 0", "a ** 1",
                 "a.add(b, alpha=2)", "a.sub(b, alpha=0.5)", "torch.add(a, 1)", "torch.mul(a, b)",
                 "torch.div(a, b)", "torch.sub(2, a) if False else torch.sub(a, 2)",
                 "torch.pow(a, 3)", "torch.pow(2, a)", "a.square()", "a.neg()", "torch.neg(a)"):
        y = eval(expr)
        print(expr, "=", y)
        y.sum().backward()
        print("  grads", a.grad, b.grad)
        check(y, a.grad, b.grad)
        a.grad = None
        b.grad = None
""")
prog("int_arithmetic", """
    i = torch.tensor([1, 2, 3])
    j = torch.tensor([4, 5, 6])
    for expr in ("i + j", "i * j", "i - j", "i / j", "i ** 2", "2 ** i", "i + 1.5", "i * 2",
                 "i / 2", "-i", "i // 2 if False else i * 1", "i ** j", "i + True",
                 "torch.tensor([True, False]) + torch.tensor([True, True])",
                 "torch.tensor([True, False]) * 3"):
        y = eval(expr)
        print(expr, "=", y, y.dtype)
""")
prog("comparisons", """
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = torch.tensor([3.0, 2.0, 1.0])
    for expr in ("a == b", "a != b", "a < b", "a <= b", "a > b", "a >= b", "a == 2", "a > 1.5",
                 "a.eq(b)", "a.ne(b)", "a.lt(b)", "a.le(b)", "a.gt(b)", "a.ge(b)", "a.eq(2)",
                 "torch.eq(a, b)", "torch.gt(a, 1)", "2 < a", "(a > 1) & (a < 3)", "(a > 2) | (a < 2)",
                 "~(a > 1)", "torch.tensor([1, 2]) == torch.tensor([1.0, 3.0])"):
        y = eval(expr)
        print(expr, "=", y, y.dtype, y.requires_grad, y.grad_fn)
""")
prog("all_any", """
    t = torch.tensor([[True, False], [True, True]])
    print(t.all(), t.any(), t.all(dim=1), t.any(0), torch.all(t), torch.any(t))
    x = torch.tensor([0.0, 1.0, 2.0])
    print((x >= 0).all(), (x > 1).any(), x.all(), x.any(), torch.tensor([]).all())
    print(bool((x >= 0).all()), (x == x).all().item())
""")

# ============================================================================ reductions
prog("sum_mean", """
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    for expr in ("x.sum()", "x.sum(0)", "x.sum(dim=1)", "x.sum(1, keepdim=True)", "x.sum(-1)",
                 "x.sum((0, 1))", "x.mean()", "x.mean(0)", "x.mean(dim=1, keepdim=True)",
                 "x.mean(-2)", "torch.sum(x)", "torch.mean(x, 1)", "torch.sum(x, dim=0, keepdim=True)"):
        y = eval(expr)
        print(expr, y, y.grad_fn.name())
        y.sum().backward()
        print("  grad", x.grad)
        check(y, x.grad)
        x.grad = None
    i = torch.tensor([[1, 2], [3, 4]])
    print(i.sum(), i.sum(0), i.sum().dtype, torch.tensor([True, True]).sum())
""")
prog("max_min", """
    x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
    print(x.max(), x.min(), torch.max(x), torch.min(x))
    r = x.max(1)
    print(r)
    print(r.values, r.indices, r[0], r[1], type(r).__name__, len(r))
    v, i = x.min(dim=0)
    print(v, i)
    print(x.max(1, keepdim=True))
    print(torch.max(x, 0), torch.min(x, dim=-1))
    print(torch.max(x, torch.full((2, 3), 3.0)))
    x.max().backward()
    print(x.grad)
    x.grad = None
    x.max(1).values.sum().backward()
    print(x.grad)
    x.grad = None
    t = torch.tensor([2.0, 2.0, 1.0], requires_grad=True)
    t.max().backward()
    print(t.grad)
    print(torch.tensor([3, 1, 2]).max(), torch.tensor([3, 1, 2]).argmax(), x.argmax(), x.argmin(1))
""")
prog("norm", """
    x = torch.tensor([[3.0, 4.0], [1.0, -2.0]], requires_grad=True)
    for expr in ("x.norm()", "x.norm(1)", "x.norm(dim=1)", "x.norm(p=2, dim=0, keepdim=True)",
                 "torch.norm(x)", "x.norm(float('inf'))"):
        y = eval(expr)
        print(expr, y)
        y.sum().backward()
        print("  grad", x.grad)
        check(y, x.grad)
        x.grad = None
""")
prog("unary_functions", """
    x = torch.tensor([[0.5, -1.5], [2.0, -0.25]], requires_grad=True)
    for expr in ("x.exp()", "x.abs().log()", "x.sin()", "x.cos()", "x.tanh()", "x.sigmoid()",
                 "x.relu()", "x.abs()", "x.abs().sqrt()", "x.pow(2)", "x.pow(3)", "x.clamp(-1, 1)",
                 "x.clamp(min=0)", "x.clamp(max=0.5)", "torch.exp(x)", "torch.log(x.abs())",
                 "torch.sin(x)", "torch.cos(x)", "torch.tanh(x)", "torch.sigmoid(x)", "torch.relu(x)",
                 "torch.abs(x)", "torch.sqrt(x.abs())", "torch.clamp(x, min=-0.3, max=0.3)",
                 "torch.nn.functional.relu(x)", "torch.nn.functional.sigmoid(x) if False else x.sigmoid()",
                 "x.log()", "x.sqrt()", "torch.exp(-x ** 2)"):
        y = eval(expr)
        print(expr, "=", y)
        y.sum().backward()
        print("  grad", x.grad)
        check(y, x.grad)
        x.grad = None
""")

# ============================================================================ linear algebra
prog("matmul_family", """
    A = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    B = torch.tensor([[1.0, 0.5], [-1.0, 2.0], [0.0, 1.0]], requires_grad=True)
    v = torch.tensor([1.0, -1.0, 2.0], requires_grad=True)
    w = torch.tensor([0.5, 2.0], requires_grad=True)
    for expr in ("A @ B", "A.mm(B)", "torch.mm(A, B)", "torch.matmul(A, B)", "A @ v", "A.mv(v)",
                 "torch.mv(A, v)", "v @ v", "v.dot(v)", "torch.dot(v, v)", "w @ A", "torch.matmul(w, A)",
                 "A.t() @ w", "A.matmul(v)"):
        y = eval(expr)
        print(expr, "=", y)
        y.sum().backward()
        print("  grads", A.grad, B.grad, v.grad, w.grad)
        check(y, A.grad, B.grad, v.grad, w.grad)
        for t in (A, B, v, w):
            t.grad = None
""")
prog("matmul_batched", """
    torch.manual_seed(0)
    X = torch.randn(2, 3, 4, requires_grad=True)
    W = torch.randn(4, 5, requires_grad=True)
    V = torch.randn(2, 4, 2, requires_grad=True)
    u = torch.randn(4, requires_grad=True)
    for expr in ("X @ W", "X @ V", "X @ u", "torch.matmul(X, W)", "u @ V", "W.t() @ X.transpose(1, 2)"):
        y = eval(expr)
        print(expr, y.shape, y.grad_fn)
        y.sum().backward()
        check(y, X.grad, W.grad, V.grad, u.grad)
        print("  grad shapes", [None if t.grad is None else t.grad.shape for t in (X, W, V, u)])
        for t in (X, W, V, u):
            t.grad = None
""")

# ============================================================================ shapes
prog("shape_ops", """
    x = torch.arange(6.0).reshape(2, 3).requires_grad_()
    for expr in ("x.reshape(3, 2)", "x.reshape(-1)", "x.reshape((6, 1))", "x.view(3, 2)",
                 "x.view(-1, 2)", "x.t()", "x.T", "x.transpose(0, 1)", "x.unsqueeze(0)",
                 "x.unsqueeze(-1)", "x.unsqueeze(0).squeeze()", "x.unsqueeze(1).squeeze(1)",
                 "x.reshape(1, 2, 3, 1).squeeze(0)", "x[:1].expand(4, 3)", "x.clone()",
                 "x.t().reshape(6)", "x.view(6).view(2, 3)", "torch.reshape(x, (3, 2))",
                 "torch.transpose(x, 0, 1)", "torch.t(x)", "torch.unsqueeze(x, 1)",
                 "torch.squeeze(x.unsqueeze(0))", "x.flatten()", "x.permute(1, 0)",
                 "x.unsqueeze(1).expand(2, 4, 3)", "x.expand(2, 2, 3)", "x.view(2, 1, 3).expand(-1, 2, -1)",
                 "x.squeeze(0)", "x.contiguous()", "x.t().contiguous()", "x.detach().t().is_contiguous()"):
        y = eval(expr)
        print(expr, "=", y, y.shape if hasattr(y, "shape") else "")
        if hasattr(y, "backward") and y.requires_grad:
            (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
            print("  grad", x.grad)
            check(y, x.grad)
            x.grad = None
""")
prog("indexing_read", """
    x = torch.arange(12.0).reshape(3, 4).requires_grad_()
    keys = ["0", "-1", "1, 2", "0:2", "::2", "1:", ":, 1", ":, -1", "..., 0", "None", "None, 1",
            "1, None", ":, None, 1:3", "..., None", "[0, 2]", "[[0, 1], [1, 2]]", "[0, 2], [1, 3]",
            "x[:, 0] > 4", "x > 5", "torch.tensor([2, 0])", "torch.tensor([True, False, True])",
            "1:3, [0, 3]", "-2:, ::3", "1:1", "..., 1:3", "0, ...", "2:100", "torch.tensor(1)",
            "[-1, 0]"]
    for k in keys:
        y = eval(f"x[{k}]")
        print(k, "->", y, y.shape)
        (y * 1.5).sum().backward()
        print("  grad", x.grad)
        check(y, x.grad)
        x.grad = None
    v = torch.tensor([1.0, 2.0, 3.0])
    print(v[0], v[-1].item(), v[1:], v[v > 1], v[[True, False, True]], v[None], v[...])
""")
prog("indexing_write", """
    x = torch.zeros(3, 4)
    x[0] = 1.0
    x[1, 2] = 5
    x[:, 3] = torch.tensor([7.0, 8.0, 9.0])
    x[2, :2] = torch.tensor(4.0)
    print(x, x._version)
    x[x > 4] = -1.0
    print(x)
    x[[0, 2]] = 2.0
    print(x)
    x[..., 0] = torch.tensor([1, 2, 3])
    x[None, 1, 1] = 3.5
    print(x, x._version)
    i = torch.zeros(2, 2, dtype=torch.int64)
    i[0, 0] = 3.9
    print(i)
    w = torch.ones(3, requires_grad=True)
    y = w * 2
    y[1] = 0.0
    print(y, y.grad_fn)
    y.sum().backward()
    print(w.grad)
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    z = torch.zeros(4)
    z[1:] = a * a
    print(z, z.requires_grad, z.grad_fn)
    z.sum().backward()
    print(a.grad)
""")
prog("cat_stack_softmax", """
    a = torch.tensor([[1.0, 2.0]], requires_grad=True)
    b = torch.tensor([[3.0, 4.0], [5.0, 6.0]], requires_grad=True)
    c = torch.cat([a, b])
    print(c, torch.cat((a, a), dim=1), torch.cat([a, b], 0).shape, torch.cat([a.t(), a.t()], -1))
    (c * torch.arange(6.0).reshape(3, 2)).sum().backward()
    print(a.grad, b.grad)
    s = torch.stack([a[0], b[0], b[1]])
    print(s, torch.stack([a, a], dim=1), torch.stack((a[0], a[0]), -1))
    s.pow(2).sum().backward()
    print(a.grad, b.grad)
    x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
    p = torch.softmax(x, dim=1)
    print(p, x.softmax(0), torch.nn.functional.softmax(x, dim=-1), torch.log_softmax(x, 1))
    (p * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print(x.grad)
    check(p, x.grad)
    print(torch.cat([torch.tensor([1, 2]), torch.tensor([3.5])]))
""")

# ============================================================================ autograd state
prog("requires_grad_flags", """
    x = torch.ones(2)
    print(x.requires_grad, x.is_leaf)
    x.requires_grad = True
    print(x.requires_grad, x.is_leaf, x)
    x.requires_grad = False
    print(x.requires_grad)
    print(x.requires_grad_(), x.requires_grad_(False), x.requires_grad_(True).requires_grad)
    y = x * 2
    print(y.requires_grad, y.is_leaf, (x.detach() * 2).is_leaf)
    y.requires_grad = True
    y.requires_grad_()
    print(y.requires_grad)
    z = torch.tensor([1.0]) * 2
    print(z.is_leaf, z.requires_grad, z.grad_fn)
""")
prog("grad_attribute", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    print(x.grad)
    x.grad = torch.tensor([0.5, 0.5])
    print(x.grad)
    (x * x).sum().backward()
    print(x.grad)
    x.grad = None
    print(x.grad)
    (x * 3).sum().backward()
    print(x.grad)
    x.grad.zero_()
    print(x.grad)
    (x ** 2).sum().backward()
    print(x.grad)
    x.grad.data.zero_()
    del x.grad
    print(x.grad)
""")
prog("grad_fn_graph", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    y = (x * w + x).exp().sum()

    def walk(fn, depth=0):
        if fn is None:
            print("  " * depth + "None")
            return
        print("  " * depth + type(fn).__name__, fn.name(), len(fn.next_functions))
        if type(fn).__name__ == "AccumulateGrad":
            print("  " * depth + "  variable is x:", fn.variable is x, "is w:", fn.variable is w)
        for nxt, idx in fn.next_functions:
            print("  " * depth + "  input", idx)
            walk(nxt, depth + 1)
    walk(y.grad_fn)
    print(y.grad_fn)
    print(y.grad_fn.next_functions)
    print(y.grad_fn.next_functions[0][0].next_functions)
    acc = y.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[1][0]
    print(acc, acc.next_functions)
    z = x + 1
    c = torch.tensor([1.0, 1.0])
    print((z * c).grad_fn.next_functions, (c * z).grad_fn.next_functions)
    print((x * 2).grad_fn.next_functions, (2 * x).grad_fn.next_functions)
    print(x.grad_fn, y.grad_fn.name(), isinstance(y.grad_fn.next_functions, tuple))
    acc1 = (x * 2).grad_fn.next_functions[0][0]
    acc2 = (x * 3).grad_fn.next_functions[0][0]
    print(acc1 is acc2, acc1.variable is x)
""")
prog("grad_fn_names", """
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    v = torch.tensor([1.0, 2.0], requires_grad=True)
    exprs = ["x + 1", "x + x", "x - 1", "1 - x", "x * 2", "x * x", "x / 2", "2 / x", "x / x",
             "x ** 2", "x ** x", "2 ** x", "-x", "x.exp()", "x.log()", "x.sin()", "x.cos()",
             "x.tanh()", "x.sigmoid()", "x.relu()", "x.abs()", "x.sqrt()", "x.clamp(0, 1)",
             "x.clamp(min=1)", "x.sum()", "x.sum(0)", "x.mean()", "x.mean(1)", "x.max()", "x.min()",
             "x.max(0).values", "x.min(1)[0]", "x.norm()", "x @ x", "x @ v", "v @ x", "v @ v",
             "x.mm(x)", "x.mv(v)", "v.dot(v)", "x.reshape(4)", "x.view(4)", "x.t()", "x.T",
             "x.transpose(0, 1)", "x.unsqueeze(0)", "x.unsqueeze(0).squeeze()",
             "x.unsqueeze(0).squeeze(0)", "x[:1].expand(3, 2)", "x.clone()", "x[0]", "x[:, 1]",
             "x[0:1]", "x[None]", "x[[0, 1]]", "x[x > 2]", "x[..., 0]", "torch.cat([x, x])",
             "torch.stack([x, x])", "torch.softmax(x, 1)", "torch.log_softmax(x, 1)",
             "x.to(torch.float64)", "x.double()", "x.t().reshape(4)", "x.flatten()",
             "x.permute(1, 0)", "x.square()", "torch.maximum(x, v)", "x.pow(v)", "x.sum(0, keepdim=True)",
             "x.max(dim=1, keepdim=True).values", "v.outer(v) if hasattr(v, 'outer') else v",
             "torch.where(x > 2, x, 0.0 * x)", "x.abs().max()", "x.float()"]
    for e in exprs:
        y = eval(e)
        print(e, "->", y.grad_fn.name(), [type(n).__name__ if n is not None else None
                                          for n, _ in y.grad_fn.next_functions])
""")
prog("retain_grad", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    z = y * y
    print(y.retains_grad, x.retains_grad)
    y.retain_grad()
    print(y.retains_grad)
    x.retain_grad()
    print(x.retains_grad)
    z.sum().backward()
    print(y.grad, x.grad, z.retains_grad)
    z2 = (y * 3).sum()
    z2.backward()
    print(y.grad, x.grad)
""")
prog("nonleaf_grad_warning", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.sum().backward()
    print(y.grad)
    print(y.grad is None)
    y.retain_grad()
    print(y.grad)
    d = x.detach()
    print(d.grad)
""")
prog("detach_and_data", """
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    d = x.detach()
    print(d, d.requires_grad, d.is_leaf, d.grad_fn)
    d[0] = 10.0
    print(x, x._version, d._version)
    dd = x.data
    print(dd, dd.requires_grad)
    dd[1] = 20.0
    print(x, x._version, dd._version)
    x.data.mul_(2)
    print(x)
    y = x * 2
    print(y.detach(), y.detach().requires_grad, y.data, y.data.requires_grad)
    x.data = torch.tensor([7.0, 8.0, 9.0])
    print(x, x.requires_grad)
    print(x.detach().numpy(), x.data.numpy())
    a = x.detach().numpy()
    a[2] = -1
    print(x)
    x.detach().zero_()
    print(x)
""")
prog("backward_options", """
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * x
    y.backward(torch.tensor([1.0, 0.1, 0.01]))
    print(x.grad)
    y2 = (x ** 3).sum()
    y2.backward(retain_graph=True)
    y2.backward()
    print(x.grad)
    x.grad = None
    y3 = (x ** 3).sum()
    y3.backward(create_graph=True)
    print(x.grad, x.grad.requires_grad, x.grad.grad_fn)
    g = x.grad.sum()
    x.grad = None
    g.backward()
    print(x.grad)
    x.grad = None
    out = (x * 2).sum()
    out.backward(gradient=torch.tensor(3.0))
    print(x.grad)
    x.grad = None
    torch.autograd.backward([(x * x).sum(), (x * 2).sum()])
    print(x.grad)
    x.grad = None
    torch.autograd.backward(x * 5, grad_tensors=torch.ones(3))
    print(x.grad)
""")
prog("hooks", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 3
    h1 = y.register_hook(lambda g: print("hook on y", g))
    h2 = y.register_hook(lambda g: g * 10)
    h3 = x.register_hook(lambda g: print("hook on x", g))
    y.sum().backward(retain_graph=True)
    print(x.grad)
    h2.remove()
    h3.remove()
    x.grad = None
    y.sum().backward()
    print(x.grad)
    h1.remove()
    a = torch.tensor(2.0, requires_grad=True)
    a.register_hook(lambda g: g + 100)
    (a * a).backward()
    print(a.grad)
""")
prog("autograd_grad", """
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    u = torch.tensor([1.0], requires_grad=True)
    y = (x * w).sum()
    gx, = torch.autograd.grad(y, x, retain_graph=True)
    print(gx, x.grad, w.grad)
    gx, gw = torch.autograd.grad(y, [x, w], retain_graph=True)
    print(gx, gw)
    print(torch.autograd.grad(y, (x, u), allow_unused=True, retain_graph=True))
    z = x * w
    print(torch.autograd.grad(z, x, grad_outputs=torch.ones(3), retain_graph=True))
    print(torch.autograd.grad([z], [w], [torch.tensor([1.0, 2.0, 3.0])]))
    q = (x ** 3).sum()
    g, = torch.autograd.grad(q, x, create_graph=True)
    print(g, g.requires_grad, g.grad_fn)
    g2, = torch.autograd.grad(g.sum(), x)
    print(g2)
    print(x.grad, w.grad)
""")
prog("higher_order", """
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 4
    g1, = torch.autograd.grad(y, x, create_graph=True)
    g2, = torch.autograd.grad(g1, x, create_graph=True)
    g3, = torch.autograd.grad(g2, x, create_graph=True)
    print(g1, g2, g3)
    g3.backward()
    print(x.grad)
    t = torch.tensor([0.3, -0.7], requires_grad=True)
    # tanh, sigmoid and softmax have dedicated double-backward nodes in PyTorch
    # (TanhBackwardBackward0 ...); the engine records their VJPs as elementary ops, so
    # only the values of those gradients are compared.
    for f in ("t.sin()", "t.exp()", "t.tanh()", "t.sigmoid()", "t * t * t", "t.cos() * t", "1 / (1 + t * t)",
              "torch.softmax(t, 0)", "t.pow(3)", "t.norm() * t"):
        out = eval(f).sum()
        d1, = torch.autograd.grad(out, t, create_graph=True)
        d2, = torch.autograd.grad(d1.sum(), t)
        shown = d1.detach() if f in ("t.tanh()", "t.sigmoid()", "torch.softmax(t, 0)") else d1
        print(f, shown, d1.requires_grad, d2)
        check(d1, d2)
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    (a ** 3).sum().backward(create_graph=True)
    ga = a.grad
    a.grad = None
    ga.sum().backward()
    print(a.grad)
""")
prog("grad_mode", """
    x = torch.ones(2, requires_grad=True)
    print(torch.is_grad_enabled())
    with torch.no_grad():
        y = x * 2
        print(torch.is_grad_enabled(), y.requires_grad, y.grad_fn)
        with torch.enable_grad():
            z = x * 2
            print(torch.is_grad_enabled(), z.requires_grad, z.grad_fn)
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())

    @torch.no_grad()
    def f(t):
        return t * 2, torch.is_grad_enabled()
    print(f(x), f.__name__)

    @torch.no_grad
    def g(t):
        return t * 2
    print(g(x))

    @torch.enable_grad()
    def h(t):
        return t * 2
    with torch.no_grad():
        print(h(x))
    torch.set_grad_enabled(False)
    print(torch.is_grad_enabled(), (x * 2).requires_grad)
    torch.set_grad_enabled(True)
    print(torch.is_grad_enabled())
    with torch.set_grad_enabled(False):
        print(torch.is_grad_enabled(), (x + 1).requires_grad)
    print(torch.is_grad_enabled())
    with torch.set_grad_enabled(True):
        print((x + 1).requires_grad)
    with torch.autograd.no_grad():
        print(torch.is_grad_enabled())
    print(torch.autograd.grad_mode.no_grad if False else "ok")
    try:
        with torch.no_grad():
            raise ValueError("boom")
    except ValueError as e:
        print("caught", e, torch.is_grad_enabled())
""")
prog("inplace_and_versions", """
    x = torch.tensor([1.0, 2.0, 3.0])
    print(x._version)
    x.add_(1)
    print(x, x._version)
    x.mul_(2)
    print(x, x._version)
    x.zero_()
    print(x, x._version)
    x += 5
    x *= torch.tensor([1.0, 2.0, 3.0])
    x -= 1
    x /= 2
    print(x, x._version)
    v = x[1:]
    v.add_(100)
    print(x, x._version, v._version)
    d = x.detach()
    d.mul_(0.5)
    print(x._version, d._version)
    y = x.add_(1)
    print(y is x)
    w = torch.ones(2, requires_grad=True)
    a = w * 2
    a.add_(1)
    print(a, a.grad_fn, a._version)
    a.mul_(a)
    print(a, a.grad_fn, a._version)
    a.sum().backward()
    print(w.grad)
    with torch.no_grad():
        w.add_(1)
        w.mul_(3)
    print(w, w._version)
    i = torch.tensor([1, 2])
    i.add_(3)
    i.mul_(2)
    print(i)
    b = torch.ones(2, requires_grad=True)
    c = b.clone()
    c.zero_()
    print(c, c.grad_fn)
    c.sum().backward()
    print(b.grad)
""")
prog("conversions", """
    x = torch.tensor([[1.5, 2.5], [3.5, 4.5]], requires_grad=True)
    print(x.shape, x.size(), x.dim(), x.numel(), x.dtype)
    print(x.tolist(), x[0, 0].item(), type(x[0, 0].item()).__name__)
    print(x.detach().numpy(), x.detach().numpy().dtype, type(x.detach().numpy()).__name__)
    print(torch.tensor(3).item(), type(torch.tensor(3).item()).__name__, torch.tensor(True).item())
    print(torch.tensor([1, 2]).tolist(), torch.tensor(2.5).tolist(), torch.tensor([[True]]).tolist())
    print(float(torch.tensor(2.5)), int(torch.tensor(3.9)), bool(torch.tensor(0.0)), bool(torch.tensor([1])))
    print(len(x), [r for r in x.detach()], list(torch.tensor([1, 2])))
    print(f"{x[0, 0].item():.3f}", "{:.2f}".format(torch.tensor(1.2345)), f"{torch.tensor(2.0)}")
    import numpy as np
    a = np.array([[1.0, 2.0]], dtype=np.float32)
    t = torch.from_numpy(a)
    a[0, 0] = 9
    print(t, torch.tensor(a), torch.tensor(np.arange(3)), torch.as_tensor([1, 2]))
    print(x.detach().numpy().sum(), np.asarray(x.detach()))
    print(torch.tensor(np.float64(2.5)), torch.tensor([np.int64(3)]))
    print(torch.is_tensor(x), torch.is_tensor(3), torch.numel(x))
""")
prog("dtype_promotion", """
    i = torch.tensor([1, 2])
    f = torch.tensor([1.5, 2.5])
    d = torch.tensor([1.5, 2.5], dtype=torch.float64)
    b = torch.tensor([True, False])
    z32 = torch.tensor(2.0)
    z64 = torch.tensor(2.0, dtype=torch.float64)
    zi = torch.tensor(3)
    for e in ("i + f", "f + i", "i + d", "f + d", "d * f", "i * 2.5", "i + 1", "f + 1", "b + b",
              "b + 1", "b * 1.5", "b + i", "f + z64", "i + z32", "i + z64", "zi + f", "z32 + z64",
              "zi * 2.5", "f * zi", "b + zi", "d + z32", "i / i", "i / 2", "f ** 2", "i ** 2.0",
              "i + True", "2.5 * i", "f.sum() + d", "torch.ones(2, dtype=torch.float16) + f",
              "torch.tensor(2.5) + i", "torch.tensor(2) * torch.tensor(3.0)", "i.float() + d.float()"):
        y = eval(e)
        print(e, "->", y, y.dtype)
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    y = a * d
    y.sum().backward()
    print(y.dtype, a.grad, a.grad.dtype)
    q = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    (q * f).sum().backward()
    print(q.grad, q.grad.dtype)
""")
prog("broadcasting_grads", """
    a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    b = torch.tensor([10.0, 20.0, 30.0], requires_grad=True)
    c = torch.tensor([[2.0], [3.0]], requires_grad=True)
    s = torch.tensor(0.5, requires_grad=True)
    k = torch.tensor([[[1.0]]], requires_grad=True)
    for e in ("a + b", "a * b", "a * c", "b * c", "a / c", "a * s", "b - s", "a ** c", "c ** b",
              "a * k", "(b * c).sum(0)", "torch.maximum(a, b)", "torch.cat([a, c], 1)"):
        y = eval(e)
        print(e, y.shape)
        (y * y).sum().backward()
        print("  ", a.grad, b.grad, c.grad, s.grad, k.grad)
        check(y, a.grad, b.grad, c.grad, s.grad, k.grad)
        for t in (a, b, c, s, k):
            t.grad = None
""")
prog("grad_accumulation", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    for i in range(3):
        y = (x * x).sum()
        y.backward()
        print(i, x.grad)
    g = x.grad
    (x * 10).sum().backward()
    print(g is x.grad, g, x._version)
    x.grad.zero_()
    print(x.grad, g)
    y = (x ** 2).sum()
    y.backward(retain_graph=True)
    y.backward(retain_graph=True)
    y.backward()
    print(x.grad)
    a = torch.tensor(1.0, requires_grad=True)
    b = a * 2
    c = a * 3
    (b + c).backward()
    print(a.grad)
    m = a * a
    (m + m * 2).backward()
    print(a.grad)
""")
prog("storage_sharing", """
    x = torch.tensor([1.0, 2.0, 3.0, 4.0])
    v = x.view(2, 2)
    v[0, 0] = 100
    r = x.reshape(4)
    r[1] = 200
    t = v.t()
    t[1, 1] = 300
    s = x[2:]
    s[1] = 400
    u = x.unsqueeze(0)
    u[0, 2] = 500
    print(x, v, x._version, v._version, s._version)
    e = x[:1].expand(3)
    print(e)
    c = x.clone()
    c[0] = -1
    print(x, c)
    x.add_(1)
    print(v, t, s, e, r)
""")
prog("chain_100k", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x
    for _ in range(100000):
        y = y * 1.0
    y.sum().backward()
    print(x.grad, y.grad_fn)
    x.grad = None
    z = x
    for _ in range(30000):
        z = z + 0.0001
    g, = torch.autograd.grad(z.sum(), x)
    print(g)
""")
prog("misc_tutorial", """
    x = torch.randn(3, requires_grad=True)
    y = x * 2
    while y.data.norm() < 1000:
        y = y * 2
    print(y)
    v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float)
    y.backward(v)
    print(x.grad)
    w = torch.randn(5, 3, requires_grad=True)
    b = torch.randn(3, requires_grad=True)
    inp = torch.ones(5)
    out = torch.zeros(3)
    z = torch.matmul(inp, w) + b
    loss = ((z - out) ** 2).mean()
    print(z.grad_fn, loss.grad_fn)
    loss.backward()
    print(w.grad, b.grad)
    check(w.grad, b.grad)
    with torch.no_grad():
        z = torch.matmul(inp, w) + b
    print(z.requires_grad)
    z_det = (torch.matmul(inp, w) + b).detach()
    print(z_det.requires_grad)
    inp = torch.eye(4, 5, requires_grad=True)
    out = (inp + 1).pow(2).t()
    out.backward(torch.ones_like(out), retain_graph=True)
    print(f"First call\\n{inp.grad}")
    out.backward(torch.ones_like(out), retain_graph=True)
    print(f"\\nSecond call\\n{inp.grad}")
    inp.grad.zero_()
    out.backward(torch.ones_like(out), retain_graph=True)
    print(f"\\nCall after zeroing gradients\\n{inp.grad}")
""")

prog("graph_shapes", """
    def walk(fn, depth=1):
        print("  " * depth + (type(fn).__name__ if fn is not None else "None"))
        for nxt, _ in (fn.next_functions if fn is not None else ()):
            walk(nxt, depth + 1)
    X = torch.ones(2, 3, 4)
    Xr = X.clone().requires_grad_()
    W = torch.ones(4, 5)
    Wr = W.clone().requires_grad_()
    u = torch.ones(4)
    ur = u.clone().requires_grad_()
    V = torch.ones(2, 4, 2)
    Vr = V.clone().requires_grad_()
    M = torch.ones(2, 4, requires_grad=True)
    for e in ("Xr @ W", "X @ Wr", "Xr.transpose(0, 1) @ W", "Wr.t() @ X.transpose(1, 2)",
              "W.t() @ Xr.transpose(1, 2)", "ur @ V", "u @ Vr", "Xr @ u", "Xr @ Vr", "M @ Vr",
              "ur @ Wr", "Wr.t() @ ur", "ur @ ur", "M @ Wr", "Xr.unsqueeze(0) @ Vr",
              "torch.matmul(Vr.transpose(1, 2), Xr.transpose(1, 2))", "Xr[:, :, :2] @ M"):
        r = eval(e)
        print(e, r.shape, r._version, r.is_contiguous())
        walk(r.grad_fn)
        r.sum().backward()
        check(r, Xr.grad, Wr.grad, ur.grad, Vr.grad, M.grad)
        for t in (Xr, Wr, ur, Vr, M):
            t.grad = None
    x = torch.arange(6.0).reshape(2, 3).requires_grad_()
    for e in ("x.reshape(3, 2)", "x.t().reshape(3, 2, 1)", "x.t().reshape(6)", "x.t().reshape(3, 2)",
              "x[:, :2].reshape(4)", "x[:, :2].reshape(2, 2)", "x.unsqueeze(0).expand(2, 2, 3).reshape(4, 3)",
              "x.unsqueeze(0).expand(2, 2, 3).reshape(2, 2, 3)", "x.reshape(2, 3)", "x.t().flatten()",
              "x.flatten()", "x.unsqueeze(1).flatten(1)", "x.t().contiguous()", "x.contiguous()",
              "x[...]", "x[:]", "x[:, :]", "x[..., ...]", "x[0, True]", "x[True]", "x[False]",
              "x[1:, [0, 2]]", "x[[0, 1], 1:]", "x[[0, 1], :, None]", "x[None, None, 1]",
              "x[1, 1, None]", "x[..., 1, ...]", "x[torch.tensor(1)]", "x[0, torch.tensor(2)]",
              "x[torch.tensor(True)]", "x[[True, False]]", "x[:, [0, 0]]", "x.select(1, -1)",
              "x.narrow(1, -2, 2)", "x.narrow(0, 1, 1)", "x.outer(x) if False else x[0].outer(x[1])"):
        r = eval(e)
        print(e, r.shape, r.is_contiguous(), r._base is not None)
        walk(r.grad_fn)
        (r * 2).sum().backward()
        check(r, x.grad)
        x.grad = None
""")
prog("nograd_views", """
    x = torch.ones(3, requires_grad=True)
    with torch.no_grad():
        v = x[:2]
        w = x.view(3)
        d = x.detach()
        c = x * 2
    print(v.requires_grad, v.is_leaf, v.grad_fn, w.requires_grad, d.requires_grad, c.requires_grad)
    y = v * 2
    print(y.requires_grad, y.grad_fn.next_functions)
    y.sum().backward()
    print(v.grad, x.grad)
    z = (w.unsqueeze(0) * x).sum()
    z.backward()
    print(w.grad, x.grad)
    with torch.no_grad():
        v.mul_(3)
    print(x, v.detach())  # (PyTorch now shows v with grad_fn=<Invalid>; not modelled)
    a = torch.arange(6.0).reshape(2, 3)
    a.requires_grad_()
    (a * a).sum().backward()
    print(a.grad, a.is_leaf)
    b = torch.ones(4)[1:]
    b.requires_grad = True
    (b * 3).sum().backward()
    print(b.grad)
""")
prog("setitem_cases", """
    m = torch.zeros(2, 3)
    m[0] = torch.tensor([[1.0, 2.0, 3.0]])
    m[1, [0, 2]] = torch.tensor([7.0, 8.0])
    m[:, 1] = 5
    m[m > 6] = torch.tensor(-1.0)
    print(m, m._version)
    m[..., 0] = torch.tensor([[4.0], [5.0]]).squeeze(1)
    m[True] = m + 1 if False else m[True]
    print(m)
    w = torch.ones(2, 3, requires_grad=True)
    with torch.no_grad():
        w[0] = 2.0
        w[:, 2] = torch.tensor([3.0, 4.0])
        w[w > 3] = 0.0
    print(w, w.requires_grad, w.is_leaf, w._version)
    y = w * 1
    y[0, 0] = torch.tensor(10.0)
    y[1] = w[0] * 2
    print(y, y.grad_fn, y._version)
    y.sum().backward()
    print(w.grad)
""")

prog("types_and_reprs", """
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    print(type(x), type(x.shape), type(torch.float32), type(y.grad_fn), torch.Tensor)
    print(isinstance(x, torch.Tensor), isinstance(y.grad_fn, object), x.__class__.__name__)
    print(type(x.grad_fn), type(x.max(0)).__name__, torch.is_tensor(y))
    print(x.device, x.is_cuda, torch.cuda.is_available(), torch.device("cpu"))
    print(repr(torch.float64), str(torch.int64), repr(x.dtype), x.type(), y.double().type())
    print(torch.manual_seed(0).initial_seed(), torch.get_default_dtype())
    print(x.T.shape, torch.ones(2, 3, 4).mT.shape, x.ndim, len(x))
""")
prog("saved_tensors_attrs", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    y = x * w
    print(y.grad_fn._saved_self, y.grad_fn._saved_other)
    print(y.grad_fn._saved_self is x, y.grad_fn._saved_other is w)
    e = x.exp()
    print(e.grad_fn._saved_result, e.grad_fn._saved_result is e, e.grad_fn._saved_result.grad_fn)
    p = x ** 3
    print(p.grad_fn._saved_self, p.grad_fn._saved_exponent)
    y.sum().backward()
    for attr in ("_saved_self", "_saved_other"):
        try:
            print(getattr(y.grad_fn, attr))
        except RuntimeError as err:
            print("RuntimeError:", err)
""")
prog("training_loop", """
    torch.manual_seed(0)
    X = torch.randn(20, 3)
    true_w = torch.tensor([[1.5], [-2.0], [0.5]])
    Y = X @ true_w + 0.3
    w = torch.zeros(3, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    lr = 0.1
    for epoch in range(30):
        pred = X @ w + b
        loss = ((pred - Y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
            w.grad.zero_()
            b.grad.zero_()
        if epoch % 10 == 0:
            print(epoch, f"{loss.item():.4f}", loss.grad_fn, w.grad_fn, w.is_leaf, w._version)
            check(loss, w, b)
    print(w.requires_grad, b.requires_grad, w.grad, b.grad)
    check(w, b)
""")
prog("backward_inputs_and_misc", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    y = (x * w).sum()
    y.backward(inputs=[x], retain_graph=True)
    print(x.grad, w.grad)
    y.backward(inputs=w)
    print(x.grad, w.grad)
    z = x.detach_() if False else x.detach()
    print(z.requires_grad, x.requires_grad)
    x.requires_grad_(False)
    print(x.requires_grad, x.grad)
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a * 2
    b.retain_grad()
    c = b * b
    print(torch.autograd.grad([c.sum(), b.sum()], [a, b]))
    o1, o2 = a * 3, a ** 2
    print(torch.autograd.grad([o1, o2], a, grad_outputs=[torch.ones(2), torch.tensor([1.0, 0.5])]))
    d = a.detach()
    d.requires_grad_()
    (d * 5).sum().backward()
    print(d.grad, a.grad)
    k = a.clone()
    print(k.grad_fn, k.requires_grad, k.is_leaf)
    h = torch.ones(3, requires_grad=True)
    h2 = h.detach().clone().requires_grad_(True)
    print(h2, h2.is_leaf)
    t = torch.tensor(h)
    print(t, t.requires_grad)
""")

prog("arange_linspace_values", """
    for args in ((-1.0, 1.0, 0.1), (0, 1, 0.1), (0.5, 2.75, 0.25), (1, 2, 0.3), (-3.3, 7.1, 0.7),
                 (2, -5, -0.45), (0, 100, 0.37), (10,), (2.5,), (1, 10, 3.0), (0, 5, 1)):
        for dt in (None, torch.float64, torch.float16):
            t = torch.arange(*args, dtype=dt)
            print(args, dt, t.dtype, t.shape, t.tolist() == t.tolist())
            check(t)
    print(torch.arange(-1.0, 1.0, 0.1))
    print(torch.arange(0, 3, 0.37, dtype=torch.float64))
    for args in ((0, 10, 7), (-3.3, 7.1, 11), (0, 1, 0), (0, 1, 1), (1, 0, 5), (-1e3, 1e3, 101)):
        t = torch.linspace(*args)
        check(t)
        print(args, t.shape, t[:3])
    print(torch.linspace(0, 10, 5, dtype=torch.int64), torch.linspace(0, 1, 4, dtype=torch.float64))
""")
prog("bitwise_clamp_misc", """
    i = torch.tensor([[1, -2, 3], [0, 5, 6]])
    b = torch.tensor([True, False, True])
    f = torch.tensor([0.2, 0.6, 1.4])
    for e in ("i & 1", "i | 2", "i ^ i", "b & b", "b ^ True", "b & 1", "1 & i", "True | b", "~i", "~b",
              "b | torch.tensor(1)", "i.logical_and(i)", "f.logical_or(f)", "i.bitwise_and(3)",
              "i.clamp(0.5)", "i.clamp(0, 2)", "i.clamp(min=torch.tensor(1))", "b.clamp(0, 1)",
              "f.clamp(max=torch.tensor(0.5))", "f.clamp(torch.tensor(0.5), torch.tensor([0.7, 0.8, 0.9]))",
              "f.clamp(min=0.2, max=0.1)", "-i", "torch.tensor([1e20]).int()", "torch.tensor(300).to(torch.uint8)",
              "torch.tensor([]).mean()", "torch.zeros(0, 3).mean(0)", "torch.tensor([float('nan')]).max()",
              "torch.ones(3).new_zeros(2)", "torch.ones(3).new_ones((2, 1))", "torch.ones(3, dtype=torch.float64).new_tensor([1, 2])",
              "torch.ones(2).new_full((1, 2), 7)", "torch.arange(6).view(2, 3).stride()", "torch.arange(6).view(2, 3).t().stride()",
              "torch.ones(2, 3).expand(4, 2, 3).stride()", "torch.ones(2).equal(torch.ones(2))", "f.allclose(f + 1e-9)",
              "f.data_ptr() == f.detach().data_ptr()", "f.data_ptr() == f.clone().data_ptr()"):
        try:
            r = eval(e)
            print(e, "->", r, getattr(r, "dtype", ""))
        except Exception as err:
            print(e, "->", type(err).__name__, err)
    x = torch.tensor([0.2, 0.6, 1.4], requires_grad=True)
    y = x.clamp(min=torch.tensor(0.5))
    print(y.grad_fn, y.grad_fn.next_functions[0])
    y.sum().backward()
    print(x.grad)
""")

prog("inplace_names_and_saved_fields", """
    f = torch.tensor([[1.5, -2.0, 0.5], [3.0, 0.25, -1.0]], requires_grad=True)
    print([(n, getattr(f * 1, n)().grad_fn.name()) for n in
           ("exp_", "sigmoid_", "relu_", "neg_", "abs_", "tanh_", "sin_", "cos_", "reciprocal_", "zero_")])
    print([(n, getattr(f * 1, n)(*a).grad_fn.name()) for n, a in (
        ("add_", (1,)), ("add_", (f,)), ("mul_", (2,)), ("mul_", (f,)), ("sub_", (1,)), ("div_", (2,)),
        ("div_", (f,)), ("pow_", (2,)), ("pow_", (f,)), ("clamp_", (0, 1)), ("fill_", (2.0,)), ("copy_", (f,)))])
    for e in ("(f * 1).add_(f)", "(f * 1).mul_(2)", "(f * 1).copy_(f)", "(f * 1).zero_()", "(f * 1).fill_(1)",
              "(f * 1).pow_(2)", "(f * 1).exp_()"):
        y = eval(e)
        print(e, y._version, y.grad_fn.next_functions)
        print("  ", torch.autograd.grad(y.sum(), f))
    print((f * 2).grad_fn._saved_other, (f * 2.5).grad_fn._saved_other, (f * True).grad_fn._saved_other)
    print((f * 2).grad_fn._saved_self, (f * f).grad_fn._saved_self is f)
    for e in ("f.exp().grad_fn._saved_self", "f.sum().grad_fn._saved_self", "f.exp().grad_fn._saved_result",
              "(f * 2).grad_fn._saved_result", "f.t().grad_fn._saved_self"):
        try:
            print(e, eval(e))
        except AttributeError as err:
            print(e, "AttributeError:", err)
    y = f * 2
    y.sum().backward()
    print(y.grad_fn._saved_self)
    try:
        print(y.grad_fn._saved_other)
    except RuntimeError as err:
        print("RuntimeError:", str(err)[:60])
    h = f.register_hook(lambda g: None)
    print(type(h).__name__, type((f * 2).grad_fn.register_hook(lambda gi, go: None)).__name__)
    h.remove()
    print(repr(torch.set_grad_enabled(True)), type(torch.no_grad()).__name__, torch.no_grad().__class__.__module__)
    print(torch.autograd.grad_mode.no_grad is torch.no_grad, torch.autograd.no_grad is torch.no_grad)
""")

prog("legacy_variable_and_types", """
    from torch.autograd import Variable
    x = Variable(torch.ones(2, 2), requires_grad=True)
    y = x + 2
    z = y * y * 3
    out = z.mean()
    out.backward()
    print(x, y, x.grad, isinstance(x, Variable), Variable(x * 2).requires_grad)
    v = Variable(x)
    print(v.requires_grad, v.is_leaf, v.grad_fn)
    print(Variable(torch.ones(2), volatile=True))
    print(torch.FloatTensor([1, 2]), torch.LongTensor([1.7, 2]), torch.DoubleTensor([[1]]),
          torch.FloatTensor(2, 3).shape, torch.FloatTensor(), torch.BoolTensor([1, 0]))
    print(isinstance(torch.ones(2), torch.FloatTensor), isinstance(torch.ones(2), torch.LongTensor),
          isinstance(torch.tensor([1]), torch.LongTensor), torch.FloatTensor, type(torch.FloatTensor([1])))
    print(torch.Tensor([1, 2]), torch.Tensor([[1, 2]]).dtype, torch.Tensor(2, 3).shape, torch.Tensor())
""")

# ---------------------------------------------------------------- hooks and autograd details
prog("hook_wrong_shape", """
x = torch.ones(3, requires_grad=True)
y = x * 2
y.register_hook(lambda g: torch.ones(2))
y.sum().backward()
""")
prog("hook_wrong_type", """
x = torch.ones(3, requires_grad=True)
y = x * 2
y.register_hook(lambda g: 5)
y.sum().backward()
""")
prog("hook_dtype", """
x = torch.ones(3, requires_grad=True)
y = x * 2
y.register_hook(lambda g: g.double())
y.sum().backward()
print(x.grad)
""")
prog("leaf_hook_modifies", """
x = torch.ones(3, requires_grad=True)
x.register_hook(lambda g: g * 100)
(x * 2).sum().backward()
print(x.grad)
x.register_hook(lambda g: print("second", g))
(x * 3).sum().backward()
print(x.grad)
""")
prog("hook_order", """
x = torch.ones(2, requires_grad=True)
y = x * 2
y.retain_grad()
y.register_hook(lambda g: print("h1", g) or g * 2)
y.register_hook(lambda g: print("h2", g))
(y * 3).sum().backward()
print(y.grad, x.grad)
""")
prog("hook_on_leaf_handle", """
x = torch.ones(2, requires_grad=True)
h = x.register_hook(lambda g: g * 0)
h.remove(); h.remove()
(x * 2).sum().backward()
print(x.grad)
""")
prog("node_hooks", """
x = torch.ones(2, requires_grad=True)
y = x * 2
z = y.sum()
def post(gi, go):
    print("post", gi, go)
def pre(go):
    print("pre", go)
y.grad_fn.register_hook(post)
y.grad_fn.register_prehook(pre)
z.backward()
print(x.grad)
""")
prog("post_accumulate", """
x = torch.ones(2, requires_grad=True)
x.register_post_accumulate_grad_hook(lambda t: print("acc", t.grad))
(x * 3).sum().backward()
""")
prog("retain_graph_multiple", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 2
z = y * 3
w = y * 4
z.sum().backward(retain_graph=True)
w.sum().backward()
print(x.grad)
try:
    z.sum().backward()
except RuntimeError as e:
    print("err", str(e)[:40])
""")
prog("grad_of_intermediate", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
z = (y ** 2).sum()
gy, = torch.autograd.grad(z, y, retain_graph=True)
print(gy, x.grad)
gx, gy = torch.autograd.grad(z, [x, y])
print(gx, gy)
""")
prog("backward_twice_leaf_only", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * 2).sum()
y.backward()
y.backward()
print(x.grad)
""")
prog("backward_nonfloat_grad", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 2).backward(torch.tensor([1, 1]))
""")
prog("backward_grad_dtype", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 2).backward(torch.tensor([1.0, 1.0], dtype=torch.float64))
print(x.grad, x.grad.dtype)
""")
prog("detach_inplace", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.detach_()
print(y, y.requires_grad, y.grad_fn, y.is_leaf)
v = x[:1]
try:
    v.detach_()
except RuntimeError as e:
    print(e)
""")
prog("grad_none_after_zero", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 2).sum().backward()
g = x.grad
x.grad = None
(x * 3).sum().backward()
print(g, x.grad, g is x.grad)
x.grad.data.zero_()
print(x.grad)
""")
prog("requires_grad_propagation", """
a = torch.ones(2)
b = torch.ones(2, requires_grad=True)
print((a + b).requires_grad, (a * 2).requires_grad, (a + b.detach()).requires_grad)
c = a + b
c2 = c.detach()
print(c2.requires_grad, c2.is_leaf, c.is_leaf)
with torch.no_grad():
    d = a + b
print(d.requires_grad, d.is_leaf, d.grad_fn)
d.requires_grad_()
print(d.requires_grad, d.is_leaf)
""")
prog("nonleaf_grad_after_backward", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = y.sum()
z.backward()
print(y.grad, z.grad, x.grad)
print(y.is_leaf, z.is_leaf)
""")

prog("argument_spellings", """
    f = torch.tensor([[1.5, -2.0, 0.0], [3.0, 0.5, -1.0]], requires_grad=True)
    for e in (
    'f.sum(axis=0)',
    'f.sum(0, True)',
    'f.mean(axis=1, keepdims=True) if False else f.mean(axis=1)',
    'torch.sum(f, dim=(0, 1))',
    'torch.mean(f, (0,))',
    'f.max(axis=0) if False else f.max(dim=0)',
    'torch.max(f, dim=1).values',
    'f.argmax(dim=1)',
    'torch.cat((f, f), axis=1) if False else torch.cat((f, f), dim=1)',
    'torch.stack((f, f), dim=-1).shape',
    'torch.transpose(f, dim0=0, dim1=1)',
    'f.transpose(1, 0)',
    'f.view((3, 2))',
    'f.view(torch.Size([6]))',
    'f.reshape(f.shape)',
    'f.reshape([3, 2])',
    'f.expand(torch.Size([2, 2, 3])).shape',
    'f.unsqueeze(dim=0).shape',
    'f.squeeze(dim=0).shape',
    'f.softmax(dim=1)',
    'torch.softmax(f, -1)',
    'torch.nn.functional.softmax(f, 1)',
    'f.norm(2)',
    'f.norm(p=1, dim=1)',
    'f.pow(exponent=2)',
    'torch.pow(f, exponent=2)',
    'torch.pow(self=f, exponent=2) if False else 0',
    'f.clamp(min=-1)',
    'torch.clamp(f, min=-0.5, max=0.5)',
    'f.add(other=f)',
    'f.add(f, alpha=2)',
    'torch.add(f, f, alpha=0.5)',
    'f.sub(1, alpha=2)',
    'torch.mul(f, other=2)',
    'f.mul(2).div(4)',
    'f.to(dtype=torch.float64)',
    "f.to(torch.device('cpu')) is f",
    "f.to('cpu') is f",
    'f.cpu() is f',
    'f.double().float().dtype',
    'f.type(torch.float64)',
    "f.type('torch.DoubleTensor') if True else 0",
    'f.numpy() if False else f.detach().numpy()',
    'f.detach().clone().numpy().tolist()',
    'f.tolist()',
    'f[0].tolist()',
    'f.item() if False else f[0, 0].item()',
    'torch.matmul(f, f.T)',
    'f @ f.mT',
    'torch.exp(f).sum(dim=1, keepdim=True)',
    'torch.zeros_like(f, requires_grad=True)',
    'torch.ones_like(f).requires_grad',
    'torch.empty_like(f).shape',
    'torch.full_like(f, 7)',
    'torch.tensor(f.tolist(), requires_grad=True)',
    'f.requires_grad_(False) if False else f.detach().requires_grad_(False).requires_grad',
    'f.new_zeros((2,)).requires_grad',
    'f.data',
    'f.data.requires_grad',
    'f.grad',
    'f.sum().item()',
    'f.abs().sum().backward()',
    'f.mean().backward() or f.grad',
    'f.shape == (2, 3)',
    'f.shape == torch.Size([2, 3])',
    'f.size() == (2, 3)',
    'list(f.shape)',
    'f.dim() == 2',
    'f.shape[-1]',
    'torch.Size([2, 3]).numel()',
    'torch.Size([2, 3])[0]',
    'torch.Size([2, 3]) + (4,)',
    '(4,) + torch.Size([2, 3])',
    'torch.Size([2, 3]) == [2, 3]',
    'torch.Size([2, 3]) * 2',
    'torch.Size([2, 3])[::-1]',
    'len(torch.Size([]))',
    'repr(torch.Size([]))',
    'str(torch.Size([5]))',
    ):
        try:
            r = eval(e)
            print(e, "->", r)
        except Exception as err:
            print(e, "->", type(err).__name__, err)
""")

# ----------------------------------------------------------------- second backward, per op
SECOND_BACKWARD_OPS = [
    "x + w", "x + 2", "2 + x", "x - w", "x - 2", "2 - x", "x * w", "x * 3", "x * w.detach()",
    "x / w", "x / 2", "2 / x", "x ** 2", "x ** w", "2 ** x", "-x", "x.exp()", "x.log()",
    "x.sin()", "x.cos()", "x.tanh()", "x.sigmoid()", "x.relu()", "x.abs()", "x.sqrt()",
    "x.clamp(0.6, 0.9)", "x.sum()", "x.sum(0)", "x.mean()", "x.mean(1)", "x.max()", "x.min()",
    "x.max(0).values", "x.norm()", "x @ w.t()", "x.mm(w.t())", "x.mv(w[0])", "x[0].dot(w[0])",
    "x.reshape(6)", "x.view(3, 2)", "x.t()", "x.T", "x.transpose(0, 1)", "x.unsqueeze(0)",
    "x.unsqueeze(0).squeeze(0)", "x[:1].expand(3, 3)", "x.clone()", "x[0]", "x[:, 1:]",
    "x[None]", "x[[0, 1, 1]]", "x[x > 0.7]", "torch.cat([x, w])", "torch.stack([x, w])",
    "torch.softmax(x, 1)", "torch.log_softmax(x, 0)", "x.double()", "x.detach() * w",
    "x * x", "(x * w).sum(1)", "x.square()", "x.pow(3)", "torch.where(x > 0.7, x, w)",
    "torch.maximum(x, w)",
]
_SECOND = """
    x = torch.tensor([[0.5, 0.8, 1.1], [1.4, 0.7, 0.9]], requires_grad=True)
    w = torch.tensor([[1.2, 0.6, 0.3], [0.4, 1.5, 0.8]], requires_grad=True)
    y = {expr}
    s = y.sum()
    s.backward()
    print(x.grad, w.grad)
    try:
        s.backward()
        print("second backward ok", x.grad, w.grad)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        torch.autograd.grad(y.sum(), x, allow_unused=True)
        print("grad after free ok")
    except RuntimeError as e:
        print("RuntimeError:", e)
"""
for _i, _expr in enumerate(SECOND_BACKWARD_OPS):
    prog(f"second_backward[{_expr}]", _SECOND.replace("{expr}", _expr))


PROGRAMS = parity.programs(P)


@pytest.fixture(scope="module")
def results():
    if not parity.torch_available():
        pytest.skip("PyTorch (the parity oracle) is not installed")
    return parity.run_both(PROGRAMS)


@pytest.mark.parametrize("name", [p.name for p in PROGRAMS if p.name != "harness_backend_name"])
def test_prints_the_same(results, name):
    parity.assert_same(results, name)


def test_the_harness_sees_a_difference(results):
    # The engine stands in for torch under its own name: a harness that ran the same
    # backend twice (or compared nothing) would make this pass-through impossible.
    with pytest.raises(AssertionError):
        parity.assert_same(results, "harness_backend_name")
