import torch
import torch.nn as nn

torch.manual_seed(0)
drop = nn.Dropout(p=0.5)
x = torch.ones(2, 4, requires_grad=True)
y = drop(x)
print(y)
y.sum().backward()
print(x.grad)
drop.eval()
print(drop(x))
