"""Tutorial-style programs print the same under the engine as under PyTorch
(requires_grad, grad_fn graphs, backward, autograd.grad, grad mode).

Each entry of the table below is a small program; ``parity`` runs all of them in one
torch process and one engine process and compares the transcripts exactly (addresses
blanked) and the values passed to ``check`` with torch's float32 tolerances.
"""
import parity

P, prog = parity.table()


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
prog("double_backward_nodes_are_pytorchs", """
    w = torch.tensor([1.0, 2.0, 3.0])
    for name in ("sigmoid", "tanh", "relu", "softmax", "log_softmax", "exp", "sin"):
        fn = getattr(torch, name)
        f = (lambda t: fn(t, 0)) if "softmax" in name else fn
        x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        g, = torch.autograd.grad((f(x) * w).sum(), x, create_graph=True)
        print(name, g, g.requires_grad)
        if g.grad_fn is not None:
            print("  ", [type(n).__name__ for n, _ in g.grad_fn.next_functions])
            g2, = torch.autograd.grad((g * w).sum(), x, create_graph=True)
            print("  ", g2.grad_fn)
            check(g, g2)
    # a gradient penalty through relu: its second derivative is zero, not an error
    x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    g, = torch.autograd.grad(torch.relu(x * 3).sum(), x, create_graph=True)
    (g ** 2).sum().backward()
    print(g, x.grad)
    # third order through sigmoid and tanh
    for fn in (torch.sigmoid, torch.tanh):
        x = torch.tensor([0.3, -0.7], requires_grad=True)
        g1, = torch.autograd.grad(fn(x).sum(), x, create_graph=True)
        g2, = torch.autograd.grad(g1.sum(), x, create_graph=True)
        g3, = torch.autograd.grad(g2.sum(), x)
        print(g1, g2, g3)
        check(g1, g2, g3)
""")
prog("a_transposed_weights_gradient_with_create_graph_is_t", """
    # the gradient of a weight used as w.t() (nn.Linear, torch.func.grad through
    # functional_call) is grad.t(): TBackward0, as PyTorch's t_backward
    w = torch.tensor([[0.5, -1.0, 2.0]], requires_grad=True)
    x = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.0, -1.0]])
    for out in ((x @ w.t()).pow(2).mean(), torch.nn.functional.linear(x, w).pow(2).sum()):
        g, = torch.autograd.grad(out, w, create_graph=True)
        print(g)
    v = torch.tensor([1.0, -2.0], requires_grad=True)
    g, = torch.autograd.grad((v.t() * v).sum(), v, create_graph=True)
    print(g)
    model = torch.nn.Linear(3, 1)
    with torch.no_grad():
        model.weight.copy_(w)
        model.bias.fill_(0.25)
    params = dict(model.named_parameters())
    grads = torch.func.grad(lambda p: torch.func.functional_call(model, p, (x,)).pow(2).mean())(
        params)
    print(grads["weight"], grads["bias"])
""")
prog("autograd_grad_checks_outputs_first", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    c = torch.tensor([1.0, 2.0])
    for expr in ("torch.autograd.grad(c.sum(), c)", "torch.autograd.grad(c.sum(), [x, c])",
                 "torch.autograd.grad((x * 2).sum(), [x, c])", "torch.autograd.grad((c * 2).sum(), [c])",
                 "torch.autograd.grad((x * 2).sum(), [])", "torch.autograd.grad(x * 2, x)",
                 "torch.autograd.grad([(x * 2).sum(), c.sum()], [x])"):
        try:
            print(expr, eval(expr))
        except RuntimeError as e:
            print(expr, "RuntimeError:", e)
""")
prog("float_of_a_tensor_that_requires_grad", """
    x = torch.tensor(2.0, requires_grad=True)
    with torch.no_grad():
        print(float(x))              # no warning under no_grad
    print(int(x), x.item(), float(x.detach()))
    print(float(x * 3))              # warns, once per process (TORCH_WARN_ONCE)
    print(float(x))
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
prog("grad_mode_clones_and_decorators", """
    # a mode's clone() (what its decorator enters on each call) is the same mode
    x = torch.ones(2, requires_grad=True)
    for make in (torch.no_grad, torch.enable_grad, torch.inference_mode,
                 lambda: torch.inference_mode(False)):
        for outer in (True, False):
            torch.set_grad_enabled(outer)
            with make().clone():
                print(type(make()).__name__, outer, torch.is_grad_enabled(),
                      (x * 2).requires_grad)
            print(torch.is_grad_enabled())
    torch.set_grad_enabled(True)

    @torch.inference_mode(False)
    def f(t):
        return torch.is_grad_enabled(), (t * 2).requires_grad
    with torch.no_grad():
        print(f(x))

    @torch.inference_mode()
    def g(t):
        return torch.is_grad_enabled()
    print(g(x), torch.is_grad_enabled())

    m = torch.set_grad_enabled(False)
    print(torch.is_grad_enabled(), repr(m.clone()), torch.is_grad_enabled())
    torch.set_grad_enabled(True)

    @torch.set_grad_enabled(False)
    def h():
        return torch.is_grad_enabled()
    print(torch.is_grad_enabled(), h(), torch.is_grad_enabled())
    with torch.no_grad():
        print(torch.enable_grad()(lambda: torch.is_grad_enabled())())
""")

# ====================================== backward: accumulation, long chains, training
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

# ------------------------------------------------------------------- backward details
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

prog("detach_inplace_of_a_saved_tensor", """
    def attempt(f):
        try:
            print(f())
        except RuntimeError as e:
            print("RuntimeError:", e)
    # saved (as an input) while computed, then detached in place: its backward fails
    x = torch.tensor([2.0, 3.0], requires_grad=True)
    z = x * 4
    w = z * z
    z.detach_()
    print(z.requires_grad, z.is_leaf, z.grad_fn)
    attempt(lambda: w.sum().backward())
    # used only after detach_: a constant, as detach() makes it
    y = x ** 2
    z = x * 4
    z.detach_()
    (y * z).sum().backward()
    print(x.grad)
    # a saved output (exp keeps its result) detached in place: still fine
    x = torch.tensor([2.0, 3.0], requires_grad=True)
    e = x.exp()
    f = e.exp()
    e.detach_()
    f.sum().backward()
    print(x.grad)
    # a leaf detached in place after it was saved: fine too
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([1.0, 2.0], requires_grad=True)
    c = a * b
    a.detach_()
    c.sum().backward()
    print(b.grad, a.grad)
""")


PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
