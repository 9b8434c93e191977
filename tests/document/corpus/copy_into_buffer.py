import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
buf = torch.zeros(3)
buf.copy_(x.detach() * 10)
print(buf)
y = x * buf
print(y)
y.sum().backward()
print(x.grad)
