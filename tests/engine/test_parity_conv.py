"""Small convolutions and pooling (issue 31): ``Conv1d``, ``Conv2d`` (stride, padding,
dilation, groups, bias; PyTorch's initial weights from the seed), ``MaxPool1d/2d``,
``AvgPool1d/2d``, ``AdaptiveAvgPool1d/2d``, ``Unfold``/``Fold``, ``Unflatten``: values,
gradients, ``grad_fn`` names, reprs and errors (transcripts compared exactly). Inputs are
quarter steps, so every sum is exact whatever order it is added in."""
import parity

P, prog = parity.table()

prog("conv_and_pool_modules", """
    import torch.nn as nn
    import torch.nn.functional as F
    print(nn.Conv2d(1, 3, 2), nn.Conv2d(2, 4, (2, 3), stride=2, padding=1, dilation=2, groups=2,
                                         bias=False),
          nn.Conv1d(2, 3, 3, padding='same'), nn.MaxPool2d(2), nn.AvgPool2d(3, stride=1, padding=1),
          nn.AdaptiveAvgPool2d((2, 2)), nn.MaxPool2d(2, ceil_mode=True, return_indices=True),
          nn.Unflatten(1, (2, 3)), nn.Conv2d(1, 1, 3, padding_mode='reflect'),
          nn.AvgPool2d(2, count_include_pad=False, divisor_override=3), nn.MaxPool1d(2),
          nn.AvgPool1d(2), nn.AdaptiveAvgPool1d(3), nn.Unfold(2), nn.Fold((4, 4), 2),
          nn.Conv1d(1, 2, 2, bias=False))
    conv = nn.Conv2d(1, 2, 3, padding=1)
    print(conv.weight, conv.bias, list(conv.state_dict()))
    x = torch.arange(16.0).view(1, 1, 4, 4) / 4
    y = conv(x)
    print(y.grad_fn.name(), [type(n[0]).__name__ if n[0] else None for n in y.grad_fn.next_functions])
    check(y)
    y.sum().backward()
    print(conv.weight.grad, conv.bias.grad)
    with torch.no_grad():
        conv.weight.copy_(torch.arange(18.0).view(2, 1, 3, 3) / 4 - 2)
        conv.bias.fill_(0.5)
    print(conv(x))
    m = nn.Sequential(nn.Conv2d(1, 2, 2), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(2, 1))
    print(m)
    out = m(x)
    print(out.grad_fn.name())
    check(out)
    out.sum().backward()
    for p in m.parameters():
        check(p.grad)
""")

prog("conv_functionals_and_gradients", """
    import torch.nn.functional as F
    x = (torch.arange(32.0).view(1, 2, 4, 4) / 4 - 3).requires_grad_()
    w = (torch.arange(16.0).view(4, 1, 2, 2) / 4 - 1).requires_grad_()
    b = torch.tensor([0.5, -0.5, 1.0, 0.0], requires_grad=True)
    for kw in ({}, {"stride": 2}, {"padding": 1}, {"dilation": 2}, {"groups": 2},
               {"stride": (1, 2), "padding": (1, 0), "groups": 2}):
        ws = w if kw.get("groups") == 2 else w.view(2, 2, 2, 2)
        bs = b if kw.get("groups") == 2 else b[:2]
        y = F.conv2d(x, ws, bs, **kw)
        x.grad = w.grad = b.grad = None
        (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
        print(kw, y, y.grad_fn.name(), x.grad, w.grad, b.grad)
    s = torch.tensor([[1.0, 2.0, 0.5, -1.0, 3.0], [0.0, 1.0, 3.0, 2.0, -2.0]], requires_grad=True)
    k = torch.tensor([[[1.0, -1.0], [0.5, 0.5]]], requires_grad=True)
    for y in (F.conv1d(s, k), F.conv1d(s.unsqueeze(0), k, stride=2, padding=1),
              F.conv1d(s, k, padding="same" if False else "valid")):
        print(y, y.grad_fn.name())
    y = F.conv1d(s, k)
    g, = torch.autograd.grad(y.pow(2).sum(), s, create_graph=True)
    print(g.detach())   # (its grad_fn: unsqueeze's backward, which the engine records as a view)
    g.sum().backward()
    print(k.grad)
""")

