import torch

torch.manual_seed(0)
a = torch.randn(3)
print(a)
torch.manual_seed(0)
b = torch.randn(3)
print(b)
print(torch.equal(a, b))
c = torch.rand(2)
print(c)
