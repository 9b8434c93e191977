"""``torch.nn.utils`` prints as PyTorch's: ``clip_grad_norm_`` for every norm type (its
total norm and the clipped gradients to the last bit, as ``tolist()`` shows them),
``error_if_nonfinite``, ``foreach`` either way, the empty-generator warning, the deprecated
``clip_grad_norm``; ``clip_grad_value_``; ``get_total_norm`` and ``clip_grads_with_norm_``;
``parameters_to_vector`` and ``vector_to_parameters`` (programs run under torch and under
the engine, transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("clip_grad_norm_every_norm_type", """
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.Tanh(), torch.nn.Linear(7, 2))
    X, y = torch.randn(16, 5), torch.randn(16, 2)
    grads = [torch.randn(p.shape) * 10 for p in model.parameters()]
    for norm_type in (2.0, 2, 1, 3.5, 0.5, float("inf"), "inf", 0, -float("inf")):
        for foreach in (None, True, False):
            for p, g in zip(model.parameters(), grads):
                p.grad = g.clone()
            total = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5,
                                                   norm_type=norm_type, foreach=foreach)
            print(norm_type, foreach, total, total.item(), total.dtype, total.requires_grad)
            print([p.grad.flatten()[:4].tolist() for p in model.parameters()])
    model.zero_grad()
    torch.nn.functional.mse_loss(model(X), y).backward()
    total = torch.nn.utils.clip_grad_norm_(model.parameters(), 1e-3)
    check(total, [p.grad for p in model.parameters()])
    print(total, model[0].bias.grad, model[0].bias.grad._version)
""")

prog("clip_grad_norm_training_loop", """
    torch.manual_seed(1)
    w = torch.randn(4, 3, requires_grad=True)
    b = torch.zeros(3, requires_grad=True)
    opt = torch.optim.SGD([w, b], lr=0.1, momentum=0.9)
    X, y = torch.randn(32, 4), torch.randn(32, 3)
    for step in range(20):
        opt.zero_grad()
        loss = ((X @ w + b - y) ** 4).mean()
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_([w, b], 1.0)
        opt.step()
        print(step, round(norm.item(), 1))
        check(loss, norm)
    check(w, b)
    d = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    (d ** 3).sum().backward()
    print(torch.nn.utils.clip_grad_norm_(d, 1), d.grad)
""")

prog("clip_grad_norm_edges_and_errors", """
    a = torch.ones(3, requires_grad=True)
    c = torch.ones(2, requires_grad=True)
    print(torch.nn.utils.clip_grad_norm_([a, c], 1.0), a.grad)
    print(torch.nn.utils.clip_grad_norm_(p for p in []), torch.nn.utils.clip_grad_norm_([], 1.0))
    (a * torch.tensor([1.0, float("inf"), 2.0])).sum().backward()
    print(torch.nn.utils.clip_grad_norm_(a, 1.0), a.grad)
    a.grad = torch.tensor([1.0, float("nan"), 2.0])
    try:
        torch.nn.utils.clip_grad_norm_([a], 1.0, error_if_nonfinite=True)
    except RuntimeError as e:
        print(e)
    a.grad = torch.tensor([3.0, -4.0, 0.0])
    print(torch.nn.utils.clip_grad_norm(a, 1.0), a.grad)
    print(torch.nn.utils.get_total_norm([torch.tensor([3.0, 4.0]), torch.tensor([12.0])]))
    print(torch.nn.utils.get_total_norm(torch.tensor([3.0, 4.0]), 1))
    a.grad = torch.tensor([3.0, -4.0, 0.0])
    print(torch.nn.utils.clip_grads_with_norm_([a], 2.0, torch.tensor(5.0)), a.grad)
""")

prog("clip_grad_value", """
    torch.manual_seed(2)
    w = torch.randn(3, 4, requires_grad=True)
    (w ** 3).sum().backward()
    print(torch.nn.utils.clip_grad_value_([w], clip_value=1.5), w.grad, w.grad._version)
    w.grad = torch.tensor([[float("nan"), -9.0, 0.25, 3.0]] * 3)
    torch.nn.utils.clip_grad_value_(w, 1, foreach=False)
    print(w.grad, w.grad._version)
    model = torch.nn.Linear(3, 2)
    torch.nn.utils.clip_grad_value_(model.parameters(), 0.1)
    print([p.grad for p in model.parameters()])
""")

prog("parameters_to_vector", """
    torch.manual_seed(3)
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Linear(2, 1))
    from torch.nn.utils import parameters_to_vector, vector_to_parameters
    v = parameters_to_vector(model.parameters())
    print(v, v.shape, v.grad_fn.name())
    vector_to_parameters(torch.arange(11.0), model.parameters())
    print(list(model.parameters()), model[0].weight.requires_grad)
    print(model(torch.ones(1, 3)))
    for bad in ([1.0, 2.0], "x"):
        try:
            vector_to_parameters(bad, model.parameters())
        except TypeError as e:
            print(e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
