import torch
from torch.autograd.functional import jacobian


def f(x):
    return torch.stack([x[0] * x[1], x[0] ** 2 + x[1].sin()])


x = torch.tensor([1.0, 2.0])
print(f(x))
print(jacobian(f, x))
