import torch

x = torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64, requires_grad=True)
y = (x.sin() * x.exp()).sum()
print(y)
y.backward()
print(x.grad)
print(x.grad.float())
