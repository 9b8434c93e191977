"""An eighth corpus (issue 32, point 2): programs built on what the tracer still recorded
or refused at its start, written as students write them: momentum by hand (``v.mul_(mu)
.add_(w.grad)``, ``v = mu * v + w.grad`` with one and two parameters, a Nesterov-like
step, a ``zip`` over ``model.parameters()`` and a list of velocities), a module buffer
counting its forward calls, a write through ``x.detach()`` and what it does to autograd,
parameters initialised in place under ``no_grad`` (``fill_``, ``zero_``, ``normal_``,
``copy_``, ``uniform_``), ``copy.deepcopy(model.state_dict())`` kept as the best model,
forward-mode AD, and programs combining them.

``tests/document/test_trace_corpus_momentum.py`` opens each and runs its export under torch."""
import textwrap

PROGRAMS = {}
NOTEBOOKS = {}


def program(name, code):
    PROGRAMS[name] = textwrap.dedent(code).lstrip("\n")

program("momentum_mul_add_one_parameter", """
    import torch

    torch.manual_seed(3)
    X = torch.randn(16, 2)
    y = X @ torch.tensor([1.5, -2.0]) + 0.3

    w = torch.zeros(2, requires_grad=True)
    v = torch.zeros_like(w)
    lr = 0.05
    for epoch in range(12):
        loss = ((X @ w - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            v.mul_(0.9).add_(w.grad)
            w -= lr * v
        w.grad.zero_()
        if epoch % 4 == 0:
            print(f"epoch {epoch}: loss {loss.item():.4f}")
    print("w:", w)
    print("v:", v)
""")

program("momentum_assign_two_parameters", """
    import torch

    torch.manual_seed(0)
    x = torch.linspace(-2, 2, 20).unsqueeze(1)
    y = 0.7 * x + 1.2

    w = torch.randn(1, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    vw = torch.zeros_like(w)
    vb = torch.zeros_like(b)
    mu, lr = 0.8, 0.05
    for step in range(15):
        pred = x @ w + b
        loss = ((pred - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            vw = mu * vw + w.grad
            vb = mu * vb + b.grad
            w -= lr * vw
            b -= lr * vb
            w.grad.zero_()
            b.grad.zero_()
        if step % 5 == 4:
            print(step, round(loss.item(), 5))
    print(w.item(), b.item())
""")

program("nesterov_by_hand_step_variable", """
    import torch

    torch.manual_seed(1)
    A = torch.randn(6, 3)
    t = torch.randn(6)
    w = torch.zeros(3, requires_grad=True)
    buf = torch.zeros(3)
    lr, mu = 0.02, 0.9
    for i in range(10):
        loss = ((A @ w - t) ** 2).sum()
        loss.backward()
        with torch.no_grad():
            buf.mul_(mu).add_(w.grad)
            step = w.grad + mu * buf
            w.sub_(lr * step)
        w.grad.zero_()
        print(f"{i}: {loss.item():.5f}")
    print(w)
""")

program("buffer_counts_forward_calls", """
    import torch
    import torch.nn as nn

    class Counted(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 1)
            self.register_buffer('calls', torch.zeros(()))

        def forward(self, x):
            self.calls += 1
            return self.fc(x)

    torch.manual_seed(4)
    model = Counted()
    X = torch.randn(10, 3)
    y = torch.randn(10, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(5):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")
    print("calls:", model.calls)
    print(model.calls.item())
    print(list(model.state_dict().keys()))
""")

program("detach_shares_memory_writes", """
    import torch

    x = torch.tensor([1.0, 2.0, 3.0])
    z = x.detach()
    z[0] = 5
    print(x)
    print(z)
    print(x._version, z._version)

    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = a * 2
    c = b.detach()
    c.zero_()
    print(b)
    d = a.exp()
    e = d.detach()
    e[1] = 0.0
    try:
        d.sum().backward()
        print(a.grad)
    except RuntimeError as err:
        print("error:", str(err)[:90])
    f = a.sin()
    f.detach().mul_(2)
    print(f)
""")

