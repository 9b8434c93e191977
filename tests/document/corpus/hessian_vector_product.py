import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0])
f = (x ** 3).sum() + x[0] * x[1]
(g,) = torch.autograd.grad(f, x, create_graph=True)
print(g)
(hvp,) = torch.autograd.grad((g * v).sum(), x)
print(hvp)
