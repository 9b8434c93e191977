import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.clone()
y.mul_(2)
y.add_(1)
print(y)
y.sum().backward()
print(x.grad)
