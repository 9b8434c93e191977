import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
loss = (w ** 2).sum()
loss.backward()
print(w.grad)
loss = (w ** 2).sum()
loss.backward()
print(w.grad)
w.grad.zero_()
loss = (3 * w).sum()
loss.backward()
print(w.grad)
