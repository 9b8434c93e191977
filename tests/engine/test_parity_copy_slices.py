"""In-place ops on views of tensors in the graph print and differentiate as in PyTorch.

Writing through a view (``y[0] += 5``, ``y[1:].mul_(3)``, ``y.t()[1].zero_()`` ...)
rebases the base's history onto a ``CopySlices`` node, the view and every other view of
the base get an ``AsStridedBackward0`` when next used, version counters move together,
saved-tensor checks name what PyTorch names, and the refusals (views of leaves, views
made under no_grad, pieces of split/unbind, expanded views) say what PyTorch says. Each
program runs under torch and under the engine; transcripts must match exactly and values
passed to ``check`` within torch's tolerances.
"""
from textwrap import dedent

import parity

P, prog = parity.table()

SHOW = """
def show(fn, depth=0):
    # the backward graph below fn, one node a line
    if fn is None:
        print("  " * depth + "None")
        return
    print("  " * depth + fn.name())
    for nxt, nr in fn.next_functions:
        show(nxt, depth + 1)

def attempt(f):
    try:
        print("->", f())
    except Exception as e:
        print("->", type(e).__name__ + ":", e)
"""


def gprog(name, code):
    """A program with ``show`` and ``attempt`` defined first."""
    prog(name, SHOW + dedent(code))


# ================================================================ the brief's example
gprog("iadd_on_an_element", """
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    v = y[0]
    print(v.grad_fn.name(), v._version, y._version)
    y[0] += 5
    print(y, y._version, v._version)
    print(v, v.grad_fn.name(), y[0].grad_fn.name(), y[1:].grad_fn.name())
    show(y.grad_fn)
    y.sum().backward()
    print(x.grad)
""")
gprog("mul_on_a_slice", """
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    z = y[1:]
    z.mul_(3)
    print(y, z, z._base is y, z.is_leaf, z.requires_grad)
    show(y.grad_fn)
    show(z.grad_fn)
    (y * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
    print(x.grad)
    check(x.grad)
""")
gprog("zero_through_a_view_of_a_view", """
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    y = x.exp()
    y.view(4)[1:3].zero_()
    print(y)
    show(y.grad_fn)
    y.sum().backward()
    print(x.grad)
    check(x.grad)
""")

# ================================================================ every kind of view
VIEWS = {
    "index": "y[1]", "slice": "y[:, 1:]", "step_slice": "y[:, ::2]", "select": "y.select(1, 2)",
    "narrow": "y.narrow(1, 1, 2)", "view": "y.view(6)", "view_as": "y.view_as(torch.ones(3, 2))",
    "reshape": "y.reshape(3, 2)", "flatten": "y.flatten()", "t": "y.t()", "T": "y.T",
    "mT": "y.mT", "transpose": "y.transpose(0, 1)", "permute": "y.permute(1, 0)",
    "swapaxes": "y.swapaxes(0, 1)", "unsqueeze": "y.unsqueeze(1)", "squeeze": "y[:1].squeeze(0)",
    "ellipsis": "y[...]", "none_index": "y[None, 1]", "expand_row": "y[0].expand(2, 3)[1]",
    "chain": "y.t()[1:].unsqueeze(0)[0, :, 1]", "mixed_key": "y[1, None, 0:2]",
}
for _kind, _view in VIEWS.items():
    gprog(f"view_kind_{_kind}", f"""
    x = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], requires_grad=True)
    y = x * x
    v = {_view}
    v.mul_(3)
    v.add_(torch.tensor(0.5))
    print(y, y._version)
    print(v, v._version, v.grad_fn.name())
    show(y.grad_fn)
    (y * torch.arange(6.0).view(2, 3)).sum().backward()
    print(x.grad)
    check(x.grad)
""")

# ================================================================ every in-place op
OPS_ON_VIEW = ["add_(2)", "add_(w, alpha=2)", "sub_(w)", "mul_(w)", "div_(w)", "div_(4)",
               "pow_(2)", "pow_(w)", "exp_()", "log_()", "sin_()", "cos_()", "tanh_()",
               "sigmoid_()", "relu_()", "abs_()", "sqrt_()", "neg_()", "reciprocal_()",
               "clamp_(0.5, 2.0)", "clamp_(min=1.0)", "zero_()", "fill_(7.0)", "fill_(w[0])",
               "copy_(w)", "remainder_(0.75)", "__iadd__(w)", "__imul__(w)", "__itruediv__(w)",
               "__isub__(1)", "__ipow__(3)"]
