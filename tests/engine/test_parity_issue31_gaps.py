"""The gaps ``test_issue31_names.py``'s audit found, each run under torch and under the
engine, transcripts compared: the global module hooks of ``torch.nn.modules.module``
(forward, forward pre, full backward, backward pre, the deprecated backward hook, the
registration hooks, ``always_call``), inference tensors (``Tensor.is_inference``, and the
errors of one used in autograd), the ``torch.exp_``-style in-place functions,
``true_divide``, ``torch.dropout``, ``F.relu_``, the in-place comparisons ``eq_`` ... ``ge_``
and ``diff``, ``linalg.multi_dot`` and ``vecdot``, ``TripletMarginWithDistanceLoss``,
``PairwiseDistance`` and ``CosineSimilarity``, ``bincount``, ``histc``, ``bucketize``,
``searchsorted``, ``cov`` and ``corrcoef``, ``F.pad`` (constant), ``cdist`` (its direct path), ``CTCLoss``/``F.ctc_loss``."""
import parity

P, prog = parity.table()

prog("global_module_forward_hooks", """
    from torch.nn.modules.module import (register_module_forward_hook,
                                         register_module_forward_pre_hook)
    import torch.nn.modules.module as M
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU(), torch.nn.Linear(2, 1))
    seen = []
    h1 = register_module_forward_pre_hook(lambda m, a: seen.append(("pre", type(m).__name__)))
    h2 = register_module_forward_hook(lambda m, a, out: seen.append((type(m).__name__,
                                                                     tuple(out.shape))))
    h3 = net[0].register_forward_hook(lambda m, a, out: out * 2)
    h4 = M.register_module_forward_hook(lambda m, a, kw, out: seen.append(("kw", kw)),
                                        with_kwargs=True)
    try:
        print(net(torch.ones(4, 3)), seen)
        h2.remove(); h4.remove(); seen.clear()
        h5 = M.register_module_forward_pre_hook(
            lambda m, a: (a[0] + 1,) if isinstance(m, torch.nn.Linear) else None)
        print(net(torch.ones(1, 3)), seen)
        h5.remove()
        print(type(h1).__name__, h1.id > 0)
    finally:
        h1.remove(); h3.remove()
    seen.clear()
    print(net(torch.ones(1, 3)), seen)
""")

prog("global_module_full_backward_hooks", """
    import torch.nn.modules.module as M
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1))
    log = []
    def hook(m, gi, go):
        log.append((type(m).__name__, [None if g is None else g.shape for g in gi],
                    [g.shape for g in go]))
    def pre(m, go):
        log.append(("pre", type(m).__name__, go[0]))
        if isinstance(m, torch.nn.Tanh):
            return (go[0] * 10,)
    handles = [M.register_module_full_backward_hook(hook),
               M.register_module_full_backward_pre_hook(pre),
               net[0].register_full_backward_hook(lambda m, gi, go: log.append("own"))]
    try:
        x = torch.ones(2, 3, requires_grad=True)
        y = net(x)
        print(y.grad_fn, x.grad)
        y.sum().backward()
        for line in log:
            print(line)
        print(x.grad, net[0].weight.grad)
        try:
            M.register_module_backward_hook(hook)
        except RuntimeError as e:
            print(e)
    finally:
        for h in handles:
            h.remove()
""")

prog("global_module_backward_hook_deprecated", """
    import torch.nn.modules.module as M
    torch.manual_seed(0)
    lin = torch.nn.Linear(2, 2)
    log = []
    h = M.register_module_backward_hook(lambda m, gi, go: log.append(
        (type(m).__name__, len(gi), len(go))))
    try:
        x = torch.ones(1, 2, requires_grad=True)
        lin(x).sum().backward()
        print(log, x.grad)
        try:
            M.register_module_full_backward_hook(lambda *a: None)
        except RuntimeError as e:
            print(e)
    finally:
        h.remove()
""")

