import torch
import torch.nn as nn

torch.manual_seed(0)
bn = nn.BatchNorm1d(2)
x = torch.randn(6, 2) * 3 + 1
y = bn(x)
print(y)
print(bn.running_mean)
print(bn.running_var)
y.pow(2).sum().backward()
print(bn.weight.grad)