for _i, _op in enumerate(OPS_ON_VIEW):
    gprog(f"op_on_view_{_i:02d}", f"""
    x = torch.tensor([0.5, 1.5, 2.5, 3.5], requires_grad=True)
    w = torch.tensor([1.25, 0.75], requires_grad=True)
    y = x * 1.5
    v = y[1:3]
    v.{_op}
    print({_op!r}, y, v)
    show(y.grad_fn)
    (y * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
    print(x.grad, w.grad)
    check(x.grad, w.grad)
""")
gprog("setitem_on_a_view", """
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    w = torch.tensor([10.0, 20.0], requires_grad=True)
    y = x * 2
    v = y[1:]
    v[0] = 5.0
    v[1:] = w
    print(y, v, y._version, v._version)
    show(y.grad_fn)
    (y * torch.arange(1.0, 5.0)).sum().backward()
    print(x.grad, w.grad)
""")
gprog("random_fill_on_a_view", """
    x = torch.ones(4, requires_grad=True)
    y = x * 2
    y[1:3].uniform_()
    y[:2].normal_()
    print(y)
    show(y.grad_fn)
    y.sum().backward()
    print(x.grad)
""")
gprog("float64_and_several_writes", """
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64, requires_grad=True)
    y = x.sin()
    a = y[0]
    b = y[:, 1]
    a.mul_(2)
    b.add_(a[0])
    y.t()[0].pow_(2)
    print(y, a, b, y._version, a._version, b._version)
    show(y.grad_fn)
    y.sum().backward()
    print(x.grad)
    check(x.grad)
""")

# ================================================================ other views of the base
gprog("other_views_get_new_grad_fns", """
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    a = y[0]
    b = y[1:]
    b.mul_(3)
    print(a.grad_fn.name(), a.requires_grad, a.grad_fn.next_functions[0][0].name())
    print(a.grad_fn._saved_size, a.grad_fn._saved_stride, a.grad_fn._saved_storage_offset)
    (a * 10 + b.sum()).backward()
    print(x.grad)
""")
gprog("base_changed_in_place", """
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    a = y[0]
    y.mul_(2)
    print(a.grad_fn.name(), [f.name() for f, _ in a.grad_fn.next_functions])
    a.backward()
    print(x.grad)
    x2 = torch.ones(3, requires_grad=True)
    y2 = x2 * 2
    a2 = y2[0]
    with torch.no_grad():
        y2.mul_(2)
    print(a2.grad_fn.name(), [f.name() for f, _ in a2.grad_fn.next_functions])
    d = y2.detach()
    b2 = y2[1:]
    d.add_(1)
    print(b2.grad_fn.name(), y2.grad_fn.name(), y2._version, b2._version)
""")
gprog("base_outside_autograd_gains_history", """
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    y = torch.zeros(3)
    a = y[0:2]
    b = y[1:]
    print(a.requires_grad, a.grad_fn)
    b.add_(w)
    print(y, y.requires_grad, y.is_leaf)
    show(y.grad_fn)
    print(b.grad_fn.name(), a.requires_grad, a.grad_fn.name(), a.is_leaf)
    (a * a).sum().backward()
    print(w.grad)
""")
gprog("view_of_a_leaf_after_an_update", """
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    v = w[1:]
    with torch.no_grad():
        w.mul_(10)
    print(v, v.grad_fn.name(), [f.name() for f, _ in v.grad_fn.next_functions])
    (v * v).sum().backward()
    print(w.grad)
""")