prog("global_module_registration_hooks", """
    import torch.nn.modules.module as M
    log = []
    hs = [M.register_module_buffer_registration_hook(
              lambda m, n, b: log.append(("buffer", n)) or (b * 2 if b is not None else None)),
          M.register_module_parameter_registration_hook(
              lambda m, n, p: log.append(("param", n, None if p is None else tuple(p.shape)))),
          M.register_module_module_registration_hook(
              lambda m, n, s: log.append(("module", n, type(s).__name__)))]
    try:
        torch.manual_seed(0)
        net = torch.nn.Sequential(torch.nn.Linear(2, 1))
        net.extra = torch.nn.Tanh()
        net.register_buffer("scale", torch.ones(2))
        net.add_module("more", torch.nn.ReLU())
        bn = torch.nn.BatchNorm1d(2)
        for line in log:
            print(line)
        print(net.scale, bn.running_var)
    finally:
        for h in hs:
            h.remove()
    log.clear()
    torch.nn.Linear(1, 1)
    print(log)
""")

prog("forward_hook_always_call", """
    import torch.nn.modules.module as M
    class Boom(torch.nn.Module):
        def forward(self, x):
            raise ValueError("boom")
    b = Boom()
    b.register_forward_hook(lambda m, a, out: print("own", out), always_call=True)
    b.register_forward_hook(lambda m, a, out: print("never"))
    h = M.register_module_forward_hook(lambda m, a, out: print("global", out), always_call=True)
    try:
        b(torch.ones(1))
    except ValueError as e:
        print("ValueError", e)
    finally:
        h.remove()
    h = M.register_module_forward_hook(lambda m, a, out: 1 / 0, always_call=True)
    try:
        b(torch.ones(1))
    except ValueError as e:
        print("ValueError", e)
    finally:
        h.remove()
""")

prog("inference_tensors", """
    def t(label, f):
        try:
            print(label, f())
        except RuntimeError as e:
            print(label, "RuntimeError", e)
    n = torch.ones(2)
    with torch.inference_mode():
        x = torch.ones(2)
        y = n * 2
        v = n[0:1]
        w = torch.ones(2, requires_grad=True)
        print(x.is_inference(), y.is_inference(), v.is_inference(), w.requires_grad,
              w.is_inference())
        n.add_(1)
        print(n._version, x.add_(1), (x @ x).is_inference())
        with torch.inference_mode(False):
            z = torch.ones(1)
        print(z.is_inference(), n.is_inference(), (x + 1).is_inference())
    with torch.no_grad():
        print(torch.ones(1).is_inference())
    print(x, y, x.requires_grad, y.grad_fn, n.is_inference(), n._version)
    for label, f in (("view", lambda: x[0:1].is_inference()),
                     ("detach", lambda: x.detach().is_inference()),
                     ("clone", lambda: x.clone().is_inference()),
                     ("add", lambda: (x + 1).is_inference()),
                     ("version", lambda: x._version), ("inplace", lambda: x.add_(1)),
                     ("inplace2", lambda: x.mul_(2)), ("after", lambda: x),
                     ("requires_grad_", lambda: x.requires_grad_()),
                     ("requires_grad_False", lambda: x.requires_grad_(False)),
                     ("set requires_grad", lambda: setattr(x, "requires_grad", True)),
                     ("setitem", lambda: x.__setitem__(0, 5.)), ("after", lambda: x),
                     ("parameter", lambda: torch.nn.Parameter(x)),
                     ("exp", lambda: x.exp().is_inference()),
                     ("copy", lambda: torch.zeros(2).copy_(x)),
                     ("numpy", lambda: x.numpy()), ("item", lambda: x.sum().item()),
                     ("in no_grad", lambda: torch.no_grad()(lambda: x.add_(1))()),
                     ("normal += inference", lambda: n.add_(x))):
        t(label, f)
    a = torch.ones(2, requires_grad=True)
    t("mul saves it", lambda: a * x)
    t("add saves nothing", lambda: (a + x).grad_fn.name())
    t("matmul", lambda: x @ a)
    t("grad", lambda: torch.autograd.grad((a * x).sum(), a))
    t("tanh of a view", lambda: torch.tanh(a * x[0]))
    torch.manual_seed(0)
    model = torch.nn.Linear(2, 1)
    with torch.inference_mode():
        data = torch.randn(4, 2)
        print(model(data).is_inference(), model(data).requires_grad)
    t("linear", lambda: model(data))
    t("train on a clone", lambda: model(data.clone()).sum().backward())
    print(model.weight.grad, model.weight.is_inference())
""")

