import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
dy_dx = torch.autograd.grad(y, x, create_graph=True)[0]
print(dy_dx)
dy_dx.backward()
print(x.grad)