# ================================================================ saved tensors
gprog("saved_tensor_checks", """
    x = torch.ones(3, requires_grad=True); y = x * 2; z = y * y
    y[1:].mul_(3)
    attempt(lambda: z.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2; v = y[1:]; z = v * v
    y[1:].mul_(3)
    attempt(lambda: z.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2; v = y[:2]; z = v * v
    y.mul_(3)
    attempt(lambda: z.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2; v = y[1:]; z = v.exp()
    v.mul_(3)
    attempt(lambda: z.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2; v = y[1:]; z = v.exp()
    z[0].mul_(3)
    attempt(lambda: z.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x.exp()
    y[1:].mul_(3)
    attempt(lambda: y.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2; v = y[1:]
    v.exp_(); v.mul_(2)
    attempt(lambda: y.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2; v = y[1:]
    v.exp_(); y.mul_(2)
    attempt(lambda: y.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2; c = torch.ones(3); z = y[:2] * c[:2]
    c.mul_(2)
    attempt(lambda: z.sum().backward())
""")
gprog("backward_twice_and_retain_graph", """
    x = torch.ones(3, requires_grad=True); y = x * 2
    y[1:].mul_(3)
    y.sum().backward()
    attempt(lambda: y.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2
    y[1:].add_(3)
    y.sum().backward()
    attempt(lambda: y.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x * 2
    y[1:].mul_(2)
    y.sum().backward(retain_graph=True)
    y.sum().backward()
    print(x.grad)
""")

gprog("setitem_nodes_are_freed_by_backward", """
    for key in ("0", "slice(1, None)", "[0, 1]", "torch.tensor([True, False, True])"):
        x = torch.ones(3, requires_grad=True); y = x + 0
        y[eval(key)] = 5.0
        y.sum().backward()
        print(key, y.grad_fn.name(), x.grad)
        attempt(lambda: y.sum().backward())
    x = torch.ones(3, requires_grad=True); y = x + 0
    y[1:] = torch.ones(2, requires_grad=True)
    y.sum().backward(retain_graph=True)
    y.sum().backward()
    print(x.grad)
""")
gprog("bases_of_other_layouts", """
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    y = x.t() * 2
    print(y.is_contiguous(), y.stride())
    y[1].mul_(10)
    y[:, 0].add_(x[0])
    print(y)
    y.sum().backward()
    print(x.grad)
    x = torch.ones(2, 3, requires_grad=True)
    y = x * 1
    e = y[:, :0]
    e.mul_(2)
    print(e, e.grad_fn.name(), y.grad_fn.name())
    y.sum().backward()
    print(x.grad)
    s = torch.tensor(3.0, requires_grad=True)
    y = s * 2
    y.view(1)[0].mul_(5)
    print(y, y.grad_fn.name())
    y.backward()
    print(s.grad)
""")
gprog("views_are_views", """
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    print(y._is_view(), y[0]._is_view(), y.t()._is_view(), y.detach()._is_view())
    print(y[0]._base is y, y[1:][0]._base is y, y.view(3, 1)[1:].t()._base is y)
    t = torch.arange(3.0)
    r = t.unbind()
    with torch.no_grad():
        r[1].add_(10)
    print(t, r[1], t._version)
""")
gprog("stale_views_as_roots_and_inputs", """
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    y = torch.zeros(3)
    a = y[0:2]
    y[1:].add_(w)
    a.sum().backward()
    print(w.grad)
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    v = y[1:]
    y.mul_(3)
    print(torch.autograd.grad((v * v).sum(), v))
    print(torch.autograd.grad((y * y).sum(), x))
""")

