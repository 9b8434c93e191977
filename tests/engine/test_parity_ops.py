"""Tutorial-style programs print the same under the engine as under PyTorch
(arithmetic, reductions, linear algebra, shapes and indexing).

Each entry of the table below is a small program; ``parity`` runs all of them in one
torch process and one engine process and compares the transcripts exactly (addresses
blanked) and the values passed to ``check`` with torch's float32 tolerances.
"""
import parity

P, prog = parity.table()


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
prog("atan2", """
    a = torch.tensor([[1.0, -2.0, 0.5], [3.0, 0.0, -1.0]], requires_grad=True)
    b = torch.tensor([[2.0, 1.0, -1.0], [-0.5, 2.0, 0.0]], requires_grad=True)
    for expr in ("torch.atan2(a, b)", "a.atan2(b)", "torch.atan2(b, a)", "a.atan2(b[0])",
                 "torch.atan2(input=a, other=b)"):
        y = eval(expr)
        print(expr, "=", y)
        y.sum().backward()
        print("  grads", a.grad, b.grad)
        check(y, a.grad, b.grad)
        a.grad = b.grad = None
    c = torch.tensor([1.0, -1.0, 0.0])
    print(c.atan2_(torch.tensor([-1.0, -1.0, -1.0])), c)
    i = torch.tensor([1, 2, 3])
    print(torch.atan2(i, i), torch.atan2(i, c).dtype)
    for bad in ("torch.atan2(a, 2.0)", "a.atan2(2)", "torch.atan2(a, torch.ones(4))",
                "a.atan2_(b)"):
        try:
            eval(bad)
        except (TypeError, RuntimeError) as e:
            print(bad, type(e).__name__, e)
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
prog("floor_divide_remainder", """
    a = torch.tensor([5.0, -7.5, 3.0, -0.0], requires_grad=True)
    b = torch.tensor([2.0, 2.0, -0.5, 2.0], requires_grad=True)
    for expr in ("a // b", "a % b", "a // 2", "a % 2", "7 // a", "7 % a", "a // -2.5", "a % -2",
                 "torch.floor_divide(a, b)", "torch.remainder(a, b)", "torch.remainder(a, 3)",
                 "torch.floor_divide(7, a)", "a.remainder(b)", "a.floor_divide(2)", "a % 0",
                 "a // 0", "a % float('inf')", "a // float('inf')", "b % a", "a[0] % b"):
        y = eval(expr)
        print(expr, "=", y, y.grad_fn.next_functions)
        try:
            y.sum().backward()
            print("  grads", a.grad, b.grad)
        except RuntimeError as e:
            print("  backward:", e)
        a.grad = b.grad = None
    i = torch.tensor([5, -7, 9])
    bits = torch.tensor([True, False, True])
    for expr in ("i // 2", "i % 3", "7 // i", "-7 % i", "i // 2.5", "i % -2.5", "7.5 % i",
                 "i // torch.tensor([2, -3, 4])", "i % torch.tensor([2, -3, 4])", "bits % 2",
                 "bits // True", "bits % bits", "i // 0", "i % 0", "i // torch.tensor([1, 0, 1])",
                 "7 % torch.tensor([1, 0])", "torch.tensor(3, dtype=torch.uint8) // 2",
                 "i.double() // i", "i // True"):
        try:
            y = eval(expr)
            print(expr, "=", y, y.dtype)
        except Exception as e:
            print(expr, "->", type(e).__name__, e)
    y = a * 1
    y //= 3
    print(y, y._version, y.grad_fn, y.grad_fn.next_functions)
    y %= torch.tensor([2.0, 3.0, 4.0, 5.0])
    print(y, y._version, y.grad_fn)
    y.sum().backward()
    print(a.grad)
    j = torch.tensor([5, 7])
    j //= 2
    j.remainder_(torch.tensor([2, 3]))
    print(j, j._version)
    for expr in ("j.floor_divide_(2.5)", "j.remainder_(0)", "a.remainder_(2)"):
        try:
            print(expr, eval(expr))
        except Exception as e:
            print(expr, "->", type(e).__name__, e)
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
prog("sum_mean_dim_overload", """
    s = torch.tensor(2.0, requires_grad=True)
    x = torch.arange(6.0).reshape(2, 3).requires_grad_()
    for expr in ("x.sum()", "x.sum(dim=None)", "x.sum(None)", "x.sum(dim=())", "x.sum(dim=[])",
                 "x.mean(dim=None)", "x.mean(None, True)", "x.sum(dim=None, keepdim=True)",
                 "s.sum(dim=None)", "s.mean(dim=None)", "s.sum()", "torch.sum(x, dim=None)",
                 "x.sum(dim=None, dtype=torch.float64)", "x.mean(dim=())"):
        y = eval(expr)
        y.sum().backward()
        print(expr, "=", y, x.grad, s.grad)
        check(y, x.grad)
        x.grad = s.grad = None
""")
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
prog("split_chunk_unbind", """
    x = torch.arange(10.0).reshape(5, 2).requires_grad_()
    for e in ("x.split(2)", "x.split([1, 4])", "torch.split(x, 3)", "x.split(1, dim=1)", "x.chunk(2)",
              "x.chunk(3)", "torch.chunk(x, 2, dim=1)", "x.unbind()", "x.unbind(1)", "torch.unbind(x, 1)",
              "x.split([2, 3], 0)", "x.split(5)", "x.split(6)", "x.chunk(6)", "x.chunk(4)",
              "x.split((2, 0, 3))", "torch.split(x, [5], -2)"):
        r = eval(e)
        print(e, type(r).__name__, len(r), r)
        print("  ", [t.output_nr for t in r], [t._version for t in r], [t.is_contiguous() for t in r],
              [t._base is x._base for t in r], r[0].grad_fn is r[-1].grad_fn)
        sum((p * (i + 1)).sum() for i, p in enumerate(r)).backward()
        print("  grad", x.grad)
        x.grad = None
    a, b, c = x.split(2)
    print(a.grad_fn.next_functions, a.grad_fn._saved_split_size, a.grad_fn._saved_dim,
          a.grad_fn._saved_self_sym_sizes, x.split([1, 4])[0].grad_fn._saved_split_sizes,
          x.unbind(1)[0].grad_fn._saved_dim)
    b.sum().backward()
    print(x.grad)
    x.grad = None
    for e in ("x.split([1, 3])", "x.split(0)", "x.chunk(0)", "x.unbind(2)", "x.split([2, -1, 4])",
              "torch.tensor(1.0).unbind()", "torch.tensor(1.0).split(1)", "x.split(2, 2)",
              "x.chunk(-1)", "torch.zeros(0).split(2)", "torch.zeros(0).chunk(3)",
              "torch.zeros(2, 0).unbind(1)", "torch.ones(3).split(-1)"):
        try:
            print(e, eval(e))
        except Exception as ex:
            print(e, type(ex).__name__, ex)
    y = x * 1
    for e in ("y.split(2)[0].add_(1)", "y.unbind()[1].mul_(2)", "y.chunk(2)[1].zero_()",
              "x.split(2)[0].add_(1)"):
        try:
            eval(e)
        except Exception as ex:
            print(e, type(ex).__name__, ex)
    z = torch.arange(6.0)
    p, q = z.split(3)
    p.add_(1)
    print(z, p._version, z._version, q)
    h = y.split(2)
    h[0].retain_grad()
    h[1].register_hook(lambda g: print("hook", g) or g * 10)
    (h[1].sum() + h[0].sum() * 2).backward()
    print(x.grad, h[0].grad, h[1].grad, h[2].requires_grad)
    x.grad = None
    s = (x * 1).split(2)
    s[1].backward(torch.ones(2, 2))
    print(x.grad)
    x.grad = None
    u = x.unbind()
    g, = torch.autograd.grad(u[3].sum() + u[0].sum(), x, create_graph=True)
    print(g)
    print(torch.autograd.grad((u[1] * u[2]).sum(), u[1]))
    with torch.no_grad():
        w = x.split(2)
    print(w[0].requires_grad, w[0].grad_fn)
    rows = [r for r in x]
    print(rows[0], rows[0].grad_fn, len(rows))
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

prog("clamp_one_side", """
    x = torch.tensor([[0.5, -1.5], [2.0, -0.25]], requires_grad=True)
    for expr in ("x.clamp_min(0.0)", "x.clamp_max(0.5)", "torch.clamp_min(x, -1)",
                 "torch.clamp_max(x, 1.0)", "x.clamp_min(torch.tensor(0.0))",
                 "x.clamp_max(torch.tensor([1.0, -1.0]))", "x.clamp(min=0.0)", "x.clip(max=0.0)",
                 "torch.tensor([1, 5, -3]).clamp_min(0)", "torch.tensor([1, 5]).clamp_max(2.5)"):
        y = eval(expr)
        print(expr, "=", y)
        if y.requires_grad:
            y.sum().backward()
            print("  grad", x.grad)
            x.grad = None
""")

# =================================== broadcasting, views, setitem, argument spellings
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


prog("more_elementwise_math", """
x = torch.tensor([-0.9, -0.3, 0.0, 0.25, 0.7], requires_grad=True)
for name in ("tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "atanh", "erf", "erfc", "exp2", "frac"):
    y = getattr(torch, name)(x)
    y.sum().backward()
    print(name, y, x.grad, type(getattr(x, name)().grad_fn).__name__)
    x.grad = None
z = torch.tensor([1.5, 2.0, 10.0, 0.125], requires_grad=True)
for name in ("acosh", "log2", "log10"):
    y = getattr(z, name)()
    g, = torch.autograd.grad(y.sum(), z, create_graph=True)
    print(name, y, g, type(g.grad_fn).__name__)
    g2, = torch.autograd.grad(g.sum(), z)
    print(g2)
for name in ("tan", "erf", "asin", "sinh", "atanh"):
    g, = torch.autograd.grad(getattr(x, name)().sum(), x, create_graph=True)
    print(name, type(g.grad_fn).__name__, torch.autograd.grad(g.sum(), x))
i = torch.tensor([1, 2, 3])
print(torch.tan(i), i.erf(), torch.log2(i), i.frac() if False else None)
w = torch.tensor([0.5, -1.5])
print(w.tan_(), w, torch.erfc(torch.tensor([0.0, 1.0, -2.0, 30.0])), torch.asin(torch.tensor([2.0])))
print(torch.tensor([1.0, 2.0], dtype=torch.float64).erf(), torch.frac(torch.tensor([-2.75, 3.5])))
try:
    x.tan_()
except RuntimeError as e: print(e)
try:
    torch.tensor([1, 2]).tan_()
except RuntimeError as e: print(e)
print([v.hex() for v in torch.linspace(-3, 3, 13).erf().tolist()])
""")

prog("finfo_constants_and_logic", """
print(torch.finfo(torch.float32), torch.finfo(), torch.iinfo(torch.int64), torch.finfo(torch.float16).eps, torch.finfo(torch.float64).tiny)
print(repr(torch.finfo(torch.float32).max), torch.finfo(torch.float32).min, torch.finfo(torch.float32).resolution, torch.finfo(torch.float32).bits, torch.finfo(torch.float32).dtype, torch.iinfo(torch.uint8).max, torch.iinfo(torch.int32).dtype)
print(torch.finfo(torch.float64), torch.finfo(torch.float16), torch.iinfo(torch.int8), torch.iinfo(torch.uint8), torch.iinfo(torch.int16).bits)
for bad in ("torch.finfo(torch.int64)", "torch.iinfo(torch.float32)", "torch.iinfo(torch.bool)"):
    try: eval(bad)
    except TypeError as e: print(bad, e)
print(torch.pi, torch.e, torch.inf, torch.nan, -torch.inf)
x = torch.tensor([1.0, float("nan"), float("inf"), -float("inf"), 0.0], requires_grad=True)
print(x.isnan(), torch.isinf(x), torch.isfinite(x), x.logical_not(), torch.logical_and(x, torch.tensor(0.0)), x.logical_or(torch.tensor([0, 1, 0, 1, 0])), torch.logical_xor(x, x))
b = torch.tensor([True, False])
print(b.logical_not_(), b, torch.tensor([1, 2]).isnan(), torch.tensor([1, 0]).logical_and(torch.tensor([True, True])))
print(torch.tensor([torch.pi, torch.e]), torch.full((2,), torch.inf), torch.tensor(torch.nan).isnan().item())
""")

prog("bitwise_and_logical_ops", """
a = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
m = (a > 0) & (a < 2)
print(m, ~m, m.logical_and(a > -5), torch.logical_or(m, ~m), m ^ m, m | (a > 2), m & True, True & m, 1 | m)
i = torch.tensor([5, 3, 12]); j = torch.tensor([3, 6, 10], dtype=torch.int32)
print(i & j, i | 2, i ^ j, ~i, torch.bitwise_and(i, j), i.bitwise_xor(j), torch.bitwise_not(j), i.logical_and(j), i.logical_xor(j))
for bad in ("a & a", "a | 1", "~a", "torch.bitwise_and(a, a)", "i.logical_and(1)", "a ^ m"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
print(torch.logical_not(a), (a > 0).logical_not_() if False else None)
""")

prog("integer_casts_reductions_indices_nonzero", """
x = torch.tensor([[1.0, -2.0], [3.0, 0.0]], requires_grad=True)
i = (x * 2).long(); print(i, i.requires_grad, i.grad_fn, x.long().requires_grad, x.to(torch.int32), (x > 0).to(torch.float32).requires_grad)
print((x > 0).all(dim=0), (x > 0).any(1, keepdim=True), (x > -5).all((0, 1)), x.bool().any(dim=-1))
print(torch.isclose(x, x * 1.0000001), x.isclose(x + 1, atol=2), torch.isclose(torch.tensor([float("nan")]), torch.tensor([float("nan")]), equal_nan=True))
v, j = x.max(0); print(v, j, x.min(1, keepdim=True), torch.max(x, 1).indices * 2)
print(torch.where(x > 0), torch.nonzero(x), x.nonzero(as_tuple=True), torch.nonzero(torch.tensor(5)), torch.nonzero(torch.tensor(0.0), as_tuple=True), torch.where(torch.tensor([0, 3, 4]) > 1))
print(x.argmax(), torch.tensor(3.0).max(0))
""")

prog("flip_triangles_masked_fill_logsumexp", """
x = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], requires_grad=True)
w = torch.tensor([[0.5, 1.0, -1.0], [2.0, 0.25, 3.0]])
for y in (x.flip(0), torch.flip(x, (0, 1)), x.flip(-1),           x.tril(), torch.triu(x, 1), x.tril(-1), x.masked_fill(x > 2, 0.0), x.masked_fill(torch.tensor([True, False, True]), -1),
          torch.masked_fill(x, x < 0, 9.5), x.logsumexp(1), torch.logsumexp(x, 0, keepdim=True), x.logsumexp((0, 1))):
    (y * w[:y.shape[0]] if y.dim() == 2 and y.shape == w.shape else y).sum().backward()
    print(y, type(y.grad_fn).__name__, x.grad)
    x.grad = None
g, = torch.autograd.grad((x.flip(1) * w).sum(), x, create_graph=True); print(g, type(g.grad_fn).__name__)
g, = torch.autograd.grad((x.logsumexp(1) ** 2).sum(), x, create_graph=True); print(g, type(g.grad_fn).__name__)
print(torch.autograd.grad(g.sum(), x))
g, = torch.autograd.grad((x.masked_fill(x > 2, 1.0) * w).sum(), x, create_graph=True); print(g, type(g.grad_fn).__name__)
z = x.detach().clone()
print(z.tril_(), z.triu_(1), z.masked_fill_(z == 0, 7), z)
print(torch.tensor([[1, 2], [3, 4]]).flip(0), torch.tensor(3.0).flip(0), torch.tensor([float("-inf"), float("-inf")]).logsumexp(0), torch.tensor([[1000.0, 1000.0]]).logsumexp(1))
for bad in ("x.masked_fill(x, 0)", "x.masked_fill(torch.tensor([1, 0, 1]), 0)", "torch.tensor([1.0]).tril()", "x.masked_fill_(x > 0, 0)"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")

prog("one_hot_and_normalize", """
import torch.nn.functional as F
x = torch.tensor([[3.0, 4.0], [1.0, -1.0], [0.0, 0.0]], requires_grad=True)
y = F.normalize(x); print(y)
(y * torch.tensor([1.0, 2.0])).sum().backward(); print(x.grad)
print(F.normalize(x, dim=0), F.normalize(x, p=1.0, dim=1), F.normalize(torch.tensor([3.0, 4.0]), dim=0))
print(type(x.norm(2, 1, keepdim=True).grad_fn).__name__, type(x.norm().grad_fn).__name__)
k = torch.tensor([0, 2, 1, 2])
print(F.one_hot(k), F.one_hot(k, 5), F.one_hot(torch.tensor([[0, 1], [1, 0]])), F.one_hot(torch.tensor(3), 4))
for bad in ("F.one_hot(torch.tensor([1.0]))", "F.one_hot(torch.tensor([-1]))", "F.one_hot(torch.tensor([3]), 2)", "F.one_hot(torch.tensor([], dtype=torch.long))", "F.one_hot(torch.tensor([1], dtype=torch.int32))"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
print(F.one_hot(torch.tensor([], dtype=torch.long), 3))
""")

prog("xlogy", """
    x = torch.tensor([0.0, 1.0, 2.0, 0.0, -1.0], requires_grad=True)
    y = torch.tensor([0.0, 0.5, 3.0, float("nan"), 2.0], requires_grad=True)
    z = torch.xlogy(x, y)
    z.sum().backward()
    print(z, x.grad, y.grad, x.xlogy(torch.tensor(2.0)), torch.xlogy(torch.tensor([1, 0]), torch.tensor([2, 5])))
    g, = torch.autograd.grad(torch.xlogy(x, y.detach().abs() + 1).sum(), x, create_graph=True)
    print(g, type(g.grad_fn).__name__)
""")

prog("repeat_tile_movedim", """
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
w = torch.arange(36.0)
for y in (x.repeat(2, 1), x.repeat((1, 2)), x.repeat(2, 1, 2), torch.tile(x, (2,)), x.tile(1, 2, 1), x.movedim(0, 1), torch.movedim(x, (0, 1), (1, 0)), x.unsqueeze(0).movedim(-1, 0), torch.swapaxes(x, 0, 1), torch.moveaxis(x, 1, 0)):
    (y * w[:y.numel()].reshape(y.shape)).sum().backward()
    print(tuple(y.shape), type(y.grad_fn).__name__, x.grad)
    x.grad = None
print(torch.tensor([1, 2]).repeat(3), torch.tensor(5.0).repeat(2, 2))
g, = torch.autograd.grad((x.repeat(2, 2) ** 2).sum(), x, create_graph=True)
print(g, torch.autograd.grad(g.sum(), x))
for bad in ("x.repeat(2)", "x.movedim((0, 1), (0,))", "x.repeat(0, 2).sum()"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")

prog("gather_and_index_select", """
x = torch.arange(6.0).reshape(2, 3).requires_grad_()
w = torch.tensor([[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]])
i = torch.tensor([[2, 0, 2], [1, 1, 0]])
for y in (x.gather(1, i), torch.gather(x, 0, torch.tensor([[1, 0, 1]])), x.gather(1, torch.tensor([[2], [0]])),
          x.index_select(1, torch.tensor([2, 0, 2])), torch.index_select(x, 0, torch.tensor([1, 1])),
          x.index_select(0, torch.tensor(1)), x.index_select(1, torch.tensor([1], dtype=torch.int32))):
    (y * w[:y.shape[0], :y.shape[1]] if y.dim() == 2 else y).sum().backward()
    print(y, type(y.grad_fn).__name__, x.grad)
    x.grad = None
logits = torch.tensor([[0.2, 1.5, -0.3], [2.0, 0.1, 0.4]], requires_grad=True)
picked = logits.log_softmax(1).gather(1, logits.argmax(1, keepdim=True))
picked.sum().backward(); print(picked, logits.grad)
g, = torch.autograd.grad((x.gather(1, i) ** 2).sum(), x, create_graph=True)
print(g, torch.autograd.grad(g.sum(), x))
print(torch.tensor(5.0).index_select(0, torch.tensor([0])), torch.tensor(5.0).gather(0, torch.tensor(0)))
for bad in ['x.gather(1, torch.tensor([[0.]]))','x.gather(1, torch.tensor([0]))','x.gather(0, torch.tensor([[0,1,2,0]]))','x.gather(1, torch.tensor([[5]]))','x.gather(1, torch.tensor([[-1]]))','x.index_select(1, torch.tensor([0.]))','x.index_select(1, torch.tensor([[0]]))','x.index_select(1, torch.tensor([3]))','x.index_select(1, torch.tensor([-1]))','x.gather(2, torch.tensor([[0]]))','x.index_select(2, torch.tensor([0]))', 'torch.tensor(5.).index_select(0, torch.tensor([0,0]))']:
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")

prog("hstack_vstack_broadcast_to", """
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
s = torch.tensor(7.0, requires_grad=True)
for y in (torch.hstack((a, b)), torch.hstack([m, m]), torch.hstack((a, s)), torch.vstack((a, a)), torch.vstack([m, a]),
          torch.vstack((s, s)), torch.broadcast_to(a, (3, 2)), torch.broadcast_to(s, (2,))):
    y.sum().backward()
    print(y, type(y.grad_fn).__name__, [type(f).__name__ for f, _ in y.grad_fn.next_functions])
print(a.grad, b.grad, m.grad, s.grad)
for bad in ("torch.hstack(a)", "torch.vstack([a, 1.0])", "torch.hstack([])", "torch.vstack([])", "torch.vstack((a, b))", "torch.broadcast_to(a, (3,))"):
    try: print(eval(bad))
    except Exception as e: print(bad, type(e).__name__, e)
""")

prog("inplace_rounding_and_one_sided_clamps", """
x = torch.tensor([1.5, -2.5, 0.5, 2.0], requires_grad=True)
for m in ("floor_", "ceil_", "round_", "sign_", "trunc_", "square_", "abs_"):
    y = x * 1
    z = getattr(y, m)()
    print(m, z, z is y, z.grad_fn)
    z.sum().backward(); print(x.grad); x.grad = None
for e in ["(x * 1).clamp_min_(0)", "(x * 1).clamp_max_(0.7)", "(x * 1).clip_(0, 1)", "(x * 1).clip_(max=1)", "x.clamp_min_(0)", "torch.tensor([3, -2]).clamp_min_(0)"]:
    try:
        z = eval(e); print(e, z)
        if z.requires_grad: z.sum().backward(); print(x.grad); x.grad = None
    except Exception as ex: print(e, type(ex).__name__, ex)
i = torch.tensor([1, -2, 3]); print(i.sign_(), i.square_())
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
