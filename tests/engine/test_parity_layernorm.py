"""Layer normalization prints and computes as PyTorch's: ``nn.LayerNorm`` (its repr,
parameters, ``state_dict``, ``elementwise_affine=False``, ``bias=False``), ``F.layer_norm``
and ``torch.layer_norm`` (NativeLayerNormBackward0, gradients of input, weight and bias,
float64, a normalized shape of several dimensions, an empty batch), second derivatives,
and PyTorch's error messages. Programs run under torch and under the engine; transcripts
are compared exactly. ``layer_norm_bits`` prints every number in full: the engine
follows PyTorch's CPU kernel (its Welford moments, its fused multiply-adds)."""
import parity

P, prog = parity.table()

prog("layernorm_module", """
    import torch.nn as nn
    torch.manual_seed(0)
    m = nn.LayerNorm(4)
    print(m, type(m).__module__, m.normalized_shape, m.eps, m.elementwise_affine)
    print(list(m.named_parameters()))
    print(list(m.state_dict().keys()))
    x = torch.randn(2, 3, 4, requires_grad=True)
    y = m(x)
    print(y)
    print(y.grad_fn, [type(f).__name__ for f, _ in y.grad_fn.next_functions])
    (y * torch.arange(4.0)).sum().backward()
    print(x.grad, m.weight.grad, m.bias.grad)
    print(nn.LayerNorm((3, 4), elementwise_affine=False), nn.LayerNorm([2, 5], eps=1e-3))
    plain = nn.LayerNorm((3, 4), elementwise_affine=False)
    print(plain.weight, plain.bias, list(plain.parameters()), plain(x))
    nob = nn.LayerNorm(4, bias=False)
    print(nob, [n for n, _ in nob.named_parameters()], nob.bias, nob(x).grad_fn)
    print(nn.LayerNorm(3, dtype=torch.float64).weight.dtype)
""")

prog("layer_norm_functional", """
    import torch.nn.functional as F
    torch.manual_seed(1)
    x = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
    w = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    b = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    y = F.layer_norm(x, (3, 4), w, b, eps=1e-3)
    print(y, y.dtype)
    y.backward(torch.ones_like(y) * 0.5)
    print(x.grad, w.grad, b.grad)
    z = torch.layer_norm(x.detach(), [4])
    print(z, z.requires_grad)
    e = F.layer_norm(torch.randn(0, 3), (3,))
    print(e, e.shape)
    t = torch.randn(3, 5).t()
    print(F.layer_norm(t, (3,)))
    h = (torch.randn(2, 20) * 4).half()
    print(F.layer_norm(h, (20,)), F.layer_norm(h, (20,), torch.randn(20).half()).dtype)
    print(F.group_norm(h.view(2, 4, 5), 2))
""")

prog("layer_norm_errors", """
    import torch.nn.functional as F
    x = torch.randn(2, 3)
    for call in (lambda: F.layer_norm(x, []),
                 lambda: F.layer_norm(x, [4]),
                 lambda: F.layer_norm(x, (3,), torch.ones(4)),
                 lambda: F.layer_norm(x, (3,), None, torch.ones(2)),
                 lambda: F.layer_norm(torch.arange(3), (3,)),
                 lambda: F.layer_norm(x, (3,), torch.ones(3, dtype=torch.float64)),
                 lambda: F.layer_norm(x.double(), (3,), torch.ones(3)),
                 lambda: F.layer_norm(x, 3)):
        try:
            print(call())
        except (RuntimeError, NotImplementedError, TypeError) as e:
            print(type(e).__name__, e)
""")

prog("layer_norm_second_order", """
    import torch.nn.functional as F
    torch.manual_seed(2)
    x = torch.randn(3, 5, dtype=torch.float64, requires_grad=True)
    w = torch.randn(5, dtype=torch.float64, requires_grad=True)
    y = F.layer_norm(x, (5,), w)
    gx, gw = torch.autograd.grad((y ** 3).sum(), (x, w), create_graph=True)
    (gx.pow(2).sum() + gw.sum()).backward()
    print([round(v, 10) for v in x.grad.flatten().tolist()])
    print([round(v, 10) for v in w.grad.tolist()])
""")

prog("layer_norm_bits", """
    import torch.nn.functional as F
    torch.manual_seed(9)
    shapes = [((4, 3), (3,)), ((2, 8), (8,)), ((3, 13), (13,)), ((2, 2, 5), (2, 5)),
              ((5, 16), (16,)), ((2, 40), (40,)), ((3, 4, 6), (6,)), ((1, 137), (137,)),
              ((2, 7), (7,))]
    for dtype in (torch.float32, torch.float64):
        for k, (shape, ns) in enumerate(shapes):
            x = (torch.randn(shape, dtype=dtype) * 3 + 1).requires_grad_()
            w = torch.randn(ns, dtype=dtype, requires_grad=True)
            b = torch.randn(ns, dtype=dtype, requires_grad=True)
            affine = k % 3 != 0
            y = F.layer_norm(x, ns, w if affine else None, b if affine else None,
                             eps=1e-5 if k % 2 else 1e-3)
            how = k % 3
            if how == 0:
                y.backward(torch.randn(shape, dtype=dtype))
            else:
                (y.sum() if how == 1 else (y * y).mean()).backward()
            print(dtype, shape, y.flatten().tolist(), x.grad.flatten().tolist(),
                  None if w.grad is None else w.grad.flatten().tolist(),
                  None if b.grad is None else b.grad.flatten().tolist())
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
