import torch

t = torch.ones(2, 3)
t.fill_(0.5)
print(t)
w = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
loss = (w * t).sum()
loss.backward()
print(w.grad)
t.zero_()
print(t)