prog("inplace_functions_comparisons_diff_dropout", """
    import torch.nn.functional as F
    def t(label, f):
        try:
            print(label, f())
        except Exception as e:
            print(label, type(e).__name__, e)
    for n in ("abs_", "exp_", "sigmoid_", "tanh_", "sqrt_", "neg_", "floor_", "round_", "zero_", "square_", "log_", "sin_", "trunc_", "frac_", "reciprocal_", "erf_", "exp2_"):
        x = torch.tensor([0.5, -1.5, 2.25])
        t(n, lambda: (getattr(torch, n)(x), x))
    x = torch.tensor([0.5, -1.5, 2.25])
    t("clamp_", lambda: torch.clamp_(x, min=-1, max=1))
    t("clamp_min_", lambda: torch.clamp_min_(x, 0.6))
    t("clip_", lambda: torch.clip_(x, 0, 0.5))
    t("fill_", lambda: torch.fill_(x, 3))
    t("xlogy_", lambda: torch.xlogy_(torch.tensor([1., 2.]), torch.tensor([3., 4.])))
    t("detach_", lambda: torch.detach_(torch.ones(2) * 2))
    t("bad", lambda: torch.exp_(3))
    a = torch.tensor([1., 2., 3.], requires_grad=True)
    t("leaf", lambda: torch.exp_(a))
    y = a * 2
    t("tracked", lambda: torch.tanh_(y))
    y.sum().backward(); print(a.grad)
    t("true_divide", lambda: (torch.true_divide(a, 2), torch.true_divide(torch.tensor([3]), 2)))
    torch.manual_seed(0)
    t("dropout", lambda: (torch.dropout(a, 0.5, True), torch.dropout(a, 0.5, False)))
    t("dropout2", lambda: torch.dropout(a, 0.5))
    t("relu_", lambda: F.relu_(torch.tensor([-1., 2.])))
    b = torch.tensor([1., 2., 3.]); t("eq_", lambda: (b.eq_(2), b))
    b = torch.tensor([1, 2, 3]); t("lt_", lambda: (b.lt_(2.5), b))
    b = torch.tensor([1., 2.]); t("ne_", lambda: (b.ne_(torch.tensor(2.)), b))
    for n in ("gt_", "ge_", "le_", "eq_"):
        y = a * 1
        t(n, lambda: (getattr(y, n)(1.5), y.grad_fn.name(), getattr(a * 1, n)(torch.tensor([1., 0, 3])).grad_fn))
        y.sum().backward(); print(a.grad)
    t("eq_ leaf", lambda: a.eq_(1))
    t("eq_ shape", lambda: torch.ones(2).eq_(torch.ones(2, 2)))
    t("eq_ int", lambda: torch.tensor([1, 2]).eq_(torch.tensor([1.5, 2.])))
    t("eq_ bool", lambda: torch.tensor([True, False]).eq_(torch.tensor([1.5, 0])))
    y = torch.tensor([[1., 4.], [9., 16.]], requires_grad=True)
    t("diff", lambda: (torch.diff(y), torch.diff(y, dim=0), y.diff(n=2), torch.diff(y, n=0), torch.diff(y, n=3)))
    t("diff2", lambda: torch.diff(torch.tensor([1., 2.]), prepend=torch.tensor([0.]), append=torch.tensor([5., 7.])))
    t("diffb", lambda: torch.diff(torch.tensor([True, False, False])))
    t("diffi", lambda: torch.diff(torch.tensor([[1, 3], [4, 9]]), dim=0))
    t("diff0", lambda: torch.diff(torch.tensor(1.)))
    t("diffn", lambda: torch.diff(torch.tensor([1.]), n=-1))
    t("diffp", lambda: torch.diff(torch.tensor([1.]), prepend=1.))
    t("diffd", lambda: torch.diff(torch.ones(2, 2), prepend=torch.ones(2)))
    torch.diff(y, prepend=y[:, :1]).pow(2).sum().backward(); print(y.grad)
    t("diffs", lambda: torch.diff(y, prepend=y[:1]))
""")