program("inplace_init_fill_zero_normal_copy", """
    import torch
    import torch.nn as nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(4, 2)
            self.out = nn.Linear(2, 1)

        def forward(self, x):
            return self.out(torch.relu(self.fc(x)))

    torch.manual_seed(7)
    model = Net()
    with torch.no_grad():
        model.fc.weight.fill_(0.5)
        model.fc.bias.zero_()
        model.out.weight.normal_(0, 0.01)
        model.out.bias.copy_(torch.tensor([0.25]))
    print(model.fc.weight)
    print(model.out.bias)
    X = torch.randn(8, 4)
    y = torch.randn(8, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(4):
        opt.zero_grad()
        loss = ((model(X) - y) ** 2).mean()
        loss.backward()
        opt.step()
        print(i, f"{loss.item():.5f}")
    print(model.out.weight)
""")

program("inplace_init_uniform_fill", """
    import torch
    import torch.nn as nn

    torch.manual_seed(11)
    lin = nn.Linear(3, 3)
    with torch.no_grad():
        lin.weight.uniform_(-0.1, 0.1)
        lin.bias.fill_(0.01)
    x = torch.ones(2, 3)
    out = lin(x)
    print(out)
    out.sum().backward()
    print(lin.weight.grad)
    print(lin.bias.grad)
""")

program("deepcopy_state_dict_best_model", """
    import copy
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    X = torch.randn(40, 3)
    y = (X[:, 0] - 2 * X[:, 1]).unsqueeze(1)
    Xtr, ytr, Xva, yva = X[:30], y[:30], X[30:], y[30:]
    model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()
    best_loss = float("inf")
    best = None
    for epoch in range(15):
        opt.zero_grad()
        loss = loss_fn(model(Xtr), ytr)
        loss.backward()
        opt.step()
        with torch.no_grad():
            val = loss_fn(model(Xva), yva).item()
        if val < best_loss:
            best_loss = val
            best = copy.deepcopy(model.state_dict())
        if epoch % 5 == 0:
            print(f"epoch {epoch}: train {loss.item():.4f} val {val:.4f}")
    model.load_state_dict(best)
    print(f"best val {best_loss:.4f}")
    print(model[2].bias)
    with torch.no_grad():
        print(loss_fn(model(Xva), yva))
""")

program("forward_ad_dual_numbers", """
    import torch
    import torch.autograd.forward_ad as fwAD

    x = torch.tensor([0.5, 1.0, 2.0])
    v = torch.tensor([1.0, 0.0, 0.0])
    with fwAD.dual_level():
        dual = fwAD.make_dual(x, v)
        out = torch.sin(dual) * dual
        primal, tangent = fwAD.unpack_dual(out)
    print(primal)
    print(tangent)
    print(torch.cos(x) * x + torch.sin(x))
""")

program("momentum_zip_buffer_init_best_state", """
    import copy
    import torch
    import torch.nn as nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(2, 1)
            self.register_buffer('calls', torch.zeros(()))

        def forward(self, x):
            self.calls += 1
            return self.lin(x)

    torch.manual_seed(9)
    model = Model()
    with torch.no_grad():
        model.lin.weight.fill_(0.1)
        model.lin.bias.zero_()
    X = torch.randn(12, 2)
    y = X.sum(1, keepdim=True)
    vel = [torch.zeros_like(p) for p in model.parameters()]
    best = None
    best_loss = 1e9
    for epoch in range(8):
        loss = ((model(X) - y) ** 2).mean()
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p, v in zip(model.parameters(), vel):
                v.mul_(0.9).add_(p.grad)
                p -= 0.05 * v
        if loss.item() < best_loss:
            best_loss = loss.item()
            best = copy.deepcopy(model.state_dict())
        print(epoch, f"{loss.item():.4f}")
    model.load_state_dict(best)
    print(model.lin.weight, model.calls)
""")

