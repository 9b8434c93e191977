import torch

torch.manual_seed(0)
a = torch.randn(2, 2)
a = (a * 3) / (a - 1)
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
b.backward()
print(a)
print(a.grad)
