import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.exp()
h.register_hook(lambda grad: print("grad of h:", grad))
loss = (h * h).sum()
loss.backward()
print(x.grad)
