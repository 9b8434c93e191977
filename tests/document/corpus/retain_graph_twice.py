import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * x).sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