prog("pooling_unfold_fold", """
    import torch.nn.functional as F
    x = (torch.tensor([[3.0, 1, 4, 1, 5, 9], [2, 6, 5, 3, 5, 8], [9, 7, 9, 3, 2, 3],
                       [8, 4, 6, 2, 6, 4], [3, 3, 8, 3, 2, 7]]) / 4).view(1, 1, 5, 6).requires_grad_()
    for name, f in (("max", lambda t: F.max_pool2d(t, 2)), ("max-ceil", lambda t: F.max_pool2d(t, 2, ceil_mode=True)),
                    ("max-pad", lambda t: F.max_pool2d(t, 3, 2, 1)), ("max-dil", lambda t: F.max_pool2d(t, 2, 1, 0, 2)),
                    ("avg", lambda t: F.avg_pool2d(t, 2)), ("avg-pad", lambda t: F.avg_pool2d(t, 3, 2, 1)),
                    ("avg-nopad", lambda t: F.avg_pool2d(t, 3, 2, 1, count_include_pad=False)),
                    ("avg-div", lambda t: F.avg_pool2d(t, 2, divisor_override=3)),
                    ("adaptive", lambda t: F.adaptive_avg_pool2d(t, (2, 4))),
                    ("adaptive-1", lambda t: F.adaptive_avg_pool2d(t, 1)),
                    ("max1d", lambda t: F.max_pool1d(t[0], 2)), ("avg1d", lambda t: F.avg_pool1d(t[0], 3, 2, 1)),
                    ("adaptive1d", lambda t: F.adaptive_avg_pool1d(t[0], 4)),
                    ("unfold", lambda t: F.unfold(t, (2, 3), padding=1, stride=2)),
                    ("fold", lambda t: F.fold(F.unfold(t, 2), (5, 6), 2))):
        y = f(x)
        x.grad = None
        (y * torch.arange(float(y.numel())).view(y.shape)).sum().backward()
        print(name, y, y.grad_fn.name(), x.grad)
    p, idx = F.max_pool2d(x, 2, return_indices=True)
    print(p, idx, F.max_pool1d(x[0], 3, return_indices=True))
    for call in (lambda: F.max_pool2d(torch.ones(1, 1, 1, 1), 2), lambda: F.max_pool2d(x, 2, padding=2),
                 lambda: F.avg_pool2d(x, 2, padding=3), lambda: F.max_pool2d(torch.ones(4), 2)):
        try:
            print(call())
        except RuntimeError as e:
            print(e)
""")

prog("conv_errors", """
    import torch.nn as nn
    import torch.nn.functional as F
    w = torch.ones(3, 2, 2, 2)
    for call in (lambda: F.conv2d(torch.ones(2, 3), w), lambda: F.conv2d(torch.ones(1, 1, 4, 4), w),
                 lambda: F.conv2d(torch.ones(1, 2, 1, 1), w), lambda: F.conv2d(torch.ones(1, 2, 4, 4), w, stride=0),
                 lambda: F.conv2d(torch.ones(1, 2, 4, 4), w, torch.ones(2)),
                 lambda: F.conv2d(torch.ones(1, 2, 4, 4, dtype=torch.float64), w),
                 lambda: F.conv2d(torch.ones(1, 2, 4, 4), w, groups=2),
                 lambda: F.conv2d(torch.ones(1, 2, 4, 4), w, padding=-1),
                 lambda: nn.Conv2d(3, 2, 2, groups=2), lambda: nn.Conv2d(2, 3, 2, groups=2),
                 lambda: nn.Conv2d(1, 1, 2, stride=2, padding='same')):
        try:
            print(call())
        except (RuntimeError, ValueError) as e:
            print(type(e).__name__, e)
""")

