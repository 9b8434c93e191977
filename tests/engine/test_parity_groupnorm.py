"""Group normalization prints and computes as PyTorch's: ``nn.GroupNorm`` (repr,
parameters, ``affine=False``, ``bias=False``), ``F.group_norm`` and ``torch.group_norm``
(NativeGroupNormBackward0, gradients of input, weight and bias, float64, 2-d to 4-d
inputs, an empty batch), second derivatives and PyTorch's error messages.
``group_norm_bits`` prints the forward in full (the engine follows PyTorch's CPU kernel);
the gradients of a plain backward follow the kernel too (``test_parity_norm_adam`` prints
them in full after Adam's steps)."""
import parity

P, prog = parity.table()

prog("groupnorm_module", """
    import torch.nn as nn
    torch.manual_seed(0)
    m = nn.GroupNorm(2, 4)
    print(m, type(m).__module__, m.num_groups, m.num_channels, m.eps, m.affine)
    print(list(m.named_parameters()), list(m.state_dict().keys()))
    x = torch.randn(3, 4, 5, requires_grad=True)
    y = m(x)
    print(y)
    print(y.grad_fn, [type(f).__name__ for f, _ in y.grad_fn.next_functions])
    (y * torch.arange(5.0)).sum().backward()
    print(x.grad, m.weight.grad, m.bias.grad)
    print(nn.GroupNorm(1, 3, affine=False, eps=1e-3), nn.GroupNorm(3, 6, bias=False))
    try:
        nn.GroupNorm(3, 4)
    except ValueError as e:
        print(e)
    plain = nn.GroupNorm(4, 4, affine=False)
    print(plain(torch.randn(2, 4, 2, 2)), list(plain.parameters()))
""")

prog("group_norm_functional", """
    import torch.nn.functional as F
    torch.manual_seed(1)
    x = torch.randn(2, 6, 3, dtype=torch.float64, requires_grad=True)
    w = torch.randn(6, dtype=torch.float64, requires_grad=True)
    b = torch.randn(6, dtype=torch.float64, requires_grad=True)
    y = F.group_norm(x, 3, w, b, eps=1e-3)
    print(y, y.dtype)
    y.backward(torch.ones_like(y) * 0.5)
    print(x.grad, w.grad, b.grad)
    z = torch.group_norm(x.detach(), 2)
    print(z, z.requires_grad)
    print(F.group_norm(torch.randn(0, 4), 2))
    v = torch.randn(4, 6, requires_grad=True)
    (F.group_norm(v, 2, weight=torch.ones(6)) * torch.arange(6.0)).sum().backward()
    print(v.grad)
""")

prog("group_norm_errors", """
    import torch.nn.functional as F
    x = torch.randn(2, 4)
    for call in (lambda: F.group_norm(x, 3),
                 lambda: F.group_norm(x, 2, torch.ones(3)),
                 lambda: F.group_norm(x, 2, None, torch.ones(3)),
                 lambda: F.group_norm(x, 2, torch.ones(4), torch.ones(3)),
                 lambda: F.group_norm(torch.randn(3), 1),
                 lambda: F.group_norm(torch.randn(1, 2), 2),
                 lambda: F.group_norm(torch.arange(8).view(2, 4), 2),
                 lambda: F.group_norm(x, 2, torch.ones(4, dtype=torch.float64))):
        try:
            print(call())
        except (RuntimeError, NotImplementedError, ValueError) as e:
            print(type(e).__name__, e)
""")

prog("group_norm_second_order", """
    import torch.nn.functional as F
    torch.manual_seed(2)
    x = torch.randn(2, 4, 3, dtype=torch.float64, requires_grad=True)
    w = torch.randn(4, dtype=torch.float64, requires_grad=True)
    y = F.group_norm(x, 2, w)
    gx, gw = torch.autograd.grad((y ** 3).sum(), (x, w), create_graph=True)
    (gx.pow(2).sum() + gw.sum()).backward()
    print([round(v, 10) for v in x.grad.flatten().tolist()])
    print([round(v, 10) for v in w.grad.tolist()])
""")

prog("group_norm_bits", """
    import torch.nn.functional as F
    torch.manual_seed(9)
    cases = [((4, 6), 3), ((2, 4, 5), 2), ((3, 6, 4, 4), 3), ((2, 8, 3), 1), ((2, 4, 7), 4),
             ((2, 16, 4, 4), 4)]
    for dtype in (torch.float32, torch.float64):
        for k, (shape, groups) in enumerate(cases):
            x = torch.randn(shape, dtype=dtype) * 3 + 1
            c = shape[1]
            w, b = torch.randn(c, dtype=dtype), torch.randn(c, dtype=dtype)
            y = F.group_norm(x, groups, w if k % 2 else None, b if k % 3 else None,
                             eps=1e-5 if k % 2 else 1e-3)
            print(dtype, shape, groups, y.flatten().tolist())
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