prog("multi_dot_and_vecdot", """
    def t(label, f):
        try:
            print(label, f())
        except Exception as e:
            print(label, type(e).__name__, e)
    a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
    b = torch.tensor([[1., 0., 2.], [0.5, 1., 1.]], requires_grad=True)
    t("vecdot", lambda: (torch.linalg.vecdot(a, b), torch.linalg.vecdot(a, b, dim=0), torch.linalg.vecdot(a, b[0])))
    t("vecdot shape", lambda: torch.linalg.vecdot(a, torch.ones(2, 2)))
    t("vecdot long", lambda: torch.linalg.vecdot(a.long(), b))
    torch.linalg.vecdot(a, b).sum().backward(); print(a.grad, b.grad)
    A = torch.arange(6.).reshape(2, 3).requires_grad_(); B = torch.arange(12.).reshape(3, 4); C = torch.arange(8.).reshape(4, 2); v = torch.ones(2)
    D = torch.arange(10.).reshape(2, 5)
    for chain in ([A, B], [A, B, C], [v, A, B], [A, B, C, v], [v, A, B, C, v], [v, A, torch.ones(3)], [A, B, C, D], [B.t(), A.t(), A, B, C], [A, B, C, A, B]):
        r = torch.linalg.multi_dot(chain)
        print(r, r.grad_fn.next_functions)
        r.sum().backward()
    print(A.grad)
    for bad in ([A], [A, C], [A.long(), B.long()], [A, B.double()], [A.reshape(1,2,3), B], [A, B.reshape(3, 2, 2)], [A, B.reshape(1, 3, 4), C], [A.int(), B.long()], (A, B)):
        t("bad", lambda: torch.linalg.multi_dot(bad))
""")

prog("triplet_margin_with_distance_loss_and_distance_modules", """
    import torch.nn.functional as F
    def t(label, f):
        try:
            print(label, f())
        except Exception as e:
            print(label, type(e).__name__, e)
    torch.manual_seed(0)
    a, p, n = torch.randn(4, 3, requires_grad=True), torch.randn(4, 3), torch.randn(4, 3)
    print(torch.nn.PairwiseDistance(), torch.nn.CosineSimilarity(), torch.nn.PairwiseDistance(p=1, keepdim=True)(a, p),
          torch.nn.CosineSimilarity(dim=0)(a, p), torch.pairwise_distance(a, n))
    loss = torch.nn.TripletMarginWithDistanceLoss()
    print(loss, loss(a, p, n))
    l2 = torch.nn.TripletMarginWithDistanceLoss(distance_function=lambda x, y: 1.0 - F.cosine_similarity(x, y),
                                                margin=0.5, swap=True, reduction="none")
    print(l2, l2(a, p, n))
    out = l2(a, p, n).sum() + loss(a, p, n)
    out.backward(); print(a.grad)
    t("margin", lambda: torch.nn.TripletMarginWithDistanceLoss(margin=0))
    t("fmargin", lambda: F.triplet_margin_with_distance_loss(a, p, n, margin=-1))
    t("red", lambda: F.triplet_margin_with_distance_loss(a, p, n, reduction="x"))
    t("dims", lambda: F.triplet_margin_with_distance_loss(a, p[0], n))
    t("sum", lambda: F.triplet_margin_with_distance_loss(a, p, n, reduction="sum", distance_function=torch.nn.PairwiseDistance(p=1)))
    print(torch.nn.TripletMarginWithDistanceLoss(distance_function=torch.nn.PairwiseDistance(p=1)))
""")