prog("dtypes_of_the_rest_of_nn", """
    x = (torch.arange(32.0).view(1, 2, 4, 4) / 8)
    w = torch.ones(3, 2, 2, 2) / 4
    for dt in (torch.float16, torch.float64, torch.int64, torch.bool, torch.int32):
        for name, f in (("conv2d", lambda: F.conv2d(x.to(dt), w.to(dt))), ("max_pool2d", lambda: F.max_pool2d(x.to(dt), 2)),
                        ("avg_pool2d", lambda: F.avg_pool2d(x.to(dt), 2)), ("adaptive", lambda: F.adaptive_avg_pool2d(x.to(dt), (2, 3))),
                        ("unfold", lambda: F.unfold(x.to(dt), 2)), ("soft_margin", lambda: F.soft_margin_loss(x.to(dt), torch.ones(1, 2, 4, 4, dtype=dt))),
                        ("multi_margin", lambda: F.multi_margin_loss(x[0, 0].to(dt), torch.tensor([0, 1, 2, 3]))),
                        ("bilinear", lambda: F.bilinear(x[0, 0].to(dt), x[0, 1].to(dt), torch.ones(2, 4, 4, dtype=dt))),
                        ("embedding_bag", lambda: F.embedding_bag(torch.tensor([[0, 1]]), x[0, 0].to(dt))),
                        ("glu", lambda: F.glu(x[0, 0].to(dt))), ("prelu", lambda: F.prelu(x[0].to(dt), torch.ones(2, dtype=dt)))):
            if not dt.is_floating_point and dt is not torch.bool and name in (
                    "conv2d", "max_pool2d", "avg_pool2d", "bilinear"):
                continue    # (integer convolutions: refused in words, docs/engine.md)
            try:
                print(dt, name, f())
            except Exception as e:
                print(dt, name, type(e).__name__, e)
""")

