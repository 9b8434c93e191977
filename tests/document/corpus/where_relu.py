import torch

x = torch.tensor([-1.5, -0.5, 0.0, 0.5, 2.0], requires_grad=True)
relu = torch.where(x > 0, x, 0.0)
print(relu)
leaky = torch.where(x > 0, x, 0.1 * x)
print(leaky)
(relu + leaky).sum().backward()
print(x.grad)
