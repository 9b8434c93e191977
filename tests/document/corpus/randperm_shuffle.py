import torch

torch.manual_seed(0)
x = torch.arange(6.0, requires_grad=True)
perm = torch.randperm(6)
print(perm)
shuffled = x[perm]
print(shuffled)
weights = torch.linspace(0.0, 1.0, 6)
(shuffled * weights).sum().backward()
print(x.grad)
