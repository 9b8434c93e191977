import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)
y = x ** 2
z = x * 4
z.detach_()
print(z.requires_grad)
loss = (y * z).sum()
loss.backward()
print(x.grad)