prog("bincount_histc_bucketize_searchsorted_cov_corrcoef", """
    def t(label, f):
        try:
            r = f()
            print(label, r, getattr(r, "grad_fn", None) if not isinstance(r, tuple) else "")
        except Exception as e:
            print(label, type(e).__name__, e)
    x = torch.tensor([0, 1, 1, 3, 2, 1])
    w = torch.tensor([0.5, 1., 1.5, 2., 0.25, 1.], requires_grad=True)
    t("bincount", lambda: torch.bincount(x))
    t("bincount w", lambda: torch.bincount(x, weights=w))
    t("bincount w64", lambda: torch.bincount(x, weights=w.double()))
    t("bincount wint", lambda: torch.bincount(x, weights=x))
    t("bincount min", lambda: x.bincount(minlength=7))
    t("bincount empty", lambda: torch.bincount(torch.tensor([], dtype=torch.long)))
    t("bincount neg", lambda: torch.bincount(torch.tensor([-1, 2])))
    t("bincount float", lambda: torch.bincount(torch.tensor([1., 2.])))
    t("bincount 2d", lambda: torch.bincount(torch.tensor([[1, 2]])))
    t("bincount wshape", lambda: torch.bincount(x, weights=torch.ones(2)))
    t("bincount negmin", lambda: torch.bincount(x, minlength=-1))
    t("bincount u8", lambda: torch.bincount(torch.tensor([1, 2], dtype=torch.uint8)))
    t("bincount bool", lambda: torch.bincount(torch.tensor([True, False])))
    y = torch.tensor([1., 2., 1., 2.5, 4., 0.], requires_grad=True)
    t("histc", lambda: torch.histc(y, bins=4, min=0, max=4))
    t("histc auto", lambda: torch.histc(y, bins=5))
    t("histc m", lambda: y.histc(3, 1, 2))
    t("histc const", lambda: torch.histc(torch.ones(3), bins=4))
    t("histc int", lambda: torch.histc(torch.tensor([1, 2]), bins=4))
    t("histc 64", lambda: torch.histc(y.double().detach(), bins=2))
    t("histc bad", lambda: torch.histc(y, bins=4, min=3, max=1))
    t("histc bins0", lambda: torch.histc(y, bins=0))
    t("histc nan", lambda: torch.histc(torch.tensor([1., float('nan')]), bins=2))
    t("histc inf", lambda: torch.histc(torch.tensor([1., float('inf')]), bins=2))
    t("histc edge", lambda: torch.histc(torch.tensor([0., 0.1, 0.2, 0.3, 0.7, 1.0]), bins=10, min=0, max=1))
    bnd = torch.tensor([1., 3., 5., 7.])
    v = torch.tensor([[0., 3., 6.], [9., 1., 7.]])
    t("bucketize", lambda: torch.bucketize(v, bnd))
    t("bucketize r", lambda: torch.bucketize(v, bnd, right=True))
    t("bucketize 32", lambda: torch.bucketize(v, bnd, out_int32=True).dtype)
    t("bucketize scalar", lambda: torch.bucketize(3, bnd))
    t("bucketize 2d", lambda: torch.bucketize(v, v))
    t("bucketize int", lambda: torch.bucketize(torch.tensor([2, 4]), bnd))
    t("searchsorted", lambda: torch.searchsorted(bnd, v))
    t("searchsorted 2d", lambda: torch.searchsorted(torch.tensor([[1, 3, 5], [2, 4, 6]]), torch.tensor([[3, 6], [1, 7]]), right=True))
    t("searchsorted side", lambda: torch.searchsorted(bnd, v, side="right"))
    t("searchsorted bad", lambda: torch.searchsorted(bnd, v, side="right", right=False))
    t("searchsorted sorter", lambda: torch.searchsorted(torch.tensor([5., 1., 3.]), torch.tensor([2., 4.]), sorter=torch.tensor([1, 2, 0])))
    t("searchsorted shape", lambda: torch.searchsorted(torch.ones(2, 3), torch.ones(3, 2)))
    t("searchsorted scalar", lambda: torch.searchsorted(bnd, 4.))
    t("searchsorted grad", lambda: torch.searchsorted(bnd.requires_grad_(), v))
    m = torch.tensor([[0., 1., 2., 4.], [2., 1., 0., 1.5], [1., 1., 3., 0.]], requires_grad=True)
    t("cov", lambda: torch.cov(m))
    t("cov c0", lambda: torch.cov(m, correction=0))
    t("cov fw", lambda: torch.cov(m, fweights=torch.tensor([1, 2, 1, 3]), aweights=torch.tensor([0.5, 1., 1., 2.])))
    t("cov 1d", lambda: torch.cov(m[0]))
    t("cov 1", lambda: torch.cov(m[:, :1]))
    t("corrcoef", lambda: torch.corrcoef(m))
    t("corrcoef 1d", lambda: torch.corrcoef(m[0]))
    t("cov int", lambda: torch.cov(torch.tensor([[1, 2, 4], [0, 1, 1]])))
    t("corr int", lambda: torch.corrcoef(torch.tensor([[1, 2, 4], [0, 1, 1]])))
    t("cov 3d", lambda: torch.cov(torch.ones(2, 2, 2)))
    (torch.cov(m).sum() + torch.corrcoef(m).sum()).backward(); print(m.grad)
    t("bincount backward", lambda: torch.bincount(x, weights=w).sum().backward())
""")

