"""What the audit of issue 31's names found different from torch, each fixed and run under
torch and under the engine, transcripts compared: a leaf's first gradient takes the leaf's
layout (LBFGS flattens ``p.grad.view(-1)``), ``leaky_relu``/``elu`` in place record
PyTorch's ``...Backward1`` (differentiated from the result), ``F.leaky_relu_``/``F.elu_``,
an in-place op refusing a dtype its kernel lacks, ``CrossEntropyLoss`` with a 2-D class
target, ``torch.is_inference_mode_enabled`` and ``nn.Softmax2d``."""
import parity

P, prog = parity.table()

prog("first_grad_takes_the_leafs_layout", """
    torch.manual_seed(0)
    m = torch.nn.Linear(3, 2)
    x = torch.randn(5, 3)
    (m(x) ** 2).mean().backward()
    print(m.weight.grad.is_contiguous(), m.weight.grad.stride(), m.weight.grad.view(-1))
    w = torch.randn(3, 2).t().requires_grad_()
    (x @ w.t()).sum().backward()
    print(w.is_contiguous(), w.grad.stride())
    opt = torch.optim.LBFGS(m.parameters(), lr=0.5, max_iter=3)
    def closure():
        opt.zero_grad()
        loss = (m(x) ** 2).mean()
        loss.backward()
        return loss
    print(opt.step(closure))
    check(m.weight, m.bias)
""")

prog("leaky_relu_and_elu_in_place_record_backward1", """
    import torch.nn.functional as F
    calls = (lambda y: F.leaky_relu(y, 0.1, inplace=True), lambda y: F.elu(y, 0.7, inplace=True),
             lambda y: F.leaky_relu_(y), lambda y: F.elu_(y),
             lambda y: torch.nn.LeakyReLU(0.2, True)(y), lambda y: torch.nn.ELU(inplace=True)(y))
    for f in calls:
        x = torch.tensor([-1., 2., -0.3], requires_grad=True)
        y = f(x * 1.5)
        print(y, y.grad_fn)
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(g, g.grad_fn, g.grad_fn.next_functions)
        (g * torch.tensor([1., 2., 3.])).sum().backward()
        print(x.grad)
    print(F.leaky_relu_(torch.tensor([-1., 2.])), F.elu_(torch.tensor([-1., 2.]), 2.0))
    for call in (lambda: F.elu_(torch.tensor([1, 2])), lambda: F.leaky_relu_(torch.tensor([1, 2])),
                 lambda: F.elu(torch.tensor([1, 2]), inplace=True)):
        try:
            call()
        except NotImplementedError as e:
            print(e)
""")

prog("selu_and_celu_in_place_second_order_nodes", """
    import torch.nn.functional as F
    for f in (lambda y: F.selu(y, inplace=True), lambda y: F.celu(y, 0.5, inplace=True),
              lambda y: F.elu(y, 2.0, inplace=True)):
        x = torch.tensor([-1., 2., -0.3], requires_grad=True)
        y = f(x * 1.5)
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(y.grad_fn, g, g.grad_fn.next_functions)
        gg, = torch.autograd.grad((g * torch.tensor([1., 2., 3.])).sum(), x, create_graph=True)
        print(gg, gg.grad_fn)
""")

prog("cross_entropy_with_a_2d_class_target", """
    import torch.nn.functional as F
    ce = torch.nn.CrossEntropyLoss()
    for inp, tg in ((torch.randn(3, 4), torch.tensor([[1, 2], [0, 1], [1, 1]])),
                    (torch.randn(4), torch.tensor([[1]])),
                    (torch.randn(3, 4), torch.tensor([[1, 2]]))):
        try:
            ce(inp, tg)
        except RuntimeError as e:
            print("RuntimeError", e)
        except ValueError as e:
            print("ValueError", e)
    try:
        F.nll_loss(torch.randn(3, 4), torch.tensor([[1, 2], [0, 1], [1, 1]]))
    except RuntimeError as e:
        print(e)
""")

prog("is_inference_mode_enabled", """
    print(torch.is_inference_mode_enabled())
    with torch.inference_mode():
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
        with torch.inference_mode(False):
            print(torch.is_inference_mode_enabled())
        print(torch.is_inference_mode_enabled())
    print(torch.is_inference_mode_enabled())
    @torch.inference_mode()
    def f():
        return torch.is_inference_mode_enabled()
    print(f(), torch.is_inference_mode_enabled())
""")

prog("softmax2d", """
    m = torch.nn.Softmax2d()
    x = torch.arange(8.).reshape(2, 2, 2).requires_grad_()
    y = m(x)
    print(m, y, m(torch.ones(1, 2, 1, 1)))
    y[0].sum().backward()
    print(x.grad)
    for bad in (torch.ones(2), torch.ones(1, 1, 1, 1, 1)):
        try:
            m(bad)
        except ValueError as e:
            print(e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
