import torch

x = torch.ones(3, requires_grad=True)
y = x * 2
z = y.sum()
print(x.is_leaf, y.is_leaf)
print(x.grad_fn)
print(type(y.grad_fn).__name__)
print(z)
z.backward()
print(x.grad)
print(y.grad)
