"""Programs students write with the constructs of issue 32's fourth list (branch hooks3):
a module's full backward hook reading ``grad_input`` (printing it, keeping its norm,
returning a scaled one), custom Functions (``@once_differentiable``; several outputs,
``ctx.mark_non_differentiable``), ``load_state_dict`` of a module with buffers (a
``register_buffer`` of its own, ``strict=False`` printing the missing and unexpected
keys, BatchNorm), and ``Subset`` of ``perm.tolist()`` or ``perm[:n]`` with ``perm =
torch.randperm(len(ds), generator=g)``. Each runs under torch as it is written here;
``test_trace_constructs`` says which are drawn whole and which stay recorded, and why."""

PROGRAMS = {
    # ---------------------------------------------------------------- hooks
    "hook_gi_scale": """\
import torch
import torch.nn as nn

torch.manual_seed(2)
lin1 = nn.Linear(3, 3)
lin2 = nn.Linear(3, 1)


def halve(module, grad_input, grad_output):
    return (grad_input[0] * 0.5,)


lin2.register_full_backward_hook(halve)
x = torch.randn(4, 3, requires_grad=True)
out = lin2(torch.relu(lin1(x))).sum()
out.backward()
print(out)
print(x.grad)
print(lin1.weight.grad)
print(lin2.weight.grad)
""",
    "hook_gi_norms": """\
import torch
import torch.nn as nn

torch.manual_seed(1)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
norms = []


def record(module, grad_input, grad_output):
    norms.append(grad_input[0].norm())


for layer in (net[2], net[4]):
    layer.register_full_backward_hook(record)

opt = torch.optim.SGD(net.parameters(), lr=0.05)
X = torch.randn(16, 4)
Y = X.sum(dim=1, keepdim=True)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(net(X), Y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
print(len(norms))
for n in norms:
    print(n)
""",
    "hook_gi_residual": """\
import torch
import torch.nn as nn

torch.manual_seed(4)
inner = nn.Linear(3, 3)
outer = nn.Linear(3, 3)


def report(module, grad_input, grad_output):
    print(f"grad into outer: {grad_input[0].abs().sum():.5f}")


outer.register_full_backward_hook(report)
x = torch.randn(2, 3, requires_grad=True)
h = torch.tanh(inner(x))
h.retain_grad()
y = outer(h) + h
loss = (y ** 2).sum()
loss.backward()
print(h.grad)
print(x.grad)
print(inner.weight.grad)
""",
    "hook_gi_print_norm": """\
import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(4, 6)
        self.out = nn.Linear(6, 2)

    def forward(self, x):
        return self.out(torch.sigmoid(self.hidden(x)))


def show_grad_input(module, grad_input, grad_output):
    print("grad_input norm", grad_input[0].norm())


torch.manual_seed(9)
net = MLP()
handle = net.out.register_full_backward_hook(show_grad_input)
opt = torch.optim.SGD(net.parameters(), lr=0.2)
X = torch.randn(8, 4)
target = torch.randint(0, 2, (8,))
for epoch in range(3):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(net(X), target)
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 4))
handle.remove()
loss = nn.functional.cross_entropy(net(X), target)
loss.backward()
print(net.hidden.weight.grad.norm())
""",
    "hook_gi_shape": """\
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))


def show(module, grad_input, grad_output):
    print("grad_input shape:", grad_input[0].shape)
    print("grad_output shape:", grad_output[0].shape)


h = model[2].register_full_backward_hook(show)
x = torch.randn(5, 3)
y = torch.randn(5, 2)
loss = ((model(x) - y) ** 2).mean()
loss.backward()
print(loss)
print(model[0].weight.grad)
h.remove()
""",
    "hook_gi_lambda": """\
import torch
import torch.nn as nn

torch.manual_seed(3)
layer = nn.Linear(2, 3)
layer.register_full_backward_hook(lambda m, gi, go: print(gi[0].shape, go[0].shape))
x = torch.randn(4, 2, requires_grad=True)
y = layer(x).pow(2).sum()
y.backward()
print(x.grad)
print(layer.weight.grad)
""",
    "hook_gi_first_layer": """\
import torch
import torch.nn as nn

torch.manual_seed(5)
model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
model[0].register_full_backward_hook(lambda m, gi, go: print("first layer grad_input:", gi[0]))
X = torch.randn(6, 2)
loss = model(X).pow(2).mean()
loss.backward()
print(loss)
print(model[0].bias.grad)
""",
    "hook_gi_bilinear": """\
import torch
import torch.nn as nn

torch.manual_seed(10)
bil = nn.Bilinear(2, 3, 1)
bil.register_full_backward_hook(lambda m, gi, go: print("grad of the first input:", gi[0]))
a = torch.randn(4, 2, requires_grad=True)
b = torch.randn(4, 3, requires_grad=True)
out = bil(a, b).sum()
out.backward()
print(a.grad)
print(b.grad)
""",
    "hook_gi_double_first_layer": """\
import torch
import torch.nn as nn

torch.manual_seed(11)
layer = nn.Linear(3, 2)


def double(module, grad_input, grad_output):
    return (2 * grad_input[0],)


layer.register_full_backward_hook(double)
x = torch.randn(4, 3, requires_grad=True)
y = layer(x)
z = (y * x[:, :2]).sum()
z.backward()
print(x.grad)
with torch.no_grad():
    print(layer(x))
w = layer(x).sum()
w.backward()
print(x.grad)
""",
    "hook_gi_saved_by_name": """\
import torch
import torch.nn as nn

torch.manual_seed(12)
net = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
seen = {}


def save(name):
    def hook(module, grad_input, grad_output):
        seen[name] = grad_input[0].detach().clone()
    return hook


net[2].register_full_backward_hook(save("last"))
x = torch.randn(5, 2)
loss = net(x).pow(2).mean()
loss.backward()
print(seen["last"])
print(seen["last"].sum() * 2)
""",
    "hook_gi_after_hook_go": """\
import torch
import torch.nn as nn

torch.manual_seed(13)
lin = nn.Linear(3, 2)
lin.register_full_backward_hook(lambda m, gi, go: print("in", gi[0].sum()))
lin.register_full_backward_hook(lambda m, gi, go: print("out", go[0].sum()))
x = torch.randn(2, 3, requires_grad=True)
lin(x).pow(2).sum().backward()
print(x.grad)
""",
    "hook_go_then_gi": """\
import torch
import torch.nn as nn

torch.manual_seed(14)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))


def inspect_grads(module, grad_input, grad_output):
    # what flows out of the layer, then into it
    print("grad_output:", grad_output[0].shape, grad_output[0].abs().max())
    print("grad_input: ", grad_input[0].shape, grad_input[0].abs().max())


model[2].register_full_backward_hook(inspect_grads)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(6, 3)
y = torch.randn(6, 2)
for step in range(2):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    print("loss", round(loss.item(), 4))
""",
    # ---------------------------------------------------------------- functions
    "fn_once_diff": """\
import torch
from torch.autograd.function import once_differentiable


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 2 * x


x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = Square.apply(x)
print(y)
z = y.sum()
z.backward()
print(x.grad)
w = torch.linspace(-1, 1, 4, requires_grad=True)
Square.apply(w).mean().backward()
print(w.grad)
""",
    "fn_once_double": """\
import torch
from torch.autograd.function import once_differentiable


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x ** 2


x = torch.tensor([1.0, 2.0, -0.5], requires_grad=True)
y = Cube.apply(x).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g)
print(g.requires_grad, g.grad_fn)
try:
    g.sum().backward()
except RuntimeError as e:
    print("second derivative:", e)
""",
    "fn_once_training": """\
import torch


class ClippedIdentity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, grad_output):
        return grad_output.clamp(-0.1, 0.1)


torch.manual_seed(3)
w = torch.randn(3, 1, requires_grad=True)
X = torch.randn(12, 3)
Y = X @ torch.tensor([[2.0], [-1.0], [0.5]])
opt = torch.optim.SGD([w], lr=0.5)
for step in range(4):
    opt.zero_grad()
    pred = ClippedIdentity.apply(X @ w)
    loss = ((pred - Y) ** 2).mean()
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.4f}")
print(w)
""",
    "fn_two_outputs": """\
import torch


class TwiceAndSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * 2, a.sin()

    @staticmethod
    def backward(ctx, grad_double, grad_sin):
        (a,) = ctx.saved_tensors
        return grad_double * 2 + grad_sin * a.cos()


x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
d, s = TwiceAndSin.apply(x)
print(d)
print(s)
loss = (d * s).sum()
loss.backward()
print(x.grad)
""",
    "fn_mark_nondiff": """\
import torch


class ReluWithMask(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        mask = (x > 0).float()
        ctx.save_for_backward(mask)
        ctx.mark_non_differentiable(mask)
        return x * mask, mask

    @staticmethod
    def backward(ctx, grad_out, grad_mask):
        (mask,) = ctx.saved_tensors
        return grad_out * mask


torch.manual_seed(0)
w = torch.randn(4, 3, requires_grad=True)
x = torch.randn(5, 4)
h, m = ReluWithMask.apply(x @ w)
print(m)
print(m.requires_grad)
loss = h.pow(2).mean()
loss.backward()
print(loss)
print(w.grad)
""",
    "fn_split_halves": """\
import torch


class SplitScale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x[:, :2] * k, x[:, 2:] - 1

    @staticmethod
    def backward(ctx, g_left, g_right):
        return torch.cat([g_left * ctx.k, g_right], dim=1), None


torch.manual_seed(4)
x = torch.randn(3, 4, requires_grad=True)
left, right = SplitScale.apply(x, 3.0)
print(left.grad_fn)
loss = left.sum() + (right ** 2).sum()
loss.backward()
print(loss)
print(x.grad)
""",
    # ---------------------------------------------------------------- state_dicts
    "sd_register_buffer": """\
import torch
import torch.nn as nn


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer("scale", torch.ones(2))

    def forward(self, x):
        return self.lin(x) * self.scale


torch.manual_seed(5)
m = Scaled()
print(list(m.state_dict().keys()))
state = {"lin.weight": torch.eye(2), "lin.bias": torch.zeros(2),
         "scale": torch.tensor([2.0, 0.5])}
m.load_state_dict(state)
x = torch.tensor([[1.0, 2.0], [3.0, -1.0]])
out = m(x)
print(out)
out.sum().backward()
print(m.lin.weight.grad)
print(m.scale)
""",
    "sd_buffer_strict_false": """\
import torch
import torch.nn as nn


class Normalised(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.fc = nn.Linear(n_in, n_out)
        self.register_buffer("mean", torch.zeros(n_in))
        self.register_buffer("std", torch.ones(n_in))

    def forward(self, x):
        return self.fc((x - self.mean) / self.std)


torch.manual_seed(7)
net = Normalised(3, 2)
checkpoint = {"fc.weight": torch.full((2, 3), 0.1), "mean": torch.tensor([1.0, 0.0, -1.0]),
              "classifier.bias": torch.zeros(2)}
result = net.load_state_dict(checkpoint, strict=False)
print("missing:", result.missing_keys)
print("unexpected:", result.unexpected_keys)
print(net.mean, net.std)
x = torch.randn(4, 3)
out = net(x)
print(out)
out.pow(2).mean().backward()
print(net.fc.weight.grad)
print(net.fc.bias.grad)
""",
    "sd_buffer_checkpoint": """\
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 1)
        self.register_buffer("offset", torch.tensor([0.5, -0.5]))
        self.register_buffer("mask", torch.tensor([1.0, 0.0]), persistent=False)

    def forward(self, x):
        return self.lin(x + self.offset + self.mask)


torch.manual_seed(8)
model = Model()
print(list(model.state_dict().keys()))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.randn(10, 2)
Y = X[:, :1] * 2 - 1
best = {k: v.clone() for k, v in model.state_dict().items()}
for step in range(4):
    opt.zero_grad()
    loss = ((model(X) - Y) ** 2).mean()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
model.load_state_dict(best)
print(model.lin.weight)
print(model.offset)
print(((model(X) - Y) ** 2).mean())
""",
    "sd_batchnorm": """\
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.randn(8, 3)
Y = torch.randn(8, 1)
for step in range(2):
    opt.zero_grad()
    loss = ((model(X) - Y) ** 2).mean()
    loss.backward()
    opt.step()
best = {k: v.clone() for k, v in model.state_dict().items()}
print(model[1].running_mean)
for step in range(2):
    opt.zero_grad()
    loss = ((model(X) - Y) ** 2).mean()
    loss.backward()
    opt.step()
print(model[1].num_batches_tracked)
model.load_state_dict(best)
print(model[1].running_mean)
print(model[1].running_var)
print(model[1].num_batches_tracked)
model.eval()
print(model(X[:2]))
""",
    "sd_strict_false": """\
import torch
import torch.nn as nn

torch.manual_seed(6)
model = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3), nn.Linear(3, 1))
old = {"0.weight": torch.ones(3, 2), "0.bias": torch.zeros(3),
       "1.running_mean": torch.tensor([0.1, 0.2, 0.3]),
       "head.weight": torch.zeros(1, 3)}
result = model.load_state_dict(old, strict=False)
print("missing:", result.missing_keys)
print("unexpected:", result.unexpected_keys)
print(model[1].running_mean)
x = torch.randn(4, 2)
model.eval()
y = model(x)
print(y)
y.sum().backward()
print(model[0].weight.grad)
""",
    # ---------------------------------------------------------------- subsets
    "subset_tolist": """\
import torch
from torch.utils.data import DataLoader, Subset, TensorDataset

torch.manual_seed(0)
X = torch.randn(20, 2)
y = (X[:, 0] > 0).float().unsqueeze(1)
ds = TensorDataset(X, y)
g = torch.Generator().manual_seed(42)
perm = torch.randperm(len(ds), generator=g)
train = Subset(ds, perm[:15].tolist())
test = Subset(ds, perm[15:].tolist())
model = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
loader = DataLoader(train, batch_size=5)
for epoch in range(2):
    for xb, yb in loader:
        opt.zero_grad()
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(xb), yb)
        loss.backward()
        opt.step()
    print(epoch, f"{loss.item():.4f}")
xt, yt = next(iter(DataLoader(test, batch_size=5)))
print(((model(xt) > 0).float() == yt).float().mean())
""",
    "subset_slice": """\
import torch
from torch.utils.data import DataLoader, Subset, TensorDataset

torch.manual_seed(1)
X = torch.linspace(-2, 2, 24).unsqueeze(1)
Y = 3 * X + 1
ds = TensorDataset(X, Y)
g = torch.Generator()
g.manual_seed(7)
perm = torch.randperm(len(ds), generator=g)
n = 18
train_ds = Subset(ds, perm[:n])
val_ds = Subset(ds, perm[n:])
model = torch.nn.Linear(1, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    for xb, yb in DataLoader(train_ds, batch_size=6):
        opt.zero_grad()
        loss = ((model(xb) - yb) ** 2).mean()
        loss.backward()
        opt.step()
xv, yv = val_ds[:]
print(len(train_ds), len(val_ds))
print(((model(xv) - yv) ** 2).mean())
print(model.weight, model.bias)
""",
    "subset_shuffle_loader": """\
import torch
from torch.utils.data import DataLoader, Subset, TensorDataset

torch.manual_seed(3)
X = torch.randn(30, 3)
w_true = torch.tensor([[1.0], [-2.0], [0.5]])
Y = X @ w_true
ds = TensorDataset(X, Y)
g = torch.Generator().manual_seed(0)
perm = torch.randperm(len(ds), generator=g)
train = Subset(ds, perm[:24].tolist())
w = torch.zeros(3, 1, requires_grad=True)
loader = DataLoader(train, batch_size=8, shuffle=True, generator=torch.Generator().manual_seed(1))
for epoch in range(2):
    total = 0.0
    for xb, yb in loader:
        loss = ((xb @ w - yb) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= 0.1 * w.grad
            w.grad.zero_()
        total += loss.item()
    print(f"epoch {epoch}: {total:.4f}")
print(w)
""",
    "subset_list_changed": """\
import torch
from torch.utils.data import DataLoader, Subset, TensorDataset

torch.manual_seed(2)
X = torch.randn(12, 2)
Y = X.sum(dim=1, keepdim=True)
ds = TensorDataset(X, Y)
g = torch.Generator().manual_seed(3)
perm = torch.randperm(len(ds), generator=g)
rows = perm[:8].tolist()
rows.reverse()
train = Subset(ds, rows)
w = torch.zeros(2, 1, requires_grad=True)
for xb, yb in DataLoader(train, batch_size=4):
    loss = ((xb @ w - yb) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad = None
print(w)
""",
}