prog("cov_and_corrcoef", """
    def t(label, f):
        try:
            r = f()
            print(label, r, getattr(r, "grad_fn", None) if not isinstance(r, tuple) else "")
        except Exception as e:
            print(label, type(e).__name__, e)
    m = torch.tensor([[0., 1., 2., 4.], [2., 1., 0., 1.5], [1., 1., 3., 0.]], requires_grad=True)
    t("cov", lambda: torch.cov(m))
    t("cov c0", lambda: torch.cov(m, correction=0))
    t("cov fw", lambda: torch.cov(m, fweights=torch.tensor([1, 2, 1, 3]), aweights=torch.tensor([0.5, 1., 1., 2.])))
    t("cov f", lambda: m.cov(fweights=torch.tensor([1, 2, 1, 3])))
    t("cov a", lambda: torch.cov(m, aweights=torch.tensor([0.5, 1., 1., 2.]), correction=0))
    t("cov 1d", lambda: torch.cov(m[0]))
    t("cov 1", lambda: torch.cov(m[:, :1]))
    t("corrcoef", lambda: torch.corrcoef(m))
    t("corrcoef m", lambda: m.corrcoef())
    t("corrcoef 1d", lambda: torch.corrcoef(m[0]))
    t("cov int", lambda: torch.cov(torch.tensor([[1, 2, 4], [0, 1, 1]])))
    t("corr int", lambda: torch.corrcoef(torch.tensor([[1, 2, 4], [0, 1, 1]])))
    t("cov 3d", lambda: torch.cov(torch.ones(2, 2, 2)))
    t("cov bool", lambda: torch.cov(torch.ones(2, 2, dtype=torch.bool)))
    t("cov fwf", lambda: torch.cov(m, fweights=torch.ones(4)))
    t("cov fwn", lambda: torch.cov(m, fweights=torch.ones(3, dtype=torch.long)))
    t("cov fneg", lambda: torch.cov(m, fweights=torch.tensor([1, -1, 1, 1])))
    t("cov ai", lambda: torch.cov(m, aweights=torch.ones(4, dtype=torch.long)))
    t("cov zero", lambda: torch.cov(m, fweights=torch.zeros(4, dtype=torch.long)))
    t("cov 64", lambda: torch.cov(m.double()))
    (torch.cov(m).sum() + torch.corrcoef(m).sum()).backward(); print(m.grad)
    torch.manual_seed(0)
    x = torch.randn(3, 20)
    print(torch.cov(x), torch.corrcoef(x))
""")

