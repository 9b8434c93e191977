"""Programs a student writes with a custom ``torch.autograd.Function`` returning several
tensors (``a, b = SplitSq.apply(x)``), for ``test_trace_function_outputs.py``. Each runs
under torch (the oracle) as written."""

SPLIT_SQ = """\
import torch


class SplitSq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2, x ** 2

    @staticmethod
    def backward(ctx, g1, g2):
        x, = ctx.saved_tensors
        return g1 * 2 + g2 * 2 * x


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a, b = SplitSq.apply(x)
print(a, b)
(a.sum() + b.sum()).backward()
print(x.grad)
"""

# (y, aux): aux is a mask marked non-differentiable; needs_input_grad picks the gradients
AUX_MASK = """\
import torch


class ScaleWithMask(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w):
        y = x * w
        mask = (y > 0).float()
        ctx.save_for_backward(x, w, mask)
        ctx.mark_non_differentiable(mask)
        return y * mask, mask

    @staticmethod
    def backward(ctx, grad_y, grad_mask):
        x, w, mask = ctx.saved_tensors
        grad_x = grad_w = None
        if ctx.needs_input_grad[0]:
            grad_x = grad_y * mask * w
        if ctx.needs_input_grad[1]:
            grad_w = grad_y * mask * x
        return grad_x, grad_w


x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, 0.5, -1.0])
y, mask = ScaleWithMask.apply(x, w)
print(y)
print(mask, mask.requires_grad)
loss = (y ** 2).sum()
loss.backward()
print(x.grad)
print(f"active: {mask.sum().item():.0f} of {mask.numel()}")
"""

# a sort of its own: the values carry the gradient back, the order is an integer output
# marked non-differentiable
SORT_LIKE = """\
import torch


class SortValues(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, order = x.sort(descending=True)
        ctx.save_for_backward(order)
        ctx.mark_non_differentiable(order)
        return values, order

    @staticmethod
    def backward(ctx, grad_values, grad_order):
        order, = ctx.saved_tensors
        grad_x = torch.zeros_like(grad_values)
        grad_x[order] = grad_values
        return grad_x


scores = torch.tensor([0.3, 2.0, -1.0, 0.7], requires_grad=True)
top, idx = SortValues.apply(scores)
print(top)
print(idx, idx.dtype, idx.requires_grad)
weights = torch.tensor([1.0, 0.5, 0.25, 0.125])
loss = (top * weights).sum()
loss.backward()
print(scores.grad)
"""

# one Function applied twice, the second time to what the first returned
USED_TWICE = """\
import torch


class SumDiff(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a + b, a - b

    @staticmethod
    def backward(ctx, g_sum, g_diff):
        return g_sum + g_diff, g_sum - g_diff


torch.manual_seed(0)
a = torch.randn(3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
s, d = SumDiff.apply(a, b)
s2, d2 = SumDiff.apply(s, d)
print(s2)
print(d2)
loss = (s2 * d2).sum() + (s * 0.5).sum()
loss.backward()
print(a.grad)
print(b.grad)
"""

# each output feeds a loss of its own; the Function saves its own outputs
TWO_LOSSES = """\
import torch


class ExpTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        e = x.exp()
        t = x.tanh()
        ctx.save_for_backward(e, t)
        return e, t

    @staticmethod
    def backward(ctx, g_e, g_t):
        e, t = ctx.saved_tensors
        return g_e * e + g_t * (1 - t * t)


x = torch.tensor([0.2, -0.4, 1.0], requires_grad=True)
e, t = ExpTanh.apply(x)
loss_e = e.sum()
loss_t = ((t - 0.5) ** 2).mean()
loss_e.backward(retain_graph=True)
print(x.grad)
x.grad.zero_()
loss_t.backward()
print(x.grad)
print(loss_e, loss_t)
"""

