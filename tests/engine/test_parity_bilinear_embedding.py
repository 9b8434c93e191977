"""``nn.Bilinear`` / ``F.bilinear`` (TrilinearBackward0) and ``nn.Embedding(max_norm=)``
(issue 31): values, gradients, ``grad_fn`` chains, reprs, errors and the weight's version
after renormalising (transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("bilinear_module_and_functional", """
    torch.manual_seed(0)
    b = nn.Bilinear(2, 3, 4)
    print(b, b.weight, b.bias, nn.Bilinear(1, 1, 1, bias=False))
    x1 = torch.randn(5, 2, requires_grad=True); x2 = torch.randn(5, 3, requires_grad=True)
    y = b(x1, x2)
    print(y, y.grad_fn.name(), [type(n[0]).__name__ for n in y.grad_fn.next_functions], y.grad_fn.next_functions[0][0].next_functions[0][0].name())
    (y * torch.arange(20.0).view(5, 4)).sum().backward()
    print(x1.grad, x2.grad, b.weight.grad, b.bias.grad)
    z = F.bilinear(x1.view(1, 5, 2), x2.view(1, 5, 3), b.weight)
    print(z.shape, z.grad_fn.name())
    for call in (lambda: F.bilinear(x1, x2[:, :2], b.weight), lambda: F.bilinear(x1, x2.view(1, 5, 3), b.weight),
                 lambda: F.bilinear(x1, x2, b.weight, torch.ones(3)), lambda: F.bilinear(x1[:4], x2, b.weight)):
        try:
            call()
        except RuntimeError as e:
            print(e)
""")

prog("embedding_max_norm", """
    torch.manual_seed(0)
    e = nn.Embedding(5, 3, max_norm=1.0)
    print(e, e.weight)
    idx = torch.tensor([[0, 2], [2, 4]])
    y = e(idx)
    print(y, y.grad_fn.name(), e.weight, e.weight._version)
    y.sum().backward()
    print(e.weight.grad)
    e2 = nn.Embedding(4, 2, max_norm=0.5, norm_type=1.0, padding_idx=0)
    print(e2, e2(torch.tensor([1, 3, 3])), e2.weight)
    w = torch.randn(3, 2) * 3
    print(F.embedding(torch.tensor([1]), w, max_norm=2.0), w)
""")

prog("embedding_max_norm_version", """
    import torch.nn as nn
    torch.manual_seed(0)
    e = nn.Embedding(5, 3, max_norm=1.0)
    print(e.weight._version)
    y = e(torch.tensor([[0, 2], [2, 4]]))
    print(e.weight._version, e(torch.tensor([1])), e.weight._version)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