prog("pad_constant", """
    import torch.nn.functional as F
    def t(label, f):
        try:
            print(label, f())
        except Exception as e:
            print(label, type(e).__name__, e)
    x = torch.arange(6.).reshape(2, 3).requires_grad_()
    for pad in ((1, 1), (1, 0, 0, 2), (-1, 1), (0, 0, -1, 0), (2,), (1, 1, 1, 1, 1, 1), [0, 0], ()):
        t(pad, lambda: F.pad(x, pad, value=9))
    y = F.pad(x, (1, -1, 1, 0), value=0.5)
    print(y, y.grad_fn)
    (y * torch.arange(9.).reshape(3, 3)).sum().backward()
    print(x.grad)
    g, = torch.autograd.grad(F.pad(x, (1, 1)).pow(2).sum(), x, create_graph=True)
    print(g, g.grad_fn)
    gg, = torch.autograd.grad((g * g).sum(), x)
    print(gg)
    print(F.pad(torch.tensor([1, 2]), (1, 1)), F.pad(torch.tensor([1, 2]), (1, 1), value=2.7),
          F.pad(x, (1, 1), "constant"), F.pad(torch.tensor([True]), (1, 0), value=1))
    img = torch.ones(1, 1, 2, 2)
    print(F.pad(img, (1, 1, 1, 1)).shape, F.pad(img.double(), (0, 1), value=-1.5))
    for bad in (lambda: F.pad(x, (-2, -2)), lambda: F.pad(x, [1.5, 1]), lambda: F.pad(x, (1, 1), mode="foo")):
        t("bad", bad)
""")

prog("cdist_direct_path", """
    def t(label, f):
        try:
            r = f()
            print(label, r)
        except Exception as e:
            print(label, type(e).__name__, e)
    a = torch.tensor([[0., 1.], [2., 2.], [1., -1.]], requires_grad=True)
    b = torch.tensor([[1., 1.], [0., 3.]], requires_grad=True)
    for p in (2, 1, 0, float("inf"), 3, 0.5, 1.5):
        d = torch.cdist(a, b, p=p)
        ga, gb = torch.autograd.grad((d * torch.tensor([[1., 2.], [3., 4.], [5., 6.]])).sum(), (a, b))
        print(p, d, ga, gb)
    t("self", lambda: torch.cdist(a, a))
    t("batched", lambda: torch.cdist(a.unsqueeze(0).expand(2, 3, 2), b))
    t("64", lambda: torch.cdist(a.double(), b.double(), p=0.5))
    t("bad", lambda: torch.cdist(a, torch.ones(2, 3)))
    t("neg", lambda: torch.cdist(a, b, p=-1))
    t("1d", lambda: torch.cdist(a[0], b))
    t("int", lambda: torch.cdist(a.long(), b.long()))
    t("mixed", lambda: torch.cdist(a, b.double()))
    t("mode", lambda: torch.cdist(a, b, compute_mode="x"))
    t("donot", lambda: torch.cdist(torch.ones(30, 2), torch.zeros(2, 2), compute_mode="donot_use_mm_for_euclid_dist").sum())
    g, = torch.autograd.grad(torch.cdist(a, b).sum(), a, create_graph=True)
    print(g, type(g.grad_fn).__name__)
    t("double", lambda: g.sum().backward())
    torch.manual_seed(0)
    pts = torch.randn(12, 3)
    centers = pts[:3].clone()
    for step in range(3):
        assign = torch.cdist(pts, centers).argmin(1)
        centers = torch.stack([pts[assign == k].mean(0) for k in range(3)])
        print(step, assign.tolist())
""")

