import torch

def f(x):
    return (x ** 2).sin().sum()

x = torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True)
f(x).backward()
print(x.grad)
eps = 1e-6
e0 = torch.tensor([eps, 0.0], dtype=torch.float64)
numeric = (f(x.detach() + e0) - f(x.detach() - e0)) / (2 * eps)
print(numeric)
