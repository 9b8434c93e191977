import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2 + 3 * x
(g,) = torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), retain_graph=True)
print(g)
v = torch.tensor([1.0, 0.5, 0.0])
(gv,) = torch.autograd.grad(y, x, grad_outputs=v)
print(gv)