prog("ctc_loss", """
    import torch.nn.functional as F
    def t(label, f):
        try:
            r = f()
            print(label, r)
        except Exception as e:
            print(label, type(e).__name__, e)
    torch.manual_seed(0)
    T, N, C, S = 6, 2, 4, 3
    logits = torch.randn(T, N, C, requires_grad=True)
    lp = logits.log_softmax(2)
    targets = torch.tensor([[1, 2, 2], [3, 1, 0]])
    il, tl = torch.tensor([6, 5]), torch.tensor([3, 2])
    ctc = torch.nn.CTCLoss()
    loss = ctc(lp, targets, il, tl)
    print(ctc, loss)
    loss.backward()
    print(logits.grad)
    for red in ("none", "sum", "mean"):
        t(red, lambda: F.ctc_loss(lp, targets, il, tl, reduction=red))
    t("concat", lambda: F.ctc_loss(lp, torch.tensor([1, 2, 2, 3, 1]), (6, 5), (3, 2), reduction="none"))
    t("blank", lambda: F.ctc_loss(lp, targets + 0, il, tl, blank=3, reduction="none"))
    t("impossible", lambda: F.ctc_loss(lp, torch.tensor([[1, 1, 1, 1]] * 2), il, torch.tensor([4, 4]), reduction="none"))
    t("zero_inf", lambda: F.ctc_loss(lp, torch.tensor([[1, 1, 1, 1]] * 2), il, torch.tensor([4, 4]), reduction="none", zero_infinity=True))
    t("empty target", lambda: F.ctc_loss(lp, targets, il, torch.tensor([0, 1]), reduction="none"))
    x = torch.randn(5, 3, requires_grad=True)
    t("unbatched", lambda: F.ctc_loss(x.log_softmax(1), torch.tensor([1, 2]), torch.tensor(5), torch.tensor(2)))
    t("64", lambda: F.ctc_loss(lp.double(), targets, il, tl))
    t("bad len", lambda: F.ctc_loss(lp, targets, torch.tensor([7, 5]), tl))
    t("bad tl", lambda: F.ctc_loss(lp, targets, il, torch.tensor([4, 2])))
    l2 = torch.nn.CTCLoss(reduction="sum", zero_infinity=True)
    print(l2)
    lp = logits.log_softmax(2)
    g, = torch.autograd.grad(F.ctc_loss(lp, targets, il, tl), logits, create_graph=True)
    print(g.grad_fn)
    t("double", lambda: g.sum().backward())
""")

prog("ctc_loss_to_ten_digits", """
    import torch.nn.functional as F
    torch.set_printoptions(precision=10)
    torch.manual_seed(3)
    T, N, C = 12, 3, 5
    logits = torch.randn(T, N, C, requires_grad=True)
    lp = logits.log_softmax(2)
    targets = torch.tensor([[1, 1, 2, 4], [3, 3, 3, 0], [2, 0, 0, 0]])
    il, tl = torch.tensor([12, 10, 7]), torch.tensor([4, 3, 1])
    loss = F.ctc_loss(lp, targets, il, tl, reduction="none")
    print(loss)
    g, = torch.autograd.grad(loss.sum(), lp)
    print(g)
    lp64 = logits.double().log_softmax(2)
    l64 = F.ctc_loss(lp64, targets, il, tl, blank=2, reduction="sum")
    print(l64, torch.autograd.grad(l64, lp64)[0][:3])
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
