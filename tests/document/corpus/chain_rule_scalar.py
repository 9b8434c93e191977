import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = a * b
d = c ** 2 + a
print(c)
print(d)
d.backward()
print(a.grad)
print(b.grad)
