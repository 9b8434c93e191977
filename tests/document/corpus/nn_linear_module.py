import torch
import torch.nn as nn

torch.manual_seed(0)
layer = nn.Linear(3, 2)
print(layer.weight)
print(layer.bias)
x = torch.tensor([[1.0, 2.0, 3.0]])
out = layer(x)
print(out)
out.sum().backward()
print(layer.weight.grad)
print(layer.bias.grad)
