import torch

x = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
x[x < 0] = 0
print(x)
w = torch.tensor([[1.0, 1.0], [2.0, 2.0]], requires_grad=True)
y = (w * x).sum()
print(y)
y.backward()
print(w.grad)
