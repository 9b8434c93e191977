import torch

x = torch.linspace(-2.0, 2.0, 5, requires_grad=True)
s = torch.sigmoid(x)
print(s)
s.sum().backward()
print(x.grad)
by_hand = s * (1 - s)
print(by_hand)
print(x.grad - by_hand)
