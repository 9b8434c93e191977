"""``nn.Softsign``, ``nn.Tanhshrink``, ``nn.Softmin`` and ``nn.MarginRankingLoss`` (and their
functionals): values, gradients and ``grad_fn`` chains as PyTorch composes them, reprs,
the implicit-dim warning and the errors (transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("softsign_tanhshrink_softmin", """
    import torch.nn as nn
    import torch.nn.functional as F
    import warnings
    x = torch.tensor([[-2.0, -0.5, 0.0], [0.25, 1.0, 3.0]], requires_grad=True)
    for m in (nn.Softsign(), nn.Tanhshrink(), nn.Softmin(dim=1), nn.Softmin(0)):
        y = m(x)
        print(m, y, y.grad_fn.name(), type(y.grad_fn.next_functions[0][0]).__name__)
        x.grad = None
        (y * torch.arange(6.0).view(2, 3)).sum().backward()
        print(x.grad)
    print(F.softsign(torch.tensor([1, -3])), F.tanhshrink(torch.tensor(0.5, dtype=torch.float64)))
    print(F.softmin(x, 1, dtype=torch.float64))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        print(F.softmin(x), nn.Softmin()(x))
        print([str(e.message) for e in w])
""")

prog("margin_ranking_loss", """
    import torch.nn as nn
    import torch.nn.functional as F
    a = torch.tensor([0.5, -1.0, 2.0, 0.1], requires_grad=True)
    b = torch.tensor([1.0, -2.0, 0.5, 0.3], requires_grad=True)
    t = torch.tensor([1.0, -1.0, 1.0, -1.0])
    for loss in (nn.MarginRankingLoss(), nn.MarginRankingLoss(margin=0.5, reduction="sum"),
                 nn.MarginRankingLoss(0.2, reduction="none")):
        out = loss(a, b, t)
        print(loss, loss.margin, loss.reduction, out, out.grad_fn.name())
        a.grad = b.grad = None
        out.sum().backward()
        print(a.grad, b.grad)
    print(F.margin_ranking_loss(a, b, t, margin=1))
    try:
        F.margin_ranking_loss(a, b, t.view(2, 2))
    except RuntimeError as e:
        print(e)
    try:
        F.margin_ranking_loss(a, b, t, reduction="avg")
    except ValueError as e:
        print(e)
""")

prog("hinge_embedding_and_poisson_nll_losses", """
    import torch.nn as nn
    import torch.nn.functional as F
    x = torch.tensor([[0.3, -1.2, 2.0], [1.5, 0.2, -0.4]], requires_grad=True)
    t = torch.tensor([[1.0, -1.0, -1.0], [1.0, 1.0, -1.0]])
    for loss in (nn.HingeEmbeddingLoss(), nn.HingeEmbeddingLoss(margin=0.5, reduction="none"),
                 nn.HingeEmbeddingLoss(2.0, reduction="sum")):
        out = loss(x, t)
        print(loss, loss.margin, out, out.grad_fn.name())
        x.grad = None
        out.sum().backward()
        print(x.grad)
    counts = torch.tensor([[0.0, 1.0, 3.0], [2.0, 5.0, 1.0]])
    for loss in (nn.PoissonNLLLoss(), nn.PoissonNLLLoss(full=True, reduction="sum"),
                 nn.PoissonNLLLoss(log_input=False, reduction="none")):
        inp = x.abs() if not loss.log_input else x
        out = loss(inp, counts)
        print(loss, loss.log_input, loss.full, loss.eps, out, out.grad_fn.name())
        x.grad = None
        out.sum().backward()
        print(x.grad)
    print(F.poisson_nll_loss(x, counts, full=True, reduction="none"))
    for call in (lambda: F.poisson_nll_loss(x, counts, reduction="avg"),
                 lambda: F.hinge_embedding_loss(x, t, reduction="avg")):
        try:
            call()
        except ValueError as e:
            print(e)
""")

prog("gaussian_nll_loss", """
    import torch.nn as nn
    import torch.nn.functional as F
    mu = torch.tensor([[0.3, -1.2, 2.0], [1.5, 0.2, -0.4]], requires_grad=True)
    y = torch.tensor([[0.0, -1.0, 2.5], [1.0, 1.0, 0.0]])
    v = torch.tensor([[0.5, 1e-8, 2.0], [1.0, 0.3, 0.1]], requires_grad=True)
    for loss, var in ((nn.GaussianNLLLoss(), v), (nn.GaussianNLLLoss(full=True, reduction="sum"), v),
                      (nn.GaussianNLLLoss(eps=1e-3, reduction="none"), v[:, :1]),
                      (nn.GaussianNLLLoss(), v[:, 0])):
        out = loss(mu, y, var)
        print(loss, loss.full, loss.eps, out, out.grad_fn.name())
        mu.grad = v.grad = None
        out.sum().backward()
        print(mu.grad, v.grad)
    print(F.gaussian_nll_loss(mu, y, 0.5), F.gaussian_nll_loss(mu, y, 2.0, full=True))
    for call in (lambda: F.gaussian_nll_loss(mu, y, -1.0),
                 lambda: F.gaussian_nll_loss(mu, y, -v),
                 lambda: F.gaussian_nll_loss(mu, y, v[:1, :2]),
                 lambda: F.gaussian_nll_loss(mu, y, v, reduction="avg"),
                 lambda: nn.GaussianNLLLoss(True)):
        try:
            call()
        except (ValueError, TypeError) as e:
            print(type(e).__name__, e)
""")

prog("multilabel_soft_margin_loss", """
    import torch.nn as nn
    import torch.nn.functional as F
    x = torch.tensor([[0.3, -1.2, 2.0], [1.5, 0.2, -0.4]], requires_grad=True)
    t = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
    for loss in (nn.MultiLabelSoftMarginLoss(),
                 nn.MultiLabelSoftMarginLoss(weight=torch.tensor([1.0, 2.0, 0.5]), reduction="sum"),
                 nn.MultiLabelSoftMarginLoss(reduction="none")):
        out = loss(x, t)
        print(loss, loss.weight, list(loss.state_dict()), out, out.grad_fn.name())
        x.grad = None
        out.sum().backward()
        print(x.grad)
    print(F.multilabel_soft_margin_loss(x[0], t[0]))
    try:
        F.multilabel_soft_margin_loss(x, t, reduction="avg")
    except ValueError as e:
        print(e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