program("copy_eye_detach_write_momentum", """
    import torch
    import torch.nn as nn

    torch.manual_seed(2)
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.eye(2))
        lin.bias.fill_(0.0)
    x = torch.tensor([[1.0, -1.0]])
    h = lin(x)
    snap = h.detach()
    snap[0, 0] = 9.0
    print(h)
    w = torch.ones(2, requires_grad=True)
    v = torch.zeros(2)
    for i in range(3):
        loss = (w * h.detach()).sum() ** 2
        loss.backward()
        with torch.no_grad():
            v = 0.5 * v + w.grad
            w -= 0.01 * v
        w.grad.zero_()
    print(w, v)
""")

program("momentum_assign_one_parameter", """
    import torch

    torch.manual_seed(21)
    A = torch.randn(5, 3)
    b = torch.randn(5)

    def loss_fn(w):
        return ((A @ w - b) ** 2).sum()

    w = torch.zeros(3, requires_grad=True)
    velocity = torch.zeros(3)
    lr, mu = 0.01, 0.9
    for step in range(10):
        loss = loss_fn(w)
        loss.backward()
        with torch.no_grad():
            velocity = mu * velocity + w.grad
            w -= lr * velocity
        w.grad.zero_()
        if step % 3 == 0:
            print(f"step {step}: loss {loss.item():.5f}")
    print("w:", w)
    print("velocity:", velocity)
""")


# what stays as it was (the velocity is not carried, or the step is another formula): each
# opens and prints what it printed, momentum_update drawn only where it is the script's

program("zip_rebinds_velocity_not_carried", """
    import torch

    torch.manual_seed(0)
    X = torch.randn(10, 2)
    y = X @ torch.tensor([1.0, -1.0])
    w = torch.zeros(2, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    vel = [torch.zeros_like(w), torch.zeros_like(b)]
    for epoch in range(5):
        loss = ((X @ w + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            for p, v in zip([w, b], vel):
                v = 0.9 * v + p.grad
                p -= 0.1 * v
                p.grad.zero_()
        print(epoch, f"{loss.item():.6f}")
    print(vel)
    print(w, b)
""")

program("velocity_printed_before_its_step", """
    import torch

    torch.manual_seed(1)
    A = torch.randn(4, 2)
    t = torch.randn(4)
    w = torch.zeros(2, requires_grad=True)
    v = torch.zeros(2)
    for i in range(4):
        loss = ((A @ w - t) ** 2).sum()
        loss.backward()
        with torch.no_grad():
            v = 0.9 * v + w.grad
            print(v.norm())
            w -= 0.01 * v
        w.grad.zero_()
    print(w)
""")

program("velocity_as_moving_average", """
    import torch

    torch.manual_seed(1)
    A = torch.randn(4, 2)
    t = torch.randn(4)
    w = torch.zeros(2, requires_grad=True)
    v = torch.zeros(2)
    for i in range(4):
        loss = ((A @ w - t) ** 2).sum()
        loss.backward()
        with torch.no_grad():
            v = 0.9 * v + 0.1 * w.grad
            w -= 0.1 * v
        w.grad.zero_()
    print(w, v)
""")

program("one_velocity_for_two_tensors", """
    import torch

    torch.manual_seed(1)
    A = torch.randn(4, 2)
    t = torch.randn(4)
    w = torch.zeros(2, requires_grad=True)
    u = torch.zeros(2, requires_grad=True)
    v = torch.zeros(2)
    for i in range(3):
        loss = ((A @ (w + u) - t) ** 2).sum()
        loss.backward()
        with torch.no_grad():
            v.mul_(0.9).add_(w.grad)
            w -= 0.01 * v
            v.mul_(0.9).add_(u.grad)
            u -= 0.01 * v
        w.grad.zero_()
        u.grad.zero_()
    print(w, u, v)
""")
