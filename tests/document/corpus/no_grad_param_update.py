import torch

p = torch.tensor([1.0, -1.0, 2.0], requires_grad=True)
loss = (p ** 2).sum()
loss.backward()
print(p.grad)
with torch.no_grad():
    p.sub_(0.1 * p.grad)
print(p)
p.grad = None
loss = (p ** 2).sum()
loss.backward()
print(p.grad)