# backward returns None for its second input, which requires grad: its .grad stays None
NONE_FOR_SHIFT = """\
import torch


class ScaleShift(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, shift):
        ctx.save_for_backward(x)
        return x * 2 + shift, x - shift

    @staticmethod
    def backward(ctx, g_scaled, g_moved):
        x, = ctx.saved_tensors
        return g_scaled * 2 + g_moved, None


x = torch.tensor([1.0, 2.0], requires_grad=True)
shift = torch.tensor([0.5, -0.5], requires_grad=True)
p, q = ScaleShift.apply(x, shift)
print(p, q)
(p * q).sum().backward()
print(x.grad)
print(shift.grad)
"""

# set_materialize_grads(False): the output the loss leaves out reaches backward as None
LAZY_GRADS = """\
import torch


class ExpSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return x.exp(), x.sin()

    @staticmethod
    def backward(ctx, g_exp, g_sin):
        x, = ctx.saved_tensors
        grad = torch.zeros_like(x)
        if g_exp is not None:
            grad = grad + g_exp * x.exp()
        if g_sin is not None:
            grad = grad + g_sin * x.cos()
        return grad


x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
e, s = ExpSin.apply(x)
s.sum().backward()
print(x.grad)
x.grad = None
e2, s2 = ExpSin.apply(x)
(e2 * 0.5 + s2).sum().backward()
print(x.grad)
"""

# inside an nn.Module's forward, trained for a few steps
IN_A_MODULE = """\
import torch
import torch.nn as nn


class ReluWithMask(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        mask = (x > 0).float()
        ctx.save_for_backward(mask)
        ctx.mark_non_differentiable(mask)
        return x * mask, mask

    @staticmethod
    def backward(ctx, grad_out, grad_mask):
        mask, = ctx.saved_tensors
        return grad_out * mask


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 1)

    def forward(self, x):
        h, active = ReluWithMask.apply(self.fc1(x))
        return self.fc2(h), active


torch.manual_seed(0)
net = Net()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
x = torch.tensor([[0.5, -1.0, 2.0], [1.0, 0.0, -0.5], [-1.5, 0.5, 0.25]])
target = torch.tensor([[1.0], [0.0], [-1.0]])
for step in range(4):
    opt.zero_grad()
    out, active = net(x)
    loss = ((out - target) ** 2).mean()
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.6f}")
print(active)
print(net.fc1.weight.grad)
"""

# gradcheck of a Function of two inputs and two outputs, then used
GRADCHECKED = """\
import torch
from torch.autograd import gradcheck


class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b, a + b

    @staticmethod
    def backward(ctx, g_prod, g_sum):
        a, b = ctx.saved_tensors
        return g_prod * b + g_sum, g_prod * a + g_sum


a = torch.tensor([0.5, -1.5, 2.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([1.0, 0.25, -3.0], dtype=torch.float64, requires_grad=True)
print("gradcheck:", gradcheck(MulAdd.apply, (a, b), eps=1e-6, atol=1e-4))
prod, total = MulAdd.apply(a, b)
print(prod)
print(total)
(prod * total).sum().backward()
print(a.grad)
print(b.grad)
"""

# three outputs: one left out of an unpacking, the call's tuple kept whole and indexed
THREE_OUTPUTS = """\
import torch


class Powers(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2, x ** 2, x ** 3

    @staticmethod
    def backward(ctx, g1, g2, g3):
        x, = ctx.saved_tensors
        return g1 * 2 + g2 * 2 * x + g3 * 3 * x * x


x = torch.tensor([1.0, -2.0], requires_grad=True)
double, _, cube = Powers.apply(x)
out = Powers.apply(x + 1)
print(out[1])
loss = (double * cube).sum() + out[2].mean()
loss.backward()
print(x.grad)
"""

PROGRAMS = {"split_sq": SPLIT_SQ, "aux_mask": AUX_MASK, "sort_like": SORT_LIKE,
            "used_twice": USED_TWICE, "two_losses": TWO_LOSSES,
            "none_for_shift": NONE_FOR_SHIFT, "lazy_grads": LAZY_GRADS,
            "in_a_module": IN_A_MODULE, "gradchecked": GRADCHECKED,
            "three_outputs": THREE_OUTPUTS}
