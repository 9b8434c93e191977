import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y[0] = 0.0
print(y)
y.sum().backward()
print(x.grad)
