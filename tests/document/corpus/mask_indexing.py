import torch

x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]], requires_grad=True)
mask = x > 0
print(mask)
positives = x[mask]
print(positives)
loss = (positives ** 2).sum()
loss.backward()
print(x.grad)
