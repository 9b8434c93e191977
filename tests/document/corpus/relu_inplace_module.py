import torch
import torch.nn as nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(inplace=True), nn.Linear(4, 1))
x = torch.randn(2, 3)
out = net(x)
print(out)
out.sum().backward()
print(net[0].weight.grad)
