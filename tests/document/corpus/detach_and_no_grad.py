import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print(x.requires_grad)
print((x ** 2).requires_grad)
with torch.no_grad():
    print((x ** 2).requires_grad)
y = x.detach()
print(y.requires_grad)
print(x.eq(y).all())
z = x * y
z.sum().backward()
print(x.grad)
