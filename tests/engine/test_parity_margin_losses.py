"""The margin losses (issue 31): ``SoftMarginLoss``, ``CosineEmbeddingLoss``,
``TripletMarginLoss`` (and ``pairwise_distance``), ``MultiLabelMarginLoss`` and
``MultiMarginLoss``, modules and functionals: values, gradients, ``grad_fn`` chains as
PyTorch composes them, reprs, state dicts and errors (transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("soft_and_multi_margin_losses", """
    import torch.nn as nn
    import torch.nn.functional as F
    x = torch.tensor([[0.3, -1.2, 2.0, 0.5], [1.5, 0.2, -0.4, 0.1], [-0.7, 0.9, 0.05, 1.1]],
                     requires_grad=True)
    signs = torch.tensor([[1.0, -1.0, 1.0, -1.0], [-1.0, 1.0, 1.0, -1.0], [1.0, 1.0, -1.0, -1.0]])
    classes = torch.tensor([2, 0, 3])
    labels = torch.tensor([[2, 0, -1, 1], [1, -1, 0, 0], [3, 2, 1, 0]])
    cases = [(nn.SoftMarginLoss(), signs), (nn.SoftMarginLoss(reduction="sum"), signs),
             (nn.SoftMarginLoss(reduction="none"), signs),
             (nn.MultiMarginLoss(), classes), (nn.MultiMarginLoss(p=2, margin=0.5), classes),
             (nn.MultiMarginLoss(weight=torch.tensor([1.0, 2.0, 0.5, 3.0]), reduction="sum"), classes),
             (nn.MultiMarginLoss(reduction="none"), classes),
             (nn.MultiLabelMarginLoss(), labels), (nn.MultiLabelMarginLoss(reduction="sum"), labels),
             (nn.MultiLabelMarginLoss(reduction="none"), labels)]
    for loss, target in cases:
        out = loss(x, target)
        print(loss, out, out.grad_fn.name(), list(loss.state_dict()))
        x.grad = None
        (out * torch.arange(1.0, out.numel() + 1).view(out.shape)).sum().backward()
        print(x.grad)
    print(F.multi_margin_loss(x[0], torch.tensor([1])), F.multilabel_margin_loss(x[0], labels[0]),
          F.soft_margin_loss(x.double(), signs), F.multi_margin_loss(x.double(), classes))
    for call in (lambda: F.multi_margin_loss(x, torch.tensor([1, 4, 0])),
                 lambda: F.multi_margin_loss(x, torch.tensor([1.0, 2.0, 0.0])),
                 lambda: F.multi_margin_loss(x, classes, p=3),
                 lambda: F.multilabel_margin_loss(x, torch.tensor([[1, 4, -1, 0]] * 3)),
                 lambda: F.multilabel_margin_loss(x, torch.tensor([1, 2])),
                 lambda: F.soft_margin_loss(x, torch.ones(3)),
                 lambda: F.soft_margin_loss(x, signs.requires_grad_()),
                 lambda: nn.MultiMarginLoss(weight=torch.ones(2, 2))):
        try:
            print(call())
        except (RuntimeError, ValueError) as e:
            print(type(e).__name__, e)
""")

prog("cosine_embedding_and_triplet_losses", """
    import torch.nn as nn
    import torch.nn.functional as F
    a = torch.tensor([[0.3, -1.2, 2.0], [1.5, 0.2, -0.4], [-0.7, 0.9, 0.05]], requires_grad=True)
    b = torch.tensor([[1.0, -1.0, 1.5], [-1.0, 0.5, 1.0], [0.2, 1.0, -1.0]], requires_grad=True)
    c = torch.tensor([[0.1, 0.2, 0.3], [1.0, 0.0, -1.0], [2.0, -2.0, 0.5]], requires_grad=True)
    y = torch.tensor([1, -1, -1])
    for loss in (nn.CosineEmbeddingLoss(), nn.CosineEmbeddingLoss(margin=-0.5, reduction="none"),
                 nn.CosineEmbeddingLoss(0.2, reduction="sum")):
        out = loss(a, b, y)
        print(loss, loss.margin, out, out.grad_fn.name())
        a.grad = b.grad = None
        out.sum().backward()
        print(a.grad, b.grad)
    print(F.cosine_embedding_loss(a[0], b[0], torch.tensor(1)))
    for loss in (nn.TripletMarginLoss(), nn.TripletMarginLoss(margin=2.0, p=1.0, reduction="none"),
                 nn.TripletMarginLoss(swap=True, reduction="sum")):
        out = loss(a, b, c)
        print(loss, loss.margin, loss.p, loss.eps, loss.swap, out, out.grad_fn.name())
        a.grad = b.grad = c.grad = None
        out.sum().backward()
        print(a.grad, b.grad, c.grad)
    d = F.pairwise_distance(a, b)
    print(d, d.grad_fn.name(), F.pairwise_distance(a, b, p=1.0, keepdim=True))
    for call in (lambda: F.cosine_embedding_loss(a, b, torch.ones(3, 1)),
                 lambda: F.cosine_embedding_loss(a, b, torch.tensor(1.0)),
                 lambda: F.triplet_margin_loss(a, b, c[0]),
                 lambda: F.triplet_margin_loss(a, b, c, margin=0),
                 lambda: nn.TripletMarginLoss(margin=-1.0)):
        try:
            print(call())
        except (RuntimeError, ValueError) as e:
            print(type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