prog("conv_and_pool_settings_errors", """
    # every setting a conv or pooling node edits, wrong in each way: PyTorch's error, in
    # its order, or PyTorch's result (a list of one value, an omitted stride)
    torch.manual_seed(0)
    x = torch.randn(2, 3, 8, requires_grad=True)
    X = torch.randn(2, 3, 8, 8, requires_grad=True)
    w1 = torch.randn(4, 3, 3, requires_grad=True)
    w2 = torch.randn(4, 3, 3, 3, requires_grad=True)
    w3 = torch.randn(4, 3, 3, 3, 3)
    b = torch.randn(4)
    for e in (
        'F.conv2d(X,w2,padding=(1,))',
        'F.conv2d(X,w2,stride=[2])',
        'F.conv2d(X,w2,padding=(1,1,1))',
        'F.conv2d(X,w2,stride=(1,1,1))',
        'F.conv2d(X,w2,dilation=[])',
        'F.conv2d(X,w2,dilation=(2,))',
        'F.conv1d(x,w1,padding=(1,1))',
        'F.conv1d(x,w1,stride=(2,))',
        'F.conv1d(x,w1,stride=0)',
        'F.conv1d(x,w1,padding=-1)',
        'F.conv1d(x,w1,dilation=0)',
        'F.conv1d(x,w1,groups=0)',
        'F.conv1d(x,w1,groups=2)',
        'F.conv1d(x,w1,padding=(1,1),groups=0)',
        'F.conv2d(X,w1)',
        'F.conv2d(X,w3)',
        'F.conv1d(x,w2)',
        'F.conv2d(X,w2,b[:3])',
        'F.conv2d(X,w2,b.reshape(2,2))',
        'F.conv2d(X,w2,padding=20)',
        'F.conv2d(X,w2,stride=3,padding=1,dilation=2)',
        'F.conv2d(X,torch.randn(4,2,3,3))',
        'F.conv2d(X,torch.randn(4,1,3,3),groups=3)',
        'F.conv2d(X,torch.randn(6,1,3,3),groups=3)',
        'F.conv2d(X,w2.double())',
        'F.conv2d(X,torch.randn(4,3,9,9))',
        'F.conv2d(X,torch.randn(4,3,9,9),padding=1)',
        'F.conv1d(x[0],w1)',
        'F.conv1d(x[0,0],w1)',
        'F.max_pool2d(X,(2,2,2))',
        'F.max_pool2d(X,2,(1,1,1))',
        'F.max_pool2d(X,2,padding=(1,1,1))',
        'F.max_pool2d(X,2,dilation=(1,1,1))',
        'F.max_pool2d(X,[2])',
        'F.max_pool2d(X,[])',
        'F.max_pool2d(X,2,[])',
        'F.max_pool2d(X,2,[1])',
        'F.max_pool2d(X,3,padding=[1])',
        'F.max_pool2d(X,3,dilation=[2])',
        'F.max_pool2d(X,0)',
        'F.max_pool2d(X,2,0)',
        'F.max_pool2d(X,2,padding=2)',
        'F.max_pool2d(X,2,padding=-1)',
        'F.max_pool2d(X,2,dilation=0)',
        'F.max_pool2d(X,9)',
        'F.max_pool2d(X,3,ceil_mode=True)',
        'F.max_pool2d(X,3,2,1,ceil_mode=True)',
        'F.max_pool2d(X[0,0],2)',
        'F.max_pool1d(x,(2,2))',
        'F.max_pool1d(x,2,(2,2))',
        'F.max_pool1d(x,2,padding=(1,1))',
        'F.max_pool1d(x,2,dilation=(1,1))',
        'F.max_pool1d(x,[])',
        'F.max_pool1d(x,2,[])',
        'F.max_pool1d(x,0)',
        'F.max_pool1d(x,2,padding=2)',
        'F.max_pool1d(x,9)',
        'F.max_pool1d(x,3,ceil_mode=True)',
        'F.max_pool1d(x[0,0],2)',
        'F.max_pool1d(X,2)',
        'F.avg_pool2d(X,(2,2,2))',
        'F.avg_pool2d(X,2,(1,1,1))',
        'F.avg_pool2d(X,2,padding=(1,1,1))',
        'F.avg_pool2d(X,[2])',
        'F.avg_pool2d(X,[])',
        'F.avg_pool2d(X,2,[])',
        'F.avg_pool2d(X,2,[1])',
        'F.avg_pool2d(X,3,padding=[1])',
        'F.avg_pool2d(X,0)',
        'F.avg_pool2d(X,2,0)',
        'F.avg_pool2d(X,2,padding=2)',
        'F.avg_pool2d(X,9)',
        'F.avg_pool2d(X,3,ceil_mode=True)',
        'F.avg_pool2d(X,3,1,1,count_include_pad=False)',
        'F.avg_pool2d(X,3,divisor_override=2)',
        'F.avg_pool2d(X,3,divisor_override=0)',
        'F.avg_pool2d(X[0,0],2)',
        'F.avg_pool1d(x,(2,2))',
        'F.avg_pool1d(x,2,(2,2))',
        'F.avg_pool1d(x,2,padding=(1,1))',
        'F.avg_pool1d(x,[])',
        'F.avg_pool1d(x,2,[])',
        'F.avg_pool1d(x,0)',
        'F.avg_pool1d(x,2,padding=2)',
        'F.avg_pool1d(x,9)',
        'F.avg_pool1d(x,3,ceil_mode=True)',
        'F.avg_pool1d(x,3,1,1,count_include_pad=False)',
        'F.avg_pool1d(x[0,0],2)',
        'F.avg_pool1d(X,2)',
        'F.adaptive_avg_pool2d(X,(2,2,2))',
        'F.adaptive_avg_pool2d(X,[2])',
        'F.adaptive_avg_pool2d(X,[])',
        'F.adaptive_avg_pool2d(X,0)',
        'F.adaptive_avg_pool2d(X,-1)',
        'F.adaptive_avg_pool2d(X,(3,5))',
        'F.adaptive_avg_pool2d(X,1)',
        'F.adaptive_avg_pool2d(X,20)',
        'F.adaptive_avg_pool2d(X[0,0],2)',
        'F.adaptive_avg_pool1d(x,(2,2))',
        'F.adaptive_avg_pool1d(x,[])',
        'F.adaptive_avg_pool1d(x,0)',
        'F.adaptive_avg_pool1d(x,-1)',
        'F.adaptive_avg_pool1d(x,3)',
        'F.adaptive_avg_pool1d(x,20)',
        'F.adaptive_avg_pool1d(x[0,0],2)',
        'F.adaptive_avg_pool1d(X,2)',
        'F.adaptive_max_pool2d(X,(2,2,2))',
        'F.adaptive_max_pool2d(X,[2])',
        'F.adaptive_max_pool2d(X,[])',
        'F.adaptive_max_pool2d(X,0)',
        'F.adaptive_max_pool2d(X,-1)',
        'F.adaptive_max_pool2d(X,(3,5))',
        'F.adaptive_max_pool2d(X,20)',
        'F.adaptive_max_pool2d(X[0,0],2)',
    ):
        if "double" in e:
            continue     # (PyTorch words a dtype mismatch by the kernel it picks)
        try:
            r = eval(e)
            print(e, r.grad_fn.name() if r.grad_fn else None, tuple(r.shape),
                  round(float(r.sum()), 3))
        except Exception as ex:
            print(e, type(ex).__name__, ex)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
