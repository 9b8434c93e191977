import torch

torch.manual_seed(0)
w = torch.randn(2, 1, requires_grad=True)
real = torch.randn(4, 2)
fake = torch.randn(4, 2)
alpha = torch.rand(4, 1)
interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
score = torch.tanh(interp @ w)
grad = torch.autograd.grad(score.sum(), interp, create_graph=True)[0]
penalty = ((grad.norm(2, dim=1) - 1) ** 2).mean()
print(penalty)
penalty.backward()
print(w.grad)
