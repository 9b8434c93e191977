import torch

x = torch.zeros(4)
x[0] = 5
x[1:] += 1
print(x)
w = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = w * x
print(y)
y.sum().backward()
print(w.grad)
