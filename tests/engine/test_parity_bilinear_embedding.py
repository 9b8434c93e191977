"""``nn.Bilinear`` / ``F.bilinear`` (TrilinearBackward0), ``nn.Embedding(max_norm=)`` and
``nn.EmbeddingBag`` (sum, mean, max; offsets, padding_idx, include_last_offset)
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

prog("embedding_bag", """
    torch.manual_seed(0)
    for bag in (nn.EmbeddingBag(6, 3, mode='sum'), nn.EmbeddingBag(6, 3), nn.EmbeddingBag(6, 3, mode='max'),
                nn.EmbeddingBag(6, 3, mode='sum', padding_idx=0), nn.EmbeddingBag(6, 3, max_norm=1.0, include_last_offset=True)):
        idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 0])
        off = torch.tensor([0, 3, 3, 6]) if not bag.include_last_offset else torch.tensor([0, 3, 6, 8])
        y = bag(idx, off)
        print(bag, y, y.grad_fn.name(), list(bag.state_dict()))
        bag.weight.grad = None
        (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
        print(bag.weight.grad)
    w = torch.randn(5, 2, requires_grad=True)
    print(F.embedding_bag(torch.tensor([[0, 1], [2, 4]]), w, mode='mean'), F.embedding_bag(torch.tensor([[0, 1], [2, 4]]), w, mode='max'))
    for call in (lambda: F.embedding_bag(torch.tensor([1, 2]), w), lambda: F.embedding_bag(torch.tensor([[1, 2]]), w, torch.tensor([0])),
                 lambda: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), mode='median'),
                 lambda: F.embedding_bag(torch.tensor([1, 7]), w, torch.tensor([0]))):
        try:
            print(call())
        except (ValueError, RuntimeError, IndexError) as e:
            print(type(e).__name__, e)
""")

prog("embedding_bag_per_sample_weights", """
    torch.manual_seed(0)
    e = nn.EmbeddingBag(10, 3, mode="sum")
    inp = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]); off = torch.tensor([0, 4])
    psw = torch.rand(8, requires_grad=True)
    o = e(inp, off, per_sample_weights=psw); print(o, o.grad_fn)
    (o * torch.arange(6.).view(2, 3)).sum().backward(); print(e.weight.grad, psw.grad)
    check(o, e.weight.grad, psw.grad)
    e2 = nn.EmbeddingBag(10, 3, mode="sum", padding_idx=2)
    psw.grad = None
    o = e2(inp, off, per_sample_weights=psw); print(o); o.sum().backward(); print(psw.grad, e2.weight.grad)
    i2 = torch.tensor([[1, 2, 3], [4, 5, 6]]); p2 = torch.rand(2, 3, requires_grad=True)
    o = e(i2, per_sample_weights=p2); print(o); o.sum().backward(); print(p2.grad)
    print(F.embedding_bag(inp, e.weight, off, mode="sum", per_sample_weights=psw, include_last_offset=True))
    for call in (lambda: F.embedding_bag(inp, e.weight, off, mode="mean", per_sample_weights=psw),
                 lambda: F.embedding_bag(inp, e.weight, off, mode="max", per_sample_weights=psw),
                 lambda: F.embedding_bag(inp, e.weight, off, mode="sum", per_sample_weights=psw[:5]),
                 lambda: F.embedding_bag(inp, e.weight, off, mode="sum", per_sample_weights=psw.double()),
                 lambda: F.embedding_bag(i2, e.weight, mode="sum", per_sample_weights=psw)):
        try: print(call())
        except Exception as ex: print(type(ex).__name__, ex)
    w = torch.randn(5, 2, requires_grad=True); p = torch.rand(4, requires_grad=True)
    o = F.embedding_bag(torch.tensor([1, 2, 4, 1]), w, torch.tensor([0, 2]), mode="sum", per_sample_weights=p)
    gw, gp = torch.autograd.grad(o.pow(2).sum(), (w, p), create_graph=True); print(gw, gp)
    for out in (gw, gp):
        try: print(torch.autograd.grad(out.sum(), (w, p), allow_unused=True))
        except Exception as ex: print(type(ex).__name__, ex)
    gw, = torch.autograd.grad(F.embedding_bag(torch.tensor([1, 2, 4, 1]), w, torch.tensor([0, 2])).pow(2).sum(), w, create_graph=True)
    print(gw)
    try: print(torch.autograd.grad(gw.sum(), w))
    except Exception as ex: print(type(ex).__name__, ex)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
