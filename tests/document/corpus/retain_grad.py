import torch

x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
z.retain_grad()
out = z.mean()
print(z)
print(out)
out.backward()
print(z.grad)
print(x.grad)