# ================================================================ retain_grad, hooks, autograd.grad
gprog("retain_grad_and_hooks_follow_the_tensor", """
    x = torch.ones(2, requires_grad=True); y = x * 1; y.retain_grad(); y.mul_(3)
    y.sum().backward(); print(y.grad, x.grad)
    x = torch.ones(3, requires_grad=True); y = x * 1; y.retain_grad(); y[1:].mul_(3)
    y.sum().backward(); print(y.grad, x.grad)
    x = torch.ones(3, requires_grad=True); y = x * 1; v = y[1:]; v.retain_grad(); v.mul_(3)
    y.sum().backward(); print(v.grad, x.grad, v.retains_grad)
    x = torch.ones(3, requires_grad=True); y = x * 1; v = y[1:]; v.retain_grad(); y.mul_(3)
    v.sum().backward(); print(v.grad, x.grad)
    x = torch.ones(3, requires_grad=True); y = x * 2
    y.register_hook(lambda g: print("hook on y", g))
    v = y[1:]
    v.register_hook(lambda g: print("hook on v", g))
    v.mul_(3)
    (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print(x.grad)
""")
gprog("autograd_grad_and_create_graph", """
    x = torch.ones(3, requires_grad=True); y = x * 2; v = y[1:]
    v.mul_(3)
    print(torch.autograd.grad(y.sum(), x))
    w = torch.tensor([2.0, 3.0], requires_grad=True)
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True); y = x * 2
    y[1:].mul_(w)
    print(torch.autograd.grad(y.sum(), w))
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True); y = x * x; v = y[1:]
    v.mul_(x[1:])
    g, = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(g, g.requires_grad)
    g.sum().backward()
    print(x.grad)
    check(g, x.grad)
""")
gprog("gradcheck_through_copy_slices", """
    def f(x, w):
        y = x * 1
        y[1:].mul_(w)
        y.t()[0].add_(w[0])
        y[0, 1].pow_(2)
        return y.exp()
    x = torch.tensor([[0.1, 0.2], [0.3, 0.4]], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([0.5, 0.6], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(f, (x, w)))
    print(torch.autograd.gradgradcheck(f, (x, w)))
""")

# ================================================================ refusals
gprog("refusals", """
    x = torch.ones(3, requires_grad=True)
    attempt(lambda: x[0].add_(1))
    attempt(lambda: x.view(3, 1).zero_())
    y = x * 2
    attempt(lambda: y.expand(2, 3).add_(1))
    attempt(lambda: torch.ones(3).expand(2, 3).add_(1))
    attempt(lambda: y.expand(2, 3)[0].add_(1))
    attempt(lambda: torch.ones(1).expand(3)[0].add_(1))
    print(y, y.grad_fn.name())
    with torch.no_grad():
        v = y[:2]
    attempt(lambda: v.mul_(2))
    u = v[0]
    print(u.grad_fn.name(), u.grad_fn.next_functions)
    attempt(lambda: u.mul_(2))
    y.mul_(2)
    attempt(lambda: v.grad_fn)
    attempt(lambda: v * 2)
    print(v.requires_grad)
    w = torch.ones(2, requires_grad=True)
    c = torch.zeros(3)
    with torch.no_grad():
        cv = c[:2]
    attempt(lambda: cv.add_(w))
    c[2:].add_(w[:1])
    attempt(lambda: cv.grad_fn)
""")
gprog("refusals_of_several_views", """
    x = torch.ones(4, requires_grad=True); y = x * 2
    a, b = y.split(2)
    attempt(lambda: a.mul_(2))
    attempt(lambda: a[0].mul_(2))
    attempt(lambda: a.view(2).mul_(2))
    c = a[0]
    y.mul_(2)
    attempt(lambda: c.grad_fn)
    attempt(lambda: b.grad_fn)
    attempt(lambda: (b * 2).sum().backward())
    x = torch.ones(4, requires_grad=True); y = x * 2
    r, s = y.view(2, 2).unbind()
    with torch.no_grad():
        r.mul_(2)
    attempt(lambda: r.grad_fn)
    attempt(lambda: s.grad_fn)
    print(y.grad_fn.name(), y)
    x = torch.ones(4, requires_grad=True); y = x * 2
    p, q = y.split(2); z = p * p
    y.mul_(2)
    attempt(lambda: z.sum().backward())
    w = torch.ones(2, requires_grad=True)
    y = torch.zeros(4); p, q = y.split(2)
    attempt(lambda: p.add_(w))
    y[2:].add_(w)
    attempt(lambda: p.grad_fn)
""")
gprog("inplace_on_views_without_grad", """
    t = torch.ones(3)
    v = t[0]
    v.add_(5)
    print(t, v, t._version, v._version, v.requires_grad, v.grad_fn)
    m = torch.ones(2, 2)
    m[0, 1].mul_(3)
    m.select(1, 0).add_(1)
    m.t()[1].sub_(1)
    print(m, m._version)
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    with torch.no_grad():
        y[1:].mul_(3)
    print(y, y.grad_fn.name(), y._version)
    y.sum().backward()
    print(x.grad)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
