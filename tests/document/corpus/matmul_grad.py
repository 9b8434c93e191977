import torch

A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
x = torch.tensor([[1.0], [-1.0]], requires_grad=True)
y = A @ x
print(y)
loss = y.pow(2).sum()
loss.backward()
print(A.grad)
print(x.grad)
